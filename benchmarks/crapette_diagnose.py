"""Diagnosis: where the Crapette AI fails to win against one baseline (by default the random player that keeps the
priority rule).

Plays `--deals` seeded deals (each twice, seats swapped) the way `benchmarks/crapette.py` does and prints, for the
games the AI did not win: how they ended (won by the baseline, or drawn: repetition / no_progress / endless_turn /
turn_limit), the cards left on each side at the end, the turns played, how often the AI ended a turn while moves
were still allowed, and the crapette cards each side played per turn. `--show N` prints the last turns of the first
N games not won, action by action.

An AI variant to try: `--weights '{"opponent_go_on": 40}'` (fields of `search.Weights`) and `--reply-tables N`
change the AI; `--compare` then also plays today's AI on the same games and prints both outcomes and the games only
one of them won (the deals are paired, so this is the comparison to read, not two separate runs). `--workers K`
plays the games on K processes (the same games, in the same order).

    .venv/bin/python benchmarks/crapette_diagnose.py [--deals 40] [--seed 1000] [--baseline 2] [--show 0]
        [--weights JSON] [--reply-tables 6] [--compare] [--workers 1]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.crapette_baselines import BASELINES, Player
from bot.games.crapette import STRATEGIES, Crapette, CrapetteOptions
from bot.games.crapette.ai import REPLY_TABLES, StrongStrategy
from bot.games.crapette.moves import DISCARD_TURNED, END_TURN, Move, format_action
from bot.games.crapette.search import Weights
from bot.games.crapette.simulate import game_seed

OPTIONS = CrapetteOptions()


@dataclass(slots=True)
class Diagnosis:
    """One game from the AI's side."""

    deal_seed: int
    ai_seat: int
    winner: int | None
    end_reason: str
    turns: int
    ai_left: int
    baseline_left: int
    ai_crapette_left: int
    baseline_crapette_left: int
    ai_top_placeable: bool
    ai_turns: int = 0
    ai_turns_ended_with_moves: int = 0
    ai_crapette_played: int = 0
    baseline_turns: int = 0
    baseline_crapette_played: int = 0
    lines: list[str] = field(default_factory=list)

    @property
    def outcome(self) -> str:
        if self.winner == self.ai_seat:
            return "won"
        return "lost" if self.winner is not None else f"drawn ({self.end_reason})"


def play(baseline: int, deal_seed: int, ai_seat: int, ai: Player | None = None) -> Diagnosis:
    players: list[Player] = [ai or STRATEGIES["strong"](), BASELINES[baseline](deal_seed * 2 + ai_seat)]
    if ai_seat == 1:
        players.reverse()
    game = Crapette.new(OPTIONS, deal_seed)
    lines: list[str] = []
    ai_turns = ended_with_moves = ai_crapette = base_turns = base_crapette = 0
    turn = -1
    while not game.is_over:
        seat = game.current_player
        if game.turn_number != turn:
            turn = game.turn_number
            if seat == ai_seat:
                ai_turns += 1
            else:
                base_turns += 1
            lines.append(
                f"turn {turn} {'AI' if seat == ai_seat else 'baseline'}: left AI {game.cards_left(ai_seat)} "
                f"(crapette {game.crapette_count(ai_seat)}), baseline {game.cards_left(1 - ai_seat)} "
                f"(crapette {game.crapette_count(1 - ai_seat)}); sides "
                + " ".join(str(pile[-1]) if pile else "·" for pile in game.side_piles)
            )
        view = game.view(seat)
        action = players[seat].choose_action(view)
        ending = seat == ai_seat and action in (DISCARD_TURNED, END_TURN)
        if ending and any(isinstance(other, Move) for other in view.legal_actions):
            ended_with_moves += 1
        if isinstance(action, Move) and action.source == "cr":
            if seat == ai_seat:
                ai_crapette += 1
            else:
                base_crapette += 1
        lines.append(f"    {'AI' if seat == ai_seat else 'B '} {format_action(action)}")
        game.apply(seat, action)
        watcher = 1 - seat
        if game.can_call_crapette(watcher) and players[watcher].should_call_crapette(game.view(watcher)):
            game.call_crapette(watcher)
            lines.append(f"    {'AI' if watcher == ai_seat else 'B '} calls Crapette!")
    return Diagnosis(
        deal_seed=deal_seed,
        ai_seat=ai_seat,
        winner=game.winner,
        end_reason=game.end_reason or "",
        turns=game.turn_number,
        ai_left=game.cards_left(ai_seat),
        baseline_left=game.cards_left(1 - ai_seat),
        ai_crapette_left=game.crapette_count(ai_seat),
        ai_top_placeable=any(move.source == "cr" for move in game._board.legal_moves(ai_seat, OPTIONS, ())),
        baseline_crapette_left=game.crapette_count(1 - ai_seat),
        ai_turns=ai_turns,
        ai_turns_ended_with_moves=ended_with_moves,
        ai_crapette_played=ai_crapette,
        baseline_turns=base_turns,
        baseline_crapette_played=base_crapette,
        lines=lines,
    )


