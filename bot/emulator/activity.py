"""What the local Discord knows of Activities: who launched one where, the OAuth2 flow that tells an Activity's
server who is at the other end, and the entry point command.

- **Launch.** A bot answers an interaction with `LAUNCH_ACTIVITY` (callback type 12) or a person runs the
  application's entry point command (command type 4; handler 2 `DISCORD_LAUNCH_ACTIVITY` launches without asking
  the bot): the person joins the channel's Activity instance (one per channel, made on first launch), and the
  launch is recorded for the person's Discord client (the playground opens the Activity's frame).
- **OAuth2.** The Discord client answers the SDK's `authorize` with a code (`authorize()`), for that person and
  application. `POST /oauth2/token` (form body; the application's id and secret by HTTP Basic or in the form)
  turns a code, once and within ten minutes, into a Bearer token; `GET /users/@me` with that token is that person
  (with the bot's token, the bot). A code or token that is unknown, used, expired or another application's is
  refused the way Discord refuses it (400 `invalid_grant`, 401).
- **Instances.** `GET /applications/{id}/activity-instances/{instance_id}` (bot token) gives the instance's
  channel and the people in it, or 404.

Routes are registered by `RestApi` (`register_routes`); the interaction callback calls `launch`.
"""

from __future__ import annotations

import base64
import secrets
from dataclasses import dataclass, field
from datetime import timedelta
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs

from bot.emulator.entry_point import ENTRY_POINT
from bot.emulator.records import ApiError

if TYPE_CHECKING:
    from bot.emulator.emulator import Emulator, InteractionResult
    from bot.emulator.rest import Call, RestApi
    from bot.emulator.world import Channel, User

CODE_LIFETIME = timedelta(minutes=10)
TOKEN_LIFETIME = timedelta(days=7)  # Discord's `expires_in` of 604800 s
DISCORD_LAUNCH_ACTIVITY = 2  # an entry point command's handler: Discord launches the Activity itself
UNKNOWN_INSTANCE = {"message": "404: Not Found", "code": 0}


@dataclass
class ActivityInstance:
    instance_id: str
    launch_id: int
    channel: Channel
    users: list[int] = field(default_factory=list)

    def payload(self, application_id: int) -> dict[str, Any]:
        guild = self.channel.guild
        kind = "gc" if guild is not None else "pc"
        location_id = f"{kind}-{guild.id}-{self.channel.id}" if guild is not None else f"pc-{self.channel.id}"
        location: dict[str, Any] = {"id": location_id, "kind": kind, "channel_id": str(self.channel.id)}
        if guild is not None:
            location["guild_id"] = str(guild.id)
        return {
            "application_id": str(application_id),
            "instance_id": self.instance_id,
            "launch_id": str(self.launch_id),
            "location": location,
            "users": [str(user) for user in self.users],
        }


@dataclass(frozen=True)
class Launch:
    """A person's Discord client opened the Activity: what it puts in the frame's address."""

    user: User
    instance: ActivityInstance
    number: int  # a launch's sequence number (the playground opens each once)

    def query(self, application_id: int) -> dict[str, str]:
        channel = self.instance.channel
        query = {
            "instance_id": self.instance.instance_id,
            "frame_id": f"frame-{self.number}",
            "platform": "desktop",
            "channel_id": str(channel.id),
            "client_id": str(application_id),
        }
        if channel.guild is not None:
            query["guild_id"] = str(channel.guild.id)
        return query


@dataclass
class _Grant:
    user: User
    client_id: int
    scopes: tuple[str, ...]
    created_at: Any
    used: bool = False


@dataclass
class _AccessToken:
    user: User
    scopes: tuple[str, ...]
    expires_at: Any


