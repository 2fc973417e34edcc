"""Random faults, each at its own rate, from a seeded generator: Discord's bad days, for a soak.

    chaos = Chaos(ChaosRates(server_error=0.02, rate_limit=0.02, reconnect=0.05), seed=7)
    emu.faults.chaos = chaos            # REST faults: consulted for every request no explicit fault took
    task = asyncio.create_task(chaos.run_gateway(emu))   # gateway faults, at random moments
    ...
    chaos.active = False                # the faults stop (the soak then checks that boards converge)

REST faults (a share of the requests on the routes a bot uses while it runs: interaction callbacks, webhooks,
channel messages): `rate_limit` (429 with `retry_after` on that route's bucket), `global_rate_limit` (429 with
`X-RateLimit-Global`), `server_error` (500, 502 or 503) and `slow` (the request is handled, its answer comes
past Discord's 3 seconds). Gateway faults (a rate per second while the bot is connected): `reconnect` (op 7, the
bot resumes), `disconnect` (the socket drops, the bot resumes and gets what it missed), `invalid_session` (op 9,
not resumable: the bot identifies again). `injected` counts what was injected, by kind.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING

from bot.emulator.faults import Fault, Faults

if TYPE_CHECKING:
    from bot.emulator.emulator import Emulator
    from bot.emulator.records import RequestRecord

log = logging.getLogger(__name__)

REST_KINDS = ("rate_limit", "global_rate_limit", "server_error", "slow")
GATEWAY_KINDS = ("reconnect", "disconnect", "invalid_session")
SERVER_ERRORS = (500, 502, 503)
# The routes a running bot uses for play: answering interactions and posting or editing messages. Start-up routes
# (login, the gateway URL, command sync) are left alone so that a restart always succeeds.
PLAY_ROUTES = ("/interactions/", "/webhooks/", "/channels/")


@dataclass(slots=True)
class ChaosRates:
    """REST kinds: the share of eligible requests (0 to 1). Gateway kinds: how many a second."""

    rate_limit: float = 0.0
    global_rate_limit: float = 0.0
    server_error: float = 0.0
    slow: float = 0.0
    reconnect: float = 0.0
    disconnect: float = 0.0
    invalid_session: float = 0.0

    @classmethod
    def names(cls) -> tuple[str, ...]:
        return tuple(item.name for item in fields(cls))


def on_play_route(record: RequestRecord) -> bool:
    route = record.route or ""
    path = route.split(" ", 1)[-1]
    return path.startswith(PLAY_ROUTES)


class Chaos:
    def __init__(
        self,
        rates: ChaosRates,
        seed: int = 0,
        *,
        eligible: Callable[[RequestRecord], bool] = on_play_route,
        retry_after: tuple[float, float] = (0.05, 0.6),
        slow_delay: tuple[float, float] = (3.1, 3.8),
    ) -> None:
        self.rates = rates
        self.random = random.Random(seed)
        self.eligible = eligible
        self.retry_after = retry_after
        self.slow_delay = slow_delay
        self.active = True
        self.injected: Counter[str] = Counter()
        # Which interactions a REST fault hit (its callback, or a follow-up on its token), and when the gateway
        # faults were under way (monotonic start, end): what excuses an interaction answered late.
        self.faulted_interactions: set[int] = set()
        self.faulted_tokens: set[str] = set()
        self.gateway_windows: list[tuple[float, float]] = []
        self._builder = Faults()  # builds the 429 bodies and headers exactly as explicit faults do

    # -- REST ----------------------------------------------------------------------------------------------
    def take(self, record: RequestRecord) -> Fault | None:
        """A fault for this request, or None. A `slow` fault has status 0: handle normally, answer late."""
        if not self.active or not self.eligible(record):
            return None
        roll = self.random.random()
        for kind in REST_KINDS:
            rate = getattr(self.rates, kind)
            if roll < rate:
                self.injected[kind] += 1
                self._note(record)
                return self._fault(kind)
            roll -= rate
        return None

    def _note(self, record: RequestRecord) -> None:
        parts = record.path.strip("/").split("/")
        if len(parts) >= 2 and parts[0] == "interactions" and parts[1].isdigit():
            self.faulted_interactions.add(int(parts[1]))
        elif len(parts) >= 3 and parts[0] == "webhooks":
            self.faulted_tokens.add(parts[2])

    def _fault(self, kind: str) -> Fault:
        builder = self._builder
        if kind == "slow":
            return Fault(lambda _record: True, 0, 1, delay=self.random.uniform(*self.slow_delay))
        if kind == "server_error":
            status = self.random.choice(SERVER_ERRORS)
            return builder.fail(lambda _record: True, status)
        retry_after = round(self.random.uniform(*self.retry_after), 3)
        return builder.rate_limit(lambda _record: True, retry_after, is_global=kind == "global_rate_limit")

    # -- gateway -------------------------------------------------------------------------------------------
    async def run_gateway(self, emulator: Emulator, *, tick: float = 0.25) -> None:
        """Inject gateway faults at their rates until cancelled (or forever while `active` is False)."""
        while True:
            await asyncio.sleep(tick)
            if not self.active or not emulator.gateway.connected:
                continue
            for kind in GATEWAY_KINDS:
                if self.random.random() < getattr(self.rates, kind) * tick:
                    await self.gateway_fault(emulator, kind)
                    break

    async def gateway_fault(self, emulator: Emulator, kind: str) -> bool:
        """Inject one gateway fault and wait for the bot to come back (True) or give up after a while."""
        gateway = emulator.gateway
        self.injected[kind] += 1
        started = time.monotonic()
        try:
            if kind == "reconnect":
                await gateway.reconnect(timeout=15)
            elif kind == "disconnect":
                await gateway.disconnect(4000, timeout=15)
            elif kind == "invalid_session":
                await gateway.invalidate_session(resumable=False, timeout=20)
            else:
                raise ValueError(f"unknown gateway fault {kind!r}")
        except (AssertionError, RuntimeError):  # not connected, or not back in time
            self.injected[f"{kind} (no recovery seen)"] += 1
            return False
        finally:
            self.gateway_windows.append((started, time.monotonic()))
        return True
