"""The bests a finished game beat (`RecordStore.beaten`): a team of The Game against its own earlier games of the
same kind, a Klondike player against their earlier wins of the same deal type; this server's, never an abandoned
game; a first game or a first win beats nothing."""

from __future__ import annotations

import pytest

from bot.games.base import SeatResult
from bot.service.table import Seat, Table, TableStatus
from bot.storage.database import Database
from bot.storage.ratings import RatingStore, update_ratings
from bot.storage.records import Beaten, DailyPlace, RecordStore
from bot.storage.stats import StatsStore
from tests.storage.seed import add_game, add_result

ALICE, BOB, CAROL = 11, 12, 13
WHERE = {"guild_id": 1, "channel_id": 2}


@pytest.fixture
def db(database: Database) -> Database:
    """Every test here runs on both stores (see tests/storage/fixtures.py)."""
    return database


async def test_a_team_beats_its_own_best_only(db: Database) -> None:
    store = RecordStore(db)
    first = await add_game(db, [ALICE, BOB], cards_left=12, **WHERE)
    assert await store.beaten(first, "team") == [], "a first game has no best to beat"
    await add_game(db, [ALICE, BOB], cards_left=7, **WHERE)
    await add_game(db, [ALICE, BOB], cards_left=3, outcome="abandoned", **WHERE)  # never counts
    await add_game(db, [ALICE, CAROL], cards_left=2, **WHERE)  # another team
    await add_game(db, [ALICE, BOB], cards_left=1, variant="expert", **WHERE)  # another variant
    await add_game(db, [ALICE, BOB], cards_left=1, ai_seats=1, **WHERE)  # another team: with an AI seat
    await add_game(db, [ALICE, BOB], cards_left=1, guild_id=9, channel_id=2)  # another server
    equal = await add_game(db, [ALICE, BOB], cards_left=7, **WHERE)
    assert await store.beaten(equal, "team") == [], "as good as the best is not a new best"
    better = await add_game(db, [BOB, ALICE], cards_left=5, **WHERE)  # the same team, seated the other way
    assert await store.beaten(better, "team") == [
        Beaten("team", "cards_left", "standard", 5.0, 7.0, players=2)
    ]
    won = await add_game(
        db, [ALICE, BOB], cards_left=0, **WHERE
    )  # better than Alice and Carol's 2: the server's
    assert await store.beaten(won, "team") == [
        Beaten("server", "cards_left", "standard", 0.0, 2.0, players=2)
    ]
    given_up = await add_game(db, [ALICE, BOB], cards_left=0, outcome="abandoned", **WHERE)
    assert await store.beaten(given_up, "team") == []
    assert await store.beaten(999_999, "team") == [], "a game not stored beats nothing"


async def test_the_servers_record_is_per_kind_of_game_as_the_leaderboard_ranks(db: Database) -> None:
    """Beating every earlier game of its kind here (seats, variant, AI teammates or not) is the server's record,
    told instead of the team's own best; a first game of its kind beats nothing."""
    store = RecordStore(db)
    first = await add_game(db, [ALICE], cards_left=30, ai_seats=1, variant="expert", **WHERE)
    assert await store.beaten(first, "team") == []
    await add_game(db, [BOB, CAROL], cards_left=3, **WHERE)  # another kind: no AI, standard
    await add_game(db, [ALICE], cards_left=5, ai_seats=1, guild_id=9, channel_id=2)  # another server
    record = await add_game(db, [BOB], cards_left=20, ai_seats=1, variant="expert", **WHERE)  # a new team
    assert await store.beaten(record, "team") == [
        Beaten("server", "cards_left", "expert", 20.0, 30.0, players=2, with_ai=True)
    ]
    team_best = await add_game(db, [ALICE], cards_left=25, ai_seats=1, variant="expert", **WHERE)
    assert await store.beaten(team_best, "team") == [
        Beaten("team", "cards_left", "expert", 25.0, 30.0, players=2, with_ai=True)
    ]


async def won(db: Database, players: list[int], moves: int, seconds: float, **kwargs: object) -> int:
    options = {"guild_id": 1, "outcome": "won", "variant": "draw3", **kwargs}
    return await add_result(
        db,
        "klondike",
        players,
        turns=moves,
        started_at=1000,
        ended_at=1000 + seconds,
        **options,  # type: ignore[arg-type]
    )


