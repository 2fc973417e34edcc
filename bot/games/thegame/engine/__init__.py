"""The rules engine of The Game (Steffen Benndorf): plain Python, no I/O. See docs/engine-contract.md."""

from bot.games.thegame.engine.actions import (
    Action,
    ChooseFirstPlayer,
    EndTurn,
    Play,
    PlayCard,
    action_from_dict,
    action_to_dict,
)
from bot.games.thegame.engine.cards import (
    ALL_CARDS,
    BACKWARDS_STEP,
    CARD_COUNT,
    HIGHEST_CARD,
    LOWEST_CARD,
    PILE_NAMES,
    Direction,
    Pile,
)
from bot.games.thegame.engine.deal import (
    DEAL_CODE_ALPHABET,
    DEAL_CODE_LENGTH,
    SEED_LIMIT,
    deal_code_to_seed,
    is_deal_code,
    random_seed,
    seed_to_deal_code,
)
from bot.games.thegame.engine.errors import ErrorCode, IllegalAction
from bot.games.thegame.engine.events import (
    ALL_CARDS_PLAYED,
    STUCK_AT_TURN_START,
    STUCK_MID_TURN,
    CardPlayed,
    Event,
    FirstPlayerChosen,
    GameEnded,
    PlayerSkipped,
    TurnEnded,
    TurnStarted,
)
from bot.games.thegame.engine.game import FORMAT_VERSION, Game
from bot.games.thegame.engine.search import can_play_sequence
from bot.games.thegame.engine.status import Rating, Status, rating_for
from bot.games.thegame.engine.variant import MAX_PLAYERS, MIN_PLAYERS, Variant

__all__ = [
    "ALL_CARDS",
    "ALL_CARDS_PLAYED",
    "BACKWARDS_STEP",
    "CARD_COUNT",
    "DEAL_CODE_ALPHABET",
    "DEAL_CODE_LENGTH",
    "FORMAT_VERSION",
    "HIGHEST_CARD",
    "LOWEST_CARD",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PILE_NAMES",
    "SEED_LIMIT",
    "STUCK_AT_TURN_START",
    "STUCK_MID_TURN",
    "Action",
    "CardPlayed",
    "ChooseFirstPlayer",
    "Direction",
    "EndTurn",
    "ErrorCode",
    "Event",
    "FirstPlayerChosen",
    "Game",
    "GameEnded",
    "IllegalAction",
    "Pile",
    "Play",
    "PlayCard",
    "PlayerSkipped",
    "Rating",
    "Status",
    "TurnEnded",
    "TurnStarted",
    "Variant",
    "action_from_dict",
    "action_to_dict",
    "can_play_sequence",
    "deal_code_to_seed",
    "is_deal_code",
    "random_seed",
    "rating_for",
    "seed_to_deal_code",
]
