"""The strong strategy: plans the whole turn by searching the sequences of plays and scoring where they leave
the piles, counting the cards that can still come (see the README, "AI teammates, hints and the simulator")."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace

from bot.games.thegame.ai.search import PILE_LABELS, STEP, Seq, Tops, longest_sequence, with_top
from bot.games.thegame.ai.types import MarkerKind, TurnPlan
from bot.games.thegame.ai.view import PlayerView, player_view
from bot.games.thegame.engine import Game

_EPSILON = 1e-9
# A teammate asks for small steps on a pile when they hold a card at most this many live cards past its top: a
# forward play skipping more live cards than this passes their card for sure.
SMALL_STEPS_CLOSE = 3


@dataclass(frozen=True, slots=True)
class StrongParams:
    """The weights of the strong strategy's score (lower is better), in "skipped live cards". Tuned by
    simulation on development seeds."""

    # An extra card (beyond the minimum) is worth this many skipped cards.
    extra_bonus: float = 0.3
    # Extras are single plays skipping at most this many live cards, backwards moves, or backwards pairs.
    extra_step_max: int = 2
    # Minimum plays skipping this many more live cards than the best play from the same point are not tried.
    prune_margin: int = 20
    # How many of the best minimum-play states are extended with extras.
    beam: int = 20
    # Extra cost per live card left with no pile at all (the "dead zone" between the piles).
    dead_weight: float = 2.5
    # Cost per live card between each of my remaining cards and the nearest pile that takes it (capped).
    leftover_weight: float = 0.1
    leftover_cap: int = 99
    # A card of my hand that no pile accepts any more.
    own_dead_penalty: float = 3.0
    # A pair (x, x+10) kept in hand that can still be played as a backwards pair.
    pair_bonus: float = 0.5
    # A forward move on a pile a teammate asked to keep off.
    keep_off_penalty: float = 6.0
    # Per skipped card (up to small_steps_cap) on a pile a teammate asked to take in small steps.
    small_steps_penalty: float = 0.8
    small_steps_cap: int = 6
    # Set "small_steps" when holding a card at most this many live cards past the top.
    marker_close: int = SMALL_STEPS_CLOSE
    use_markers: bool = True
    # Let the seat with the best opening start (else seat 0).
    choose_first: bool = True  # let the seat with the best opening start (else seat 0)


@dataclass(slots=True)
class _Leaf:
    seq: Seq
    mask: int
    tops: Tops
    base: float  # pile movement, dead zone, my hand, extras
    marker: float  # penalties for the teammates' markers
    pair: float  # bonus for the backwards pairs kept

    @property
    def score(self) -> float:
        return self.base + self.marker - self.pair


class _Planner:
    """One decision: precomputed live-card counts and the search over the turn's plays."""

    def __init__(self, view: PlayerView, params: StrongParams) -> None:
        self.view = view
        self.params = params
        self.hand = view.hand
        self.tops0 = view.tops
        self.need = view.needed
        self.endgame = view.draw_pile_count == 0
        self.markers = view.markers if params.use_markers else {}
        live = [False] * 102
        for card in view.unseen:
            live[card] = True
        for card in view.hand:
            live[card] = True
        pre = [0] * 102
        count = 0
        for value in range(102):
            if live[value]:
                count += 1
            pre[value] = count
        self.pre = pre
        a, b, c, d = view.tops
        self.dead0 = self.between(c if c > d else d, a if a < b else b)
        self.index_of = {card: index for index, card in enumerate(self.hand)}

    def between(self, low: int, high: int) -> int:
        """Live cards (before this turn) strictly between low and high."""
        if high - low < 2:
            return 0
        return self.pre[high - 1] - self.pre[low]

    # ------------------------------------------------------------------ moves

    def moves(self, mask: int, tops: Tops) -> Iterator[tuple[int, int, int, bool]]:
        """(hand index, card, pile, backwards) for every card not in `mask` that fits a pile of `tops`."""
        a, b, c, d = tops
        for index, card in enumerate(self.hand):
            if mask & (1 << index):
                continue
            if card > a:
                yield index, card, 0, False
            elif card == a - STEP:
                yield index, card, 0, True
            if b != a:
                if card > b:
                    yield index, card, 1, False
                elif card == b - STEP:
                    yield index, card, 1, True
            if card < c:
                yield index, card, 2, False
            elif card == c + STEP:
                yield index, card, 2, True
            if d != c:
                if card < d:
                    yield index, card, 3, False
                elif card == d + STEP:
                    yield index, card, 3, True

    def skipped(self, mask: int, pile: int, top: int, card: int) -> int:
        """Live cards skipped by playing `card` on `pile` (top `top`), cards played this turn (`mask`) excepted."""
        low, high = (top, card) if pile < 2 else (card, top)
        count = self.between(low, high)
        if count:
            for index, other in enumerate(self.hand):
                if mask & (1 << index) and low < other < high:
                    count -= 1
        return count

    def partner(self, mask: int, pile: int, card: int) -> int | None:
        """The hand index of the card that is a backwards move right after `card` on `pile`, if I hold it."""
        index = self.index_of.get(card - STEP if pile < 2 else card + STEP)
        if index is None or mask & (1 << index):
            return None
        return index

    # ------------------------------------------------------------------ search

    def minimum_states(self) -> list[tuple[int, Tops, Seq]]:
        """Every state reachable with exactly the plays still needed (plays much worse than the best play from
        the same state are left out, unless a card of mine takes them back)."""
        margin = self.params.prune_margin
        layer: dict[tuple[int, Tops], Seq] = {(0, self.tops0): ()}
        for _ in range(self.need):
            following: dict[tuple[int, Tops], Seq] = {}
            for (mask, tops), seq in layer.items():
                options = []
                for index, card, pile, back in self.moves(mask, tops):
                    size = -1 if back else self.skipped(mask, pile, tops[pile], card)
                    options.append((size, index, card, pile))
                if not options:
                    continue
                limit = min(option[0] for option in options) + margin
                for size, index, card, pile in options:
                    if size > limit and self.partner(mask, pile, card) is None:
                        continue
                    key = (mask | (1 << index), with_top(tops, pile, card))
                    if key not in following:
                        following[key] = (*seq, (card, pile))
            layer = following
        return [(mask, tops, seq) for (mask, tops), seq in layer.items()]

    def extend(self, leaf: _Leaf) -> _Leaf:
        """Add extra cards one at a time while the score improves: cheap single plays, backwards moves, and a
        card followed by its backwards partner."""
        step_max = self.params.extra_step_max
        endgame = self.endgame
        current = leaf
        while True:
            mask, tops, seq = current.mask, current.tops, current.seq
            best = current
            for index, card, pile, back in self.moves(mask, tops):
                bit = 1 << index
                if back or endgame or self.skipped(mask, pile, tops[pile], card) <= step_max:
                    candidate = self.evaluate((*seq, (card, pile)), mask | bit, with_top(tops, pile, card))
                    if candidate.score < best.score - _EPSILON:
                        best = candidate
                if not back:
                    other = self.partner(mask | bit, pile, card)
                    if other is not None:
                        back_card = self.hand[other]
                        candidate = self.evaluate(
                            (*seq, (card, pile), (back_card, pile)),
                            mask | bit | (1 << other),
                            with_top(tops, pile, back_card),
                        )
                        if candidate.score < best.score - _EPSILON:
                            best = candidate
            if best is current:
                return current
            current = best

    def evaluate(self, seq: Seq, mask: int, tops: Tops) -> _Leaf:
        params = self.params
        hand = self.hand
        played = [card for card, _ in seq]
        tops0 = self.tops0
        between = self.between
        markers = self.markers
        cost = 0.0
        marker = 0.0
        for pile in range(4):
            t0 = tops0[pile]
            t1 = tops[pile]
            if t0 == t1:
                continue
            low, high = (t0, t1) if t0 < t1 else (t1, t0)
            count = between(low, high)
            if count:
                for card in played:
                    if low < card < high:
                        count -= 1
            if (t1 > t0) if pile < 2 else (t1 < t0):
                cost += count
                if markers:
                    kind = markers.get(PILE_LABELS[pile])
                    if kind == "keep_off":
                        marker += params.keep_off_penalty
                    elif kind == "small_steps":
                        marker += params.small_steps_penalty * min(count, params.small_steps_cap)
            else:
                cost -= count
        a, b, c, d = tops
        lo = a if a < b else b
        hi = c if c > d else d
        if lo - hi >= 2:
            dead = between(hi, lo)
            for card in played:
                if hi < card < lo:
                    dead -= 1
        else:
            dead = 0
        cost += params.dead_weight * (dead - self.dead0)
        # My remaining cards.
        own_dead = 0
        pair = 0.0
        leftovers: list[int] = []
        back_a, back_b, back_c, back_d = a - STEP, b - STEP, c + STEP, d + STEP
        leftover_weight = params.leftover_weight
        for index, card in enumerate(hand):
            if mask & (1 << index):
                continue
            if card > lo or card < hi:
                if card + STEP in self.index_of and not mask & (1 << self.index_of[card + STEP]):
                    pair += params.pair_bonus
                if leftover_weight:
                    leftovers.append(self._best_skip(mask, played, tops, card))
            elif card not in (back_a, back_b, back_c, back_d):
                own_dead += 1
        leftover = float(sum(leftovers))
        base = (
            cost
            + leftover_weight * leftover
            + params.own_dead_penalty * own_dead
            - params.extra_bonus * (len(seq) - self.need)
        )
        return _Leaf(seq, mask, tops, base, marker, pair)

    def _best_skip(self, mask: int, played: list[int], tops: Tops, card: int) -> int:
        best = self.params.leftover_cap
        for pile in range(4):
            top = tops[pile]
            if pile < 2:
                if card > top:
                    low, high = top, card
                elif card == top - STEP:
                    return 0
                else:
                    continue
            elif card < top:
                low, high = card, top
            elif card == top + STEP:
                return 0
            else:
                continue
            count = self.between(low, high)
            for other in played:
                if low < other < high:
                    count -= 1
            if count < best:
                best = count
        return best

    def plan(self) -> tuple[list[_Leaf], _Leaf | None]:
        states = self.minimum_states()
        if not states:
            return [], None
        leaves = [self.evaluate(seq, mask, tops) for mask, tops, seq in states]
        leaves.sort(key=lambda leaf: leaf.score)
        extended = [self.extend(leaf) for leaf in leaves[: self.params.beam]]
        candidates = extended + leaves[self.params.beam :]
        best = min(candidates, key=lambda leaf: leaf.score)
        return candidates, best


