"""What one Activity viewer costs per update, by game: the CPU time to build the state a page receives (the table as
that person sees it: `table_state`, which the hub runs once per connection at every change) and its size as JSON,
for The Game (the baseline, measured in the same run), Hearts, Barbu at six, Klondike and Crapette.

    python benchmarks/activity_views.py [--runs 5] [--calls 200]

Each game's table is built without a bot: two players (Hearts and Barbu add AI seats to four and six), a few moves
into a hand (the trick table with cards on it, the last trick shown; Klondike and Crapette a few moves in: Crapette's
state is its table drawn as cards over the board's text and controls, which it builds as on Discord). The state is built
for the first player, in English and in French. Figures are CPU time (time.process_time) per call, the median over
`--runs` runs of `--calls` calls, so other load on the machine barely moves them. Prints figures only; no
assertions.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.activity.views import view_for  # noqa: E402
from bot.activity.views.base import table_state  # noqa: E402
from bot.games.crapette.session import CrapetteAction, CrapetteSession  # noqa: E402
from bot.games.hearts.options import Phase  # noqa: E402
from bot.games.hearts.session import HeartsSession, PassCards  # noqa: E402
from bot.games.klondike.moves import DRAW  # noqa: E402
from bot.games.klondike.session import KlondikeSession, MakeMove  # noqa: E402
from bot.games.registry import rules_for  # noqa: E402
from bot.games.thegame.session import ChooseFirst  # noqa: E402
from bot.games.trick_session import PlayTrickCard, TrickSession  # noqa: E402
from bot.service.table import Seat, Table, TableStatus  # noqa: E402

# (game, seats, moves made before measuring)
TABLES = (("thegame", 2, 0), ("hearts", 4, 9), ("barbu", 6, 9), ("klondike", 1, 12), ("crapette", 2, 6))


def table_of(game: str, players: int, moves: int) -> Table:
    """A table of `players` (the first two people, the rest AI) `moves` simple moves into its game."""
    rules = rules_for(game)
    ai = [index for index in range(players) if index >= 2]
    table = Table(
        id=1,
        guild_id=1,
        channel_id=2,
        created_by=100,
        created_at=0.0,
        seed=2026,
        game_key=game,
        options=rules.options({}),
        seats=[Seat(100 + index, f"Player {index}", is_ai=index in ai) for index in range(players)],
        status=TableStatus.PLAYING,
    )
    table.session = rules.new_session(players, 2026, table.options, ai)
    session: Any = table.session
    if game == "thegame":
        session.apply(0, ChooseFirst())
    for _ in range(moves):
        if isinstance(session, TrickSession):
            seat = session.to_act()[0]
            engine = session.engine
            if isinstance(session, HeartsSession) and session.engine.phase is Phase.PASSING:
                session.apply(seat, PassCards(engine.hand(seat)[:3]))
            else:
                session.apply(seat, PlayTrickCard(engine.legal_cards(seat)[0]))
        elif isinstance(session, CrapetteSession):
            duel = session.engine
            seat = duel.current_player
            actions = duel.legal_actions(seat)
            kept = [action for action in actions if duel.priority_violation(action) is None] or actions
            session.apply(seat, CrapetteAction(kept[0]))
        elif isinstance(session, KlondikeSession):
            legal = session.engine.legal_moves()
            card_moves = [
                move for move in legal if move != DRAW and not move.source.startswith("foundation:")
            ]
            session.apply(0, MakeMove(card_moves[0] if card_moves else DRAW))
    return table


def per_call(table: Table, locale: str, calls: int, runs: int) -> float:
    """Median CPU seconds of one `table_state` for the first player."""
    view = view_for(table.game_key)
    samples = []
    for _ in range(runs):
        start = time.process_time()
        for _ in range(calls):
            table_state(view, table, 100, locale)
        samples.append((time.process_time() - start) / calls)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--calls", type=int, default=200)
    args = parser.parse_args()
    baseline: dict[str, float] = {}
    print(
        f"{'game':<10} {'seats':>5} {'language':>8} {'ms a viewer':>12} {'x The Game':>11} {'JSON bytes':>11}"
    )
    for game, seats, moves in TABLES:
        table = table_of(game, seats, moves)
        for locale in ("en", "fr"):
            seconds = per_call(table, locale, args.calls, args.runs)
            baseline.setdefault(locale, seconds)
            size = len(
                json.dumps(table_state(view_for(game), table, 100, locale), ensure_ascii=False).encode()
            )
            ratio = seconds / baseline[locale]
            print(f"{game:<10} {seats:>5} {locale:>8} {seconds * 1000:>12.3f} {ratio:>11.1f} {size:>11}")


if __name__ == "__main__":
    main()
