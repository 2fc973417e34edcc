"""**Full log** pages: never more lines or characters than a page holds, every line kept in order."""

from __future__ import annotations

from bot.ui.game_ui import log_pages_of


def test_pages_hold_a_number_of_lines_and_a_number_of_characters() -> None:
    lines = [f"line {number} " + "x" * (number * 37 % 300) for number in range(100)]
    pages = log_pages_of(lines, per_page=15, characters=1000)
    assert "\n".join(pages).split("\n") == lines, "every line, in order, none cut"
    assert all(len(page) <= 1000 and page.count("\n") < 15 for page in pages)
    assert len(pages) > 100 // 15 + 1, "pages also end on the character budget"


def test_a_line_longer_than_a_page_is_cut_to_fit_alone() -> None:
    pages = log_pages_of(["short", "y" * 5000, "after"], per_page=15, characters=2000)
    assert pages == ["short", "y" * 1999 + "…", "after"]
    assert log_pages_of([], per_page=15) == []
