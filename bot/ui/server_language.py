"""The language of a server's public messages (lobbies, boards, turn lines, summaries, announcements), read from
an interaction: the one place that turns a server's `/settings` choice and Discord's preferred locale into it.

A table keeps the language it was opened in (`Table.locale`) and follows the server when `/settings` changes it
(`GameService.set_language`); messages that belong to no table (`/leaderboard`, `/history`, a public `/stats`) ask
here each time.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.languages import COMMUNITY_FEATURE, language_of, server_language
from bot.storage.settings import GuildSettings, SettingsStore


def is_community(guild: discord.Guild | None) -> bool:
    """Whether Discord's preferred locale of the server means something: only a Community server chooses it.
    A server the bot has not cached is taken at its word."""
    return guild is None or COMMUNITY_FEATURE in guild.features


def language_for(settings: GuildSettings, interaction: discord.Interaction[Any]) -> str:
    """The public language of the interaction's server, its settings already read."""
    return server_language(
        settings.language, interaction.guild_locale, community=is_community(interaction.guild)
    )


def cached_language(settings: GuildSettings, guild: discord.Guild | None, otherwise: str) -> str:
    """The public language of a server where no interaction carries Discord's locale of it (a table opened from
    the Activity's page): the same rule, its preferred locale and features read off the bot's cache (the guilds
    intent). A server the bot has not cached speaks `otherwise`."""
    if guild is None:
        return server_language(settings.language, otherwise, community=True)
    return server_language(settings.language, guild.preferred_locale, community=is_community(guild))


async def public_language(store: SettingsStore, interaction: discord.Interaction[Any]) -> str:
    """The language everyone in the channel reads: the server's (see `bot.languages.server_language`); in a
    direct message, the user's own."""
    if interaction.guild_id is None:
        return language_of(interaction.locale)
    return language_for(await store.get(interaction.guild_id), interaction)
