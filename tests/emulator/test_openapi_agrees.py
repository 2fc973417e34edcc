"""The emulator's own reading of Discord's OpenAPI document (bot/emulator/schema.py) agrees with a general JSON
Schema validator (``jsonschema``, Draft 2020-12) on the same document, closed the same way."""

from __future__ import annotations

import copy
from typing import Any

import jsonschema
import pytest

from bot.emulator.openapi import TOLERATED, document, openapi
from tests.emulator.test_openapi import BOARD, changed

MESSAGES = "/channels/{channel_id}/messages"
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"


def closed_document() -> dict[str, Any]:
    """The document with every object closed (its tolerated fields allowed) and ids that may be integers: the two
    readings bot/emulator/schema.py makes."""
    schemas = copy.deepcopy(document()["components"]["schemas"])

    def close(node: Any, name: str | None = None) -> None:
        if isinstance(node, dict):
            if "properties" in node and "additionalProperties" not in node:
                node["additionalProperties"] = False
                for field in TOLERATED.get(name or "", {}):
                    node["properties"].setdefault(field, {})
            for value in node.values():
                close(value)
        elif isinstance(node, list):
            for value in node:
                close(value)

    for name, schema in schemas.items():
        close(schema, name)
    schemas["SnowflakeType"] = {
        "anyOf": [{"type": "string", "pattern": "^(0|[1-9][0-9]*)$"}, {"type": "integer", "minimum": 0}]
    }
    return {"components": {"schemas": schemas}}


@pytest.fixture(scope="module")
def validators() -> dict[str, jsonschema.Draft202012Validator]:
    closed = closed_document()
    paths = document()["paths"]
    out = {}
    for key, path in (("message", "/channels/{channel_id}/messages"), ("callback", CALLBACK)):
        schema = paths[path]["post"]["requestBody"]["content"]["application/json"]["schema"]
        out[key] = jsonschema.Draft202012Validator({**closed, **schema})
    return out


BODIES: list[tuple[str, Any]] = [
    ("message", BOARD),
    ("message", changed(lambda b: b["embeds"][0].update(color=0x1000000))),
    ("message", changed(lambda b: b["components"][0]["components"][0].update(style=7))),
    ("message", changed(lambda b: b["components"][0]["components"][0].update(style=True))),
    ("message", changed(lambda b: b["embeds"][0].update(title="t" * 257))),
    ("message", changed(lambda b: b.update(embed=b.pop("embeds")))),
    ("message", changed(lambda b: b["components"][0].update(type=99))),
    ("message", changed(lambda b: b["components"][0].update(components=[]))),
    ("message", changed(lambda b: b["components"][1]["components"][0].update(max_values=26))),
    (
        "message",
        changed(lambda b: b.update(message_reference={"message_id": 12, "fail_if_not_exists": False})),
    ),
    ("message", changed(lambda b: b.update(attachments=[{"id": 0, "description": "The board"}]))),
    ("message", changed(lambda b: b.update(attachments=[{"id": "x"}]))),
    ("message", changed(lambda b: b.update(components=[{"type": 10, "content": "hi"}], flags=1 << 15))),
    ("message", {"content": "x" * 4001}),
    ("message", {"content": None, "nonce": "n" * 26}),
    ("callback", {"type": 4, "data": {"content": "hi", "flags": 64}}),
    ("callback", {"type": 7, "data": {"embeds": BOARD["embeds"], "components": BOARD["components"]}}),
    ("callback", {"type": 8, "data": {"choices": [{"name": "7♥", "value": "7H"}]}}),
    ("callback", {"type": 8, "data": {"choices": [{"name": "", "value": "7H"}]}}),
    ("callback", {"type": 99}),
    ("callback", {"type": 6, "data": {"embed": {}}}),
]


@pytest.mark.parametrize(("kind", "body"), BODIES)
def test_both_readings_accept_and_refuse_the_same_bodies(
    kind: str, body: Any, validators: dict[str, jsonschema.Draft202012Validator]
) -> None:
    route = MESSAGES if kind == "message" else "/interactions/{interaction_id}/{token}/callback"
    ours = openapi().check("POST", route, body, {}, has_body=True)
    assert ours is not None
    theirs = list(validators[kind].iter_errors(body))
    assert (not ours) == (not theirs), (ours, [error.message[:200] for error in theirs])
