"""The page as a new user meets it, on a desktop and on a 390 px phone: each test is a rough edge seen there."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from typing import Any

import pytest

from bot.emulator import Channel, User
from bot.playground.run import RunningPlayground
from bot.service.table import Table
from tests.playground.helpers import send, until

pytestmark = pytest.mark.browser

DISTANCE_TO_BOTTOM = "() => { const l = document.getElementById('messages'); return l.scrollHeight - l.scrollTop - l.clientHeight; }"


async def open_table(running: RunningPlayground, game: str = "thegame", *, with_bob: bool = False) -> Table:
    """Alice opens a table in #table and starts it (alone, or with Bob): a board with its picture."""
    world, emulator = running.playground, running.emulator
    alice, bob, channel = world.person("alice"), world.person("bob"), world.channel("table")
    assert alice is not None and bob is not None and channel is not None
    await (await emulator.slash(alice, channel, "game new", {"game": game})).response()
    if with_bob:
        await (await emulator.slash(bob, channel, "game join")).response()
    await (await emulator.slash(alice, channel, "game start")).response()
    return await until(
        lambda: (table := running.bot.games.in_channel(channel.id)) and table.board_message_id and table,
        what="the board",
    )


async def chat(running: RunningPlayground, count: int) -> None:
    world = running.playground
    bob, channel = world.person("bob"), world.channel("table")
    assert bob is not None and channel is not None
    for index in range(count):
        await running.emulator.send_message(bob, channel, f"line {index} of Bob's chat")


async def test_the_channel_stays_at_the_bottom_when_a_message_above_grows(
    playground: RunningPlayground, open_page: Callable[..., Any]
) -> None:
    """Seen after a turn change: the turn line and the player's own buttons were 140–460 px below the fold, in every
    tab, because the pictures above them arrived after the page had scrolled down."""
    page = await open_page("alice", width=1000, height=600)
    slow: list[str] = []

    async def late_picture(route: Any) -> None:
        slow.append(route.request.url)
        await asyncio.sleep(0.8)
        await route.continue_()

    await page.route("**/attachments/**", late_picture)
    await chat(playground, 12)
    await open_table(playground)
    await chat(playground, 2)  # the board is above now
    await page.locator(".message", has_text="line 1 of Bob's chat").last.wait_for()
    await until(lambda: slow, what="a picture asked for")
    await page.wait_for_function(
        "() => [...document.querySelectorAll('#messages img')].every(i => i.complete && i.naturalHeight > 0)"
    )
    await page.wait_for_timeout(100)
    assert await page.evaluate(DISTANCE_TO_BOTTOM) < 2, "the last message is below the fold"

    # A message above grows (the board edited with a longer text, a hand with a menu open...): still at the bottom.
    await (
        page.locator("#messages .message")
        .nth(-3)
        .evaluate(
            "node => node.querySelector('.body').append(Object.assign(document.createElement('div'), "
            "{style: 'height: 300px', className: 'grown'}))"
        )
    )
    await page.wait_for_timeout(100)
    assert await page.evaluate(DISTANCE_TO_BOTTOM) < 2

    # Someone who scrolled up to read stays where they are.
    await page.locator("#messages").evaluate("list => list.scrollTo(0, 0)")
    await page.wait_for_timeout(100)
    await page.locator("#messages .message").nth(-3).evaluate("node => node.querySelector('.grown').remove()")
    await chat(playground, 1)
    await page.locator(".message", has_text="line 0 of Bob's chat").last.wait_for()
    await page.wait_for_timeout(100)
    assert await page.locator("#messages").evaluate("list => list.scrollTop") == 0
    assert page.errors == []


