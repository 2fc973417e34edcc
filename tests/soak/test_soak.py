"""The soak, short: a table of every game, a few hundred actions, every fault at a high rate, a SIGKILL and restart.

The full run is `python benchmarks/soak.py` (see its docstring); this one asserts the same invariants.
"""

from __future__ import annotations

from pathlib import Path

from benchmarks.soak import GAMES, Soak, SoakConfig
from bot.emulator.chaos import GATEWAY_KINDS, REST_KINDS, ChaosRates


def short_soak() -> SoakConfig:
    return SoakConfig(
        tables=2 * len(GAMES),
        actions=200,
        seed=15,
        guilds=2,
        kills=1,
        calm_share=0.05,
        human_share=0.0,
        rates=ChaosRates(
            rate_limit=0.06,
            global_rate_limit=0.03,
            server_error=0.04,
            slow=0.02,
            # each gateway fault is injected once (every_gateway_fault): a reconnect costs the interactions sent
            # meanwhile seconds of waiting, too many for a short run
        ),
        token_lifetime=2.0,
        down_time=(1.0, 1.5),
        max_actions_per_game=40,
        check_every=1.0,
        converge_timeout=20.0,
        every_gateway_fault=True,
        final_restart=False,
        quiet=True,
    )


async def test_nothing_acknowledged_is_lost_and_nothing_leaks_through_faults_and_a_crash(
    tmp_path: Path,
) -> None:
    soak = Soak(short_soak(), tmp_path)
    await soak.run()
    assert soak.lost == [], soak.lost[:5]
    assert soak.failures == [], soak.failures[:5]
    assert soak.acknowledged >= 200
    assert set(soak.games_started) == set(GAMES), "every game the table hosts is in the soak"
    assert soak.bot.restarts >= 1
    injected = soak.chaos.injected
    missing = [kind for kind in (*REST_KINDS, *GATEWAY_KINDS) if not injected[kind]]
    assert not missing, f"faults never injected: {missing} ({dict(injected)})"
    assert soak.failed_while_down >= 1 or soak.sent_while_down == 0
