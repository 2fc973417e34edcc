"""Experiment: a ceiling for any Crapette AI against the random player that keeps the priority rule.

An expensive player that cheats, to see how far above today's AI (`STRATEGIES["strong"]`, 79.2% on the benchmark's
games) anyone could go against "random, keeps the rule" (`crapette_baselines.RandomKeepingTheRule`), whatever the
time a decision takes and whatever a seat may see. It ignores both constraints of the bot's AI:

- **full information**: it plans on the engine's true table (every face-down card in order: its own stock and
  crapette, the opponent's too) and plays its rollouts on copies of the true game;
- **no time budget**: at its first decision of a turn that leaves a choice (and again when the planned line stops
  short of the end of the turn, cut by the search's budget), it plans the rest of the turn:
  1. the AI's own search (`search.TurnSearch`), run on the *true* board, so every card it would turn up is known and
     a line goes on to the end of the turn (`--nodes` tables at most), gives the tables it can end its turn on;
     the search's best line and the lines to the next best of those tables, `--k` lines in all, are candidates
     (each line found by the search run again with its table's score raised above all others);
  2. one more candidate: today's AI playing on, as it would (its view only), so the ceiling does not settle for a
     line worse than what the AI would do on the rollouts' evidence;
  3. each candidate is played on `--r` copies of the true game (a line cut short finished by today's AI), then
     the game goes on for `--t` turns of the opponent, and the player's own turns in between (today's AI, or with
     `--own greedy` the baseline `Greedy`'s choice, cheaper); the opponent is the random player that keeps the
     rule with a fresh seed per copy (the same seeds for every candidate: common random numbers); a copy is scored
     by the cards left on both sides (`search.material`: 10 a card, 5 more in a crapette), ±`WIN_SCORE` for a game
     won or lost, `DRAW_SCORE` for a game drawn;
  4. it plays the candidate with the best average (today's AI's moves to the end of the turn for the "AI"
     candidate).
  It keeps the priority rule (its lines come from the search, which only plays what the rule allows, and every
  action is checked again against the engine's rule check before it is played) and calls "Crapette!" exactly
  when today's AI would.

`--players fair` plays the same planner without cheating (`FairPlayer`): its lines come from the search on the
seat's masked table (each to the next unknown card or the end of the turn, `StopsSearch`), and each rollout is
played on a copy of the game whose face-down cards are drawn again from the cards the seat has not seen
(`crapette_lookahead.drawn`). On the first 30 deals of seed 1000 it won 48 of 60 (3 lost, 9 drawn; 16.4 s of CPU
a game) where today's AI won 49: the ceiling's 57 came from the cards it saw, not from looking ahead (see
`crapette_lookahead.py` for a faster fair version and its figures).

Both players (today's AI and the ceiling) play the same deals against the same baseline seeds, each deal twice
with the seats swapped, as `benchmarks/crapette.py` plays them. Development seeds only (never seed 1, the
benchmark's). One process; CPU time is printed.

    .venv/bin/python benchmarks/crapette_ceiling.py [--deals 60] [--seed 1000] [--k 4] [--r 4] [--t 2]
        [--nodes 500] [--own ai|greedy] [--finish ai|greedy] [--players ai,ceiling,fair] [--start 0]
        [--measure 0] [--check-random 0]

`--t 0` plays each copy to the end of the game (or `FULL_GAME_TURNS` turns). `--measure N` plays only the first N
deals' games and prints the time per game (to choose K, R, T). `--check-random N` checks, on N deals, that the
rollouts' random player (no views, for speed) makes the same choices as `RandomKeepingTheRule` with the same seed.

Measured (seed 1000, one process on a shared machine; today's AI on the same games: 0.7 s of CPU a game):

| player | games | won | lost | drawn | win share [95% Wilson] | CPU s a game |
| --- | --- | --- | --- | --- | --- | --- |
| today's AI | 120 | 98 | 9 | 13 | 81.7% [73.8, 87.6] | 0.7 |
| `--k 3 --r 6 --t 1 --own ai` | 120 | 101 | 10 | 9 | 84.2% [76.6, 89.6] | 16.6 |
| today's AI (the first 30 deals) | 60 | 49 | 3 | 8 | 81.7% [70.1, 89.4] | 0.7 |
| `--k 3 --r 4 --t 3 --own greedy` | 60 | 57 | 2 | 1 | 95.0% [86.3, 98.3] | 11.9 |

Looking one opponent turn ahead, even with every card known and the real opponent's policy, gains nothing
measurable (16 games won by the ceiling alone, 13 by the AI alone); looking three opponent turns ahead (with a
greedy player on its own turns in between) wins 57 of the same first 60 games (`--t 1`: 52, the AI 49), 10
won by it alone against 2, and draws only one: the draws the AI suffers (locks) are mostly avoidable by play over
several turns.
"""

