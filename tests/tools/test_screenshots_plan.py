"""`make screenshots` plays the games the published pictures need, in their languages; `--all` plays them all."""

from __future__ import annotations

from tools.screenshots.__main__ import LANGUAGES, arguments, plan
from tools.screenshots.pictures import PUBLISHED, RENAMED
from tools.screenshots.scenes import SCENES


def test_every_published_picture_comes_from_a_scene_played_by_default() -> None:
    played = set(plan(arguments([])))
    for name in PUBLISHED:
        game, language = name.split("-")[0], name.rsplit("-", 1)[1]
        assert game in SCENES and language in LANGUAGES, name
        assert (game, language) in played, name
    assert set(RENAMED) <= PUBLISHED


def test_all_plays_every_game_in_every_language() -> None:
    assert len(plan(arguments(["--all"]))) == len(SCENES) * len(LANGUAGES)
    assert plan(arguments(["--game", "hearts", "--language", "fr"])) == [("hearts", "fr")]
