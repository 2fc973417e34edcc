"""A lobby is the first thing a newcomer sees of a game: it says in a line what the game is, not only which
buttons to press (a Barbu lobby said "Press Join to take a seat (or Add AI), then Start." and nothing else)."""

from __future__ import annotations

import pytest

from bot.games.registry import GAMES, rules_for
from bot.service.table import Seat, Table
from bot.ui.i18n import t
from bot.ui.lobby import lobby_embed


def lobby(game: str, locale: str) -> Table:
    return Table(
        id=1,
        guild_id=2,
        channel_id=3,
        created_by=4,
        created_at=0.0,
        seed=5,
        game_key=game,
        options=rules_for(game).options({}),
        locale=locale,
        seats=[Seat(4, "Alice")],
    )


@pytest.mark.parametrize("locale", ["en-US", "fr", "de"])
@pytest.mark.parametrize("game", list(GAMES))
def test_every_lobby_says_what_its_game_is(game: str, locale: str) -> None:
    description = lobby_embed(lobby(game, locale)).description or ""
    buttons_only = t(locale, "lobby.description", buttons=locale)
    assert description != buttons_only, "the lobby only names its buttons"
    assert t(locale, "button.join", buttons=locale) in description


@pytest.mark.parametrize("game", ["hearts", "barbu"])
def test_a_public_lobby_speaks_to_the_group(game: str) -> None:
    assert "vous" in (lobby_embed(lobby(game, "fr")).description or "")
    assert "euch" in (lobby_embed(lobby(game, "de")).description or "")
