"""The playground started in the test's event loop (the real bot on a temporary database), and Chromium pages."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.config import Settings
from bot.playground.run import RunningPlayground, open_playground

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "playground"
CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
MISSING_BROWSER = (
    "Chromium is missing: install Debian's package (`sudo apt-get install chromium`; `make test` does it when "
    "run as root) to run the browser tests"
)


@pytest_asyncio.fixture
async def playground(tmp_path: Path) -> AsyncIterator[RunningPlayground]:
    settings = Settings(
        database_path=tmp_path / "never-used.sqlite3",
        ai_turn_delay=0.05,
        playground_database_path=tmp_path / "playground.sqlite3",
    )
    async with open_playground(settings, port=0) as running:
        yield running


@pytest_asyncio.fixture
async def browser() -> AsyncIterator[Any]:
    if CHROMIUM is None:
        pytest.skip(MISSING_BROWSER)
    playwright_api = pytest.importorskip("playwright.async_api", reason="the playwright package: make test")
    async with playwright_api.async_playwright() as driver:
        chromium = await driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            await chromium.close()


@pytest.fixture
def open_page(playground: RunningPlayground, browser: Any) -> Callable[..., Any]:
    """``page = await open_page("alice", width=1200)``: a tab playing as that person, with the page loaded;
    ``phone=True``: a 390 px touch screen, as Discord on a phone."""

    async def open_as(
        person: str, *, width: int = 1200, height: int = 900, channel: str = "table", phone: bool = False
    ) -> Any:
        if phone:
            width, height = 390, 844
        context = await browser.new_context(
            viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone
        )
        page = await context.new_page()
        page.set_default_timeout(10_000)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.errors = errors
        await page.goto(f"{playground.url}?as={person}&channel={channel}")
        await page.locator("#channels button").first.wait_for(state="attached")  # behind ☰ on a phone
        return page

    return open_as


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
