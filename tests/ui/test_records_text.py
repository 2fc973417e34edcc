"""The lines under an end announcement that name the bests a game beat, in the table's language with real plurals;
players in seat order, named as text; a time that reads the same as the best before is not news."""

from __future__ import annotations

import pytest

from bot.service.table import Seat, Table, TableStatus
from bot.storage.records import Beaten, DailyPlace, RatingChange
from bot.ui.end_notes import end_notes, records_line
from bot.ui.records import daily_text, rating_changes_text, records_text

ALICE, BOB = 10, 11


def table(locale: str) -> Table:
    return Table(
        id=1, guild_id=1, channel_id=2, created_by=ALICE, created_at=0.0, seed=1, status=TableStatus.FINISHED,
        seats=[Seat(BOB, "*Bob*"), Seat(-1, "Ada", is_ai=True), Seat(ALICE, "Alice")], locale=locale,
    )  # fmt: skip


RATINGS = [RatingChange(BOB, 0.0, 3.24, 1), RatingChange(ALICE, 1.5, 1.0)]  # Alice: no place known
TEAM = [Beaten("team", "cards_left", "standard", 1, 7, players=3)]
TEAM_WON = [Beaten("team", "cards_left", "standard", 0, 1, players=3)]
SERVER = [Beaten("server", "cards_left", "expert", 2, 5, players=3, with_ai=True)]
SERVER_WON = [Beaten("server", "cards_left", "standard", 0, 1, players=1)]
SOLITAIRE = [
    Beaten("player", "moves", "draw3", 112, 130, ALICE),
    Beaten("player", "seconds", "draw3", 200, 400, ALICE),
    Beaten("player", "seconds", "draw3", 300, 320, BOB),  # 5 min either way: no news
    Beaten("player", "moves", "draw3", 140, 150, BOB),
]


@pytest.mark.parametrize(
    ("locale", "team", "won", "solitaire"),
    [
        (
            "en-US",
            "🏅 A new best for this team: 1 card left, beating 7.",
            "🏅 This team's first total victory: its best before was 1 card left.",
            [
                "🏅 A new best for \\*Bob\\* (Draw three): 140 moves, beating 150.",
                "🏅 A new best for Alice (Draw three): 112 moves, beating 130 · won in 3 min, beating 7 min.",
            ],
        ),
        (
            "fr",
            "🏅 Nouveau record pour cette équipe\xa0: 1 carte restante, contre 7 jusqu'ici.",
            "🏅 Première victoire totale de cette équipe\xa0: son record était de 1 carte restante.",
            [
                "🏅 Nouveau record pour \\*Bob\\* (Trois cartes)\xa0: 140 coups, contre 150 jusqu'ici.",
                "🏅 Nouveau record pour Alice (Trois cartes)\xa0: 112 coups, contre 130 jusqu'ici · gagnée en 3 min,"
                " contre 7 min jusqu'ici.",
            ],
        ),
        (
            "de",
            "🏅 Neuer Bestwert für dieses Team: 1 Karte übrig, bisher 7.",
            "🏅 Der erste totale Sieg dieses Teams: Bisher war bestenfalls 1 Karte übrig.",
            [
                "🏅 Neuer Bestwert für \\*Bob\\* (Drei ziehen): 140 Züge (bisher 150).",
                "🏅 Neuer Bestwert für Alice (Drei ziehen): 112 Züge (bisher 130) · in 3 Min. gewonnen (bisher 7 Min.).",
            ],
        ),
    ],
)
def test_the_bests_beaten_read_in_the_tables_language(
    locale: str, team: str, won: str, solitaire: list[str]
) -> None:
    assert records_text(table(locale), TEAM) == team
    assert records_text(table(locale), TEAM_WON) == won
    assert (records_text(table(locale), SOLITAIRE) or "").split("\n") == solitaire


@pytest.mark.parametrize(
    ("locale", "record", "won"),
    [
        (
            "en-US",
            "🏆 A new record for this server (3 players, expert rules, with AI teammates): 2 cards left, beating 5.",
            "🏆 The first total victory in this server (1 player): the record was 1 card left.",
        ),
        (
            "fr",
            "🏆 Nouveau record du serveur (3 joueurs, règles expert, avec des coéquipiers IA)\xa0: 2 cartes restantes,"
            " contre 5 jusqu'ici.",
            "🏆 Première victoire totale sur ce serveur (1 joueur)\xa0: le record était de 1 carte restante.",
        ),
        (
            "de",
            "🏆 Neuer Rekord auf diesem Server (3 Spieler, Experten-Regeln, mit KI-Mitspielern): 2 Karten übrig,"
            " bisher 5.",
            "🏆 Der erste totale Sieg auf diesem Server (1 Spieler): Bisher war bestenfalls 1 Karte übrig.",
        ),
    ],
)
def test_a_servers_record_names_its_kind_of_game(locale: str, record: str, won: str) -> None:
    assert records_text(table(locale), SERVER) == record
    assert records_text(table(locale), SERVER_WON) == won


