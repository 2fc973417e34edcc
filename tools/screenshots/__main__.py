"""`make screenshots`: play every game in the playground at phone width and keep the docs' pictures current.

    .venv/bin/python -m tools.screenshots              # the pictures the docs show, into docs/screenshots/
    .venv/bin/python -m tools.screenshots --all        # every game in English, French and German, for review
    .venv/bin/python -m tools.screenshots --game hearts --language fr --out /tmp/shots

Each game is played by people in phone-sized tabs of a real Chromium (Debian's /usr/bin/chromium), with the real
bot behind the playground, on fixed deal codes and a fixed clock, so a new run takes the same pictures. While they
play, every message the bot shows them is checked for English on a French or German server (the words come from
the catalogs, see language_check.py), and each picture for what sticks out at the right of the screen (cut off on
a phone) and each tab for a script error of the page; the run fails when one is found, and lists them."""

from __future__ import annotations

import argparse
import asyncio
import logging
import shutil
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from playwright.async_api import async_playwright

from bot.config import Settings
from bot.emulator import Clock
from bot.playground.run import open_playground
from bot.playground.world import BOT_NAME, PEOPLE, SERVER_NAME
from tools.screenshots.language_check import LanguageCheck
from tools.screenshots.pictures import PUBLISHED, destination, optimize
from tools.screenshots.scenes import SCENES
from tools.screenshots.stage import Stage

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "screenshots"
REVIEW = ROOT / "test-artifacts" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"]
# Every message says 19:30 on 14 March 2026 (UTC): the world's clock stands still.
FIXED_TIME = datetime(2026, 3, 14, 19, 30, tzinfo=UTC)
LANGUAGES = ("en", "fr", "de")


def arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tools.screenshots", description=__doc__.split("\n")[0])
    parser.add_argument("--all", action="store_true", help="every game in every language, for review")
    parser.add_argument("--game", action="append", choices=sorted(SCENES), help="only this game (repeatable)")
    parser.add_argument("--language", action="append", choices=LANGUAGES, help="only this language")
    parser.add_argument("--out", type=Path, help=f"where the pictures go (default {DOCS.relative_to(ROOT)}/)")
    return parser.parse_args(argv)


def plan(options: argparse.Namespace) -> list[tuple[str, str]]:
    """(game, language) pairs to play: the published pictures' by default, all with --all."""
    games = options.game or list(SCENES)
    if options.all or options.language:
        languages = options.language or list(LANGUAGES)
        return [(game, language) for game in games for language in languages]
    wanted = {(name.split("-")[0], name.rsplit("-", 1)[1]) for name in PUBLISHED}
    return [(game, language) for game in games for language in LANGUAGES if (game, language) in wanted]


async def play(
    pairs: list[tuple[str, str]], out: Path, check: LanguageCheck, problems: list[str]
) -> list[Path]:
    taken: list[Path] = []
    async with async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for game, language in pairs:
                started = time.monotonic()
                with tempfile.TemporaryDirectory() as folder:
                    settings = Settings(
                        database_path=Path(folder) / "unused.sqlite3",
                        playground_database_path=Path(folder) / "playground.sqlite3",
                        ai_turn_delay=0.05,
                    )
                    async with open_playground(settings, port=0, clock=Clock(FIXED_TIME)) as running:
                        stage = Stage(running, browser, language, game, out, check, problems=problems)
                        try:
                            await SCENES[game](stage)
                            stage.check_channel(f"{game} end")
                        finally:
                            await stage.close()
                        taken += [shot.path for shot in stage.shots]
                print(
                    f"{game} ({language}): {len(stage.shots)} pictures in {time.monotonic() - started:.0f} s"
                )
        finally:
            await browser.close()
    return taken


def main(argv: list[str]) -> int:
    options = arguments(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    out = options.out or (REVIEW if options.all or options.language else DOCS)
    out.mkdir(parents=True, exist_ok=True)
    if not Path(CHROMIUM).exists() and shutil.which("chromium") is None:
        print("Chromium is missing: sudo apt-get install chromium", file=sys.stderr)
        return 2
    names = [SERVER_NAME, BOT_NAME, *(name for name, _ in PEOPLE)]
    check = LanguageCheck(names)
    problems: list[str] = []
    taken = asyncio.run(play(plan(options), out, check, problems))
    keep = out != DOCS
    total = 0
    for path in taken:
        if keep:
            total += optimize(path)
        elif path.stem in PUBLISHED:
            total += optimize(path)
            path.replace(destination(path))
        else:
            path.unlink()
    print(f"{check.checked} messages checked; {total / 1024:.0f} KB of pictures in {out}")
    for finding in check.findings:
        print(f"English where {finding.language} was expected: {finding}")
    for problem in problems:
        print(f"On the page: {problem}")
    return 1 if check.findings or problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
