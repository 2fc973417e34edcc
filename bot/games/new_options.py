"""The options of `/game new` that choose a game's rules, each with its description and choices in English (the slash
command's words, translated by the command catalogs, `bot/ui/translator.py`): one list for the command and for the
Activity's page, which opens a table with them. Which game an option belongs to is the game's own
(`GameRules.option_names`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class NewOption:
    """An option: what it does, and its choices as (English name, value); none for a yes/no option."""

    description: str
    choices: tuple[tuple[str, str], ...] = ()


NEW_OPTIONS: Final = {
    "three_cards": NewOption("The Game, expert: play at least three cards a turn while the draw pile lasts"),
    "smaller_hand": NewOption("The Game, expert: one card fewer in every hand"),
    "full_cycle": NewOption("Barbu: every player deals the five contracts (the long game)"),
    "early_end": NewOption(
        "Barbu: a hand ends once its penalty cards are all taken (the points are the same)"
    ),
    "draw_one": NewOption("Klondike: turn one card from the stock instead of three"),
    "any_colour": NewOption("Klondike: build the columns down whatever the colours"),
    "team_play": NewOption(
        "Klondike with several players: in turns, or everyone at once",
        (("in turns", "turns"), ("everyone at once", "together")),
    ),
    "strict": NewOption("Crapette: refuse a move that breaks the priority rule (no Crapette! calls)"),
    "opponent_build": NewOption(
        "Crapette: how cards go on the opponent's piles",
        (("same suit, up or down", "suit"), ("alternating colours, up or down", "alternate")),
    ),
}
