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


def _discord_repl(match: re.Match[str]) -> str:
    kept = match.group(1) or match.group(2)
    return f" {kept} " if kept else " "


def strip_discord(text: str) -> str:
    """Remove mentions, emoji ids, timestamps, command mentions and links; keep emoji names and link texts."""
    if (
        "<" in text
        or "://" in text
        or "](" in text
        or "iscord" in text
        or "ISCORD" in text
        or "www" in text
        or "WWW" in text
        or "dsc.gg" in text
    ):  # plain substring tests first: much cheaper than the regex on the many messages without any
        return _DISCORD_RE.sub(_discord_repl, text)
    return text


# Discord shortcodes typed as text: ":seven:", ":keycap_ten:"; ":regional_indicator_t:" is the letter T.
SHORTCODE_RE: Final = re.compile(r":(zero|one|two|three|four|five|six|seven|eight|nine|keycap_ten):")
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


# Numerals written with ideographs (Chinese, Japanese), which Unicode files as letters: the digits 〇 to 九,
# 十 (10), 百 (100), 廿 卅 (20, 30), and their financial forms (壹 貳 參...). Not 千 万 億 (a thousand and
# more: never a card, and part of many words).
CJK_NUMERALS: Final = "〇零一二三四五六七八九十百两兩廿卅壹贰貳叁參肆伍陆陸柒捌玖拾佰"

_NUMERIC_KINDS: Final = {**_numeric_characters(), **dict.fromkeys(CJK_NUMERALS, "digit")}


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
# A keycap is a digit, an optional emoji variation selector and the combining enclosing keycap. Ideographic
# numerals are found as a run ("九十九" is one number).
SPECIAL_RE: Final = re.compile(
    rf"[0-9]\ufe0f?\u20e3|{KEYCAP_TEN}|{_char_class(list(CJK_NUMERALS))}+|{_char_class(list(_NUMERIC_KINDS))}"
)


_SPECIAL_CHARS: Final = frozenset([*_NUMERIC_KINDS, "\u20e3", KEYCAP_TEN])


def has_special(text: str) -> bool:
    """Cheap test before SPECIAL_RE: does the text hold a numeric character or a keycap? (A regex class of a
    thousand code points is slow in Python's engine; a set test is not.)"""
    return not _SPECIAL_CHARS.isdisjoint(text)


def special_kind(fragment: str) -> str:
    """The finding kind of a SPECIAL_RE match."""
    if fragment[0] in CJK_NUMERALS:
        return "digit"
    if len(fragment) > 1 or fragment == KEYCAP_TEN:
        return "keycap"
    return _NUMERIC_KINDS[fragment]


# Any decimal digit of any script (Unicode category Nd), including fullwidth and mathematical styled digits.
DIGITS_RE: Final = re.compile(r"\d+")

# --------------------------------------------------------------------------- folding

# Invisible characters and combining marks left after NFKC: zero-width spaces and joiners, soft hyphen, bidi
# controls, variation selectors, combining diacritics and overlays ("t̶e̶n̶" is "ten"), tag characters.
_INVISIBLE_RANGES: Final = (
    (0x00AD, 0x00AD),
    (0x0300, 0x036F),
    (0x034F, 0x034F),
    (0x0483, 0x0489),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x1AB0, 0x1AFF),
    (0x1DC0, 0x1DFF),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x20D0, 0x20FF),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFE20, 0xFE2F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xE0000, 0xE0FFF),
)
_INVISIBLE_CHARS: Final = frozenset(chr(c) for start, end in _INVISIBLE_RANGES for c in range(start, end + 1))
_INVISIBLE_RE: Final = re.compile(
    "[" + "".join(f"{re.escape(chr(start))}-{re.escape(chr(end))}" for start, end in _INVISIBLE_RANGES) + "]+"
)

