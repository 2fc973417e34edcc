"""The README and the pages behind it: every link between them leads somewhere, the README's command table lists
every command the bot registers, and the players' part stays free of the machinery (custom ids, tokens, modules)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from discord import app_commands

from bot.app import create_bot
from bot.config import Settings

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
PLAYERS_PAGES = [ROOT / "docs" / "games.md"]
README_MAX_LINES = 300
LINK = re.compile(r"\[(?:[^\[\]]|\[[^\]]*\])*\]\(([^)\s]+)\)|<img [^>]*src=\"([^\"]+)\"")
# Machinery a player never needs: custom ids (tg:card:...), interaction tokens, module and file names.
MACHINERY = re.compile(r"\btg:|custom.id|interaction token|\bbot/|\bcogs/|\w\.py\b|\bbot\.\w", re.IGNORECASE)


def outside_code(text: str) -> list[str]:
    """The lines of a page that are not in a fenced code block."""
    lines, fenced = [], False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            lines.append(line)
    return lines


def github_anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: its text lowercased, without punctuation, spaces as hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link: its text
    text = re.sub(r"[*`]", "", text).strip().lower()
    text = "".join(char for char in text if char.isalnum() or char in "-_ ")
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    found: set[str] = set()
    seen: Counter[str] = Counter()
    for line in outside_code(page.read_text(encoding="utf-8")):
        match = re.match(r"^#{1,6} (.+?)\s*#*$", line)
        if match:
            anchor = github_anchor(match.group(1))
            found.add(anchor if not seen[anchor] else f"{anchor}-{seen[anchor]}")
            seen[anchor] += 1
    return found


def links(page: Path) -> list[str]:
    return [
        target or image
        for line in outside_code(page.read_text(encoding="utf-8"))
        for target, image in LINK.findall(re.sub(r"`[^`]*`", "", line))
    ]


def test_github_anchors_are_computed_as_github_does() -> None:
    assert github_anchor("Gateway intents (and why)") == "gateway-intents-and-why"
    assert github_anchor("Discord's global rate limit: one REST proxy for the cluster") == (
        "discords-global-rate-limit-one-rest-proxy-for-the-cluster"
    )
    assert github_anchor("The `/settings` panel — 2 things") == "the-settings-panel--2-things"


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_relative_link_and_anchor_resolves(page: Path) -> None:
    broken = []
    for target in links(page):
        if re.match(r"^[a-z]+:", target):  # https:, mailto: ...
            continue
        path, _, anchor = target.partition("#")
        destination = (page.parent / path).resolve() if path else page
        if not destination.exists():
            broken.append(f"{target}: no such file")
        elif anchor and (destination.suffix != ".md" or anchor not in anchors(destination)):
            broken.append(f"{target}: no heading with that anchor")
    assert not broken, f"{page.name}: {broken}"


def test_every_page_can_be_found_from_the_readme() -> None:
    reachable = {(README.parent / target.partition("#")[0]).resolve() for target in links(README)}
    pages = set((ROOT / "docs").glob("*.md"))
    assert {page.resolve() for page in pages} <= reachable


def test_the_readme_stays_a_front_page() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES
    first_screen = "\n".join(lines[:60])
    for step in ("make run", "/game new", "**Join**", "**Start**", "**My hand**", "**I'll start**"):
        assert step in first_screen, f"the first game's step {step} is not on the README's first screen"


def players_part(page: Path) -> str:
    text = page.read_text(encoding="utf-8")
    return text.split("## Where to go next")[0] if page == README else text


@pytest.mark.parametrize("page", [README, *PLAYERS_PAGES], ids=lambda page: page.name)
def test_the_players_part_shows_no_machinery(page: Path) -> None:
    found = [line for line in outside_code(players_part(page)) if MACHINERY.search(line)]
    assert not found, found


def command_table(text: str) -> str:
    section = text.split("\n## Commands\n", 1)[1].split("\n## ", 1)[0]
    return "\n".join(line.split("|")[1] for line in section.splitlines() if line.startswith("| `/"))


async def test_every_command_the_bot_registers_is_in_the_readme_table(tmp_path: Path) -> None:
    bot = create_bot(Settings(token="x", database_path=tmp_path / "db.sqlite3", sync_commands=False))
    async with bot:
        bot._connection.application_id = 1  # what login would set
        await bot.setup_hook()
        registered = [
            command.qualified_name
            for command in bot.tree.walk_commands()
            if isinstance(command, app_commands.Command)
        ]
        await bot.db.close()
    assert "game new" in registered and "stats" in registered
    listed = {
        " ".join(word for word in code.split() if not word.startswith("[") and ":" not in word)
        for code in re.findall(r"`/([^`]+)`", command_table(README.read_text(encoding="utf-8")))
    }
    assert not set(registered) - listed, (
        f"missing from the README's command table: {set(registered) - listed}"
    )