async def test_a_replaced_picture_keeps_its_height_while_the_new_one_loads(
    playground: RunningPlayground, open_page: Callable[..., Any]
) -> None:
    """Seen on every move: the board's picture collapsed to 0 px for a frame or two, and the page jumped."""
    page = await open_page("alice", width=1000, height=800)
    table = await open_table(playground, with_bob=True)  # two players: the board asks who starts
    board = page.locator(f"#m-{table.board_message_id} img").first
    await board.wait_for()
    await page.wait_for_function(f"() => document.querySelector('#m-{table.board_message_id} img')?.complete")
    height = await board.evaluate("img => img.getBoundingClientRect().height")
    assert height > 100

    async def late_picture(route: Any) -> None:
        await asyncio.sleep(1.0)
        await route.continue_()

    await page.route("**/attachments/**", late_picture)
    # Every picture the page puts in the board's place is measured the moment it is there.
    await page.evaluate(
        """id => {
          window.boardHeights = [];
          new MutationObserver(() => {
            const img = document.querySelector(`#m-${id} img`);
            if (img && !img.dataset.measured) {
              img.dataset.measured = "yes";
              window.boardHeights.push({height: img.getBoundingClientRect().height, complete: img.complete});
            }
          }).observe(document.getElementById('messages'), {childList: true, subtree: true});
        }""",
        str(table.board_message_id),  # a snowflake is too big for a JavaScript number
    )
    alice = playground.playground.person("alice")
    message = playground.playground.world.get_message(table.board_message_id)
    assert alice is not None and message is not None
    # Alice starts: the board's picture is drawn again (whose turn it is).
    await (await playground.emulator.click(alice, message, f"tg:first:{table.id}")).response()
    await page.wait_for_function("() => window.boardHeights.some(h => !h.complete)")
    measured = await page.evaluate("window.boardHeights")
    assert all(abs(seen["height"] - height) < 2 for seen in measured), measured
    assert page.errors == []


async def test_picking_a_subcommand_suggestion_keeps_the_slash(
    playground: RunningPlayground, open_page: Callable[..., Any]
) -> None:
    """Seen on every first game: Tab on "game new" left `game new ` in the box, and Enter posted it as chat."""
    page = await open_page("alice")
    box = page.locator("#box")
    for typed, picked in (("/game j", "/game join "), ("/game n", "/game new ")):
        await box.fill(typed)
        await page.locator("#suggestions li", has_text=picked.strip()).first.wait_for()
        await box.press("Tab")
        assert await box.input_value() == picked
    await page.locator("#suggestions li", has_text="(optional)").first.wait_for()
    await box.press("Enter")
    channel = playground.playground.channel("table")
    assert channel is not None
    await until(lambda: playground.bot.games.in_channel(channel.id), what="the table")
    assert not [m for m in channel.messages if m.content.startswith("game new")], "posted as chat"

    carol = await open_page("carol", channel="table-2")
    await carol.locator("#box").fill("/partie arr")
    await carol.locator("#suggestions li", has_text="/partie arrêter").wait_for()
    await carol.locator("#box").press("Enter")
    assert await carol.locator("#box").input_value() == "/partie arrêter "
    assert page.errors == [] and carol.errors == []


async def test_a_command_mention_puts_the_command_in_the_message_box(open_page: Callable[..., Any]) -> None:
    """As on Discord: clicking </game new> in /help fills the message box."""
    page = await open_page("alice")
    await send(page, "/help")
    mention = page.locator(".message.ephemeral .mention.command", has_text="/game new").first
    await mention.click()
    box = page.locator("#box")
    assert await box.input_value() == "/game new "
    assert await box.evaluate("box => box === document.activeElement")
    await page.locator("#suggestions li", has_text="(optional)").first.wait_for()
    assert page.errors == []


async def test_an_empty_channel_says_how_to_start_and_who_you_are(
    playground: RunningPlayground, open_page: Callable[..., Any]
) -> None:
    page = await open_page("bob")
    empty = page.locator("#empty")
    assert await empty.inner_text() == "Type /game new to open a table. You are playing as Bob."
    await empty.locator(".mention.command").click()
    assert await page.locator("#box").input_value() == "/game new "
    await chat(playground, 1)
    await empty.wait_for(state="hidden")
    carol = await open_page("carol", channel="table-2", width=390)
    assert "Tape /partie nouvelle pour ouvrir une table." in await carol.locator("#empty").inner_text()
    assert page.errors == [] and carol.errors == []


