"""The boards look exactly as approved: each example is compared pixel by pixel with a stored PNG.

After an intended change of the design, rewrite the stored images and look at them before committing:

    REGENERATE_GOLDEN=1 .venv/bin/python -m pytest -q tests/ui/render/test_golden.py
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.games.cards import Card
from bot.ui.render import (
    ColumnLayout,
    CrapetteLayout,
    CrapettePlayerLayout,
    KlondikeLayout,
    TheGameLayout,
    TheGamePile,
    render_cards_row,
    render_crapette,
    render_klondike,
    render_thegame,
)
from bot.ui.render.examples import cards, crapette_example, klondike_example, thegame_example
from tests.ui.render.helpers import decode

GOLDEN = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("REGENERATE_GOLDEN") == "1"


def klondike_deal() -> KlondikeLayout:
    """A fresh deal: every foundation and the waste empty."""
    tops = cards("KS 7H 2C 10D AH QC 5S")
    return KlondikeLayout(
        stock_count=24,
        waste=(),
        foundations={},
        columns=tuple(ColumnLayout(index, (tops[index],)) for index in range(7)),
    )


def crapette_start() -> CrapetteLayout:
    player = CrapettePlayerLayout
    return CrapetteLayout(
        players=(player("Alice", 13, Card("S", 10), 35), player("Bob", 13, Card("H", 6), 35)),
        side_piles=tuple((card,) for card in cards("4C JH 9S 2D KD 5H QC 8S")),
        foundations=(None,) * 8,
        current_player=0,
        turn_text="Alice starts",
    )


def thegame_start() -> TheGameLayout:
    return TheGameLayout(
        piles=(
            TheGamePile("A", True, 1),
            TheGamePile("B", True, 1),
            TheGamePile("C", False, 100),
            TheGamePile("D", False, 100),
        ),
        draw_pile_count=84,
        turn_text="Choose who starts",
    )


CASES: dict[str, Callable[[], bytes]] = {
    "klondike": lambda: render_klondike(klondike_example()),
    "crapette": lambda: render_crapette(crapette_example()),
    "thegame": lambda: render_thegame(thegame_example()),
    "klondike_deal_small": lambda: render_klondike(klondike_deal(), scale=1),
    "crapette_start_small": lambda: render_crapette(crapette_start(), scale=1),
    "thegame_start_small": lambda: render_thegame(thegame_start(), scale=1),
    "hand_small": lambda: render_cards_row(cards("2C 9C 4D QD AD 3H 10H KH 5S 6S JS"), scale=1),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_board_matches_the_approved_image(name: str, tmp_path: Path) -> None:
    png = CASES[name]()
    golden = GOLDEN / f"{name}.png"
    if REGENERATE:
        golden.write_bytes(png)
    assert golden.exists(), f"no approved image {golden}; run with REGENERATE_GOLDEN=1 and look at it"
    expected = decode(golden.read_bytes())
    actual = decode(png)
    assert actual.size == expected.size, f"{name}: size {actual.size}, approved {expected.size}"
    if actual.tobytes() != expected.tobytes():
        (tmp_path / f"{name}.png").write_bytes(png)
        different = sum(
            1 for one, other in zip(actual.getdata(), expected.getdata(), strict=True) if one != other
        )
        pytest.fail(
            f"{name}: {different} pixels differ from {golden.name}; the new picture is {tmp_path / name}.png "
            "(REGENERATE_GOLDEN=1 rewrites the approved images after an intended change)"
        )


def test_approved_images_stay_small() -> None:
    for path in GOLDEN.glob("*.png"):
        assert path.stat().st_size < 100_000, f"{path.name} is {path.stat().st_size} bytes"
