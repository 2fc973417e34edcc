"""The Activity in a real Chromium, inside the playground's frame, with Discord's own SDK speaking to the playground
page as it speaks to Discord: Alice plays a whole game of The Game in the Activity (dragging and tapping cards
onto piles), Bob plays it through Discord messages (slash commands and buttons), and each sees the other's moves.
A phone held upright (390 px)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.async_api import expect

from bot.games.thegame.ui.board import session_of
from bot.playground.run import RunningPlayground
from tests.activity.conftest import PAGE_BUILT
from tests.playground.conftest import ARTIFACTS
from tests.playground.helpers import until

pytestmark = pytest.mark.skipif(not PAGE_BUILT, reason="the Activity's page is not built: make activity")


def choose(game: Any) -> tuple[Any, bool]:
    """A sensible play: one after which the turn can still be completed, the smallest step first; else any (it
    ends the game: it asks for a confirmation)."""
    plays = game.legal_plays()
    safe = [p for p in plays if game.can_complete_minimum_after(p.card, p.pile)]
    pool = safe or plays
    tops = dict(zip("ABCD", game.tops, strict=True))
    best = min(pool, key=lambda p: (not p.backwards, abs(p.card - tops[p.pile])))
    return best, not safe


async def test_one_player_in_the_activity_one_on_discord_play_a_whole_game(
    playground: RunningPlayground, open_page: Any
) -> None:
    emulator, world, bot = playground.emulator, playground.playground, playground.bot
    channel, alice, bob = world.channel("table"), world.person("alice"), world.person("bob")
    page = await open_page("alice", phone=True)
    await (await emulator.slash(alice, channel, "game new")).response()
    board = await emulator.wait_for_message(channel, lambda m: bool(m.buttons))
    await (await emulator.click(bob, board, label="Join")).response()
    await (await emulator.click(alice, board, label="Open the table")).response()
    frame = page.frame_locator("iframe.activity-frame")
    await frame.get_by_role("button", name="Start").click()  # Alice starts from the Activity
    await frame.get_by_role("button", name="I'll start").click()
    table = bot.games.active_tables()[0]
    await until(lambda: session_of(table).game.current_player == 0, what="Alice on turn")
    moves = {"drag": 0, "tap": 0, "discord": 0}
    while table.status.value == "playing":
        game = session_of(table).game
        if game.is_over:
            break
        if game.current_player == 0:
            if game.can_end_turn() and game.played_this_turn >= game.turn_minimum:
                await frame.get_by_role("button", name="End turn").click()
                await until(
                    lambda game=game: session_of(table).game.current_player != 0 or game.is_over,
                    what="turn ends",
                )
                continue
            play, dooms = choose(game)
            card = frame.locator(f'[data-card="{play.card}"]')
            pile = frame.locator(f'[data-target="{play.pile}"]')
            if (moves["drag"] + moves["tap"]) % 2 == 0:
                await card.drag_to(pile)
                moves["drag"] += 1
            else:
                await card.click()
                await pile.click()
                moves["tap"] += 1
            if dooms:
                await frame.get_by_role("button", name="Play it anyway").click()
                await until(lambda game=game: game.is_over, what="the game ends")
                break
            # Bob, on Discord, sees it on the board.
            await until(
                lambda play=play: play.card in session_of(table).game.pile_cards(play.pile),
                what="Alice's play saved",
            )
            await emulator.wait_for(
                lambda play=play: any(
                    f"`{play.card}`" in m.text for m in channel.messages if m.embeds and not m.ephemeral
                )
            )
        else:
            if game.played_this_turn >= game.turn_minimum:
                await (await emulator.slash(bob, channel, "endturn")).response()
            else:
                play, dooms = choose(game)
                result = await emulator.slash(
                    bob, channel, "play", {"card": str(play.card), "pile": play.pile}
                )
                await result.response()
                if dooms:
                    hand = await result.original_message()
                    await (await emulator.click(bob, hand, label="Play anyway")).response()
                    await until(lambda game=game: game.is_over, what="the game ends")
                    break
                moves["discord"] += 1
                # Alice, in the Activity, sees Bob's card on its pile.
                top = frame.locator(f'[data-target="{play.pile}"] .value')
                await until(
                    lambda play=play: play.card in session_of(table).game.pile_cards(play.pile), what="saved"
                )
                await top.filter(
                    has_text=str(session_of(table).game.tops["ABCD".index(play.pile)])
                ).wait_for()
        await until(lambda: not bot.games.any_table_held(), what="saved")
    await frame.locator("p.end").wait_for()
    assert moves["drag"] > 3 and moves["tap"] > 3 and moves["discord"] > 3, moves
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    await expect(frame.locator("p.end")).to_be_in_viewport(ratio=1)  # the result is brought into sight
    await page.screenshot(path=str(ARTIFACTS / "activity-end.png"))
    # The summary's **Play again (same seats)**, at the end of the page: the same two players in a new lobby.
    await frame.get_by_role("button", name="Play again (same seats)").click()
    await frame.get_by_role("button", name="Start").wait_for()
    again = bot.games.in_channel(channel.id)
    assert again is not None and again.id != table.id
    assert [seat.user_id for seat in again.seats] == [seat.user_id for seat in table.seats]
    assert page.errors == []
