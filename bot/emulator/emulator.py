"""The emulator: an aiohttp server speaking Discord's REST API v10 and gateway over loopback, plus the API tests
use to act as users and to read what the bot did."""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
import mimetypes
import re
import secrets
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, TypeVar
from urllib.parse import unquote

from aiohttp import web

from bot.emulator import jsonio
from bot.emulator.activity import Activities
from bot.emulator.discord_patch import point_discord_at
from bot.emulator.faults import Faults, RouteSpec, route_matches
from bot.emulator.gateway import Gateway, GatewaySession
from bot.emulator.global_limit import GlobalLimit
from bot.emulator.limits import form_body_error
from bot.emulator.multipart import (
    FAST_BODY_MAX,
    Part,
    form_data_boundary,
    is_multipart,
    read_parts,
    reader_over,
    split_form_data,
)
from bot.emulator.openapi import openapi
from bot.emulator.payloads import emoji_payload, normalize_emoji
from bot.emulator.records import ApiError, RequestRecord, UploadedFile, Violation
from bot.emulator.rest import Call, RestApi
from bot.emulator.world import (
    Attachment,
    Callback,
    Channel,
    ChannelType,
    Clock,
    Guild,
    Interaction,
    Member,
    Message,
    MessageFlag,
    Role,
    User,
    World,
    name_matches,
)

log = logging.getLogger(__name__)

T = TypeVar("T")

API_PREFIX = "/api/v10"
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
_MENTION = re.compile(r"<@!?(\d+)>")


class EmulatorTimeout(AssertionError):
    """A ``wait_for`` condition was not met in time (an assertion failure from the test's point of view)."""


_RECHECK = 0.05  # seconds: how often waiting predicates are re-checked when nothing happens


@dataclass(eq=False, slots=True)
class _Waiter:
    """One ``wait_for`` in progress: its predicate, its deadline (event loop time) and the future that wakes it."""

    predicate: Callable[[], Any]
    deadline: float
    future: asyncio.Future[None]
    expired: bool = False


def _expire(waiter: _Waiter) -> None:
    waiter.expired = True
    if not waiter.future.done():
        waiter.future.set_result(None)


def _waiter_exception(exc: Exception) -> Exception:
    if isinstance(exc, StopIteration):  # a future cannot hold one (like a coroutine raising it)
        wrapped = RuntimeError("wait_for predicate raised StopIteration")
        wrapped.__cause__ = exc
        return wrapped
    return exc


@dataclass
class Rules:
    """Discord's timing rules. ``ack_deadline`` is real seconds from dispatch to callback arrival;
    ``token_lifetime`` is measured with the emulator's clock (advance it with ``emu.clock.advance``)."""

    ack_deadline: float = 3.0
    token_lifetime: timedelta = field(default_factory=lambda: timedelta(minutes=15))


class InteractionResult:
    """Handle on an interaction a test user started: wait for the bot's response and read what it produced."""

    def __init__(self, emulator: Emulator, interaction: Interaction, delivered: int) -> None:
        self.emulator = emulator
        self.interaction = interaction
        self.delivered = delivered  # how many gateway sessions got INTERACTION_CREATE

    def __repr__(self) -> str:
        it = self.interaction
        return f"<InteractionResult {it.command_name or it.type} id={it.id} acknowledged={it.acknowledged}>"

    @property
    def id(self) -> int:
        return self.interaction.id

    @property
    def callbacks(self) -> list[Callback]:
        return self.interaction.callbacks

    @property
    def acknowledged(self) -> bool:
        return self.interaction.acknowledged

    @property
    def original(self) -> Message | None:
        return self.interaction.original

    @property
    def followups(self) -> list[Message]:
        return self.interaction.followups

    @property
    def messages(self) -> list[Message]:
        """The original response message (if any) and the follow-ups, without duplicates."""
        out: list[Message] = []
        for msg in [self.interaction.original, *self.interaction.followups]:
            if msg is not None and msg not in out:
                out.append(msg)
        return out

    def _describe(self) -> str:
        it = self.interaction
        what = f"/{it.command_name}" if it.command_name else f"interaction type {it.type}"
        if it.type == 3:
            what = f"component {it.data.get('custom_id')!r}"
        elif it.type == 5:
            what = f"modal {it.data.get('custom_id')!r}"
        hint = "" if self.delivered else " (no gateway session received it: is the bot connected?)"
        return f"{what} by {it.user.name}{hint}"

    async def response(self, timeout: float = 5.0) -> Callback:  # noqa: ASYNC109
        """The accepted initial callback (type 4/5/6/7/8/9). Fails if the bot did not answer in time or Discord
        (the emulator) rejected its answer."""
        it = self.interaction
        await self.emulator.wait_for(
            lambda: it.response or it.callbacks,
            timeout=timeout,
            message=f"the bot did not answer {self._describe()}",
        )
        if it.response is None:
            # Rejected (limits, late...): give the bot a moment to answer correctly after the error.
            with contextlib.suppress(EmulatorTimeout):
                await self.emulator.wait_for(lambda: it.response, timeout=0.5)
        if it.response is None:
            last = it.callbacks[-1]
            raise AssertionError(
                f"the bot's answer to {self._describe()} was rejected: {last.status} {last.error}"
            )
        return it.response

    async def original_message(
        self,
        *,
        timeout: float = 5.0,  # noqa: ASYNC109
        predicate: Callable[[Message], bool] | None = None,
        loaded: bool = True,
    ) -> Message:
        """The original response message once it exists (and, by default, is no longer "thinking...")."""

        def ready() -> Message | None:
            msg = self.interaction.original
            if msg is None or (loaded and msg.loading) or (predicate is not None and not predicate(msg)):
                return None
            return msg

        return await self.emulator.wait_for(
            ready, timeout=timeout, message=f"no original response message for {self._describe()}"
        )

    async def followup(self, index: int = 0, *, timeout: float = 5.0) -> Message:  # noqa: ASYNC109
        """The ``index``-th follow-up message (after a deferred reply the first one is also the original)."""
        return await self.emulator.wait_for(
            lambda: self.interaction.followups[index] if len(self.interaction.followups) > index else None,
            timeout=timeout,
            message=f"no follow-up #{index} for {self._describe()}",
        )

    async def modal(self, timeout: float = 5.0) -> dict[str, Any]:  # noqa: ASYNC109
        """The modal the bot answered with (callback type 9)."""
        cb = await self.response(timeout)
        if cb.type != 9:
            raise AssertionError(f"expected a modal for {self._describe()}, got callback type {cb.type}")
        return cb.data

    async def choices(self, timeout: float = 5.0) -> list[dict[str, Any]]:  # noqa: ASYNC109
        cb = await self.response(timeout)
        if cb.type != 8:
            raise AssertionError(f"expected autocomplete choices for {self._describe()}, got type {cb.type}")
        return cb.choices


