"""The playground in a real Chromium: two people play The Game in two tabs, and the page's accessibility basics."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Error as PlaywrightError

from bot.games.thegame.ui.board import game_of
from bot.playground.run import RunningPlayground
from tests.playground.helpers import button, send, until

pytestmark = pytest.mark.browser


async def screenshot(locator: Any, path: Path) -> None:
    """Save a picture of one message; a live edit may replace the message mid-shot, so take it again then."""
    for attempt in range(5):
        try:
            await locator.screenshot(path=str(path))
            return
        except PlaywrightError:
            if attempt == 4:
                raise
            await asyncio.sleep(0.2)


async def board_text(page: Any, board_id: int) -> str:
    """What a person reads on the board: its text and its picture's alternative text."""
    return str(
        await page.locator(f"#m-{board_id}").evaluate(
            "node => node.innerText + ' ' + [...node.querySelectorAll('img')].map(i => i.alt).join(' ')"
        )
    )


async def test_two_people_play_a_whole_game_in_two_tabs(
    playground: RunningPlayground, open_page: Callable[..., Any], artifacts: Path
) -> None:
    bot = playground.bot
    world = playground.playground
    alice, bob = world.person("alice"), world.person("bob")
    channel = world.channel("table")
    assert alice and bob and channel
    pages = {alice.id: await open_page("alice"), bob.id: await open_page("bob", width=420)}
    alice_page, bob_page = pages[alice.id], pages[bob.id]

    # Alice opens a table with the command autocomplete offers; Bob joins from his own tab.
    await alice_page.locator("#box").fill("/game new game:The")
    await alice_page.locator("#suggestions li", has_text="The Game").wait_for()
    await alice_page.locator("#box").press("Tab")
    assert (await alice_page.locator("#box").input_value()).startswith("/game new game:")
    # The optional options are offered next; Enter sends the complete line instead of picking one of them.
    await alice_page.locator("#suggestions li", has_text="(optional)").first.wait_for()
    await alice_page.locator("#box").press("Enter")
    table = await until(lambda: bot.games.in_channel(channel.id), what="the table")
    await button(bob_page, f"tg:join:{table.id}").click()
    await until(lambda: len(table.seats) == 2, what="Bob's seat")
    await button(alice_page, f"tg:start:{table.id}").click()
    # The click returns before the bot has dealt: until then the table is a lobby (game_of would raise). A busy
    # machine (CI ran it beside the PostgreSQL-fault soak once) can take more than the usual 10 s.
    await until(
        lambda: table.board_message_id and table.session is not None and game_of(table),
        timeout=30,
        what="the deal",
    )
    for page in pages.values():
        await button(page, f"tg:hand:{table.id}").click()
    game = game_of(table)
    for user, page in ((alice, alice_page), (bob, bob_page)):
        seat = table.seat_of(user.id)
        assert seat is not None
        hand = page.locator(".message.ephemeral", has_text="Only you can see this").last
        await hand.wait_for()
        shown = set(await hand.locator("code").all_inner_texts())
        assert {str(card) for card in game.hand(seat)} <= shown, "each player sees their own cards"
    for user, page in ((alice, bob_page), (bob, alice_page)):
        assert await page.locator(f'[data-custom-id$=":{user.id}"]').count() == 0, "a hand seen by the other"
    await screenshot(alice_page.locator(".message.ephemeral").last, artifacts / "hand.png")

    # A number in the chat gets the warning.
    await send(bob_page, "I have a 42, keep off that pile")
    said = bob_page.locator('.message[data-author="bob"]').last
    await said.locator(".reaction", has_text="🤫").wait_for(timeout=10_000)

    await button(alice_page, f"tg:first:{table.id}").click()
    await until(lambda: game_of(table).current_player is not None, what="a first player")
    board_id = table.board_message_id
    # Play badly on purpose (the largest jumps first), so the whole game is over in a few turns.
    while bot.games.get(table.id) is not None:
        game = game_of(table)
        current = game.current_player
        assert current is not None
        user_id = table.seats[current].user_id
        page = pages[user_id]
        if game.played_this_turn >= game.turn_minimum:
            await button(page, f"tg:end:{table.id}:{user_id}").click()
            await until(
                lambda current=current: (
                    bot.games.get(table.id) is None or game_of(table).current_player != current
                ),
                what="a new turn",
            )
            continue
        plays = game.legal_plays()
        if not plays:
            await until(lambda: bot.games.get(table.id) is None, what="the end of the game")
            break
        play = max(plays, key=lambda option: abs(option.card - game.pile(option.pile).top))
        played = game.played_this_turn
        await button(page, f"tg:card:{table.id}:{play.card}:{user_id}").click()
        await button(page, f"tg:play:{table.id}:{play.card}:{play.pile}:0:{user_id}").click()
        confirm = button(page, f"tg:play:{table.id}:{play.card}:{play.pile}:1:{user_id}")
        deadline = time.monotonic() + 10
        while (
            bot.games.get(table.id) is not None
            and game_of(table).played_this_turn == played
            and game_of(table).current_player == current
        ):
            if await confirm.count() and await confirm.is_enabled():
                await confirm.click()
            assert time.monotonic() < deadline, "the play did not happen"
            await asyncio.sleep(0.05)
        if bot.games.get(table.id) is not None:
            # The board is live in both tabs: the card just played shows without a reload.
            for other in pages.values():
                await until_text(other, board_id, str(play.card))
    await screenshot(alice_page.locator(f"#m-{board_id}"), artifacts / "board.png")
    assert (artifacts / "board.png").stat().st_size > 0 and (artifacts / "hand.png").stat().st_size > 0
    # The last edit reaches each tab over its own live stream: give both a moment to show it.
    deadline = time.monotonic() + 10
    while len(finals := {await board_text(page, board_id) for page in pages.values()}) > 1:
        assert time.monotonic() < deadline, f"both tabs show the same final board: {finals}"
        await asyncio.sleep(0.1)
    for page in pages.values():
        assert page.errors == []


