"""Only the page may drive the page: another web site the person visits, or one that points its own name at
127.0.0.1 (DNS rebinding), can neither act in the playground nor read what a player sees."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import pytest

from bot.playground.run import RunningPlayground
from bot.playground.web import TOKEN_HEADER

AS_BOB = {"user": "bob", "channel": "table", "content": "Bob never said this"}


async def request(
    running: RunningPlayground, method: str, path: str, *, headers: dict[str, str], data: str | None = None
) -> tuple[int, str]:
    """The answer's status and text (an event stream that was let through: its first snapshot)."""
    async with (
        aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=5)) as session,
        session.request(method, f"{running.url}{path}", headers=headers, data=data) as response,
    ):
        if response.content_type == "text/event-stream":
            return response.status, (await response.content.readline()).decode()
        return response.status, await response.text()


def nothing_said(running: RunningPlayground) -> bool:
    return all(channel.messages == [] for channel in running.playground.channels)


async def test_another_site_cannot_post_as_a_player(playground: RunningPlayground) -> None:
    """Seen: a `text/plain` POST from another origin (no preflight: any page can send one) spoke as Bob."""
    status, _ = await request(
        playground,
        "POST",
        "playground/send",
        headers={"Origin": "http://attacker.example", "Content-Type": "text/plain"},
        data=json.dumps(AS_BOB),
    )
    assert status == 403
    # Even with the page's own origin, it takes the token only the page knows.
    origin = playground.url.rstrip("/")
    status, _ = await request(
        playground,
        "POST",
        "playground/command",
        headers={"Origin": origin, "Content-Type": "application/json"},
        data=json.dumps({"user": "alice", "channel": "table", "text": "/game new"}),
    )
    assert status == 403
    assert nothing_said(playground) and playground.bot.games.active_tables() == []


async def test_a_wrong_token_or_a_plain_text_body_is_refused(playground: RunningPlayground) -> None:
    for headers in (
        {TOKEN_HEADER: "a-guess", "Content-Type": "application/json"},
        {TOKEN_HEADER: playground.site.token, "Content-Type": "text/plain"},
    ):
        status, _ = await request(
            playground, "POST", "playground/send", headers=headers, data=json.dumps(AS_BOB)
        )
        assert status in (403, 415), headers
    assert nothing_said(playground)


@pytest.mark.parametrize("host", ["attacker.example", "attacker.example:{port}", "192.168.1.20:{port}"])
async def test_a_request_for_another_host_name_is_refused(playground: RunningPlayground, host: str) -> None:
    """DNS rebinding: a site whose name now points at 127.0.0.1 is same-origin for the browser, but its requests
    carry its own name; with the page's token it could read a player's private messages."""
    named = {"Host": host.format(port=playground.emulator.port)}
    for path in (
        "",
        "playground/world",
        f"playground/events?user=alice&channel=table&token={playground.site.token}",
    ):
        status, text = await request(playground, "GET", path, headers=named)
        assert status == 421, path
        assert playground.site.token not in text
    status, _ = await request(
        playground,
        "POST",
        "playground/send",
        headers={**named, TOKEN_HEADER: playground.site.token, "Content-Type": "application/json"},
        data=json.dumps(AS_BOB),
    )
    assert status == 421
    assert nothing_said(playground)


async def test_the_event_stream_needs_the_token(playground: RunningPlayground) -> None:
    for query in ("user=alice&channel=table", "user=alice&channel=table&token=a-guess"):
        status, text = await request(playground, "GET", f"playground/events?{query}", headers={})
        assert status == 403 and "data:" not in text


async def test_the_page_carries_this_start_token(playground: RunningPlayground) -> None:
    status, page = await request(playground, "GET", "", headers={})
    assert status == 200
    assert f'<meta name="playground-token" content="{playground.site.token}">' in page
    events: Any = f"playground/events?user=alice&channel=table&token={playground.site.token}"
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"{playground.url}{events}") as response,
    ):
        assert response.status == 200
        assert (await response.content.readline()).startswith(b"event: channel")
