"""What one seat knows: every face-up card and the size of every face-down pile, never their order.

The AI reads only a `CrapetteView`. Two games that differ only in the order of face-down cards give equal
views. A stock made of a discard turned over is not face-down cards any more in that sense: everyone saw each of
its cards on the discard, in order, so the view shows it (`PlayerView.seen_stock`), as a player who remembers
knows it.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.crapette.board import Board
from bot.games.crapette.layout import NO_CARD, SEATS, UNKNOWN, CrapetteOptions, OwnedCard, card_id
from bot.games.crapette.moves import Action
from bot.games.crapette.priority import JudgedAction, MissedMove, missed_move


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One player's own piles, as everyone at the table sees them."""

    crapette_count: int
    crapette_top: OwnedCard | None  # face up; None when the crapette is empty
    stock_count: int  # face down
    stock_turned: OwnedCard | None  # the card turned up from the stock, waiting to be placed or discarded
    discard: tuple[OwnedCard, ...]  # face up, top last
    # The stock, bottom first, once it is a discard turned over: every card of it was seen face up, in that order.
    # None while it still holds face-down cards from the deal, which nobody has seen.
    seen_stock: tuple[OwnedCard, ...] | None = None

    @property
    def cards_left(self) -> int:
        """Crapette + stock + discard + turned card: 0 wins."""
        turned = 0 if self.stock_turned is None else 1
        return self.crapette_count + self.stock_count + len(self.discard) + turned


@dataclass(frozen=True, slots=True)
class CrapetteView:
    """The table as `seat` sees it.

    - `legal_actions`: those of the player on turn (empty once the game is over).
    - `last_action`: the player on turn's latest action this turn (None at the start of a turn).
    - `last_missed`: how that action broke the priority rule, or None. Anyone watching can work it out, so it
      is public, but a table should not show it to a human who may still call "Crapette!".
    - `closing`: the action that ended the previous turn by its player's choice, while their opponent may still
      call "Crapette!" on it (before the next action; rules version 2 on).
    - `repetitions`: how often the table at this turn's start has occurred (public; the third time draws).
    - `moved_between_side_piles`: the cards that may not move between side piles again yet (`already_moved`, the
      first rules).
    - `side_tables_seen`: the side piles (as card ids, see `layout.py`) seen since the player on turn last did
      anything but move a card between side piles: the tables this run of moves may bring back (everyone saw them;
      rules version 2 on, where bringing one back too often draws the game).
    """

    seat: int
    options: CrapetteOptions
    players: tuple[PlayerView, PlayerView]
    side_piles: tuple[tuple[OwnedCard, ...], ...]  # side piles 1..8, top last
    foundations: tuple[tuple[OwnedCard, ...], ...]  # F1..F8, top last
    current_player: int
    turn_number: int
    penalties: tuple[int, int]
    is_over: bool
    winner: int | None
    legal_actions: tuple[Action, ...]
    last_action: Action | None
    last_missed: MissedMove | None
    closing: JudgedAction | None
    repetitions: int
    moved_between_side_piles: frozenset[OwnedCard]
    side_tables_seen: frozenset[tuple[tuple[int, ...], ...]] = frozenset()

    def cards_left(self, seat: int) -> int:
        return self.players[seat].cards_left

    def priority_violation(self, action: Action) -> MissedMove | None:
        """How `action` by the player on turn would break the priority rule on this table, or None: the same
        answer as the engine's, from face-up cards only."""
        return missed_move(self.board(), self.current_player, action, self.options, self.moved_ids())

    def breach_to_call(self) -> MissedMove | None:
        """How the action a "Crapette!" by this seat would be judged on broke the priority rule (None: a call now
        would be wrong): the other player's turn-ending action while it is open to a call, else, during their
        turn, their latest action."""
        closing = self.closing
        if closing is not None and closing.seat != self.seat:
            return closing.missed
        if self.current_player == self.seat or self.is_over:
            return None
        return self.last_missed

    def moved_ids(self) -> frozenset[int]:
        """`moved_between_side_piles` as card ids, for a `Board`."""
        return frozenset(card_id(card) for card in self.moved_between_side_piles)

    def board(self) -> Board:
        """A masked board for planning: face-down cards are UNKNOWN (they fit nowhere)."""
        crapettes: list[list[int]] = []
        stocks: list[list[int]] = []
        discards: list[list[int]] = []
        turned: list[int] = []
        for seat in SEATS:
            player = self.players[seat]
            top = [] if player.crapette_top is None else [card_id(player.crapette_top)]
            crapettes.append([UNKNOWN] * (player.crapette_count - len(top)) + top)
            if player.seen_stock is None:
                stocks.append([UNKNOWN] * player.stock_count)
            else:
                stocks.append([card_id(card) for card in player.seen_stock])
            discards.append([card_id(card) for card in player.discard])
            turned.append(NO_CARD if player.stock_turned is None else card_id(player.stock_turned))
        return Board(
            crapettes,
            stocks,
            discards,
            turned,
            [[card_id(card) for card in pile] for pile in self.side_piles],
            [[card_id(card) for card in pile] for pile in self.foundations],
        )
