"""Fixed example boards (mid-game positions) for the golden tests, the benchmark and quick previews:

.venv/bin/python -m bot.ui.render.examples /tmp   # writes klondike.png, crapette.png, thegame.png there
"""

from __future__ import annotations

import sys
from pathlib import Path

from bot.games.cards import Card
from bot.ui.render.crapette import CrapetteLayout, CrapettePlayerLayout, render_crapette
from bot.ui.render.klondike import ColumnLayout, KlondikeLayout, render_klondike
from bot.ui.render.thegame import TheGameLayout, TheGamePile
from bot.ui.render.thegame_parts import render_thegame


def cards(text: str) -> tuple[Card, ...]:
    """Cards from their codes separated by spaces: `"KS QH 10C"`."""
    return tuple(Card.from_code(code) for code in text.split())


def klondike_example() -> KlondikeLayout:
    """A Klondike game in progress, with the last move (waste to column 3) highlighted."""
    return KlondikeLayout(
        stock_count=14,
        waste=cards("5S 9D 7H"),
        foundations={"S": Card("S", 3), "H": None, "D": Card("D", 14), "C": None},
        columns=(
            ColumnLayout(0, cards("KS QH JC 10D")),
            ColumnLayout(1, cards("8C")),
            ColumnLayout(2, cards("10H 9S 8H 7C")),
            ColumnLayout(0, ()),
            ColumnLayout(4, cards("6D")),
            ColumnLayout(5, cards("QS JD")),
            ColumnLayout(6, cards("KC QH JS 10H 9C 8D 7S")),
        ),
        title="Klondike · Alice and Bob · move 42",
        highlight=frozenset({"waste", "column:3"}),
    )


def crapette_example() -> CrapetteLayout:
    """A Crapette game in progress: a full run on side pile 1, Bob to play after a move to side pile 4."""
    return CrapetteLayout(
        players=(
            CrapettePlayerLayout("Alice", 9, Card("H", 7), 22, None, Card("S", 9), 6),
            CrapettePlayerLayout("Bob", 12, Card("C", 12), 18, Card("D", 5), Card("D", 4), 3, "skips 1 turn"),
        ),
        side_piles=(
            cards("KS QH JC 10D 9S 8H 7C 6D 5S 4H 3C 2D AS"),
            cards("9D"),
            (),
            cards("10C 9H"),
            cards("4S"),
            cards("KH QS"),
            cards("QD"),
            cards("6C 5D"),
        ),
        foundations=(Card("S", 14), Card("H", 3), None, Card("D", 14), None, None, Card("C", 2), None),
        current_player=1,
        turn_text="Bob's turn",
        title="Crapette · Alice vs Bob",
        highlight=frozenset({"side:4", "discard:1"}),
    )


def thegame_example() -> TheGameLayout:
    """The Game mid-way: two markers set, one pile still at its base, the last play on C highlighted."""
    return TheGameLayout(
        piles=(
            TheGamePile("A", True, 23, "keep_off", "Bob"),
            TheGamePile("B", True, 1),
            TheGamePile("C", False, 87, "small_steps", "Alexandrine"),
            TheGamePile("D", False, 100),
        ),
        draw_pile_count=42,
        turn_text="Bob's turn · one of two played",
        highlight=frozenset({"C"}),
    )


def main(directory: str) -> None:
    """Write the three example boards as PNG files into `directory`."""
    folder = Path(directory)
    (folder / "klondike.png").write_bytes(render_klondike(klondike_example()))
    (folder / "crapette.png").write_bytes(render_crapette(crapette_example()))
    (folder / "thegame.png").write_bytes(render_thegame(thegame_example()))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
