"""The strong strategy: plans the whole turn by searching the sequences of plays and scoring where they leave
the piles, counting the cards that can still come."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from bot.ai.search import PILE_INDEX, PILE_LABELS, STEP, Seq, Tops, fits, longest_sequence, with_top
from bot.ai.types import MarkerKind, TurnPlan
from bot.ai.view import PlayerView, player_view
from bot.engine import Game


@dataclass(frozen=True, slots=True)
class StrongParams:
    """The weights of the strong strategy's score (lower is better). Tuned by simulation."""

    extra_bonus: float = 0.6  # an extra card (beyond the minimum) is worth this many skipped cards
    extra_step_max: int = 2  # extras considered only when they skip at most this many live cards (or go back)
    dead_weight: float = 1.0  # extra cost per live card left with no pile at all (the "dead zone")
    leftover_weight: float = 0.0  # cost per live card my remaining cards would have to skip at best
    leftover_cap: int = 12
    own_dead_penalty: float = 3.0  # a card of my hand that no pile accepts any more
    pair_bonus: float = 1.0  # a pair (x, x+10) kept in hand that can still be played as a backwards pair
    keep_off_penalty: float = 6.0  # a forward move on a pile a teammate asked to keep off
    small_steps_penalty: float = 0.8  # per skipped card (up to small_steps_cap) on a "small steps" pile
    small_steps_cap: int = 6
    marker_close: int = 3  # set "small steps" when holding a card at most this many live cards past the top
    use_markers: bool = True


@dataclass(slots=True)
class _Leaf:
    seq: Seq
    mask: int
    tops: Tops
    base: float
    marker: float
    pair: float

    @property
    def score(self) -> float:
        return self.base + self.marker - self.pair


class _Context:
    """Per-decision precomputation: live-card prefix counts."""

    __slots__ = ("dead0", "hand", "pre", "tops0")

    def __init__(self, view: PlayerView) -> None:
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
        self.hand = view.hand
        self.tops0 = view.tops
        self.dead0 = self.between(max(view.tops[2], view.tops[3]), min(view.tops[0], view.tops[1]))

    def between(self, low: int, high: int) -> int:
        """Live cards strictly between low and high (0 when low >= high - 1)."""
        if high - low < 2:
            return 0
        return self.pre[high - 1] - self.pre[low]


def _played_between(played: list[int], low: int, high: int) -> int:
    count = 0
    for card in played:
        if low < card < high:
            count += 1
    return count


