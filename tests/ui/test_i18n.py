"""Texts name commands as clickable mentions in the reader's language, name buttons by the label they show, and
French elides "de" before a vowel."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from discord import app_commands

from bot.app import EXTENSIONS
from bot.ui.i18n import (
    COMMAND_MARKUP,
    LANGUAGES,
    catalog,
    command_mention,
    named_buttons,
    set_command_ids,
    t,
)

LOCALES = Path(__file__).resolve().parents[2] / "bot" / "ui" / "locales"


@pytest.fixture
def synced() -> Iterator[None]:
    set_command_ids({"game": 11, "hand": 22, "play": 33, "endturn": 44, "hint": 55})
    yield
    set_command_ids({})


def bot_commands() -> set[str]:
    """Every slash command's full name ("game new"), from the cogs the bot loads."""
    import importlib

    names: set[str] = set()
    for extension in EXTENSIONS:
        module = importlib.import_module(extension)
        for value in vars(module).values():
            for command in getattr(value, "__cog_app_commands__", []):
                names.add(command.qualified_name)
                if isinstance(command, app_commands.Group):
                    names |= {sub.qualified_name for sub in command.walk_commands()}
    return names


def test_every_command_a_text_names_exists() -> None:
    known = bot_commands()
    assert {"game new", "hand", "play", "endturn"} <= known
    named = {
        name
        for language in LANGUAGES
        for text in catalog(language).values()
        for name in COMMAND_MARKUP.findall(text)
    }
    assert named, "the catalogs name commands as </name>"
    assert named <= known


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("feature", ["", ".leaderboard"])
def test_commands_are_named_as_mentions(language: str, feature: str) -> None:
    """Footers cannot show mentions; every other text of these catalogs names a command as </name>."""
    texts = json.loads(LOCALES.joinpath(f"{language}{feature}.json").read_text(encoding="utf-8"))
    footers = {"summary.replay_hint", "settings.how"}
    plain = re.compile(r"(?<![<\w])/[a-zéäöüß_]+")
    for key, text in texts.items():
        if key not in footers:
            assert not plain.search(text), (key, text)


def test_mentions_once_the_ids_are_known(synced: None) -> None:
    assert command_mention("en", "game new") == "</game new:11>"
    assert command_mention("fr", "game new") == "</partie nouvelle:11>"
    assert command_mention("fr", "hand") == "</main:22>"
    assert command_mention("de", "game new") == "</spiel neu:11>"
    assert command_mention("de", "play") == "</legen:33>"
    assert "</spiel neu:11>" in t("de", "error.no_table_here")
    assert "</partie nouvelle:11>" in t("fr", "error.no_table_here")
    assert "</game new:11>" in t("en-US", "engine.game_over")
    body = t("fr", "rules.body")
    assert "</main:22>" in body and "</jouer:33>" in body and "</fintour:44>" in body


def test_plain_names_until_the_ids_are_known() -> None:
    set_command_ids({})
    assert t("fr", "error.no_table_here").endswith("/partie nouvelle.")
    assert t("en", "engine.card_not_in_hand").endswith("/hand.")
    assert command_mention("en", "stats player") == "/stats player"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Alice", "C'est au tour d'Alice"),
        ("Émile", "C'est au tour d'Émile"),
        ("Bob", "C'est au tour de Bob"),
        ("Hélène", "C'est au tour d'Hélène"),  # a silent h
        ("Hugo", "C'est au tour d'Hugo"),
        ("HR", "C'est au tour de HR"),
        ("Yves", "C'est au tour d'Yves"),  # a y said as a vowel
        ("Yann", "C'est au tour de Yann"),  # a y said as a consonant
        ("Y", "C'est au tour de Y"),
    ],
)
def test_french_elides_de_before_a_vowel_sound(name: str, expected: str) -> None:
    assert t("fr", "engine.not_your_turn", name=name, progress="—").startswith(expected)
    assert t("en", "engine.not_your_turn", name=name, progress="—").startswith(f"It is {name}'s turn")


def test_french_team_names_elide_too() -> None:
    assert (
        t("fr", "lb.mine", mark="⭐", name="Ursule", position=3)
        == "⭐ Équipes d'Ursule (meilleure\xa0: n°\xa03)"
    )


# -- buttons named in texts ----------------------------------------------------------------------------------
def is_button_label(key: str) -> bool:
    """Whether a catalog key is a button's label (`button.join`, `klondike.button.pass`, `stats.forget_button`)."""
    return not key.startswith("error.") and (
        key.startswith("button.") or ".button." in key or "_button." in key or key.endswith("_button")
    )


def button_labels(language: str) -> dict[str, str]:
    """A language's written-out button labels (those without placeholders), by key."""
    return {key: text for key, text in catalog(language).items() if is_button_label(key) and "{" not in text}


def test_every_named_button_exists() -> None:
    named = {
        key for language in LANGUAGES for text in catalog(language).values() for key in named_buttons(text)
    }
    assert {"button.my_hand", "button.i_start", "button.start", "klondike.button.pass"} <= named
    for key in named:
        assert is_button_label(key) and key in button_labels("en"), key


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_text_writes_a_button_label_out(language: str) -> None:
    """A text names a button as {label[button.start]}, never as "**Start**", “Start” or "press Start": written out,
    it would stay in the reader's language under a button in another (a French hand at an English table)."""
    labels = button_labels(language)
    verbs = r"(?:press|presses|appuie sur|appuyez sur|drück|drückt|drücke)"
    for key, text in catalog(language).items():
        if is_button_label(key):
            continue
        for label_key, label in labels.items():
            written = re.escape(label)
            pattern = rf"\*\*{written}\*\*|[“«„\"]\s?{written}\s?[”»“\"]|\b{verbs}\s+{written}\b"
            assert not re.search(pattern, text, re.IGNORECASE), (language, key, label_key)


def test_a_text_names_the_buttons_in_the_language_of_their_message() -> None:
    """A French player's private text about a button on an English board names it as the board shows it."""
    assert "**I'll start**" in t("fr", "hand.choose_first", buttons="en-US")
    assert t("fr", "hand.choose_first", buttons="en-US").startswith("L'équipe choisit qui commence")
    assert "**Ich fange an**" in t("en", "hand.choose_first", buttons="de")
    assert "**Je commence**" in t("fr", "hand.choose_first")  # no other language said: the reader's
    body = t("de", "rules.klondike.body", buttons="fr")
    assert "**Passer**" in body and "**Annuler**" in body and "Weitergeben" not in body


def test_a_text_is_written_once_for_the_same_words_and_its_links_follow_the_commands() -> None:
    """Boards and hands say the same few things again and again: the same arguments give the text already
    written; another name, count or type of count is written anew; command ids learnt later reach the texts."""
    first = t("fr", "board.play", name="Élodie", card="`3`", pile="A")
    assert first == "Élodie\xa0: `3` sur A"
    assert t("fr", "board.play", name="Élodie", card="`3`", pile="A") is first
    assert t("fr", "board.play", name="Alice", card="`3`", pile="A") == "Alice\xa0: `3` sur A"
    assert (t("en", "board.cards", count=1), t("en", "board.cards", count=2)) == ("1 card", "2 cards")
    assert t("en", "board.cards", count=1.0) == "board.cards", "a float is no count, kept texts or not"
    set_command_ids({})
    try:
        assert "/hand" in t("en", "hand.reopen_after_restart")
        set_command_ids({"hand": 22})
        assert "</hand:22>" in t("en", "hand.reopen_after_restart")
    finally:
        set_command_ids({})