async def until_text(page: Any, board_id: int, text: str) -> None:
    deadline = time.monotonic() + 10
    while text not in await board_text(page, board_id):
        assert time.monotonic() < deadline, f"the board never showed {text}"
        await asyncio.sleep(0.05)


async def test_accessibility_basics(playground: RunningPlayground, open_page: Callable[..., Any]) -> None:
    page = await open_page("alice")
    await send(page, "/game new")
    table = await until(lambda: playground.bot.games.in_channel(playground.playground.channels[0].id))
    await button(page, f"tg:start:{table.id}").click()
    await page.locator(".message img").first.wait_for()
    # Pictures carry the attachment's description as alternative text.
    for image in await page.locator(".message img").all():
        assert (await image.get_attribute("alt") or "").strip(), "an image without alternative text"
    # Every control that acts is a real button (a menu's toggle included).
    controls = await page.locator("[data-custom-id]").evaluate_all(
        "nodes => nodes.map(n => n.tagName === 'DIV' ? n.querySelector('button').tagName : n.tagName)"
    )
    assert controls and set(controls) == {"BUTTON"}
    # The keyboard reaches the message box and the buttons.
    reached: set[str] = set()
    await page.locator("body").focus()
    for _ in range(60):
        await page.keyboard.press("Tab")
        reached.add(
            await page.evaluate(
                "() => document.activeElement.id || (document.activeElement.dataset.customId ? 'component' : '')"
            )
        )
    assert {"box", "component"} <= reached
    assert page.errors == []


async def test_a_command_mentioned_by_the_bot_reads_as_one(open_page: Callable[..., Any]) -> None:
    page = await open_page("alice", width=390)
    await send(page, "/leaderboard game:klondike")
    mention = page.locator(".message .mention.command").last
    await mention.wait_for()
    assert await mention.inner_text() == "/game new"
    assert "</game" not in await page.locator(".message").last.inner_text()
    assert page.errors == []


async def test_the_page_speaks_the_language_of_who_plays(
    playground: RunningPlayground, open_page: Callable[..., Any]
) -> None:
    """Seen at phone width as Carol, who plays in French: the bot answered in French in a page that spoke English
    ("Only you can see this", "Send", "Playing as")."""
    page = await open_page("carol", width=390)
    assert await page.locator("#send").inner_text() == "Envoyer"
    assert await page.evaluate("document.documentElement.lang") == "fr"
    assert (
        await page.locator("#box").get_attribute("placeholder") == "Écrire dans #table"
    )  # one line on a phone
    assert "Tu joues en tant que Carol" in await page.locator("#empty").inner_text()
    await send(page, "/règles")
    note = page.locator(".message.ephemeral .ephemeral-note").last
    await note.wait_for()
    assert "Visible par toi seul" in await note.inner_text()
    await send(page, "/nothing")
    await until_error(page, "Il n'y a pas de commande /nothing.")

    await page.locator("#menu").click()  # the side bar is behind ☰ on a phone
    await page.locator("#language").select_option("en-US")  # Carol switches to English
    await page.locator("#send", has_text="Send").wait_for()
    await page.locator(".message.ephemeral .ephemeral-note", has_text="Only you can see this").last.wait_for()
    assert await page.evaluate("document.documentElement.lang") == "en"
    assert page.errors == []


async def until_error(page: Any, text: str) -> None:
    error = page.locator("#composer-error")
    deadline = time.monotonic() + 10
    while text not in await error.inner_text():
        assert time.monotonic() < deadline, f"the page never said {text!r}"
        await asyncio.sleep(0.05)


async def test_a_french_command_name_with_an_accent_reads_as_one_mention(
    open_page: Callable[..., Any],
) -> None:
    # Seen in /help as Carol: "</règles>" and "</réglages>" showed as raw text, the page's pattern knew no accents.
    page = await open_page("carol", width=390)
    await send(page, "/aide")
    help_text = page.locator(".message.ephemeral").last
    await help_text.locator(".mention.command").first.wait_for()
    mentions = await help_text.locator(".mention.command").all_inner_texts()
    assert "/règles" in mentions and "/réglages" in mentions and "/partie arrêter" in mentions
    assert "</" not in await help_text.inner_text()
    assert page.errors == []
