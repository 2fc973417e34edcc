"""Deal codes, for every game: a deal's seed as 8 letters that players can paste in chat (where The Game's
no-numbers rule flags digits).

The alphabet has no digits, no vowels (so codes never spell words) and no L (looks like 1 or I); codes
are case-insensitive, and spaces or dashes inside a code are ignored when reading it. Seeds 0 ..
SEED_LIMIT - 1 map one-to-one onto codes, scrambled by an invertible affine map so that nearby seeds give
unrelated codes.
"""

from __future__ import annotations

import secrets

DEAL_CODE_ALPHABET = "BCDFGHJKMNPQRSTVWXYZ"
DEAL_CODE_LENGTH = 8
SEED_LIMIT = len(DEAL_CODE_ALPHABET) ** DEAL_CODE_LENGTH  # 20**8 = 25,600,000,000 codes

_BASE = len(DEAL_CODE_ALPHABET)
_VALUES = {letter: value for value, letter in enumerate(DEAL_CODE_ALPHABET)}
_MULTIPLIER = 9_876_543_211  # coprime with SEED_LIMIT, so the scramble is a bijection
_OFFSET = 4_242_424_242
_INVERSE = pow(_MULTIPLIER, -1, SEED_LIMIT)


def seed_to_deal_code(seed: int) -> str:
    """The 8-letter code of a seed in 0 .. SEED_LIMIT - 1 (ValueError otherwise)."""
    if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"A deal code seed must be an integer from 0 to {SEED_LIMIT - 1}, not {seed!r}.")
    value = (seed * _MULTIPLIER + _OFFSET) % SEED_LIMIT
    letters = []
    for _ in range(DEAL_CODE_LENGTH):
        value, digit = divmod(value, _BASE)
        letters.append(DEAL_CODE_ALPHABET[digit])
    return "".join(reversed(letters))


def deal_code_to_seed(code: str) -> int:
    """The seed of a deal code (case-insensitive, spaces and dashes ignored); ValueError if malformed."""
    if not isinstance(code, str):
        raise ValueError(f"A deal code must be text, not {type(code).__name__}.")
    cleaned = "".join(code.split()).replace("-", "").upper()
    if len(cleaned) != DEAL_CODE_LENGTH or any(letter not in _VALUES for letter in cleaned):
        raise ValueError(
            f"A deal code is {DEAL_CODE_LENGTH} letters among {DEAL_CODE_ALPHABET}, not {code!r}."
        )
    value = 0
    for letter in cleaned:
        value = value * _BASE + _VALUES[letter]
    seed: int = ((value - _OFFSET) * _INVERSE) % SEED_LIMIT
    return seed


def is_deal_code(code: str) -> bool:
    """Whether `code` reads as a deal code."""
    try:
        deal_code_to_seed(code)
    except ValueError:
        return False
    return True


def random_seed() -> int:
    """A fresh random seed (from `secrets`) that fits in a deal code."""
    return secrets.randbelow(SEED_LIMIT)
