"""German number words, in their real spelling (umlauts, ß): the lexicon keys each under every way it is typed,
"fünf" as "funf" (the folded form of "fünf", and how it is typed without umlauts) and "fuenf", "dreißig" as
"dreisig" and "dreissig" (`spellings`).

German glues its numbers into one word ("zweihundertdreiundvierzig", units before tens with "und"): the lexicon
builds them from these pieces, as it does for glued English and French.
"""

from __future__ import annotations

from typing import Final

# "eins" and the article "ein", "null" and "elf" are here for their value; the lexicon gives them roles of
# their own ("noch eins", "ein Stapel", "null Ahnung", an elf).
UNITS: Final = {
    "null": 0,
    "eins": 1,
    "zwei": 2,
    "zwo": 2,  # said for "zwei" to be heard apart from "drei"
    "drei": 3,
    "vier": 4,
    "fünf": 5,
    "sechs": 6,
    "sieben": 7,
    "acht": 8,
    "neun": 9,
    "zehn": 10,
    "elf": 11,
    "zwölf": 12,
    "dreizehn": 13,
    "vierzehn": 14,
    "fünfzehn": 15,
    "sechzehn": 16,
    "siebzehn": 17,
    "achtzehn": 18,
    "neunzehn": 19,
}
TENS: Final = {
    "zwanzig": 20,
    "dreißig": 30,
    "vierzig": 40,
    "fünfzig": 50,
    "sechzig": 60,
    "siebzig": 70,
    "achtzig": 80,
    "neunzig": 90,
}
BIG: Final = {
    "hundert": 100,
    "tausend": 1000,
    "million": 10**6,
    "millionen": 10**6,
    "milliarde": 10**9,
    "milliarden": 10**9,
}
# Spellings many people write, with the standard one text2num reads ("sechszehn" is common, "achzig" too).
VARIANTS: Final = {
    "sechszehn": "sechzehn",
    "siebenzehn": "siebzehn",
    "sechszig": "sechzig",
    "siebenzig": "siebzig",
    "achzig": "achtzig",
}
# The stem of each ordinal ("der fünfte", "die zwanzigste"), which takes the endings e, en, er, es, em; the
# fractions are the stem with "el", "els", "eln" ("ein Fünftel", "zwei Fünfteln"), the adverbs with "ens"
# ("fünftens").
ORDINAL_STEMS: Final = {
    "erst": 1,
    "zweit": 2,
    "dritt": 3,
    "viert": 4,
    "fünft": 5,
    "sechst": 6,
    "siebt": 7,
    "siebent": 7,
    "acht": 8,
    "neunt": 9,
    "zehnt": 10,
    "elft": 11,
    "zwölft": 12,
    **{word + "t": value for word, value in UNITS.items() if value > 12},  # "dreizehnt"
    **{word + "st": value for word, value in TENS.items()},  # "zwanzigst"
    "hundertst": 100,
    "tausendst": 1000,
    "millionst": 10**6,
}
ORDINAL_ENDINGS: Final = ("e", "en", "er", "es", "em")
FRACTION_ENDINGS: Final = ("el", "els", "eln")
# The bare stem counts people: "zu zweit", "wir sind zu fünft" (the two of us, five of us), like "on est deux".
GROUP_STEMS: Final = frozenset(stem for stem, value in ORDINAL_STEMS.items() if 2 <= value <= 12)
# Names of a value: "ein Dreier", "nur Zwanziger", "in den Neunzigern", "eine Fünfzigerin" (like "two sevens",
# "the nineties"). Not "einer", which is a pronoun ("einer von uns").
VALUE_NAMES: Final = frozenset(
    word + ending
    for word in [*UNITS, *TENS, "hundert", "tausend"]
    if word not in ("null", "eins", "zwo")
    for ending in ("er", "ern", "ers", "erin")
)
QUANTITIES: Final = {"dutzend": 12}
# "zweieinhalb" (two and a half) ends with this piece.
HALF: Final = "einhalb"


def spellings(word: str) -> set[str]:
    """Every key a German word is typed as: folded ("fünf" -> "funf", "dreißig" -> "dreisig") and written out
    in ASCII ("fuenf", "dreissig")."""
    folded = word.replace("ä", "a").replace("ö", "o").replace("ü", "u").replace("ß", "s")
    ascii_form = word.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").replace("ß", "ss")
    return {folded, ascii_form}
