"""Numbers that players type or that custom ids carry, read strictly: ASCII digits only.

`str.isdigit()` also says yes to "²", "①" or "٣", which `int()` then refuses (a ValueError that became "something
went wrong") or reads as another script's digit. Every parser that turns text into a number uses `ascii_number`.
"""

from __future__ import annotations


def ascii_number(text: str, *, max_digits: int = 18) -> int | None:
    """`text` as a whole number when it is 1 to `max_digits` ASCII digits ("45", "007"), else None."""
    if not text or len(text) > max_digits or not text.isascii() or not text.isdigit():
        return None
    return int(text)