class StrongStrategy:
    """Searches the turn's sequences of plays; see docs/ai.md for the score."""

    def __init__(self, params: StrongParams | None = None, name: str = "strong") -> None:
        self.params = params or StrongParams()
        self.name = name

    def plan_turn(self, game: Game, seat: int, markers: Mapping[str, str]) -> TurnPlan:
        return self.plan_view(player_view(game, seat, markers if self.params.use_markers else {}))

    # ------------------------------------------------------------------ planning

    def plan_view(self, view: PlayerView) -> TurnPlan:
        ctx = _Context(view)
        need = view.needed
        endgame = view.draw_pile_count == 0
        hand = view.hand
        if endgame and not view.unseen:
            # Nobody else holds a card and nothing is left to draw: play the longest sequence there is.
            seq = longest_sequence(hand, view.tops)
            reason = "endgame_search" if len(seq) >= need else "forced"
            return self._finish(view, ctx, seq, reason, None)
        leaves = self._search(view, ctx, need, endgame)
        if not leaves:
            seq = longest_sequence(hand, view.tops)
            return self._finish(view, ctx, seq, "forced", None)
        best = min(leaves, key=lambda leaf: leaf.score)
        reason, pile = self._reason(view, leaves, best, need, endgame)
        return self._finish(view, ctx, best.seq, reason, pile)

    def _search(self, view: PlayerView, ctx: _Context, need: int, endgame: bool) -> list[_Leaf]:
        params = self.params
        hand = view.hand
        size = len(hand)
        tops0 = view.tops
        pre = ctx.pre
        hand_index = {card: index for index, card in enumerate(hand)}
        seen: set[tuple[int, Tops]] = set()
        leaves: list[_Leaf] = []
        stack: list[tuple[int, Tops, Seq]] = [(0, tops0, ())]
        step_max = params.extra_step_max
        while stack:
            mask, tops, seq = stack.pop()
            depth = len(seq)
            if depth >= need:
                leaves.append(self._evaluate(view, ctx, seq, mask, tops, need, endgame))
            for index in range(size):
                bit = 1 << index
                if mask & bit:
                    continue
                card = hand[index]
                for pile in range(4):
                    top = tops[pile]
                    if pile < 2:
                        if card > top:
                            back = False
                        elif card == top - STEP:
                            back = True
                        else:
                            continue
                        if pile == 1 and tops[0] == top:
                            continue
                    else:
                        if card < top:
                            back = False
                        elif card == top + STEP:
                            back = True
                        else:
                            continue
                        if pile == 3 and tops[2] == top:
                            continue
                    new_mask = mask | bit
                    if depth >= need and not back and not endgame:
                        # An extra card: only cheap steps, or a step that a card of mine can take back.
                        if pile < 2:
                            skipped = pre[card - 1] - pre[top] if card - top >= 2 else 0
                            partner = hand_index.get(card - STEP)
                        else:
                            skipped = pre[top - 1] - pre[card] if top - card >= 2 else 0
                            partner = hand_index.get(card + STEP)
                        if skipped > step_max:
                            for other in range(size):
                                if mask & (1 << other):
                                    low, high = (top, card) if pile < 2 else (card, top)
                                    if low < hand[other] < high:
                                        skipped -= 1
                            if skipped > step_max and (partner is None or new_mask & (1 << partner)):
                                continue
                    new_tops = with_top(tops, pile, card)
                    key = (new_mask, new_tops)
                    if key in seen:
                        continue
                    seen.add(key)
                    stack.append((new_mask, new_tops, (*seq, (card, pile))))
        return leaves

    def _evaluate(
        self, view: PlayerView, ctx: _Context, seq: Seq, mask: int, tops: Tops, need: int, endgame: bool
    ) -> _Leaf:
        params = self.params
        hand = view.hand
        played = [card for card, _ in seq]
        tops0 = view.tops
        between = ctx.between
        cost = 0.0
        marker = 0.0
        markers = view.markers
        for pile in range(4):
            t0 = tops0[pile]
            t1 = tops[pile]
            if t0 == t1:
                continue
            forward = (t1 > t0) if pile < 2 else (t1 < t0)
            low, high = (t0, t1) if t0 < t1 else (t1, t0)
            count = between(low, high) - _played_between(played, low, high)
            if forward:
                cost += count
                kind = markers.get(PILE_LABELS[pile]) if markers else None
                if kind == "keep_off":
                    marker += params.keep_off_penalty
                elif kind == "small_steps":
                    marker += params.small_steps_penalty * min(count, params.small_steps_cap)
            else:
                cost -= count
        a, b, c, d = tops
        lo = a if a < b else b
        hi = c if c > d else d
        dead = between(hi, lo) - _played_between(played, hi, lo) if lo - hi >= 2 else 0
        cost += params.dead_weight * (dead - ctx.dead0)
        # My remaining cards.
        remaining = [card for index, card in enumerate(hand) if not mask & (1 << index)]
        leftover = 0.0
        own_dead = 0
        pair = 0.0
        remaining_set = set(remaining)
        for card in remaining:
            best: int | None = None
            for pile in range(4):
                top = tops[pile]
                if pile < 2:
                    if card > top:
                        skip = between(top, card) - _played_between(played, top, card)
                    elif card == top - STEP:
                        skip = -1
                    else:
                        continue
                elif card < top:
                    skip = between(card, top) - _played_between(played, card, top)
                elif card == top + STEP:
                    skip = -1
                else:
                    continue
                if best is None or skip < best:
                    best = skip
            if best is None:
                own_dead += 1
            else:
                leftover += min(best, params.leftover_cap)
            if card + STEP in remaining_set and (lo < card or hi > card + STEP):
                pair += params.pair_bonus
        extras = len(seq) - need
        base = (
            cost
            + params.leftover_weight * leftover
            + params.own_dead_penalty * own_dead
            - params.extra_bonus * extras
        )
        return _Leaf(seq, mask, tops, base, marker, pair)

    def _reason(
        self, view: PlayerView, leaves: list[_Leaf], best: _Leaf, need: int, endgame: bool
    ) -> tuple[str, str | None]:
        for card, pile in best.seq:
            if card == (view.tops[pile] - STEP if pile < 2 else view.tops[pile] + STEP):
                return "backwards_move", PILE_LABELS[pile]
        # A backwards move set up within the turn (e.g. up then ten back on the same pile).
        tops = view.tops
        for card, pile in best.seq:
            if not fits(pile, tops[pile], card):
                break
            if card == (tops[pile] - STEP if pile < 2 else tops[pile] + STEP):
                return "backwards_move", PILE_LABELS[pile]
            tops = with_top(tops, pile, card)
        if endgame:
            return "endgame_search", None
        if sum(1 for leaf in leaves if len(leaf.seq) == need) <= 1 and len(leaves) <= 1:
            return "forced", None
        unmarked = min(leaves, key=lambda leaf: leaf.base - leaf.pair)
        if best.marker < unmarked.marker:
            for pile in range(4):
                if unmarked.tops[pile] != best.tops[pile] and view.markers.get(PILE_LABELS[pile]):
                    return "respect_marker", PILE_LABELS[pile]
            return "respect_marker", None
        unpaired = min(leaves, key=lambda leaf: leaf.base + leaf.marker)
        if best.pair > unpaired.pair:
            return "keep_pair", None
        return "smallest_gaps", None

    def _finish(self, view: PlayerView, ctx: _Context, seq: Seq, reason: str, pile: str | None) -> TurnPlan:
        plays = tuple((card, PILE_LABELS[index]) for card, index in seq)
        markers: dict[str, MarkerKind | None] = {}
        if self.params.use_markers and view.players > 1:
            tops = view.tops
            for card, index in seq:
                tops = with_top(tops, index, card)
            played = {card for card, _ in seq}
            hand = tuple(card for card in view.hand if card not in played)
            unseen = view.unseen
            markers = dict(desired_markers_for(hand, tops, unseen, self.params.marker_close))
        return TurnPlan(plays, reason, pile, markers)


