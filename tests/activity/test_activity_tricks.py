"""Hearts and Barbu in the Activity with the real bot on the local Discord: the pass and the cards played from the
page are the game's own moves (the channel's board shows them), a move made on Discord reaches the page, a refusal
is the sentence the bot says on Discord (in the reader's language), and a page never gets a card another player
holds, whatever it sends."""

from __future__ import annotations

import json
from typing import Any

from bot.app import TheGameBot
from bot.emulator import Emulator, RunningClient
from bot.emulator.world import User
from bot.games.barbu.contracts import cards_per_player
from bot.games.cards import Card
from bot.games.deal_codes import seed_to_deal_code
from bot.games.hearts.options import Phase
from bot.games.hearts.session import HeartsSession
from bot.games.trick_session import TrickSession
from bot.ui.i18n import t
from tests.activity.conftest import World
from tests.activity.helpers import Page, activity_url, open_page
from tests.e2e.driver import TableDriver
from tests.e2e.trick_driver import is_hand_result, pass_three, play_one_card
from tests.games.hearts.helpers import play_moon_hand


def session_of(driver: TableDriver) -> TrickSession:
    session = driver.table().require_session()
    assert isinstance(session, TrickSession)
    return session


def engine_of(driver: TableDriver) -> Any:
    return session_of(driver).engine


def assert_never_sent(page: Page, cards: set[Card]) -> None:
    for message in page.states + page.answers:
        text = json.dumps(message)
        leaked = [card for card in cards if f'"{card.code}"' in text]
        assert not leaked, f"a page was sent cards it may not see: {leaked}"


async def hearts_for_three(
    emulator: Emulator, world: World, running: RunningClient[TheGameBot]
) -> tuple[TableDriver, Page, Page]:
    """Alice opens Hearts on Discord; Bob and Carol join there; Alice and Bob open the Activity; Alice starts."""
    driver = TableDriver(emulator, world.channel, running)
    await driver.command(world.alice, "game new", game="hearts", deal=seed_to_deal_code(2026))
    table_id = driver.table().id
    for user in (world.bob, world.carol):
        await driver.click(user, driver.board(), f"tg:join:{table_id}")
    base = activity_url(running)
    alice = await open_page(emulator, base, world.alice, world.channel)
    bob = await open_page(emulator, base, world.bob, world.channel)
    await driver.click(world.alice, driver.board(), f"tg:start:{table_id}")
    for page in (alice, bob):
        await page.wait_state(lambda s: s["table"]["status"] == "playing" and "hand" in s["table"]["play"])
    return driver, alice, bob


async def on_discord(driver: TableDriver, user: User, command: str, **options: Any) -> str:
    """What the bot answers `user` on Discord."""
    answer = await driver.command(user, command, **options)
    return str(answer.content)