async def test_on_a_phone_the_message_box_hint_fits_on_one_line(open_page: Callable[..., Any]) -> None:
    """Seen at 390 px: "Message #table as Alice, or type / for commands" wrapped, cut off after "or type"."""
    for person in ("alice", "carol"):
        page = await open_page(person, phone=True)
        fits = await page.locator("#box").evaluate(
            """box => {
              const style = getComputedStyle(box);
              const pen = document.createElement('canvas').getContext('2d');
              pen.font = style.font;
              const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
              return pen.measureText(box.placeholder).width <= room;
            }"""
        )
        assert fits, await page.locator("#box").get_attribute("placeholder")
        wide = await open_page(person, width=1200)
        assert "/" in (await wide.locator("#box").get_attribute("placeholder") or ""), (
            "the long hint on a desktop"
        )


async def test_on_a_phone_the_side_bar_closes_and_never_covers_its_button(
    open_page: Callable[..., Any],
) -> None:
    page = await open_page("alice", phone=True)
    menu, channels = page.locator("#menu"), page.locator("#channels button").first

    async def menu_is_on_top() -> bool:
        return bool(
            await menu.evaluate(
                "m => { const r = m.getBoundingClientRect();"
                " return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === m; }"
            )
        )

    for close in ("Escape", "tap outside", "☰"):
        await menu.tap()
        await channels.wait_for(state="visible")
        assert await menu_is_on_top(), "the side bar covers ☰"
        if close == "Escape":
            await page.keyboard.press("Escape")
        elif close == "tap outside":
            await page.touchscreen.tap(370, 500)
        else:
            await menu.tap()
        await channels.wait_for(state="hidden")
        assert await menu.get_attribute("aria-expanded") == "false", close
    assert page.errors == []


async def test_on_a_phone_no_hover_only_button_stays_after_a_tap(
    playground: RunningPlayground, open_page: Callable[..., Any]
) -> None:
    """Seen on a phone: after tapping Join, the message's Reply bar stayed over the message above it."""
    page = await open_page("bob", phone=True)
    await chat(playground, 1)
    world = playground.playground
    alice, channel = world.person("alice"), world.channel("table")
    assert alice is not None and channel is not None
    await (await playground.emulator.slash(alice, channel, "game new")).response()
    table = await until(lambda: playground.bot.games.in_channel(channel.id), what="the table")
    lobby = page.locator(".message", has=page.locator(f'[data-custom-id="tg:join:{table.id}"]')).last
    await lobby.locator(f'[data-custom-id="tg:join:{table.id}"]').tap()
    await until(lambda: len(table.seats) == 2, what="Bob's seat")
    lobby = page.locator(".message", has=page.locator(f'[data-custom-id="tg:leave:{table.id}"]')).last
    await lobby.wait_for()
    assert not await lobby.locator(".message-actions").is_visible(), "a Reply bar stuck after the tap"
    said = page.locator('.message[data-author="bob"]').first
    await said.locator(".content").tap()  # a tap on a message (to read it, to scroll)
    assert not await said.locator(".message-actions").is_visible(), "a Reply bar stuck after the tap"
    # A long press opens a message's actions; a tap elsewhere closes them.
    await said.locator(".content").dispatch_event("contextmenu")
    await said.locator(".message-actions").wait_for(state="visible")
    await page.locator("#channel-name").tap()
    await said.locator(".message-actions").wait_for(state="hidden")
    assert page.errors == []


