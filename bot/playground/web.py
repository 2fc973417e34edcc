"""The page's routes, served by the emulator's own aiohttp server: the static page, a live event stream per person
and channel (server-sent events), and the actions people take (send, command, click, choose, react, language).

Only the page may drive the page. The server listens on 127.0.0.1, but any web site the person visits could send
requests to it: every request must name this server in its Host header (a site that makes its own name point at
127.0.0.1, DNS rebinding, is refused); the event stream and every action must come from this server's own page
(their Origin, when the browser sends one) and carry the token of this start, which only the page served here
knows (it is written into the page)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any

from aiohttp import web

from bot.activity.server import ActivityServer
from bot.emulator import Channel, Emulator, EmulatorTimeout, InteractionResult, Message, User
from bot.playground import commands
from bot.playground.view import LANGUAGE_OPTION, SETTINGS_COMMAND, channel_view, server_languages, world_view
from bot.playground.world import LANGUAGES, Playground
from bot.ui.i18n import t

log = logging.getLogger(__name__)

STATIC_FILES = {
    "app.js": "text/javascript",
    "activity.js": "text/javascript",
    "style.css": "text/css",
    "index.html": "text/html",
}
HEARTBEAT_SECONDS = 15.0
# How long an action waits for the bot's answer before the page says "The bot did not answer" (Discord's
# "This interaction failed" comes after 3 seconds).
ANSWER_SECONDS = 3.5
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
TOKEN_HEADER = "X-Playground-Token"  # the actions carry the token in it, the event stream as ?token=
TOKEN_PLACEHOLDER = b"{{playground-token}}"
# A browser says where a request comes from: only the page itself (or the person typing the address) may act.
SAME_SITE = {"same-origin", "none"}


class ActionRefused(commands.CommandError):
    """What the person tried cannot be done; the message is shown under the message box, in their language."""


def _static(name: str) -> bytes:
    return resources.files("bot.playground").joinpath("static", name).read_bytes()


class PlaygroundSite:
    def __init__(self, emulator: Emulator, playground: Playground) -> None:
        self.emulator = emulator
        self.playground = playground
        self.closing = False
        self.token = secrets.token_urlsafe(32)  # new on every start
        self.activity: ActivityServer | None = (
            None  # the bot's Activity, served under /activity/ once it runs
        )

    def add_routes(self, app: web.Application) -> None:
        """The page's routes on a new server (again on the next port when a port was taken: that attempt's shutdown
        ended its streams, not this server's)."""
        self.closing = False
        app.middlewares.append(self._addressed_here)
        app.on_shutdown.append(self._end_streams)
        app.router.add_get("/", self.page)
        app.router.add_get("/static/{name}", self.static)
        app.router.add_get("/playground/world", self.world)
        app.router.add_route("*", "/activity/{tail:.*}", self.activity_page)
        app.router.add_get("/playground/events", self._from_the_page(self.events, token_in_query=True))
        for name, handler in {
            "send": self.send,
            "command": self.command,
            "suggest": self.suggest,
            "click": self.click,
            "select": self.select,
            "react": self.react,
            "language": self.language,
            "server_language": self.server_language,
            "activity_authorize": self.activity_authorize,
            "activity_close": self.activity_close,
        }.items():
            app.router.add_post(f"/playground/{name}", self._from_the_page(self._action(handler)))

    # -- who may ask ---------------------------------------------------------------------------------------------

    def origins(self) -> set[str]:
        """The addresses this server answers at (the Host header of a request)."""
        return {f"{host}:{self.emulator.port}" for host in (self.emulator.host, "localhost")}

    @web.middleware
    async def _addressed_here(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Every route of this server (the page, and the local Discord behind it) answers only to its own address."""
        if request.host not in self.origins():
            raise web.HTTPMisdirectedRequest(text="This server only answers at its own address.")
        return await handler(request)

    def _from_the_page(self, handler: Handler, *, token_in_query: bool = False) -> Handler:
        async def checked(request: web.Request) -> web.StreamResponse:
            origin = request.headers.get("Origin")
            if origin is not None and origin not in {f"http://{host}" for host in self.origins()}:
                raise web.HTTPForbidden(text="Only the playground's own page may do that.")
            if request.headers.get("Sec-Fetch-Site", "same-origin") not in SAME_SITE:
                raise web.HTTPForbidden(text="Only the playground's own page may do that.")
            given = (
                request.query.get("token", "") if token_in_query else request.headers.get(TOKEN_HEADER, "")
            )
            if not secrets.compare_digest(given.encode(), self.token.encode()):
                # The page of an earlier start (its token is stale) reloads itself when it sees this.
                raise web.HTTPForbidden(text="The playground restarted: reload the page.")
            return await handler(request)

        return checked

    # -- page and stream -----------------------------------------------------------------------------------------

    async def page(self, request: web.Request) -> web.StreamResponse:
        return web.Response(
            body=_static("index.html").replace(TOKEN_PLACEHOLDER, self.token.encode()),
            content_type="text/html",
            charset="utf-8",
            headers={
                "Cache-Control": "no-store",  # a reload after a restart gets the new token
                "Content-Security-Policy": "frame-ancestors 'none'",  # no other site shows it in a frame
                "Referrer-Policy": "no-referrer",
            },
        )

    async def static(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        if name not in STATIC_FILES:
            raise web.HTTPNotFound()
        return web.Response(
            body=_static(name),
            content_type=STATIC_FILES[name],
            charset="utf-8",
            headers={"Cache-Control": "no-cache"},
        )

    async def world(self, request: web.Request) -> web.StreamResponse:
        return web.json_response(world_view(self.playground))

    async def events(self, request: web.Request) -> web.StreamResponse:
        """Server-sent events: the channel as ``user`` sees it, again whenever it changes."""
        user = self._person(request.query.get("user", ""))
        channel = self._channel(request.query.get("channel", ""))
        response = web.StreamResponse(
            headers={
                "Content-Type": "text/event-stream",
                "Cache-Control": "no-cache",
                "X-Accel-Buffering": "no",
            }
        )
        await response.prepare(request)
        last = ""
        with contextlib.suppress(ConnectionResetError, asyncio.CancelledError):
            while not self.closing:
                snapshot = json.dumps(
                    {
                        "messages": channel_view(self.playground, channel, user),
                        "locale": user.locale,
                        "activity": self._launches(user, channel),
                    },
                    ensure_ascii=False,
                )
                if snapshot != last:
                    last = snapshot
                    await response.write(f"event: channel\ndata: {snapshot}\n\n".encode())
                if not await self.emulator.changed(HEARTBEAT_SECONDS):
                    await response.write(b": still here\n\n")
                await asyncio.sleep(0.05)  # one snapshot for a burst of changes
        return response

    def _launches(self, user: User, channel: Channel) -> list[dict[str, Any]]:
        """The Activity launches of ``user`` in ``channel``: the page opens each one's frame once."""
        application = self.playground.world.application_id
        return [
            {
                "number": launch.number,
                "query": launch.query(application),
                "title": t(user.locale, "activity.frame_title"),
                "close": t(user.locale, "activity.frame_close"),
            }
            for launch in self.emulator.activities.launches
            if launch.user is user and launch.instance.channel is channel
        ]

    async def activity_page(self, request: web.Request) -> web.StreamResponse:
        """The bot's Activity, as Discord's proxy would serve it (under /activity/ here)."""
        if self.activity is None:
            raise web.HTTPServiceUnavailable(text="The bot has no Activity.")
        return await self.activity.handle(request, request.match_info["tail"])

    async def _end_streams(self, app: web.Application) -> None:
        """The server is stopping: let every open stream end now rather than at its next heartbeat."""
        self.closing = True
        self.emulator.notify_change()

    # -- actions -------------------------------------------------------------------------------------------------

    def _action(self, handler: Callable[[dict[str, Any]], Awaitable[Any]]) -> Handler:
        async def handle(request: web.Request) -> web.StreamResponse:
            body: Any = None
            if request.content_type != "application/json":
                raise web.HTTPUnsupportedMediaType(text="The playground's actions are JSON.")
            try:
                body = await request.json()
                if not isinstance(body, dict):
                    raise ActionRefused("playground.error.malformed")
                result = await handler(body)
            except commands.CommandError as refused:  # an ActionRefused too
                person = self.playground.person(str(body.get("user", ""))) if isinstance(body, dict) else None
                text = refused.text(person.locale if person is not None else "en")
                return web.json_response({"error": text}, status=400)
            except web.HTTPException:
                raise
            except (ValueError, KeyError) as bad:
                # The emulator refuses what Discord's client would not let a person do (a disabled button...).
                return web.json_response({"error": str(bad)}, status=400)
            return web.json_response(result if result is not None else {"ok": True})

        return handle

    def _person(self, name: str) -> User:
        user = self.playground.person(name)
        if user is None:
            raise web.HTTPNotFound(text=f"Nobody called {name!r} in the playground.")
        return user

    def _channel(self, key: str) -> Channel:
        channel = self.playground.channel(key)
        if channel is None:
            raise web.HTTPNotFound(text=f"No channel {key!r} in the playground.")
        return channel

    def _message(self, body: dict[str, Any], user: User) -> Message:
        found = body.get("message", 0)
        if isinstance(found, bool) or not isinstance(found, int | str):  # a list, an object: a forged request
            raise ActionRefused("playground.error.malformed")
        message = self.playground.world.get_message(int(found))
        if message is None or not message.visible_to(user):
            raise ActionRefused("playground.error.message_gone")
        return message

    async def _answered(self, result: InteractionResult, user: User) -> dict[str, Any]:
        try:
            await result.response(timeout=ANSWER_SECONDS)
        except (EmulatorTimeout, AssertionError):
            return {"error": t(user.locale, "playground.error.no_answer")}
        return {"ok": True}

    async def send(self, body: dict[str, Any]) -> Any:
        user = self._person(str(body.get("user", "")))
        channel = self._channel(str(body.get("channel", "")))
        content = str(body.get("content", "")).strip()
        if not content:
            raise ActionRefused("playground.error.empty")
        if len(content) > 2000:
            raise ActionRefused("playground.error.too_long")
        reply_to = self._message(body, user) if body.get("message") else None
        await self.emulator.send_message(user, channel, content, reply_to=reply_to)
        return None

    async def command(self, body: dict[str, Any]) -> Any:
        user = self._person(str(body.get("user", "")))
        channel = self._channel(str(body.get("channel", "")))
        if commands.is_entry_point(self.emulator, str(body.get("text", ""))):
            # Discord's App Launcher, typed: the bot answers its entry point by opening the Activity (in a channel
            # with no table too, where the page offers to open one).
            launched = self.emulator.activities.run_entry_point(user, channel)
            return await self._answered(launched, user) if isinstance(launched, InteractionResult) else None
        parsed = commands.parse(self.emulator, channel, str(body.get("text", "")))
        options = commands.options_of(parsed, channel)
        result = await self.emulator.slash(user, channel, " ".join(parsed.path), options)
        return await self._answered(result, user)

    async def suggest(self, body: dict[str, Any]) -> Any:
        user = self._person(str(body.get("user", "")))
        channel = self._channel(str(body.get("channel", "")))
        try:
            found = await commands.suggest(self.emulator, user, channel, str(body.get("text", "")))
        except (EmulatorTimeout, AssertionError, ValueError):
            found = []
        return {"suggestions": [s.as_json() for s in found]}

    async def click(self, body: dict[str, Any]) -> Any:
        user = self._person(str(body.get("user", "")))
        message = self._message(body, user)
        result = await self.emulator.click(user, message, str(body.get("custom_id", "")))
        return await self._answered(result, user)

    async def select(self, body: dict[str, Any]) -> Any:
        user = self._person(str(body.get("user", "")))
        message = self._message(body, user)
        values = [str(v) for v in _listed(body, "values")]
        result = await self.emulator.select(user, message, str(body.get("custom_id", "")), values)
        return await self._answered(result, user)

    async def react(self, body: dict[str, Any]) -> Any:
        user = self._person(str(body.get("user", "")))
        message = self._message(body, user)
        emoji = str(body.get("emoji", ""))
        if user.id in message.reactions.get(emoji, []):
            await self.emulator.remove_reaction(user, message, emoji)
        else:
            await self.emulator.add_reaction(user, message, emoji)
        return None

    async def language(self, body: dict[str, Any]) -> Any:
        user = self._person(str(body.get("user", "")))
        locale = str(body.get("locale", ""))
        if locale not in LANGUAGES:
            raise ActionRefused("playground.error.languages", languages=", ".join(LANGUAGES.values()))
        user.locale = locale
        self.emulator.notify_change()
        return None

    async def activity_authorize(self, body: dict[str, Any]) -> Any:
        """The Discord client's answer to the SDK's ``authorize`` in the Activity's frame: a code for this person."""
        user = self._person(str(body.get("user", "")))
        scopes = [str(scope) for scope in _listed(body, "scope")]
        try:
            code = self.emulator.activities.authorize(user, int(str(body.get("client_id", "0"))), scopes)
        except ValueError as refused:
            return {"error": str(refused)}
        return {"code": code}

    async def activity_close(self, body: dict[str, Any]) -> Any:
        user = self._person(str(body.get("user", "")))
        self.emulator.activities.leave(user, str(body.get("instance_id", "")))
        return None

    async def server_language(self, body: dict[str, Any]) -> Any:
        """The server's language, as its owner sets it on Discord: `/settings language:<value>`, sent as the owner
        (whoever plays in this tab; the answer goes to the owner, as Discord's would)."""
        user = self._person(str(body.get("user", "")))
        channel = self._channel(str(body.get("channel", "")))
        value = str(body.get("value", ""))
        choices = server_languages(self.playground)
        if value not in {choice["value"] for choice in choices}:
            names = ", ".join(choice["name"] for choice in choices)
            raise ActionRefused("playground.error.languages", languages=names)
        owner = self.playground.guild.owner
        result = await self.emulator.slash(owner, channel, SETTINGS_COMMAND, {LANGUAGE_OPTION: value})
        answer = await self._answered(result, user)
        if "error" not in answer:
            self.playground.server_language = value
            self.emulator.notify_change()
        return answer


def _listed(body: dict[str, Any], name: str) -> list[Any]:
    """A field the page sends as a list (absent: empty); anything else is a forged request."""
    found = body.get(name) or []
    if not isinstance(found, list):
        raise ActionRefused("playground.error.malformed")
    return found
