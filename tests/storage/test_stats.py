"""The leaderboard, stats and history queries: what a player would see if the ranking or a filter went wrong."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.storage.database import Database
from bot.storage.sqlite import SqliteDatabase
from bot.storage.stats import LeaderboardFilters, StatsStore
from tests.storage.seed import add_game as seed_game

GUILD = 1000
OTHER_GUILD = 2000
CHANNEL = 1001
OTHER_CHANNEL = 1002
ALICE, BOB, CAROL, DAVE = 11, 12, 13, 14


@pytest.fixture
def db(database: Database) -> Database:
    """Every test here runs on both stores (see tests/storage/fixtures.py)."""
    return database


@pytest.fixture
def store(db: Database) -> StatsStore:
    return StatsStore(db)


NAMES = {ALICE: "Alice", BOB: "Bob", CAROL: "Carol", DAVE: "Dave"}


async def add_game(db: Database, players: list[int], **options: Any) -> int:
    options.setdefault("guild_id", GUILD)
    options.setdefault("channel_id", CHANNEL)
    options["names"] = {**NAMES, **options.get("names", {})}
    return await seed_game(db, players, **options)


def keys(page: Any) -> list[str]:
    return [team.team_key for team in page.teams]


# -- ranking -----------------------------------------------------------------------------------------------
async def test_fewest_cards_left_ranks_first(db: Database, store: StatsStore) -> None:
    await add_game(db, [ALICE], cards_left=30)
    await add_game(db, [ALICE, BOB], cards_left=5)
    await add_game(db, [BOB, CAROL], cards_left=12)
    page = await store.leaderboard(GUILD)
    assert keys(page) == [f"{ALICE},{BOB}", f"{BOB},{CAROL}", f"{ALICE}"]
    assert [team.position for team in page.teams] == [1, 2, 3]


async def test_a_team_is_the_exact_set_of_players_whatever_the_seat_order(
    db: Database, store: StatsStore
) -> None:
    await add_game(db, [BOB, ALICE], cards_left=8)
    await add_game(db, [ALICE, BOB], cards_left=4)
    await add_game(db, [ALICE, BOB, CAROL], cards_left=2)
    page = await store.leaderboard(GUILD)
    assert page.total_teams == 2
    duo = next(team for team in page.teams if team.team_key == f"{ALICE},{BOB}")
    assert (duo.best, duo.played) == (4, 2)


async def test_same_best_more_wins_ranks_first(db: Database, store: StatsStore) -> None:
    await add_game(db, [ALICE], cards_left=0, ended_at=100)
    await add_game(db, [BOB], cards_left=0, ended_at=200)
    await add_game(db, [BOB], cards_left=0, ended_at=300)
    page = await store.leaderboard(GUILD)
    assert keys(page) == [str(BOB), str(ALICE)]
    assert page.teams[0].wins == 2


async def test_same_best_and_wins_first_to_reach_it_ranks_first(db: Database, store: StatsStore) -> None:
    # Carol reached 3 later than Bob, though her last game is older than Bob's.
    await add_game(db, [BOB], cards_left=3, ended_at=100)
    await add_game(db, [CAROL], cards_left=9, ended_at=50)
    await add_game(db, [CAROL], cards_left=3, ended_at=150)
    await add_game(db, [BOB], cards_left=20, ended_at=500)
    page = await store.leaderboard(GUILD)
    assert keys(page) == [str(BOB), str(CAROL)]
    assert page.teams[0].best_at == pytest.approx(100)
    assert page.teams[1].best_at == pytest.approx(150)


async def test_figures_of_a_team(db: Database, store: StatsStore) -> None:
    await add_game(db, [ALICE, BOB], cards_left=0, ended_at=100)
    await add_game(db, [ALICE, BOB], cards_left=10, ended_at=300)
    await add_game(db, [ALICE, BOB], cards_left=20, ended_at=200)
    (team,) = (await store.leaderboard(GUILD)).teams
    assert (team.best, team.wins, team.played) == (0, 1, 3)
    assert team.average == pytest.approx(10)
    assert team.last_played == pytest.approx(300)
    assert [seat.name for seat in team.seats] == ["Alice", "Bob"]


async def test_team_shows_the_names_of_its_latest_game(db: Database, store: StatsStore) -> None:
    await add_game(db, [ALICE], cards_left=5, ended_at=100, names={ALICE: "Old Alice"})
    await add_game(db, [ALICE], cards_left=9, ended_at=200, names={ALICE: "New Alice"})
    (team,) = (await store.leaderboard(GUILD)).teams
    assert [seat.name for seat in team.seats] == ["New Alice"]


# -- abandoned games ---------------------------------------------------------------------------------------
async def test_abandoned_game_is_never_a_best_result(db: Database, store: StatsStore) -> None:
    await add_game(db, [ALICE], cards_left=1, outcome="abandoned", ended_at=100)
    await add_game(db, [ALICE], cards_left=15, ended_at=200)
    await add_game(db, [BOB], cards_left=10, ended_at=300)
    page = await store.leaderboard(GUILD)
    assert keys(page) == [str(BOB), str(ALICE)]
    alice = page.teams[1]
    assert (alice.best, alice.played, alice.average) == (15, 1, 15)


async def test_team_with_only_abandoned_games_is_not_ranked(db: Database, store: StatsStore) -> None:
    await add_game(db, [ALICE], cards_left=40, outcome="abandoned")
    page = await store.leaderboard(GUILD)
    assert page.teams == ()
    assert page.total_teams == 0


# -- filters -----------------------------------------------------------------------------------------------
async def test_teams_with_ai_are_ranked_apart(db: Database, store: StatsStore) -> None:
    await add_game(db, [ALICE], cards_left=0, ai_seats=2)
    await add_game(db, [ALICE], cards_left=20)
    await add_game(db, [BOB], cards_left=30)
    humans = await store.leaderboard(GUILD)
    with_ai = await store.leaderboard(GUILD, LeaderboardFilters(ai=True))
    assert keys(humans) == [str(ALICE), str(BOB)]
    assert humans.teams[0].best == 20
    assert keys(with_ai) == [f"{ALICE},ai"]
    assert [seat.is_ai for seat in with_ai.teams[0].seats] == [False, True, True]


async def test_player_count_filter(db: Database, store: StatsStore) -> None:
    await add_game(db, [ALICE, BOB], cards_left=3)
    await add_game(db, [ALICE, BOB, CAROL], cards_left=8)
    await add_game(db, [ALICE], cards_left=1, ai_seats=2)
    assert keys(await store.leaderboard(GUILD, LeaderboardFilters(players=3))) == [f"{ALICE},{BOB},{CAROL}"]
    assert keys(await store.leaderboard(GUILD, LeaderboardFilters(players=3, ai=True))) == [f"{ALICE},ai"]


async def test_variant_filter(db: Database, store: StatsStore) -> None:
    await add_game(db, [ALICE], cards_left=3, variant="standard")
    await add_game(db, [ALICE], cards_left=12, variant="expert")
    await add_game(db, [BOB], cards_left=7, variant="expert")
    expert = await store.leaderboard(GUILD, LeaderboardFilters(variant="expert"))
    assert keys(expert) == [str(BOB), str(ALICE)]
    assert expert.teams[1].best == 12
    standard = await store.leaderboard(GUILD, LeaderboardFilters(variant="standard"))
    assert keys(standard) == [str(ALICE)]


def test_unknown_variant_is_refused() -> None:
    with pytest.raises(ValueError, match="variant"):
        LeaderboardFilters(variant="hard")


async def test_daily_filter_counts_only_that_days_deal(db: Database, store: StatsStore) -> None:
    await add_game(db, [ALICE], cards_left=0)
    await add_game(db, [ALICE], cards_left=14, daily="2025-03-02")
    await add_game(db, [BOB], cards_left=6, daily="2025-03-02")
    await add_game(db, [CAROL], cards_left=2, daily="2025-03-01")
    page = await store.leaderboard(GUILD, LeaderboardFilters(daily="2025-03-02"))
    assert keys(page) == [str(BOB), str(ALICE)]
    assert page.teams[1].best == 14


# -- pages -------------------------------------------------------------------------------------------------
async def test_pages_of_ten_and_the_viewers_best_team(db: Database, store: StatsStore) -> None:
    players = list(range(500, 523))  # 23 solo teams: cards left 0..22
    for cards, player in enumerate(players):
        await add_game(db, [player], cards_left=cards)
    await add_game(db, [players[15], ALICE], cards_left=50)
    first = await store.leaderboard(GUILD, viewer_id=players[15])
    assert (first.total_teams, first.page_count, len(first.teams)) == (24, 3, 10)
    assert first.viewer_best is not None and first.viewer_best.position == 16
    second = await store.leaderboard(GUILD, page=1, viewer_id=players[15])
    assert [team.position for team in second.teams] == list(range(11, 21))
    assert [team.best for team in second.teams] == list(range(10, 20))
    assert any(team.includes(players[15]) for team in second.teams)
    last = await store.leaderboard(GUILD, page=2)
    assert [team.position for team in last.teams] == [21, 22, 23, 24]


async def test_page_past_the_end_shows_the_last_page(db: Database, store: StatsStore) -> None:
    for cards in range(12):
        await add_game(db, [600 + cards], cards_left=cards)
    page = await store.leaderboard(GUILD, page=7, viewer_id=600)
    assert page.page == 1
    assert [team.position for team in page.teams] == [11, 12]
    assert page.viewer_best is not None and page.viewer_best.position == 1


async def test_empty_server(store: StatsStore) -> None:
    page = await store.leaderboard(GUILD, page=3, viewer_id=ALICE)
    assert (page.page, page.total_teams, page.page_count, page.teams, page.viewer_best) == (0, 0, 1, (), None)


async def test_a_player_id_inside_another_id_is_not_their_team(db: Database, store: StatsStore) -> None:
    await add_game(db, [123, 4567], cards_left=3)
    page = await store.leaderboard(GUILD, viewer_id=12)
    assert page.viewer_best is None
    assert not page.teams[0].includes(12)
    assert page.teams[0].includes(123)


# -- servers never mix -------------------------------------------------------------------------------------
async def test_another_servers_games_never_appear(db: Database, store: StatsStore) -> None:
    await add_game(db, [ALICE, BOB], cards_left=0, guild_id=OTHER_GUILD, channel_id=9, daily="2025-03-02")
    await add_game(db, [ALICE, BOB], cards_left=40, daily="2025-03-02")
    page = await store.leaderboard(GUILD)
    assert (page.teams[0].best, page.teams[0].played, page.teams[0].wins) == (40, 1, 0)
    daily = await store.leaderboard(GUILD, LeaderboardFilters(daily="2025-03-02"))
    assert daily.teams[0].best == 40
    stats = await store.player_stats(GUILD, ALICE)
    assert (stats.games, stats.best, stats.wins) == (1, 40, 0)
    assert [game.cards_left for game in await store.history(GUILD)] == [40]
    assert (await store.leaderboard(3000)).total_teams == 0


async def test_a_game_of_another_server_cannot_be_opened(db: Database, store: StatsStore) -> None:
    theirs = await add_game(db, [ALICE], guild_id=OTHER_GUILD)
    assert await store.game(GUILD, theirs) is None
    assert await store.game(OTHER_GUILD, theirs) is not None


# -- stats -------------------------------------------------------------------------------------------------
async def test_player_stats(db: Database, store: StatsStore) -> None:
    await add_game(db, [ALICE, BOB], cards_left=0, ended_at=100, violations={ALICE: 2}, hints={ALICE: 1})
    await add_game(db, [ALICE, BOB], cards_left=12, ended_at=200, hints={BOB: 3})
    await add_game(
        db, [ALICE, CAROL], cards_left=30, ended_at=300, outcome="abandoned", violations={ALICE: 1}
    )
    await add_game(db, [ALICE, CAROL, BOB], cards_left=6, ended_at=400, ai_seats=1)
    await add_game(db, [ALICE, DAVE], cards_left=24, ended_at=500, names={ALICE: "Alice B.", DAVE: "Dave"})
    await add_game(db, [BOB], cards_left=1, ended_at=600)
    stats = await store.player_stats(GUILD, ALICE)
    assert stats.name == "Alice B."
    assert (stats.games, stats.wins, stats.losses, stats.abandoned) == (5, 1, 3, 1)
    assert stats.best == 0
    assert stats.average == pytest.approx((0 + 12 + 6 + 24) / 4)
    assert (stats.violations, stats.hints) == (3, 1)
    assert [result.cards_left for result in stats.recent] == [0, 12, 6, 24]  # oldest first, no abandoned game
    assert stats.recent[0].won
    assert [(mate.user_id, mate.games) for mate in stats.teammates] == [(BOB, 3), (CAROL, 2), (DAVE, 1)]
    assert stats.teammates[2].name == "Dave"
    assert (stats.first_played, stats.last_played) == (100, 500)


async def test_recent_results_are_the_last_twenty(db: Database, store: StatsStore) -> None:
    for index in range(25):
        await add_game(db, [ALICE], cards_left=index, ended_at=1000 + index)
    stats = await store.player_stats(GUILD, ALICE)
    assert [result.cards_left for result in stats.recent] == list(range(5, 25))


async def test_player_without_games(store: StatsStore) -> None:
    stats = await store.player_stats(GUILD, ALICE)
    assert (stats.games, stats.name, stats.best, stats.average, stats.recent, stats.teammates) == (
        0, None, None, None, (), ()
    )  # fmt: skip


async def test_player_with_only_abandoned_games(db: Database, store: StatsStore) -> None:
    await add_game(db, [ALICE], cards_left=50, outcome="abandoned")
    stats = await store.player_stats(GUILD, ALICE)
    assert (stats.games, stats.abandoned, stats.best, stats.average, stats.recent) == (1, 1, None, None, ())


# -- history -----------------------------------------------------------------------------------------------
async def test_history_newest_first_in_the_channel_or_the_server(db: Database, store: StatsStore) -> None:
    first = await add_game(db, [ALICE], ended_at=100)
    second = await add_game(db, [BOB], ended_at=300, channel_id=OTHER_CHANNEL, outcome="abandoned")
    third = await add_game(db, [CAROL, ALICE], ended_at=200, ai_seats=1)
    assert [game.id for game in await store.history(GUILD)] == [second, third, first]
    here = await store.history(GUILD, channel_id=CHANNEL)
    assert [game.id for game in here] == [third, first]
    assert [seat.name for seat in here[0].seats] == ["Carol", "Alice", "Robot 1"]
    assert [game.id for game in await store.history(GUILD, limit=1)] == [second]


async def test_one_game_with_its_seats(db: Database, store: StatsStore) -> None:
    game_id = await add_game(
        db, [ALICE, BOB], cards_left=7, variant="expert", violations={BOB: 2}, deal_code="QWRTZPLK"
    )
    game = await store.game(GUILD, game_id)
    assert game is not None
    assert (game.deal_code, game.variant, game.expert_minimum, game.cards_left, game.outcome) == (
        "QWRTZPLK", "expert", True, 7, "lost"
    )  # fmt: skip
    assert [(seat.name, seat.violations) for seat in game.seats] == [("Alice", 0), ("Bob", 2)]


# -- forgetting and erasing --------------------------------------------------------------------------------
async def test_forget_anonymises_a_player_and_keeps_their_teams_together(
    db: Database, store: StatsStore
) -> None:
    await add_game(db, [ALICE, BOB], cards_left=4, ended_at=100)
    await add_game(db, [ALICE, BOB], cards_left=9, ended_at=200)
    await add_game(db, [ALICE], cards_left=2, ended_at=300)
    await add_game(db, [ALICE, BOB], cards_left=0, guild_id=OTHER_GUILD, channel_id=9)
    assert await store.forget_player(GUILD, ALICE) == 3

    forgotten = await store.player_stats(GUILD, ALICE)
    assert forgotten.games == 0
    page = await store.leaderboard(GUILD, viewer_id=ALICE)
    assert page.viewer_best is None
    assert page.total_teams == 2
    assert all(str(ALICE) not in team.team_key.split(",") for team in page.teams)
    duo = next(team for team in page.teams if str(BOB) in team.team_key.split(","))
    assert duo.played == 2  # still one team
    anonymous = next(seat for seat in duo.seats if seat.user_id != BOB)
    assert (anonymous.user_id, anonymous.name, anonymous.is_forgotten) == (None, "", True)
    # Bob's figures are unchanged, and Alice is not his teammate any more.
    bob = await store.player_stats(GUILD, BOB)
    assert (bob.games, bob.best) == (2, 4)
    assert bob.teammates == ()
    # The other server keeps Alice.
    assert (await store.player_stats(OTHER_GUILD, ALICE)).games == 1
    assert (await store.leaderboard(OTHER_GUILD, viewer_id=ALICE)).viewer_best is not None


async def test_forget_without_games_changes_nothing(db: Database, store: StatsStore) -> None:
    await add_game(db, [BOB], cards_left=4)
    assert await store.forget_player(GUILD, ALICE) == 0
    assert keys(await store.leaderboard(GUILD)) == [str(BOB)]


async def test_erase_a_server_keeps_the_others(db: Database, store: StatsStore) -> None:
    await add_game(db, [ALICE], cards_left=4)
    await add_game(db, [ALICE, BOB], cards_left=4, outcome="abandoned")
    await add_game(db, [ALICE], cards_left=8, guild_id=OTHER_GUILD, channel_id=9)
    assert await store.erase_guild(GUILD) == 2
    assert await store.count_games(GUILD) == 0
    assert (await store.player_stats(GUILD, ALICE)).games == 0
    assert await store.history(GUILD) == []
    assert (await db.fetchone("SELECT COUNT(*) FROM game_players"))[0] == 1
    assert await store.count_games(OTHER_GUILD) == 1
    assert (await store.leaderboard(OTHER_GUILD)).teams[0].best == 8


# -- the indexes are used ----------------------------------------------------------------------------------
async def test_leaderboard_reads_only_its_covering_index(tmp_path: Path) -> None:
    """SQLite only: PostgreSQL chooses its plans by its statistics."""
    db = await SqliteDatabase.open(tmp_path / "plan.sqlite3")
    async with db.connection.execute(
        "EXPLAIN QUERY PLAN SELECT team_key, MIN(cards_left), SUM(outcome = 'won'), COUNT(*), MAX(ended_at), MAX(id)"
        " FROM games WHERE guild_id = 1 AND game = 'thegame' AND has_ai = 0 AND outcome <> 'abandoned' AND player_count = 2"
        " GROUP BY team_key"
    ) as cursor:
        plan = " ".join(str(row[3]) for row in await cursor.fetchall())
    await db.close()
    assert "COVERING INDEX games_leaderboard" in plan
    assert "TEMP B-TREE" not in plan
