"""Giving a rated game up: `/game stop` by one of its players, or a vote while the table waits for them, is a loss
for that player (placed last, rated) instead of an abandon that changes no rating (docs/games.md, "Ending a game
early"). A moderator's stop, a lobby's, and a cooperative game's stay abandoned."""

from __future__ import annotations

import pytest

from bot.games.base import forfeit_places
from bot.games.errors import GameError
from bot.games.registry import GAMES
from bot.games.thegame.session import ChooseFirst
from bot.service.games import GameService
from bot.service.table import Seat, Table, TableStatus
from bot.storage.database import Database
from bot.storage.ratings import RatingStore
from bot.storage.stats import StatsStore
from bot.storage.tables import TableStore
from tests.service.test_games import ALICE, BOB, CAROL, MALLORY, Clock

GUILD = 1


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def service(database: Database, clock: Clock) -> GameService:
    return GameService(TableStore(database), lobby_timeout=60, turn_reminder=30, clock=clock)


async def table_of(
    service: GameService, game: str, players: list[Seat], ai: int = 0, *, start: bool = True
) -> int:
    table = await service.create(
        guild_id=GUILD, channel_id=10, host=players[0], seed=4242, locale="en-US", game_key=game
    )
    for seat in players[1:]:
        await service.join(table.id, seat)
    for _ in range(ai):
        await service.add_ai(table.id, players[0].user_id)
    if start:
        await service.start(table.id, players[0].user_id)
    return table.id


async def stored_seats(database: Database, table_id: int) -> list[tuple[int | None, int | None, int | None]]:
    rows = await database.fetchall(
        "SELECT user_id, place, forfeited FROM game_players WHERE game_id = ? ORDER BY seat", (table_id,)
    )
    return [(row["user_id"], row["place"], row["forfeited"]) for row in rows]


def test_forfeiters_share_the_last_place_and_the_others_keep_their_order() -> None:
    assert forfeit_places((1, 2, 3, 4), {0}) == (4, 1, 2, 3)
    assert forfeit_places((2, 1, 2, 4), {1}) == (1, 4, 1, 3), "ties among the others still share a place"
    assert forfeit_places((1, 1, 3), {0, 2}) == (2, 1, 2), "two forfeiters tie for the place after the others"
    assert forfeit_places((1, 2), {1}) == (1, 2)


async def test_a_player_who_stops_a_rated_game_gives_it_up_once_confirmed(
    service: GameService, database: Database
) -> None:
    table_id = await table_of(service, "crapette", [Seat(ALICE, "Alice"), Seat(BOB, "Bob")])
    table = service.require(table_id)
    assert service.stop_forfeits(table, ALICE) and service.stop_forfeits(table, BOB)
    assert not service.stop_forfeits(table, MALLORY), "a moderator's stop is no one's loss"
    saved = service.as_saved(table).to_dict()
    with pytest.raises(GameError, match="error.forfeit_not_confirmed"):
        await service.stop(table_id, ALICE, can_manage=False)
    assert service.as_saved(service.require(table_id)).to_dict() == saved, (
        "an unconfirmed stop changes nothing"
    )

    change = await service.stop(table_id, ALICE, can_manage=True, forfeit=True)
    assert change.table.status is TableStatus.ABANDONED
    assert (change.table.end_reason, change.table.forfeits) == ("forfeit", (0,))
    # Alice's moderator rights do not make her stop a moderator's: she is a player of this game.
    assert await stored_seats(database, table_id) == [(ALICE, 2, 1), (BOB, 1, 0)]
    outcome = await database.fetchone("SELECT outcome FROM games WHERE id = ?", (table_id,))
    assert outcome is not None and outcome["outcome"] == "finished"
    board = await RatingStore(database).leaderboard(GUILD, "crapette")
    assert [(player.user_id, player.wins, player.games) for player in board.players] == [
        (BOB, 1, 1),
        (ALICE, 0, 1),
    ]
    record = await StatsStore(database).game(GUILD, table_id)
    assert record is not None and [seat.forfeited for seat in record.seats] == [True, False]
    assert [seat.won for seat in record.seats] == [False, True]


