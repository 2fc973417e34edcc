"""Where the bot sends Discord's REST calls: discord.com, or a proxy shared by the processes of a cluster.

Discord's global rate limit (50 requests a second) counts per bot, not per process; every process of a cluster
sending straight to Discord would each believe it has the whole budget. With ``DISCORD_API_URL`` every REST call
(interaction answers and follow-ups included) goes to a proxy such as nirn-proxy instead, which keeps one
set of rate-limit buckets for the bot (see the README's "A cluster of bot processes"). The gateway connections are
not proxied: each shard keeps its own websocket to Discord.
"""

from __future__ import annotations

import logging

import yarl
from discord.http import Route

log = logging.getLogger(__name__)


def use_discord_api(base: str) -> None:
    """Send every REST call to ``base`` (e.g. ``http://proxy:8080/api/v10``) instead of discord.com."""
    Route.BASE = base.rstrip("/")
    log.info("Discord REST calls go through %s", yarl.URL(Route.BASE).with_user(None))
