"""The emulator's random fault injector: each kind at its rate, on the routes a running bot uses, reproducible."""

from __future__ import annotations

from bot.emulator.chaos import Chaos, ChaosRates
from bot.emulator.records import RequestRecord


def request(route: str) -> RequestRecord:
    method, path = route.split(" ", 1)
    return RequestRecord(method=method, path=path, query={}, route=route)


EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
CALLBACK = "POST /interactions/{interaction_id}/{token}/callback"


def test_server_errors_are_500_502_or_503_on_the_routes_of_play_only() -> None:
    chaos = Chaos(ChaosRates(server_error=1.0), seed=3)
    statuses = {chaos.take(request(EDIT)).status for _ in range(60)}  # type: ignore[union-attr]
    assert statuses == {500, 502, 503}
    assert chaos.take(request("GET /gateway/bot")) is None  # start-up routes: a restart always succeeds
    assert chaos.take(request("PUT /applications/{application_id}/commands")) is None
    assert chaos.injected["server_error"] == 60


def test_rate_limits_answer_like_discord_per_route_and_global() -> None:
    per_route = Chaos(ChaosRates(rate_limit=1.0), seed=1).take(request(CALLBACK))
    assert per_route is not None and per_route.status == 429
    assert (
        per_route.body is not None and per_route.body["global"] is False and per_route.body["retry_after"] > 0
    )
    assert "X-RateLimit-Global" not in per_route.headers
    global_limit = Chaos(ChaosRates(global_rate_limit=1.0), seed=1).take(request(CALLBACK))
    assert global_limit is not None and global_limit.status == 429
    assert global_limit.body is not None and global_limit.body["global"] is True
    assert global_limit.headers["X-RateLimit-Global"] == "true"


def test_a_slow_answer_comes_after_discords_three_seconds() -> None:
    fault = Chaos(ChaosRates(slow=1.0), seed=1).take(request(EDIT))
    assert fault is not None and fault.status == 0 and fault.delay > 3


def test_the_same_seed_injects_the_same_faults_and_none_once_stopped() -> None:
    rates = ChaosRates(rate_limit=0.2, server_error=0.2, slow=0.1)

    def run(chaos: Chaos) -> list[int | None]:
        return [getattr(chaos.take(request(EDIT)), "status", None) for _ in range(200)]

    assert run(Chaos(rates, seed=9)) == run(Chaos(rates, seed=9))
    stopped = Chaos(rates, seed=9)
    stopped.active = False
    assert set(run(stopped)) == {None}
