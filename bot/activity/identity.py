"""Who is at the other end of an Activity's page, proven by Discord, never taken from the page.

The page asks Discord's client for an OAuth2 code (the SDK's `authorize`) and sends it with the Activity's
instance id. The server exchanges the code for a token with the application's secret (`POST /oauth2/token`), asks
Discord who the token belongs to (`GET /users/@me`), then asks Discord where that instance runs and who is in it
(`GET /applications/{id}/activity-instances/{instance}`, with the bot's token): the person must be in it, and the
instance's channel is the one whose table they see. Then the page gets a ticket of the server's own (random,
kept in memory, for this person and channel only); Discord's token is dropped, and it, the code and the secret
never reach the page or a log.
"""

from __future__ import annotations

import base64
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import aiohttp

log = logging.getLogger(__name__)

TICKET_LIFETIME = 12 * 60 * 60  # seconds: a page open all evening reconnects without a new code
DISCORD_TIMEOUT = aiohttp.ClientTimeout(total=10)


class NotAuthenticated(Exception):
    """Discord did not vouch for this person here (a bad or used code, not in the instance, Discord down); the
    message is for the log, never the secret or a token."""


@dataclass(frozen=True, slots=True)
class Viewer:
    """A person proven by Discord, in the channel of their Activity instance."""

    user_id: int
    name: str
    locale: str
    channel_id: int
    guild_id: int | None
    instance_id: str


class DiscordIdentity:
    """The OAuth2 exchange and the instance check, against `api_base` (Discord's API, or the local emulator)."""

    def __init__(
        self, *, api_base: str, client_id: int, client_secret: str, bot_token: Callable[[], str]
    ) -> None:
        self._api_base = api_base.rstrip("/")
        self._client_id = client_id
        self._secret = client_secret
        self._bot_token = bot_token
        self._session: aiohttp.ClientSession | None = None

    def _http(self) -> aiohttp.ClientSession:
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession(timeout=DISCORD_TIMEOUT)
        return self._session

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()

    async def viewer(self, code: str, instance_id: str) -> Viewer:
        try:
            access = await self._exchange(code)
            user = await self._get("/users/@me", f"Bearer {access}")
            instance = await self._get(
                f"/applications/{self._client_id}/activity-instances/{instance_id}",
                f"Bot {self._bot_token()}",
            )
        except (aiohttp.ClientError, TimeoutError, ValueError) as error:
            raise NotAuthenticated(f"Discord could not be asked ({type(error).__name__})") from None
        user_id = int(user["id"])
        if str(user_id) not in [str(found) for found in instance.get("users", [])]:
            raise NotAuthenticated(f"user {user_id} is not in the Activity instance")
        location = instance.get("location") or {}
        guild = location.get("guild_id")
        return Viewer(
            user_id=user_id,
            name=str(user.get("global_name") or user.get("username") or user_id),
            locale=str(user.get("locale") or "en-US"),
            channel_id=int(location["channel_id"]),
            guild_id=int(guild) if guild else None,
            instance_id=instance_id,
        )

    async def _exchange(self, code: str) -> str:
        form = {"grant_type": "authorization_code", "code": code}
        basic = base64.b64encode(f"{self._client_id}:{self._secret}".encode()).decode()
        headers = {"Authorization": f"Basic {basic}"}
        async with self._http().post(
            f"{self._api_base}/oauth2/token", data=form, headers=headers
        ) as response:
            if response.status != 200:
                raise NotAuthenticated(f"Discord refused the code (HTTP {response.status})")
            body: dict[str, Any] = await response.json()
        token = body.get("access_token")
        if not isinstance(token, str) or "identify" not in str(body.get("scope", "")).split():
            raise NotAuthenticated("Discord's answer had no token for the identify scope")
        return token

    async def _get(self, path: str, authorization: str) -> dict[str, Any]:
        async with self._http().get(
            f"{self._api_base}{path}", headers={"Authorization": authorization}
        ) as response:
            if response.status != 200:
                raise NotAuthenticated(f"Discord answered HTTP {response.status} to GET {path.split('/')[1]}")
            body = await response.json()
        if not isinstance(body, dict):
            raise NotAuthenticated("Discord's answer was not an object")
        return body


class Tickets:
    """The server's own tickets: a random string per proven person, kept in memory only."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._viewers: dict[str, tuple[Viewer, float]] = {}

    def issue(self, viewer: Viewer) -> str:
        self._drop_expired()
        ticket = secrets.token_urlsafe(32)
        self._viewers[ticket] = (viewer, self._clock() + TICKET_LIFETIME)
        return ticket

    def viewer(self, ticket: object) -> Viewer | None:
        """The person a ticket was issued to, or None (unknown, expired, not a string)."""
        if not isinstance(ticket, str):
            return None
        found = self._viewers.get(ticket)
        if found is None or found[1] < self._clock():
            return None
        return found[0]

    def _drop_expired(self) -> None:
        now = self._clock()
        for ticket in [ticket for ticket, (_, until) in self._viewers.items() if until < now]:
            del self._viewers[ticket]
