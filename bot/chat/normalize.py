"""Cleaning a Discord message before looking for numbers.

Three steps, each compiled once at import:

* `strip_discord`: remove what Discord renders as something else and that carries ids or addresses (mentions,
  custom emoji ids, timestamps, slash-command mentions, links). A custom emoji keeps its name, a masked link its
  text: those are shown to the players.
* `SPECIAL_RE` / `special_kind`: the characters that are numbers without being decimal digits (①, ❼, ⒎, ², ½,
  Ⅻ...) and the keycap emoji (7️⃣, 🔟), found in the raw text before NFKC folds some of them into digits.
* `fold`: NFKC, then drop invisible characters and combining marks, giving the text shown in findings; and the
  same text lowercased with accents and look-alike letters folded to ASCII, one character for one character, so
  that positions in one are positions in the other.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

# --------------------------------------------------------------------------- Discord markup and links

# Everything that carries an id or an address. Group 1 keeps a custom emoji's name, group 2 a masked link's text.
_DISCORD_RE: Final = re.compile(
    r"""
      <a?:(\w{1,32}):\d+>                        # custom emoji <:name:123> / <a:name:123>: keep the name
    | \[([^\[\]\n]{0,200})\]\(\s*<?(?:https?://|www\.)[^()\s]*>?\s*\)   # masked link [text](url): keep the text
    | <@[!&]?\d+>                                # user / role mention
    | <\#\d+>                                    # channel mention
    | <t:-?\d+(?::[a-zA-Z])?>                    # timestamp
    | </[^<>:\n]{1,100}:\d+>                     # slash-command mention </game new:123>
    | <id:\w+>                                   # guild navigation <id:customize>
    | <?https?://[^\s<>]+>?                      # link
    | \b(?:www\.|(?:discord(?:app)?\.(?:gg|com|me|io|new)|dsc\.gg)/)[^\s<>]*   # link without a scheme
    """,
    re.VERBOSE | re.IGNORECASE,
)
_MARKUP_HINTS: Final = ("<", "http", "www.", "discord", "dsc.gg", "](")


def _discord_repl(match: re.Match[str]) -> str:
    kept = match.group(1) or match.group(2)
    return f" {kept} " if kept else " "


def strip_discord(text: str) -> str:
    """Remove mentions, emoji ids, timestamps, command mentions and links; keep emoji names and link texts."""
    if any(hint in text for hint in _MARKUP_HINTS):
        return _DISCORD_RE.sub(_discord_repl, text)
    return text


# Discord shortcodes typed as text: ":seven:", ":keycap_ten:"; ":regional_indicator_t:" is the letter T.
SHORTCODE_RE: Final = re.compile(r":(zero|one|two|three|four|five|six|seven|eight|nine|keycap_ten|100|1234):")
REGIONAL_SHORTCODE_RE: Final = re.compile(r":regional_indicator_([a-z]):")

# --------------------------------------------------------------------------- numeric characters


def _numeric_characters() -> dict[str, str]:
    """Every character of category No or Nl (numbers that are not decimal digits), with its finding kind."""
    kinds: dict[str, str] = {}
    category = unicodedata.category
    for code in range(0xA0, 0x20000):
        char = chr(code)
        if category(char) in ("No", "Nl"):
            name = unicodedata.name(char, "")
            if "ROMAN NUMERAL" in name:
                kinds[char] = "roman"
            elif any(
                word in name
                for word in (
                    "CIRCLED",
                    "PARENTHESIZED",
                    "FULL STOP",
                    "COMMA",
                    "NEGATIVE",
                    "SQUARED",
                    "DINGBAT",
                )
            ):
                kinds[char] = "enclosed"
            else:
                kinds[char] = "digit"  # superscripts, fractions, numbers of other scripts
    return kinds


_NUMERIC_KINDS: Final = _numeric_characters()


def _char_class(chars: list[str]) -> str:
    """A regex character class for these characters, as ranges."""
    codes = sorted(ord(c) for c in chars)
    parts: list[str] = []
    start = prev = codes[0]
    for code in [*codes[1:], -1]:
        if code == prev + 1:
            prev = code
            continue
        parts.append(
            re.escape(chr(start)) if start == prev else f"{re.escape(chr(start))}-{re.escape(chr(prev))}"
        )
        start = prev = code
    return "[" + "".join(parts) + "]"


KEYCAP_TEN: Final = "\U0001f51f"
# A keycap is a digit, an optional emoji variation selector and the combining enclosing keycap.
SPECIAL_RE: Final = re.compile(rf"[0-9]\ufe0f?\u20e3|{KEYCAP_TEN}|{_char_class(list(_NUMERIC_KINDS))}")


def special_kind(fragment: str) -> str:
    """The finding kind of a SPECIAL_RE match."""
    if len(fragment) > 1 or fragment == KEYCAP_TEN:
        return "keycap"
    return _NUMERIC_KINDS[fragment]


# Any decimal digit of any script (Unicode category Nd), including fullwidth and mathematical styled digits.
DIGITS_RE: Final = re.compile(r"\d+")

# --------------------------------------------------------------------------- folding

# Invisible characters and combining marks left after NFKC: zero-width spaces and joiners, soft hyphen, bidi
# controls, variation selectors, combining diacritics and overlays ("t̶e̶n̶" is "ten").
_INVISIBLE_RE: Final = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f"
    "\u3164\ufe00-\ufe0f\ufeff\uffa0\u0300-\u036f\u0483-\u0489\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff"
    "\ufe20-\ufe2f\U000e0000-\U000e0fff]+"
)

# Letters that look like Latin ones (Cyrillic, Greek), emoji letters (regional indicators 🇹🇪🇳, negative
# circled and squared letters 🅣🅴🅽), folded to the Latin letter they show.
_LOOKALIKES: Final = {
    **dict(zip("аеорсухіјѕһԁԛԝ", "aeopcyxijshdqw", strict=True)),
    **dict(zip("АВЕКМНОРСТУХІЈЅ", "abekmhopctyxijs", strict=True)),
    **dict(zip("\u03bf\u03b9\u03bd\u03b1\u03ba\u03c4\u03c5\u03c1", "oivaktup", strict=True)),
    **dict(zip("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "abezhikmnoptyx", strict=True)),
    **{chr(0x1F1E6 + i): chr(ord("a") + i) for i in range(26)},
    **{chr(0x1F150 + i): chr(ord("a") + i) for i in range(26)},
    **{chr(0x1F170 + i): chr(ord("a") + i) for i in range(26)},
}


def _fold_table() -> dict[int, str]:
    """One character to one character: ASCII upper to lower, Latin letters with accents to the bare letter."""
    table: dict[int, str] = {ord(c): c.lower() for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"}
    for code in [*range(0xC0, 0x250), *range(0x1E00, 0x1F00)]:
        base = unicodedata.normalize("NFD", chr(code))[0]
        if base.isascii() and base.isalpha():
            table[code] = base.lower()
    for char, latin in _LOOKALIKES.items():
        table[ord(char)] = latin
    return table


_FOLD: Final = _fold_table()


def fold(text: str) -> tuple[str, str]:
    """(display, key) for a text that is not ASCII: display is NFKC without invisible characters, key is display
    lowercased with accents and look-alikes folded, of the same length."""
    display = _INVISIBLE_RE.sub("", unicodedata.normalize("NFKC", text))
    key = display.translate(_FOLD).lower()
    if len(key) != len(display):  # a rare letter whose lowercase is longer ("İ" is folded already)
        key = "".join(c.lower()[0] for c in display.translate(_FOLD))
    return display, key


# Letters only: a word is a run of letters; digits, underscores, punctuation and markup split words.
WORD_RE: Final = re.compile(r"[^\W\d_]+")

# Characters that never join two fragments of a split word: apostrophes ("t'en" is not "ten").
APOSTROPHES: Final = frozenset("'’‘ʼ`´′")
