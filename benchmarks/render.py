"""How fast are the card-table pictures drawn and encoded, and how big are they?

Renders each example board (Klondike and Crapette mid-game, The Game's board, the trick games' table at 4 and 8
seats) many times and prints the median
time of a full render (draw + PNG), of the drawing alone and of the encoding alone, next to a baseline measured
in the same run: Pillow encoding a blank picture of the same size to PNG with its default settings. Also the first
render in a fresh process (card faces and the palette are drawn then, once) and the PNG sizes. Target: a board
well under 50 ms. Prints figures, asserts nothing.

    .venv/bin/python benchmarks/render.py [--runs 50]
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image

from bot.ui.render import (
    draw_crapette,
    draw_klondike,
    draw_thegame,
    draw_trick_table,
    render_crapette,
    render_klondike,
    render_thegame,
    render_trick_table,
)
from bot.ui.render.examples import crapette_example, klondike_example, thegame_example
from bot.ui.render.png import encode_png
from bot.ui.render.theme import FELT
from bot.ui.render.trick_examples import hearts_eight_two_decks, hearts_four_mid_trick


def median_ms(action: Callable[[], object], runs: int) -> float:
    """The median wall time of `action` in milliseconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def blank_png(size: tuple[int, int]) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, FELT).save(buffer, format="PNG")
    return buffer.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    runs = parser.parse_args().runs

    klondike, crapette, thegame = klondike_example(), crapette_example(), thegame_example()
    tricks_4, tricks_8 = hearts_four_mid_trick(), hearts_eight_two_decks()
    start = time.perf_counter()
    render_klondike(klondike)
    first = (time.perf_counter() - start) * 1000
    print(f"First render in this process (draws the 52 faces, the back and the palette once): {first:.0f} ms")
    print(f"Median of {runs} runs, milliseconds:")
    print(
        f"{'board':<10} {'size':>10} {'render':>8} {'draw':>7} {'encode':>7} {'blank PNG':>10} {'PNG bytes':>10}"
    )
    boards: list[tuple[str, Callable[[], bytes], Callable[[], Image.Image]]] = [
        ("Klondike", lambda: render_klondike(klondike), lambda: draw_klondike(klondike)),
        ("Crapette", lambda: render_crapette(crapette), lambda: draw_crapette(crapette)),
        ("The Game", lambda: render_thegame(thegame), lambda: draw_thegame(thegame)),
        ("Tricks 4", lambda: render_trick_table(tricks_4), lambda: draw_trick_table(tricks_4)),
        ("Tricks 8", lambda: render_trick_table(tricks_8), lambda: draw_trick_table(tricks_8)),
    ]
    for name, render, draw in boards:
        image = draw()
        png = render()
        render_ms = median_ms(render, runs)
        draw_ms = median_ms(draw, runs)
        encode_ms = median_ms(partial(encode_png, image), runs)
        blank_ms = median_ms(partial(blank_png, image.size), runs)
        size = f"{image.width}x{image.height}"
        print(
            f"{name:<10} {size:>10} {render_ms:>8.1f} {draw_ms:>7.1f} {encode_ms:>7.1f} {blank_ms:>10.1f} "
            f"{len(png):>10,}"
        )


if __name__ == "__main__":
    main()
