"""Every request checked against Discord's OpenAPI document: what Discord would refuse is refused the same way
(400, 50035 and its error tree) and fails the test that sent it; a field Discord's API does not have fails it too."""

from __future__ import annotations

import copy
from typing import Any

import discord
import pytest
from discord.http import Route

from bot.emulator import Emulator, RunningClient
from bot.emulator.openapi import TOLERATED, UNDOCUMENTED_ROUTES, document, openapi
from bot.emulator.runner import EmulatorCheckFailed
from tests.emulator.conftest import Scene
from tests.emulator.sample_bot import SampleBot

MESSAGES = "/channels/{channel_id}/messages"

BOARD: dict[str, Any] = {
    "content": None,
    "tts": False,
    "embeds": [
        {
            "type": "rich",
            "flags": 0,  # discord.py sends it; the document does not list it (TOLERATED)
            "title": "Hearts",
            "description": "Trick 3",
            "color": 0x2ECC71,
            "fields": [{"name": "Alice", "value": "12 points", "inline": True}],
            "footer": {"text": "Your turn"},
        }
    ],
    "components": [
        {
            "type": 1,
            "components": [
                {"type": 2, "style": 2, "custom_id": f"tg:g:7:p.1.{n}H", "label": f"{n}♥"}
                for n in range(2, 7)
            ],
        },
        {
            "type": 1,
            "components": [
                {
                    "type": 3,
                    "custom_id": "tg:gs:7:pass.1",
                    "options": [{"label": f"{n}♣", "value": f"{n}C"} for n in range(2, 11)],
                    "min_values": 3,
                    "max_values": 3,
                }
            ],
        },
    ],
    "allowed_mentions": {"parse": []},
}


def problems(
    body: Any, route: str = MESSAGES, method: str = "POST", query: dict[str, str] | None = None
) -> Any:
    found = openapi().check(method, route, body, query or {}, has_body=body is not None)
    assert found is not None, f"{method} {route} is not in the document"
    return found


def changed(edit: Any) -> dict[str, Any]:
    body = copy.deepcopy(BOARD)
    edit(body)
    return body


def test_a_board_message_as_discord_py_sends_it_is_accepted() -> None:
    found = problems(BOARD)
    assert (found.errors, found.unknown) == ([], [])


@pytest.mark.parametrize(
    ("edit", "path", "code"),
    [
        (lambda b: b["embeds"][0].update(color=0x1000000), ("embeds", 0, "color"), "NUMBER_TYPE_MAX"),
        (lambda b: b["embeds"][0].update(color=-1), ("embeds", 0, "color"), "NUMBER_TYPE_MIN"),
        (
            lambda b: b["components"][0]["components"][0].update(style=7),
            ("components", 0, "components", 0, "style"),
            "BASE_TYPE_CHOICES",
        ),
        (lambda b: b["embeds"][0].update(title="t" * 257), ("embeds", 0, "title"), "BASE_TYPE_MAX_LENGTH"),
        (lambda b: b["embeds"][0].update(title=7), ("embeds", 0, "title"), "STRING_TYPE_CONVERT"),
        (
            lambda b: b["components"][1]["components"][0]["options"][0].update(label="x" * 101),
            ("components", 1, "components", 0, "options", 0, "label"),
            "BASE_TYPE_BAD_LENGTH",
        ),
        (lambda b: b["components"][0].update(type=99), ("components", 0, "type"), "BASE_TYPE_CHOICES"),
        (
            lambda b: b["components"][0].pop("components"),
            ("components", 0, "components"),
            "BASE_TYPE_REQUIRED",
        ),
        (lambda b: b.update(tts="yes"), ("tts",), "BOOLEAN_TYPE_CONVERT"),
        (lambda b: b["embeds"][0].update(url="not a url"), ("embeds", 0, "url"), "BASE_TYPE_FORMAT"),
    ],
)
def test_what_the_document_refuses_is_an_error_at_its_path(
    edit: Any, path: tuple[Any, ...], code: str
) -> None:
    found = problems(changed(edit))
    assert [(error.path, error.code) for error in found.errors] == [(path, code)]


def test_a_misspelled_field_is_unknown_and_a_tolerated_one_is_not() -> None:
    found = problems(changed(lambda b: b.update(embed=b.pop("embeds"))))
    assert (found.errors, found.unknown) == ([], ["embed"])
    found = problems(changed(lambda b: b["embeds"][0].update(colour=3)))
    assert found.unknown == ["embeds.0.colour"]
    assert "flags" in TOLERATED["RichEmbed"] and all(
        reason for fields in TOLERATED.values() for reason in fields.values()
    )


def test_query_parameters_are_checked_too() -> None:
    found = problems(None, method="GET", query={"limit": "500", "befor": "1"})
    assert [(error.path, error.code) for error in found.errors] == [(("query", "limit"), "NUMBER_TYPE_MAX")]
    assert found.unknown == ["?befor"]
    assert problems(None, method="GET", query={"limit": "50", "before": "123"}).errors == []


def test_an_interaction_callback_is_read_by_its_type() -> None:
    route = "/interactions/{interaction_id}/{token}/callback"
    assert not problems({"type": 4, "data": {"content": "hi", "flags": 64}}, route)
    found = problems({"type": 99, "data": {}}, route)
    assert [(error.path, error.code) for error in found.errors] == [(("type",), "BASE_TYPE_CHOICES")]
    found = problems({"type": 7, "data": {"embed": {"title": "x"}}}, route)
    assert found.unknown == ["data.embed"]


def test_every_emulator_route_is_in_the_document_or_listed_with_its_reason(emulator: Emulator) -> None:
    missing = [
        route.key
        for route in emulator.rest.router.routes
        if openapi().operation(route.method, route.template) is None
    ]
    assert sorted(missing) == sorted(UNDOCUMENTED_ROUTES)


def test_the_document_is_the_pinned_one() -> None:
    spec = document()
    assert spec["openapi"].startswith("3.1") and spec["info"]["license"]["identifier"] == "MIT"


# -- through the real discord.py: the test that sent it fails -------------------------------------------------------


async def test_a_misspelled_embed_fails_the_test_that_sent_it(
    scene: Scene, bot: RunningClient[SampleBot]
) -> None:
    route = Route("POST", MESSAGES, channel_id=scene.general.id)
    await bot.client.http.request(route, json={"content": "x", "embed": {"title": "lost"}})
    with pytest.raises(EmulatorCheckFailed, match="unknown_field: embed"):
        bot.check()


async def test_an_out_of_range_colour_is_refused_like_discord(
    scene: Scene, bot: RunningClient[SampleBot], emulator: Emulator
) -> None:
    channel = bot.client.get_channel(scene.general.id)
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send(embed=discord.Embed(title="t", colour=0x1000000))
    assert refused.value.status == 400 and refused.value.code == 50035
    assert "embeds.0.color" in refused.value.text
    [violation] = emulator.take_violations("invalid_form_body")
    assert "NUMBER_TYPE_MAX" in violation.message


async def test_a_text_display_without_the_components_v2_flag_is_refused(
    scene: Scene, bot: RunningClient[SampleBot], emulator: Emulator
) -> None:
    route = Route("POST", MESSAGES, channel_id=scene.general.id)
    with pytest.raises(discord.HTTPException, match="IS_COMPONENTS_V2"):
        await bot.client.http.request(route, json={"components": [{"type": 10, "content": "hello"}]})
    emulator.take_violations("invalid_form_body")
    flagged = {"components": [{"type": 10, "content": "hello"}], "flags": 1 << 15}
    await bot.client.http.request(route, json=flagged)
