"""Klondike's hints through Discord: one hint message edited in place, and a flood of hints that starves nobody."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.emulator import Emulator
from bot.games.base import Notice
from bot.games.klondike.session import KlondikeSession
from bot.ui import hint_messages as hint_messages_module
from tests.e2e.conftest import World
from tests.e2e.driver import TableDriver
from tests.e2e.test_klondike import engine, follow_one_hint, hint_messages, open_klondike
from tests.e2e.test_leaderboard import seed


async def started(driver: TableDriver, world: World, deal: int = 3) -> int:
    table_id = await open_klondike(driver, world, deal)
    await driver.click(world.alice, driver.board(), f"tg:start:{table_id}")
    return table_id


async def test_six_hints_edit_one_message_under_the_board(driver: TableDriver, world: World) -> None:
    table_id = await started(driver, world)
    said = [await follow_one_hint(driver, world, table_id) for _ in range(6)]
    assert engine(driver).moves_made >= 6
    (shown,) = hint_messages(driver, world.alice)
    assert shown.content == f"💡 {said[-1]}" and shown.id > driver.board().id
    private = [message for message in driver.channel.messages if message.ephemeral]
    assert private == [shown], "no other private message: six hints, one message"
    assert driver.table().hints == {world.alice.id: 6}


async def test_a_board_posted_again_gets_the_hint_message_below_it(
    driver: TableDriver, world: World, emulator: Emulator, monkeypatch: pytest.MonkeyPatch
) -> None:
    table_id = await started(driver, world)
    await driver.click(world.alice, driver.board(), f"tg:hint:{table_id}")
    (first,) = hint_messages(driver, world.alice)
    await driver.command(world.alice, "board")  # the board comes down below the hint message
    await driver.click(world.alice, driver.board(), f"tg:hint:{table_id}")
    (second,) = hint_messages(driver, world.alice)
    assert second.id > driver.board().id > first.id and first.deleted
    asked = await driver.command(world.alice, "hint")  # a command answers with a message of its own
    (third,) = hint_messages(driver, world.alice)
    assert asked.message is not None and third.id == asked.message.id and second.deleted
    await emulator.delete_message(third, by=world.alice)  # dismissed: the next hint needs a message again
    monkeypatch.setattr(hint_messages_module, "REPEAT_SECONDS", 0.0)  # asked again a few seconds later
    await driver.click(world.alice, driver.board(), f"tg:hint:{table_id}")
    (fourth,) = hint_messages(driver, world.alice)
    assert fourth.id > third.id


@dataclass(frozen=True)
class SpinningHint:
    """The table's own hint job, after keeping a core busy in pure Python (as the solver does) until the test
    lets it finish (its file exists)."""

    job: object
    release: str

    def __call__(self) -> Notice:
        deadline = time.monotonic() + 30
        while not os.path.exists(self.release) and time.monotonic() < deadline:
            sum(range(2_000))
        answer = self.job()  # type: ignore[operator]
        assert isinstance(answer, Notice)
        return answer


async def test_a_flood_of_hints_on_one_table_starves_no_other_server(
    driver: TableDriver, world: World, emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """24 clicks on Hint at once, while the solver works: /stats in another server still answers, with its chart
    (drawn in a thread: the solver is not there), and then every click gets the one hint."""
    release = tmp_path / "release"
    table_id = await started(driver, world, deal=10)
    hint_task = KlondikeSession.hint_task
    monkeypatch.setattr(
        KlondikeSession, "hint_task", lambda self, seat: SpinningHint(hint_task(self, seat), str(release))
    )
    other = emulator.world.add_guild("Elsewhere", locale="en-US")
    elsewhere = other.add_text_channel("cards")
    other.add_member(world.carol)
    for cards in (4, 9, 0):
        await seed(driver, world, [world.carol], cards_left=cards, guild_id=other.id, channel_id=elsewhere.id)

    board = driver.board()
    clicks = [await emulator.click(world.alice, board, f"tg:hint:{table_id}") for _ in range(24)]
    for click in clicks:
        await click.response()  # each click is acknowledged at once; the solver is at work
    stats = await emulator.slash(world.carol, elsewhere, "stats", {})
    answer = await stats.response(timeout=10)
    message = answer.message or await stats.followup(0, timeout=10)
    assert message.attachments and message.attachments[0].filename == "results.png"
    assert not hint_messages(driver, world.alice), "the other server was answered while the solver worked"

    # A move meanwhile, and Hint again: a new position while the solver works on the table, so the player is told.
    await (
        await emulator.click(world.alice, driver.board(), driver.game_button(driver.board(), "draw"))
    ).response()
    await (await emulator.click(world.alice, driver.board(), f"tg:hint:{table_id}")).response()
    busy = "A hint is already being worked out for this table: ask again in a moment."
    await emulator.wait_for(
        lambda: any(message.content == busy for message in driver.channel.messages if message.ephemeral),
        timeout=10,
    )

    release.touch()
    await driver.settle()
    (shown,) = hint_messages(driver, world.alice)
    assert shown.content.startswith("💡 ") and driver.table().hints == {world.alice.id: 24}
    assert len(shown.edits) == 1, "the busy sentence became the hint; the 23 same answers left it as it was"
