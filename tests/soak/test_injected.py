"""The soak fails on a bot doctored to do each wrong thing its invariants are for (tests/soak/injected.py): a short
run, no Discord faults, one or two tables of the game concerned. Each of these passes on the real bot (the short
soak of test_soak.py runs every game)."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.soak import Soak, SoakConfig
from bot.emulator.chaos import ChaosRates


def doctored(inject: str, games: tuple[str, ...], actions: int, time_limit: float = 90.0) -> SoakConfig:
    return SoakConfig(
        tables=len(games),
        games=games,
        actions=actions,
        seed=3,
        guilds=1,
        kills=0,
        calm_share=1.0,  # no faults: only the doctored bot can fail the run
        human_share=0.0,
        rates=ChaosRates(),
        max_actions_per_game=200,
        check_every=0.25,  # reads close together: a fast game (AI seats) still holds a leaked card at the next read
        converge_timeout=20.0,
        final_restart=False,
        quiet=True,
        inject=inject,
        time_limit=time_limit,
    )


async def soak_failures(tmp_path: Path, config: SoakConfig) -> list[str]:
    soak = Soak(config, tmp_path)
    await soak.run()
    return soak.lost + soak.failures


@pytest.mark.parametrize(
    ("inject", "games", "actions", "reported", "time_limit"),
    [
        ("klondike_draw_stored_twice", ("klondike",), 25, "no action sent explains it", 90.0),
        ("held_card_on_the_board", ("hearts",), 25, "a public message in #hearts-0", 90.0),
        ("hand_shown_to_the_wrong_player", ("barbu",), 25, "a message shown to user", 90.0),
        # These two never reach their 25 actions (the game is stuck at its first draw): the run ends at its limit,
        # long after the failure it must report was seen.
        ("klondike_draw_refused", ("klondike",), 25, "refused although legal", 20.0),
        ("move_never_answered", ("klondike",), 25, "never answered while the bot was up", 20.0),
    ],
)
async def test_the_soak_reports_a_doctored_bot(
    tmp_path: Path, inject: str, games: tuple[str, ...], actions: int, reported: str, time_limit: float
) -> None:
    failures = await soak_failures(tmp_path, doctored(inject, games, actions, time_limit))
    assert any(reported in failure for failure in failures), failures[:5]


async def test_the_soak_reports_a_result_saved_twice(tmp_path: Path) -> None:
    """A Barbu game of five hands against AI seats ends within a few dozen plays: its ratings count it twice."""
    config = doctored("result_saved_twice", ("barbu",), 120)
    failures = await soak_failures(tmp_path, config)
    assert any("results say" in failure for failure in failures), failures[:5]
