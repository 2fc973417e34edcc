"""Board pictures drawn off the event loop, and kept by layout.

A picture takes up to 40 ms (a Crapette table) of Pillow work, much of it PNG compression, which is done without
holding Python's GIL. Drawn on the event loop, every other table of the bot would wait for it; drawn in the picture
thread (`draw_in_picture_thread`), the bot keeps answering meanwhile. Only the boards edited in the background go
there (after a move, at most once a second a table): a board that answers a click is drawn on the loop, and so is
The Game's board, put together from kept parts in well under a millisecond (`BoardImage.in_thread`). Measured under load (benchmarks/bot_load.py), a picture in a thread waits for the GIL at every Pillow
call while the loop is busy, and 100 answers queued behind each other came 1 to 5 s late; on the loop they take
their few milliseconds. One drawing at a time (`DRAWING`): the fonts are shared, and FreeType faces must not be
used by two threads at once.

A `Drawing` is one picture to draw (a render function and the layout it shows, a frozen value): drawn on its first
call, the same bytes after. `KeptDrawings` keeps the last pictures of a kind of board by layout: the same state
draws the same picture, so a board shown again is not drawn twice.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import _CacheInfo, lru_cache
from typing import Any, Generic, TypeVar

Layout = TypeVar("Layout")

KEPT = 64  # pictures kept per kind of board
DRAWING = threading.Lock()
_PICTURE_THREAD = ThreadPoolExecutor(max_workers=1, thread_name_prefix="board-picture")


class KeptDrawings(Generic[Layout]):
    """`render` (layout -> PNG bytes), one drawing at a time, keeping the last `KEPT` pictures by layout (a layout
    that cannot be hashed is drawn every time)."""

    def __init__(self, render: Callable[[Layout], bytes]) -> None:
        self._render = render
        self._kept = lru_cache(maxsize=KEPT)(self._draw)

    def _draw(self, layout: Any) -> bytes:
        with DRAWING:
            return self._render(layout)

    def __call__(self, layout: Layout) -> bytes:
        try:
            hash(layout)
        except TypeError:
            return self._draw(layout)
        return self._kept(layout)

    def cache_info(self) -> _CacheInfo:
        return self._kept.cache_info()

    def cache_clear(self) -> None:
        self._kept.cache_clear()


class Drawing(Generic[Layout]):
    """One picture: `draw(layout)`, drawn on the first call (in the picture thread, ideally), the same bytes after."""

    __slots__ = ("_draw", "_layout", "_png")

    def __init__(self, draw: Callable[[Layout], bytes], layout: Layout) -> None:
        self._draw = draw
        self._layout = layout
        self._png: bytes | None = None

    def __call__(self) -> bytes:
        if self._png is None:
            self._png = self._draw(self._layout)
        return self._png


async def draw_in_picture_thread(draw: Callable[[], bytes]) -> None:
    """Run `draw` (which reads only immutable values) in the picture thread; the event loop goes on meanwhile."""
    await asyncio.get_running_loop().run_in_executor(_PICTURE_THREAD, draw)
