"""An unexpected failure is logged as an error with its traceback; Discord's own failures only as a warning."""

from __future__ import annotations

import asyncio
import logging
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
import pytest

from bot.games.errors import GameError
from bot.ui import answers, controller
from bot.ui.answers import apologise, discord_failed


def http_error(status: int, code: int = 0) -> discord.HTTPException:
    response: Any = SimpleNamespace(status=status, reason="reason")
    return discord.HTTPException(response, {"code": code, "message": "m"})


@pytest.mark.parametrize(
    ("error", "discords"),
    [
        (http_error(503), True),
        (http_error(429), True),
        (http_error(404, 10062), True),  # Unknown interaction: answered too late
        (http_error(401, 50027), True),  # Invalid webhook token: the 15 minutes passed
        (http_error(400, 50035), False),  # Invalid form body: the bot sent something wrong
        (http_error(403, 50013), False),  # Missing permissions
        (RuntimeError("bug"), False),
    ],
)
def test_discords_failures_are_told_apart(error: BaseException, discords: bool) -> None:
    assert discord_failed(error) is discords


async def test_a_discord_outage_is_a_warning_and_a_bug_an_error(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent: list[str] = []

    async def send_private(interaction: Any, text: str) -> None:
        sent.append(text)

    monkeypatch.setattr(answers, "send_private", send_private)
    interaction: Any = SimpleNamespace(locale=discord.Locale.american_english)
    with caplog.at_level(logging.WARNING, logger=answers.log.name):
        await apologise(interaction, http_error(503))
        await apologise(interaction, RuntimeError("bug"))
    levels = [(record.levelno, record.exc_info is not None) for record in caplog.records]
    assert levels == [(logging.WARNING, False), (logging.ERROR, True)]
    assert len(sent) == 2  # both still get the private apology


async def test_a_connection_dropped_under_an_answer_is_a_warning_not_an_unhandled_exception(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seen in the PostgreSQL soak: a process stopping as its shards went was refusing `/game addbot` when its
    connection dropped; the refusal's failure escaped the handler and discord.py logged it as unhandled."""

    async def send_private(interaction: Any, text: str) -> None:
        raise aiohttp.ServerDisconnectedError()

    monkeypatch.setattr(controller, "send_private", send_private)  # the refusal
    monkeypatch.setattr(answers, "send_private", send_private)  # the apology

    class Refusing:
        bot: Any = SimpleNamespace(lost=asyncio.Event())
        display: Any = SimpleNamespace(public=SimpleNamespace(note_interaction=lambda interaction: None))
        in_flight = 0
        idle = asyncio.Event()

        def explain(self, interaction: Any, error: GameError) -> str:
            return error.key

        @controller.table_action
        async def act(self, interaction: Any) -> None:
            raise GameError("error.no_table_here")

    interaction: Any = SimpleNamespace(locale=discord.Locale.american_english)
    with caplog.at_level(logging.WARNING):
        await Refusing().act(interaction)  # type: ignore[arg-type]
        await apologise(interaction, RuntimeError("bug"))
    assert [record.levelno for record in caplog.records] == [logging.WARNING, logging.ERROR, logging.WARNING]
    assert "error.no_table_here" in caplog.records[0].getMessage()
