"""English number words, keyed by their folded form (lowercase, no accents)."""

from __future__ import annotations

from typing import Final

UNITS: Final = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
TENS: Final = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
BIG: Final = {"hundred": 100, "thousand": 1000, "million": 10**6, "billion": 10**9}
ORDINALS: Final = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "eleventh": 11,
    "twelfth": 12,
    "thirteenth": 13,
    "fourteenth": 14,
    "fifteenth": 15,
    "sixteenth": 16,
    "seventeenth": 17,
    "eighteenth": 18,
    "nineteenth": 19,
    "twentieth": 20,
    "thirtieth": 30,
    "fortieth": 40,
    "fiftieth": 50,
    "sixtieth": 60,
    "seventieth": 70,
    "eightieth": 80,
    "ninetieth": 90,
    "hundredth": 100,
    "thousandth": 1000,
    "millionth": 10**6,
}
# Plurals that name values ("two sevens", "in the low teens", "the thirties"). "ones" is a pronoun ("the low
# ones") and "hundreds"/"thousands"/"millions"/"dozens" are vague ("hundreds of games"): not listed, they pass.
PLURALS: Final = {
    "zeros": 0,
    "zeroes": 0,
    "twos": 2,
    "threes": 3,
    "fours": 4,
    "fives": 5,
    "sixes": 6,
    "sevens": 7,
    "eights": 8,
    "nines": 9,
    "elevens": 11,
    "twelves": 12,
    "teens": 13,
    "thirteens": 13,
    "fourteens": 14,
    "fifteens": 15,
    "sixteens": 16,
    "seventeens": 17,
    "eighteens": 18,
    "nineteens": 19,
    "twenties": 20,
    "thirties": 30,
    "forties": 40,
    "fifties": 50,
    "sixties": 60,
    "seventies": 70,
    "eighties": 80,
    "nineties": 90,
}
# Misspellings common enough to be spelled out, each with the word it stands for (the others are found by
# `misspellings`, which allows one slip in words of five letters or more).
MISSPELLED: Final = {
    "fourty": "forty",
    "ninty": "ninety",
    "nineth": "ninth",
    "twelth": "twelfth",
}
QUANTITIES: Final = {"dozen": 12}
