"""Kill -9 the bot in the middle of a game: every acknowledged move is still there after a restart."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from bot.app import create_bot
from bot.emulator import Emulator
from bot.games.thegame.engine import seed_to_deal_code
from tests.e2e.conftest import World, bot_settings
from tests.e2e.driver import TableDriver

ROOT = Path(__file__).resolve().parents[2]


async def test_a_killed_bot_resumes_at_the_last_acknowledged_move(
    emulator: Emulator, start_client, world: World, tmp_path: Path, database_url: str | None
) -> None:
    database = tmp_path / "killed.sqlite3"
    # The child bot reads DATABASE_URL like `python -m bot` (PostgreSQL when set, else the SQLite file).
    store = {"DATABASE_URL": database_url} if database_url else {}
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.e2e.bot_process",
        emulator.api_base,
        emulator.gateway_url,
        emulator.token,
        str(database),
        cwd=ROOT,
        env={
            **{k: v for k, v in os.environ.items() if k != "DATABASE_URL"},
            **store,
            "PYTHONPATH": str(ROOT),
        },
    )
    try:
        await emulator.wait_for(
            lambda: (
                bool(emulator.gateway.live_sessions) and emulator.world.find_command("game", None) is not None
            ),
            timeout=30,
        )
        await emulator.wait_for(lambda: emulator.gateway.connected, timeout=10)
        channel, alice, bob = world.channel, world.alice, world.bob

        async def answer(result):  # type: ignore[no-untyped-def]
            response = await result.response(timeout=10)
            assert response.ok
            return response

        lobby = await emulator.slash(alice, channel, "game new", {"deal": seed_to_deal_code(55)})
        await answer(lobby)
        board = await lobby.original_message()
        table = board.custom_ids[0].split(":")[2]
        await answer(await emulator.click(bob, board, f"tg:join:{table}"))
        await answer(await emulator.click(alice, board, f"tg:start:{table}"))
        first = await emulator.click(alice, board, f"tg:first:{table}")
        await answer(first)
        hand = await first.followup(0, timeout=10)
        acknowledged: list[tuple[int, str]] = []
        for _ in range(2):
            card_button = next(
                b for b in hand.buttons if b["custom_id"].startswith("tg:card") and not b.get("disabled")
            )
            await answer(await emulator.click(alice, hand, card_button["custom_id"]))
            pile_button = next(
                b for b in hand.buttons if b["custom_id"].startswith("tg:play") and not b.get("disabled")
            )
            await answer(await emulator.click(alice, hand, pile_button["custom_id"]))
            card, pile = pile_button["custom_id"].split(":")[3:5]
            acknowledged.append((int(card), pile))
        # The process dies without any chance to clean up, right after the last answer.
        child.send_signal(signal.SIGKILL)
        await asyncio.wait_for(child.wait(), 10)
    finally:
        if child.returncode is None:
            child.kill()
            await child.wait()
    running = await start_client(
        lambda: create_bot(bot_settings(tmp_path, database_path=database, database_url=database_url))
    )
    driver = TableDriver(emulator, channel, running)
    game = driver.game()
    assert game.played_this_turn == 2
    plays = [(action.card, action.pile) for action in game.log if hasattr(action, "card")]
    assert plays == acknowledged
    # And the game goes on from there, with the buttons of the old hand message.
    ended = await driver.click(alice, hand, f"tg:end:{table}:{alice.id}")
    assert ended.type == 7
    assert driver.game().current_player == 1
