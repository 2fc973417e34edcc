"""The interaction fuzzer: random clicks, menus, commands, chat, edits and deletions from random users, on a table
of every game, against the real bot (see tests/fuzz/harness.py for what is drawn and what is checked).

One bot per game; hypothesis draws a few steps per example and runs them on the test's event loop from its own
thread. Derandomized, so `make test` runs the same examples every time; FUZZ_EXAMPLES raises the count locally.
"""

from __future__ import annotations

import asyncio
import os
import time

import pytest
from hypothesis import HealthCheck, Phase, given, settings

from bot.app import TheGameBot
from bot.emulator import RunningClient
from bot.ui.controller import TableController
from tests.e2e.conftest import World
from tests.e2e.driver import TableDriver
from tests.fuzz.harness import Fuzzer, Step, run_on, steps

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "20"))
STEPS = 8


@pytest.mark.parametrize("game_key", ["thegame", "hearts", "barbu", "klondike", "crapette"])
async def test_random_interactions_break_no_rule(
    driver: TableDriver, world: World, game_bot: RunningClient[TheGameBot], game_key: str
) -> None:
    fuzzer = Fuzzer(driver, world, game_key)
    await fuzzer.setup()
    loop = asyncio.get_running_loop()

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        phases=(Phase.explicit, Phase.generate),  # the world carries over between examples: no shrinking
        suppress_health_check=list(HealthCheck),
    )
    @given(steps(STEPS))
    def examples(drawn: list[Step]) -> None:
        run_on(loop, fuzzer.run(drawn))

    started = time.monotonic()
    await asyncio.to_thread(examples)
    print(
        f"{game_key}: {EXAMPLES} examples, {fuzzer.steps_run} steps, {fuzzer.interactions} interactions,"
        f" {fuzzer.refreshed_tables} tables opened, {time.monotonic() - started:.1f} s"
    )
    assert fuzzer.interactions > EXAMPLES


async def test_the_fuzzer_sees_a_hand_shown_to_someone_else(
    driver: TableDriver, world: World, game_bot: RunningClient[TheGameBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The invariants bite: with the hand-ownership check broken (every message taken for the clicker's own hand),
    a forged Refresh edits another player's private message, or the public board, with the clicker's hand, and the
    fuzzer says so (which one it meets first depends on the buttons it can pick from)."""
    monkeypatch.setattr(TableController, "owns_message", staticmethod(lambda interaction, owner=None: True))
    fuzzer = Fuzzer(driver, world, "hearts")
    await fuzzer.setup()

    async def bob_clicks() -> None:
        for seed in range(300):
            await fuzzer.run_step(Step("click", "bob", seed, ""), [])

    with pytest.raises(
        AssertionError,
        match="private message of .* (has buttons of|shows another seat's cards)|public message .* shows cards in hands",
    ):
        await bob_clicks()
