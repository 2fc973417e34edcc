"""The settings panel is the server's, for every game at its tables: its title names no single game."""

from __future__ import annotations

import pytest

from bot.games.registry import GAMES
from bot.storage.settings import GuildSettings
from bot.ui.i18n import t
from bot.ui.settings_panel import settings_embed


@pytest.mark.parametrize("locale", ["en-US", "fr", "de"])
def test_the_settings_title_names_the_server_not_one_game(locale: str) -> None:
    embed = settings_embed(GuildSettings(), 0, locale, language="en")
    title = embed.title or ""
    assert title.startswith("⚙️ ")
    for game in GAMES:
        assert t(locale, f"game.{game}.name") not in title, f"a Hearts server read {title!r}"
