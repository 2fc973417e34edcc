"""Fault injection for REST routes: server errors and rate limits, a given number of times."""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.emulator.chaos import Chaos
    from bot.emulator.records import RequestRecord

RouteSpec = str | Callable[["RequestRecord"], bool]

_PARAM = re.compile(r"\{[^}]*\}")


def normalize_route(route: str) -> str:
    """``"POST /channels/{channel_id}/messages"`` -> ``"POST /channels/{}/messages"`` (parameter names vary
    between discord.py and the emulator, e.g. interaction callbacks)."""
    return _PARAM.sub("{}", route.strip())


def route_matches(spec: RouteSpec, record: RequestRecord) -> bool:
    if callable(spec):
        return bool(spec(record))
    wanted = normalize_route(spec)
    if " " in wanted:
        method, path = wanted.split(" ", 1)
        return (
            record.method == method.upper() and normalize_route(record.route or "").split(" ", 1)[-1] == path
        )
    return normalize_route(record.route or "").split(" ", 1)[-1] == wanted


@dataclass(eq=False)
class Fault:
    spec: RouteSpec
    status: int
    times: int | None  # None: forever
    body: dict[str, Any] | None = None
    headers: dict[str, str] = field(default_factory=dict)
    hits: int = 0
    delay: float = 0.0  # status 0: the request is handled normally and answered `delay` seconds late

    @property
    def exhausted(self) -> bool:
        return self.times is not None and self.hits >= self.times


class Faults:
    """``emu.faults.fail("POST /channels/{channel_id}/messages", status=500, times=1)`` and
    ``emu.faults.rate_limit("POST /channels/{channel_id}/messages", retry_after=0.2)``. A route is a template as
    in :attr:`RequestRecord.route` (with or without the method; parameter names do not matter) or a predicate on
    the :class:`RequestRecord`. Injected responses are logged in ``emu.requests`` with ``injected=True``.
    ``emu.faults.chaos = Chaos(...)`` adds random faults at given rates (:mod:`bot.emulator.chaos`)."""

    def __init__(self) -> None:
        self.faults: list[Fault] = []
        self.chaos: Chaos | None = None

    def fail(
        self,
        route: RouteSpec,
        status: int = 500,
        *,
        times: int | None = 1,
        body: dict[str, Any] | None = None,
    ) -> Fault:
        default = {"message": f"{status}: Injected failure", "code": 0}
        fault = Fault(route, status, times, body or default)
        self.faults.append(fault)
        return fault

    def rate_limit(
        self,
        route: RouteSpec,
        retry_after: float = 0.2,
        *,
        times: int | None = 1,
        is_global: bool = False,
        scope: str = "user",
    ) -> Fault:
        body = {"message": "You are being rate limited.", "retry_after": retry_after, "global": is_global}
        if not is_global:
            body["code"] = 0
        headers = {
            "Retry-After": str(max(1, int(retry_after + 0.999))),
            "X-RateLimit-Limit": "5",
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset-After": f"{retry_after:.3f}",
            "X-RateLimit-Bucket": secrets.token_hex(16),
            "X-RateLimit-Scope": "global" if is_global else scope,
            "Via": "1.1 google",
        }
        if is_global:
            headers["X-RateLimit-Global"] = "true"
        fault = Fault(route, 429, times, body, headers)
        self.faults.append(fault)
        return fault

    def clear(self) -> None:
        self.faults.clear()

    def take(self, record: RequestRecord) -> Fault | None:
        for fault in self.faults:
            if fault.exhausted:
                continue
            if route_matches(fault.spec, record):
                fault.hits += 1
                return fault
        if self.chaos is not None:
            return self.chaos.take(record)
        return None
