"""The rating leaderboard and /stats say what a game's average counts: points in Hearts and Barbu, cards left in
Crapette (a reviewer read "avg 45.5 pts" for a game that has no points)."""

from __future__ import annotations

import pytest

from bot.storage.ratings import RatedPlayer, RatingPage, RecentPlace
from bot.ui.ratings import rating_embed, ratings_text

DAVE = RatedPlayer(
    position=1, user_id=4, name="Dave", rating=-3.3, games=2, wins=1, average_points=45.5, last_played=0
)


@pytest.mark.parametrize(
    ("game", "locale", "average"),
    [
        ("crapette", "en-US", "avg 45.5 cards left"),
        ("crapette", "fr", "moy. 45,5 cartes restantes"),
        ("crapette", "de", "Ø 45,5 Karten übrig"),
        ("hearts", "en-US", "avg 45.5 pts"),
        ("barbu", "de", "Ø 45,5 Pkt."),
    ],
)
def test_the_average_says_what_it_counts(game: str, locale: str, average: str) -> None:
    page = RatingPage(game=game, page=0, page_size=10, total=1, players=(DAVE,), viewer=None)
    embed = rating_embed(page, {}, locale, guild_name="Table Top", viewer_id=None, viewer_name="Dave")
    assert average in (embed.description or "")
    assert ratings_text([(game, DAVE)], locale).endswith(average)


@pytest.mark.parametrize(
    ("locale", "last_one", "last_four"),
    [
        ("en-US", "Last game: 🥈", "Last 4 games, the newest on the right: 🥇 4️⃣ 🏳️ 🥉"),
        ("fr", "Dernière partie\xa0: 🥈", "4 dernières parties, la plus récente à droite\xa0: 🥇 4️⃣ 🏳️ 🥉"),
        ("de", "Letzte Partie: 🥈", "Letzte 4 Partien, die neueste rechts: 🥇 4️⃣ 🏳️ 🥉"),
    ],
)
def test_stats_show_the_places_of_the_latest_games_under_each_games_line(
    locale: str, last_one: str, last_four: str
) -> None:
    """A player coming back sees how they did lately: a place per game, oldest first, 🏳️ for a game given up;
    a game with no recent places shows only its line."""
    recent = {
        "hearts": (RecentPlace(1), RecentPlace(4), RecentPlace(3, forfeited=True), RecentPlace(3)),
        "crapette": (RecentPlace(2),),
    }
    text = ratings_text([("barbu", DAVE), ("crapette", DAVE), ("hearts", DAVE)], locale, recent)
    lines = text.split("\n")
    assert len(lines) == 5
    assert lines[2] == last_one and lines[4] == last_four
    assert ratings_text([("hearts", DAVE)], locale) == lines[3], "no places asked for, none shown"
