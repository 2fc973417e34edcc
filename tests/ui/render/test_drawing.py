"""Board pictures are drawn in the picture thread, once per state, and the event loop never waits for Pillow."""

from __future__ import annotations

import asyncio
import threading

from bot.games.thegame.ui import image as thegame_image
from bot.ui.display import TableDisplay
from bot.ui.lobby import BoardImage, draw_picture
from bot.ui.render.drawing import Drawing, KeptDrawings
from tests.games.thegame.ui.test_rendering import playing_table


def recording_render() -> tuple[list[str], KeptDrawings[tuple[int, ...]]]:
    threads: list[str] = []

    def render(layout: tuple[int, ...]) -> bytes:
        threads.append(threading.current_thread().name)
        return bytes(layout)

    return threads, KeptDrawings(render)


async def test_a_picture_is_drawn_in_the_picture_thread_once_per_state() -> None:
    threads, draw = recording_render()
    picture = BoardImage(Drawing(draw, (1, 2, 3)), "board.png", "a board")
    await draw_picture({"embed": None, "image": picture})
    assert picture.png == b"\x01\x02\x03"  # sent later: already drawn
    again = BoardImage(Drawing(draw, (1, 2, 3)), "board.png", "the same board")
    assert again.png == b"\x01\x02\x03"
    assert len(threads) == 1 and threads[0].startswith("board-picture")
    assert threading.current_thread().name not in threads


async def test_the_loop_goes_on_while_a_picture_is_drawn() -> None:
    started, release = threading.Event(), threading.Event()

    def slow(layout: int) -> bytes:
        started.set()
        release.wait(5)
        return b"png"

    draw = KeptDrawings(slow)
    drawing = asyncio.ensure_future(draw_picture({"image": BoardImage(Drawing(draw, 1), "b.png", "")}))
    assert await asyncio.to_thread(started.wait, 5)
    other_work = await asyncio.wait_for(asyncio.sleep(0, result="answered"), 1)  # the loop is not blocked
    assert other_work == "answered" and not drawing.done()
    release.set()
    await drawing


async def test_a_board_is_sent_with_its_picture_drawn_ahead() -> None:
    table = playing_table(2, plays=3, seed=11)
    draw = thegame_image._png
    draw.cache_clear()
    content = await TableDisplay.board_content(table)
    assert draw.cache_info().misses == 1 and draw.cache_info().hits == 0
    assert content["image"].png.startswith(b"\x89PNG")
    assert draw.cache_info().misses == 1 and draw.cache_info().hits == 0  # drawn once, in the thread


async def test_a_layout_that_cannot_be_kept_is_still_drawn_once_per_board() -> None:
    threads: list[str] = []

    def render(layout: dict[str, int]) -> bytes:
        threads.append(threading.current_thread().name)
        return bytes(layout.values())

    picture = BoardImage(Drawing(KeptDrawings(render), {"a": 7}), "board.png", "")
    await draw_picture({"image": picture})
    assert picture.png == picture.png == b"\x07"
    assert len(threads) == 1 and threads[0].startswith("board-picture")
