"""What the Activity's browser tests share: a finger that holds a card and checks what lights up, and the phone's
width."""

from __future__ import annotations

from typing import Any


async def drag_slowly(page: Any, source: Any, target: Any, grip: dict[str, float]) -> None:
    """Pick `source` up at `grip` (its corner), check that `target` lights up while it is held, let it go there."""
    start = await source.bounding_box()
    end = await target.bounding_box()
    await page.mouse.move(start["x"] + grip["x"], start["y"] + grip["y"])
    await page.mouse.down()
    await page.mouse.move(start["x"] + grip["x"] + 20, start["y"] + grip["y"] - 30, steps=4)
    assert "legal" in str(await target.get_attribute("class")), "where it may go is lit while it is held"
    await page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=6)
    await page.mouse.up()


async def assert_fits_the_phone(frame: Any) -> None:
    """Nothing wider than the screen: no sideways scrolling."""
    wide, screen = await frame.locator("body").evaluate(
        "() => [document.documentElement.scrollWidth, window.innerWidth]"
    )
    assert wide <= screen, (wide, screen)
