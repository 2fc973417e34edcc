"""Channel messages (send, edit, delete, fetch, history), reactions, message content intent, threads."""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
import discord
import pytest

from bot.emulator import Emulator, Perm, RunningClient
from tests.emulator.conftest import Scene
from tests.emulator.sample_bot import SampleBot, tiny_png

StartClient = Callable[..., Awaitable[RunningClient[Any]]]


async def test_channel_message_send_edit_react(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    emu = scene.emu
    result = await emu.slash(scene.alice, scene.general, "announce", options={"text": "Hello"})
    done = await result.followup()
    assert done.content == "announced" and done.ephemeral
    posted = await emu.wait_for_message(scene.general, lambda m: m.content.startswith("Hello"))
    assert posted.content == "Hello (edited)" and posted.edited
    assert posted.reactions == {"👍": [emu.world.bot_user.id]} and posted.bot_reacted("👍")
    assert posted.interaction is None and posted.webhook_id is None
    routes = [
        r.route for r in emu.requests if r.route and r.route.startswith(("POST /ch", "PATCH /ch", "PUT /ch"))
    ]
    assert routes == [
        "POST /channels/{channel_id}/messages",
        "PATCH /channels/{channel_id}/messages/{message_id}",
        "PUT /channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me",
    ]
    assert emu.requests_to("POST /channels/{}/messages")[0].json["content"] == "Hello"


async def test_fetch_history_and_delete(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    emu = scene.emu
    client = bot.client
    channel = client.get_channel(scene.general.id)
    assert isinstance(channel, discord.TextChannel)
    sent = [await channel.send(f"message {i}") for i in range(7)]
    assert [m.content for m in scene.general.messages] == [f"message {i}" for i in range(7)]
    fetched = await channel.fetch_message(sent[3].id)
    assert fetched.content == "message 3" and fetched.author == client.user
    history = [m.content async for m in channel.history(limit=None)]
    assert history == [f"message {i}" for i in reversed(range(7))]
    oldest_first = [m.content async for m in channel.history(limit=3, oldest_first=True)]
    assert oldest_first == ["message 0", "message 1", "message 2"]
    after = [m.content async for m in channel.history(after=sent[4])]
    assert after == ["message 5", "message 6"]
    before = [m.content async for m in channel.history(before=sent[2], limit=5)]
    assert before == ["message 1", "message 0"]
    # paginating with a small page size goes through before= repeatedly
    assert len([m async for m in channel.history(limit=150)]) == 7
    await sent[0].delete()
    assert scene.general.all_messages[0].deleted
    with pytest.raises(discord.NotFound):
        await channel.fetch_message(sent[0].id)
    cmd = await emu.slash(scene.alice, scene.general, "history")
    assert (await cmd.response()).content == "6 messages; first='message 1'"


async def test_user_messages_and_message_content_intent(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    emu = scene.emu
    msg = await emu.send_message(scene.alice, scene.general, "I have a 42")
    await emu.wait_for(lambda: bot.client.received)
    [received] = bot.client.received
    assert received.content == "I have a 42" and received.author.id == scene.alice.id
    assert isinstance(received.author, discord.Member)
    await emu.edit_user_message(msg, "I have a 43")
    await emu.wait_for(lambda: bot.client.edits)
    assert bot.client.edits == [("I have a 42", "I have a 43")]
    await emu.delete_message(msg)
    await emu.wait_for(lambda: bot.client.deleted)
    assert bot.client.deleted == [msg.id]
    # a user reply to the bot's reply command
    await emu.send_message(scene.bob, scene.general, "!echo-reply")
    echo = await emu.wait_for_message(scene.general, lambda m: m.content == "echo")
    assert echo.type == 19 and echo.message_reference is not None


async def test_message_content_is_empty_without_the_intent(
    scene: Scene, emulator: Emulator, start_client: StartClient
) -> None:
    running: RunningClient[SampleBot] = await start_client(lambda: SampleBot(message_content=False))
    bot = running.client
    await emulator.send_message(scene.alice, scene.general, "secret 42")
    await emulator.send_message(scene.alice, scene.general, f"{emulator.world.bot_user.mention} hello")
    await emulator.wait_for(lambda: len(bot.received) == 2)
    assert bot.received[0].content == ""  # like Discord: no intent, no content
    assert bot.received[1].content.endswith("hello")  # ...except when the bot is mentioned
    assert scene.general.messages[0].content == "secret 42"  # the world still has it
    # interactions always carry their data
    assert (await (await emulator.slash(scene.alice, scene.general, "ping")).response()).content == "pong"


async def test_user_reactions(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    emu = scene.emu
    message = await (await emu.slash(scene.alice, scene.general, "ping")).original_message()
    await emu.add_reaction(scene.bob, message, "🎉")
    await emu.wait_for(lambda: bot.client.reactions)
    assert bot.client.reactions == [(scene.bob.id, "🎉")]
    assert message.reaction_users("🎉") == [scene.bob.id]
    channel = bot.client.get_channel(scene.general.id)
    fetched = await channel.fetch_message(message.id)  # type: ignore[union-attr]
    assert [(str(r.emoji), r.count, r.me) for r in fetched.reactions] == [("🎉", 1, False)]
    users = [u.id async for u in fetched.reactions[0].users()]
    assert users == [scene.bob.id]
    await emu.remove_reaction(scene.bob, message, "🎉")
    assert message.reactions == {}


async def test_threads(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    emu = scene.emu
    result = await emu.slash(scene.alice, scene.general, "thread", options={"name": "table-1"})
    reply = await result.original_message()
    [thread] = scene.general.threads
    assert thread.name == "table-1" and thread.is_thread
    assert reply.content == f"opened {thread.mention}"
    assert [m.content for m in thread.messages] == ["welcome to table-1"]
    assert bot.client.get_channel(thread.id) is not None
    # a user-created thread is announced and usable
    user_thread = scene.general.add_thread("chat", owner=scene.bob)
    await emu.wait_for(lambda: bot.client.get_channel(user_thread.id))
    answer = await emu.slash(scene.bob, user_thread, "ping")
    assert (await answer.original_message()).channel is user_thread
    # the bot archives, then deletes its thread
    dthread = bot.client.get_channel(thread.id)
    assert isinstance(dthread, discord.Thread)
    await dthread.edit(archived=True)
    assert thread.archived
    await dthread.delete()
    assert thread.deleted and scene.general.threads == [user_thread]
    await emu.wait_for(lambda: bot.client.get_channel(thread.id) is None)


async def test_bot_permissions_are_enforced(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    emu = scene.emu
    scene.general.set_permissions(scene.guild.bot_role, deny=Perm.SEND_MESSAGES)
    channel = bot.client.get_channel(scene.general.id)
    assert isinstance(channel, discord.TextChannel)
    await emu.wait_for(lambda: not channel.permissions_for(channel.guild.me).send_messages)
    with pytest.raises(discord.Forbidden):
        await channel.send("nope")
    # interaction responses do not need channel permissions
    assert (await (await emu.slash(scene.alice, scene.general, "ping")).response()).content == "pong"


async def test_without_history_only_counts_are_kept(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    """What runs long (the playground, the load benchmark, the soak) keeps no record of each request, frame and
    edit, nor deleted messages or files no message shows: only counts per route and per event."""
    emu = scene.emu
    emu.keep_history = False
    channel = bot.client.get_channel(scene.general.id)
    assert isinstance(channel, discord.TextChannel)
    requests, frames = len(emu.requests), len(emu.gateway.frames)
    posts = emu.request_counts["POST /channels/{channel_id}/messages"]
    updates = emu.gateway.dispatch_counts["MESSAGE_UPDATE"]
    sent = await channel.send("chart", file=discord.File(io.BytesIO(tiny_png()), filename="one.png"))
    message = emu.world.get_message(sent.id)
    assert message is not None
    first = message.attachments[0]
    await sent.edit(
        content="chart 2", attachments=[discord.File(io.BytesIO(tiny_png(4, 4)), filename="two.png")]
    )
    second = message.attachments[0]
    assert message.content == "chart 2" and message.edits == []
    async with aiohttp.ClientSession() as session:
        for attachment, status in ((first, 404), (second, 200)):
            async with session.get(attachment.url) as response:
                assert response.status == status, attachment.filename
        await sent.delete()
        assert message.deleted and message not in scene.general.all_messages
        async with session.get(second.url) as response:
            assert response.status == 404, "the deleted message's file"
    assert (len(emu.requests), len(emu.gateway.frames)) == (requests, frames)
    assert emu.request_counts["POST /channels/{channel_id}/messages"] == posts + 1
    assert emu.request_counts["PATCH /channels/{channel_id}/messages/{message_id}"] >= 1
    assert emu.request_counts["DELETE /channels/{channel_id}/messages/{message_id}"] >= 1
    await emu.wait_for(lambda: emu.gateway.dispatch_counts["MESSAGE_UPDATE"] == updates + 1, timeout=5)