from __future__ import annotations

import argparse
import random
import signal
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.crapette_baselines import Player, RandomKeepingTheRule, _greedy_rank
from benchmarks.crapette_lookahead import drawn
from bot.games.crapette import STRATEGIES, Crapette, CrapetteOptions
from bot.games.crapette.ai import StrongStrategy
from bot.games.crapette.moves import Action
from bot.games.crapette.priority import allowed_actions
from bot.games.crapette.search import DEFAULT_WEIGHTS, TurnSearch, material, unseen_cards
from bot.games.crapette.simulate import game_seed, wilson_interval
from bot.games.crapette.state import CrapetteState

OPTIONS: Final = CrapetteOptions()
WIN_SCORE: Final = 2000.0
DRAW_SCORE: Final = -1000.0  # a draw counts as not won, like a loss, but a loss is worse
FORCED: Final = 1e8  # the score given to the end table a line must reach (below search.WON)
FULL_GAME_TURNS: Final = 400
TURN_ACTIONS: Final = 400  # a rollout turn longer than this is cut (the engine ends loops itself, a backstop)
AI_LINE: Final[tuple[Action, ...]] = ()  # the candidate "today's AI plays on" (an empty line)


# ---------------------------------------------------------------------------------------------- full information


def clone(game: Crapette) -> Crapette:
    """A copy of the true game to play on (its log left out: nothing in a game's play reads it)."""
    copy = object.__new__(Crapette)
    for name in CrapetteState.__slots__:
        setattr(copy, name, getattr(game, name))
    copy._board = game._board.copy()
    copy._penalties = list(game._penalties)
    copy._calls_right = list(game._calls_right)
    copy._calls_wrong = list(game._calls_wrong)
    copy._lowest_left = list(game._lowest_left)
    copy._recycles = list(game._recycles)
    copy._stock_seen = list(game._stock_seen)
    copy._moved = set(game._moved)
    copy._side_positions = dict(game._side_positions)
    copy._positions = dict(game._positions)
    copy._log = []
    return copy


def rule_keeping(game: Crapette, seat: int) -> list[Action]:
    """The legal actions of `seat` (on turn) that keep the priority rule, by the engine's own rule check, in the
    engine's order: the list `RandomKeepingTheRule` draws from (it asks the view the same question per action)."""
    return allowed_actions(game._board, seat, game.legal_actions(seat), game.options, game._moved)


