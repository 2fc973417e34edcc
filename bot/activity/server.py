"""The Activity's web server, in the bot's process (aiohttp): the built page, its texts, the card faces, the session
(the OAuth2 code exchange) and one WebSocket per person.

Routes, relative to wherever the server is mounted (`/` behind Discord's URL mapping, `/activity/` in the
playground), so the page's relative addresses work in both:

| route | what |
| --- | --- |
| `GET /` | the page (`web/activity/dist/index.html`, built by `make activity`) |
| `GET /assets/<file>` | its script and style |
| `GET /api/config` | the application's client id, for the SDK |
| `GET /api/texts?locale=fr` | the page's texts in a language (`activity.*` of the catalogs) |
| `GET /api/cards/<QS>.png` | a French-suited card face, drawn by the bot's own renderer at 4x (`back.png`: its back) |
| `POST /api/session` | `{code, instance_id}` -> `{ticket, user}`: Discord vouched for this person here |
| `GET /api/ws` | the WebSocket: `{"type": "hello", "ticket": ...}` first, then `{"type": "act", ...}` |
| `GET /api/picture?ticket=...&v=...` | the board's picture of the person's table (games drawn by the bot) |

Every identity comes from the ticket, which only the session route issues: a user id, table id or seat a message
names is never read.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web

from bot.activity.actions import ActivityActions
from bot.activity.hub import ActivityHub, Connection
from bot.activity.identity import DiscordIdentity, NotAuthenticated, Tickets
from bot.activity.texts import page_texts
from bot.games.cards import Card
from bot.storage.records import RecordStore
from bot.ui.lobby import BoardImage, render_table
from bot.ui.render.card_faces import card_back, card_face
from bot.ui.render.drawing import draw_in_picture_thread

if TYPE_CHECKING:
    from bot.app import TheGameBot

log = logging.getLogger(__name__)

PAGE_DIR = Path(__file__).resolve().parents[2] / "web" / "activity" / "dist"
ASSET_NAME = re.compile(r"^[A-Za-z0-9_.-]+\.(js|css|svg|png|woff2)$")
CONTENT_TYPES = {"js": "text/javascript", "css": "text/css", "svg": "image/svg+xml", "png": "image/png"}
CONTENT_TYPES["woff2"] = "font/woff2"
CARD_CODE = re.compile(r"^(10|[2-9JQKA])([CDHS])$")
CARD_BACK = "back"
CARD_SCALE = 4
HELLO_SECONDS = 10.0
MAX_MESSAGE = 16 * 1024
NOT_BUILT = (
    "<!doctype html><meta charset=utf-8><title>Card table</title>"
    "<p>The Activity's page is not built: run <code>make activity</code> (needs Node.js and npm)."
)
# Discord shows the Activity in a frame of its own site; the playground, in a frame of its page.
DISCORD_FRAME_ANCESTORS = "https://discord.com https://*.discord.com https://*.discordsays.com"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class ActivityServer:
    def __init__(
        self,
        bot: TheGameBot,
        identity: DiscordIdentity,
        *,
        client_id: int,
        public_url: str | None = None,
        frame_ancestors: str = DISCORD_FRAME_ANCESTORS,
        page_dir: Path = PAGE_DIR,
    ) -> None:
        self.bot = bot
        self.client_id = client_id
        self.identity = identity
        self.tickets = Tickets()
        self.hub = ActivityHub(bot.games, RecordStore(bot.db))
        self.actions = ActivityActions(bot, ended=self.hub.ended_in)
        self.page_dir = page_dir
        self.frame_ancestors = frame_ancestors
        self.public_host = urlsplit(public_url).netloc if public_url else None
        self._runner: web.AppRunner | None = None
        self._card_cache: dict[str, bytes] = {}
        # The last picture drawn: (channel, version, language, png).
        self._picture: tuple[int, int, str, bytes] | None = None
        self._routes: dict[tuple[str, str], Handler] = {
            ("GET", ""): self.page,
            ("GET", "index.html"): self.page,
            ("GET", "api/config"): self.config,
            ("GET", "api/texts"): self.texts,
            ("POST", "api/session"): self.session,
            ("GET", "api/ws"): self.websocket,
            ("GET", "api/picture"): self.picture,
        }

    # -- serving ---------------------------------------------------------------------------------------------
    async def start(self, host: str, port: int) -> int:
        """Listen on its own (Discord's URL mapping points at it, through HTTPS in front); returns the port."""
        app = web.Application(client_max_size=64 * 1024)
        app.router.add_route("*", "/{tail:.*}", self.handle)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        server: Any = site._server
        port = int(server.sockets[0].getsockname()[1]) if server is not None else port
        log.info("Activity served on %s:%s", host, port)
        return port

    async def close(self) -> None:
        await self.hub.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        await self.identity.close()

    async def handle(self, request: web.Request, path: str | None = None) -> web.StreamResponse:
        """Answer a request whose path below the mount point is `path` (default: the `tail` of the route)."""
        path = request.match_info.get("tail", "") if path is None else path
        if self.public_host is not None and request.host not in self._hosts(request):
            raise web.HTTPMisdirectedRequest(text="This server only answers at its own address.")
        handler = self._routes.get((request.method, path))
        if handler is not None:
            return await handler(request)
        if request.method == "GET" and path.startswith("assets/"):
            return self.asset(path.removeprefix("assets/"))
        if request.method == "GET" and path.startswith("api/cards/"):
            return await self.card(path.removeprefix("api/cards/"))
        raise web.HTTPNotFound()

    def _hosts(self, request: web.Request) -> set[str]:
        """The public address, and this machine's own (a health check, a reverse proxy on the same host)."""
        local = {request.url.host or "", "127.0.0.1", "localhost"}
        port = urlsplit(f"//{request.host}").port
        hosts = {self.public_host or ""}
        hosts |= {f"{name}:{port}" if port else name for name in local}
        return hosts

    # -- the page ----------------------------------------------------------------------------------------------
    async def page(self, request: web.Request) -> web.StreamResponse:
        index = self.page_dir / "index.html"
        body = index.read_bytes() if index.is_file() else NOT_BUILT.encode()
        return web.Response(
            body=body,
            status=200 if index.is_file() else 503,
            content_type="text/html",
            charset="utf-8",
            headers={
                "Cache-Control": "no-cache",
                "Content-Security-Policy": (
                    "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; "
                    f"connect-src 'self' ws: wss:; frame-ancestors {self.frame_ancestors}"
                ),
                "Referrer-Policy": "no-referrer",
            },
        )

    def asset(self, name: str) -> web.StreamResponse:
        found = ASSET_NAME.match(name)
        path = self.page_dir / "assets" / name
        if found is None or not path.is_file():
            raise web.HTTPNotFound()
        return web.Response(
            body=path.read_bytes(),
            content_type=CONTENT_TYPES[found[1]],
            headers={"Cache-Control": "public, max-age=31536000, immutable"},  # named by their content's hash
        )

    async def config(self, request: web.Request) -> web.StreamResponse:
        """What the page needs before Discord's SDK starts: the application's (public) client id."""
        return web.json_response({"client_id": str(self.client_id)})

    async def texts(self, request: web.Request) -> web.StreamResponse:
        return web.json_response(page_texts(request.query.get("locale", "en")))

    async def card(self, name: str) -> web.StreamResponse:
        code = name.removesuffix(".png")
        if not name.endswith(".png") or (code != CARD_BACK and CARD_CODE.match(code) is None):
            raise web.HTTPNotFound()
        png = self._card_cache.get(code)
        if png is None:

            def draw() -> bytes:
                out = io.BytesIO()
                image = (
                    card_back(CARD_SCALE)
                    if code == CARD_BACK
                    else card_face(Card.from_code(code), CARD_SCALE)
                )
                image.save(out, format="PNG")  # optimize=True: 7 % smaller, 7 times slower to draw
                return out.getvalue()

            png = await asyncio.get_running_loop().run_in_executor(None, draw)
            self._card_cache[code] = png
        return web.Response(
            body=png, content_type="image/png", headers={"Cache-Control": "public, max-age=86400"}
        )

    async def picture(self, request: web.Request) -> web.StreamResponse:
        """The board's picture of the ticket holder's table (public: what the channel sees), its words in the
        viewer's language as the rest of the page."""
        viewer = self.tickets.viewer(request.query.get("ticket"))
        if viewer is None:
            raise web.HTTPUnauthorized()
        table = self.hub.table_in(viewer.channel_id)
        image = render_table(replace(table, locale=viewer.locale)).get("image") if table is not None else None
        if not isinstance(image, BoardImage):
            raise web.HTTPNotFound()
        version = self.hub.version(viewer.channel_id)
        kept = self._picture
        if kept is not None and kept[:3] == (viewer.channel_id, version, viewer.locale):
            png = kept[3]
        else:
            await draw_in_picture_thread(image.draw)
            png = image.png
            self._picture = (viewer.channel_id, version, viewer.locale, png)
        return web.Response(body=png, content_type="image/png", headers={"Cache-Control": "no-cache"})

    # -- who is there --------------------------------------------------------------------------------------------
    async def session(self, request: web.Request) -> web.StreamResponse:
        """Discord's code (and the Activity instance) for a ticket: see `bot.activity.identity`."""
        try:
            body = await request.json()
        except (ValueError, UnicodeDecodeError):
            raise web.HTTPBadRequest(text="JSON expected.") from None
        code = body.get("code") if isinstance(body, dict) else None
        instance = body.get("instance_id") if isinstance(body, dict) else None
        if (
            not isinstance(code, str)
            or not isinstance(instance, str)
            or len(code) > 200
            or len(instance) > 200
        ):
            raise web.HTTPBadRequest(text="A code and an instance id are expected.")
        try:
            viewer = await self.identity.viewer(code, instance)
        except NotAuthenticated as refused:
            log.info("An Activity session was refused: %s", refused)  # never the code, a token or the secret
            raise web.HTTPUnauthorized(text="Discord did not confirm who you are here.") from None
        log.info("Activity session for user %s in channel %s", viewer.user_id, viewer.channel_id)
        ticket = self.tickets.issue(viewer)
        return web.json_response(
            {
                "ticket": ticket,
                "user": {"id": str(viewer.user_id), "name": viewer.name, "locale": viewer.locale},
            }
        )

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        socket = web.WebSocketResponse(heartbeat=25.0, max_msg_size=MAX_MESSAGE)
        await socket.prepare(request)
        try:
            first = await socket.receive(timeout=HELLO_SECONDS)
        except TimeoutError:
            await socket.close(code=4001, message=b"hello expected")
            return socket
        hello = _json_message(first.data) if first.type is WSMsgType.TEXT else None
        viewer = self.tickets.viewer(hello.get("ticket")) if hello is not None else None
        if viewer is None:
            with contextlib.suppress(ConnectionResetError):
                await socket.send_str(json.dumps({"type": "unauthorized"}))
            await socket.close(code=4001, message=b"unknown ticket")
            return socket
        connection = Connection(socket, viewer)
        await self.hub.join(connection)
        try:
            async for frame in socket:
                if frame.type is not WSMsgType.TEXT:
                    continue
                message = _json_message(frame.data)
                if (
                    message is None
                    or message.get("type") != "act"
                    or not isinstance(message.get("action"), dict)
                ):
                    continue
                answer = await self.actions.perform(viewer, message["action"])
                await self.hub.answer(
                    connection,
                    {
                        "type": "answer",
                        "id": message.get("id"),
                        "text": answer.text,
                        "refused": answer.refused,
                        "confirm": answer.confirm,
                        "labels": list(answer.labels) if answer.labels is not None else None,
                    },
                )
        finally:
            self.hub.leave(connection)
        return socket


def _json_message(data: Any) -> dict[str, Any] | None:
    try:
        message = json.loads(data)
    except (TypeError, ValueError):
        return None
    return message if isinstance(message, dict) else None
