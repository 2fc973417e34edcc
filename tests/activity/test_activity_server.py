"""The Activity's server with the real bot on the local Discord: a move in the page is a move on Discord and back,
nobody sees another's hand whatever they send, and a dropped connection catches up."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import pytest

from bot.app import TheGameBot
from bot.emulator import Emulator, InteractionResult, RunningClient
from bot.games.deal_codes import seed_to_deal_code
from bot.games.thegame.ui.board import session_of
from bot.ui.i18n import t
from tests.activity.conftest import World
from tests.activity.helpers import Page, activity_url, connect, open_page, sign_in


async def started_game(
    emulator: Emulator, world: World, running: RunningClient[TheGameBot]
) -> tuple[Page, Page]:
    """Alice opens a table on Discord and the Activity; Bob joins from the Activity; Alice starts on Discord."""
    base = activity_url(running)
    alice = await open_page(emulator, base, world.alice, world.channel)
    assert alice.state["table"] is None
    await (await emulator.slash(world.alice, world.channel, "game new")).response()
    await alice.wait_state(lambda state: state["table"] is not None)
    bob = await open_page(emulator, base, world.bob, world.channel)
    assert (await bob.act({"kind": "join"}))["refused"] is False
    board = await emulator.wait_for_message(world.channel, lambda m: "Bob" in m.text)
    await (await emulator.click(world.alice, board, label="Start")).response()
    await alice.wait_state(lambda state: state["table"]["status"] == "playing")
    await bob.wait_state(lambda state: state["table"]["status"] == "playing")
    return alice, bob


def game_of(running: RunningClient[TheGameBot]) -> Any:
    table = running.client.games.active_tables()[0]
    return session_of(table).game


async def test_a_move_in_the_activity_is_a_move_on_discord_and_back(
    emulator: Emulator, world: World, activity_bot: RunningClient[TheGameBot]
) -> None:
    alice, bob = await started_game(emulator, world, activity_bot)
    assert (await alice.act({"kind": "choose_first"}))["refused"] is False
    state = await alice.wait_state(lambda s: s["table"]["play"]["current"] == 0)
    game = game_of(activity_bot)
    play = next(p for p in game.legal_plays() if game.can_complete_minimum_after(p.card, p.pile))
    answer = await alice.act({"kind": "play", "card": play.card, "pile": play.pile, "confirmed": False})
    assert not answer["refused"] and str(play.card) in answer["text"]
    # Bob's page and the channel's board show it.
    await bob.wait_state(
        lambda s: any(p["top"] == play.card for p in s["table"]["play"]["piles"] if p["name"] == play.pile)
    )
    await emulator.wait_for(lambda: any(str(play.card) in m.text for m in world.channel.messages if m.embeds))
    # A move made on Discord reaches both pages.
    second = next(p for p in game.legal_plays() if game.can_complete_minimum_after(p.card, p.pile))
    await (
        await emulator.slash(
            world.alice, world.channel, "play", {"card": str(second.card), "pile": second.pile}
        )
    ).response()
    for page in (alice, bob):
        await page.wait_state(lambda s: s["table"]["play"]["played"] == 2)
    state = alice.state["table"]["play"]
    assert state["hand"]["can_end_turn"]
    assert (await alice.act({"kind": "end_turn"}))["refused"] is False
    await bob.wait_state(
        lambda s: s["table"]["play"]["current"] == 1 and s["table"]["play"]["hand"]["my_turn"]
    )
    await alice.close()
    await bob.close()


async def test_each_page_gets_its_own_hand_and_never_another(
    emulator: Emulator, world: World, activity_bot: RunningClient[TheGameBot]
) -> None:
    alice, bob = await started_game(emulator, world, activity_bot)
    game = game_of(activity_bot)
    assert alice.state["table"]["play"]["hand"]["cards"] == list(game.hand(0))
    assert bob.state["table"]["play"]["hand"]["cards"] == list(game.hand(1))
    # A spectator (Carol, in the channel, not seated) sees the table without any hand.
    carol = await open_page(emulator, activity_url(activity_bot), world.carol, world.channel)
    assert carol.state["table"]["seat"] is None and "hand" not in carol.state["table"]["play"]
    for page, other in ((alice, 1), (bob, 0), (carol, 0)):
        text = json.dumps(page.state["table"])
        hidden = [card for card in game.hand(other) if card not in game.hand(0 if other else 1)]
        assert '"cards": [' + ", ".join(map(str, game.hand(other))) not in text
        for section in (page.state["table"]["play"].get("hand") or {},):
            assert not set(section.get("cards", [])) & set(hidden)
    for page in (alice, bob, carol):
        await page.close()


async def test_forged_identity_table_or_seat_is_refused(
    emulator: Emulator, world: World, activity_bot: RunningClient[TheGameBot]
) -> None:
    base = activity_url(activity_bot)
    alice, bob = await started_game(emulator, world, activity_bot)
    before = json.dumps(activity_bot.client.games.active_tables()[0].to_dict(), sort_keys=True)
    game = game_of(activity_bot)
    bobs_card = game.hand(1)[0]
    # Alice names Bob as the player, another table and Bob's seat: identity comes from her ticket only.
    forged = {
        "kind": "play",
        "card": bobs_card,
        "pile": "A",
        "user": str(world.bob.id),
        "seat": 1,
        "table": 99,
    }
    answer = await alice.act(forged)
    # The same sentence the bot answers on Discord to that play.
    on_discord = await (
        await emulator.slash(world.alice, world.channel, "play", {"card": str(bobs_card), "pile": "A"})
    ).response()
    assert answer["refused"] and answer["text"] == on_discord.content
    # Mallory is in the channel but not at the table: refused in one sentence.
    mallory = await open_page(emulator, base, world.mallory, world.channel)
    refused = await mallory.act({"kind": "choose_first"})
    assert refused["refused"] and "seat" in refused["text"].lower()
    # Garbage and a control the person's hand does not show: refused, nothing changes.
    for action in ({"kind": "play", "card": "45", "pile": "A"}, {"kind": "control", "id": "tg:g:1:x"}, {}):
        assert (await alice.act(action))["refused"]
    assert json.dumps(activity_bot.client.games.active_tables()[0].to_dict(), sort_keys=True) == before
    # A ticket nobody was given, and no ticket at all: no table, no hand.
    async with aiohttp.ClientSession() as session:
        for hello in ({"type": "hello", "ticket": "forged"}, {"type": "hello", "user": str(world.alice.id)}):
            socket = await session.ws_connect(f"{base}api/ws")
            await socket.send_str(json.dumps(hello))
            message = await socket.receive(timeout=5)
            assert json.loads(message.data) == {"type": "unauthorized"}
            await socket.close()
        # A code for a person who is not in the Activity instance named (Mallory's): refused.
        instance = emulator.activities.launch(world.mallory, world.channel)
        emulator.activities.leave(world.mallory, instance.instance_id)
        other = emulator.activities.launch(world.moderator, world.channel)
        code = emulator.activities.authorize(world.carol, emulator.world.application_id, ["identify"])
        async with session.post(
            f"{base}api/session", json={"code": code, "instance_id": other.instance_id}
        ) as response:
            assert response.status == 401
        # The same code twice: the second is refused by Discord.
        code = emulator.activities.authorize(world.moderator, emulator.world.application_id, ["identify"])
        for status in (200, 401):
            async with session.post(
                f"{base}api/session", json={"code": code, "instance_id": other.instance_id}
            ) as response:
                assert response.status == status
    for page in (alice, bob, mallory):
        await page.close()


async def test_a_dropped_connection_catches_up_from_the_saved_table(
    emulator: Emulator, world: World, activity_bot: RunningClient[TheGameBot]
) -> None:
    base = activity_url(activity_bot)
    alice, bob = await started_game(emulator, world, activity_bot)
    await bob.socket.close()  # the network drops Bob's page
    assert (await alice.act({"kind": "choose_first"}))["refused"] is False
    game = game_of(activity_bot)
    play = next(p for p in game.legal_plays() if game.can_complete_minimum_after(p.card, p.pile))
    await alice.act({"kind": "play", "card": play.card, "pile": play.pile})
    again = await connect(base, bob.session, bob.ticket)  # same ticket, a new socket
    piles = {p["name"]: p["top"] for p in again.state["table"]["play"]["piles"]}
    assert piles[play.pile] == play.card and again.state["table"]["play"]["current"] == 0
    await again.close()
    await alice.close()


async def test_the_entry_point_command_launches_the_activity(
    emulator: Emulator, world: World, activity_bot: RunningClient[TheGameBot]
) -> None:
    commands = [c for c in emulator.world.global_commands() if c.type == 4]
    assert [c.payload["handler"] for c in commands] == [1]  # APP_HANDLER: the bot answers it
    result = emulator.activities.run_entry_point(world.alice, world.channel)
    assert isinstance(result, InteractionResult)  # handler 1: the bot got the interaction
    response = await result.response()
    assert response.type == 12
    instance = next(iter(emulator.activities.instances.values()))
    assert instance.channel is world.channel and world.alice.id in instance.users


@pytest.mark.parametrize("language", ["fr", "de"])
async def test_the_page_speaks_the_readers_language(
    emulator: Emulator, world: World, activity_bot: RunningClient[TheGameBot], language: str
) -> None:
    url = f"{activity_url(activity_bot)}api/texts?locale={language}"
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        texts = await response.json()
    assert texts["language"] == language
    assert texts["button.open_table"] != "Open the table"
    session_, ticket = await sign_in(emulator, activity_url(activity_bot), world.bob, world.channel)
    await session_.close()
    assert ticket


async def test_another_game_through_its_own_controls(
    emulator: Emulator, world: World, activity_bot: RunningClient[TheGameBot]
) -> None:
    """Crapette in the Activity: its table drawn as cards over the board's own controls (`GenericView`, which any
    game without a view of its own gets); a control the board shows acts through the game's own reading, one it
    does not show is refused."""
    base = activity_url(activity_bot)
    alice = await open_page(emulator, base, world.alice, world.channel)
    # A deal where Alice starts with a card to move: her controls hold the move menu at once (on a random deal the
    # AI may start, or Alice may have only the stock to turn, and the menu comes later than the wait).
    deal = {"game": "crapette", "deal": seed_to_deal_code(1)}
    await (await emulator.slash(world.alice, world.channel, "game new", deal)).response()
    await alice.wait_state(lambda s: s["table"] is not None)
    assert (await alice.act({"kind": "add_ai"}))["refused"] is False
    await alice.act({"kind": "start"})
    state = await alice.wait_state(
        lambda s: (
            s["table"]["status"] == "playing"
            and any(
                control["type"] == "menu"
                for control in s["table"]["play"].get("hand", {}).get("controls", [])
            )
        ),
        timeout=30,
    )
    play = state["table"]["play"]
    assert play["kind"] == "crapette" and not play["picture"] and play["moves"]
    menu = next(control for control in play["hand"]["controls"] if control["type"] == "menu")
    async with alice.session.get(f"{base}api/picture?ticket={alice.ticket}&v=1") as response:
        assert response.status == 200
    table_id = state["table"]["id"]
    forged = await alice.act({"kind": "control", "id": f"tg:g:{table_id}:giveup", "values": []})
    assert forged["refused"]
    before = activity_bot.client.games.active_tables()[0].require_session().to_dict()
    answer = await alice.act({"kind": "control", "id": menu["id"], "values": [menu["options"][0]["value"]]})
    assert answer["refused"] is False, (answer, menu)
    assert activity_bot.client.games.active_tables()[0].require_session().to_dict() != before
    await alice.close()


async def test_card_faces_and_back_are_the_bots_own_pictures(
    emulator: Emulator, world: World, activity_bot: RunningClient[TheGameBot]
) -> None:
    base = activity_url(activity_bot)
    async with aiohttp.ClientSession() as session:
        for name, status in (("QS", 200), ("10H", 200), ("back", 200), ("1S", 404), ("QS.jpg", 404)):
            async with session.get(f"{base}api/cards/{name}{'' if '.' in name else '.png'}") as response:
                assert response.status == status, name
                if status == 200:
                    assert response.content_type == "image/png"
                    assert (await response.read()).startswith(b"\x89PNG")


async def test_the_lobby_host_removes_an_ai_seat_from_the_activity(
    emulator: Emulator, world: World, activity_bot: RunningClient[TheGameBot]
) -> None:
    """Remove AI, as on the channel's lobby: offered to the host (who opened the table) once an AI sits; another
    player is not offered it, and is refused if they send it anyway."""
    base = activity_url(activity_bot)
    alice = await open_page(emulator, base, world.alice, world.channel)
    await (await emulator.slash(world.alice, world.channel, "game new")).response()
    state = await alice.wait_state(lambda s: s["table"] is not None)
    assert state["table"]["lobby"]["can_remove_ai"] is False, "no AI seat yet"
    bob = await open_page(emulator, base, world.bob, world.channel)
    assert (await bob.act({"kind": "join"}))["refused"] is False
    assert (await bob.act({"kind": "add_ai"}))["refused"] is False
    await alice.wait_state(lambda s: s["table"]["lobby"]["can_remove_ai"] is True)
    state = await bob.wait_state(lambda s: len(s["table"]["seats"]) == 3)
    assert state["table"]["lobby"]["can_remove_ai"] is False
    refused = await bob.act({"kind": "remove_ai"})
    assert refused["refused"] and refused["text"] == t("fr", "error.not_host")  # Bob reads French
    assert (await alice.act({"kind": "remove_ai"}))["refused"] is False
    state = await bob.wait_state(lambda s: len(s["table"]["seats"]) == 2)
    assert not any(seat["ai"] for seat in state["table"]["seats"])
    # The channel's lobby shows it too.
    await emulator.wait_for(
        lambda: any(m.embeds and "🤖" not in m.text and "Bob" in m.text for m in world.channel.messages)
    )
    await alice.close()
    await bob.close()
