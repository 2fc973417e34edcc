"""The playground without a browser: the world, slash commands typed as text, suggestions, the live stream."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest

from bot.emulator import Channel, User
from bot.playground.run import RunningPlayground
from bot.playground.view import mentions_to_names, message_view
from bot.playground.web import TOKEN_HEADER
from bot.playground.world import LANGUAGES, languages_offered


async def post(running: RunningPlayground, action: str, **body: object) -> dict[str, object]:
    """An action as the page sends it (with the token written into the page)."""
    async with (
        aiohttp.ClientSession(headers={TOKEN_HEADER: running.site.token}) as session,
        session.post(f"{running.url}playground/{action}", json=body) as response,
    ):
        return dict(await response.json())


async def test_the_world_has_a_server_two_tables_and_four_people(playground: RunningPlayground) -> None:
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"{playground.url}playground/world") as response,
    ):
        world = await response.json()
    assert world["server"] == "Playground"
    assert [c["name"] for c in world["channels"]] == ["table", "table-2"]
    assert [p["display"] for p in world["people"]] == ["Alice", "Bob", "Carol", "Dave"]
    async with aiohttp.ClientSession() as session, session.get(playground.url) as response:
        assert "Card Table playground" in await response.text()


async def test_typed_commands_are_suggested_and_run(playground: RunningPlayground) -> None:
    found = await post(playground, "suggest", user="alice", channel="table", text="/ga")
    assert [s["text"] for s in found["suggestions"]] == ["/game "]  # type: ignore[index]
    found = await post(playground, "suggest", user="alice", channel="table", text="/game new game:he")
    assert [s["label"] for s in found["suggestions"]] == ["Hearts"]  # type: ignore[index]
    found = await post(playground, "suggest", user="alice", channel="table", text="/game new game:hearts ")
    offered = found["suggestions"]
    assert offered and all(s["optional"] for s in offered)  # type: ignore[index,union-attr]
    answer = await post(playground, "command", user="alice", channel="table", text="/game new game:hearts")
    assert answer == {"ok": True}
    table = playground.playground.channel("table")
    assert table is not None
    assert "Hearts" in table.messages[-1].text
    refused = await post(playground, "command", user="alice", channel="table", text="/nothing")
    assert "no command /nothing" in str(refused["error"])
    # A fixed choice is offered in the reader's language, as Discord's client shows it (found by a reviewer: the
    # French list offered "Hearts", which /aide and the boards call "Dame de pique").
    found = await post(
        playground, "suggest", user="carol", channel="table-2", text="/partie nouvelle partie:da"
    )
    assert [s["label"] for s in found["suggestions"]] == ["Dame de pique"]  # type: ignore[index]
    assert [s["text"] for s in found["suggestions"]] == ["/partie nouvelle partie:Dame de pique "]  # type: ignore[index]
    opened = await post(
        playground, "command", user="carol", channel="table-2", text="/partie nouvelle partie:Dame de pique"
    )
    assert opened == {"ok": True}


async def test_the_stream_sends_the_channel_again_when_it_changes(playground: RunningPlayground) -> None:
    url = f"{playground.url}playground/events?user=bob&channel=table&token={playground.site.token}"
    async with aiohttp.ClientSession() as session, session.get(url) as response:

        async def next_snapshot() -> dict[str, object]:
            while True:
                line = (await response.content.readline()).decode()
                if line.startswith("data: "):
                    return dict(json.loads(line.removeprefix("data: ")))

        first = await asyncio.wait_for(next_snapshot(), 5)
        assert first["messages"] == []
        await post(playground, "send", user="alice", channel="table", content="hello Bob")
        second = await asyncio.wait_for(next_snapshot(), 5)
        assert [m["content"] for m in second["messages"]] == ["hello Bob"]  # type: ignore[index]


async def test_a_language_choice_changes_what_the_bot_answers(playground: RunningPlayground) -> None:
    assert await post(playground, "language", user="bob", locale="fr") == {"ok": True}
    await post(playground, "command", user="bob", channel="table-2", text="/rules")
    chan = playground.playground.channel("table-2")
    assert chan is not None
    bob = playground.playground.person("bob")
    answer = chan.visible_messages(bob)[-1]
    assert answer.ephemeral_for == bob.id if bob else False
    assert "Règles" in answer.text or "règles" in answer.text


async def test_a_command_mentioned_by_the_bot_shows_as_a_command(playground: RunningPlayground) -> None:
    """Seen at phone width: the empty leaderboard's "start one with /game new" showed as </game new:1575…>."""
    await post(playground, "command", user="alice", channel="table", text="/leaderboard game:klondike")
    chan = playground.playground.channel("table")
    alice = playground.playground.person("alice")
    assert chan is not None and alice is not None
    answer = chan.visible_messages(alice)[-1]
    assert "</game new:" in answer.text, "Discord gets the command's mention, with its id"
    shown = message_view(answer, alice, playground.playground)
    description = shown["embeds"][0]["description"]
    assert "</game new>" in description and "</game new:" not in description


