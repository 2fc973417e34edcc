"""The Game's messages read exactly as approved, in English and in French: every embed's text and buttons, the
turn line, the end line, the full log and a refusal (`golden/messages.<language>.txt`), and the board's picture
pixel for pixel (`golden/board.<language>.png`, drawn with the shipped font).

After an intended change, rewrite them and read (and look at) the result before committing:

    REGENERATE_GOLDEN=1 .venv/bin/python -m pytest -q tests/games/thegame/ui/test_golden.py
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
import pytest
from PIL import Image, ImageChops

from bot.games.base import Notice
from bot.games.errors import GameError
from bot.games.thegame.ui.image import board_image
from bot.games.thegame.ui.table_ui import UI
from bot.service.table import TableStatus
from bot.ui.game_ui import render_notice
from bot.ui.i18n import set_command_ids
from tests.games.thegame.ui.tables import finished, mid_game, new_table, session

GOLDEN = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("REGENERATE_GOLDEN") == "1"
LANGUAGES = {"en": "en-US", "fr": "fr"}


@pytest.fixture(autouse=True)
def commands_not_synced() -> None:
    """Commands show as plain names here (another test may have set ids)."""
    set_command_ids({})


def message_text(content: dict[str, Any] | str | None) -> str:
    """What a message shows, as plain lines: the embed's parts, the picture's text and each component."""
    if content is None or isinstance(content, str):
        return str(content)
    lines = []
    embed = content["embed"]
    assert isinstance(embed, discord.Embed)
    data = embed.to_dict()
    lines.append(f"# {data.get('title', '')}")
    if data.get("description"):
        lines.append(str(data["description"]))
    for field in data.get("fields", []):
        lines.append(f"[{field['name']}]")
        lines.append(field["value"])
    if data.get("footer"):
        lines.append(f"(footer) {data['footer']['text']}")
    if "image" in content:
        lines.append(f"(picture) {content['image'].description}")
    view = content.get("view")
    for row in view.to_components() if isinstance(view, discord.ui.View) else []:
        for component in row["components"]:
            if component["type"] == 2:
                emoji = component.get("emoji", {}).get("name", "")
                state = " disabled" if component.get("disabled") else ""
                lines.append(
                    f"(button {component['style']}{state}) {emoji} {component['label']} <{component['custom_id']}>"
                )
            else:
                lines.append(f"(menu) {component.get('placeholder')} <{component['custom_id']}>")
                lines += [
                    f"  - {option['label']}"
                    + (f" ({option['description']})" if option.get("description") else "")
                    for option in component["options"]
                ]
    return "\n".join(lines)


def refusal(locale: str) -> str:
    table = mid_game(locale)
    try:
        UI.parse_play(table, 0, "50", None)
    except GameError as error:
        params = UI.explain(table, error.key, dict(error.params), locale)
        return render_notice(locale, Notice(error.key, params))
    raise AssertionError("Alice may not play on Bob's turn")


def hand_of(locale: str, *, seat: int | None = None, **options: Any) -> dict[str, Any]:
    table = mid_game(locale)
    game = session(table).game
    current = game.current_player
    assert current is not None
    return UI.hand(table, current if seat is None else seat, locale, hints=True, **options)


def cases(locale: str) -> dict[str, Callable[[], Any]]:
    played = render_notice(locale, Notice("hand.played", {"card": 49, "pile": "B"}))
    first = session(mid_game(locale)).game.legal_plays()[0]
    confirm = render_notice(locale, Notice("hand.confirm", {"card": first.card, "pile": first.pile}))

    def abandoned() -> Any:
        table = mid_game(locale)
        table.status, table.end_reason, table.ended_at = TableStatus.ABANDONED, "voted", 1_030.0
        return UI.summary(table)

    return {
        "lobby help": lambda: UI.lobby_help(new_table(locale=locale), locale),
        "board, choosing who starts": lambda: UI.board(new_table(locale=locale)),
        "board, turn five": lambda: UI.board(mid_game(locale)),
        "turn line": lambda: UI.turn_text(mid_game(locale)),
        "hand, my turn, after a play": lambda: hand_of(locale, notice=played),
        "hand, a card chosen": lambda: hand_of(locale, notice=None, selected=first.card),
        "hand, the warning first": lambda: hand_of(
            locale, notice=confirm, selected=first.card, confirm=(first.card, first.pile)
        ),
        "hand, waiting, cards just drawn": lambda: hand_of(locale, seat=0, notice=None),
        "hand, choosing who starts": lambda: UI.hand(
            new_table(locale=locale), 0, locale, notice=None, hints=True
        ),
        "refusal, not your turn": lambda: refusal(locale),
        "summary, won": lambda: UI.summary(finished(locale, seed=1)),
        "summary, lost with one card left": lambda: UI.summary(finished(locale, seed=6)),
        "summary, lost, could not play two": lambda: UI.summary(finished(locale, seed=12)),
        "summary, abandoned": abandoned,
        "end line, won": lambda: UI.end_line(finished(locale, seed=1)),
        "end line, one card left": lambda: UI.end_line(finished(locale, seed=6)),
        "full log, first page": lambda: UI.log_pages(finished(locale, seed=6), locale)[0],
    }


def rendered(language: str) -> dict[str, str]:
    return {name: message_text(make()) for name, make in cases(LANGUAGES[language]).items()}


def stored(language: str) -> dict[str, str]:
    path = GOLDEN / f"messages.{language}.txt"
    sections: dict[str, str] = {}
    for block in path.read_text(encoding="utf-8").split("\n=== ")[1:]:
        name, _, text = block.partition(" ===\n")
        sections[name] = text.rstrip("\n")
    return sections


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_reads_as_approved(language: str) -> None:
    now = rendered(language)
    path = GOLDEN / f"messages.{language}.txt"
    if REGENERATE:
        path.write_text(
            "".join(f"\n=== {name} ===\n{text}\n" for name, text in now.items()), encoding="utf-8"
        )
    approved = stored(language)
    assert list(now) == list(approved), "cases added or removed: regenerate"
    for name, text in now.items():
        assert text == approved[name], f"{name} ({language}) changed"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_board_picture_is_pixel_stable(language: str) -> None:
    table = mid_game(LANGUAGES[language])
    png = board_image(table, session(table)).png
    path = GOLDEN / f"board.{language}.png"
    if REGENERATE:
        path.write_bytes(png)
    now = Image.open(io.BytesIO(png)).convert("RGB")
    approved = Image.open(path).convert("RGB")
    assert now.size == approved.size
    assert ImageChops.difference(now, approved).getbbox() is None, f"the {language} board picture changed"