class Emulator:
    """A local Discord for one bot. ``await emu.start()`` / ``await emu.stop()`` (the ``emulator`` fixture does
    both). See bot/emulator/README.md."""

    def __init__(
        self,
        world: World | None = None,
        *,
        clock: Clock | None = None,
        host: str = "127.0.0.1",
        port: int = 0,
        keep_history: bool = True,
        shard_count: int = 1,
    ) -> None:
        """``port`` 0 picks a free one. ``keep_history=False`` (a long-running playground, a benchmark, the soak)
        keeps no record of REST requests, gateway frames and message edits (``requests``, ``gateway.frames``,
        ``Message.edits``), which tests read but which would grow without end; deleted messages leave their
        channel's list, and a file no message shows any more is no longer downloadable. The counts per route
        (``request_counts``) and per gateway event (``gateway.dispatch_counts``) are kept either way.
        ``shard_count``: the shards ``GET /gateway/bot`` recommends (several bot processes may connect at once,
        each IDENTIFYing with its shards; see gateway.py)."""
        self.world = world or World(clock)
        self.clock = self.world.clock
        self.host = host
        self.port = port
        self.keep_history = keep_history
        self.shard_count = shard_count
        self.rules = Rules()
        # Every request checked against Discord's OpenAPI document (bot/emulator/openapi.py).
        self.check_document = True
        # Called with each message the bot creates or edits, as it is then (even with keep_history=False): the
        # soak keeps a digest of every version of every message this way (benchmarks/soak_checks/privacy.py).
        self.message_watchers: list[Callable[[Message], None]] = []
        self.faults = Faults()
        self.global_limit = GlobalLimit()  # Discord's 50 requests a second, when enabled (global_limit.py)
        self.gateway = Gateway(self)
        self.activities = Activities(self)
        self.rest = RestApi(self)
        self.requests: list[RequestRecord] = []
        self.request_counts: Counter[str] = Counter()  # REST requests per route (or path, for no route)
        self.violations: list[Violation] = []
        self.allowed_violations: set[str] = set()
        self.application_flags = (1 << 13) | (1 << 15) | (1 << 19) | (1 << 23)
        self.app_owner: User | None = None
        self.clients: list[Any] = []  # RunningClient objects started on this emulator (see runner.py)
        self._modals: list[tuple[Interaction, dict[str, Any]]] = []
        self._cdn: dict[int, Attachment] = {}
        self._changed: asyncio.Event | None = None  # created by changed(), set and dropped by _notify()
        # wait_for's waiters, checked after each burst of changes and every _RECHECK seconds (see _tick)
        self._waiters: dict[_Waiter, None] = {}
        self._waiter_loop: asyncio.AbstractEventLoop | None = None
        self._check_pending = False  # a check of the waiters is scheduled (see _notify)
        self._tick_handle: asyncio.TimerHandle | None = None
        self._tick_at = 0.0  # when _tick_handle runs
        self._last_check = 0.0
        self._deadlines: list[tuple[float, int, _Waiter]] = []  # a heap (deadline, sequence, waiter)
        self._waiter_sequence = itertools.count()
        self._runner: web.AppRunner | None = None
        self._flagged_unacked: set[int] = set()
        self.world.subscribe(self._world_event)

    # -- lifecycle -----------------------------------------------------------------------------------------------

    @property
    def http_base(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def api_base(self) -> str:
        return f"{self.http_base}{API_PREFIX}"

    @property
    def ws_base(self) -> str:
        return f"ws://{self.host}:{self.port}"

    @property
    def gateway_url(self) -> str:
        return f"{self.ws_base}/gateway"

    @property
    def token(self) -> str:
        return self.world.token

    async def start(self, *, add_routes: Callable[[web.Application], None] | None = None) -> Emulator:
        """Listen on ``host:port``. ``add_routes(app)`` may add routes of its own (the playground's page)."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        if add_routes is not None:
            add_routes(app)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get(self.gateway.resume_path, self.gateway.handle)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._cdn_get)
        app.router.add_get("/emojis/{file}", self.rest.emojis.cdn)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self._handle_api)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        server: Any = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]
        self.world.cdn_base = self.http_base
        return self

    async def stop(self) -> None:
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Emulator:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    def patch_discord(self) -> contextlib.AbstractContextManager[None]:
        """Point discord.py at this emulator (see :func:`bot.emulator.discord_patch.point_discord_at`)."""
        return point_discord_at(self.api_base, self.gateway_url)

    # -- notifications and waiting -------------------------------------------------------------------------------

    def _notify(self) -> None:
        event = self._changed
        if event is not None:  # someone waits in changed()
            self._changed = None
            event.set()
        if self._waiters and not self._check_pending:
            loop = self._waiter_loop
            if loop is None or loop.is_closed():
                self._waiters.clear()
                return
            # One check of every waiting predicate per burst of changes, two turns of the event loop later, so
            # that a waiter woken by it resumes three turns after the change, as when each waiter waited for an
            # event in a task of its own (tests count on the bot having had those turns to take the answer in).
            self._check_pending = True
            loop.call_soon(loop.call_soon, self._check_waiters)

    def notify_change(self) -> None:
        """Wake whoever waits for a change (after changing the world directly, e.g. a user's locale)."""
        self._notify()

    async def changed(self, timeout: float) -> bool:  # noqa: ASYNC109
        """Wait until something changes in the emulator (a request, a message, an event), at most ``timeout``
        seconds; ``True`` if something changed."""
        event = self._changed
        if event is None:
            event = self._changed = asyncio.Event()
        try:
            await asyncio.wait_for(event.wait(), timeout)
        except TimeoutError:
            return False
        return True

    @staticmethod
    def _monotonic() -> float:
        return time.monotonic()

    def _check_waiters(self) -> None:
        """Evaluate the predicate of every waiter not woken yet; wake those whose predicate is truthy (or
        raised: the exception goes to that waiter)."""
        self._check_pending = False
        loop = self._waiter_loop
        if loop is not None:
            self._last_check = loop.time()
        for waiter in list(self._waiters):
            future = waiter.future
            if future.done():
                continue
            try:
                value = waiter.predicate()
            except Exception as exc:
                future.set_exception(_waiter_exception(exc))
                continue
            if value:
                future.set_result(None)

    def _tick(self) -> None:
        """The one timer of all waiters: wakes those whose deadline has come, and evaluates every waiter's
        predicate at least every ``_RECHECK`` seconds, events or not (predicates about the bot's own state change
        without emulator events). Runs while anyone waits."""
        self._tick_handle = None
        loop = self._waiter_loop
        if loop is None or loop.is_closed():
            return
        now = loop.time()
        waiters, deadlines = self._waiters, self._deadlines
        while deadlines and deadlines[0][0] <= now:
            waiter = heapq.heappop(deadlines)[2]
            if waiter in waiters:
                _expire(waiter)
        if not waiters:
            deadlines.clear()
            return
        if len(deadlines) > 64 and len(deadlines) > 4 * len(waiters):
            # Forget the deadlines of the waits that are over.
            deadlines[:] = [entry for entry in deadlines if entry[2] in waiters]
            heapq.heapify(deadlines)
        if now - self._last_check >= _RECHECK * 0.9:
            self._check_waiters()
        self._schedule_tick(loop, self._last_check + _RECHECK)

    def _schedule_tick(self, loop: asyncio.AbstractEventLoop, when: float) -> None:
        if self._deadlines and self._deadlines[0][0] < when:
            when = self._deadlines[0][0]
        self._tick_at = when
        self._tick_handle = loop.call_at(when, self._tick)

    def _add_waiter(self, waiter: _Waiter, loop: asyncio.AbstractEventLoop) -> None:
        if self._waiter_loop is not loop:
            # Waiters of another (finished) event loop can never be resumed: forget them and their timers.
            self._waiters.clear()
            self._deadlines.clear()
            self._check_pending = False
            self._tick_handle = None
            self._waiter_loop = loop
        self._waiters[waiter] = None
        heapq.heappush(self._deadlines, (waiter.deadline, next(self._waiter_sequence), waiter))
        handle = self._tick_handle
        if handle is None:
            self._schedule_tick(loop, loop.time() + _RECHECK)
        elif waiter.deadline < self._tick_at:
            handle.cancel()
            self._schedule_tick(loop, self._tick_at)

    async def wait_for(
        self,
        predicate: Callable[[], T | None],
        timeout: float = 5.0,  # noqa: ASYNC109
        *,
        message: str | None = None,
    ) -> T:
        """Wait until ``predicate()`` is truthy and return its value. Re-checked on every emulator event (and every
        50 ms, so predicates about the bot's own state work too). Raises :class:`EmulatorTimeout`."""
        value = predicate()
        if value:
            return value
        if timeout <= 0:
            raise EmulatorTimeout(f"{message or 'condition not met'} (waited {timeout}s)")
        loop = asyncio.get_running_loop()
        waiter = _Waiter(predicate, loop.time() + timeout, loop.create_future())
        self._add_waiter(waiter, loop)
        try:
            while True:
                # Woken when a check found the predicate truthy (or raising), or at the deadline (see _tick).
                await waiter.future
                # Evaluated again here, so that the value returned is the current one.
                value = predicate()
                if value:
                    return value
                if waiter.expired:
                    raise EmulatorTimeout(f"{message or 'condition not met'} (waited {timeout}s)")
                waiter.future = loop.create_future()
        finally:
            self._waiters.pop(waiter, None)
            future = waiter.future
            if future.done() and not future.cancelled():
                future.exception()  # retrieved (when the waiting task was cancelled meanwhile)

    async def wait_for_message(
        self,
        channel: Channel,
        predicate: Callable[[Message], bool] | None = None,
        *,
        author: User | None = None,
        viewer: User | None = None,
        after: Message | int | None = None,
        timeout: float = 5.0,  # noqa: ASYNC109
    ) -> Message:
        """The first (oldest) message in ``channel`` matching all filters: ``author`` (default: the bot),
        ``viewer`` (only what they can see; default: non-ephemeral messages only), ``after`` (newer than),
        ``predicate``."""
        author = author or self.world.bot_user
        after_id = after.id if isinstance(after, Message) else (after or 0)

        def find() -> Message | None:
            for msg in channel.all_messages:
                if msg.deleted or msg.id <= after_id or msg.author is not author:
                    continue
                if not msg.visible_to(viewer) or (viewer is None and msg.ephemeral_for is not None):
                    continue
                if predicate is not None and not predicate(msg):
                    continue
                return msg
            return None

        return await self.wait_for(
            find, timeout, message=f"no matching message from {author.name} in #{channel.name}"
        )

    def visible_messages(self, channel: Channel, viewer: User | None = None) -> list[Message]:
        return channel.visible_messages(viewer)

    def requests_to(self, route: RouteSpec) -> list[RequestRecord]:
        """Requests matching a route template (``"POST /channels/{channel_id}/messages"``) or predicate."""
        return [r for r in self.requests if route_matches(route, r)]

    # -- violations ----------------------------------------------------------------------------------------------

    def _violation(self, kind: str, message: str, record: RequestRecord | None = None) -> Violation:
        violation = Violation(kind, message, record)
        self.violations.append(violation)
        log.warning("Discord rule broken: %s", violation)
        self._notify()
        return violation

    def allow_violations(self, *kinds: str) -> None:
        """Let this test break the given rules (all of them if no kind is given) without failing."""
        self.allowed_violations.update(kinds or {"*"})

    def take_violations(self, kind: str | None = None) -> list[Violation]:
        """Return the violations not yet reported (of ``kind``) and mark them handled, so they fail nothing."""
        self.check_acknowledgements()
        out = [v for v in self.violations if not v.reported and (kind is None or v.kind == kind)]
        for v in out:
            v.reported = True
        return out

    def pending_violations(self) -> list[Violation]:
        """Unreported violations of rules not allowed."""
        self.check_acknowledgements()
        if "*" in self.allowed_violations:
            return []
        return [v for v in self.violations if not v.reported and v.kind not in self.allowed_violations]

    def check_acknowledgements(self) -> list[Violation]:
        """Record (and return) a ``not_acknowledged`` violation for each delivered interaction past the deadline
        with no answer."""
        found: list[Violation] = []
        now = self._monotonic()
        for it in self.world.interactions.values():
            # (a rejected callback, e.g. a late one, is already a violation of its own)
            if it.id in self._flagged_unacked or it.callbacks or not it.delivered:
                continue
            if now - it.dispatched_at > self.rules.ack_deadline:
                self._flagged_unacked.add(it.id)
                found.append(
                    self._violation(
                        "not_acknowledged",
                        f"interaction {it.id} ({it.command_name or it.data.get('custom_id') or it.type}) "
                        f"was never acknowledged",
                    )
                )
        return found

    # -- HTTP handling -------------------------------------------------------------------------------------------

    @staticmethod
    def _json_response(
        data: Any, status: int = 200, headers: Mapping[str, str] | None = None
    ) -> web.Response:
        # Exactly "application/json": discord.py compares the header verbatim (json_response adds a charset).
        hdrs = {"Content-Type": "application/json"}
        hdrs.update(headers or {})
        return web.Response(body=jsonio.dumps(data), status=status, headers=hdrs)

    async def _parse_body(self, request: web.Request, record: RequestRecord) -> None:
        content_type = request.headers.get("Content-Type")
        boundary = form_data_boundary(content_type)
        if boundary is not None or is_multipart(content_type, lambda: request.content_type):
            length = request.content_length
            if boundary is not None and length is not None and length <= FAST_BODY_MAX:
                body = await request.read()
                parts = split_form_data(boundary, body)
                if parts is not None:
                    for part in parts:
                        self._record_part(record, part)
                    return
                # Not the plain shape: aiohttp's reader, over the body read.
                reader = reader_over(request.headers, body, **self._multipart_options(request))
            else:
                reader = await request.multipart()
            async for part in read_parts(reader):
                self._record_part(record, part)
        elif request.can_read_body:
            raw = await request.read()
            if raw:
                try:
                    record.json = jsonio.loads(raw)
                except ValueError:
                    record.json = raw.decode(errors="replace")

    @staticmethod
    def _record_part(record: RequestRecord, part: Part) -> None:
        name = part.name or ""
        if name == "payload_json":
            record.json = jsonio.loads_text(part.data)
        else:
            record.files.append(UploadedFile(name, part.filename or name, part.content_type, part.data))

    @staticmethod
    def _multipart_options(request: web.Request) -> dict[str, Any]:
        """What ``request.multipart()`` gives its reader."""
        return {
            "client_max_size": request.client_max_size,
            "max_field_size": request.protocol.max_field_size,
            "max_headers": request.protocol.max_headers,
            "max_size_error_cls": web.HTTPRequestEntityTooLarge,
        }

    async def _handle_api(self, request: web.Request) -> web.StreamResponse:
        raw_path = request.rel_url.raw_path[len(API_PREFIX) :] or "/"
        record = RequestRecord(
            method=request.method,
            path=unquote(raw_path),
            query=dict(request.query),
            at=self._monotonic(),
            headers=dict(request.headers),
        )
        match = self.rest.router.match(request.method, raw_path)
        if match is not None:
            record.route = match[0].key
            record.params = match[1]
        self.request_counts[record.route or record.path] += 1
        if self.keep_history:
            self.requests.append(record)
        try:
            await self._parse_body(request, record)
            response = await self._respond(request, record, match)
        except ConnectionResetError:
            # The client went away while sending its request (a bot killed mid-request): nobody is left to answer,
            # and nothing went wrong here.
            log.info("client gone while sending %s %s", request.method, record.path)
            record.status = 499  # as nginx logs it: the client closed the connection
            response = web.Response(status=400)
        except Exception as exc:
            log.exception("emulator error handling %s %s", request.method, record.path)
            record.status = 500
            record.response = {"message": f"emulator bug: {exc!r}", "code": 0}
            self._violation(
                "emulator_error", f"{exc!r} while handling {request.method} {record.path}", record
            )
            response = self._json_response(record.response, 500)
        self._notify()
        return response

    async def _respond(self, request: web.Request, record: RequestRecord, match: Any) -> web.StreamResponse:
        limited = self.global_limit.check(record.path)
        if limited is not None:
            record.status, record.response = 429, limited[0]
            return self._json_response(limited[0], 429, limited[1])
        fault = self.faults.take(record)
        if fault is not None and fault.delay:  # a slow answer: handled now, answered late
            response = await self._respond_normally(request, record, match)
            await asyncio.sleep(fault.delay)
            return response
        if fault is not None:
            record.injected = True
            record.status = fault.status
            record.response = fault.body
            return self._json_response(fault.body, fault.status, fault.headers)
        return await self._respond_normally(request, record, match)

    async def _respond_normally(
        self, request: web.Request, record: RequestRecord, match: Any
    ) -> web.StreamResponse:
        if match is None:
            self._violation(
                "unknown_route", f"{request.method} {record.path} is not a route the emulator knows", record
            )
            record.status = 404
            record.response = {"message": "404: Not Found", "code": 0}
            return self._json_response(record.response, 404)
        route, params = match
        if route.auth and request.headers.get("Authorization") != f"Bot {self.world.token}":
            record.status = 401
            record.response = {"message": "401: Unauthorized", "code": 0}
            return self._json_response(record.response, 401)
        refused = self._check_against_document(record, route.method, route.template)
        if refused is not None:
            self.rest.note_refused_callback(record, params, refused)
            record.status = refused.status
            record.response = refused.body
            return self._json_response(refused.body, refused.status)
        call = Call(record=record, params=params, body=record.json, files=record.files)
        try:
            result = await route.handler(call)
        except ApiError as err:
            record.status = err.status
            record.response = err.body
            return self._json_response(err.body, err.status)
        status = 200
        if isinstance(result, tuple):
            status, result = result
        if result is None:
            record.status = 204
            return web.Response(status=204)
        record.status = status
        record.response = result
        return self._json_response(result, status)

    def _check_against_document(self, record: RequestRecord, method: str, template: str) -> ApiError | None:
        """Discord's OpenAPI document on this request (bot/emulator/openapi.py): a field Discord would drop is an
        ``unknown_field`` violation (the request goes on, as on Discord); a value it would refuse is an
        ``invalid_form_body`` violation, answered 400 50035 with Discord's error tree."""
        if not self.check_document:
            return None
        has_body = record.json is not None or bool(record.files)
        problems = openapi().check(method, template, record.json, record.query, has_body=has_body)
        if problems is None:
            return None
        if problems.unknown:
            self._violation(
                "unknown_field",
                f"{', '.join(problems.unknown)}: not in Discord's API for {method} {template} (Discord ignores it)",
                record,
            )
        if not problems.errors:
            return None
        self._violation("invalid_form_body", "; ".join(str(error) for error in problems.errors), record)
        return ApiError(400, 50035, "Invalid Form Body", body=form_body_error(problems.errors))

    async def _cdn_get(self, request: web.Request) -> web.StreamResponse:
        att = self._cdn.get(int(request.match_info["attachment_id"]))
        if att is None:
            return web.Response(status=404)
        return web.Response(
            body=att.data, headers={"Content-Type": att.content_type or "application/octet-stream"}
        )

    def application_payload(self) -> dict[str, Any]:
        world = self.world
        if self.app_owner is None:
            self.app_owner = world.add_user("app-developer")
        return {
            "id": str(world.application_id),
            "name": world.bot_user.name,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "hook": True,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "owner": world.payloads.user(self.app_owner),
            "team": None,
            "flags": self.application_flags,
            "bot": world.payloads.user(world.bot_user),
            "rpc_origins": [],
            "terms_of_service_url": None,
            "privacy_policy_url": None,
            "interactions_endpoint_url": None,
            "tags": [],
            "install_params": None,
            "custom_install_url": None,
            "redirect_uris": [],
            "approximate_guild_count": len(world.guilds),
            "integration_types_config": {"0": {}},
        }

    # -- world changes -> gateway --------------------------------------------------------------------------------

    def _world_event(self, event: str, payload: Any) -> None:
        if callable(payload):
            factory = payload
            self.gateway.dispatch(event, lambda _session: factory())
        else:
            self.gateway.dispatch(event, payload)

    def _can_read_content(self, session: GatewaySession, msg: Message) -> bool:
        bot = self.world.bot_user
        return (
            session.message_content
            or msg.author is bot
            or bot.id in msg.mentions
            or msg.channel.type == ChannelType.DM
        )

    def _dispatch_message(self, event: str, msg: Message) -> None:
        if msg.ephemeral_for is not None:
            return
        self.gateway.dispatch(
            event,
            lambda s: self.world.payloads.message(
                msg, gateway=True, strip_content=not self._can_read_content(s, msg)
            ),
        )

    def _attachments(
        self, channel: Channel, body: dict[str, Any], files: list[UploadedFile], existing: list[Attachment]
    ) -> list[Attachment]:
        by_index: dict[int, UploadedFile] = {}
        for pos, upload in enumerate(files):
            m = re.fullmatch(r"files\[(\d+)\]", upload.form_name)
            by_index[int(m.group(1)) if m else pos] = upload
        specs = body.get("attachments")
        result: list[Attachment] = []
        used: set[int] = set()
        if specs is None:
            result = list(existing)
            specs = [{"id": i} for i in sorted(by_index)]
        for spec in specs:
            try:
                sid = int(spec.get("id"))
            except (TypeError, ValueError):
                continue
            old = next((a for a in existing if a.id == sid), None)
            if old is not None:
                if old not in result:
                    result.append(old)
                continue
            new_file = by_index.get(sid)
            if new_file is None or sid in used:
                continue
            used.add(sid)
            result.append(
                self._new_attachment(channel, new_file, spec.get("filename"), spec.get("description"))
            )
        return result

    def _new_attachment(
        self, channel: Channel, upload: UploadedFile, filename: str | None, description: str | None
    ) -> Attachment:
        name = filename or upload.filename
        content_type = mimetypes.guess_type(name)[0] or upload.content_type
        att = Attachment(
            id=self.world.snowflakes.next(),
            filename=name,
            size=upload.size,
            content_type=content_type,
            data=upload.data,
            description=description,
        )
        data = upload.data
        if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
            att.content_type = "image/png"
            att.width = int.from_bytes(data[16:20], "big")
            att.height = int.from_bytes(data[20:24], "big")
        att.url = f"{self.http_base}/attachments/{channel.id}/{att.id}/{name}"
        self._cdn[att.id] = att
        return att

    def _drop_files(self, gone: list[Attachment]) -> None:
        """Without history, a file no message shows any more is no longer downloadable."""
        if not self.keep_history:
            for attachment in gone:
                self._cdn.pop(attachment.id, None)

    def _create_message(
        self,
        channel: Channel,
        author: User,
        body: dict[str, Any],
        files: list[UploadedFile],
        *,
        ephemeral_for: int | None = None,
        interaction: Interaction | None = None,
        allowed_flags: int = MessageFlag.SUPPRESS_EMBEDS | MessageFlag.SUPPRESS_NOTIFICATIONS,
        before_dispatch: Callable[[Message], None] | None = None,
    ) -> Message:
        flags = int(body.get("flags") or 0) & allowed_flags
        if ephemeral_for is None:
            flags &= ~MessageFlag.EPHEMERAL
        else:
            flags |= MessageFlag.EPHEMERAL
        content = body.get("content") or ""
        ref = body.get("message_reference")
        msg_type = 0
        if interaction is not None and interaction.type == 2 and interaction.original is None:
            msg_type = 20
        elif ref:
            msg_type = 19
        msg = Message(
            world=self.world,
            id=self.world.snowflakes.next(),
            channel=channel,
            author=author,
            content=content,
            embeds=[dict(e) for e in body.get("embeds") or []],
            components=list(body.get("components") or []),
            flags=flags,
            timestamp=self.clock.now(),
            ephemeral_for=ephemeral_for,
            interaction=interaction,
            webhook_id=self.world.application_id if interaction is not None else None,
            application_id=self.world.application_id if interaction is not None else None,
            type=msg_type,
            mentions=[int(m) for m in _MENTION.findall(content)],
            message_reference=(
                {
                    "type": 0,
                    "message_id": str(ref.get("message_id")),
                    "channel_id": str(ref.get("channel_id") or channel.id),
                    **({"guild_id": str(channel.guild.id)} if channel.guild else {}),
                }
                if ref
                else None
            ),
            tts=bool(body.get("tts")),
            nonce=body.get("nonce"),
        )
        msg.attachments = self._attachments(channel, body, files, [])
        channel.all_messages.append(msg)
        self.world.messages[msg.id] = msg
        if before_dispatch is not None:
            before_dispatch(msg)
        for watch in self.message_watchers:
            watch(msg)
        self._dispatch_message("MESSAGE_CREATE", msg)
        self._notify()
        return msg

    def _edit_message(
        self,
        msg: Message,
        body: dict[str, Any],
        files: list[UploadedFile],
        *,
        finish_loading: bool = False,
        mark_edited: bool = True,
    ) -> Message:
        if "content" in body:
            msg.content = body["content"] or ""
            msg.mentions = [int(m) for m in _MENTION.findall(msg.content)]
        if "embeds" in body:
            msg.embeds = [dict(e) for e in body["embeds"] or []]
        if "components" in body:
            msg.components = list(body["components"] or [])
        if body.get("flags") is not None:
            new = int(body["flags"])
            keep = MessageFlag.SUPPRESS_EMBEDS
            msg.flags = (msg.flags & ~keep) | (new & keep) | (new & MessageFlag.IS_COMPONENTS_V2)
        if "attachments" in body or files:
            before = msg.attachments
            msg.attachments = self._attachments(msg.channel, body, files, before)
            kept = {attachment.id for attachment in msg.attachments}
            self._drop_files([attachment for attachment in before if attachment.id not in kept])
        was_loading = msg.loading
        if finish_loading and was_loading:
            msg.flags &= ~MessageFlag.LOADING
        elif mark_edited:
            msg.edited_timestamp = self.clock.now()
        if self.keep_history:
            msg.edits.append(dict(body))
        for watch in self.message_watchers:
            watch(msg)
        self._dispatch_message("MESSAGE_UPDATE", msg)
        self._notify()
        return msg

    def _delete_message(self, msg: Message) -> None:
        if msg.deleted:
            return
        msg.deleted = True
        if not self.keep_history:
            with contextlib.suppress(ValueError):
                msg.channel.all_messages.remove(msg)
            self._drop_files(msg.attachments)
        if msg.ephemeral_for is None:
            data: dict[str, Any] = {"id": str(msg.id), "channel_id": str(msg.channel.id)}
            if msg.channel.guild is not None:
                data["guild_id"] = str(msg.channel.guild.id)
            self.gateway.dispatch("MESSAGE_DELETE", data)
        self._notify()

    def _reaction_base(self, msg: Message) -> dict[str, Any]:
        data: dict[str, Any] = {"channel_id": str(msg.channel.id), "message_id": str(msg.id)}
        if msg.channel.guild is not None:
            data["guild_id"] = str(msg.channel.guild.id)
        return data

    @staticmethod
    def _emoji_payload(key: str) -> dict[str, Any]:
        return emoji_payload(key)

    def _dispatch_reaction(self, event: str, msg: Message, user: User, emoji: str) -> None:
        data = self._reaction_base(msg)
        data.update({"user_id": str(user.id), "emoji": emoji_payload(emoji), "burst": False, "type": 0})
        if event == "MESSAGE_REACTION_ADD":
            data["message_author_id"] = str(msg.author.id)
            data["burst_colors"] = []
            member = msg.channel.guild.get_member(user) if msg.channel.guild else None
            if member is not None:
                data["member"] = self.world.payloads.member(member)
        self.gateway.dispatch(event, data)
        self._notify()

    def _remove_reaction(self, msg: Message, user_id: int, emoji: str) -> None:
        users = msg.reactions.get(emoji)
        if not users or user_id not in users:
            return
        users.remove(user_id)
        if not users:
            del msg.reactions[emoji]
        user = self.world.users.get(user_id)
        if user is not None:
            self._dispatch_reaction("MESSAGE_REACTION_REMOVE", msg, user, emoji)

    # -- acting as users: messages and reactions -----------------------------------------------------------------

    def _member_of(self, user: User, channel: Channel) -> Member | None:
        guild = channel.guild
        if guild is None:
            return None
        member = guild.get_member(user)
        if member is None:
            raise ValueError(f"{user.name} is not a member of {guild.name}")
        return member

    async def send_message(
        self,
        user: User,
        channel: Channel,
        content: str = "",
        *,
        embeds: list[dict[str, Any]] | None = None,
        files: list[tuple[str, bytes]] | None = None,
        reply_to: Message | None = None,
    ) -> Message:
        """``user`` posts in ``channel``: MESSAGE_CREATE (content blanked for a bot without the message content
        intent, unless the message mentions it)."""
        self._member_of(user, channel)
        body: dict[str, Any] = {"content": content}
        if embeds:
            body["embeds"] = embeds
        if reply_to is not None:
            body["message_reference"] = {"message_id": reply_to.id, "channel_id": reply_to.channel.id}
        uploads = [
            UploadedFile(f"files[{i}]", name, None, data) for i, (name, data) in enumerate(files or [])
        ]
        return self._create_message(channel, user, body, uploads)

    async def edit_user_message(self, message: Message, content: str) -> Message:
        """The author edits their message: MESSAGE_UPDATE."""
        if message.author.bot:
            raise ValueError("edit_user_message is for users' messages")
        return self._edit_message(message, {"content": content}, [])

    async def delete_message(self, message: Message, *, by: User | None = None) -> None:
        """The author (or moderator ``by``) deletes a message: MESSAGE_DELETE."""
        if message.ephemeral_for is not None and by is not None and by.id != message.ephemeral_for:
            raise ValueError("only its user can dismiss an ephemeral message")
        self._delete_message(message)

    async def add_reaction(self, user: User, message: Message, emoji: str) -> None:
        """``user`` reacts with ``emoji`` ("👍", or "name:id" for a custom emoji): MESSAGE_REACTION_ADD."""
        if not message.visible_to(user):
            raise ValueError(f"{user.name} cannot see message {message.id}")
        emoji = normalize_emoji(emoji)
        users = message.reactions.setdefault(emoji, [])
        if user.id not in users:
            users.append(user.id)
            self._dispatch_reaction("MESSAGE_REACTION_ADD", message, user, emoji)

    async def remove_reaction(self, user: User, message: Message, emoji: str) -> None:
        self._remove_reaction(message, user.id, normalize_emoji(emoji))

    # -- acting as users: interactions ---------------------------------------------------------------------------

    def _interaction_payload(self, it: Interaction, member: Member | None) -> dict[str, Any]:
        world = self.world
        chan = it.channel
        guild = it.guild
        channel_payload = world.payloads.channel(chan)
        payload: dict[str, Any] = {
            "id": str(it.id),
            "application_id": str(world.application_id),
            "type": it.type,
            "data": it.data,
            "token": it.token,
            "version": 1,
            "locale": it.user.locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
            "channel_id": str(chan.id),
            "channel": channel_payload,
        }
        if guild is not None and member is not None:
            user_perms = member.permissions_in(chan)
            payload.update(
                {
                    "guild_id": str(guild.id),
                    "guild": {
                        "id": str(guild.id),
                        "locale": guild.preferred_locale,
                        "features": guild.features,
                    },
                    "guild_locale": guild.preferred_locale,
                    "member": world.payloads.member(member, permissions=user_perms),
                    "app_permissions": str(guild.me.permissions_in(chan)),
                    "authorizing_integration_owners": {"0": str(guild.id)},
                    "context": 0,
                }
            )
            channel_payload["permissions"] = str(user_perms)
        else:
            payload.update(
                {
                    "user": world.payloads.user(it.user),
                    "app_permissions": str((1 << 53) - 1),
                    "authorizing_integration_owners": {"0": "0"},
                    "context": 1,
                }
            )
        if it.message is not None:
            payload["message"] = world.payloads.message(it.message, gateway=True)
        return payload

    def _dispatch_interaction(
        self,
        type: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        *,
        message: Message | None = None,
        command_name: str | None = None,
    ) -> InteractionResult:
        member = self._member_of(user, channel)
        it = Interaction(
            id=self.world.snowflakes.next(),
            token=f"aW50ZXJhY3Rpb24.{secrets.token_urlsafe(48)}",
            type=type,
            user=user,
            channel=channel,
            guild=channel.guild,
            data=data,
            payload={},
            created_at=self.clock.now(),
            dispatched_at=self._monotonic(),
            message=message,
            command_name=command_name,
        )
        it.payload = self._interaction_payload(it, member)
        self.world.interactions[it.id] = it
        self.world.interactions_by_token[it.token] = it
        it.dispatched_at = self._monotonic()
        delivered = self.gateway.dispatch("INTERACTION_CREATE", it.payload)
        it.delivered = delivered > 0
        if not delivered:
            log.warning("interaction %s dispatched but no bot session is connected", command_name or type)
        return InteractionResult(self, it, delivered)

    def _resolve_option(
        self,
        definition: dict[str, Any],
        value: Any,
        resolved: dict[str, dict[str, Any]],
        guild: Guild | None,
        channel: Channel,
        *,
        focused: bool,
        qualified: str,
    ) -> dict[str, Any]:
        otype = int(definition["type"])
        name = definition["name"]
        out: dict[str, Any] = {"type": otype, "name": name}
        if focused:
            out["value"] = value if isinstance(value, str) else str(value)
            out["focused"] = True
            return out
        where = f"option {name!r} of /{qualified}"
        payloads = self.world.payloads

        def add_user(user: User) -> str:
            resolved.setdefault("users", {})[str(user.id)] = payloads.user(user)
            member = guild.get_member(user) if guild is not None else None
            if member is not None:
                resolved.setdefault("members", {})[str(user.id)] = payloads.member(
                    member, with_user=False, permissions=member.permissions_in(channel)
                )
            return str(user.id)

        def add_role(role: Role) -> str:
            resolved.setdefault("roles", {})[str(role.id)] = payloads.role(role)
            return str(role.id)

        if otype == 3:
            if not isinstance(value, str):
                raise ValueError(f"{where} is a string, got {value!r}")
            lo, hi = definition.get("min_length"), definition.get("max_length")
            if (lo is not None and len(value) < lo) or (hi is not None and len(value) > hi):
                raise ValueError(f"{where}: length must be within {lo}..{hi}")
            out["value"] = value
        elif otype == 4:
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"{where} is an integer, got {value!r}")
            out["value"] = value
        elif otype == 10:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueError(f"{where} is a number, got {value!r}")
            out["value"] = value
        elif otype == 5:
            if not isinstance(value, bool):
                raise ValueError(f"{where} is a boolean, got {value!r}")
            out["value"] = value
        elif otype == 6:
            user = value.user if isinstance(value, Member) else value
            if not isinstance(user, User):
                raise ValueError(f"{where} is a user, got {value!r}")
            out["value"] = add_user(user)
        elif otype == 7:
            if not isinstance(value, Channel):
                raise ValueError(f"{where} is a channel, got {value!r}")
            types = definition.get("channel_types")
            if types and value.type not in types:
                raise ValueError(f"{where} accepts channel types {types}, not {value.type}")
            chan_payload = payloads.channel(value)
            member = guild.get_member(self.world.bot_user) if guild is not None else None
            chan_payload["permissions"] = str(member.permissions_in(value) if member else 0)
            resolved.setdefault("channels", {})[str(value.id)] = chan_payload
            out["value"] = str(value.id)
        elif otype == 8:
            if not isinstance(value, Role):
                raise ValueError(f"{where} is a role, got {value!r}")
            out["value"] = add_role(value)
        elif otype == 9:
            if isinstance(value, Role):
                out["value"] = add_role(value)
            elif isinstance(value, User | Member):
                out["value"] = add_user(value.user if isinstance(value, Member) else value)
            else:
                raise ValueError(f"{where} is a user or role, got {value!r}")
        elif otype == 11:
            if not (isinstance(value, tuple) and len(value) == 2):
                raise ValueError(f"{where} is an attachment: pass (filename, bytes)")
            att = self._new_attachment(channel, UploadedFile("option", value[0], None, value[1]), None, None)
            resolved.setdefault("attachments", {})[str(att.id)] = payloads.attachment(att)
            out["value"] = str(att.id)
        else:
            raise ValueError(f"{where} has unsupported type {otype}")
        if otype in (3, 4, 10):
            choices = definition.get("choices")
            if choices and out["value"] not in [c["value"] for c in choices]:
                raise ValueError(f"{where} must be one of {[c['value'] for c in choices]}, got {value!r}")
            lo, hi = definition.get("min_value"), definition.get("max_value")
            if otype != 3 and (
                (lo is not None and out["value"] < lo) or (hi is not None and out["value"] > hi)
            ):
                raise ValueError(f"{where} must be within {lo}..{hi}, got {value!r}")
        return out

    def _command_data(
        self,
        user: User,
        channel: Channel,
        command: str,
        options: Mapping[str, Any] | None,
        *,
        focused: str | None = None,
    ) -> tuple[dict[str, Any], str]:
        parts = command.strip().lstrip("/").split()
        if not parts:
            raise ValueError("empty command")
        guild = channel.guild
        cmd = self.world.find_command(parts[0], guild)
        if cmd is None:
            known = sorted({c.name for c in self.world.commands.values() if c.type == 1})
            raise ValueError(f"no command /{parts[0]} is registered (registered: {known}); did the bot sync?")
        qualified = " ".join(parts)
        definitions: list[dict[str, Any]] = list(cmd.payload.get("options") or [])
        chain: list[dict[str, Any]] = []
        for part in parts[1:]:
            sub = next((o for o in definitions if o.get("type") in (1, 2) and name_matches(o, part)), None)
            if sub is None:
                subs = [o.get("name") for o in definitions if o.get("type") in (1, 2)]
                raise ValueError(f"/{qualified}: no subcommand {part!r} (has {subs})")
            chain.append(sub)
            definitions = list(sub.get("options") or [])
        if any(o.get("type") in (1, 2) for o in definitions):
            subs = [o.get("name") for o in definitions if o.get("type") in (1, 2)]
            raise ValueError(f"/{qualified} is a group: name one of its subcommands {subs}")
        values = dict(options or {})
        by_name = {o["name"]: o for o in definitions}
        resolved: dict[str, dict[str, Any]] = {}
        leaf: list[dict[str, Any]] = []
        provided: set[str] = set()
        for given, value in values.items():
            definition = next((o for o in definitions if name_matches(o, given)), None)
            if definition is None:
                raise ValueError(f"/{qualified} has no option {given!r} (has {sorted(by_name)})")
            name = definition["name"]
            provided.add(name)
            if focused == given:
                focused = name
            leaf.append(
                self._resolve_option(
                    definition, value, resolved, guild, channel, focused=name == focused, qualified=qualified
                )
            )
        if focused is None:
            missing = [o["name"] for o in definitions if o.get("required") and o["name"] not in provided]
            if missing:
                raise ValueError(f"/{qualified} requires options {missing}")
        elif focused not in provided:
            raise ValueError(f"the focused option {focused!r} needs a value (what the user typed so far)")
        elif not by_name[focused].get("autocomplete"):
            raise ValueError(f"option {focused!r} of /{qualified} has no autocomplete")
        nested = leaf
        for sub in reversed(chain):
            nested = [{"type": sub["type"], "name": sub["name"], "options": nested}]
        data: dict[str, Any] = {"id": str(cmd.id), "name": cmd.name, "type": 1}
        if nested:
            data["options"] = nested
        if resolved:
            data["resolved"] = resolved
        if cmd.guild_id is not None:
            data["guild_id"] = str(cmd.guild_id)
        return data, qualified

    async def slash(
        self, user: User, channel: Channel, command: str, options: Mapping[str, Any] | None = None
    ) -> InteractionResult:
        """``user`` runs ``/command`` (``"game new"`` for subcommands) in ``channel`` with ``options``
        (str/int/float/bool, User/Member, Channel, Role, ``(filename, bytes)`` for attachments), as registered by
        the bot's command sync. Returns at once; ``await result.response()`` waits for the bot."""
        data, qualified = self._command_data(user, channel, command, options)
        return self._dispatch_interaction(2, user, channel, data, command_name=qualified)

    async def autocomplete(
        self,
        user: User,
        channel: Channel,
        command: str,
        options: Mapping[str, Any],
        focused: str,
        *,
        timeout: float = 5.0,  # noqa: ASYNC109
    ) -> list[dict[str, Any]]:
        """``user`` types in option ``focused`` (its value in ``options`` is the text typed so far); returns the
        choices the bot offered."""
        data, qualified = self._command_data(user, channel, command, options, focused=focused)
        result = self._dispatch_interaction(4, user, channel, data, command_name=qualified)
        return await result.choices(timeout)

    async def context_menu(
        self, user: User, channel: Channel, name: str, target: User | Member | Message
    ) -> InteractionResult:
        """A user (right click on a member) or message context menu command."""
        ctype = 3 if isinstance(target, Message) else 2
        cmd = self.world.find_command(name, channel.guild, type=ctype)
        if cmd is None:
            raise ValueError(f"no {'message' if ctype == 3 else 'user'} command {name!r} is registered")
        resolved: dict[str, dict[str, Any]] = {}
        if isinstance(target, Message):
            resolved["messages"] = {str(target.id): self.world.payloads.message(target)}
            target_id = target.id
        else:
            user_t = target.user if isinstance(target, Member) else target
            self._resolve_option(
                {"type": 6, "name": "target"},
                user_t,
                resolved,
                channel.guild,
                channel,
                focused=False,
                qualified=name,
            )
            target_id = user_t.id
        data: dict[str, Any] = {
            "id": str(cmd.id),
            "name": cmd.name,
            "type": ctype,
            "target_id": str(target_id),
            "resolved": resolved,
        }
        if cmd.guild_id is not None:
            data["guild_id"] = str(cmd.guild_id)
        return self._dispatch_interaction(2, user, channel, data, command_name=name)

    def _component_message(self, user: User, message: Message) -> None:
        if message.deleted:
            raise ValueError(f"message {message.id} was deleted")
        if not message.visible_to(user):
            raise ValueError(f"{user.name} cannot see message {message.id} (ephemeral for someone else)")

    async def click(
        self, user: User, message: Message, custom_id: str | None = None, *, label: str | None = None
    ) -> InteractionResult:
        """``user`` clicks the button with ``custom_id`` (or ``label``) on ``message``."""
        self._component_message(user, message)
        if custom_id is None and label is None:
            raise ValueError("give the button's custom_id or label")
        button = message.find_component(custom_id, label=label, type=2)
        if button is None:
            raise ValueError(
                f"no button {custom_id or label!r} on message {message.id}; buttons: "
                f"{[(b.get('label'), b.get('custom_id')) for b in message.buttons]}"
            )
        if button.get("style") == 5 or "custom_id" not in button:
            raise ValueError("link buttons do not send interactions")
        if button.get("disabled"):
            raise ValueError(f"button {button.get('label') or button['custom_id']!r} is disabled")
        data: dict[str, Any] = {"custom_id": button["custom_id"], "component_type": 2}
        if "id" in button:
            data["id"] = button["id"]
        return self._dispatch_interaction(3, user, message.channel, data, message=message)

    async def select(
        self, user: User, message: Message, custom_id: str, values: list[Any]
    ) -> InteractionResult:
        """``user`` picks ``values`` in the select menu ``custom_id`` on ``message`` (option values for string
        selects; User/Role/Channel objects for the other select types)."""
        self._component_message(user, message)
        menu = message.find_component(custom_id)
        if menu is None or menu.get("type") not in (3, 5, 6, 7, 8):
            raise ValueError(
                f"no select {custom_id!r} on message {message.id}; selects: "
                f"{[s.get('custom_id') for s in message.selects]}"
            )
        if menu.get("disabled"):
            raise ValueError(f"select {custom_id!r} is disabled")
        lo, hi = int(menu.get("min_values", 1)), int(menu.get("max_values", 1))
        if not lo <= len(values) <= hi:
            raise ValueError(f"select {custom_id!r} takes {lo}..{hi} values, got {len(values)}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": menu["type"]}
        if menu["type"] == 3:
            allowed = [o["value"] for o in menu.get("options") or []]
            bad = [v for v in values if v not in allowed]
            if bad:
                raise ValueError(f"{bad} are not options of {custom_id!r} ({allowed})")
            data["values"] = list(values)
        else:
            resolved: dict[str, dict[str, Any]] = {}
            ids = []
            for value in values:
                otype = 8 if isinstance(value, Role) else 7 if isinstance(value, Channel) else 6
                ids.append(
                    self._resolve_option(
                        {"type": otype, "name": "value"},
                        value,
                        resolved,
                        message.channel.guild,
                        message.channel,
                        focused=False,
                        qualified=custom_id,
                    )["value"]
                )
            data["values"] = ids
            data["resolved"] = resolved
        return self._dispatch_interaction(3, user, message.channel, data, message=message)

    def _find_modal(
        self, user: User, custom_id: str, origin: InteractionResult | None
    ) -> tuple[Interaction, dict[str, Any]]:
        for it, modal in reversed(self._modals):
            if it.user is not user or modal.get("custom_id") != custom_id:
                continue
            if origin is not None and it is not origin.interaction:
                continue
            return it, modal
        shown = [m.get("custom_id") for it, m in self._modals if it.user is user]
        raise ValueError(f"the bot did not show {user.name} a modal {custom_id!r} (shown: {shown})")

    async def submit_modal(
        self,
        user: User,
        channel: Channel | None,
        custom_id: str,
        fields: Mapping[str, str | list[str]],
        *,
        origin: InteractionResult | None = None,
    ) -> InteractionResult:
        """``user`` fills in and submits the modal ``custom_id`` the bot showed them (the latest one, or the one
        answering ``origin``); ``fields``: text input custom_id -> text, or select custom_id -> values. The
        submission mirrors the modal's layout (action rows or labels). ``channel`` defaults to where the modal was
        opened."""
        it, modal = self._find_modal(user, custom_id, origin)
        remaining = dict(fields)

        def fill(comp: dict[str, Any]) -> dict[str, Any] | None:
            ctype = comp.get("type")
            cid = comp.get("custom_id")
            if ctype == 4:
                value = remaining.pop(cid, None) if cid else None
                if value is None:
                    if comp.get("required", True) and not comp.get("value"):
                        raise ValueError(f"text input {cid!r} of modal {custom_id!r} is required")
                    value = comp.get("value") or ""
                if not isinstance(value, str):
                    raise ValueError(f"text input {cid!r} takes a string")
                lo, hi = comp.get("min_length"), comp.get("max_length")
                if value and ((lo is not None and len(value) < lo) or (hi is not None and len(value) > hi)):
                    raise ValueError(f"text input {cid!r}: length must be within {lo}..{hi}")
                out: dict[str, Any] = {"type": 4, "custom_id": cid, "value": value}
            elif ctype in (3, 5, 6, 7, 8):
                values = remaining.pop(cid, []) if cid else []
                if isinstance(values, str):
                    values = [values]
                out = {"type": ctype, "custom_id": cid, "values": list(values)}
            else:
                return None
            if "id" in comp:
                out["id"] = comp["id"]
            return out

        components: list[dict[str, Any]] = []
        for top in modal.get("components") or []:
            if top.get("type") == 1:
                inner = [c for c in (fill(c) for c in top.get("components") or []) if c is not None]
                components.append(
                    {"type": 1, "components": inner, **({"id": top["id"]} if "id" in top else {})}
                )
            elif top.get("type") == 18 and isinstance(top.get("component"), dict):
                inner_comp = fill(top["component"])
                if inner_comp is not None:
                    components.append(
                        {"type": 18, "component": inner_comp, **({"id": top["id"]} if "id" in top else {})}
                    )
            elif top.get("type") == 10:
                components.append({"type": 10, **({"id": top["id"]} if "id" in top else {})})
        if remaining:
            raise ValueError(f"modal {custom_id!r} has no fields {sorted(remaining)}")
        data = {"custom_id": custom_id, "components": components}
        return self._dispatch_interaction(5, user, channel or it.channel, data, message=it.message)
