"""What one seat can know: the only thing an AI (or a seat's private display) reads."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.cards import Card
from bot.games.hearts.options import CURRENT_RULES, Phase
from bot.games.tricks import TrickPlay


@dataclass(frozen=True, slots=True)
class HeartsView:
    """One seat's knowledge of the game.

    Public: the phase, the scores, the cards played this hand (with who played them), the trick in progress, the
    tricks and penalty cards taken, each seat's card count and the suits each seat is known to lack. Private to
    `seat`: its hand, the cards it chose to pass and the cards it received. Nothing else: no other hand, no other
    seat's pass, no set-aside card, no seed.

    `known_voids[s]` are the suits seat `s` has shown it lacks: it did not follow one, or it led a heart before
    hearts were broken (so it held only hearts), or it played a penalty card on the first trick while void (so it
    held neither clubs nor diamonds). The first lead under the current rules (always the lowest card) shows nothing.
    """

    seat: int
    players: int
    decks: int
    target: int
    phase: Phase
    hand_number: int
    pass_offset: int | None
    to_act: tuple[int, ...]
    hand: tuple[Card, ...]
    legal_cards: tuple[Card, ...]
    chosen_pass: tuple[Card, ...] | None
    received_cards: tuple[Card, ...]
    plays: tuple[
        TrickPlay, ...
    ]  # every card played this hand, in order (complete tricks, then the current one)
    current_trick: tuple[TrickPlay, ...]
    trick_leader: int | None
    trick_number: int  # 0-based: 0 is the first trick
    hearts_broken: bool
    tricks_taken: tuple[int, ...]
    penalty_cards: tuple[tuple[Card, ...], ...]
    hand_points: tuple[int, ...]
    scores: tuple[int, ...]
    hand_history: tuple[tuple[int, ...], ...]
    card_counts: tuple[int, ...]
    known_voids: tuple[frozenset[str], ...]
    moon_shooter: int | None
    winners: tuple[int, ...]
    rules_version: int = CURRENT_RULES  # the rules the game is played by (`options.RULES_VERSIONS`)

    @property
    def passes_exchanged(self) -> bool:
        """Whether this hand's passes have been exchanged (so `chosen_pass` sits in `pass_receiver`'s hand)."""
        return self.pass_offset is not None and self.phase in (Phase.PLAYING, Phase.MOON_CHOICE)

    @property
    def pass_receiver(self) -> int | None:
        """The seat this seat passes to this hand, or None on a hand without passing."""
        if self.pass_offset is None:
            return None
        return (self.seat + self.pass_offset) % self.players

    @property
    def is_first_trick(self) -> bool:
        return self.trick_number == 0

    def fingerprint(self) -> str:
        """A canonical text of what the view holds (the AI hashes it to seed its decisions, so the same view
        always gives the same decision)."""
        parts = [
            f"{self.seat}/{self.players}/{self.decks}/{self.target}/{self.phase.value}/{self.hand_number}",
            " ".join(card.code for card in self.hand),
            " ".join(card.code for card in self.chosen_pass or ()),
            " ".join(card.code for card in self.received_cards),
            " ".join(f"{play.seat}{play.card.code}" for play in self.plays),
            ",".join(map(str, self.scores)),
            ",".join(map(str, self.hand_points)),
            ",".join("".join(sorted(voids)) for voids in self.known_voids),
        ]
        return "|".join(parts)
