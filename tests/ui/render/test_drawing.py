"""Board pictures are drawn in the picture thread, once per state, and the event loop never waits for Pillow; a
picture put together from kept parts is drawn on the loop."""

from __future__ import annotations

import asyncio
import threading

import pytest

from bot.games.thegame.ui import image as thegame_image
from bot.ui.display import TableDisplay
from bot.ui.lobby import BoardImage, draw_picture
from bot.ui.render import TheGameLayout, render_thegame
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


async def test_a_picture_put_together_from_kept_parts_is_drawn_on_the_loop_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The Game's board (kept parts, well under a millisecond) is drawn where it is sent, on the loop: a trip to
    the picture thread and back would cost more than drawing it."""
    threads: list[str] = []

    def render(layout: TheGameLayout) -> bytes:
        threads.append(threading.current_thread().name)
        return render_thegame(layout)

    monkeypatch.setattr(thegame_image, "_png", KeptDrawings(render))
    table = playing_table(2, plays=3, seed=11)
    content = await TableDisplay.board_content(table)
    assert threads == [], "not drawn ahead in the picture thread"
    assert content["image"].png.startswith(b"\x89PNG") and content["image"].png.startswith(b"\x89PNG")
    assert threads == [threading.current_thread().name], "drawn once, on the loop, when sent"


async def test_a_layout_that_cannot_be_kept_is_still_drawn_once_per_board() -> None:
    threads: list[str] = []

    def render(layout: dict[str, int]) -> bytes:
        threads.append(threading.current_thread().name)
        return bytes(layout.values())

    picture = BoardImage(Drawing(KeptDrawings(render), {"a": 7}), "board.png", "")
    await draw_picture({"image": picture})
    assert picture.png == picture.png == b"\x07"
    assert len(threads) == 1 and threads[0].startswith("board-picture")