def test_plurals_follow_the_count() -> None:
    assert records_text(table("en-US"), [Beaten("team", "cards_left", "standard", 2, 7)]) == (
        "🏅 A new best for this team: 2 cards left, beating 7."
    )
    assert records_text(table("fr"), [Beaten("team", "cards_left", "standard", 0, 2)]) == (
        "🏅 Première victoire totale de cette équipe\xa0: son record était de 2 cartes restantes."
    )


def test_nothing_beaten_says_nothing() -> None:
    assert records_text(table("en-US"), []) is None
    assert (
        records_text(table("en-US"), [Beaten("player", "seconds", "draw3", 250, 260, ALICE)]) is None
    )  # 4 min both


class BrokenRecords:
    async def beaten(self, game_id: int, kind: str) -> list[Beaten]:
        raise OSError("disk I/O error")


class Records:
    def __init__(self) -> None:
        self.asked: list[tuple[int, str]] = []

    async def beaten(self, game_id: int, kind: str) -> list[Beaten]:
        self.asked.append((game_id, kind))
        return TEAM

    async def rating_changes(self, game_id: int) -> list[RatingChange]:
        self.asked.append((game_id, "rating"))
        return RATINGS

    async def daily_place(self, game_id: int) -> DailyPlace | None:
        self.asked.append((game_id, "daily"))
        return DailyPlace("2026-11-27", 2, 5)


async def test_the_end_line_asks_the_games_kind_of_record_and_goes_out_without_it_when_it_cannot_be_read() -> (
    None
):
    finished = table("en-US")  # The Game's table: a team's best
    records = Records()
    assert await records_line(finished, records) == (  # type: ignore[arg-type]
        "🏅 A new best for this team: 1 card left, beating 7.\n🗓️ Daily deal of 2026-11-27: this team is #2 of 5 teams."
    )
    assert records.asked == [(1, "team"), (1, "daily")]
    broken = BrokenRecords()
    assert await records_line(finished, broken) is None  # type: ignore[arg-type]
    hearts = Table.from_dict({**finished.to_dict(), "game_key": "hearts"})
    assert await records_line(hearts, records) == "📊 Ratings: \\*Bob\\* 1065 (+65), #1 · Alice 1020 (-10)"  # type: ignore[arg-type]
    assert (
        await records_line(hearts, records, "fr")
        == "📊 Cotes\xa0: \\*Bob\\* 1065 (+65), n°\xa01 · Alice 1020 (-10)"
    )  # type: ignore[arg-type]
    assert records.asked == [(1, "team"), (1, "daily"), (1, "rating"), (1, "rating")]
    assert await records_line(hearts, broken) is None  # type: ignore[arg-type]
    klondike = Table.from_dict({**finished.to_dict(), "game_key": "klondike"})
    await records_line(klondike, records)  # type: ignore[arg-type]
    assert records.asked[-1] == (1, "solitaire")


@pytest.mark.parametrize(
    ("locale", "line"),
    [
        ("en-US", "📊 Ratings: \\*Bob\\* 1065 (+65), #1 · Alice 1020 (-10)"),
        ("fr", "📊 Cotes\xa0: \\*Bob\\* 1065 (+65), n°\xa01 · Alice 1020 (-10)"),
        ("de", "📊 Wertungen: \\*Bob\\* 1065 (+65), Platz 1 · Alice 1020 (-10)"),
    ],
)
def test_a_rated_games_end_line_gives_each_players_new_rating_and_the_change(locale: str, line: str) -> None:
    assert rating_changes_text(table(locale), RATINGS) == line
    assert rating_changes_text(table(locale), [RatingChange(-1, 0.0, 5.0)]) is None, "never an AI seat"
    assert rating_changes_text(table(locale), []) is None, "a game stored before the changes were kept"