async def test_hearts_from_the_activity_and_from_discord_side_by_side(
    emulator: Emulator, world: World, activity_bot: RunningClient[TheGameBot]
) -> None:
    driver, alice, bob = await hearts_for_three(emulator, world, activity_bot)
    engine = engine_of(driver)
    dealt = {seat: set(engine.hand(seat)) for seat in range(3)}
    mallory = await open_page(emulator, activity_url(activity_bot), world.mallory, world.channel)
    assert "hand" not in mallory.state["table"]["play"]
    # Alice passes from the Activity: three cards tapped, then confirmed.
    hand = alice.state["table"]["play"]["hand"]
    assert hand["step"] == "pass" and hand["cards"] == [card.code for card in engine.hand(0)]
    chosen = hand["cards"][:3]
    assert (await alice.act({"kind": "pass", "cards": chosen, "hand": 0}))["refused"] is False
    assert sorted(engine.chosen_pass(0)) == sorted(Card.from_code(code) for code in chosen)
    # Discord's board no longer waits for her; Bob's page (in French) shows she has chosen, not what.
    await emulator.wait_for(lambda: "Alice" not in driver.board().text.split("pass:")[-1])
    await bob.wait_state(
        lambda s: s["table"]["play"]["seats"][0]["status"] == t("fr", "hearts.picture.chosen")
    )
    # Bob names a card of Alice's: refused in French with the bot's own sentence, nothing changes.
    foreign = sorted(dealt[0] - dealt[1])[:3]
    answer = await bob.act({"kind": "pass", "cards": [card.code for card in foreign], "hand": 0})
    assert answer["refused"] and answer["text"].startswith(t("fr", "tricks.card_not_in_hand")[:20])
    assert engine.chosen_pass(1) is None
    # Carol passes on Discord, Bob from the Activity.
    await pass_three(driver, world.carol, await driver.open_hand(world.carol))
    bobs = bob.state["table"]["play"]["hand"]["cards"][:3]
    assert (await bob.act({"kind": "pass", "cards": bobs, "hand": 0}))["refused"] is False
    await driver.settle()
    assert engine.phase is Phase.PLAYING
    received = {seat: set(engine.received_cards(seat)) for seat in range(3)}
    state = await alice.wait_state(lambda s: s["table"]["play"]["hand"].get("received"))
    assert {Card.from_code(code) for code in state["table"]["play"]["hand"]["received"]["cards"]} == received[
        0
    ]
    pages = {0: alice, 1: bob}
    refused = {"illegal": 0, "out of turn": 0}
    for number in range(8):
        (seat,) = engine.to_act()
        if seat == 2:  # Carol, on Discord
            card = await play_one_card(driver, world.carol, by_command=number % 2 == 0)
        else:
            page = pages[seat]
            other = pages[1 - seat]
            user = world.alice if seat == 0 else world.bob
            # Out of turn: the other page's card is refused with the sentence Discord gives.
            waiting = other.state["table"]["play"]["hand"]["cards"][0]
            answer = await other.act({"kind": "play", "card": waiting, "hand": engine.hand_number})
            discord_says = await on_discord(
                driver, world.bob if seat == 0 else world.alice, "play", card=waiting
            )
            assert answer["refused"] and answer["text"] == discord_says
            refused["out of turn"] += 1
            illegal = sorted(set(engine.hand(seat)) - set(engine.legal_cards(seat)))
            if illegal:
                answer = await page.act({"kind": "play", "card": illegal[0].code, "hand": engine.hand_number})
                assert answer["refused"] and answer["text"] == await on_discord(
                    driver, user, "play", card=illegal[0].code
                )
                refused["illegal"] += 1
            card = engine.legal_cards(seat)[0]
            stale = await page.act({"kind": "play", "card": card.code, "hand": engine.hand_number + 5})
            assert stale["refused"]
            answer = await page.act({"kind": "play", "card": card.code, "hand": engine.hand_number})
            assert answer["refused"] is False
            # The channel's board shows the card played from the Activity, in front of its player.
            name = "Alice" if seat == 0 else "Bob"
            await driver.settle()
            assert f"{name} {card}" in driver.board().attachments[0].description
        # Both pages (and the one watching) see every card played, from the page or from Discord.
        for page in (alice, bob, mallory):
            await page.wait_state(lambda s, card=card: shown_in(s, card))
    assert refused["out of turn"] >= 3 and refused["illegal"] >= 1, refused
    # Privacy: what each page was ever sent holds no card another seat holds and it never saw.
    for page in (alice, bob, mallory):
        await page.drain()
    held = {seat: set(engine.hand(seat)) for seat in range(3)}
    assert_never_sent(alice, (held[1] | held[2]) - dealt[0] - received[0])
    assert_never_sent(bob, (held[0] | held[2]) - dealt[1] - received[1])
    assert_never_sent(mallory, held[0] | held[1] | held[2])
    for page in (alice, bob, mallory):
        await page.close()


def shown_in(state: dict[str, Any], card: Card) -> bool:
    play = state["table"]["play"]
    return any(item["card"] == card.code for item in play["trick"] + play["last_trick"])


