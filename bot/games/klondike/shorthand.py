"""What a player types after `/move` in Klondike, in their language: the letters of the places the board names
(see `bot.games.shorthand`). The code they are read into is `moves.py`'s (`w>c3`, `c3>f`, `c2>c5x3`, `f♥>c2`, `s`).

| language | column      | foundation       | waste        | draw (alone)          |
|----------|-------------|------------------|--------------|-----------------------|
| English  | `c` column  | `f` foundation   | `w` waste    | `s` stock, `draw`     |
| French   | `c` colonne | `f` fondation    | `d` défausse | `t` talon, `piocher`  |
| German   | `s` Spalte  | `a` Ablagestapel | `w` Abwurf   | `t` Talon, `ziehen`   |

The English letters are read in every language too, except German `s`: there it is a Spalte (draw with `t`).
"""

from __future__ import annotations

from typing import Final

from bot.games.klondike.moves import Move, parse_move
from bot.games.shorthand import Letters, Shorthand

SHORTHAND: Final = Shorthand[Move](
    {
        "en": Letters(places={"c": "c", "f": "f", "w": "w"}, words={"s": "s", "draw": "s"}),
        "fr": Letters(places={"c": "c", "f": "f", "d": "w"}, words={"t": "s", "piocher": "s"}),
        "de": Letters(places={"s": "c", "a": "f", "w": "w"}, words={"t": "s", "ziehen": "s"}),
    },
    parse_move,
)
# The moves the refusal of an unreadable move shows, in the reader's letters.
EXAMPLES: Final = ("w>c3", "c3>f", "c2>c5x3")


def typed(move: Move, locale: object) -> str:
    """`move` as a reader in `locale` types it (`a♥>s2` in German)."""
    return SHORTHAND.write(str(move), locale)