async def test_the_trick_games_rank_the_others_by_their_totals(
    service: GameService, database: Database
) -> None:
    table_id = await table_of(service, "hearts", [Seat(ALICE, "Alice"), Seat(BOB, "Bob")], ai=2)
    await service.stop(table_id, BOB, can_manage=False, forfeit=True)
    places = [place for _, place, _ in await stored_seats(database, table_id)]
    assert places[1] == 4, "Bob gave the game up: last"
    assert sorted(places[0:1] + places[2:]) == [1, 1, 1], (
        "nobody has a point yet: the three others share the first"
    )
    board = await RatingStore(database).leaderboard(GUILD, "hearts")
    assert [player.user_id for player in board.players] == [ALICE, BOB]


async def test_abandons_change_no_rating(service: GameService, database: Database) -> None:
    # A moderator who is not seated: abandoned.
    moderated = await table_of(
        service, "barbu", [Seat(ALICE, "Alice"), Seat(BOB, "Bob"), Seat(CAROL, "Carol")], ai=1
    )
    change = await service.stop(moderated, MALLORY, can_manage=True)
    assert (change.table.status, change.table.forfeits) == (TableStatus.ABANDONED, ())
    # A lobby: closed, nobody's loss.
    await service.create(
        guild_id=GUILD, channel_id=11, host=Seat(ALICE, "Alice"), seed=1, locale="en-US", game_key="hearts"
    )
    lobby = service.in_channel(11)
    assert lobby is not None and not service.stop_forfeits(lobby, ALICE)
    await service.stop(lobby.id, ALICE, can_manage=False)
    # A cooperative game (The Game) stopped by a player: abandoned, as it always was.
    cooperative = await service.create(
        guild_id=GUILD, channel_id=12, host=Seat(ALICE, "Alice"), seed=1, locale="en-US"
    )
    await service.join(cooperative.id, Seat(BOB, "Bob"))
    await service.start(cooperative.id, ALICE)
    await service.act(cooperative.id, ALICE, ChooseFirst())
    assert not service.stop_forfeits(service.require(cooperative.id), ALICE)
    change = await service.stop(cooperative.id, ALICE, can_manage=False)
    assert (change.table.status, change.table.end_reason, change.table.forfeits) == (
        TableStatus.ABANDONED,
        "stopped",
        (),
    )
    assert (await RatingStore(database).leaderboard(GUILD, "barbu")).total == 0
    assert await stored_seats(database, moderated) == [
        (ALICE, None, None),
        (BOB, None, None),
        (CAROL, None, None),
        (None, None, None),
    ]


async def test_a_vote_while_the_table_waits_makes_the_player_waited_for_give_up(
    service: GameService, database: Database, clock: Clock
) -> None:
    table_id = await table_of(service, "crapette", [Seat(ALICE, "Alice"), Seat(BOB, "Bob")])
    table = service.require(table_id)
    waited = table.seats_to_act[0]
    idle, other = table.seats[waited].user_id, table.seats[1 - waited].user_id
    assert service.waited_for(table) is None or not table.reminded
    clock.now += 31
    assert [event.kind for event in await service.tick()] == ["turn_reminder"]
    assert service.waited_for(service.require(table_id)) == waited
    with pytest.raises(GameError, match="error.vote_waited_for"):
        await service.vote_end(table_id, idle)
    change, votes, needed = await service.vote_end(table_id, other)
    assert (votes, needed) == (1, 1), "the only other player decides: the player waited for does not vote"
    assert change.table.status is TableStatus.ABANDONED
    assert (change.table.end_reason, change.table.forfeits) == ("voted", (waited,))
    stored = {user: (place, forfeited) for user, place, forfeited in await stored_seats(database, table_id)}
    assert stored == {idle: (2, 1), other: (1, 0)}