class Activities:
    """The application's Activity as Discord keeps it (see the module docstring)."""

    def __init__(self, emulator: Emulator) -> None:
        self.emu = emulator
        self.enabled = True  # "Activities" switched on in the developer portal
        self.client_secret = secrets.token_urlsafe(24)  # the application's OAuth2 secret
        self.instances: dict[str, ActivityInstance] = {}
        self.launches: list[Launch] = []
        self.exchanges = 0  # codes turned into tokens (tests read it)
        self._codes: dict[str, _Grant] = {}
        self._tokens: dict[str, _AccessToken] = {}

    # -- what people do ------------------------------------------------------------------------------------------

    def launch(self, user: User, channel: Channel) -> ActivityInstance:
        """``user`` opens the Activity in ``channel``: they join its instance (made on the first launch there)."""
        instance = next((found for found in self.instances.values() if found.channel is channel), None)
        if instance is None:
            launch_id = self.emu.world.snowflakes.next()
            location = (
                f"gc-{channel.guild.id}-{channel.id}" if channel.guild is not None else f"pc-{channel.id}"
            )
            instance = ActivityInstance(f"i-{launch_id}-{location}", launch_id, channel)
            self.instances[instance.instance_id] = instance
        if user.id not in instance.users:
            instance.users.append(user.id)
        self.launches.append(Launch(user, instance, len(self.launches) + 1))
        self.emu.notify_change()
        return instance

    def leave(self, user: User, instance_id: str) -> None:
        """``user`` closes the Activity; the instance ends with its last person."""
        instance = self.instances.get(instance_id)
        if instance is None:
            return
        if user.id in instance.users:
            instance.users.remove(user.id)
        if not instance.users:
            del self.instances[instance_id]
        self.emu.notify_change()

    def run_entry_point(self, user: User, channel: Channel) -> InteractionResult | ActivityInstance:
        """``user`` picks the app in the App Launcher (its entry point command) in ``channel``: with handler 2
        Discord launches the Activity itself (the instance is returned); with handler 1 the bot gets the
        interaction (an APPLICATION_COMMAND whose data has type 4) and answers it."""
        world = self.emu.world
        command = next((found for found in world.global_commands() if found.type == ENTRY_POINT), None)
        if command is None:
            raise ValueError("the app has no entry point command")
        if command.payload.get("handler") == DISCORD_LAUNCH_ACTIVITY:
            return self.launch(user, channel)
        data = {"id": str(command.id), "name": command.name, "type": ENTRY_POINT}
        return self.emu._dispatch_interaction(2, user, channel, data, command_name=command.name)

    def authorize(self, user: User, client_id: int, scopes: list[str]) -> str:
        """What the Discord client answers the SDK's ``commands.authorize``: a code for ``user`` and the app."""
        if client_id != self.emu.world.application_id:
            raise ValueError("authorize: unknown client_id")
        if "identify" not in scopes:
            raise ValueError("authorize: this Activity needs the identify scope")
        code = secrets.token_urlsafe(24)
        self._codes[code] = _Grant(user, client_id, tuple(scopes), self.emu.clock.now())
        return code

    # -- routes ----------------------------------------------------------------------------------------------

    def register_routes(self, rest: RestApi) -> None:
        rest.router.add("POST", "/oauth2/token", self.token, auth=False)
        rest.router.add("GET", "/users/@me", self.current_user, auth=False)
        rest.router.add(
            "GET", "/applications/{application_id}/activity-instances/{instance_id}", self.get_instance
        )

    async def token(self, call: Call) -> Any:
        """``POST /oauth2/token``: an authorization code for an access token (the OAuth2 answer shape)."""
        form = _form(call.body)
        client_id, secret = _client_credentials(call.record.headers.get("Authorization", ""), form)
        world = self.emu.world
        if client_id != str(world.application_id) or not secrets.compare_digest(
            secret.encode(), self.client_secret.encode()
        ):
            raise ApiError(401, 0, "invalid_client", body={"error": "invalid_client"})
        if form.get("grant_type") != "authorization_code":
            raise ApiError(400, 0, "unsupported_grant_type", body={"error": "unsupported_grant_type"})
        grant = self._codes.get(form.get("code", ""))
        now = self.emu.clock.now()
        if (
            grant is None
            or grant.used
            or now - grant.created_at > CODE_LIFETIME
            or grant.client_id != world.application_id
        ):
            body = {"error": "invalid_grant", "error_description": 'Invalid "code" in request.'}
            raise ApiError(400, 0, "invalid_grant", body=body)
        grant.used = True
        self.exchanges += 1
        access = secrets.token_urlsafe(24)
        self._tokens[access] = _AccessToken(grant.user, grant.scopes, now + TOKEN_LIFETIME)
        return {
            "access_token": access,
            "token_type": "Bearer",
            "expires_in": int(TOKEN_LIFETIME.total_seconds()),
            "refresh_token": secrets.token_urlsafe(24),
            "scope": " ".join(grant.scopes),
        }

    async def current_user(self, call: Call) -> Any:
        """``GET /users/@me``: the bot (bot token) or the person a Bearer token was given for."""
        world = self.emu.world
        authorization = call.record.headers.get("Authorization", "")
        if authorization == f"Bot {world.token}":
            return world.payloads.current_user()
        scheme, _, value = authorization.partition(" ")
        access = self._tokens.get(value) if scheme == "Bearer" else None
        if access is None or self.emu.clock.now() > access.expires_at or "identify" not in access.scopes:
            raise ApiError(401, 0, "401: Unauthorized")
        data = world.payloads.user(access.user)
        data.update({"locale": access.user.locale, "mfa_enabled": False, "premium_type": 0})
        return data

    async def get_instance(self, call: Call) -> Any:
        world = self.emu.world
        if call.params.get("application_id") != str(world.application_id):
            raise ApiError(403, 50001, "Missing Access")
        instance = self.instances.get(call.params["instance_id"])
        if instance is None:
            raise ApiError(404, 0, "404: Not Found", body=dict(UNKNOWN_INSTANCE))
        return instance.payload(world.application_id)


def _form(body: Any) -> dict[str, str]:
    """An ``application/x-www-form-urlencoded`` body (the emulator keeps a body that is not JSON as text)."""
    if isinstance(body, dict):  # tolerate JSON, as a test may send
        return {str(key): str(value) for key, value in body.items()}
    text = body if isinstance(body, str) else ""
    return {key: values[0] for key, values in parse_qs(text).items()}


def _client_credentials(authorization: str, form: dict[str, str]) -> tuple[str, str]:
    scheme, _, value = authorization.partition(" ")
    if scheme == "Basic":
        try:
            client_id, _, secret = base64.b64decode(value).decode().partition(":")
        except (ValueError, UnicodeDecodeError):
            return "", ""
        return client_id, secret
    return form.get("client_id", ""), form.get("client_secret", "")
