"""A person's Activity page without a browser: launch in a channel, the OAuth2 code, the session, the WebSocket."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

from bot.app import TheGameBot
from bot.config import Settings
from bot.emulator import Emulator, RunningClient
from bot.emulator.world import Channel, User
from tests.e2e.conftest import bot_settings


def activity_settings(tmp_path: Path, emulator: Emulator, **overrides: Any) -> Settings:
    """A bot with an Activity: the emulator's application, its secret and API, its own port (any free one)."""
    return bot_settings(
        tmp_path,
        activity_client_id=emulator.world.application_id,
        activity_client_secret=emulator.activities.client_secret,
        activity_api_base=emulator.api_base,
        activity_port=0,
        **overrides,
    )


def activity_url(running: RunningClient[TheGameBot]) -> str:
    cog: Any = running.client.get_cog("Activity")
    return f"http://127.0.0.1:{cog.port}/"


@dataclass
class Page:
    """One person's page: its WebSocket and the messages it got."""

    socket: aiohttp.ClientWebSocketResponse
    session: aiohttp.ClientSession
    ticket: str
    states: list[dict[str, Any]] = field(default_factory=list)
    answers: list[dict[str, Any]] = field(default_factory=list)
    _next_id: int = 0

    @property
    def state(self) -> dict[str, Any]:
        return self.states[-1]

    async def read(self, timeout: float = 5.0) -> dict[str, Any]:  # noqa: ASYNC109
        message = await self.socket.receive(timeout=timeout)
        if message.type is not aiohttp.WSMsgType.TEXT:
            raise ConnectionError(f"the socket closed: {message.type} {message.data} {message.extra}")
        data: dict[str, Any] = json.loads(message.data)
        if data.get("type") == "state":
            self.states.append(data)
        elif data.get("type") == "answer":
            self.answers.append(data)
        return data

    async def wait_state(
        self,
        predicate: Callable[[dict[str, Any]], bool],
        timeout: float = 5.0,  # noqa: ASYNC109
    ) -> dict[str, Any]:
        if self.states and predicate(self.state):
            return self.state
        async with asyncio.timeout(timeout):
            while True:
                data = await self.read(timeout)
                if data.get("type") == "state" and predicate(data):
                    return data

    async def act(self, action: dict[str, Any], timeout: float = 5.0) -> dict[str, Any]:  # noqa: ASYNC109
        """Send a move; returns its answer (the states that come meanwhile are kept)."""
        self._next_id += 1
        await self.socket.send_str(json.dumps({"type": "act", "id": self._next_id, "action": action}))
        async with asyncio.timeout(timeout):
            while True:
                data = await self.read(timeout)
                if data.get("type") == "answer" and data.get("id") == self._next_id:
                    return data

    async def close(self) -> None:
        await self.socket.close()
        await self.session.close()


async def sign_in(
    emulator: Emulator, base: str, user: User, channel: Channel
) -> tuple[aiohttp.ClientSession, str]:
    """Launch the Activity for ``user`` in ``channel``, get Discord's code as the SDK would, and a ticket."""
    instance = emulator.activities.launch(user, channel)
    code = emulator.activities.authorize(user, emulator.world.application_id, ["identify"])
    session = aiohttp.ClientSession()
    async with session.post(
        f"{base}api/session", json={"code": code, "instance_id": instance.instance_id}
    ) as response:
        assert response.status == 200, await response.text()
        body = await response.json()
    return session, str(body["ticket"])


async def connect(base: str, session: aiohttp.ClientSession, ticket: str) -> Page:
    socket = await session.ws_connect(f"{base}api/ws")
    await socket.send_str(json.dumps({"type": "hello", "ticket": ticket}))
    page = Page(socket, session, ticket)
    await page.wait_state(lambda state: True)
    return page


async def open_page(emulator: Emulator, base: str, user: User, channel: Channel) -> Page:
    session, ticket = await sign_in(emulator, base, user, channel)
    return await connect(base, session, ticket)