class StrongStrategy:
    """Searches the turn's sequences of plays; see the README's AI section for the score."""

    def __init__(self, params: StrongParams | None = None, name: str = "strong") -> None:
        self.params = params or StrongParams()
        self.name = name

    def plan_turn(self, game: Game, seat: int, markers: Mapping[str, str]) -> TurnPlan:
        return self.plan_view(player_view(game, seat, markers))

    def desired_markers(self, game: Game, seat: int) -> dict[str, MarkerKind | None]:
        """The markers `seat` wants now from its own hand (e.g. right after drawing); see `desired_markers`."""
        if not self.params.use_markers or game.players < 2:
            return {}
        return desired_markers(game, seat, self.params)

    def opening_score(self, game: Game, seat: int) -> float:
        """How costly `seat`'s best first turn would be (lower is better), from its own hand only."""
        view = replace(player_view(game, seat), is_my_turn=True, played_this_turn=0)
        _, best = _Planner(view, self.params).plan()
        return float("inf") if best is None else best.score

    def choose_first_player(self, game: Game) -> int:
        """The seat the team should let start: each player tells (without numbers) how good a start their hand
        allows ("I can start very well"), and the best start goes first; ties go to the lowest seat."""
        if not self.params.choose_first:
            return 0
        scores = [self.opening_score(game, seat) for seat in range(game.players)]
        return min(range(game.players), key=lambda seat: (scores[seat], seat))

    def plan_view(self, view: PlayerView) -> TurnPlan:
        if not view.is_my_turn:
            raise ValueError(f"It is not seat {view.seat}'s turn.")
        need = view.needed
        if view.draw_pile_count == 0 and not view.unseen:
            # Nobody else holds a card and nothing is left to draw: play the longest sequence there is.
            seq = longest_sequence(view.hand, view.tops)
            return self._finish(view, seq, "endgame_search" if len(seq) >= need else "forced", None)
        planner = _Planner(view, self.params)
        leaves, best = planner.plan()
        if best is None:
            return self._finish(view, longest_sequence(view.hand, view.tops, need), "forced", None)
        reason, pile = _reason(view, leaves, best, need, planner.endgame)
        return self._finish(view, best.seq, reason, pile)

    def _finish(self, view: PlayerView, seq: Seq, reason: str, pile: str | None) -> TurnPlan:
        plays = tuple((card, PILE_LABELS[index]) for card, index in seq)
        markers: dict[str, MarkerKind | None] = {}
        if self.params.use_markers and view.players > 1:
            tops = view.tops
            for card, index in seq:
                tops = with_top(tops, index, card)
            played = {card for card, _ in seq}
            hand = tuple(card for card in view.hand if card not in played)
            markers = desired_markers_for(hand, tops, view.unseen, self.params.marker_close)
        return TurnPlan(plays, reason, pile, markers)


