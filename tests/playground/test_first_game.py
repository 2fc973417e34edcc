"""The README's first game, followed as written: only what its steps name (a typed `/game new`, then buttons by
their labels), from an empty channel to the summary of a finished game of The Game."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import pytest

from bot.games.thegame.ui.board import game_of
from bot.playground.run import RunningPlayground
from bot.service.table import TableStatus
from tests.playground.helpers import until

pytestmark = pytest.mark.browser


def labelled(scope: Any, label: str | re.Pattern[str]) -> Any:
    return (
        scope.get_by_role("button", name=label, exact=True)
        if isinstance(label, str)
        else scope.get_by_role("button", name=label)
    )


def my_hand(page: Any) -> Any:
    return page.locator(".message.ephemeral", has_text="Your hand").last


async def test_the_readme_first_game_from_an_empty_channel_to_the_summary(
    playground: RunningPlayground, open_page: Callable[..., Any]
) -> None:
    alice_page = await open_page("alice")
    # Step 2: type /game new and press Enter.
    await alice_page.locator("#box").fill("/game new")
    await alice_page.locator("#box").press("Enter")
    # Step 3: Bob, in a second tab, presses Join.
    bob_page = await open_page("bob", width=420)
    await labelled(bob_page, "Join").last.click()
    channel = playground.playground.channel("table")
    assert channel is not None
    table = await until(lambda: playground.bot.games.in_channel(channel.id), what="the table")
    await until(lambda: len(table.seats) == 2, what="Bob's seat")
    # Step 4: Alice sees Bob on the lobby and presses Start (a fresh-clone run under load once timed out waiting
    # for My hand: a deal can take more than 10 s on a busy machine, as test_browser.py found, or Start pressed
    # while her lobby was redrawn for Bob's seat; a person waits for the lobby to show Bob, and for the board).
    # Step 5: each presses My hand; step 6: Alice presses I'll start.
    lobby = alice_page.locator(".message").filter(has=labelled(alice_page, "Start")).filter(has_text="Bob")
    await lobby.last.wait_for()
    await labelled(lobby.last, "Start").click()
    await until(
        lambda: table.status is TableStatus.PLAYING and table.board_message_id, timeout=30, what="the board"
    )
    pages = {"alice": alice_page, "bob": bob_page}
    for page in pages.values():
        await labelled(page, "My hand").last.click()
        await my_hand(page).wait_for()
    await labelled(alice_page, "I'll start").last.click()
    await until(
        lambda: table.session is not None and game_of(table).current_player is not None, what="a turn"
    )

    # Step 7: a card, then a pile; at least two; End turn. (Largest jumps first, so the game is over soon.)
    names = {
        seat.user_id: user.name
        for seat in table.seats
        for user in playground.playground.people
        if user.id == seat.user_id
    }
    deadline = time.monotonic() + 120
    while playground.bot.games.get(table.id) is not None:
        assert time.monotonic() < deadline, "the game did not end"
        game = game_of(table)
        current = game.current_player
        assert current is not None
        page = pages[names[table.seats[current].user_id]]
        hand = my_hand(page)
        turn = game.turn_number
        if game.played_this_turn >= game.turn_minimum:
            await labelled(hand, "End turn").click()
            await until(
                lambda turn=turn: (
                    playground.bot.games.get(table.id) is None or game_of(table).turn_number != turn
                ),
                what="the next turn",
            )
            continue
        plays = game.legal_plays()
        if not plays:
            await until(lambda: playground.bot.games.get(table.id) is None, what="the end of the game")
            break
        play = max(plays, key=lambda option: abs(option.card - game.pile(option.pile).top))
        played = game.played_this_turn
        await labelled(hand, re.compile(rf"^{play.card}( ↩)?$")).click()
        await labelled(hand, re.compile(rf"^{play.pile} ")).click()
        anyway = labelled(hand, f"Play {play.card} on {play.pile} anyway")
        while playground.bot.games.get(table.id) is not None and (
            game_of(table).played_this_turn == played and game_of(table).turn_number == turn
        ):
            assert time.monotonic() < deadline, "the play did not happen"
            if await anyway.count():
                await anyway.click()
            await page.wait_for_timeout(50)

    # Step 8: the board became the summary, with Play again (same seats), in both tabs.
    for page in pages.values():
        await labelled(page, "Play again (same seats)").last.wait_for()
        assert page.errors == []
