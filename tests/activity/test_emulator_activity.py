"""What the local Discord knows of Activities, as Discord documents it: the OAuth2 code exchange, `users/@me` with a
Bearer token, instances, the launch-activity response and the entry point command."""

from __future__ import annotations

import base64
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp

from bot.app import TheGameBot, create_bot
from bot.emulator import Emulator, RunningClient
from bot.emulator.world import ApplicationCommand
from tests.activity.conftest import World
from tests.e2e.conftest import bot_settings


def basic(emulator: Emulator, secret: str | None = None) -> dict[str, str]:
    value = f"{emulator.world.application_id}:{secret or emulator.activities.client_secret}"
    return {"Authorization": "Basic " + base64.b64encode(value.encode()).decode()}


async def test_a_code_becomes_a_token_once_and_the_token_is_that_person(
    emulator: Emulator, world: World
) -> None:
    code = emulator.activities.authorize(world.bob, emulator.world.application_id, ["identify"])
    form = {"grant_type": "authorization_code", "code": code}
    async with aiohttp.ClientSession() as http:
        async with http.post(
            f"{emulator.api_base}/oauth2/token", data=form, headers=basic(emulator, "x")
        ) as r:
            assert r.status == 401  # the wrong secret
        async with http.post(f"{emulator.api_base}/oauth2/token", data=form, headers=basic(emulator)) as r:
            assert r.status == 200
            token = (await r.json())["access_token"]
        async with http.post(f"{emulator.api_base}/oauth2/token", data=form, headers=basic(emulator)) as r:
            assert r.status == 400 and (await r.json())["error"] == "invalid_grant"  # used already
        bearer = {"Authorization": f"Bearer {token}"}
        async with http.get(f"{emulator.api_base}/users/@me", headers=bearer) as r:
            me = await r.json()
        assert me["id"] == str(world.bob.id) and me["locale"] == "fr"
        async with http.get(
            f"{emulator.api_base}/users/@me", headers={"Authorization": "Bearer forged"}
        ) as r:
            assert r.status == 401


async def test_an_instance_names_its_channel_and_people(emulator: Emulator, world: World) -> None:
    instance = emulator.activities.launch(world.alice, world.channel)
    assert emulator.activities.launch(world.bob, world.channel) is instance  # one per channel
    path = f"/applications/{emulator.world.application_id}/activity-instances/{instance.instance_id}"
    headers = {"Authorization": f"Bot {emulator.token}"}
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{emulator.api_base}{path}", headers=headers) as r:
            data = await r.json()
        assert data["location"]["channel_id"] == str(world.channel.id)
        assert data["users"] == [str(world.alice.id), str(world.bob.id)]
        async with http.get(f"{emulator.api_base}{path}x", headers=headers) as r:
            assert r.status == 404


async def test_the_global_sync_keeps_the_entry_point_discord_made(
    emulator: Emulator, world: World, start_client: Callable[..., Any], tmp_path: Path
) -> None:
    """An app that enables Activities gets an entry point command; a global overwrite without it is refused
    (50240): the bot (even without an Activity of its own) sends it back with its commands."""
    world_ = emulator.world
    launch = ApplicationCommand(
        id=world_.snowflakes.next(),
        application_id=world_.application_id,
        guild_id=None,
        payload={"name": "launch", "description": "Launch", "type": 4, "handler": 2},
        version=world_.snowflakes.next(),
    )
    world_.commands[launch.id] = launch
    running: RunningClient[TheGameBot] = await start_client(lambda: create_bot(bot_settings(tmp_path)))
    assert running.client.settings.activity_enabled is False
    names = {(c.name, c.type) for c in world_.global_commands()}
    assert ("launch", 4) in names and ("game", 1) in names
    refused = [r for r in emulator.requests if r.route and r.route.startswith("PUT") and r.status == 400]
    assert refused == []
