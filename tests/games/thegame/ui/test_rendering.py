"""What players see: the public board never shows a hand; private views respect Discord's component limits."""

from __future__ import annotations

import json
import re

import discord
import pytest

from bot.games.thegame.engine import Game
from bot.games.thegame.session import TheGameSession
from bot.games.thegame.ui import board, hand
from bot.service.table import Seat, Table, TableStatus
from bot.ui.display import TableDisplay


def playing_table(players: int = 3, seed: int = 7, plays: int = 12, locale: str = "en-US") -> Table:
    table = Table(
        id=42,
        guild_id=1,
        channel_id=2,
        created_by=100,
        created_at=0.0,
        seed=seed,
        locale=locale,
        seats=[Seat(100 + index, f"Player{index}") for index in range(players)],
        status=TableStatus.PLAYING,
    )
    game = Game.new(players, seed)
    game.choose_first_player(0)
    session = TheGameSession(game, [])
    table.session = session
    for _ in range(plays):
        if game.is_over:
            break
        if game.played_this_turn >= game.turn_minimum:
            game.end_turn(game.current_player or 0)
            continue
        option = game.legal_plays()[0]
        game.play(game.current_player or 0, option.card, option.pile)
        session.recent_plays.append((game.current_player or 0, option.card, option.pile, option.backwards))
    return table


def public_text(content: dict[str, object]) -> str:
    embed = content["embed"]
    assert isinstance(embed, discord.Embed)
    view = content.get("view")
    components = view.to_components() if isinstance(view, discord.ui.View) else []
    return json.dumps(embed.to_dict()) + json.dumps(components)


@pytest.mark.parametrize("locale", ["en-US", "fr"])
@pytest.mark.parametrize("players", [1, 3, 5])
def test_the_board_never_shows_a_card_from_a_hand(players: int, locale: str) -> None:
    table = playing_table(players, locale=locale)
    text = public_text(TableDisplay.render_board(table))
    game = board.game_of(table)
    shown = {int(value) for value in re.findall(r"`(\d+)`", text)}
    for seat in range(players):
        assert not shown & set(game.hand(seat))
    # The board does show the pile tops.
    assert {pile.top for pile in game.piles if 2 <= pile.top <= 99} <= shown


def test_the_summary_never_shows_a_card_from_a_hand() -> None:
    table = playing_table(3, plays=30)
    table.status = TableStatus.ABANDONED
    text = public_text(TableDisplay.render_board(table))
    game = board.game_of(table)
    shown = {int(value) for value in re.findall(r"`(\d+)`", text)}
    for seat in range(3):
        assert not shown & set(game.hand(seat))


def check_component_limits(view: discord.ui.View) -> None:
    rows = view.to_components()
    assert len(rows) <= 5
    custom_ids = []
    for row in rows:
        assert len(row["components"]) <= 5
        for component in row["components"]:
            custom_ids.append(component["custom_id"])
            assert len(component["custom_id"]) <= 100
            assert len(component.get("label") or "") <= 80
    assert len(custom_ids) == len(set(custom_ids)), "custom ids must be unique in a message"


@pytest.mark.parametrize("players", [1, 2, 3])
def test_hand_views_fit_discord_limits(players: int) -> None:
    table = playing_table(players, plays=1)
    game = board.game_of(table)
    seat = game.current_player or 0
    check_component_limits(hand.hand_view(table, seat, "en-US"))
    for value in game.hand(seat):
        check_component_limits(hand.hand_view(table, seat, "fr", selected=value))
    option = game.legal_plays()[0]
    check_component_limits(
        hand.hand_view(table, seat, "en-US", selected=option.card, confirm=(option.card, option.pile))
    )
    check_component_limits(board.board_view(table))


def test_the_hand_shows_the_players_own_cards_and_where_they_fit() -> None:
    table = playing_table(2, plays=1)
    game = board.game_of(table)
    seat = game.current_player or 0
    embed = hand.hand_embed(table, seat, "en-US").to_dict()
    text = json.dumps(embed, ensure_ascii=False)
    for value in game.hand(seat):
        assert f"`{value}`" in text
    assert "Your moves, best first" in text
    other = 1 - seat
    waiting = json.dumps(hand.hand_embed(table, other, "fr").to_dict())
    assert "On attend" in waiting


def test_embeds_stay_within_discord_limits() -> None:
    table = playing_table(5, plays=40)
    for content in (TableDisplay.render_board(table), {"embed": hand.hand_embed(table, 0, "fr")}):
        embed = content["embed"]
        assert isinstance(embed, discord.Embed)
        assert len(embed) <= 6000
        assert len(embed.description or "") <= 4096
        for field in embed.fields:
            assert len(field.value or "") <= 1024
