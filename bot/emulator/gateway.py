"""The emulated gateway: HELLO, heartbeats, IDENTIFY/READY/GUILD_CREATE, RESUME/RESUMED, RECONNECT (op 7),
INVALID_SESSION (op 9), REQUEST_GUILD_MEMBERS (op 8), zlib-stream transport compression, intents filtering and
sharding (a session that IDENTIFYs with ``shard: [id, count]`` gets only the events of the guilds of that shard,
``(guild_id >> 22) % count == id``, and direct messages on shard 0, as on Discord)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
import zlib
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from bot.emulator import jsonio

if TYPE_CHECKING:
    from bot.emulator.emulator import Emulator

log = logging.getLogger(__name__)

DISPATCH = 0
HEARTBEAT = 1
IDENTIFY = 2
PRESENCE_UPDATE = 3
VOICE_STATE_UPDATE = 4
RESUME = 6
RECONNECT = 7
REQUEST_GUILD_MEMBERS = 8
INVALID_SESSION = 9
HELLO = 10
HEARTBEAT_ACK = 11

# Discord asks for a heartbeat every 41.25 s, and answers each with an ACK after a network round trip. discord.py
# (gateway.py, KeepAliveHandler) sends its heartbeats from a thread of its own, and stamps the send time on that
# thread once the event loop has sent the frame; its ACK handler, on the event loop, reports the time since that
# stamp as the latency, warning "Can't keep up, websocket is N s behind" above 10 s. An ACK answered in the same
# few loop turns as the heartbeat (the emulator and the bot share one loop over loopback) can be read before the
# thread has run again: discord.py then measures from the previous heartbeat, the whole interval (41.3 s), and warns
# about a bot that is answering in milliseconds. So the ACK waits a round trip, as on Discord, during which the
# loop idles or the thread gets its turn (Python hands the interpreter to a waiting thread within 5 ms).
HEARTBEAT_INTERVAL_MS = 41250
HEARTBEAT_ACK_DELAY = 0.05


class Intent:
    GUILDS = 1 << 0
    GUILD_MEMBERS = 1 << 1
    GUILD_MODERATION = 1 << 2
    GUILD_PRESENCES = 1 << 8
    GUILD_MESSAGES = 1 << 9
    GUILD_MESSAGE_REACTIONS = 1 << 10
    GUILD_MESSAGE_TYPING = 1 << 11
    DIRECT_MESSAGES = 1 << 12
    DIRECT_MESSAGE_REACTIONS = 1 << 13
    MESSAGE_CONTENT = 1 << 15
    PRIVILEGED = GUILD_MEMBERS | GUILD_PRESENCES | MESSAGE_CONTENT


_GUILD_EVENTS = {
    "GUILD_UPDATE",
    "GUILD_DELETE",
    "GUILD_ROLE_CREATE",
    "GUILD_ROLE_UPDATE",
    "GUILD_ROLE_DELETE",
    "CHANNEL_CREATE",
    "CHANNEL_UPDATE",
    "CHANNEL_DELETE",
    "CHANNEL_PINS_UPDATE",
    "THREAD_CREATE",
    "THREAD_UPDATE",
    "THREAD_DELETE",
    "THREAD_LIST_SYNC",
    "THREAD_MEMBER_UPDATE",
}
_MEMBER_EVENTS = {"GUILD_MEMBER_ADD", "GUILD_MEMBER_UPDATE", "GUILD_MEMBER_REMOVE", "THREAD_MEMBERS_UPDATE"}
_MESSAGE_EVENTS = {"MESSAGE_CREATE", "MESSAGE_UPDATE", "MESSAGE_DELETE", "MESSAGE_DELETE_BULK"}
_REACTION_EVENTS = {
    "MESSAGE_REACTION_ADD",
    "MESSAGE_REACTION_REMOVE",
    "MESSAGE_REACTION_REMOVE_ALL",
    "MESSAGE_REACTION_REMOVE_EMOJI",
}


def required_intent(event: str, data: dict[str, Any]) -> int:
    """The intent a session needs to receive ``event`` (0: always sent)."""
    in_guild = data.get("guild_id") is not None
    if event in _GUILD_EVENTS:
        return Intent.GUILDS
    if event in _MEMBER_EVENTS:
        return Intent.GUILD_MEMBERS
    if event in _MESSAGE_EVENTS:
        return Intent.GUILD_MESSAGES if in_guild else Intent.DIRECT_MESSAGES
    if event in _REACTION_EVENTS:
        return Intent.GUILD_MESSAGE_REACTIONS if in_guild else Intent.DIRECT_MESSAGE_REACTIONS
    if event == "TYPING_START":
        return Intent.GUILD_MESSAGE_TYPING
    return 0


PayloadSource = dict[str, Any] | Callable[["GatewaySession"], dict[str, Any]]

# Events about a guild itself carry its id as "id"; every other guild event carries "guild_id".
_GUILD_ID_AS_ID = {"GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE"}


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard whose connection receives a guild's events (Discord's formula)."""
    return (guild_id >> 22) % shard_count


