"""The one exception the Hearts engine raises for a refused action, and its stable codes."""

from __future__ import annotations

import enum

from bot.games.errors import EngineRefusal


class RefusalCode(enum.StrEnum):
    """Why an action was refused; `IllegalMove.code` holds one of these values as a plain string. The values are
    stable: the bot translates by them."""

    UNKNOWN_SEAT = "unknown_seat"
    WRONG_PHASE = "wrong_phase"
    NOT_YOUR_TURN = "not_your_turn"
    ALREADY_CHOSEN = "already_chosen"
    WRONG_CARD_COUNT = "wrong_card_count"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    MUST_FOLLOW_SUIT = "must_follow_suit"
    MUST_LEAD_LOWEST_CARD = "must_lead_lowest_card"  # the first lead; `params["card"]` names the card to lead
    NO_POINTS_ON_FIRST_TRICK = "no_points_on_first_trick"
    HEARTS_NOT_BROKEN = "hearts_not_broken"
    UNKNOWN_MOON_CHOICE = "unknown_moon_choice"


class IllegalMove(EngineRefusal, ValueError):
    """An action the rules do not allow now. Raising it leaves the game exactly as it was.

    `code` is one of `RefusalCode`'s values (stable); `message` is a plain English sentence for logs and tests.
    """

    codes = RefusalCode
