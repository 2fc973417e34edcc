"""What one seat can know: `BarbuView`, built by `Barbu.view(seat)`. The AI strategies only ever read this."""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.games.barbu.contracts import Contract, cards_per_player, deck_count, playing_deck, set_aside_count
from bot.games.barbu.options import BarbuOptions
from bot.games.barbu.records import HandResult, Phase, Trick
from bot.games.cards import Card
from bot.games.tricks import TrickPlay

if TYPE_CHECKING:
    from bot.games.barbu.engine import Barbu


@dataclass(frozen=True, slots=True)
class BarbuView:
    """One seat's knowledge of the game: its own hand and everything the board shows.

    Per-seat tuples (`tricks_taken`, `penalty_cards`, `hand_points`, `scores`, `known_voids`, `card_counts`) are
    indexed by seat. `tricks` and `current_trick` say who played every card of this hand. No other hand, and not
    the cards set aside, appear here.
    """

    seat: int
    options: BarbuOptions
    phase: Phase
    hand_number: int
    hands_total: int
    contract: Contract
    dealer: int
    hand: tuple[Card, ...]
    legal_cards: tuple[Card, ...]
    to_act: tuple[int, ...]  # the seat to play, or () once the game is over
    trick_leader: int | None
    current_trick: tuple[TrickPlay, ...]
    tricks: tuple[Trick, ...]
    tricks_taken: tuple[int, ...]
    penalty_cards: tuple[tuple[Card, ...], ...]
    hand_points: tuple[int, ...]
    scores: tuple[int, ...]
    hand_history: tuple[HandResult, ...]
    known_voids: tuple[frozenset[str], ...]
    card_counts: tuple[int, ...]
    winners: tuple[int, ...]  # once the game is over

    @property
    def players(self) -> int:
        return self.options.players

    @property
    def decks(self) -> int:
        return deck_count(self.options.players)

    @property
    def cards_per_player(self) -> int:
        return cards_per_player(self.options.players)

    @property
    def set_aside_count(self) -> int:
        """How many cards were left undealt, face down, this hand."""
        return set_aside_count(self.options.players)

    @property
    def is_my_turn(self) -> bool:
        return self.seat in self.to_act

    @property
    def led_suit(self) -> str | None:
        return self.current_trick[0].card.suit if self.current_trick else None

    @property
    def plays(self) -> tuple[TrickPlay, ...]:
        """Every card played this hand with who played it, in order (the trick in progress last)."""
        return tuple(play for trick in self.tricks for play in trick.plays) + self.current_trick

    @property
    def trick_number(self) -> int:
        """The trick in progress, 0-based (the number of completed tricks this hand)."""
        return len(self.tricks)

    def unseen_cards(self) -> tuple[Card, ...]:
        """The cards this seat has not seen this hand (the other hands and the cards set aside), sorted."""
        remaining = Counter(playing_deck(self.options.players))
        remaining.subtract(self.hand)
        remaining.subtract(play.card for play in self.plays)
        return tuple(sorted(remaining.elements()))

    def fingerprint(self) -> int:
        """A stable 64-bit number computed from everything in this view (the same in every process)."""
        parts = [
            repr(self.options.to_dict()),
            str(self.seat),
            self.phase.value,
            str(self.hand_number),
            " ".join(card.code for card in self.hand),
            " ".join(f"{play.seat}{play.card.code}" for play in self.plays),
            repr(self.scores),
        ]
        digest = hashlib.sha256("|".join(parts).encode()).digest()
        return int.from_bytes(digest[:8], "big")


def view_of(game: Barbu, seat: int) -> BarbuView:
    """The view of `seat` (assumed valid) in `game`."""
    players = range(game.players)
    return BarbuView(
        seat=seat,
        options=game.options,
        phase=game.phase,
        hand_number=game.hand_number,
        hands_total=game.hands_total,
        contract=game.contract,
        dealer=game.dealer,
        hand=game.hand(seat),
        legal_cards=game.legal_cards(seat),
        to_act=game.to_act(),
        trick_leader=game.trick_leader,
        current_trick=game.current_trick,
        tricks=game.tricks,
        tricks_taken=tuple(game.tricks_taken(other) for other in players),
        penalty_cards=tuple(game.penalty_cards(other) for other in players),
        hand_points=tuple(game.hand_points(other) for other in players),
        scores=game.scores,
        hand_history=game.hand_history,
        known_voids=tuple(game.known_voids(other) for other in players),
        card_counts=tuple(game.cards_in_hand(other) for other in players),
        winners=game.winners,
    )