async def test_a_command_used_shows_in_the_language_of_who_reads_it(playground: RunningPlayground) -> None:
    """As on Discord, "Alice used /game new" reads "/partie nouvelle" to Carol, who plays in French."""
    await post(playground, "command", user="alice", channel="table", text="/game new")
    chan = playground.playground.channel("table")
    alice, carol = playground.playground.person("alice"), playground.playground.person("carol")
    assert chan is not None and alice is not None and carol is not None
    lobby = next(message for message in chan.messages if message.interaction is not None)
    assert message_view(lobby, alice, playground.playground)["command"]["name"] == "game new"
    assert message_view(lobby, carol, playground.playground)["command"]["name"] == "partie nouvelle"


async def test_a_link_to_a_message_shows_as_discord_shows_it(playground: RunningPlayground) -> None:
    """Seen when chat buried a board: "The board moved down" linked to it with a long raw address."""
    chan = playground.playground.channel("table")
    assert chan is not None and chan.guild is not None
    text = f"⬇️ The board moved down: https://discord.com/channels/{chan.guild.id}/{chan.id}/123"
    assert mentions_to_names(text, playground.playground) == "⬇️ The board moved down: #table › 💬"


async def test_a_subcommand_suggestion_keeps_the_slash(playground: RunningPlayground) -> None:
    """Seen on every first game: picking "game new" left `game new ` in the box, and Enter posted it as chat."""
    found = await post(playground, "suggest", user="alice", channel="table", text="/game n")
    assert [s["text"] for s in found["suggestions"]] == ["/game new "]  # type: ignore[index]
    found = await post(playground, "suggest", user="carol", channel="table", text="/partie arr")
    assert [s["label"] for s in found["suggestions"]] == ["/partie arrêter"]  # type: ignore[index]


def test_every_language_with_page_texts_is_offered() -> None:
    """German appears in the side bar as soon as its catalog of page texts is there."""
    assert languages_offered(["fr", "en"]) == {"en-US": "English", "fr": "Français"}
    assert languages_offered(["de", "en", "fr"])["de"] == "Deutsch"
    assert list(LANGUAGES)[:2] == ["en-US", "fr"]


async def test_the_server_language_is_chosen_as_the_owner_sends_settings(
    playground: RunningPlayground, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent: list[tuple[str, str, dict[str, object]]] = []
    slash = playground.emulator.slash

    async def recorded(
        user: User, channel: Channel, name: str, options: dict[str, object] | None = None
    ) -> object:
        sent.append((user.name, name, dict(options or {})))
        return await slash(user, channel, name, options)

    monkeypatch.setattr(playground.emulator, "slash", recorded)
    assert await post(playground, "server_language", user="bob", channel="table", value="fr") == {"ok": True}
    assert sent == [("alice", "settings", {"language": "fr"})], "sent as the server's owner"
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"{playground.url}playground/world") as response,
    ):
        world = await response.json()
    assert [choice["name"] for choice in world["server_languages"]] == ["English", "Français", "Deutsch"]
    assert world["server_language"] == "fr"
    refused = await post(playground, "server_language", user="bob", channel="table", value="klingon")
    assert "English, Français, Deutsch" in str(refused["error"])


async def post_status(running: RunningPlayground, action: str, body: object) -> int:
    async with (
        aiohttp.ClientSession(headers={TOKEN_HEADER: running.site.token}) as session,
        session.post(f"{running.url}playground/{action}", json=body) as response,
    ):
        return response.status


@pytest.mark.parametrize(
    ("action", "body"),
    [
        ("click", {"user": "alice", "message": [1], "custom_id": "x"}),
        ("select", {"user": "alice", "message": {"a": 1}, "values": 3}),
        ("send", {"user": "alice", "channel": "table", "content": "hi", "message": [2]}),
        ("react", {"user": "alice", "message": None, "emoji": ["x"]}),
        ("activity_authorize", {"user": "alice", "client_id": [1], "scope": 5}),
        ("send", ["not", "an", "object"]),
    ],
)
async def test_a_malformed_action_from_the_page_gets_one_sentence_not_a_server_error(
    playground: RunningPlayground, action: str, body: object
) -> None:
    """Fields of the wrong JSON type (as a forged request sends them): refused with a 400 and its reason, like a
    field with a wrong value; never a server error (a list where a message id goes was a 500)."""
    assert await post_status(playground, action, body) == 400


async def test_launch_typed_opens_the_activity_as_the_app_launcher_does(
    playground: RunningPlayground,
) -> None:
    """`/launch` (the app's entry point, which Discord's App Launcher runs) opens the Activity for whoever typed it,
    in a channel with no table too: the page there offers to open one."""
    launches = playground.emulator.activities.launches
    before = len(launches)
    answer = await post(playground, "command", user="alice", channel="table", text="/launch")
    assert "error" not in answer, answer
    assert len(launches) == before + 1 and launches[-1].user.name == "alice"
    assert playground.bot.games.in_channel(playground.playground.channel("table").id) is None
