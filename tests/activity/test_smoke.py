from __future__ import annotations

from bot.emulator import Emulator
from tests.activity.helpers import activity_url, open_page


async def test_smoke(emulator: Emulator, world, activity_bot) -> None:
    base = activity_url(activity_bot)
    alice = await open_page(emulator, base, world.alice, world.channel)
    assert alice.state["table"] is None
    result = await emulator.slash(world.alice, world.channel, "game new")
    await result.response()
    state = await alice.wait_state(lambda s: s["table"] is not None)
    print(state)
    bob = await open_page(emulator, base, world.bob, world.channel)
    answer = await bob.act({"kind": "join"})
    print(answer)
    state = await alice.wait_state(lambda s: len(s["table"]["seats"]) == 2)
    answer = await alice.act({"kind": "start"})
    state = await alice.wait_state(lambda s: s["table"]["status"] == "playing")
    print(state)
    await alice.close()
    await bob.close()