def event_guild_id(event: str, data: dict[str, Any]) -> int | None:
    """The guild an event belongs to (None: a direct message, or not about a guild)."""
    raw = data.get("id") if event in _GUILD_ID_AS_ID else data.get("guild_id")
    return None if raw is None else int(raw)


@dataclass(eq=False)
class GatewaySession:
    id: str
    intents: int
    identify: dict[str, Any]
    seq: int = 0
    alive: bool = True
    connection: GatewayConnection | None = None
    buffer: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=5000))

    def has_intent(self, intent: int) -> bool:
        return bool(self.intents & intent)

    @property
    def shard(self) -> tuple[int, int]:
        """``(shard_id, shard_count)`` from the IDENTIFY; ``(0, 1)`` when the client did not shard."""
        raw = self.identify.get("shard")
        return (int(raw[0]), int(raw[1])) if raw else (0, 1)

    def receives(self, guild_id: int | None) -> bool:
        """Whether this session gets the events of ``guild_id`` (None: direct messages, which go to shard 0)."""
        shard_id, shard_count = self.shard
        if guild_id is None:
            return shard_id == 0
        return shard_of(guild_id, shard_count) == shard_id

    @property
    def message_content(self) -> bool:
        return self.has_intent(Intent.MESSAGE_CONTENT)


@dataclass(eq=False)
class GatewayConnection:
    ws: web.WebSocketResponse
    path: str
    compress: str | None
    queue: asyncio.Queue[dict[str, Any] | tuple[str, int]] = field(default_factory=asyncio.Queue)
    session: GatewaySession | None = None
    writer: asyncio.Task[None] | None = None
    close_code: int | None = None
    received: list[dict[str, Any]] = field(default_factory=list)
    zlib_ctx: Any = None
    server_close_code: int | None = None  # set when the emulator closed the socket


@dataclass
class GatewayFrame:
    """A frame sent (``direction="out"``) or received (``"in"``), for assertions and debugging."""

    direction: str
    op: int
    t: str | None
    s: int | None
    d: Any
    at: float