async def test_the_cooperative_vote_is_unchanged(service: GameService, clock: Clock) -> None:
    """The Game's team still needs a majority of all its players, the one waited for included."""
    table = await service.create(
        guild_id=GUILD, channel_id=13, host=Seat(ALICE, "Alice"), seed=7, locale="en-US"
    )
    await service.join(table.id, Seat(BOB, "Bob"))
    await service.start(table.id, ALICE)
    await service.act(table.id, BOB, ChooseFirst())
    clock.now += 31
    await service.tick()
    assert service.waited_for(service.require(table.id)) is None
    change, votes, needed = await service.vote_end(table.id, ALICE)
    assert (votes, needed, change.table.status) == (1, 2, TableStatus.PLAYING)
    change, _, _ = await service.vote_end(table.id, BOB)
    assert (change.table.status, change.table.forfeits) == (TableStatus.ABANDONED, ())


def test_forfeits_are_saved_with_the_table_and_old_tables_have_none() -> None:
    table = Table(id=1, guild_id=1, channel_id=2, created_by=ALICE, created_at=0.0, seed=1, forfeits=(1,))
    assert Table.from_dict(table.to_dict()).forfeits == (1,)
    assert table.copy().forfeits == (1,)
    old = table.to_dict()
    del old["forfeits"]
    assert Table.from_dict(old).forfeits == ()


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_rated_game_has_a_result_for_a_player_who_gives_up(key: str) -> None:
    """The table decides a stop gives the game up from the game being rated (`GameRules.cooperative`); the game's
    session gives the result. Both must agree, or a player told "a loss for you" would leave an abandoned game."""
    rules = GAMES[key]
    session = rules.new_session(min(max(2, rules.min_seats), rules.max_seats), 7, rules.options({}), [])
    assert (session.forfeit_outcome((0,)) is not None) == (not rules.cooperative)


async def test_a_game_left_waiting_ends_by_itself_and_waiting_while_the_bot_was_down_does_not_count(
    database: Database, clock: Clock
) -> None:
    """`idle_end` after the last move the table waited for: a rated game is given up by the one player it waited
    for (walking away is not a way out of a loss), a game where several humans could act is abandoned. Measured
    from the process's start at most: a restart after a long downtime ends nothing at once."""
    service = GameService(TableStore(database), turn_reminder=30, idle_end=3600, clock=clock)
    rated = await table_of(service, "crapette", [Seat(ALICE, "Alice")], ai=1)
    waited = service.require(rated).seats_to_act
    assert len(waited) == 1
    if service.require(rated).seats[waited[0]].is_ai:  # the AI starts: its turn played, Alice's begins
        while service.require(rated).current_seat is not None and service.require(rated).current_seat.is_ai:
            await service.play_ai(rated, waited[0])
    clock.now += 3599
    assert [event.kind for event in await service.tick()] == ["turn_reminder"]
    clock.now += 2 * 24 * 3600  # the bot is down for two days, then starts again on the same database
    restarted = GameService(TableStore(database), turn_reminder=30, idle_end=3600, clock=clock)
    await restarted.restore()
    assert await restarted.tick() == [], "the downtime is not the player's"
    clock.now += 3600
    (ended,) = await restarted.tick()
    assert ended.kind == "idle_ended" and restarted.get(rated) is None
    assert (ended.table.end_reason, ended.table.forfeits) == ("idle", (0,))
    assert [seat[2] for seat in await stored_seats(database, rated)] == [1, 0]

    hearts = await table_of(
        restarted, "hearts", [Seat(BOB, "Bob"), Seat(CAROL, "Carol")], ai=1
    )  # the pass: both humans may act at once
    assert len(restarted.require(hearts).seats_to_act) > 1
    clock.now += 3600
    (ended,) = await restarted.tick()
    assert ended.table.id == hearts and ended.table.status is TableStatus.ABANDONED
    assert ended.table.forfeits == (), "nobody in particular was waited for: no loss for anyone"