@pytest.mark.parametrize(
    ("locale", "team", "alone"),
    [
        (
            "en-US",
            "🏆 \\*Bob\\* and Alice set a new record for this server (Draw one): 95 moves, beating 100.",
            "🏆 Alice sets a new record for this server (Draw one): 95 moves, beating 100.",
        ),
        (
            "fr",
            "🏆 \\*Bob\\* et Alice établissent un nouveau record du serveur (Une carte)\xa0: 95 coups, contre 100"
            " jusqu'ici.",
            "🏆 Alice établit un nouveau record du serveur (Une carte)\xa0: 95 coups, contre 100 jusqu'ici.",
        ),
        (
            "de",
            "🏆 \\*Bob\\* und Alice stellen einen neuen Rekord auf diesem Server auf (Eine ziehen): 95 Züge (bisher 100).",
            "🏆 Alice stellt einen neuen Rekord auf diesem Server auf (Eine ziehen): 95 Züge (bisher 100).",
        ),
    ],
)
def test_a_solitaire_servers_record_names_who_set_it(locale: str, team: str, alone: str) -> None:
    """Everyone who played the deal, as the channel knows them; their own bests in that measure are not told again
    (the store leaves them out), another measure's are."""
    record = [
        Beaten("server", "moves", "draw1", 95, 100),
        Beaten("player", "seconds", "draw1", 200, 400, ALICE),
    ]
    lines = (records_text(table(locale), record) or "").split("\n")
    assert lines[0] == team and len(lines) == 2 and lines[1].startswith("🏅")
    solo = Table.from_dict({**table(locale).to_dict(), "seats": [Seat(ALICE, "Alice").to_dict()]})
    assert records_text(solo, record[:1]) == alone


@pytest.mark.parametrize(
    ("locale", "line", "alone"),
    [
        (
            "en-US",
            "🗓️ Daily deal of 2026-11-27: this team is #2 of 5 teams.",
            "🗓️ Daily deal of 2026-11-27: this team is #1 of 1 team.",
        ),
        (
            "fr",
            "🗓️ Donne du jour du 2026-11-27\xa0: cette équipe est n°\xa02 sur 5 équipes.",
            "🗓️ Donne du jour du 2026-11-27\xa0: cette équipe est n°\xa01 sur 1 équipe.",
        ),
        (
            "de",
            "🗓️ Tagesspiel vom 2026-11-27: Dieses Team ist auf Platz 2 von 5 Teams.",
            "🗓️ Tagesspiel vom 2026-11-27: Dieses Team ist auf Platz 1 von 1 Team.",
        ),
    ],
)
def test_a_daily_deal_tells_the_teams_place_that_day(locale: str, line: str, alone: str) -> None:
    assert daily_text(table(locale), DailyPlace("2026-11-27", 2, 5)) == line
    assert daily_text(table(locale), DailyPlace("2026-11-27", 1, 1)) == alone
    assert daily_text(table(locale), None) is None


async def test_what_is_told_under_the_end_line_is_read_for_finished_and_given_up_games_in_the_readers_language() -> (
    None
):
    records = Records()
    assert await end_notes(table("en-US"), records, "de") == (  # type: ignore[arg-type]
        "🏅 Neuer Bestwert für dieses Team: 1 Karte übrig, bisher 7.\n"
        "🗓️ Tagesspiel vom 2026-11-27: Dieses Team ist auf Platz 2 von 5 Teams."
    )
    assert await end_notes(table("fr"), records) == (  # type: ignore[arg-type]
        "🏅 Nouveau record pour cette équipe\xa0: 1 carte restante, contre 7 jusqu'ici.\n"
        + daily_text(table("fr"), DailyPlace("2026-11-27", 2, 5))  # type: ignore[operator]
    ), "the table's language by default"
    asked = len(records.asked)
    stopped = Table.from_dict({**table("en-US").to_dict(), "game_key": "hearts", "status": "abandoned"})
    assert await end_notes(stopped, records) is None  # type: ignore[arg-type]
    closed = Table.from_dict({**table("en-US").to_dict(), "status": "expired"})
    assert await end_notes(closed, records) is None  # type: ignore[arg-type]
    assert len(records.asked) == asked, "a stopped game or a closed lobby beat nothing"
    given_up = Table.from_dict({**stopped.to_dict(), "forfeits": [2]})
    assert await end_notes(given_up, records) == "📊 Ratings: \\*Bob\\* 1065 (+65), #1 · Alice 1020 (-10)"  # type: ignore[arg-type]