async def test_a_klondike_deal_beats_the_servers_record_or_each_players_best_per_deal_type(
    db: Database,
) -> None:
    store = RecordStore(db)
    await won(db, [CAROL], 100, 200)  # the server's record in draw three
    first = await won(db, [ALICE], 150, 600)
    assert await store.beaten(first, "solitaire") == [], "a first win has no best to beat"
    await won(db, [ALICE], 40, 60, outcome="lost")  # a lost deal sets no best
    await won(db, [ALICE], 40, 60, outcome="abandoned")
    await won(db, [ALICE], 20, 50, variant="draw1")  # another deal type
    await won(db, [ALICE], 20, 50, guild_id=9)  # another server
    await won(db, [BOB], 200, 900)
    fewer = await won(db, [ALICE], 120, 700)
    assert await store.beaten(fewer, "solitaire") == [Beaten("player", "moves", "draw3", 120.0, 150.0, ALICE)]
    team = await won(db, [ALICE, BOB], 130, 300)  # each player of a team against their own bests
    assert await store.beaten(team, "solitaire") == [
        Beaten("player", "moves", "draw3", 130.0, 200.0, BOB),
        Beaten("player", "seconds", "draw3", 300.0, 600.0, ALICE),
        Beaten("player", "seconds", "draw3", 300.0, 900.0, BOB),
    ]
    record = await won(db, [ALICE, BOB], 90, 250)  # the server's record in moves: not told again per player
    assert await store.beaten(record, "solitaire") == [
        Beaten("server", "moves", "draw3", 90.0, 100.0),
        Beaten("player", "seconds", "draw3", 250.0, 300.0, ALICE),
        Beaten("player", "seconds", "draw3", 250.0, 300.0, BOB),
    ]
    lost = await won(db, [ALICE], 10, 10, outcome="lost")
    assert await store.beaten(lost, "solitaire") == [], "only a won deal can be a best"


async def test_a_rated_game_keeps_each_players_rating_before_and_after(db: Database) -> None:
    """What `/leaderboard` shows before and after the game, per human seat in seat order; an AI seat has none."""
    store = RecordStore(db)
    seats = [Seat(BOB, "Bob"), Seat(ALICE, "Alice"), Seat(-1, "Ada", is_ai=True)]
    points = (50, 10, 70)  # Alice wins, Bob second
    changes = []
    for _ in range(2):
        game_id = await add_result(db, "hearts", [BOB, ALICE], guild_id=1, started_at=0, ended_at=100)
        table = Table(
            id=game_id, guild_id=1, channel_id=2, created_by=ALICE, created_at=0.0, seed=1, game_key="hearts",
            seats=seats, status=TableStatus.FINISHED, ended_at=100.0,
        )  # fmt: skip
        async with db.transaction() as transaction:
            await update_ratings(
                transaction, table, [SeatResult(p, 1 + sum(o < p for o in points), p == 10) for p in points]
            )
        changes.append(await store.rating_changes(game_id))
    shown = {
        player.user_id: player.rating for player in (await RatingStore(db).leaderboard(1, "hearts")).players
    }
    first, second = changes
    assert [change.user_id for change in first] == [BOB, ALICE], "humans only, in seat order"
    assert all(change.before == 0 for change in first), "a newcomer starts at 0"
    assert [change.before for change in second] == [change.after for change in first]
    assert {change.user_id: change.after for change in second} == pytest.approx(shown)
    assert second[1].after > second[1].before, "the winner climbs"
    assert [(change.user_id, change.position) for change in second] == [(BOB, 2), (ALICE, 1)], (
        "their places now"
    )
    assert second[1].after > second[0].after
    stored = await StatsStore(db).game(1, game_id)  # what /history's detail reads
    assert stored is not None
    assert [(seat.rating_before, seat.rating_after) for seat in stored.seats] == [
        (change.before, change.after) for change in second
    ]
    assert (
        await store.rating_changes(
            await add_result(db, "klondike", [ALICE], guild_id=1, started_at=0, ended_at=1)
        )
        == []
    )


async def test_a_daily_game_tells_where_its_team_stands_on_that_days_leaderboard(db: Database) -> None:
    """As `/leaderboard daily:true` ranks them: fewest cards left, then wins; teams with AI teammates apart."""
    store = RecordStore(db)
    day = {"daily": "2026-11-27", **WHERE}
    await add_game(db, [CAROL], cards_left=2, **day)
    await add_game(db, [BOB], cards_left=9, **day)
    await add_game(db, [BOB, CAROL], cards_left=1, ai_seats=1, **day)  # ranked apart
    await add_game(db, [ALICE], cards_left=0, **{**day, "daily": "2026-11-26"})  # another day
    ours = await add_game(db, [ALICE, BOB], cards_left=5, **day)
    assert await store.daily_place(ours) == DailyPlace("2026-11-27", 2, 3)
    with_ai = await add_game(db, [ALICE], cards_left=40, ai_seats=1, **day)
    assert await store.daily_place(with_ai) == DailyPlace("2026-11-27", 2, 2)
    assert await store.daily_place(await add_game(db, [ALICE], cards_left=3, **WHERE)) is None, (
        "not a daily deal"
    )
    stopped = await add_game(db, [ALICE], cards_left=3, outcome="abandoned", **day)
    assert await store.daily_place(stopped) is None
