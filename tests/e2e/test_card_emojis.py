"""The card emojis end to end: uploaded once at start-up, shown on a Hearts hand, text when Discord refuses them."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from bot.app import TheGameBot
from bot.config import Settings
from bot.emulator import Emulator, RunningClient
from bot.games.cards import Card
from bot.games.hearts.options import Phase
from bot.ui import card_emojis
from bot.ui.card_emojis import CARD_EMOJIS, CardEmojis, emoji_names
from bot.ui.emoji_upload import upload_card_emojis
from tests.e2e.conftest import World, bot_settings
from tests.e2e.driver import TableDriver
from tests.e2e.test_hearts import open_hearts
from tests.e2e.trick_driver import engine, seat_of

UPLOAD = "POST /applications/{application_id}/emojis"
CARD_EMOJI = r"<:card_(10|[2-9JQKA])[CDHS]_v\d+:\d+>"


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return bot_settings(tmp_path, card_emojis=True)


async def uploaded(running: RunningClient[TheGameBot]) -> bool:
    task = running.client.card_emojis_upload
    assert task is not None, "the bot uploads its card emojis at start-up"
    return await asyncio.wait_for(task, 20)


def names_on_discord(emulator: Emulator) -> set[str]:
    return {emoji.name for emoji in emulator.world.application_emojis.values()}


async def test_the_emojis_are_uploaded_once_and_a_second_start_uploads_nothing(
    driver: TableDriver, emulator: Emulator
) -> None:
    assert await uploaded(driver.running)
    assert names_on_discord(emulator) == set(emoji_names())
    assert len(emulator.requests_to(UPLOAD)) == 56
    assert CARD_EMOJIS.ready
    shown_before = card_emojis.card_text(Card("S", 12))

    await driver.restart()
    assert await uploaded(driver.running)
    assert len(emulator.requests_to(UPLOAD)) == 56, "nothing uploaded again"
    assert len(emulator.requests_to("GET /applications/{application_id}/emojis")) == 2
    assert card_emojis.card_text(Card("S", 12)) == shown_before, "the same emoji as before"

    # Someone deleted one in the Developer Portal: the next start uploads that one only.
    queen = next(e for e in emulator.world.application_emojis.values() if e.name == "card_QS_v1")
    del emulator.world.application_emojis[queen.id]
    await driver.restart()
    assert await uploaded(driver.running)
    assert [record.json["name"] for record in emulator.requests_to(UPLOAD)[56:]] == ["card_QS_v1"]
    assert card_emojis.card_text(Card("S", 12)) != shown_before, "the new one, under its new id"


async def test_a_redesign_is_uploaded_under_new_names_beside_the_old_ones(
    driver: TableDriver, emulator: Emulator, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert await uploaded(driver.running)
    old = names_on_discord(emulator)
    monkeypatch.setattr(card_emojis, "DESIGN", card_emojis.DESIGN + 1)
    await driver.restart()
    assert await uploaded(driver.running)
    assert len(emulator.requests_to(UPLOAD)) == 2 * 56
    assert names_on_discord(emulator) == old | set(emoji_names()), "old messages keep their emojis"
    assert card_emojis.card_text(Card("S", 12)).startswith(f"<:card_QS_v{card_emojis.DESIGN}:")


async def test_two_processes_of_one_bot_starting_together_share_one_set(
    emulator: Emulator, game_bot: RunningClient[TheGameBot]
) -> None:
    """Both find nothing, both upload: the names one of them took first are read back, none is doubled."""
    first, second = CardEmojis(), CardEmojis()
    assert game_bot.client.card_emojis_upload is not None
    await asyncio.wait_for(game_bot.client.card_emojis_upload, 20)  # this test's own bot, first
    emulator.world.application_emojis.clear()
    results = await asyncio.gather(
        upload_card_emojis(game_bot.client, first), upload_card_emojis(game_bot.client, second)
    )
    assert results == [True, True]
    assert len(emulator.world.application_emojis) == 56
    queen = card_emojis.card_emoji_name(Card("S", 12))
    queen_emoji, also = first.get(queen), second.get(queen)
    assert queen_emoji is not None and queen_emoji == also


async def test_when_discord_refuses_the_upload_cards_stay_text_with_one_warning(
    emulator: Emulator,
    start_client: object,
    settings: Settings,
    world: World,
    caplog: pytest.LogCaptureFixture,
) -> None:
    from bot.app import create_bot

    emulator.faults.fail(UPLOAD, status=403, times=None)
    caplog.set_level(logging.WARNING, logger="bot.ui.emoji_upload")
    running = await start_client(lambda: create_bot(settings))  # type: ignore[operator]
    assert not await uploaded(running)
    warnings = [record for record in caplog.records if record.name == "bot.ui.emoji_upload"]
    assert len(warnings) == 1 and "shown as text" in warnings[0].getMessage()
    assert not CARD_EMOJIS.ready
    driver = TableDriver(emulator, world.channel, running)
    table_id = await open_hearts(driver, world, ai_seats=3)
    await driver.click(world.alice, driver.board(), f"tg:start:{table_id}")
    hand = await driver.open_hand(world.alice)
    assert "<:" not in hand.text and ("♠\ufe0e" in hand.text or "♣\ufe0e" in hand.text)


async def test_a_hearts_hand_shows_its_cards_with_the_emojis(driver: TableDriver, world: World) -> None:
    assert await uploaded(driver.running)
    table_id = await open_hearts(driver, world, ai_seats=3)
    await driver.click(world.alice, driver.board(), f"tg:start:{table_id}")
    game = engine(driver)
    assert game.phase is Phase.PASSING
    hand = await driver.open_hand(world.alice)
    # The pass menu: each option is the card's emoji beside its text.
    (menu,) = hand.selects
    seat = seat_of(driver, world.alice)
    assert len(menu["options"]) == len(game.hand(seat))
    for option in menu["options"]:
        card = Card.from_code(option["value"].split(".")[0])
        assert option["emoji"]["name"] == card_emojis.card_emoji_name(card)
        assert option["label"] == card_emojis.fallback_text(card)
    # One line a suit, the suit as its emoji.
    assert "<:suit_" in hand.text and "♠️" not in hand.text and "♣️" not in hand.text

    # Pass, then the hand's card buttons: the card's emoji, no text.
    await driver.emulator.select(
        world.alice, hand, menu["custom_id"], [option["value"] for option in menu["options"][:3]]
    )
    await driver.emulator.wait_for(lambda: engine(driver).phase is not Phase.PASSING, timeout=10)
    await driver.settle()
    hand = await driver.open_hand(world.alice)
    cards = [button for button in hand.buttons if ":p." in button.get("custom_id", "")]
    assert cards, "the hand's card buttons"
    for button in cards:
        code = button["custom_id"].split(":p.")[1].split(".")[1].split(":")[0]
        assert button["emoji"]["name"] == card_emojis.card_emoji_name(Card.from_code(code))
        assert "label" not in button
