"""Which pictures the docs show, and making them small."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

# The pictures docs/games.md and the README show, by the name a scene gives them (`<game>-<moment>-<language>`).
PUBLISHED = {
    "thegame-lobby-en",
    "thegame-turn-en",
    "thegame-markers-de",
    "hearts-pass-en",
    "hearts-trick-en",
    "hearts-hand-over-fr",
    "barbu-contract-fr",
    "barbu-contract-over-fr",
    "klondike-board-en",
    "crapette-board-fr",
    "thegame-desktop-en",
}
# The README's first picture, a desktop window rather than a phone: saved under its own name.
RENAMED = {"thegame-desktop-en": "../playground.png"}
COLOURS = 128  # a screenshot of a dark page has few colours: a palette keeps it a quarter of the size


def optimize(path: Path) -> int:
    """Rewrite the PNG at `path` with a palette (no dithering, so text stays sharp); returns its size in bytes."""
    with Image.open(path) as picture:
        palette = picture.convert("RGB").quantize(
            colors=COLOURS, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
        )
    palette.save(path, optimize=True)
    return path.stat().st_size


def destination(path: Path) -> Path:
    """Where a published picture goes (the desktop one to docs/playground.png)."""
    renamed = RENAMED.get(path.stem)
    return (path.parent / renamed).resolve() if renamed else path
