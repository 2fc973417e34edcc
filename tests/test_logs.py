"""No log line carries a token or what a player wrote, at any level: the real bot at DEBUG, through the emulator
(discord.py then writes every raw gateway event and every REST route), with `python -m bot`'s logging setup."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.app import TheGameBot, create_bot
from bot.emulator import Emulator, RunningClient
from bot.logs import Redact, redact, setup_logging
from tests.e2e.conftest import bot_settings
from tests.emulator.fixtures import StartClient

CHAT = "meet me at the seventh pile, Bob"


@pytest.fixture
def debug_log() -> Iterator[io.StringIO]:
    """`python -m bot`'s logging at DEBUG into a buffer; the root logger as it was afterwards."""
    root = logging.getLogger()
    level = root.level
    buffer = io.StringIO()
    mine = setup_logging(logging.DEBUG, secrets=["emulator-unused"], handler=logging.StreamHandler(buffer))
    redacting = list(root.handlers)  # pytest's own handlers among them: they must not keep the filter
    try:
        yield buffer
    finally:
        for handler in redacting:
            for each in [f for f in handler.filters if isinstance(f, Redact)]:
                handler.removeFilter(each)
        root.removeHandler(mine)
        root.setLevel(level)


async def test_at_debug_the_log_has_no_token_and_no_player_text(
    emulator: Emulator, start_client: StartClient, tmp_path: Path, debug_log: io.StringIO
) -> None:
    running: RunningClient[TheGameBot] = await start_client(lambda: create_bot(bot_settings(tmp_path)))
    guild = emulator.world.add_guild("Table Top")
    channel = guild.add_text_channel("games")
    alice, bob = emulator.world.add_user("alice"), emulator.world.add_user("bob")
    guild.add_member(alice)
    guild.add_member(bob)
    opened = await emulator.slash(alice, channel, "game new")
    assert (await opened.response()).ok
    board = opened.original or await opened.original_message()
    joined = await emulator.click(bob, board, next(i for i in board.custom_ids if ":join:" in i))
    assert (await joined.response()).ok
    await emulator.send_message(bob, channel, CHAT)
    await running.client.controller.settle()
    log = debug_log.getvalue()
    # discord.py did write the raw events and the routes...
    assert "WebSocket Event" in log and "INTERACTION_CREATE" in log and "MESSAGE_CREATE" in log
    assert "/interactions/" in log and "/callback" in log
    # ... without a token or what Bob wrote.
    for token in (opened.interaction.token, joined.interaction.token, emulator.token):
        assert token not in log
    assert CHAT not in log


def test_redaction_keeps_ids_routes_and_statuses() -> None:
    line = (
        "POST https://discord.com/api/v10/webhooks/42/aW50Zg.x-y_z/messages/@original with "
        '{"content":"Your hand: 7, 12","components":[{"custom_id":"tg:card:5:7","label":"7"}]} has returned 200'
    )
    assert redact(line, ["BOT.TOKEN"]) == (
        "POST https://discord.com/api/v10/webhooks/42/***/messages/@original with "
        """{"content":'***',"components":[{"custom_id":"tg:card:5:7","label":'***'}]} has returned 200"""
    )
    assert redact("Bot BOT.TOKEN refused", ["BOT.TOKEN"]) == "Bot *** refused"
