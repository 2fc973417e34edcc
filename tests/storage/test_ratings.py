"""Ratings of the competitive games: OpenSkill after each finished game, AI seats never stored, forget and erase."""

from __future__ import annotations

import pytest

from bot.games.base import SeatResult
from bot.service.table import Seat, Table, TableStatus
from bot.storage.database import Database
from bot.storage.ratings import RatingStore, RecentPlace, update_ratings
from bot.storage.stats import StatsStore
from tests.storage.seed import add_result

ALICE, BOB, CAROL = 11, 12, 13


@pytest.fixture
def db(database: Database) -> Database:
    """Every test here runs on both stores (see tests/storage/fixtures.py)."""
    return database


def finished(seats: list[Seat], guild: int = 1, game: str = "hearts") -> Table:
    return Table(
        id=1, guild_id=guild, channel_id=2, created_by=seats[0].user_id, created_at=0.0, seed=1,
        game_key=game, seats=seats, status=TableStatus.FINISHED, ended_at=100.0,
    )  # fmt: skip


def results(*points: int) -> list[SeatResult]:
    lowest = min(points)
    return [SeatResult(p, 1 + sum(o < p for o in points), p == lowest) for p in points]


async def rate(db: Database, seats: list[Seat], *points: int, guild: int = 1) -> None:
    async with db.transaction() as transaction:
        await update_ratings(transaction, finished(seats, guild), results(*points))


async def test_winners_climb_and_ai_seats_are_never_stored(db: Database) -> None:
    seats = [Seat(ALICE, "Alice"), Seat(BOB, "Bob"), Seat(-1, "Ada", is_ai=True), Seat(CAROL, "Carol")]
    for _ in range(3):
        await rate(db, seats, 20, 60, 90, 101)
    board = await RatingStore(db).leaderboard(1, "hearts", viewer_id=CAROL)
    assert [player.user_id for player in board.players] == [ALICE, BOB, CAROL]
    assert board.players[0].rating > board.players[1].rating > board.players[2].rating
    assert (board.players[0].wins, board.players[0].games) == (3, 3)
    assert board.players[0].average_points == 20
    assert board.viewer is not None and board.viewer.position == 3
    assert (await db.fetchone("SELECT count(*) FROM ratings WHERE user_id < 0"))[0] == 0
    # Other games and other servers keep their own ratings.
    assert (await RatingStore(db).leaderboard(1, "barbu")).total == 0
    assert (await RatingStore(db).leaderboard(2, "hearts")).total == 0
    mine = await RatingStore(db).player(1, ALICE)
    assert [game for game, _ in mine] == ["hearts"]


async def test_ties_share_a_place_and_the_rating_moves_with_results(db: Database) -> None:
    seats = [Seat(ALICE, "Alice"), Seat(BOB, "Bob"), Seat(CAROL, "Carol")]
    await rate(db, seats, 40, 40, 100)
    board = await RatingStore(db).leaderboard(1, "hearts")
    ratings = {player.user_id: player.rating for player in board.players}
    assert ratings[ALICE] == pytest.approx(ratings[BOB]) and ratings[ALICE] > ratings[CAROL]


async def test_forget_and_erase_remove_ratings(db: Database) -> None:
    seats = [Seat(ALICE, "Alice"), Seat(BOB, "Bob"), Seat(CAROL, "Carol")]
    await rate(db, seats, 10, 50, 100)
    await rate(db, seats, 10, 50, 100, guild=2)
    await StatsStore(db).forget_player(1, ALICE)
    assert [p.user_id for p in (await RatingStore(db).leaderboard(1, "hearts")).players] == [BOB, CAROL]
    assert (await RatingStore(db).leaderboard(2, "hearts")).total == 3
    await StatsStore(db).erase_guild(1)
    assert (await RatingStore(db).leaderboard(1, "hearts")).total == 0
    assert (await RatingStore(db).leaderboard(2, "hearts")).total == 3


async def played(
    db: Database,
    game: str,
    places: dict[int, int],
    *,
    ended_at: float,
    guild: int = 1,
    gave_up: int | None = None,
) -> None:
    """A finished rated game: each player's place, who gave it up."""
    await add_result(
        db, game, list(places), guild_id=guild, started_at=ended_at - 60, ended_at=ended_at, places=places,
        gave_up=gave_up,
    )  # fmt: skip


async def test_a_players_latest_places_by_game_oldest_first(db: Database) -> None:
    """`/stats` shows the places of a player's latest rated games: the last ten of each game, this server's only,
    in the order played, a game given up marked."""
    for number in range(12):  # Alice: 1st, 2nd, 3rd, 1st, ... the twelfth the latest
        await played(db, "hearts", {ALICE: 1 + number % 3, BOB: 4 - 1 - number % 3}, ended_at=1000.0 + number)
    await played(db, "crapette", {ALICE: 2, BOB: 1}, ended_at=500.0, gave_up=ALICE)
    await played(db, "barbu", {ALICE: 1, BOB: 2}, ended_at=2000.0, guild=2)
    store = RatingStore(db)
    mine = await store.recent_places(1, ALICE)
    assert set(mine) == {"hearts", "crapette"}, "another server's games stay there"
    assert [recent.place for recent in mine["hearts"]] == [1 + number % 3 for number in range(2, 12)]
    assert not any(recent.forfeited for recent in mine["hearts"])
    assert mine["crapette"] == (RecentPlace(2, forfeited=True),)
    assert [recent.place for recent in (await store.recent_places(1, BOB))["hearts"]][-1] == 3 - 11 % 3
    assert await store.recent_places(1, CAROL) == {}
