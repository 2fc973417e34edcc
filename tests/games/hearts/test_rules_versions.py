"""A game keeps the rules it was started with: new games save rules version 2, and a game saved before the versions
existed (no version) loads and finishes under the original rules (any first lead, the old first-trick check)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.games.cards import Card
from bot.games.hearts import (
    CURRENT_RULES,
    ORIGINAL_RULES,
    Hearts,
    HeartsOptions,
    Phase,
)
from bot.games.hearts.definition import RULES
from bot.games.hearts.session import HeartsSession
from bot.ui.i18n import t
from tests.games.hearts.helpers import RULES_DEAL, random_step

# A game as the bot saved it before rules versions existed: no "rules_version" in its options, and its first lead
# is the 3 of clubs although its leader holds the 2 of clubs (allowed then, refused by the current rules).
OLD_SAVE: dict[str, Any] = {
    "format_version": 1,
    "options": {"players": 4, "target": 30},
    "seed": 17,
    "arranged": {"hands": [[card.code for card in hand] for hand in RULES_DEAL], "first_hand_number": 3},
    "log": [{"type": "play", "seat": 0, "card": "3C"}],
}


def test_a_new_game_saves_its_rules_version_and_loads_with_it() -> None:
    game = Hearts.new(HeartsOptions(), 4)
    data = json.loads(json.dumps(game.to_dict()))
    assert data["options"]["rules_version"] == CURRENT_RULES
    assert Hearts.from_dict(data).options.rules_version == CURRENT_RULES
    old = Hearts.new(HeartsOptions(rules_version=ORIGINAL_RULES), 4)
    assert Hearts.from_dict(old.to_dict()).options.rules_version == ORIGINAL_RULES


def test_an_unknown_rules_version_is_refused() -> None:
    data = Hearts.new(HeartsOptions(), 4).to_dict()
    for bad in (3, 0, "2", None):
        with pytest.raises(ValueError):
            Hearts.from_dict(dict(data, options=dict(data["options"], rules_version=bad)))


def test_a_game_saved_before_the_versions_loads_and_finishes_by_the_original_rules() -> None:
    game = Hearts.from_dict(json.loads(json.dumps(OLD_SAVE)))
    assert game.options.rules_version == ORIGINAL_RULES
    assert game.current_trick[0].card == Card("C", 3)
    assert Hearts.from_dict(game.to_dict()) == game  # saved again, it keeps its rules
    rng = random.Random(5)
    first_leads_with_a_choice = 0
    while not game.is_over:
        if game.phase is Phase.PLAYING and game.trick_number == 0 and not game.current_trick:
            leader = game.to_act()[0]
            first_leads_with_a_choice += len(game.legal_cards(leader)) > 1
        random_step(game, rng)
    assert first_leads_with_a_choice >= 2
    assert game.winners


def test_an_old_saved_table_with_ai_seats_plays_on_by_the_original_rules() -> None:
    session = RULES.load({"engine": json.loads(json.dumps(OLD_SAVE)), "ai_seats": [0, 1, 2, 3]})
    assert isinstance(session, HeartsSession)
    for _ in range(2_000):
        if session.is_over:
            break
        assert session.play_ai(session.to_act()[0])
    assert session.is_over and session.engine.options.rules_version == ORIGINAL_RULES


def test_the_rules_say_how_the_first_trick_is_led_and_that_older_games_keep_their_rules() -> None:
    english, french = t("en", "rules.hearts.body"), t("fr", "rules.hearts.body")
    assert "led with the 2♣" in english and "even when following suit" in english
    assert "entame le premier pli avec le 2♣" in french and "même pour fournir" in french
    assert "**Older games:**" in english and "keeps the rules it began with" in english
    assert "**Parties plus anciennes\xa0:**" in french and "garde les règles de son début" in french