def desired_markers_for(
    hand: tuple[int, ...], tops: Tops, unseen: frozenset[int], close: int
) -> dict[str, MarkerKind | None]:
    """The markers a player with `hand` wants on piles `tops`: keep_off where it holds a backwards move or the very
    next card that can still come, small_steps where it holds a card at most `close` live cards past the top."""
    live = unseen | frozenset(hand)
    result: dict[str, MarkerKind | None] = {}
    for pile in range(4):
        top = tops[pile]
        kind: MarkerKind | None = None
        for card in hand:
            if pile < 2:
                if card == top - STEP:
                    kind = "keep_off"
                    break
                if card <= top:
                    continue
                skipped = sum(1 for other in live if top < other < card)
            else:
                if card == top + STEP:
                    kind = "keep_off"
                    break
                if card >= top:
                    continue
                skipped = sum(1 for other in live if card < other < top)
            if skipped == 0:
                kind = "keep_off"
                break
            if skipped <= close:
                kind = "small_steps"
        result[PILE_LABELS[pile]] = kind
    return result


def desired_markers(
    game: Game, seat: int, params: StrongParams | None = None
) -> dict[str, MarkerKind | None]:
    """The markers `seat` wants now from its own hand (e.g. after drawing): kind per pile, None to clear."""
    view = player_view(game, seat)
    return desired_markers_for(view.hand, view.tops, view.unseen, (params or StrongParams()).marker_close)


def strong_strategy() -> StrongStrategy:
    return StrongStrategy()


def tuned(**changes: object) -> StrongStrategy:
    """A strong strategy with some weights changed (for experiments)."""
    return StrongStrategy(replace(StrongParams(), **changes))  # type: ignore[arg-type]


__all__ = ["PILE_INDEX", "StrongParams", "StrongStrategy", "desired_markers", "strong_strategy", "tuned"]
