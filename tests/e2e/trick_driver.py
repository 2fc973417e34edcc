"""Playing Hearts and Barbu like a person through the emulator: the pass menu, card buttons, `/play`."""

from __future__ import annotations

from typing import Any

from bot.emulator.world import Message, User
from bot.games.cards import Card
from bot.games.trick_session import TrickSession
from bot.ui.card_emojis import cards_in_text
from tests.e2e.driver import TableDriver


def engine(driver: TableDriver) -> Any:
    session = driver.table().require_session()
    assert isinstance(session, TrickSession)
    return session.engine


def seat_of(driver: TableDriver, user: User) -> int:
    seat = driver.table().seat_of(user.id)
    assert seat is not None
    return seat


def cards_shown(text: str) -> set[Card]:
    """The cards a message shows, as the bot's emojis or as text (`Q♠︎`, `10♥️`)."""
    return set(cards_in_text(text))


def is_hand_result(message: Message) -> bool:
    """A finished hand's message: the cards it shows were played in that hand (and may be dealt again since)."""
    title = str(message.embeds[0].get("title", "")) if message.embeds else ""
    return " is over" in title or "Fin de la donne" in title


def assert_no_hand_in_public(driver: TableDriver) -> None:
    """No public message shows a card that is in someone's hand right now (a finished hand's message shows that
    hand's cards, some of them dealt again since)."""
    table = driver.bot.games.in_channel(driver.channel.id)
    if table is None or table.session is None:
        return
    session = table.session
    assert isinstance(session, TrickSession)
    game: Any = session.engine
    in_hands = {card for seat in range(len(table.seats)) for card in game.hand(seat)}
    for message in driver.public_messages():
        if is_hand_result(message):
            continue
        shown = cards_shown(message.text)
        assert not shown & in_hands, f"a public message shows a card in a hand: {message.text}"


def still_playing(driver: TableDriver, table_id: int) -> bool:
    return driver.bot.games.get(table_id) is not None


async def wait_for_my_turn(driver: TableDriver, table_id: int, user: User) -> bool:
    """Wait until `user` may act (True) or the game is over (False)."""
    if not still_playing(driver, table_id):
        return False
    seat = seat_of(driver, user)
    await driver.emulator.wait_for(
        lambda: not still_playing(driver, table_id) or seat in driver.table().seats_to_act, timeout=30
    )
    await driver.settle()
    return still_playing(driver, table_id)


async def pass_three(driver: TableDriver, user: User, hand: Message) -> list[str]:
    """Choose the first three options of the pass menu on `hand`."""
    table_id = driver.table().id
    game = engine(driver)
    custom_id = (
        f"tg:gs:{table_id}:pass.{game.hand_number}:{user.id}"  # the hand's owner ends its buttons' ids
    )
    menu = hand.find_component(custom_id)
    assert menu is not None, f"no pass menu on the hand: {[s.get('custom_id') for s in hand.selects]}"
    values = [option["value"] for option in menu["options"][:3]]
    result = await driver.emulator.select(user, hand, custom_id, values)
    await result.response()
    await driver.settle()
    return values


async def play_one_card(driver: TableDriver, user: User, *, by_command: bool) -> Card:
    """Play the first legal card: by `/play` or by the card's button on a freshly opened hand."""
    game = engine(driver)
    seat = seat_of(driver, user)
    card = game.legal_cards(seat)[0]
    if by_command:
        answer = await driver.command(user, "play", card=card.code)
        assert answer.ephemeral, answer
    else:
        hand = await driver.open_hand(user)
        table_id = driver.table().id
        await driver.click(user, hand, f"tg:g:{table_id}:p.{game.hand_number}.{card.code}:{user.id}")
    return card