# Letters that look like Latin ones (Cyrillic, including the lowercase ones that look like small capitals: т
# н к м в; Greek; Armenian), emoji letters (regional indicators 🇹🇪🇳, negative circled and squared letters
# 🅣🅴🅽), folded to the Latin letter they show; and the German ß, folded to "s" ("dreißig" is "dreisig"; the
# lexicon also knows "dreissig").
_LOOKALIKES: Final = {
    **dict(zip("аеорсухіјѕһԁԛԝтнкмвпгьѵѡӏԍ", "aeopcyxijshdqwthkmbnrbvwlg", strict=True)),
    **dict(zip("АВЕКМНОРСТУХІЈЅ", "abekmhopctyxijs", strict=True)),
    **dict(zip("\u03bf\u03b9\u03bd\u03b1\u03ba\u03c4\u03c5\u03c1εηωχγ", "oivaktupenwxy", strict=True)),
    **dict(zip("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "abezhikmnoptyx", strict=True)),
    **dict(zip("ոսհօ", "nuho", strict=True)),
    "ß": "s",
    "ẞ": "s",
    **{chr(0x1F1E6 + i): chr(ord("a") + i) for i in range(26)},
    **{chr(0x1F150 + i): chr(ord("a") + i) for i in range(26)},
    **{chr(0x1F170 + i): chr(ord("a") + i) for i in range(26)},
}


# Latin letters NFKC leaves alone that read as a plain letter: small capitals (ᴛᴡᴇʟᴠᴇ), dotless and script
# letters (ı, ɡ).
_PLAIN_LETTER_RE: Final = re.compile(
    r"LATIN (?:LETTER SMALL CAPITAL|SMALL LETTER DOTLESS|SMALL LETTER SCRIPT) ([A-Z])"
)


def _fold_table() -> dict[int, str]:
    """One character to one character: ASCII upper to lower, Latin letters with accents to the bare letter."""
    table: dict[int, str] = {ord(c): c.lower() for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"}
    for code in [*range(0xC0, 0x250), *range(0x1E00, 0x1F00)]:
        base = unicodedata.normalize("NFD", chr(code))[0]
        if base.isascii() and base.isalpha():
            table[code] = base.lower()
    for code in [*range(0x100, 0x2B0), *range(0x1D00, 0x1D80), *range(0xA720, 0xA800)]:
        plain = _PLAIN_LETTER_RE.fullmatch(unicodedata.name(chr(code), ""))
        if plain:
            table[code] = plain.group(1).lower()
    for char, latin in _LOOKALIKES.items():
        table[ord(char)] = latin
    return table


_FOLD: Final = _fold_table()


_FOLD_CHARS: Final = {chr(code): latin for code, latin in _FOLD.items() if code > 0x7F}
_NON_ASCII_RE: Final = re.compile(r"[^\x00-\x7f]")


def _fold_char(match: re.Match[str]) -> str:
    char = match.group()
    folded = _FOLD_CHARS.get(char)
    if folded is not None:
        return folded
    lower = char.lower()
    return lower if len(lower) == 1 else char


def fold(text: str) -> tuple[str, str]:
    """(display, key) for a text that is not ASCII: display is NFKC without invisible characters, key is display
    lowercased with accents and look-alikes folded, of the same length (only the non-ASCII characters go
    through the fold table: str.translate with a table is slow on the ASCII majority)."""
    display = unicodedata.normalize("NFKC", text)
    if not _INVISIBLE_CHARS.isdisjoint(display):
        display = _INVISIBLE_RE.sub("", display)
    key = _NON_ASCII_RE.sub(_fold_char, display).lower()
    if len(key) != len(
        display
    ):  # a letter whose lowercase is longer: cannot happen after _fold_char; a guard
        key = "".join(_FOLD_CHARS.get(c, c).lower()[:1] or c for c in display)
    return display, key


# Letters only: a word is a run of letters; digits, underscores, punctuation and markup split words.
WORD_RE: Final = re.compile(r"[^\W\d_]+")
ASCII_WORD_RE: Final = re.compile(r"[a-z]+")  # the same on lowercase ASCII text, and cheaper

# Characters that never join two fragments of a split word: apostrophes ("t'en" is not "ten").
APOSTROPHES: Final = frozenset("'’‘ʼ`´′")
