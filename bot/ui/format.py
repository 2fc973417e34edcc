"""Small text helpers shared by every game's views."""

from __future__ import annotations

import re
from functools import lru_cache

from babel.numbers import get_decimal_symbol

from bot.ui.i18n import language_of, t

# What makes a name more than text in Discord's markdown: formatting (* _ ~ | ` and the escape \ itself), the
# openers of mentions, channels, roles, emoji, timestamps and commands (<…>), and masked links ([…](…)).
_MARKUP = re.compile(r"[\\*_~|`<\[\]]")
# Headings, quotes and lists, at the start of a line (a name often starts one: "Alice · 6 cards").
_LINE_START = re.compile(r"^[#>\-+]")
_PINGS = re.compile(r"@(?=everyone|here)")


@lru_cache(maxsize=4096)  # the same few names in every board, hand and turn line
def escape_name(name: str) -> str:
    """A name someone chose (a display name, a server's name) for text Discord reads as markdown: message
    content, embed titles, descriptions and fields. It shows exactly as written, and is never formatting, a
    masked link (`[x](url)`), a link (`https\\://` is not one), a mention (`<@&id>`, `@everyone`), a channel
    (`<#id>`), a timestamp, an emoji or a command: each mark that would make it one gets a backslash, which
    Discord does not show. Plain-text places (footers, menu options, buttons, a picture and its description)
    take the name as it is."""
    text = " ".join(name.split())  # no line break in a name
    text = _MARKUP.sub(r"\\\g<0>", text).replace(r"\</", r"\<\/")  # "</hand>" is no command either
    text = _LINE_START.sub(r"\\\g<0>", text)
    text = text.replace("://", r"\://")
    return _PINGS.sub(r"\\@", text)


def number_word(locale: object, value: int) -> str:
    """A small count in words ("two", French "deux"; "une" since the counts are of cartes), digits above ten."""
    words = t(locale, "number.words").split("|")
    return words[value] if 0 <= value < len(words) else str(value)


def unescaped(text: str) -> str:
    """`text` without the backslashes `escape_name` added, for plain-text places (a menu's option)."""
    return re.sub(r"\\(.)", r"\1", text)


def period(seconds: float, locale: str) -> str:
    """A length of time as a rule states it: whole hours in words ("24 hours"), else as `duration` says it."""
    if seconds >= 3600 and seconds % 3600 == 0:
        return t(locale, "time.whole_hours", count=int(seconds // 3600))
    return duration(seconds, locale)


def duration(seconds: float, locale: str) -> str:
    """A duration as people say it: "under a minute", "12 min", "1 h 5 min", "2 hours" (never "2 h 0 min")."""
    if seconds < 60:
        return t(locale, "time.under_minute")
    minutes = round(seconds / 60)
    if minutes < 60:
        return t(locale, "time.minutes", minutes=minutes)
    if minutes % 60 == 0:
        return t(locale, "time.whole_hours", count=minutes // 60)
    return t(locale, "time.hours", hours=minutes // 60, minutes=minutes % 60)


def plural(locale: str, key: str, count: int) -> str:
    """The plural form of `key` the language's rule wants for `count` (see `bot.ui.i18n`); it gets {count}."""
    return t(locale, key, count=count)


def decimal(locale: str, value: float) -> str:
    """One decimal, written the reader's way: 2.5 in English, 2,5 in French and German (never "-0.0")."""
    return f"{round(value, 1) + 0.0:.1f}".replace(".", get_decimal_symbol(language_of(locale)))


# A rating as shown: OpenSkill's conservative estimate of a player's skill (mu − 3σ, `bot.storage.ratings.ordinal`,
# 0 for a newcomer) on the scale players know from chess, in whole numbers: a newcomer at 1000, each point of the
# estimate worth 20 (a first game lost reads 964, not -1.8; the order is the estimate's).
RATING_START = 1000
RATING_STEP = 20


def shown_rating(estimate: float) -> int:
    """The rating a player reads for OpenSkill's estimate `estimate`."""
    return round(RATING_START + RATING_STEP * estimate)


def rating_change(locale: str, before: float, after: float) -> str:
    """A rating after a game and what the game changed, as shown: "1064 (+64)", "1020 (-10)"."""
    shown = shown_rating(after)
    return t(locale, "rating.change", rating=shown, change=f"{shown - shown_rating(before):+d}")


def when(seconds: float, style: str = "R") -> str:
    return f"<t:{int(seconds)}:{style}>"
