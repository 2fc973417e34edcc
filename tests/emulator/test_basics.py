"""Login, READY, guild availability, command sync and a slash command round trip."""

from __future__ import annotations

import discord

from tests.emulator import Emulator, RunningClient
from tests.emulator.sample_bot import SampleBot


async def test_login_ready_and_guild_available(emulator: Emulator, start_client) -> None:
    guild = emulator.world.add_guild("Cards", locale="fr")
    general = guild.add_text_channel("general")
    running: RunningClient[SampleBot] = await start_client(SampleBot)
    bot = running.client
    assert bot.setup_done
    assert bot.user is not None and bot.user.id == emulator.world.bot_user.id
    dguild = bot.get_guild(guild.id)
    assert dguild is not None and dguild.name == "Cards"
    assert str(dguild.preferred_locale) == "fr"
    assert dguild.get_channel(general.id) is not None
    assert dguild.me is not None
    assert dguild.member_count == len(guild.members)
    assert bot.ready_count == 1


async def test_slash_reply(emulator: Emulator, start_client) -> None:
    guild = emulator.world.add_guild("Cards")
    general = guild.add_text_channel("general")
    alice = emulator.world.add_user("alice", locale="de")
    guild.add_member(alice)
    await start_client(SampleBot)
    result = await emulator.slash(alice, general, "ping")
    response = await result.response()
    assert response.type == 4
    assert response.content == "pong"
    assert general.messages[-1].content == "pong"
    assert not response.ephemeral
    assert isinstance(discord.__version__, str)