class Gateway:
    def __init__(self, emulator: Emulator) -> None:
        self.emulator = emulator
        self.sessions: dict[str, GatewaySession] = {}
        self.connections: list[GatewayConnection] = []
        self.frames: list[GatewayFrame] = []
        self.dispatch_counts: Counter[str] = Counter()  # events sent, by name (kept without history too)
        self.identify_count = 0
        self.resume_count = 0
        self.heartbeat_interval = HEARTBEAT_INTERVAL_MS  # in each HELLO, in milliseconds
        self.heartbeat_ack_delay = HEARTBEAT_ACK_DELAY  # seconds between a HEARTBEAT and its ACK
        self.resume_path = "/gateway/resume"

    # -- state ---------------------------------------------------------------------------------------------------

    @property
    def live_sessions(self) -> list[GatewaySession]:
        return [s for s in self.sessions.values() if s.alive]

    @property
    def current_session(self) -> GatewaySession | None:
        live = self.live_sessions
        return live[-1] if live else None

    @property
    def connected(self) -> bool:
        return any(s.connection is not None for s in self.live_sessions)

    @property
    def identifies(self) -> list[dict[str, Any]]:
        """The IDENTIFY payloads received, oldest first (token included)."""
        return [f.d for f in self.frames if f.direction == "in" and f.op == IDENTIFY]

    def sessions_for(self, guild_id: int | None) -> list[GatewaySession]:
        """The live sessions that receive ``guild_id``'s events (its shard's; None: direct messages)."""
        return [s for s in self.live_sessions if s.receives(guild_id)]

    @property
    def last_intents(self) -> int | None:
        session = self.current_session
        return None if session is None else session.intents

    # -- sending -------------------------------------------------------------------------------------------------

    def _send(self, conn: GatewayConnection, frame: dict[str, Any]) -> None:
        if conn.close_code is not None or conn.ws.closed:
            return
        conn.queue.put_nowait(frame)

    def dispatch(self, event: str, payload: PayloadSource, *, session: GatewaySession | None = None) -> int:
        """Dispatch ``event`` to ``session`` or to every live session of the event's shard (respecting intents).
        Events for a session whose socket dropped are buffered and replayed on RESUME. Returns how many sessions
        got it."""
        targets = [session] if session is not None else self.live_sessions
        sent = 0
        for sess in targets:
            data = payload(sess) if callable(payload) else payload
            if session is None and not sess.receives(event_guild_id(event, data)):
                continue
            needed = required_intent(event, data)
            if needed and not sess.has_intent(needed):
                continue
            sess.seq += 1
            frame = {"op": DISPATCH, "t": event, "s": sess.seq, "d": data}
            sess.buffer.append(frame)
            if sess.connection is not None:
                self._send(sess.connection, frame)
            sent += 1
        self.emulator._notify()
        return sent

    async def _writer(self, conn: GatewayConnection) -> None:
        ws = conn.ws
        while True:
            item = await conn.queue.get()
            if isinstance(item, tuple):
                if conn.close_code is None and conn.server_close_code is None:
                    conn.server_close_code = item[1]
                with contextlib.suppress(Exception):
                    await ws.close(code=item[1])
                return
            text = jsonio.dumps(item)
            if item.get("t"):
                self.dispatch_counts[item["t"]] += 1
            if self.emulator.keep_history:
                self.frames.append(
                    GatewayFrame(
                        "out", item["op"], item.get("t"), item.get("s"), item.get("d"), time.monotonic()
                    )
                )
            try:
                if conn.zlib_ctx is not None:
                    data = conn.zlib_ctx.compress(text) + conn.zlib_ctx.flush(zlib.Z_SYNC_FLUSH)
                    await ws.send_bytes(data)
                else:
                    await ws.send_frame(text, WSMsgType.TEXT)  # a text frame (send_str without encoding)
            except (ConnectionError, RuntimeError):
                return
            self.emulator._notify()

    # -- the websocket -------------------------------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        compress = request.query.get("compress")
        conn = GatewayConnection(ws=ws, path=request.path, compress=compress)
        if compress == "zlib-stream":
            # Level 1: the fastest; the client decompresses the same stream whatever the level.
            conn.zlib_ctx = zlib.compressobj(1)
        # zstd-stream is only requested when zstandard is importable; plain text frames are understood anyway.
        self.connections.append(conn)
        conn.writer = asyncio.create_task(self._writer(conn))
        self._send(conn, {"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_interval}})
        try:
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    await self._received(conn, jsonio.loads(msg.data))
                elif msg.type == WSMsgType.BINARY:
                    await self._received(conn, jsonio.loads(msg.data.decode()))
                elif msg.type == WSMsgType.ERROR:
                    break
        finally:
            code = conn.server_close_code or ws.close_code
            conn.close_code = code if code is not None else 1006
            session = conn.session
            if session is not None and session.connection is conn:
                session.connection = None
                if conn.close_code in (1000, 1001):
                    # A client closing normally ends its session (Discord does the same).
                    session.alive = False
            conn.queue.put_nowait(("close", 1000))
            if conn.writer is not None:
                with contextlib.suppress(BaseException):
                    await asyncio.wait_for(conn.writer, timeout=1)
            self.emulator._notify()
        return ws

    async def _received(self, conn: GatewayConnection, frame: dict[str, Any]) -> None:
        op = frame.get("op")
        data = frame.get("d")
        if self.emulator.keep_history:
            conn.received.append(frame)
            self.frames.append(GatewayFrame("in", int(op or 0), None, None, data, time.monotonic()))
        self.emulator._notify()
        if op == HEARTBEAT:
            asyncio.get_running_loop().call_later(
                self.heartbeat_ack_delay, self._send, conn, {"op": HEARTBEAT_ACK}
            )
        elif op == IDENTIFY:
            self._identify(conn, data or {})
        elif op == RESUME:
            self._resume(conn, data or {})
        elif op == REQUEST_GUILD_MEMBERS:
            self._request_members(conn, data or {})
        elif op in (PRESENCE_UPDATE, VOICE_STATE_UPDATE):
            pass
        else:
            log.warning("emulated gateway: unexpected op %s", op)

    def _close(self, conn: GatewayConnection, code: int) -> None:
        conn.queue.put_nowait(("close", code))

    def _identify(self, conn: GatewayConnection, data: dict[str, Any]) -> None:
        world = self.emulator.world
        if conn.session is not None:
            self._close(conn, 4005)  # already authenticated
            return
        if data.get("token") != world.token:
            self._close(conn, 4004)
            return
        intents = data.get("intents")
        if not isinstance(intents, int):
            self._close(conn, 4013)
            return
        if world.intents_allowed is not None and intents & Intent.PRIVILEGED & ~world.intents_allowed:
            self._close(conn, 4014)
            return
        shard = data.get("shard")
        if shard is not None and not (
            isinstance(shard, list)
            and len(shard) == 2
            and all(isinstance(n, int) for n in shard)
            and 0 <= shard[0] < shard[1]
        ):
            self._close(conn, 4010)  # invalid shard
            return
        session = GatewaySession(id=secrets.token_hex(16), intents=intents, identify=data)
        guilds = [guild for guild in world.guilds.values() if session.receives(guild.id)]
        self.sessions[session.id] = session
        session.connection = conn
        conn.session = session
        self.identify_count += 1
        ready: dict[str, Any] = {
            "v": 10,
            "user": world.payloads.current_user(),
            "guilds": [{"id": str(guild.id), "unavailable": True} for guild in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": f"{self.emulator.ws_base}{self.resume_path}",
            "application": {"id": str(world.application_id), "flags": self.emulator.application_flags},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "auth": {},
            "user_settings": {},
            "_trace": ["emulator"],
        }
        if "shard" in data:
            ready["shard"] = data["shard"]
        self.dispatch("READY", ready, session=session)
        for guild in guilds:
            self.dispatch("GUILD_CREATE", world.payloads.guild_create(guild), session=session)

    def _resume(self, conn: GatewayConnection, data: dict[str, Any]) -> None:
        world = self.emulator.world
        session = self.sessions.get(str(data.get("session_id")))
        if data.get("token") != world.token:
            self._close(conn, 4004)
            return
        if session is None or not session.alive:
            self._send(conn, {"op": INVALID_SESSION, "d": False})
            return
        old = session.connection
        if old is not None and old is not conn:
            old.session = None
            self._close(old, 4000)
        session.connection = conn
        conn.session = session
        last = data.get("seq") or 0
        for frame in list(session.buffer):
            if frame["s"] > last:
                self._send(conn, frame)
        self.resume_count += 1
        self.dispatch("RESUMED", {"_trace": ["emulator"]}, session=session)

    def _request_members(self, conn: GatewayConnection, data: dict[str, Any]) -> None:
        world = self.emulator.world
        session = conn.session
        if session is None:
            return
        guild = world.guilds.get(int(data.get("guild_id") or 0))
        if guild is None:
            return
        members = list(guild.members.values())
        not_found: list[str] = []
        if data.get("user_ids"):
            wanted = [int(u) for u in data["user_ids"]]
            not_found = [str(u) for u in wanted if u not in guild.members]
            members = [m for m in members if m.id in wanted]
        elif data.get("query"):
            query = str(data["query"]).lower()
            members = [m for m in members if m.user.name.lower().startswith(query)]
        limit = int(data.get("limit") or 0)
        if limit:
            members = members[:limit]
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": [world.payloads.member(m) for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": not_found,
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        self.dispatch("GUILD_MEMBERS_CHUNK", chunk, session=session)

    # -- test controls -------------------------------------------------------------------------------------------

    def _require_connection(self) -> tuple[GatewaySession, GatewayConnection]:
        session = self.current_session
        if session is None or session.connection is None:
            raise RuntimeError("no bot is connected to the emulated gateway")
        return session, session.connection

    async def reconnect(self, *, timeout: float = 5.0) -> None:  # noqa: ASYNC109
        """Send RECONNECT (op 7) and wait until the bot has RESUMEd on a new connection."""
        _session, conn = self._require_connection()
        before = self.resume_count
        self._send(conn, {"op": RECONNECT, "d": None})
        await self.emulator.wait_for(lambda: self.resume_count > before, timeout=timeout)

    async def invalidate_session(self, *, resumable: bool = False, timeout: float = 10.0) -> None:  # noqa: ASYNC109
        """Send INVALID_SESSION (op 9). Not resumable: wait for a new IDENTIFY (and READY); resumable: for a
        RESUME."""
        session, conn = self._require_connection()
        before_identify, before_resume = self.identify_count, self.resume_count
        if not resumable:
            session.alive = False
        self._send(conn, {"op": INVALID_SESSION, "d": resumable})
        if resumable:
            await self.emulator.wait_for(lambda: self.resume_count > before_resume, timeout=timeout)
        else:
            await self.emulator.wait_for(lambda: self.identify_count > before_identify, timeout=timeout)

    async def disconnect(self, code: int = 4000, *, wait_resume: bool = True, timeout: float = 10.0) -> None:  # noqa: ASYNC109
        """Close the bot's socket from the server side (like a network drop); by default wait for its RESUME."""
        _session, conn = self._require_connection()
        before = self.resume_count
        self._close(conn, code)
        if wait_resume:
            await self.emulator.wait_for(lambda: self.resume_count > before, timeout=timeout)

    async def close_all(self) -> None:
        for conn in self.connections:
            if not conn.ws.closed:
                self._close(conn, 1001)
        for conn in self.connections:
            if conn.writer is not None:
                with contextlib.suppress(BaseException):
                    await asyncio.wait_for(conn.writer, timeout=1)