async def test_a_forged_seat_or_user_acts_for_nobody_but_the_page_s_own_player(
    emulator: Emulator, world: World, activity_bot: RunningClient[TheGameBot]
) -> None:
    driver, alice, bob = await hearts_for_three(emulator, world, activity_bot)
    engine = engine_of(driver)
    for page in (alice, bob):
        cards = page.state["table"]["play"]["hand"]["cards"][:3]
        await page.act({"kind": "pass", "cards": cards, "hand": 0})
    await pass_three(driver, world.carol, await driver.open_hand(world.carol))
    await driver.settle()
    while engine.to_act() == (0,):  # until it is someone else's turn than Alice's
        await alice.act({"kind": "play", "card": engine.legal_cards(0)[0].code, "hand": engine.hand_number})
        await driver.settle()
    (seat,) = engine.to_act()
    before = json.dumps(driver.table().to_dict(), sort_keys=True)
    theirs = engine.legal_cards(seat)[0]
    for forged in (
        {"kind": "play", "card": theirs.code, "hand": engine.hand_number, "seat": seat},
        {
            "kind": "play",
            "card": theirs.code,
            "hand": engine.hand_number,
            "user": str(driver.table().seats[seat].user_id),
        },
        {"kind": "pass", "cards": [theirs.code], "hand": engine.hand_number, "seat": seat},
        {"kind": "moon", "choice": "minus_self", "hand": engine.hand_number},
    ):
        assert (await alice.act(forged))["refused"], forged
    assert json.dumps(driver.table().to_dict(), sort_keys=True) == before
    await alice.close()
    await bob.close()


async def test_the_moon_shooter_chooses_in_the_activity_and_the_channel_is_told(
    emulator: Emulator, world: World, activity_bot: RunningClient[TheGameBot]
) -> None:
    driver = TableDriver(emulator, world.channel, activity_bot)
    await driver.command(world.alice, "game new", game="hearts")
    table_id = driver.table().id
    for _ in range(3):
        await driver.click(world.alice, driver.board(), f"tg:addai:{table_id}")
    await driver.click(world.alice, driver.board(), f"tg:start:{table_id}")
    await driver.settle()
    # The hand she is dealt takes every penalty card (an arranged deal, in place of the one dealt).
    driver.table().session = HeartsSession(play_moon_hand(), [1, 2, 3])
    alice = await open_page(emulator, activity_url(activity_bot), world.alice, world.channel)
    hand = alice.state["table"]["play"]["hand"]
    assert hand["step"] == "moon" and [choice["choice"] for choice in hand["moon"]] == [
        "minus_self",
        "plus_others",
    ]
    answer = await alice.act({"kind": "moon", "choice": "minus_self", "hand": hand_number(driver)})
    assert answer["refused"] is False
    state = await alice.wait_state(lambda s: s["table"]["play"]["result"] is not None)
    result = state["table"]["play"]["result"]
    assert result["rows"][0]["points"] == -26 and result["rows"][0]["total"] == -26
    await driver.settle()
    assert any(is_hand_result(message) for message in driver.public_messages())
    await alice.close()


def hand_number(driver: TableDriver) -> int:
    return int(engine_of(driver).hand_number)


async def test_barbu_a_whole_hand_from_the_activity_then_its_result(
    emulator: Emulator, world: World, activity_bot: RunningClient[TheGameBot]
) -> None:
    driver = TableDriver(emulator, world.channel, activity_bot)
    await driver.command(world.alice, "game new", game="barbu", deal=seed_to_deal_code(7))
    table_id = driver.table().id
    for _ in range(2):
        await driver.click(world.alice, driver.board(), f"tg:addai:{table_id}")
    alice = await open_page(emulator, activity_url(activity_bot), world.alice, world.channel)
    await driver.click(world.alice, driver.board(), f"tg:start:{table_id}")
    engine = engine_of(driver)
    contract = t("en", f"barbu.contract.{engine.contract.value}")
    state = await alice.wait_state(lambda s: s["table"]["status"] == "playing")
    assert contract in state["table"]["play"]["header"]
    played = 0
    while engine.hand_number == 0:
        await emulator.wait_for(lambda: engine.hand_number > 0 or engine.to_act() == (0,), timeout=20)
        await driver.settle()
        if engine.hand_number > 0:
            break
        card = engine.legal_cards(0)[0]
        assert (await alice.act({"kind": "play", "card": card.code, "hand": 0}))["refused"] is False
        played += 1
    assert played == cards_per_player(3)  # every card of hers, played from the page
    state = await alice.wait_state(lambda s: s["table"]["play"]["result"] is not None)
    result = state["table"]["play"]["result"]
    scored = engine.hand_history[0]
    assert [row["points"] for row in result["rows"]] == list(scored.points)
    assert result["next"] and result["title"]
    await driver.settle()
    assert any(is_hand_result(message) for message in driver.public_messages())
    await alice.close()
