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


# What a phone would cut: anything sticking out at the right of the screen, and any text a box shortens with "…"
# or hides (its text is wider than its box), but a player's name on a plate or in a result, which may be long (a
# short name under a last trick's card must show whole).
CUT_TEXTS = """() => {
    const screen = document.documentElement.clientWidth;
    return [...document.querySelectorAll('body *')].filter(node => {
        const box = node.getBoundingClientRect();
        if (box.width === 0 || node.closest('.name, th:first-child')) return false;
        if (box.right > screen + 1) return true;
        const style = getComputedStyle(node);
        return style.overflow === 'hidden' && node.scrollWidth > node.clientWidth + 1 && node.innerText.trim() !== '';
    }).map(node => node.className + ': ' + (node.innerText || node.alt || '').slice(0, 60));
}"""


async def assert_nothing_cut(frame: Any) -> None:
    """No text or card cut off at the right of the phone, none shortened with "…" (longer words in French and
    German)."""
    cut = await frame.locator("body").evaluate(CUT_TEXTS)
    assert cut == [], cut


# A plate's score line ("0 Pkt. · gesamt 0") in its parts, and how many lines each part takes.
SCORE_PARTS = """() => [...document.querySelectorAll('.plate .score')].map(line =>
    [...line.querySelectorAll('.whole')].map(part => [part.innerText, part.getClientRects().length]))"""


async def assert_score_parts_whole(frame: Any) -> None:
    """A narrow plate wraps its score line between parts, never inside one ("gesamt" above its "0")."""
    plates = await frame.locator("body").evaluate(SCORE_PARTS)
    assert plates and all(parts for parts in plates), plates
    broken = [text for parts in plates for text, lines in parts if lines != 1]
    assert broken == [], broken
