"""Number words with one slip: "fiveteen", "twelf", "forteen", "thrity", "quatorse", "sinquante", "zwansig".

The rule, for a word of five letters or more that is no number word itself:

1. Both words are first folded by sound, the way misspellings go: "qu" and "ph" are "k" and "f", "c" before e, i, y
   is "s" and otherwise "k", "v" is "f", "z" is "s", "y" is "i" ("quatorse" and "quatorze" are then one word,
   "sinquante" and "cinquante" too, "fivety" and "fifty").
2. The folded word is one slip away from a folded number word of five letters or more: a letter too many or
   too few ("fiveteen", "twelf", "forteen"), two neighbours swapped ("thrity", "eigth"), or, in words of seven
   letters or more, one vowel for another ("thousend").
3. The first two letters are right: a slip at the start makes too many real words ("night", "weight" are one
   letter from "eight").
4. The word is not a real word that happens to be one slip away ("there" from "three", "Karte" from "quatre",
   "douce" from "douze", "dozens" from "dozen"): `REAL_WORDS`, found by running this rule on the English,
   French and German word lists (Debian's wamerican, wbritish, wfrench, wngerman); a test checks the list is
   complete where those word lists are installed.

Ambiguous number words ("one", "seize", "elf", "cent", "achte") and ordinals up to the fourth are no target:
they pass on their own in many places, their misspellings all the more.
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Final

from bot.games.thegame.chat.lexicon import LEXICON, Role

MINIMUM_LENGTH: Final = 5
_VOWEL_SWAP_LENGTH: Final = 7
_VOWELS: Final = frozenset("aeiou")
_SOFT_C_RE: Final = re.compile(r"c(?=[eiy])")
_SOUND_TABLE: Final = str.maketrans("cqvzy", "kkfsi")


def sound_key(word: str) -> str:
    """The word folded by sound (step 1 above)."""
    if "qu" in word:
        word = word.replace("qu", "k")
    if "ph" in word:
        word = word.replace("ph", "f")
    if "c" in word:
        word = _SOFT_C_RE.sub("s", word)
    return word.translate(_SOUND_TABLE)


def _targets() -> dict[str, str]:
    """Sound key -> the number word it comes from, for every number word that is always a number."""
    targets: dict[str, str] = {}
    for word, entry in LEXICON.items():
        if len(word) < MINIMUM_LENGTH:
            continue
        if entry.role in (Role.CARDINAL, Role.QUANTITY, Role.BIG) or (
            entry.role is Role.ORDINAL and entry.value > 4
        ):
            targets.setdefault(sound_key(word), word)
    return targets


def _deletions(word: str) -> list[str]:
    return [word[:index] + word[index + 1 :] for index in range(len(word))]


def _near_index(targets: dict[str, str]) -> dict[str, tuple[str, ...]]:
    """Every target, and every target with one letter deleted, to its targets: a word one slip away from a
    target shares one of these keys with it (itself or one of its own deletions)."""
    near: defaultdict[str, set[str]] = defaultdict(set)
    for key in targets:
        near[key].add(key)
        for deleted in _deletions(key):
            near[deleted].add(key)
    return {key: tuple(sorted(found)) for key, found in near.items()}


_TARGETS: Final = _targets()
_NEAR: Final = _near_index(_TARGETS)
_HEADS: Final = frozenset(key[:2] for key in _TARGETS)
# Two first letters that fold alone (no c, p, q, whose folding depends on the next letters) into no head.
_NO_HEADS: Final = frozenset(
    first + second
    for first in "abdefghijklmnorstuvwxyz"
    for second in "abdefghijklmnorstuvwxyz"
    if (first + second).translate(_SOUND_TABLE) not in _HEADS
)


def _one_slip(word: str, target: str) -> bool:
    """Is `word` one slip from `target` (both sound keys): a letter inserted or deleted, two neighbours
    swapped, or one vowel for another in a long word?"""
    if len(word) == len(target):
        differences = [index for index in range(len(word)) if word[index] != target[index]]
        if len(differences) == 1:
            index = differences[0]
            return len(word) >= _VOWEL_SWAP_LENGTH and word[index] in _VOWELS and target[index] in _VOWELS
        if len(differences) == 2:
            first, second = differences
            return second == first + 1 and word[first] == target[second] and word[second] == target[first]
        return False
    shorter, longer = (word, target) if len(word) < len(target) else (target, word)
    return len(longer) == len(shorter) + 1 and shorter in _deletions(longer)


def misspelled_number(word: str) -> str | None:
    """The number word `word` (lowercase, folded) misspells, or None."""
    if len(word) < MINIMUM_LENGTH or word in LEXICON or word in REAL_WORDS:
        return None
    if word[:2] in _NO_HEADS:
        return None  # a cheap test before folding the whole word
    key = sound_key(word)
    head = key[:2]
    if head not in _HEADS:
        return None
    # Deleting one of the first two letters could only reach a target of another head (or, with a doubled
    # letter, the same string as deleting the third): those deletions are skipped.
    for near in (key, *(key[:index] + key[index + 1 :] for index in range(2, len(key)))):
        for target in _NEAR.get(near, ()):
            if target[:2] == head and (target == key or _one_slip(key, target)):
                return _TARGETS[target]
    return None


# Real words one slip from a number word (rule 4). Regenerate with
# `pytest tests/games/thegame/chat/test_misspellings.py -k real_words -s` where the word lists are installed.
_REAL_WORDS_TEXT: Final = """
aches acheter achetes achetez achsig achsige achsiger achtele achtelnd achtelst achtelt achtest achtle acter
actes actez aktes billions billon cantre carte castre cater centaines center centime centimes ceres cities
citiez dizain dizaines docent doesen doesn dosen dosend dosent dosten douce douces doucet doucie doucimes
doucine doues douez douse doused douses douzain douzaines dozens dozent dreien dreiser drier driers dryer dryers
dutzende dutzends elaver eleve elevent elever eleves elevez elevons elfen elfes elven elves fiefs fiercer fiere
fieres fierez fierier fierot fierte fifes fifres fingst fingt foriez fortes fortin fuentes huitain huitaines
hunderte hunderten hundreds karate karte kater kinase kinsey mielle millard milled miller milles millet
milliards millie milliers milliner millions neuer neuter octane octant oktant oktanten quarte quater quince
quinces quine quines quinzaines sechas secher seches sechez sechsen seher seherin sehern sehers sehne sehnen
sehnerv sehnervs sehnst sehnt sehnte sehnten sehntest sehntet seifen sente sentenz sentes sentez sentimes
sentine septime serez serioes serios serons serous servos severn seves siebe siebend siebender siebes siebst
siebtest siebtet sieent sixtes tauend tauender tausende tausenden tausernder teensy tenez tents thees there
thirsty thousands threne traente trennte trent trentain trentaines trete trevise trice trios troyes troys
vingtaines virer vives vivez viviez vivotiez vivres vivrez vortices votiez zerotes zerotez zibent zincate zweigt
"""
REAL_WORDS: Final[frozenset[str]] = frozenset(_REAL_WORDS_TEXT.split())
