"""What an edit costs the bot with Discord's answer read into a `Message` (discord.py's own calls) and left unread
(`bot/ui/message_edits.py`), for the edits a play makes: the hand answering a click (an interaction's update) and a
hand or the board edited through a token (a webhook edit, the board with its picture).

The network is replaced by discord.py's webhook adapter answering at once with the message as Discord returns it
(the payload sent, with the ids, author and attachment Discord adds), so only the bot's CPU is measured: the
request written (the same for both) and the answer read or not. Median CPU time of a call over `--repeat` runs of
`--calls` calls, both ways interleaved in one run.

    .venv/bin/python benchmarks/message_edits.py [--calls 2000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import aiohttp
import discord
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from bot.games.thegame.ui.table_ui import TheGameUI
from bot.ui.lobby import for_edit, render_table
from bot.ui.message_edits import edit_webhook_message, update_clicked_message
from tests.games.thegame.ui.tables import mid_game


class AnsweringAdapter(AsyncWebhookAdapter):
    """discord.py's adapter, answering every request at once with the message as Discord would return it."""

    def __init__(self) -> None:
        super().__init__()  # type: ignore[no-untyped-call]

    async def request(self, route: Any, session: Any = None, **kwargs: Any) -> Any:
        payload = kwargs.get("payload")
        if payload is None:  # multipart: the JSON part
            payload = json.loads(next(p["value"] for p in kwargs["multipart"] if p["name"] == "payload_json"))
        message = {
            "id": "1300000000000000001",
            "channel_id": "1200000000000000001",
            "author": {
                "id": "1100000000000000001",
                "username": "Card Table",
                "discriminator": "0",
                "bot": True,
            },
            "content": payload.get("content") or "",
            "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": "2026-01-01T00:00:01+00:00",
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [
                {
                    "id": "1",
                    "filename": "thegame-board.png",
                    "size": 19000,
                    "url": "https://cdn/x.png",
                    "proxy_url": "https://media/x.png",
                }
            ]
            if kwargs.get("files")
            else [],
            "embeds": payload.get("embeds") or [],
            "components": payload.get("components") or [],
            "pinned": False,
            "type": 0,
            "flags": 64,
        }
        if route.path.endswith("/callback"):
            return {
                "interaction": {"id": "99", "type": 3, "response_message_id": message["id"]},
                "resource": {"type": 7, "message": message},
            }
        return message


def clicked(interaction_state: Any) -> Any:
    """A click's interaction, as much of it as an update reads."""
    interaction: Any = SimpleNamespace(
        id=99,
        token="token",
        type=discord.InteractionType.component,
        message=SimpleNamespace(id=1300000000000000001),
        channel=None,
        guild_id=None,
        _state=interaction_state,
        _session=None,
    )
    interaction.response = discord.InteractionResponse(interaction)
    return interaction


async def cpu_per_call(call: Callable[[], Awaitable[Any]], calls: int) -> float:
    start = time.process_time()
    for _ in range(calls):
        await call()
    return (time.process_time() - start) / calls


async def run(calls: int, repeat: int) -> None:
    async_context.set(AnsweringAdapter())
    table = mid_game()
    seat = table.require_session().to_act()[0]
    hand = TheGameUI().hand(table, seat, "en-US", notice=None, hints=True)
    board = render_table(table)
    board["image"].png  # noqa: B018 (drawn once, kept: the edit is measured, not the picture)
    async with aiohttp.ClientSession() as session:
        webhook = discord.Webhook.partial(1, "token", session=session)
        state: Any = discord.Client(
            intents=discord.Intents.none()
        )._connection  # a bot's state, never connected

        def board_edit() -> dict[str, Any]:
            return for_edit(board)  # a fresh picture file each time, as each edit sends one

        cases: list[tuple[str, Callable[[], Awaitable[Any]], Callable[[], Awaitable[Any]]]] = [
            (
                "a click's hand answer",
                lambda: clicked(state).response.edit_message(**hand),
                lambda: update_clicked_message(clicked(state), **hand),
            ),
            (
                "a hand edited by its token",
                lambda: webhook.edit_message(1300000000000000001, **hand),
                lambda: edit_webhook_message(webhook, 1300000000000000001, **hand),
            ),
            (
                "the board edited (picture)",
                lambda: webhook.edit_message(1300000000000000001, **board_edit()),
                lambda: edit_webhook_message(webhook, 1300000000000000001, **board_edit()),
            ),
        ]
        print(f"CPU per call, median of {repeat} runs of {calls} calls (µs): answer read / unread")
        for name, read, unread in cases:
            timings: dict[str, list[float]] = {"read": [], "unread": []}
            for _ in range(repeat):
                timings["read"].append(await cpu_per_call(read, calls))
                timings["unread"].append(await cpu_per_call(unread, calls))
            read_us = statistics.median(timings["read"]) * 1e6
            unread_us = statistics.median(timings["unread"]) * 1e6
            print(f"  {name:<28} {read_us:7.1f} / {unread_us:7.1f}  ({unread_us / read_us:.2f}x)")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    options = parser.parse_args()
    asyncio.run(run(options.calls, options.repeat))
    return 0


if __name__ == "__main__":
    sys.exit(main())
