"""The playground as the screenshots see it: the real bot in the local Discord, people in phone-sized Chromium tabs
who type commands and press buttons on the page, and a camera that saves what a tab shows.

Everything a person does goes through their tab (the message box, the buttons, the menus, the side bar), as it
would for someone playing; the script only reads the bot's state to know which card to press and when the bot has
answered (`settle`)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.async_api import Browser, Locator, Page, ViewportSize
from playwright.async_api import Error as PlaywrightError

from bot.emulator import Channel, Message, User
from bot.playground.run import RunningPlayground
from bot.service.table import Table
from tools.screenshots.language_check import LanguageCheck

PHONE = ViewportSize(width=390, height=844)
DESKTOP = ViewportSize(width=1100, height=1000)
SCALE = 2  # the pictures are drawn for a phone's 2x screen; a README shows them about 300 px wide
# The Discord locale a person's interactions carry, per language (the side bar's Language).
LOCALES = {"en": "en-US", "fr": "fr", "de": "de"}
# The browser's own locale (the messages' times) and time zone: fixed, so a new run takes the same pictures.
BROWSER_LOCALES = {"en": "en-US", "fr": "fr-FR", "de": "de-DE"}
TIME_ZONE = "UTC"
TIMEOUT_MS = 15_000
PICTURES_ON_SCREEN_LOADED = """() => [...document.images]
    .filter(image => { const box = image.getBoundingClientRect(); return box.bottom > 0 && box.top < innerHeight; })
    .every(image => image.complete && image.naturalWidth > 0)"""
# The height of the empty band above a short channel's first message (a channel sits at the bottom, as on Discord).
EMPTY_ABOVE_THE_FIRST_MESSAGE = """() => {
    const list = document.getElementById('messages');
    const first = list.firstElementChild;
    if (!first || list.scrollHeight > list.clientHeight) return 0;
    return Math.max(0, Math.floor(first.getBoundingClientRect().top - list.getBoundingClientRect().top - 16));
}"""
# What sticks out at the right of the screen (a button, a line, a picture), so a phone cuts it off.
CUT_OFF_AT_THE_RIGHT = """() => [...document.querySelectorAll('#messages .btn, #messages .select, #messages img,'
    + ' #messages .content, #messages .embed')]
    .filter(node => node.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
    .map(node => (node.innerText || node.alt || node.className).slice(0, 80))"""
SCROLL_TO_BOTTOM = (
    "() => { const list = document.getElementById('messages'); list.scrollTop = list.scrollHeight; }"
)


@dataclass
class Shot:
    name: str  # the file's name without ".png": "hearts-trick-fr"
    path: Path


@dataclass
class Stage:
    """One game played in one language: the server speaks `language`, and so does every person but those of
    `speaks` (a French player at a German table: `speaks={"bob": "fr"}`), who read their private answers in theirs."""

    running: RunningPlayground
    browser: Browser
    language: str
    scene: str  # "hearts", for the names of the shots and the findings
    out: Path  # where the pictures go
    check: LanguageCheck
    channel_name: str = "table"
    speaks: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)  # what the page did wrong: script errors, text cut off
    pages: dict[str, Page] = field(default_factory=dict)
    shots: list[Shot] = field(default_factory=list)

    # -- the world -------------------------------------------------------------------------------------------
    @property
    def channel(self) -> Channel:
        channel = self.running.playground.channel(self.channel_name)
        assert channel is not None
        return channel

    def user(self, name: str) -> User:
        user = self.running.playground.person(name)
        assert user is not None, name
        return user

    def table(self) -> Table:
        table = self.running.bot.games.in_channel(self.channel.id)
        assert table is not None, "no table in the channel"
        return table

    def table_or_none(self) -> Table | None:
        return self.running.bot.games.in_channel(self.channel.id)

    def message(self, message_id: int | None) -> Message:
        found = self.running.playground.world.get_message(int(message_id or 0))
        assert found is not None, f"no message {message_id}"
        return found

    async def settle(self) -> None:
        """Until the bot has answered everything and sent every update (the AI seats' moves included); then what
        the channel shows is checked for the stage's language."""
        await self.running.bot.controller.settle(limit=60)
        self.check_channel(self.scene)

    async def wait_for(self, condition: Callable[[], Any], what: str, timeout: float = 120) -> Any:  # noqa: ASYNC109
        try:
            return await self.running.emulator.wait_for(condition, timeout=timeout)
        except Exception as error:
            raise RuntimeError(
                f"{self.scene} ({self.language}): waited {timeout:.0f} s for {what}"
            ) from error

    # -- people ----------------------------------------------------------------------------------------------
    def language_of(self, name: str) -> str:
        return self.speaks.get(name, self.language)

    async def page(self, name: str, *, desktop: bool = False) -> Page:
        """`name`'s tab (opened the first time, on a phone unless `desktop`), in their language."""
        key = f"{name}@desktop" if desktop else name
        if key in self.pages:
            return self.pages[key]
        viewport = DESKTOP if desktop else PHONE
        context = await self.browser.new_context(
            viewport=viewport,
            device_scale_factor=SCALE if not desktop else 1,
            is_mobile=not desktop,
            has_touch=not desktop,
            locale=BROWSER_LOCALES[self.language_of(name)],
            timezone_id=TIME_ZONE,
        )
        page = await context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        page.on(
            "pageerror", lambda error: self.problems.append(f"{self.scene} ({key}): script error: {error}")
        )
        await page.goto(f"{self.running.url}?as={name}&channel={self.channel_name}")
        await page.locator("#channels button").first.wait_for(state="attached")
        self.pages[key] = page
        locale = LOCALES[self.language_of(name)]
        if self.user(name).locale != locale:
            await self.in_side_bar(page, lambda: page.select_option("#language", locale))
            await self.wait_for(lambda: self.user(name).locale == locale, f"{name}'s language")
        return page

    async def in_side_bar(self, page: Page, action: Callable[[], Awaitable[Any]]) -> None:
        """Do something in the side bar, behind ☰ on a phone, then close it again."""
        menu = page.locator("#menu")
        behind_menu = await menu.is_visible()
        if behind_menu:
            await menu.click()
        await action()
        if behind_menu:
            await menu.click()

    async def server_speaks(self, owner: str = "alice") -> None:
        """The server's language, chosen by its owner in the side bar (sent as `/settings language`)."""
        page = await self.page(owner)
        wanted = self.language
        if self.running.playground.server_language in (wanted, None) and wanted == "en":
            return
        await self.in_side_bar(page, lambda: page.select_option("#server-language", wanted))
        await self.wait_for(
            lambda: self.running.playground.server_language == wanted, "the server's language"
        )
        await self.settle()

    # -- acting on the page ----------------------------------------------------------------------------------
    async def command(self, name: str, text: str) -> None:
        """`name` types a slash command in the message box and sends it."""
        page = await self.page(name)
        await page.locator("#box").fill(text)
        await page.locator("#box").press("Escape")  # the suggestions, closed
        action = "command" if text.startswith("/") else "send"
        async with page.expect_response(f"**/playground/{action}"):
            await page.locator("#send").click()
        await self.settle()

    async def say(self, name: str, text: str) -> None:
        await self.command(name, text)

    def button(self, page: Page, custom_id: str) -> Locator:
        return page.locator(f'button[data-custom-id="{custom_id}"]').last

    async def click(self, name: str, custom_id: str) -> None:
        """`name` presses the button `custom_id` (the newest one in the channel, as a person would)."""
        page = await self.page(name)
        target = self.button(page, custom_id)
        for attempt in range(20):  # the message may be redrawn between finding and pressing the button
            try:
                await target.wait_for(state="visible")
                async with page.expect_response("**/playground/click"):
                    await target.click(timeout=3000)
                break
            except PlaywrightError:
                if attempt == 19:
                    raise
                await asyncio.sleep(0.2)
        await self.settle()

    async def click_matching(self, name: str, pattern: str) -> None:
        """The newest button whose custom id matches the regular expression `pattern`, once the tab shows one."""
        page = await self.page(name)
        ids: list[str] = []
        for _ in range(100):
            ids = await page.locator("button[data-custom-id]").evaluate_all(
                "nodes => nodes.map(node => node.dataset.customId)"
            )
            matching = [custom_id for custom_id in ids if re.fullmatch(pattern, custom_id)]
            if matching:
                try:  # a board redrawn since (a button carrying the table's step, Klondike's Draw): look again
                    async with page.expect_response("**/playground/click", timeout=5000):
                        await self.button(page, matching[-1]).click(timeout=1000)
                except PlaywrightError:
                    continue
                await self.settle()
                return
            await asyncio.sleep(0.1)
        raise AssertionError(f"no button matches {pattern!r}: {ids}")

    async def choose(
        self,
        name: str,
        custom_id: str,
        values: list[str],
        *,
        before_sending: Callable[[Stage], Awaitable[None]] | None = None,
    ) -> None:
        """`name` opens the menu `custom_id` and picks `values` (by their option's value). `before_sending`: called
        with the menu open and the values ticked, before they are sent (a menu of several choices)."""
        page = await self.page(name)
        for attempt in range(20):  # a message redrawn while its menu is open closes the menu: open it again
            try:
                await self._choose(page, custom_id, values, before_sending)
                break
            except PlaywrightError:
                if attempt == 19:
                    raise
                await asyncio.sleep(0.2)
        await self.settle()

    async def _choose(
        self,
        page: Page,
        custom_id: str,
        values: list[str],
        before_sending: Callable[[Stage], Awaitable[None]] | None,
    ) -> None:
        menu = page.locator(f'.select[data-custom-id="{custom_id}"]').last
        await menu.locator(".select-toggle").click(timeout=3000)
        options = menu.locator(".select-menu")
        if await options.locator("input[type=checkbox]").count():
            for value in values:
                await options.locator(f'input[value="{value}"]').check(timeout=3000)
            if before_sending is not None:
                await before_sending(self)
            async with page.expect_response("**/playground/select"):
                await options.locator(".select-done").click(timeout=3000)
        else:
            (value,) = values
            index = await self.option_index(menu, value)
            async with page.expect_response("**/playground/select"):
                await options.locator(".select-option").nth(index).click(timeout=3000)

    async def option_index(self, menu: Locator, value: str) -> int:
        """Where the option `value` is in a single-choice menu (its buttons carry their label, not their value)."""
        custom_id = await menu.get_attribute("data-custom-id")
        for message in reversed(self.channel.messages):
            component = message.find_component(custom_id)
            if component is not None:
                values = [option["value"] for option in component.get("options", [])]
                return values.index(value)
        raise AssertionError(f"no menu {custom_id}")

    # -- the camera ------------------------------------------------------------------------------------------
    async def shown(self, page: Page) -> None:
        """Until the tab shows the channel as it is now (the live stream sends a snapshot 50 ms after a change)."""
        await self.settle()
        await page.wait_for_timeout(300)
        await page.evaluate("document.fonts.ready")

    async def pictures_loaded(self, page: Page) -> None:
        """Until every picture on the screen has loaded (those below or above it load lazily, as on Discord)."""
        await page.wait_for_function(PICTURES_ON_SCREEN_LOADED)
        await page.wait_for_timeout(100)

    async def shot(
        self, name: str, who: str, *, message: int | None = None, align: str = "end", desktop: bool = False
    ) -> None:
        """A picture of `who`'s tab, saved as `<scene>-<name>-<language>.png`: the bottom of the channel (where a
        phone stays), or `message` scrolled to the top (`align="start"`) or the bottom of the screen. A channel
        shorter than the screen is pictured on a shorter screen (no empty band above its first message).
        `desktop`: `who`'s desktop tab."""
        page = await self.page(who, desktop=desktop)
        self.check_channel(f"{self.scene} {name}")
        await self.shown(page)
        viewport = page.viewport_size or PHONE
        empty = int(await page.evaluate(EMPTY_ABOVE_THE_FIRST_MESSAGE))
        if empty > 0:
            await page.set_viewport_size({"width": viewport["width"], "height": viewport["height"] - empty})
        if message is not None:
            await page.evaluate(
                "([id, align]) => document.getElementById(`m-${id}`).scrollIntoView({block: align})",
                [str(message), align],
            )
        else:
            await page.evaluate(SCROLL_TO_BOTTOM)
        await self.pictures_loaded(page)
        path = self.out / f"{self.scene}-{name}-{self.language}.png"
        for cut in await page.evaluate(CUT_OFF_AT_THE_RIGHT):
            self.problems.append(f"{path.stem}: wider than the screen, cut off: {cut}")
        await page.screenshot(path=str(path))
        if empty > 0:
            await page.set_viewport_size(viewport)
        await page.evaluate(SCROLL_TO_BOTTOM)  # where the channel keeps up with new messages
        self.shots.append(Shot(path.stem, path))

    # -- the language check ----------------------------------------------------------------------------------
    def check_channel(self, where: str) -> None:
        """Every message of the bot in the channel, as each person of the stage sees it: the public ones in the
        server's language, their private ones in theirs."""
        for name in {key.split("@")[0] for key in self.pages}:
            viewer = self.user(name)
            for message in self.channel.visible_messages(viewer):
                if message.author.bot:
                    language = self.language_of(name) if message.ephemeral else self.language
                    self.check.check(message, language, f"{where} ({name})", buttons_in=self.language)

    async def close(self) -> None:
        for page in self.pages.values():
            await page.context.close()
        self.pages.clear()
