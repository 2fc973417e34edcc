"""Experiment: the strong AI's best lines played out over several turns, without cheating (a fair rollout player).

`crapette_ceiling.py` showed that a player who plays its candidate lines out over three turns of the opponent wins
95% of its games against the random player that keeps the priority rule, where today's AI wins 82%: but that player
sees every face-down card. This one sees what its seat sees, and plays fast enough to be measured on many games:

1. the AI's own search (`search.TurnSearch`, `--nodes` tables) on the seat's masked table records every place a
   line stops (to turn up an unknown card, or to end the turn) with the line that reached it (`TurnSearch.stops`);
   the best line and the lines to the `--lines` next best stops are the candidates;
2. the cards the seat cannot see (its own face-down cards, the opponent's) are drawn again `--samples` times from
   the cards it has not seen (`drawn`), the same draws for every candidate;
3. each candidate is played on each drawn table, the rest of the turn by a greedy player (`reply.greedy_action`,
   the rule kept), then `--turns` turns of the opponent played at random among what the rule allows (the
   benchmark's own opponent, the model most favourable to this player), the player's own turns in between greedy;
4. the table is scored as the search scores material, a game won or lost counting far above; the candidate with
   the best average is played (with `--blend B`: the search's score plus B times how much better than the
   candidates' mean its rollouts came out).

All of it works on `Board`s, not the engine: a rollout of a few turns costs about a millisecond. The draws come from
a generator seeded from what the seat sees (the same view, the same decision). The chosen line is followed while the
table is the one expected, and planned again otherwise (a card revealed).

Both today's AI and this player play the same deals against the same baseline seeds, each deal twice with the seats
swapped, as `benchmarks/crapette.py` plays them; development seeds only (never seed 1, the benchmark's).

    .venv/bin/python benchmarks/crapette_lookahead.py [--deals 30] [--seed 1000] [--start 0] [--samples 8]
        [--lines 3] [--turns 3] [--nodes 300] [--blend 0] [--workers 2]

Measured (seed 1000, the first 30 deals, 60 games; two processes on a shared machine, decision times inflated by
the load):

| player | won | lost | drawn | decisions p99 |
| --- | --- | --- | --- | --- |
| today's AI | 49 | 3 | 8 | |
| `--samples 8` | 44 | 7 | 9 | 104-116 ms |
| `--samples 8 --blend 1` | 46 | 10 | 4 | 195-202 ms |
| `--samples 16 --blend 0.5` | 47 | 5 | 8 | 186-196 ms |
| `crapette_ceiling.py --players fair --k 3 --r 4 --t 3 --own greedy` (the ceiling's own rollouts, on the engine, today's AI finishing the turn, 16.4 s of CPU a game; 45 won with the hidden cards drawn in another order) | 48 | 3 | 9 | |

None beats today's AI: what made the ceiling win was the face-down cards it saw, not the turns it looked ahead.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Final

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.crapette_diagnose import play
from bot.games.crapette import CrapetteView
from bot.games.crapette.ai import REPLY_NODE_BUDGET, StrongStrategy, _next_card_seen, _view_seed
from bot.games.crapette.board import Board
from bot.games.crapette.layout import NO_CARD, UNKNOWN, CrapetteOptions
from bot.games.crapette.moves import (
    DISCARD_TURNED,
    END_TURN,
    FIRST_FOUNDATION,
    FIRST_SIDE,
    TURN_STOCK,
    Action,
    Move,
    move_spots,
)
from bot.games.crapette.reply import greedy_action
from bot.games.crapette.search import WON, TurnSearch, Weights, allowed_now, material, unseen_cards
from bot.games.crapette.simulate import game_seed, percentile, wilson_interval

LINES: Final = 3  # the best stops' lines played out
SAMPLES: Final = 4  # draws of the hidden cards per line
OPPONENT_TURNS: Final = 3  # the opponent's turns played after the line's
TURN_STEPS: Final = 150  # a rollout turn is cut after this many actions
WIN: Final = 2000.0  # a game won in a rollout (lost: minus this)


def drawn(board: Board, seat: int, generator: random.Random) -> Board:
    """A copy of `board` (masked as `seat` sees it) with every face-down card drawn from the cards nobody can see
    there: each player's face-down spots take that player's unseen cards first (stock first), and the rest (cards
    loaded onto a crapette, covered since) are shared out at random."""
    table = board.copy()
    in_stock = {*table.stocks[0], *table.stocks[1]}  # a stock seen on the discard is known card by card
    left_cards: list[int] = []
    left_spots: list[tuple[list[int], int]] = []
    for owner in (seat, 1 - seat):
        cards = [card for card in unseen_cards(table, owner) if card not in in_stock]
        generator.shuffle(cards)
        spots = [
            (pile, index)
            for pile in (table.stocks[owner], table.crapettes[owner])
            for index, card in enumerate(pile)
            if card == UNKNOWN
        ]
        for (pile, index), card in zip(spots, cards, strict=False):
            pile[index] = card
        left_cards += cards[len(spots) :]
        left_spots += spots[len(cards) :]
    generator.shuffle(left_cards)
    for (pile, index), card in zip(left_spots, left_cards, strict=False):
        pile[index] = card
    return table


def line_values(
    board: Board,
    seat: int,
    options: CrapetteOptions,
    weights: Weights,
    lines: Sequence[Sequence[Action]],
    seed: int,
    samples: int = SAMPLES,
    opponent_turns: int = OPPONENT_TURNS,
) -> list[float]:
    """Each line's average score after it is played out (see the module docstring), `board` masked as `seat`
    sees it, `seat` on turn."""
    totals = [0.0] * len(lines)
    for sample in range(samples):
        world = drawn(board, seat, random.Random(seed * 7919 + sample))
        for index, line in enumerate(lines):
            totals[index] += _played_out(
                world.copy(),
                seat,
                options,
                weights,
                line,
                random.Random(seed * 104_729 + sample),
                opponent_turns,
            )
    return [total / max(1, samples) for total in totals]


def _played_out(
    board: Board,
    seat: int,
    options: CrapetteOptions,
    weights: Weights,
    line: Sequence[Action],
    generator: random.Random,
    opponent_turns: int,
) -> float:
    outcome = _line_played(board, seat, options, line)
    if outcome is None:
        outcome = _turn_played(board, seat, options, None)
    for _ in range(opponent_turns):
        if outcome >= 0:
            break
        outcome = _turn_played(board, 1 - seat, options, generator)
        if outcome >= 0:
            break
        outcome = _turn_played(board, seat, options, None)
    if outcome >= 0:
        return WIN if outcome == seat else -WIN
    return material(board, seat, weights)


def _line_played(board: Board, seat: int, options: CrapetteOptions, line: Sequence[Action]) -> int | None:
    """Play `line` for `seat` while it keeps the rule on this table (a card turned up or revealed may ask for
    another move first). Returns the winner, -1 when the turn ended, None when it goes on."""
    for action in line:
        if action not in allowed_now(board, seat, options, ()):
            return None  # the greedy player finishes the turn
        outcome = _step(board, seat, action)
        if outcome is not None:
            return outcome
    return None


def _turn_played(board: Board, player: int, options: CrapetteOptions, generator: random.Random | None) -> int:
    """Play `player`'s turn to its end (cut after `TURN_STEPS` actions): at random among what the rule allows
    (`generator`), or greedily (None). Returns the winner, else -1."""
    sides_seen: set[tuple[tuple[int, ...], ...]] = set()
    for _ in range(TURN_STEPS):
        allowed = allowed_now(board, player, options, ())
        action = generator.choice(allowed) if generator is not None else greedy_action(board, player, options)
        outcome = _step(board, player, action)
        if outcome is not None:
            return outcome
        if isinstance(action, Move):
            source, target = move_spots(action)
            if source >= FIRST_SIDE and FIRST_SIDE <= target < FIRST_FOUNDATION:
                key = tuple(map(tuple, board.sides))
                if key in sides_seen:
                    break  # round in circles: the turn ends there, as at the table
                sides_seen.add(key)
                continue
        sides_seen.clear()
    _hand_over(board, player)
    return -1


def _step(board: Board, player: int, action: Action) -> int | None:
    """Do `action` for `player`: the winner if it won, -1 if the turn ended, else None."""
    if isinstance(action, Move):
        source, target = move_spots(action)
        board.move(player, source, target)
        return None if board.cards_left(player) else player
    if action is TURN_STOCK:
        if not board.stocks[player]:
            board.stocks[player] = board.discards[player][::-1]
            board.discards[player] = []
        board.turned[player] = board.stocks[player].pop()
        return None
    if action is DISCARD_TURNED or action is END_TURN:
        _hand_over(board, player)
        return -1
    return None


def _hand_over(board: Board, player: int) -> None:
    """The turned card (if any) goes to the discard: the turn passes."""
    card = board.turned[player]
    if card != NO_CARD:
        board.discards[player].append(card)
        board.turned[player] = NO_CARD


# ---------------------------------------------------------------------------------------------- the player


class LookaheadStrategy(StrongStrategy):
    """Today's AI's search, its best stops' lines played out over several turns (see the module docstring); its
    calls are today's AI's."""

    name = "lookahead"

    def __init__(
        self,
        lines: int = LINES,
        samples: int = SAMPLES,
        nodes: int = REPLY_NODE_BUDGET,
        blend: float = 0.0,
        turns: int = OPPONENT_TURNS,
    ) -> None:
        super().__init__()
        self.lines, self.samples, self.nodes, self.blend, self.turns = lines, samples, nodes, blend, turns
        # The rest of the line chosen, and the table expected before its next action (planned again otherwise).
        self._plan: list[Action] = []
        self._expected: tuple[object, ...] | None = None
        self.times: list[float] = []

    def choose_action(self, view: CrapetteView) -> Action:
        started = time.perf_counter()
        action = self._choose(view)
        self.times.append(time.perf_counter() - started)
        return action

    def _choose(self, view: CrapetteView) -> Action:
        seat = view.seat
        board = view.board()
        options = view.options
        moved = view.moved_ids()
        allowed = allowed_now(board, seat, options, moved)
        if TURN_STOCK in allowed and not _next_card_seen(view):
            return self._played(TURN_STOCK, [], board, seat)
        if len(allowed) == 1:
            return self._played(allowed[0], [], board, seat)
        if self._plan and self._expected == _table_key(board) and self._plan[0] in allowed:
            return self._played(self._plan[0], self._plan[1:], board, seat)
        unseen = unseen_cards(board, seat)
        search = TurnSearch(board, seat, options, unseen, self.weights, view.side_tables_seen)
        search.node_budget = self.nodes
        search.stops = {}
        best = search.best(moved)
        lines = [tuple(best.actions)]
        scores = [best.score]
        for score, line in sorted(search.stops.values(), key=lambda stop: -stop[0]):
            if len(lines) > self.lines:
                break
            if line and line not in lines:
                lines.append(line)
                scores.append(score)
        if len(lines) == 1 or best.score >= WON:
            chosen = lines[0]
        else:
            seed = _view_seed((*unseen, *unseen_cards(board, 1 - seat)), view.turn_number)
            values = line_values(board, seat, options, self.weights, lines, seed, self.samples, self.turns)
            if self.blend:
                mean = sum(values) / len(values)
                values = [
                    score + self.blend * (value - mean) for score, value in zip(scores, values, strict=True)
                ]
            chosen = lines[max(range(len(lines)), key=lambda index: (values[index], -index))]
        return self._played(chosen[0], list(chosen[1:]), board, seat)

    def _played(self, action: Action, rest: list[Action], board: Board, seat: int) -> Action:
        """Play `action`, keeping `rest` for the next decisions while the table is the one expected."""
        self._plan, self._expected = [], None
        if rest and isinstance(action, Move):
            source, target = move_spots(action)
            board.move(seat, source, target)
            self._plan, self._expected = rest, _table_key(board)
        return action


def _table_key(board: Board) -> tuple[object, ...]:
    return (
        tuple(map(tuple, board.sides)),
        tuple(map(tuple, board.foundations)),
        tuple(map(tuple, board.crapettes)),
        tuple(map(tuple, board.discards)),
        tuple(map(len, board.stocks)),
        tuple(board.turned),
    )


# ---------------------------------------------------------------------------------------------- the match

BASELINE: Final = 2  # crapette_baselines.BASELINES: the random player that keeps the rule


def _one(job: tuple[str, int, int, tuple[int, int, int, float, int]]) -> tuple[str, str, list[float]]:
    name, deal_seed, seat, settings = job
    player: _TimedStrong | LookaheadStrategy
    if name == "ai":
        player = _TimedStrong()
    else:
        lines, samples, nodes, blend, turns = settings
        player = LookaheadStrategy(lines, samples, nodes, blend, turns)
    diagnosis = play(BASELINE, deal_seed, seat, player)
    return name, diagnosis.outcome.split(" ")[0], player.times


class _TimedStrong(StrongStrategy):
    def __init__(self) -> None:
        super().__init__()
        self.times: list[float] = []

    def choose_action(self, view: CrapetteView) -> Action:
        started = time.perf_counter()
        action = super().choose_action(view)
        self.times.append(time.perf_counter() - started)
        return action


def main() -> None:
    parser = argparse.ArgumentParser(description="A fair rollout player for Crapette, against today's AI")
    parser.add_argument("--deals", type=int, default=30, help="deals, each played twice (seats swapped)")
    parser.add_argument("--seed", type=int, default=1000, help="development seeds only (never 1)")
    parser.add_argument("--start", type=int, default=0, help="the first deal's index")
    parser.add_argument("--lines", type=int, default=LINES, help="stops' lines played out besides the best")
    parser.add_argument("--samples", type=int, default=SAMPLES, help="draws of the hidden cards per line")
    parser.add_argument("--turns", type=int, default=OPPONENT_TURNS, help="opponent turns per rollout")
    parser.add_argument("--nodes", type=int, default=REPLY_NODE_BUDGET, help="tables per search")
    parser.add_argument("--blend", type=float, default=0.0, help="search score + B × (rollouts - mean)")
    parser.add_argument("--workers", type=int, default=2, help="processes")
    args = parser.parse_args()
    if args.seed == 1:
        parser.error("seed 1 is the benchmark's: use a development seed")
    settings = (args.lines, args.samples, args.nodes, args.blend, args.turns)
    jobs = [
        (name, game_seed(args.seed, index), seat, settings)
        for name in ("ai", "lookahead")
        for index in range(args.start, args.start + args.deals)
        for seat in (0, 1)
    ]
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        results = list(pool.map(_one, jobs))
    games = 2 * args.deals
    print(
        f"Crapette against random that keeps the rule: {args.deals} deals × 2 seats = {games} games each, seed "
        f"{args.seed} from deal {args.start}; lookahead lines={args.lines} samples={args.samples} "
        f"turns={args.turns} nodes={args.nodes} blend={args.blend} (wall {time.perf_counter() - started:.0f} s)"
    )
    print(
        f"  {'player':<12}{'won':>5}{'lost':>6}{'drawn':>7}  {'win share (95% Wilson)':<26}decisions p50 / p99"
    )
    outcomes: dict[str, list[str]] = {}
    for name in ("ai", "lookahead"):
        mine = [(outcome, times) for who, outcome, times in results if who == name]
        outcomes[name] = [outcome for outcome, _ in mine]
        counts = Counter(outcomes[name])
        low, high = wilson_interval(counts["won"], games)
        times = sorted(time_ for _, game_times in mine for time_ in game_times)
        print(
            f"  {name:<12}{counts['won']:>5}{counts['lost']:>6}{counts['drawn']:>7}  "
            f"{counts['won'] / games:6.1%} [{low:5.1%}, {high:5.1%}]{'':<7}"
            f"{statistics.median(times) * 1e3:.1f} / {percentile(times, 0.99) * 1e3:.1f} ms"
        )
    pairs = list(zip(outcomes["ai"], outcomes["lookahead"], strict=True))
    print(
        f"  games won by one only (paired deals): lookahead {sum(a != 'won' == b for a, b in pairs)}, "
        f"ai {sum(a == 'won' != b for a, b in pairs)}"
    )


if __name__ == "__main__":
    main()
