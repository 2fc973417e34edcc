"""Hearts (Dame de pique): the pure engine, the seat views and the AI players. No Discord, no I/O.

    from bot.games.hearts import Hearts, HeartsOptions, Phase, IllegalMove, STRATEGIES, act

    game = Hearts.new(HeartsOptions(players=4, target=100), seed=1234)
    game.to_act()                   # the seats that must act now
    game.pass_cards(seat, cards)    # PASSING: 3 cards each, simultaneous and private
    game.legal_cards(seat)          # PLAYING: what the seat may play; game.refusal(seat, card) says why not
    game.play(seat, card)           # -> list of events
    game.choose_moon(seat, "plus_others")   # MOON_CHOICE: "minus_self" or "plus_others"
    game.view(seat)                 # everything that seat may know (what the AI reads)
    act(game, seat, STRATEGIES["strong"]())   # let an AI take the seat's step
    Hearts.from_dict(game.to_dict())          # save and restore (replays the action log)

A game keeps the rules version it was started with (`HeartsOptions.rules_version`, saved with it): new games play
`CURRENT_RULES` (the 2 of clubs leads the first trick), games saved before the versions existed `ORIGINAL_RULES`.

Modules: `engine` (the game), `rules` (legal cards, first leader: the one statement of the play rules),
`card_ints` (cards as ints for the fast paths), `scoring` (moon, winners), `options`, `events`, `actions`,
`errors`, `state` (what a game holds and how it reads), `view`, `ai` (strategies), `policy` (the rule-based player
on ints), `world` (the Monte Carlo player's imagined deals), `simulate` (strength and speed measurements).
"""

from bot.games.hearts.actions import Action, ChooseMoon, PassCards, PlayCard, action_from_dict, action_to_dict
from bot.games.hearts.ai import (
    STRATEGIES,
    BaselineStrategy,
    HeartsStrategy,
    StrongStrategy,
    act,
    moon_choice_for,
)
from bot.games.hearts.engine import FORMAT_VERSION, Hearts
from bot.games.hearts.errors import IllegalMove, RefusalCode
from bot.games.hearts.events import (
    CardPlayed,
    Event,
    GameEnded,
    HandDealt,
    HandScored,
    HeartsBroken,
    MoonChosen,
    MoonShot,
    PassChosen,
    PassesExchanged,
    PlayStarted,
    TrickWon,
)
from bot.games.hearts.options import (
    CLUB_LEAD_RULES,
    CURRENT_RULES,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ORIGINAL_RULES,
    PASS_SIZE,
    RULES_VERSIONS,
    HeartsOptions,
    MoonChoice,
    Phase,
    pass_offset_for,
)
from bot.games.hearts.rules import QUEEN_OF_SPADES, card_points, is_penalty
from bot.games.hearts.state import deal_seed
from bot.games.hearts.view import HeartsView

__all__ = [
    "CLUB_LEAD_RULES",
    "CURRENT_RULES",
    "FORMAT_VERSION",
    "HAND_SIZE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "ORIGINAL_RULES",
    "PASS_SIZE",
    "QUEEN_OF_SPADES",
    "RULES_VERSIONS",
    "STRATEGIES",
    "Action",
    "BaselineStrategy",
    "CardPlayed",
    "ChooseMoon",
    "Event",
    "GameEnded",
    "HandDealt",
    "HandScored",
    "Hearts",
    "HeartsBroken",
    "HeartsOptions",
    "HeartsStrategy",
    "HeartsView",
    "IllegalMove",
    "MoonChoice",
    "MoonChosen",
    "MoonShot",
    "PassCards",
    "PassChosen",
    "PassesExchanged",
    "Phase",
    "PlayCard",
    "PlayStarted",
    "RefusalCode",
    "StrongStrategy",
    "TrickWon",
    "act",
    "action_from_dict",
    "action_to_dict",
    "card_points",
    "deal_seed",
    "is_penalty",
    "moon_choice_for",
    "pass_offset_for",
]