@dataclass(frozen=True, slots=True)
class Variant:
    """The AI to play: today's, or with other weights (`search.Weights` fields) or reply breadth."""

    weights: tuple[tuple[str, float], ...] = ()
    reply_tables: int = REPLY_TABLES

    def player(self) -> Player:
        return StrongStrategy(weights=Weights(**dict(self.weights)), reply_tables=self.reply_tables)


def _play_one(job: tuple[int, int, int, Variant]) -> Diagnosis:
    baseline, deal_seed, ai_seat, variant = job
    return play(baseline, deal_seed, ai_seat, variant.player())


def play_all(baseline: int, seed: int, deals: int, variant: Variant, workers: int = 1) -> list[Diagnosis]:
    """Every deal twice, seats swapped, in order (on `workers` processes: the same games)."""
    jobs = [
        (baseline, game_seed(seed, index), ai_seat, variant) for index in range(deals) for ai_seat in (0, 1)
    ]
    if workers <= 1:
        return [_play_one(job) for job in jobs]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(_play_one, jobs))


def _tally(games: list[Diagnosis]) -> str:
    outcomes = Counter(game.outcome.split(" ")[0] for game in games)
    return ", ".join(f"{name} {outcomes[name]}" for name in ("won", "drawn", "lost"))


def main() -> None:
    parser = argparse.ArgumentParser(description="Where the Crapette AI fails against a baseline")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--baseline", type=int, default=2, help="index in crapette_baselines.BASELINES")
    parser.add_argument("--show", type=int, default=0, help="print the last turns of this many games not won")
    parser.add_argument("--tail", type=int, default=120, help="lines of each shown game")
    parser.add_argument("--weights", default="{}", help="JSON: search.Weights fields to change")
    parser.add_argument("--reply-tables", type=int, default=REPLY_TABLES)
    parser.add_argument("--compare", action="store_true", help="also play today's AI on the same games")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    changed = json.loads(args.weights)
    if not isinstance(changed, dict) or set(changed) - set(Weights.__dataclass_fields__):
        parser.error(
            f"--weights takes a JSON object of search.Weights fields: {sorted(Weights.__dataclass_fields__)}"
        )
    variant = Variant(tuple(sorted((str(k), float(v)) for k, v in changed.items())), args.reply_tables)
    games = play_all(args.baseline, args.seed, args.deals, variant, args.workers)
    if args.compare:
        today = play_all(args.baseline, args.seed, args.deals, Variant(), args.workers)
        print(f"this AI ({dict(variant.weights)}, reply on {variant.reply_tables} tables): {_tally(games)}")
        print(f"today's AI: {_tally(today)}")
        only_this = sum(a.outcome == "won" != b.outcome for a, b in zip(games, today, strict=True))
        only_today = sum(b.outcome == "won" != a.outcome for a, b in zip(games, today, strict=True))
        print(f"games won by one of them only: this AI {only_this}, today's AI {only_today}")
    outcomes = Counter(game.outcome for game in games)
    print(
        f"AI against {BASELINES[args.baseline](0).name}: {len(games)} games, "
        + ", ".join(f"{name} {count}" for name, count in outcomes.most_common())
    )
    for label, chosen in (
        ("won", [g for g in games if g.outcome == "won"]),
        ("not won", [g for g in games if g.outcome != "won"]),
    ):
        if not chosen:
            continue
        print(f"  {label}: {len(chosen)} games")
        print(f"    turns: median {statistics.median(g.turns for g in chosen):.0f}")
        print(
            f"    AI turns ended with moves still allowed: "
            f"{sum(g.ai_turns_ended_with_moves for g in chosen) / max(1, sum(g.ai_turns for g in chosen)):.1%}"
        )
        print(
            f"    crapette cards per turn: AI {sum(g.ai_crapette_played for g in chosen) / max(1, sum(g.ai_turns for g in chosen)):.2f}, "
            f"baseline {sum(g.baseline_crapette_played for g in chosen) / max(1, sum(g.baseline_turns for g in chosen)):.2f}"
        )
    print("  games not won:")
    for game in games:
        if game.outcome == "won":
            continue
        print(
            f"    deal {game.deal_seed} seat {game.ai_seat}: {game.outcome} after {game.turns} turns; "
            f"left AI {game.ai_left} (crapette {game.ai_crapette_left}), baseline {game.baseline_left} "
            f"(crapette {game.baseline_crapette_left}); AI crapette top placeable {game.ai_top_placeable}; AI turns ended with moves {game.ai_turns_ended_with_moves}/{game.ai_turns}"
        )
    shown = [game for game in games if game.outcome != "won"][: args.show]
    for game in shown:
        print(f"\n=== deal {game.deal_seed} seat {game.ai_seat}: {game.outcome}")
        print("\n".join(game.lines[-args.tail :]))


if __name__ == "__main__":
    main()
