"""French number words, keyed by their folded form (lowercase, no accents), with the spelling text2num reads."""

from __future__ import annotations

from typing import Final

# "un", "une", "deux", "neuf", "seize", "cent", "mille" are here for their value and spelling; the lexicon gives
# them roles of their own (an article, "both", "new", the English verb, the coin, idioms).
CARDINALS: Final = {
    "zero": (0, "zéro"),
    "deux": (2, "deux"),
    "trois": (3, "trois"),
    "quatre": (4, "quatre"),
    "cinq": (5, "cinq"),
    "six": (6, "six"),
    "sept": (7, "sept"),
    "huit": (8, "huit"),
    "neuf": (9, "neuf"),
    "dix": (10, "dix"),
    "onze": (11, "onze"),
    "douze": (12, "douze"),
    "treize": (13, "treize"),
    "quatorze": (14, "quatorze"),
    "quinze": (15, "quinze"),
    "seize": (16, "seize"),
    "vingt": (20, "vingt"),
    "vingts": (20, "vingts"),
    "trente": (30, "trente"),
    "quarante": (40, "quarante"),
    "cinquante": (50, "cinquante"),
    "soixante": (60, "soixante"),
    "septante": (70, "septante"),  # Belgian / Swiss
    "huitante": (80, "huitante"),  # Swiss
    "octante": (80, "octante"),  # old Swiss / Belgian
    "nonante": (90, "nonante"),  # Belgian / Swiss
    "cent": (100, "cent"),
    "cents": (100, "cents"),
    "mille": (1000, "mille"),
    "million": (10**6, "million"),
    "milliard": (10**9, "milliard"),
}
ORDINALS: Final = {
    "premier": (1, "premier"),
    "premiere": (1, "première"),
    "premiers": (1, "premiers"),
    "premieres": (1, "premières"),
    "deuxieme": (2, "deuxième"),
    "seconde": (2, "seconde"),
    "secondes": (2, "secondes"),
    "troisieme": (3, "troisième"),
    "quatrieme": (4, "quatrième"),
    "unieme": (1, "unième"),  # only ever in compounds: "vingt et unième"
    "cinquieme": (5, "cinquième"),
    "sixieme": (6, "sixième"),
    "septieme": (7, "septième"),
    "huitieme": (8, "huitième"),
    "neuvieme": (9, "neuvième"),
    "dixieme": (10, "dixième"),
    "onzieme": (11, "onzième"),
    "douzieme": (12, "douzième"),
    "treizieme": (13, "treizième"),
    "quatorzieme": (14, "quatorzième"),
    "quinzieme": (15, "quinzième"),
    "seizieme": (16, "seizième"),
    "vingtieme": (20, "vingtième"),
    "trentieme": (30, "trentième"),
    "quarantieme": (40, "quarantième"),
    "cinquantieme": (50, "cinquantième"),
    "soixantieme": (60, "soixantième"),
    "septantieme": (70, "septantième"),
    "huitantieme": (80, "huitantième"),
    "octantieme": (80, "octantième"),
    "nonantieme": (90, "nonantième"),
    "centieme": (100, "centième"),
    "millieme": (1000, "millième"),
}
# Approximate quantities: singular ones are flagged ("une douzaine"), plurals are vague ("des dizaines de
# parties") and pass, like "dozens" in English.
QUANTITIES: Final = {
    "dizaine": 10,
    "douzaine": 12,
    "quinzaine": 15,
    "vingtaine": 20,
    "trentaine": 30,
    "cinquantaine": 50,
    "soixantaine": 60,
    "septantaine": 70,
    "huitaine": 8,
    "centaine": 100,
    "millier": 1000,
}
# Misspellings too short for `misspellings` (which needs five letters), with the word they stand for.
MISSPELLED: Final = {"sinq": "cinq"}
