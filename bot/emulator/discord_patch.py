"""Point discord.py at a local Discord: the only place that patches discord.py (tests and the playground use it)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route


@contextlib.contextmanager
def point_discord_at(api_base: str, gateway_url: str) -> Iterator[None]:
    """Inside the block, discord.py sends REST calls (interaction webhooks included) to ``api_base`` (e.g.
    ``http://127.0.0.1:5000/api/v10``) and ``Client.connect`` dials ``gateway_url``; RESUMEs use the READY's
    ``resume_gateway_url``. Restores the real addresses on exit."""
    old_base, old_gateway = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    Route.BASE = api_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    try:
        yield
    finally:
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = old_base, old_gateway
