"""Which of the bot's REST calls Discord's global rate limit counts, and how many of each the bot made.

Discord allows a bot 50 requests a second in all, across every process and shard. The interaction endpoints are
not bound to it: the callback that answers an interaction (`POST /interactions/{id}/{token}/callback`) and the
webhook routes of an interaction's token (`/webhooks/{application_id}/{token}`: follow-ups, getting, editing and
deleting the original response and the follow-ups). Everything else counts: posting, editing and deleting channel
messages, fetching members, syncing commands... (docs: "Rate Limits", "Global Rate Limit"; "Receiving and
Responding", "Endpoints").

`RestCallCounter` counts every call the bot sends (through the connector of discord.py's HTTP session, which every
request passes, interaction answers and webhook calls too) by whether the limit applies, and logs a line every few
minutes: the figures an operator needs to see how far the bot is from the limit, whatever the number of its
processes. Not through an aiohttp trace (`http_trace`): a trace makes aiohttp build and send eight signals a
request, which cost the bot about 3% of its CPU on `benchmarks/bot_load.py`; the connector is asked once.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

import aiohttp
from aiohttp.client_reqrep import ClientRequest
from aiohttp.connector import Connection
from aiohttp.tracing import Trace
from discord.http import Route

log = logging.getLogger(__name__)

GLOBAL_LIMIT_PER_SECOND = 50  # Discord's global rate limit: requests a second per bot, all processes together
# How often the counter logs its figures (seconds), and the share of the limit in one second that is worth a warning.
REPORT_EVERY = 300.0
WARN_AT_SHARE = 0.8


def _route_parts(path: str) -> list[str]:
    """The segments of a REST path or route template, without the query and the `/api/v10` prefix."""
    parts = path.split("?", 1)[0].strip("/").split("/")
    if parts[:1] == ["api"]:
        parts = parts[1:]
    if parts and len(parts[0]) > 1 and parts[0][0] == "v" and parts[0][1:].isdigit():
        parts = parts[1:]
    return parts


def counted_by_global_limit(path: str) -> bool:
    """Whether Discord's global rate limit applies to a REST call to `path` (a path such as
    `/api/v10/channels/1/messages`, or a route template such as `/webhooks/{application_id}/{token}`, with or
    without a method before it). Exempt: an interaction's callback, and the routes of a webhook's token, which for
    this bot are its interactions' (the original response and the follow-ups: create, get, edit, delete). A
    webhook route without a token (`/webhooks/{webhook_id}`) is authenticated as the bot, and counts."""
    if " " in path:
        path = path.split(" ", 1)[1]
    parts = _route_parts(path)
    if len(parts) == 4 and parts[0] == "interactions" and parts[3] == "callback":
        return False
    return not (len(parts) >= 3 and parts[0] == "webhooks")


class RestCallCounter:
    """The bot's REST calls so far: `counted` (the global limit applies), `exempt` (interaction endpoints), and the
    most counted calls seen in one second since the last report (`peak_per_second`). A 429 retried by discord.py is
    another call, as Discord counts it."""

    def __init__(
        self,
        *,
        report_every: float = REPORT_EVERY,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.counted = 0
        self.exempt = 0
        self.peak_per_second = 0
        self._report_every = report_every
        self._clock = clock
        self._second = 0  # the whole second of the clock being counted
        self._this_second = 0  # counted calls in it
        self._reported_at = clock()
        self._reported_counted = 0
        self._reported_exempt = 0

    def connector(self) -> aiohttp.TCPConnector:
        """The connector for discord.py's HTTP session (`discord.Client(connector=...)`, made in a running event
        loop): discord.py's own (no limit on connections), and every request of the session (REST calls,
        interaction answers, webhook calls) is noted as it asks for a connection."""
        return CountingConnector(self, limit=0)

    def note_url(self, url: str) -> None:
        """One request of the bot's HTTP session to `url`: a REST call when it goes to the API (not the gateway)."""
        base = Route.BASE
        if url.startswith(base):
            self.note(url[len(base) :])

    def note(self, path: str) -> None:
        """One REST call to `path` (below the API's base). Most are answers and channel messages: told apart
        without splitting the path (this runs for every call)."""
        if path.startswith("/interactions/") or (
            path.startswith("/webhooks/") and not counted_by_global_limit(path)
        ):
            self.exempt += 1
            self._maybe_report()
            return
        self.counted += 1
        second = int(self._clock())
        if second != self._second:
            self._second, self._this_second = second, 0
        self._this_second += 1
        if self._this_second > self.peak_per_second:
            self.peak_per_second = self._this_second
            if self._this_second == int(GLOBAL_LIMIT_PER_SECOND * WARN_AT_SHARE):
                log.warning(
                    "%s Discord REST calls counted by its global rate limit in one second (the limit is %s, for "
                    "every process of the bot together)",
                    self._this_second,
                    GLOBAL_LIMIT_PER_SECOND,
                )
        self._maybe_report()

    def _maybe_report(self) -> None:
        now = self._clock()
        elapsed = now - self._reported_at
        if elapsed < self._report_every:
            return
        counted = self.counted - self._reported_counted
        exempt = self.exempt - self._reported_exempt
        log.info(
            "Discord REST calls in the last %.0f s: %s counted by the global rate limit (%.2f a second, at most %s "
            "in one second; the limit is %s), %s exempt (interaction answers and their webhooks)",
            elapsed,
            counted,
            counted / elapsed,
            self.peak_per_second,
            GLOBAL_LIMIT_PER_SECOND,
            exempt,
        )
        self._reported_at = now
        self._reported_counted, self._reported_exempt = self.counted, self.exempt
        self.peak_per_second = 0


class CountingConnector(aiohttp.TCPConnector):
    """aiohttp's connector, which notes each request to its counter when the request asks for a connection (once
    per request sent, a retry included)."""

    def __init__(self, counter: RestCallCounter, **options: Any) -> None:
        super().__init__(**options)
        self._counter = counter

    async def connect(
        self,
        req: ClientRequest,
        traces: list[Trace],
        timeout: aiohttp.ClientTimeout,  # noqa: ASYNC109 (aiohttp's signature)
    ) -> Connection:
        self._counter.note_url(str(req.url))
        return await super().connect(req, traces, timeout)
