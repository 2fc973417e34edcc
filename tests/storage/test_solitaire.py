"""A player's Klondike record for `/stats`: games and wins, and their bests (fewest moves, fastest win) counted
over won games only, this server's, never an abandoned game."""

from __future__ import annotations

import pytest

from bot.storage.database import Database
from bot.storage.solitaire import SolitaireRecord, SolitaireStore
from bot.ui.ratings import solitaire_text
from tests.storage.seed import add_result

ALICE, BOB = 11, 12


@pytest.fixture
def db(database: Database) -> Database:
    """Every test here runs on both stores (see tests/storage/fixtures.py)."""
    return database


async def played(
    db: Database, players: list[int], outcome: str, moves: int, seconds: float, *, guild: int = 1
) -> None:
    """A Klondike deal (draw three) that took `moves` moves and `seconds`."""
    await add_result(
        db, "klondike", players, guild_id=guild, outcome=outcome, variant="draw3", turns=moves, started_at=1000,
        ended_at=1000 + seconds,
    )  # fmt: skip


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
