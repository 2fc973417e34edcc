"""Discord's global rate limit: 50 requests a second for a bot, across all its connections (processes, shards).

Off unless enabled (`emu.global_limit.enable()`; the soak turns it on). When on, a request the limit counts
(`bot.rest_calls.counted_by_global_limit`: everything but an interaction's callback and its token's webhook routes)
beyond `per_second` in the last second is answered as Discord answers it: 429 with
`{"message": ..., "retry_after": s, "global": true}` and the headers `Retry-After`, `X-RateLimit-Global: true`,
`X-RateLimit-Scope: global` (and `Via`, without which discord.py takes a 429 for a Cloudflare ban). A refused
request does not use the budget. The window slides: never more than `per_second` accepted requests in any second.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from bot.rest_calls import GLOBAL_LIMIT_PER_SECOND, counted_by_global_limit

WINDOW = 1.0  # seconds


class GlobalLimit:
    def __init__(self, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_second: int | None = None  # None: not enforced
        self.counted = 0  # requests the limit counts, accepted or not (enforced or not)
        self.exempt = 0  # interaction endpoints
        self.refused = 0  # answered 429 global
        self._clock = clock
        self._accepted: deque[float] = deque()  # when the accepted counted requests of the last second came

    def enable(self, per_second: int = GLOBAL_LIMIT_PER_SECOND) -> None:
        self.per_second = per_second

    def disable(self) -> None:
        self.per_second = None

    @property
    def enabled(self) -> bool:
        return self.per_second is not None

    def check(self, path: str) -> tuple[dict[str, Any], dict[str, str]] | None:
        """Note a request to `path` (below the API prefix); the 429's body and headers when it is over the limit."""
        if not counted_by_global_limit(path):
            self.exempt += 1
            return None
        self.counted += 1
        if self.per_second is None:
            return None
        now = self._clock()
        accepted = self._accepted
        while accepted and accepted[0] <= now - WINDOW:
            accepted.popleft()
        if len(accepted) < self.per_second:
            accepted.append(now)
            return None
        self.refused += 1
        retry_after = max(accepted[0] + WINDOW - now, 0.001)
        body = {
            "message": "You are being rate limited.",
            "retry_after": round(retry_after, 3),
            "global": True,
        }
        headers = {
            "Retry-After": str(max(1, math.ceil(retry_after))),
            "X-RateLimit-Global": "true",
            "X-RateLimit-Scope": "global",
            "Via": "1.1 google",
        }
        return body, headers