def _reason(
    view: PlayerView, leaves: list[_Leaf], best: _Leaf, need: int, endgame: bool
) -> tuple[str, str | None]:
    tops = view.tops
    for card, pile in best.seq:
        if card == (tops[pile] - STEP if pile < 2 else tops[pile] + STEP):
            return "backwards_move", PILE_LABELS[pile]
        tops = with_top(tops, pile, card)
    if endgame:
        return "endgame_search", None
    if len(leaves) <= 1:
        return "forced", None
    unmarked = min(leaves, key=lambda leaf: leaf.base - leaf.pair)
    if best.marker < unmarked.marker - _EPSILON:
        for pile in range(4):
            if unmarked.tops[pile] != best.tops[pile] and view.markers.get(PILE_LABELS[pile]):
                return "respect_marker", PILE_LABELS[pile]
        return "respect_marker", None
    unpaired = min(leaves, key=lambda leaf: leaf.base + leaf.marker)
    if best.pair > unpaired.pair + _EPSILON:
        return "keep_pair", None
    return "smallest_gaps", None


def desired_markers_for(
    hand: tuple[int, ...], tops: Tops, unseen: frozenset[int], close: int
) -> dict[str, MarkerKind | None]:
    """The markers a player holding `hand` wants on piles `tops`, one entry per pile (None: no marker).

    keep_off: it holds a backwards move for the pile, or the very next card that can still come there (any
    forward play by a teammate would skip it). small_steps: it holds a card at most `close` live cards past the
    top.
    """
    live = sorted(unseen | frozenset(hand))
    result: dict[str, MarkerKind | None] = {}
    for pile in range(4):
        top = tops[pile]
        kind: MarkerKind | None = None
        if pile < 2:
            ahead = [card for card in live if card > top]  # the live cards this pile can still take, in order
            back = top - STEP
        else:
            ahead = [card for card in reversed(live) if card < top]
            back = top + STEP
        if back in hand:
            kind = "keep_off"
        else:
            for position, card in enumerate(ahead[: close + 1]):
                if card in hand:
                    kind = "keep_off" if position == 0 else "small_steps"
                    break
        result[PILE_LABELS[pile]] = kind
    return result


def desired_markers(
    game: Game, seat: int, params: StrongParams | None = None
) -> dict[str, MarkerKind | None]:
    """The markers `seat` wants now, from its own hand and the public piles (e.g. after drawing): one entry per
    pile, a kind to set or None to clear its own."""
    view = player_view(game, seat)
    return desired_markers_for(view.hand, view.tops, view.unseen, (params or StrongParams()).marker_close)


def strong_strategy() -> StrongStrategy:
    return StrongStrategy()
