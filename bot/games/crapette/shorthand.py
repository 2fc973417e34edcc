"""What a player types after `/move` in Crapette, in their language: the letters of the spots the board and the menu
name, and the words of the buttons (see `bot.games.shorthand`). The code they are read into is `moves.py`'s (`cr>f3`,
`st>od`, `s4>s7`, `turn`, `discard`, `end`, `call`).

| language | crapette | turned card | discard | opponent's crapette, stock, discard | side pile | foundation |
|----------|----------|-------------|---------|-------------------------------------|-----------|------------|
| English  | `cr`     | `st`        | `di`    | `oc`, `os`, `od`                    | `p1` pile, `s1` | `f1` |
| French   | `cr`     | `re` retournée | `de` défausse | `ca`, `ta`, `da` (adverse)   | `p1` pile | `f1` |
| German   | `cr`     | `of` offen  | `ab` Abwurf | `gc`, `gt`, `ga` (des Gegners)  | `s1` Stapel | `f1`, `a1` Ablagestapel |

Words: `turn`, `discard`, `end`, `call`; French `retourner`, `défausser`, `finir`, `crapette`; German `aufdecken`,
`abwerfen`, `beenden`, `crapette`. The English letters and words are read in every language too (none clashes).
"""

from __future__ import annotations

from typing import Final

from bot.games.crapette.moves import LoggedAction, parse_action
from bot.games.shorthand import Letters, Shorthand

_SPOTS: Final = {
    "cr": "cr",
    "st": "st",
    "di": "di",
    "oc": "oc",
    "os": "os",
    "od": "od",
    "p": "s",
    "s": "s",
    "f": "f",
}
SHORTHAND: Final = Shorthand[LoggedAction](
    {
        "en": Letters(
            places=_SPOTS, words={"turn": "turn", "discard": "discard", "end": "end", "call": "call"}
        ),
        "fr": Letters(
            places={
                "cr": "cr",
                "re": "st",
                "de": "di",
                "ca": "oc",
                "ta": "os",
                "da": "od",
                "p": "s",
                "f": "f",
            },
            words={"retourner": "turn", "défausser": "discard", "finir": "end", "crapette": "call"},
        ),
        "de": Letters(
            places={
                "cr": "cr",
                "of": "st",
                "ab": "di",
                "gc": "oc",
                "gt": "os",
                "ga": "od",
                "s": "s",
                "f": "f",
                "a": "f",
            },
            words={"aufdecken": "turn", "abwerfen": "discard", "beenden": "end", "crapette": "call"},
        ),
    },
    parse_action,
)
# The actions the refusal of an unreadable one shows, in the reader's letters.
EXAMPLES: Final = ("cr>f3", "st>od", "s4>s7", "turn", "discard", "call")


def typed(action: LoggedAction, locale: object) -> str:
    """`action` as a reader in `locale` types it (`of>ga`, `aufdecken` in German)."""
    return SHORTHAND.write(str(action), locale)
