"""Login, READY, guild availability, command sync, slash commands, ephemeral replies, follow-ups, restart."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
import discord
import pytest

from bot.emulator import Emulator, MessageFlag, RunningClient
from tests.emulator.conftest import Scene
from tests.emulator.sample_bot import SampleBot

StartClient = Callable[..., Awaitable[RunningClient[Any]]]


async def test_login_ready_and_guild_available(emulator: Emulator, start_client: StartClient) -> None:
    guild = emulator.world.add_guild("Cards", locale="fr")
    general = guild.add_text_channel("general")
    running: RunningClient[SampleBot] = await start_client(SampleBot)
    bot = running.client
    assert bot.setup_done
    assert bot.user is not None and bot.user.id == emulator.world.bot_user.id
    assert bot.application_id == emulator.world.application_id
    dguild = bot.get_guild(guild.id)
    assert dguild is not None and dguild.name == "Cards"
    assert str(dguild.preferred_locale) == "fr"
    assert dguild.get_channel(general.id) is not None
    assert dguild.me is not None and dguild.me.guild_permissions.send_messages
    assert dguild.member_count == len(guild.members)
    assert dguild.owner_id == guild.owner_id
    assert bot.ready_count == 1
    assert emulator.gateway.identify_count == 1
    identify = emulator.gateway.identifies[0]
    assert identify["intents"] == bot.intents.value
    # discord.py asked for zlib-stream compression and got it
    assert emulator.gateway.connections[0].compress == "zlib-stream"
    assert [r.route for r in emulator.requests[:2]] == ["GET /users/@me", "GET /oauth2/applications/@me"]
    assert all(r.status < 400 for r in emulator.requests)


async def test_command_sync_is_visible_in_the_world(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    world = scene.emu.world
    names = {c.name for c in world.global_commands()}
    assert {"ping", "game", "play", "counter", "feedback"} <= names
    game = world.find_command("game", scene.guild)
    assert game is not None and game.id > 0
    assert sorted(o["name"] for o in game.payload["options"]) == ["join", "new", "settings"]
    synced = scene.emu.requests_to("PUT /applications/{application_id}/commands")
    assert len(synced) == 1 and synced[0].status == 200
    # discord.py can read them back
    fetched = await bot.client.tree.fetch_commands()
    assert {c.name for c in fetched} == names
    assert next(c for c in fetched if c.name == "game").id == game.id


async def test_slash_reply(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    result = await scene.emu.slash(scene.alice, scene.general, "ping")
    response = await result.response()
    assert response.type == 4
    assert response.content == "pong"
    assert not response.ephemeral
    message = scene.general.messages[-1]
    assert message is result.original
    assert message.content == "pong"
    assert message.author is scene.emu.world.bot_user
    assert message.interaction is result.interaction
    assert message.visible_to(scene.bob)
    assert response.elapsed < 1


async def test_subcommands_options_and_locale(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    emu = scene.emu
    result = await emu.slash(scene.alice, scene.general, "game new", options={"expert": True, "players": 3})
    assert (await result.response()).content == "new game expert=True players=3 locale=fr"
    nested = await emu.slash(scene.bob, scene.general, "game settings speed", options={"speed": "fast"})
    assert (await nested.response()).content == "speed fast"
    data = nested.interaction.data
    assert data["options"][0]["type"] == 2 and data["options"][0]["options"][0]["type"] == 1
    who = await emu.slash(scene.alice, scene.general, "whois", options={"member": scene.bob})
    assert (await who.response()).content == f"Bob ({scene.bob.id})"
    with pytest.raises(ValueError, match="no subcommand"):
        await emu.slash(scene.alice, scene.general, "game nope")
    with pytest.raises(ValueError, match="must be one of"):
        await emu.slash(scene.alice, scene.general, "game settings speed", options={"speed": "warp"})
    with pytest.raises(ValueError, match="no option"):
        await emu.slash(scene.alice, scene.general, "ping", options={"x": 1})
    with pytest.raises(ValueError, match="is a group"):
        await emu.slash(scene.alice, scene.general, "game")


async def test_ephemeral_reply_is_only_visible_to_its_user(
    scene: Scene, bot: RunningClient[SampleBot]
) -> None:
    emu = scene.emu
    result = await emu.slash(scene.alice, scene.general, "secret")
    response = await result.response()
    assert response.ephemeral and response.content == "only for Alice"
    message = result.original
    assert message is not None and message.flags & MessageFlag.EPHEMERAL
    assert emu.visible_messages(scene.general, viewer=scene.alice) == [message]
    assert emu.visible_messages(scene.general, viewer=scene.bob) == []
    # not reachable through channel endpoints, not in history, not dispatched as MESSAGE_CREATE
    channel = bot.client.get_channel(scene.general.id)
    assert channel is not None
    history = [m async for m in channel.history(limit=10)]  # type: ignore[union-attr]
    assert history == []
    assert not any(f.t == "MESSAGE_CREATE" and f.d["id"] == str(message.id) for f in emu.gateway.frames)


async def test_defer_followup_and_edit_original(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    result = await scene.emu.slash(scene.alice, scene.general, "slow")
    response = await result.response()
    assert response.type == 5 and response.deferred
    second = await result.followup(1)
    original = await result.original_message()
    # the first follow-up filled in the "thinking..." message, then @original was edited
    assert result.followups[0] is original
    assert original.content == "final result"
    assert original.edits[-1]["content"] == "final result"
    assert not original.loading
    assert second.ephemeral and second.content == "second message"
    assert second.visible_to(scene.alice) and not second.visible_to(scene.bob)
    routes = [r.route for r in scene.emu.requests if r.route and "webhooks" in r.route]
    assert routes == [
        "POST /webhooks/{application_id}/{token}",
        "PATCH /webhooks/{application_id}/{token}/messages/@original",
        "POST /webhooks/{application_id}/{token}",
    ]


async def test_file_upload_keeps_attachments(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    result = await scene.emu.slash(scene.alice, scene.general, "chart")
    original = await result.original_message()
    [png] = original.attachments
    assert png.filename == "chart.png" and png.content_type == "image/png"
    assert (png.width, png.height) == (3, 2)
    assert png.data.startswith(b"\x89PNG") and png.size == len(png.data)
    follow = await result.followup()
    assert [(a.filename, a.size) for a in follow.attachments] == [("data.bin", 1000)]
    # discord.py can download it again from the emulator's CDN
    channel = bot.client.get_channel(scene.general.id)
    fetched = await channel.fetch_message(original.id)  # type: ignore[union-attr]
    assert await fetched.attachments[0].read() == png.data
    request = scene.emu.requests_to("POST /interactions/{interaction_id}/{token}/callback")[-1]
    assert request.json["data"]["attachments"] == [{"id": 0, "filename": "chart.png"}]
    assert request.files[0].filename == "chart.png"


async def test_restart_with_a_fresh_client_on_the_same_world(
    scene: Scene, emulator: Emulator, start_client: StartClient
) -> None:
    first: RunningClient[SampleBot] = await start_client(SampleBot)
    await (await emulator.slash(scene.alice, scene.general, "ping")).response()
    ids = {c.name: c.id for c in emulator.world.commands.values()}
    second = await first.restart()
    assert first.stopped and first.client.is_closed()
    assert second.client is not first.client and second.client.is_ready()
    assert emulator.gateway.identify_count == 2
    assert {c.name: c.id for c in emulator.world.commands.values()} == ids  # re-sync keeps command ids
    # the new client sees the old messages through the API and answers new interactions
    channel = second.client.get_channel(scene.general.id)
    assert [m.content async for m in channel.history(limit=5)] == ["pong"]  # type: ignore[union-attr]
    assert (await (await emulator.slash(scene.bob, scene.general, "ping")).response()).content == "pong"
    assert emulator.clients == [first, second]  # the fixtures stop (and check) the second one at teardown


async def test_member_join_and_leave_are_dispatched(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    # the sample bot has the default intents (no members intent): Discord sends nothing
    carol = scene.emu.world.add_user("carol")
    scene.guild.add_member(carol)
    assert not any(f.t == "GUILD_MEMBER_ADD" for f in scene.emu.gateway.frames)


async def test_member_events_with_members_intent(
    scene: Scene, emulator: Emulator, start_client: StartClient
) -> None:
    running: RunningClient[SampleBot] = await start_client(lambda: SampleBot(members=True))
    carol = emulator.world.add_user("carol")
    scene.guild.add_member(carol, nick="Caz")
    await emulator.wait_for(lambda: carol.id in running.client.members_joined)
    dguild = running.client.get_guild(scene.guild.id)
    assert dguild is not None
    member = dguild.get_member(carol.id)
    assert isinstance(member, discord.Member) and member.display_name == "Caz"
    assert dguild.member_count == len(scene.guild.members)
    scene.guild.remove_member(carol)
    await emulator.wait_for(lambda: carol.id in running.client.members_left)
    assert dguild.get_member(carol.id) is None


async def test_localized_names_and_dms(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    emu = scene.emu
    ping = emu.world.find_command("ping", scene.guild)
    assert ping is not None and ping.payload["name_localizations"] == {"fr": "tennis"}
    result = await emu.slash(scene.alice, scene.general, "tennis")  # what a French user types
    assert result.interaction.data["name"] == "ping"
    assert (await result.response()).content == "pong"
    await (await emu.slash(scene.bob, scene.general, "dm")).response()
    dm = emu.world.dm_channel(scene.bob)
    assert [m.content for m in dm.messages] == ["psst"]


async def test_guild_and_channel_created_while_connected(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    emu = scene.emu
    other = emu.world.add_guild("Other", locale="de")
    await emu.wait_for(lambda: bot.client.get_guild(other.id))
    lobby = other.add_text_channel("lobby")
    await emu.wait_for(lambda: bot.client.get_channel(lobby.id))
    fetched = await bot.client.fetch_channel(lobby.id)
    assert isinstance(fetched, discord.TextChannel) and fetched.name == "lobby"
    dave = emu.world.add_user("dave")
    other.add_member(dave)
    assert (await (await emu.slash(dave, lobby, "ping")).response()).content == "pong"


async def test_delete_original_response(scene: Scene, bot: RunningClient[SampleBot]) -> None:
    result = await scene.emu.slash(scene.alice, scene.general, "oops")
    await result.response()
    await scene.emu.wait_for(lambda: result.original is not None and result.original.deleted)
    assert scene.general.messages == []
    assert scene.general.all_messages[0].content == "oops"


async def test_rest_responses_are_exactly_application_json(
    scene: Scene, bot: RunningClient[SampleBot]
) -> None:
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{scene.emu.api_base}/gateway") as resp:
            assert resp.headers["Content-Type"] == "application/json"
            assert (await resp.json())["url"] == scene.emu.gateway_url
        headers = {"Authorization": f"Bot {scene.emu.token}"}
        async with session.get(f"{scene.emu.api_base}/channels/{scene.general.id}", headers=headers) as resp:
            assert resp.headers["Content-Type"] == "application/json"
        async with session.get(f"{scene.emu.api_base}/users/@me") as resp:
            assert resp.status == 401
