"""Evasions an attack set found (small capitals, lowercase Cyrillic look-alikes, ideographic numerals) and the
false alarms it found ("XL", "VI or Emacs", "à deux doigts"), in every language."""

from __future__ import annotations

import pytest

from tests.games.thegame.chat.test_detector import assert_flagged, assert_passes


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("ᴛᴡᴇʟᴠᴇ", "ᴛᴡᴇʟᴠᴇ"),  # small capitals
        ("I have ꜱᴇᴠᴇɴᴛʏ", "ꜱᴇᴠᴇɴᴛʏ"),
        ("ᴛʀᴇɴᴛᴇ", "ᴛʀᴇɴᴛᴇ"),
        ("ᴢᴡᴀɴᴢɪɢ", "ᴢᴡᴀɴᴢɪɢ"),
        ("ɴɪɴᴇᴛʏ-ɴɪɴᴇ", "ɴɪɴᴇᴛʏ-ɴɪɴᴇ"),
        ("tᴇn", "tᴇn"),  # mixed with plain letters
        ("fıve", "fıve"),  # dotless i
    ],
)
def test_small_capitals_are_read_as_letters(text: str, fragment: str) -> None:
    assert_flagged(text, "word", fragment)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("тwelve", "тwelve"),  # Cyrillic т, which looks like a small capital T
        ("ѕеѵеn", "ѕеѵеn"),  # Cyrillic ѕ, е, ѵ
        ("sіх", "sіх"),  # Cyrillic і, х
        ("тhirтy", "тhirтy"),
        ("ѕіхтy", "ѕіхтy"),
        ("ʜᴜɴᴅred", "ʜᴜɴᴅred"),
        ("ѕеvеnтy", "ѕеvеnтy"),
        ("ηine", "ηine"),  # Greek eta
        ("sεvεn", "sεvεn"),  # Greek epsilon
        ("fօսr", "fօսr"),  # Armenian o, u
        ("вillion cards", "вillion"),
    ],
)
def test_lowercase_look_alikes_are_read_as_latin(text: str, fragment: str) -> None:
    assert_flagged(text, "word", fragment)


def test_a_cyrillic_o_in_one_reads_as_one() -> None:
    """'оne' with a Cyrillic о is "one", judged like "one": a pronoun alone, the number in context."""
    assert_passes("I have a low оne")
    assert_flagged("exactly оne card", "word", "оne")
    assert_flagged("twenty-оne", "word", "twenty-оne")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("三", "三"),
        ("I have 九十九", "九十九"),
        ("十", "十"),
        ("百", "百"),
        ("〇", "〇"),
        ("一二三", "一二三"),
        ("二十七 on A", "二十七"),
        ("壹", "壹"),  # financial form
        ("廿", "廿"),
        ("my card is 四十五", "四十五"),
    ],
)
def test_ideographic_numerals_are_flagged(text: str, fragment: str) -> None:
    assert_flagged(text, "digit", fragment)


@pytest.mark.parametrize("text", ["千", "万", "the 日本 deck", "漢字"])
def test_ideographs_that_name_no_card_pass(text: str) -> None:
    assert_passes(text)


@pytest.mark.parametrize("text", ["３５", "𝟕𝟑"])
def test_fullwidth_and_styled_digits_stay_flagged(text: str) -> None:
    assert_flagged(text, "digit", text)


# --------------------------------------------------------------------------- false alarms


@pytest.mark.parametrize(
    "text",
    [
        "I'd need an XL shirt for that",
        "size XL",
        "taille XL, comme d'habitude",
        "Größe XL bitte",
        "S, M, L, XL, XXL",
        "an XL pizza after the game?",
        "VI or Emacs?",
        "I use VI, you use emacs",
        "team VI vs team Vim",
        "vi or emacs",
        "on était à deux doigts de gagner",
        "à deux doigts de perdre",
        "À DEUX DOIGTS !",
    ],
)
def test_sizes_editors_and_idioms_pass(text: str) -> None:
    assert_passes(text)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("XL", "XL"),  # alone, it is 40
        ("I have XL", "XL"),
        ("pile A is at VI", "VI"),
        ("VI", "VI"),
        ("j'ai deux doigts de libres", "deux"),  # only "à deux doigts" is the idiom
        ("deux cartes", "deux"),
    ],
)
def test_the_same_words_elsewhere_stay_numbers(text: str, fragment: str) -> None:
    assert_flagged(text, fragment=fragment)
