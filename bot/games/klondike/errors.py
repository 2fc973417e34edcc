"""The one exception the Klondike engine raises for a refused move or undo."""

from __future__ import annotations

import enum

from bot.games.errors import EngineRefusal


class ErrorCode(enum.StrEnum):
    """Why a move was refused; `IllegalMove.code` holds one of these values as a plain string. Stable."""

    GAME_OVER = "game_over"  # the game is won, given up or ended with no progress possible
    EMPTY_SOURCE = (
        "empty_source"  # nothing to take there (an empty column, waste or foundation; nothing to draw)
    )
    FACE_DOWN_CARD = "face_down_card"  # the run asked for reaches a face-down card
    BAD_COUNT = (
        "bad_count"  # a count below 1, above the column's size, or above 1 where only one card may move
    )
    BAD_TARGET = "bad_target"  # a target that makes no sense for the source (e.g. the stock to a column)
    SAME_COLUMN = "same_column"  # a column onto itself
    WRONG_COLOUR = "wrong_colour"  # the target's top card is of the same colour
    WRONG_RANK = "wrong_rank"  # the target's top card is not one rank higher
    NOT_A_KING = "not_a_king"  # only a king (or a run headed by a king) may go to an empty column
    FOUNDATION_MISMATCH = "foundation_mismatch"  # the card is not the next one of its suit's foundation
    NOTHING_TO_UNDO = "nothing_to_undo"


class IllegalMove(EngineRefusal):
    """A move the rules do not allow. Raising it leaves the game exactly as it was.

    `code` is one of the `ErrorCode` values (the bot translates by it); `message` is a plain English sentence.
    """

    codes = ErrorCode