async def test_the_side_bar_sets_the_server_language_where_settings_has_it(
    playground: RunningPlayground, open_page: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    sent: list[tuple[str, dict[str, object]]] = []
    slash = playground.emulator.slash

    async def recorded(
        user: User, channel: Channel, name: str, options: dict[str, object] | None = None
    ) -> object:
        sent.append((f"{user.name} /{name}", dict(options or {})))
        return await slash(user, channel, name, options)

    monkeypatch.setattr(playground.emulator, "slash", recorded)
    page = await open_page("bob")
    choices = page.locator("#server-language option")
    assert await choices.all_inner_texts() == ["English", "Français", "Deutsch"]
    await page.locator("#server-language").select_option("de")
    await until(lambda: sent, what="/settings")
    assert sent == [("alice /settings", {"language": "de"})]
    assert page.errors == []


async def test_a_backslash_shows_the_markdown_character_as_written(
    playground: RunningPlayground, open_page: Callable[..., Any]
) -> None:
    """Names are escaped for Discord (`\\[l\\](https\\://…)`): the page showed the backslashes Discord hides."""
    page = await open_page("alice")
    world = playground.playground
    bob, channel = world.person("bob"), world.channel("table")
    assert bob is not None and channel is not None
    await playground.emulator.send_message(
        bob, channel, r"\*\*not bold\*\* \[l\](https\://evil.example) \<@&1\>"
    )
    shown = page.locator(".message", has_text="not bold").last
    await shown.wait_for()
    assert (
        await shown.locator(".content, .text").last.inner_text()
        == "**not bold** [l](https://evil.example) <@&1>"
    )
    assert await shown.locator("strong, a").count() == 0
    assert page.errors == []


async def test_a_discord_timestamp_reads_in_the_persons_language(
    playground: RunningPlayground, open_page: Callable[..., Any]
) -> None:
    """Found by a reviewer: `/history` showed Carol, who reads French, "11/27/2026, 9:02:20 AM". Discord's app
    writes a timestamp in its reader's language and in the style the message asks for."""
    page = await open_page("carol")  # Carol reads French
    world = playground.playground
    bob, channel = world.person("bob"), world.channel("table")
    assert bob is not None and channel is not None
    await playground.emulator.send_message(bob, channel, "le <t:1764234000:D> · <t:1764234000:d>")
    shown = page.locator(".message", has_text="le ").last
    await shown.wait_for()
    text = await shown.locator(".content, .text").last.inner_text()
    assert "novembre 2025" in text and "/11/2025" in text and "AM" not in text and "PM" not in text, text
    assert page.errors == []


async def test_a_relative_timestamp_counts_as_discord_does(
    playground: RunningPlayground, open_page: Callable[..., Any]
) -> None:
    """Found by a reviewer: "you can ask for the board again <t:…:R>" read "this minute" ("in dieser Minute"),
    which Discord's app never writes: it counts seconds, minutes, hours and days ("in 25 seconds")."""
    page = await open_page("alice")
    world = playground.playground
    bob, channel = world.person("bob"), world.channel("table")
    assert bob is not None and channel is not None
    now = int(time.time())
    await playground.emulator.send_message(
        bob,
        channel,
        f"again <t:{now + 25}:R> · played <t:{now - 3 * 3600 - 60}:R> · soon <t:{now + 2 * 86400}:R>",
    )
    shown = page.locator(".message", has_text="again ").last
    await shown.wait_for()
    text = await shown.locator(".content, .text").last.inner_text()
    assert re.search(r"again in 2\d seconds · played 3 hours ago · soon in 2 days", text), text
    assert "minute" not in text
    assert page.errors == []


async def test_a_masked_link_to_a_message_shows_its_words(
    playground: RunningPlayground, open_page: Callable[..., Any]
) -> None:
    """Found by a reviewer: `/board` asked twice answered "[see the board](#table › 💬)": Discord shows a masked
    link's words, not the markdown around a message's link."""
    page = await open_page("alice")
    world = playground.playground
    bob, channel = world.person("bob"), world.channel("table")
    assert bob is not None and channel is not None
    link = f"https://discord.com/channels/{channel.guild.id}/{channel.id}/123"
    await playground.emulator.send_message(bob, channel, f"look: [see the board]({link}) · {link}")
    shown = page.locator(".message", has_text="look: ").last
    await shown.wait_for()
    content = shown.locator(".content, .text").last
    assert await content.inner_text() == "look: see the board · #table › 💬"
    assert await content.locator(".mention", has_text="see the board").count() == 1
    assert page.errors == []
