"""Whatever a page sends, at every game's table: the bot answers each message once, privately (a sentence when it
refuses), the page stays connected, and a refused message changes nothing saved. Messages drawn from a fixed seed
(every kind the pages send and some they never do, with fields of every JSON type), sent by a player and by someone
not seated; the tables are humans only, so nothing else moves them meanwhile."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.app import TheGameBot
from bot.emulator import Emulator, RunningClient
from bot.games.deal_codes import seed_to_deal_code
from tests.activity.conftest import World
from tests.activity.helpers import Page, activity_url, open_page
from tests.e2e.driver import TableDriver

KINDS = [
    "move", "draw", "undo", "auto", "pass", "give_up", "hint", "control", "play", "finish", "choose", "marker",
    "pass_cards", "moon", "again", "same_deal", "new", "join", "leave", "start", "add_ai", "remove_ai",
    None, 5, "", "x" * 300, ["move"],
]  # fmt: skip
VALUES: list[Any] = [
    None, 0, 1, -1, 2**70, 1.5, True, "", "s1", "f1", "cr", "od", "QS/0", "c3", "column:3", "foundation", "A",
    "hearts", "poker", "tg:g:1:turn", "💥", "x" * 500, [], ["x"], [1, 2], {"a": 1},
]  # fmt: skip
FIELDS = [
    "source",
    "target",
    "card",
    "count",
    "values",
    "id",
    "game",
    "step",
    "index",
    "pile",
    "cards",
    "confirmed",
]


def garbage(rng: random.Random) -> dict[str, Any]:
    message: dict[str, Any] = {"kind": rng.choice(KINDS)}
    for field in rng.sample(FIELDS, rng.randint(0, 4)):
        message[field] = rng.choice(VALUES)
    return message


async def open_game(driver: TableDriver, world: World, game: str) -> None:
    """`game` started in the channel, Alice and Bob seated (Klondike: Alice alone)."""
    await driver.command(world.alice, "game new", game=game, deal=seed_to_deal_code(7))
    table_id = driver.table().id
    if game != "klondike":
        await driver.click(world.bob, driver.board(), f"tg:join:{table_id}")
    if game in ("hearts", "barbu"):
        await driver.click(world.carol, driver.board(), f"tg:join:{table_id}")
    await driver.click(world.alice, driver.board(), f"tg:start:{table_id}")
    await driver.settle()


@pytest.mark.parametrize("game", ["thegame", "hearts", "barbu", "klondike", "crapette"])
async def test_garbage_from_a_page_is_answered_and_a_refusal_changes_nothing(
    emulator: Emulator, world: World, activity_bot: RunningClient[TheGameBot], game: str
) -> None:
    driver = TableDriver(emulator, world.channel, activity_bot)
    await open_game(driver, world, game)
    games = driver.bot.games
    pages: dict[str, Page] = {
        "player": await open_page(emulator, activity_url(activity_bot), world.alice, world.channel),
        "stranger": await open_page(emulator, activity_url(activity_bot), world.mallory, world.channel),
    }
    rng = random.Random(f"{game}-garbage")
    answered = {"refused": 0, "done": 0}
    for _ in range(120):
        who = rng.choice(["player", "player", "stranger"])
        message = garbage(rng)
        live = games.in_channel(world.channel.id)
        before = json.dumps(games.as_saved(live).to_dict(), sort_keys=True) if live else None
        answer = await pages[who].act(message)
        assert isinstance(answer["refused"], bool), (message, answer)
        if answer["refused"]:
            assert isinstance(answer["text"], str) and answer["text"], (message, answer)
            await driver.settle()
            now = games.in_channel(world.channel.id)
            after = json.dumps(games.as_saved(now).to_dict(), sort_keys=True) if now else None
            assert after == before, ("a refusal changed the table", message, answer)
            answered["refused"] += 1
        else:
            answered["done"] += 1
            await driver.settle()
    assert answered["refused"] > 60, answered
    for page in pages.values():
        assert not page.socket.closed, "the page is still connected"
        await page.close()
