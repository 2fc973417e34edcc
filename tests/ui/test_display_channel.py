"""The board's channel is found in its own server: `Client.get_channel` walks every server the bot is in."""

from __future__ import annotations

from unittest.mock import MagicMock

import discord

from bot.service.games import GameService
from bot.ui.display import TableDisplay
from tests.games.thegame.ui.tables import new_table


class Client:
    def __init__(self, guilds: dict[int, object]) -> None:
        self.guilds = guilds
        self.walked = 0

    def get_guild(self, guild_id: int) -> object | None:
        return self.guilds.get(guild_id)

    def get_channel(self, channel_id: int) -> object | None:
        self.walked += 1  # discord.py: every server's channels and threads, one server after another
        for guild in self.guilds.values():
            found = guild.get_channel_or_thread(channel_id)  # type: ignore[attr-defined]
            if found is not None:
                return found
        return None

    def get_partial_messageable(self, channel_id: int) -> object:
        return ("partial", channel_id)


def guild_with(channel_id: int) -> MagicMock:
    channel = MagicMock(spec=discord.TextChannel)
    guild = MagicMock()
    guild.get_channel_or_thread.side_effect = lambda wanted: channel if wanted == channel_id else None
    return guild


def display_for(client: Client) -> TableDisplay:
    return TableDisplay(client, games=GameService(store=None), settings=None)  # type: ignore[arg-type]


def test_the_channel_is_found_in_the_table_s_server_without_walking_every_server() -> None:
    table = new_table(2, ai=())
    client = Client(
        {table.guild_id + 1: guild_with(table.channel_id + 1), table.guild_id: guild_with(table.channel_id)}
    )
    channel = display_for(client)._channel(table)
    assert channel is client.guilds[table.guild_id].get_channel_or_thread(table.channel_id)  # type: ignore[attr-defined]
    assert client.walked == 0


def test_a_channel_its_server_does_not_hold_is_still_found_or_reached_by_its_id() -> None:
    table = new_table(2, ai=())
    elsewhere = Client({table.guild_id + 1: guild_with(table.channel_id)})
    assert isinstance(display_for(elsewhere)._channel(table), discord.TextChannel)
    assert display_for(Client({}))._channel(table) == ("partial", table.channel_id)
