"""A player's Klondike record for `/stats`: games and wins, and their bests (fewest moves, fastest win) in each
deal type, counted over won games only, this server's, never an abandoned game."""

from __future__ import annotations

import pytest

from bot.storage.database import Database
from bot.storage.solitaire import SolitaireBest, SolitaireRecord, SolitaireStore
from bot.ui.ratings import solitaire_text
from tests.storage.seed import add_result

ALICE, BOB = 11, 12


@pytest.fixture
def db(database: Database) -> Database:
    """Every test here runs on both stores (see tests/storage/fixtures.py)."""
    return database


async def played(
    db: Database,
    players: list[int],
    outcome: str,
    moves: int,
    seconds: float,
    *,
    guild: int = 1,
    variant: str = "draw3",
) -> None:
    """A Klondike deal that took `moves` moves and `seconds`."""
    await add_result(
        db, "klondike", players, guild_id=guild, outcome=outcome, variant=variant, turns=moves, started_at=1000,
        ended_at=1000 + seconds,
    )  # fmt: skip


async def test_bests_come_from_won_deals_of_this_server_only(db: Database) -> None:
    store = SolitaireStore(db)
    assert await store.player(1, ALICE, "klondike") is None
    await played(db, [ALICE], "lost", 40, 100)  # fewer moves and faster, but lost
    assert await store.player(1, ALICE, "klondike") == SolitaireRecord(1, 0)
    await played(db, [ALICE], "won", 130, 400)
    await played(db, [ALICE, BOB], "won", 150, 250)  # a team's deal: each player's record
    await played(db, [ALICE], "abandoned", 10, 10)
    await played(db, [ALICE], "won", 90, 60, guild=2)
    assert await store.player(1, ALICE, "klondike") == SolitaireRecord(
        3, 2, (SolitaireBest("draw3", 130, 250.0),)
    )
    assert await store.player(1, BOB, "klondike") == SolitaireRecord(
        1, 1, (SolitaireBest("draw3", 150, 250.0),)
    )


async def test_each_deal_type_keeps_its_own_bests(db: Database) -> None:
    """A quick draw-one win is no draw-three record (the leaderboard keeps them apart too); a deal type never won
    has no bests, and the totals count every deal type."""
    store = SolitaireStore(db)
    await played(db, [ALICE], "won", 200, 900)
    await played(db, [ALICE], "won", 110, 300, variant="draw1")
    await played(db, [ALICE], "lost", 50, 60, variant="draw1_any")
    assert await store.player(1, ALICE, "klondike") == SolitaireRecord(
        3, 2, (SolitaireBest("draw1", 110, 300.0), SolitaireBest("draw3", 200, 900.0))
    )


RECORD = SolitaireRecord(4, 3, (SolitaireBest("draw1", 110, 300.0), SolitaireBest("draw3", 130, 250.0)))


@pytest.mark.parametrize(
    ("locale", "lines", "no_win"),
    [
        (
            "en-US",
            [
                "**Klondike**: 3 wins · 4 games · 75% won",
                "Draw one: best 110 moves · fastest 5 min",
                "Draw three: best 130 moves · fastest 4 min",
            ],
            "**Klondike**: 0 wins · 1 game · 0% won",
        ),
        (
            "fr",
            [
                "**Klondike**\xa0: 3 victoires · 4 parties · 75\xa0% gagnées",
                "Une carte\xa0: record 110 coups · meilleur temps 5 min",
                "Trois cartes\xa0: record 130 coups · meilleur temps 4 min",
            ],
            "**Klondike**\xa0: 0 victoire · 1 partie · 0\xa0% gagnées",
        ),
        (
            "de",
            [
                "**Klondike**: 3 Siege · 4 Partien · 75 % gewonnen",
                "Eine ziehen: Bestwert 110 Züge · Bestzeit 5 Min.",
                "Drei ziehen: Bestwert 130 Züge · Bestzeit 4 Min.",
            ],
            "**Klondike**: 0 Siege · 1 Partie · 0 % gewonnen",
        ),
    ],
)
def test_the_stats_line_shows_the_bests_once_a_deal_is_won(
    locale: str, lines: list[str], no_win: str
) -> None:
    """A player coming back to beat their record sees it in `/stats`, per deal type, in their language; none
    before a win."""
    assert solitaire_text("klondike", RECORD, locale).split("\n") == lines
    assert solitaire_text("klondike", SolitaireRecord(1, 0), locale) == no_win
