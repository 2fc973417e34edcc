"""Klondike tables in fixed states for the view tests."""

from __future__ import annotations

from bot.games.klondike import Klondike, KlondikeOptions, Move, parse_move
from bot.games.klondike.session import KlondikeSession
from bot.service.table import Seat, Table, TableStatus
from tests.games.klondike.helpers import deck_from

# Every kind of move within the first seven: a column card up, a foundation card back down, a column card onto a
# column, a draw, a waste card onto a column, and a run of three cards onto another column.
TOUR_COLUMNS = (
    "A♣",
    "K♦ 2♣",
    "K♣ Q♦ 3♥",
    "Q♣ J♦ J♣ 9♠",
    "10♦ 10♣ 9♦ 9♣ 10♥",
    "8♦ 8♣ 7♦ 7♣ 6♦ J♠",
    "6♣ 5♦ 5♣ 4♦ 4♣ 3♦ Q♠",
)
TOUR_STOCK = "2♥ 3♠ 8♥ A♠ 2♠ 4♠ 5♠ 6♠ 7♠ 8♠ 10♠ K♠ A♥ 4♥ 5♥ 6♥ 7♥ 9♥ J♥ Q♥ K♥ A♦ 2♦ 3♣"
TOUR_MOVES = ("c1>f", "c2>f", "fC>c3", "c4>c5", "s", "w>c5", "c5>c6x3")


def tour_game() -> Klondike:
    return Klondike.from_deck(KlondikeOptions(draw=3), deck_from(TOUR_COLUMNS, TOUR_STOCK))


def tour_moves() -> list[Move]:
    moves = [parse_move(code) for code in TOUR_MOVES]
    assert all(move is not None for move in moves)
    return [move for move in moves if move is not None]


def klondike_table(game: Klondike, *, locale: str = "en-US", players: int = 1, mode: str = "solo") -> Table:
    """A table playing `game` (the game itself, not a copy)."""
    table = Table(
        id=42,
        guild_id=1,
        channel_id=2,
        created_by=100,
        created_at=0.0,
        seed=0,
        game_key="klondike",
        options={"draw": game.options.draw, "any_colour": game.options.any_colour, "mode": mode},
        locale=locale,
        seats=[Seat(100 + index, f"Player {index + 1}") for index in range(players)],
        status=TableStatus.PLAYING,
        started_at=1_000.0,
    )
    table.session = KlondikeSession(game, players, mode)
    return table
