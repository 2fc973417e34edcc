"""A player's Klondike record for `/stats`: games and wins, and their bests (fewest moves, fastest win) counted
over won games only, this server's, never an abandoned game."""

from __future__ import annotations

import pytest

from bot.storage.database import Database
from bot.storage.solitaire import SolitaireRecord, SolitaireStore
from bot.ui.ratings import solitaire_text

ALICE, BOB = 11, 12


@pytest.fixture
def db(database: Database) -> Database:
    """Every test here runs on both stores (see tests/storage/fixtures.py)."""
    return database


async def played(
    db: Database, players: list[int], outcome: str, moves: int, seconds: float, *, guild: int = 1
) -> None:
    """A Klondike deal stored as `_record_result` stores it (`turns`: the moves made)."""
    row = await db.fetchone("SELECT COALESCE(MAX(id), 0) + 1 FROM games")
    game_id = int(row[0]) if row else 1
    async with db.transaction() as transaction:
        await transaction.execute(
            "INSERT INTO games (id, guild_id, channel_id, game, player_count, variant, deal_code, outcome,"
            " cards_left, turns, started_at, ended_at, team_key) VALUES (?, ?, 2, 'klondike', ?, 'draw3',"
            " 'BCDFGHJK', ?, 0, ?, 1000, ?, ?)",
            (
                game_id,
                guild,
                len(players),
                outcome,
                moves,
                1000 + seconds,
                ",".join(map(str, sorted(players))),
            ),
        )
        await transaction.executemany(
            "INSERT INTO game_players (game_id, seat, user_id, display_name, is_ai) VALUES (?, ?, ?, 'someone', 0)",
            [(game_id, seat, user) for seat, user in enumerate(players)],
        )


async def test_bests_come_from_won_deals_of_this_server_only(db: Database) -> None:
    store = SolitaireStore(db)
    assert await store.player(1, ALICE, "klondike") is None
    await played(db, [ALICE], "lost", 40, 100)  # fewer moves and faster, but lost
    assert await store.player(1, ALICE, "klondike") == SolitaireRecord(1, 0, None, None)
    await played(db, [ALICE], "won", 130, 400)
    await played(db, [ALICE, BOB], "won", 150, 250)  # a team's deal: each player's record
    await played(db, [ALICE], "abandoned", 10, 10)
    await played(db, [ALICE], "won", 90, 60, guild=2)
    assert await store.player(1, ALICE, "klondike") == SolitaireRecord(3, 2, 130, 250.0)
    assert await store.player(1, BOB, "klondike") == SolitaireRecord(1, 1, 150, 250.0)


@pytest.mark.parametrize(
    ("locale", "line", "no_win"),
    [
        (
            "en-US",
            "**Klondike**: 2 wins · 3 games · 67% won · best 130 moves · fastest 4 min",
            "**Klondike**: 0 wins · 1 game · 0% won",
        ),
        (
            "fr",
            "**Klondike**\xa0: 2 victoires · 3 parties · 67\xa0% gagnées · record 130 coups · meilleur temps 4 min",
            "**Klondike**\xa0: 0 victoire · 1 partie · 0\xa0% gagnées",
        ),
        (
            "de",
            "**Klondike**: 2 Siege · 3 Partien · 67 % gewonnen · Bestwert 130 Züge · Bestzeit 4 Min.",
            "**Klondike**: 0 Siege · 1 Partie · 0 % gewonnen",
        ),
    ],
)
def test_the_stats_line_shows_the_bests_once_a_deal_is_won(locale: str, line: str, no_win: str) -> None:
    """A player coming back to beat their record sees it in `/stats`, in their language; none before a win."""
    assert solitaire_text("klondike", SolitaireRecord(3, 2, 130, 250.0), locale) == line
    assert solitaire_text("klondike", SolitaireRecord(1, 0, None, None), locale) == no_win