class FastRandomKeepingTheRule:
    """`RandomKeepingTheRule` without building views: the same choices for the same seed (checked by
    `--check-random`)."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def choose(self, game: Crapette, seat: int) -> Action:
        return self._random.choice(rule_keeping(game, seat))


def score(game: Crapette, seat: int) -> float:
    if game.is_over:
        if game.winner == seat:
            return WIN_SCORE
        if game.winner is not None:
            return -WIN_SCORE
        return DRAW_SCORE
    return material(game._board, seat, DEFAULT_WEIGHTS)


# ---------------------------------------------------------------------------------------------- the ceiling player


@dataclass(slots=True)
class Stats:
    plans: int = 0  # decisions planned by rollouts
    rollouts: int = 0
    candidates: int = 0
    ai_chosen: int = 0  # plans where today's AI playing on was the best candidate
    fallbacks: int = 0  # planned actions no longer allowed (replanned)


class CeilingPlayer:
    """See the module docstring. Needs the true game (`choose(game)`), not a view."""

    name = "ceiling"

    def __init__(self, k: int, r: int, t: int, nodes: int, own: str, seed: int) -> None:
        self.k, self.r, self.t, self.nodes, self.own = k, r, t, nodes, own
        self.finish = "ai"  # who finishes the planned turn in a rollout: today's AI, or "greedy"
        self.ai = StrongStrategy()  # its own side in the rollouts, and its calls
        self.seed = seed
        self.stats = Stats()
        self._plan: list[Action] = []
        self._follow_ai_turn = -1  # the turn in which the AI plays on (its candidate won)
        self._plan_turn = -1

    def should_call_crapette(self, game: Crapette, seat: int) -> bool:
        return self.ai.should_call_crapette(game.view(seat))

    def choose(self, game: Crapette) -> Action:
        seat = game.current_player
        turn = game.turn_number
        allowed = rule_keeping(game, seat)
        if len(allowed) == 1:
            action = allowed[0]
            if self._plan and self._plan[0] == action:
                self._plan.pop(0)
            return action
        if self._follow_ai_turn == turn:
            return self.ai.choose_action(game.view(seat))
        if self._plan_turn == turn and self._plan:
            action = self._plan.pop(0)
            if action in allowed:
                return action
            self.stats.fallbacks += 1
        return self._new_plan(game, seat, allowed)

    def _lines(self, game: Crapette, seat: int) -> list[tuple[Action, ...]]:
        """The best `k` lines to the end of the turn on the true board, best first (by the search's score)."""
        board = game._board.copy()
        moved = frozenset(game._moved)
        sides_seen = frozenset(game._side_positions)
        unseen = unseen_cards(board, seat)
        search = TurnSearch(board, seat, OPTIONS, unseen, DEFAULT_WEIGHTS, sides_seen)
        search.end_tables = {}
        search.node_budget = self.nodes
        best = search.best(moved)
        lines: list[tuple[Action, ...]] = [tuple(best.actions)]
        ranked = sorted(search.end_tables.items(), key=lambda item: -item[1][0])
        for key, _ in ranked:
            if len(lines) >= self.k:
                break
            forced = TurnSearch(board, seat, OPTIONS, unseen, DEFAULT_WEIGHTS, sides_seen)
            forced.end_overrides = {key: FORCED}
            forced.node_budget = self.nodes
            line = tuple(forced.best(moved).actions)
            if line not in lines:
                lines.append(line)
        return lines

    def _new_plan(self, game: Crapette, seat: int, allowed: list[Action]) -> Action:
        turn = game.turn_number
        candidates: list[tuple[Action, ...]] = [*self._lines(game, seat), AI_LINE]
        stats = self.stats
        stats.plans += 1
        stats.candidates += len(candidates)
        seeds = [self.seed * 1_000_003 + turn * 1009 + index for index in range(self.r)]
        best_line, best_value = AI_LINE, float("-inf")
        for line in candidates:
            value = sum(self._rollout(game, seat, line, seed) for seed in seeds) / self.r
            stats.rollouts += self.r
            if value > best_value:
                best_line, best_value = line, value
        self._plan_turn = turn
        if best_line == AI_LINE:
            stats.ai_chosen += 1
            self._follow_ai_turn = turn
            self._plan = []
            return self.ai.choose_action(game.view(seat))
        self._plan = list(best_line[1:])
        action = best_line[0]
        assert action in allowed, "the search only plays what the rule allows"
        return action

    def _rollout(self, game: Crapette, seat: int, line: tuple[Action, ...], seed: int) -> float:
        """Play `line` (or today's AI, for `AI_LINE`) on a copy of the true game, then `t` turns of the opponent
        (0: to the end) with today's AI on the player's own turns; the copy's score for `seat`."""
        return self._play_out(clone(game), seat, line, seed)

    def _play_out(self, copy: Crapette, seat: int, line: tuple[Action, ...], seed: int) -> float:
        """Play `line` on `copy` (a game to play on), then the rollout's turns; the copy's score for `seat`."""
        if line != AI_LINE:
            for action in line:
                if copy.is_over or copy.current_player != seat:
                    break
                if action not in rule_keeping(copy, seat):
                    break  # the line went wrong (should not happen on the true board): the AI plays on
                copy.apply(seat, action)
        opponent = FastRandomKeepingTheRule(seed)
        ai = StrongStrategy()  # a fresh one: its reply cache belongs to one game
        opponent_turns = 0
        limit = self.t if self.t > 0 else FULL_GAME_TURNS
        actions_this_turn = 0
        turn = copy.turn_number
        while not copy.is_over:
            mover = copy.current_player
            if mover == seat and opponent_turns >= limit:
                break
            if mover != seat:
                action = opponent.choose(copy, mover)
            elif self.own == "ai" or (opponent_turns == 0 and self.finish == "ai"):  # the turn being planned
                action = ai.choose_action(copy.view(seat))
            else:  # greedy, as the baseline `Greedy` plays (without a view)
                action = min(rule_keeping(copy, seat), key=_greedy_rank)
            copy.apply(mover, action)
            actions_this_turn += 1
            if copy.turn_number != turn:
                if mover != seat:
                    opponent_turns += 1
                turn = copy.turn_number
                actions_this_turn = 0
            elif actions_this_turn >= TURN_ACTIONS:
                break
        # Neither side calls in a copy: the AI and the random player that keeps the rule never break it.
        return score(copy, seat)


class StopsSearch(TurnSearch):
    """The AI's search that also records the tables a line stops on to turn up an unknown card ("go on"), and can
    be told to reach one of them (`forced_go_on`): the fair player finds its lines as the ceiling does (a search
    run again per stop, its best line to it), so the two differ only in what they see. (`TurnSearch.stops`, which
    `crapette_lookahead.py` reads, keeps the first line to each stop from one search, cheaper.)"""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.go_on_tables: dict[tuple[object, ...], float] = {}
        self.forced_go_on: tuple[object, ...] | None = None

    def _go_on_score(self) -> float:
        key = self._key()
        if key == self.forced_go_on:
            return FORCED
        score = super()._go_on_score()
        self.go_on_tables.setdefault(key, score)
        return score


def dealt(game: Crapette, seat: int, generator: random.Random) -> Crapette:
    """A copy of the game with every card `seat` cannot see drawn again (`crapette_lookahead.drawn`): what the
    seat's view allows, nothing more."""
    copy = clone(game)
    copy._board = drawn(game.view(seat).board(), seat, generator)
    return copy


class FairPlayer(CeilingPlayer):
    """The ceiling's plan without cheating: lines from the seat's masked table (to the next unknown card or the end
    of the turn), rollouts on copies whose hidden cards are drawn again from what the seat cannot see."""

    name = "fair"

    def _lines(self, game: Crapette, seat: int) -> list[tuple[Action, ...]]:
        view = game.view(seat)
        board = view.board()
        moved = view.moved_ids()
        unseen = unseen_cards(board, seat)

        def search() -> StopsSearch:
            found = StopsSearch(board.copy(), seat, OPTIONS, unseen, DEFAULT_WEIGHTS, view.side_tables_seen)
            found.node_budget = self.nodes
            return found

        first = search()
        first.end_tables = {}
        best = first.best(moved)
        lines: list[tuple[Action, ...]] = [tuple(best.actions)]
        stops = [(score, key, False) for key, (score, _) in first.end_tables.items()]
        stops += [(score, key, True) for key, score in first.go_on_tables.items()]
        stops.sort(key=lambda stop: -stop[0])
        for _, key, go_on in stops:
            if len(lines) >= self.k:
                break
            forced = search()
            if go_on:
                forced.forced_go_on = key
            else:
                forced.end_overrides = {key: FORCED}
            line = tuple(forced.best(moved).actions)
            if line not in lines:
                lines.append(line)
        return lines

    def _rollout(self, game: Crapette, seat: int, line: tuple[Action, ...], seed: int) -> float:
        generator = random.Random(seed)
        world = dealt(game, seat, generator)
        return self._play_out(world, seat, line, seed)


# ---------------------------------------------------------------------------------------------- the match


@dataclass(slots=True)
class Result:
    deal_seed: int
    seat: int
    winner: int | None
    end_reason: str
    turns: int
    seconds: float
    right_calls: int
    wrong_calls: int
    calls_on_it: int

    @property
    def outcome(self) -> str:
        if self.winner == self.seat:
            return "won"
        return "lost" if self.winner is not None else "drawn"


@dataclass(slots=True)
class Run:
    name: str
    results: list[Result] = field(default_factory=list)
    stats: Stats = field(default_factory=Stats)


def play(player_name: str, args: argparse.Namespace, deal_seed: int, seat: int, stats: Stats) -> Result:
    """One game of `player_name` ("ai" or "ceiling") at `seat` against the random player that keeps the rule,
    with the baseline's seed `benchmarks/crapette.py` gives it."""
    started = time.process_time()
    baseline: Player = RandomKeepingTheRule(deal_seed * 2 + seat)
    ai: Player = STRATEGIES["strong"]()
    ceiling: CeilingPlayer | None = None
    if player_name in ("ceiling", "fair"):
        kind = FairPlayer if player_name == "fair" else CeilingPlayer
        ceiling = kind(args.k, args.r, args.t, args.nodes, args.own, deal_seed * 2 + seat)
        ceiling.finish = args.finish
    game = Crapette.new(OPTIONS, deal_seed)
    while not game.is_over:
        mover = game.current_player
        if mover == seat:
            action = ceiling.choose(game) if ceiling else ai.choose_action(game.view(seat))
            if game.priority_violation(action) is not None:
                raise AssertionError(f"{player_name} broke the priority rule: {action}")
        else:
            action = baseline.choose_action(game.view(mover))
        game.apply(mover, action)
        watcher = 1 - mover
        if game.can_call_crapette(watcher):
            if watcher == seat:
                calls = (
                    ceiling.should_call_crapette(game, seat)
                    if ceiling
                    else ai.should_call_crapette(game.view(seat))
                )
            else:
                calls = baseline.should_call_crapette(game.view(watcher))
            if calls:
                game.call_crapette(watcher)
    if ceiling:
        for name in Stats.__dataclass_fields__:
            setattr(stats, name, getattr(stats, name) + getattr(ceiling.stats, name))
    return Result(
        deal_seed=deal_seed,
        seat=seat,
        winner=game.winner,
        end_reason=game.end_reason or "",
        turns=game.turn_number,
        seconds=time.process_time() - started,
        right_calls=game.crapettes_called(seat),
        wrong_calls=game.wrong_calls(seat),
        calls_on_it=game.crapettes_called(1 - seat),
    )


def check_random(deals: int, seed: int) -> None:
    """The fast random player chooses as `RandomKeepingTheRule` does (both seats random, the same seeds)."""
    for index in range(deals):
        deal_seed = game_seed(seed, index)
        game = Crapette.new(OPTIONS, deal_seed)
        slow = [RandomKeepingTheRule(deal_seed + s) for s in (0, 1)]
        fast = [FastRandomKeepingTheRule(deal_seed + s) for s in (0, 1)]
        steps = 0
        while not game.is_over and steps < 3000:
            mover = game.current_player
            action = slow[mover].choose_action(game.view(mover))
            if fast[mover].choose(game, mover) != action:
                raise AssertionError(f"deal {deal_seed}, step {steps}: the fast random player differs")
            game.apply(mover, action)
            steps += 1
    print(f"fast random player: the same choices as RandomKeepingTheRule on {deals} deals")


def table(runs: Sequence[Run], label: str) -> None:
    print(label)
    print(
        f"  {'player':<34}{'won':>5}{'lost':>5}{'drawn':>6}  {'win share (95% Wilson)':<26}"
        f"{'CPU s':>8}{'s/game':>8}  draws by reason; calls"
    )
    for run in runs:
        results = run.results
        games = len(results)
        outcomes = Counter(result.outcome for result in results)
        low, high = wilson_interval(outcomes["won"], games)
        seconds = sum(result.seconds for result in results)
        reasons = Counter(result.end_reason for result in results if result.outcome == "drawn")
        reason_text = ", ".join(f"{name} {count}" for name, count in sorted(reasons.items())) or "none"
        calls = (
            f"right {sum(r.right_calls for r in results)}, wrong {sum(r.wrong_calls for r in results)}, "
            f"on it {sum(r.calls_on_it for r in results)}"
        )
        print(
            f"  {run.name:<34}{outcomes['won']:>5}{outcomes['lost']:>5}{outcomes['drawn']:>6}  "
            f"{outcomes['won'] / games:6.1%} [{low:5.1%}, {high:5.1%}]{'':<8}"
            f"{seconds:>8.0f}{seconds / games:>8.1f}  {reason_text}; {calls}"
        )
    if len(runs) >= 2:
        first, second = runs[0].results, runs[-1].results
        only_second = sum(b.outcome == "won" != a.outcome for a, b in zip(first, second, strict=False))
        only_first = sum(a.outcome == "won" != b.outcome for a, b in zip(first, second, strict=False))
        print(
            f"  games won by one only (paired deals): {runs[-1].name} {only_second}, {runs[0].name} {only_first}"
        )
    for run in runs:
        stats = run.stats
        if stats.plans:
            print(
                f"  {run.name}: {stats.plans} plans, {stats.candidates / stats.plans:.1f} candidates a plan, "
                f"{stats.rollouts} rollouts, today's AI chosen in {stats.ai_chosen / stats.plans:.0%} of plans, "
                f"{stats.fallbacks} planned actions replanned"
            )


def _stop(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main() -> None:
    parser = argparse.ArgumentParser(description="A cheating, expensive Crapette player: a ceiling")
    parser.add_argument("--deals", type=int, default=60, help="deals, each played twice (seats swapped)")
    parser.add_argument("--seed", type=int, default=1000, help="development seeds only (never 1)")
    parser.add_argument("--k", type=int, default=4, help="end-of-turn lines looked at (plus today's AI)")
    parser.add_argument("--r", type=int, default=4, help="rollouts per candidate")
    parser.add_argument("--t", type=int, default=2, help="opponent turns per rollout (0: to the game's end)")
    parser.add_argument("--nodes", type=int, default=500, help="tables per search of a line")
    parser.add_argument(
        "--own", choices=("ai", "greedy"), default="ai", help="the player's own later turns in a rollout"
    )
    parser.add_argument("--players", default="ai,ceiling", help="comma-separated: ai, ceiling, fair")
    parser.add_argument(
        "--finish", choices=("ai", "greedy"), default="ai", help="who finishes the planned turn in a rollout"
    )
    parser.add_argument("--start", type=int, default=0, help="the first deal's index (to split a run)")
    parser.add_argument("--measure", type=int, default=0, help="play only this many deals, print the times")
    parser.add_argument("--check-random", type=int, default=0, help="check the fast random player on N deals")
    args = parser.parse_args()
    if args.seed == 1:
        parser.error("seed 1 is the benchmark's: use a development seed")
    if args.check_random:
        check_random(args.check_random, args.seed)
        return
    deals = args.measure or args.deals
    names = [name.strip() for name in args.players.split(",")]
    runs: list[Run] = []
    wall = time.perf_counter()
    signal.signal(signal.SIGTERM, _stop)
    try:
        for name in names:
            label = (
                name
                if name == "ai"
                else f"{name} k={args.k} r={args.r} t={args.t} nodes={args.nodes} own={args.own} finish={args.finish}"
            )
            run = Run(label)
            runs.append(run)
            for index in range(args.start, args.start + deals):
                deal_seed = game_seed(args.seed, index)
                for seat in (0, 1):
                    result = play(name, args, deal_seed, seat, run.stats)
                    run.results.append(result)
                    if args.measure or name != "ai":
                        print(
                            f"  {name} deal {index} seat {seat}: {result.outcome} ({result.end_reason}) after "
                            f"{result.turns} turns, {result.seconds:.1f} s CPU",
                            flush=True,
                        )
    except KeyboardInterrupt:  # stopped early (kill -TERM or Ctrl-C): the games played so far
        print("  stopped early: the games played so far")
        runs = [run for run in runs if run.results]
        deals = len(runs[-1].results) // 2 if runs else 0
        for run in runs[:-1]:
            run.results = run.results[: len(runs[-1].results)]
    table(
        runs,
        f"Crapette against random that keeps the rule: {deals} deals × 2 seats = {2 * deals} games each, "
        f"seed {args.seed}, options {OPTIONS.to_dict()} (wall {time.perf_counter() - wall:.0f} s)",
    )


if __name__ == "__main__":
    main()
