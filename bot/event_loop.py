"""The event loop the bot runs on: uvloop where it is installed (every platform but Windows), else asyncio's own.

uvloop is a drop-in asyncio loop written on libuv; the bot's sockets (the gateway, every REST call, PostgreSQL) and
its tasks cost about a third less CPU on it (see README, "Speed of one process"). Nothing in the bot depends on
which loop runs it.
"""

from __future__ import annotations

import asyncio


def use_fast_event_loop() -> str:
    """Make the next `asyncio.run` (and discord.py's `Client.run`) use uvloop when it is installed; returns the
    loop's name, for the log."""
    try:
        import uvloop
    except ImportError:  # Windows, or a custom install without it
        return "asyncio"
    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    return "uvloop"
