"""Every REST request checked against Discord's published OpenAPI document, as Discord checks it.

The document is vendored in bot/emulator/spec/ (see its README.md for the commit and how to update it). For each
route the emulator serves, the operation with the same method and path shape is found in the document; a request's
JSON body (or the ``payload_json`` part of a multipart body) is checked against the operation's schema and its
query against the operation's parameters: types, enums, ranges, string and list lengths, required fields, and no
field the schema does not name (see bot/emulator/schema.py). The limits the document does not encode are in
limits.py.

:data:`TOLERATED` lists the fields Discord accepts although the document does not name them, each with its reason.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from bot.emulator.limits import FormError
from bot.emulator.schema import Check, Compiler, Errors

# Fields Discord accepts (and ignores or uses) although the document's schema does not list them. Each one is sent
# by discord.py 2.7 on every such request, so refusing it would refuse discord.py itself.
_NSFW = (
    "age-restricted commands: on Discord's application command object in its documentation, sent by discord.py's "
    "app_commands (Command.to_dict), missing from the OpenAPI document's request schema"
)
TOLERATED: dict[str, dict[str, str]] = {
    "ApplicationCommandCreateRequest": {"nsfw": _NSFW},
    "ApplicationCommandUpdateRequest": {"nsfw": _NSFW},
    "ApplicationCommandPatchRequestPartial": {"nsfw": _NSFW},
    "RichEmbed": {
        "flags": "discord.py's Embed.to_dict() always writes the embed's flags (0 unless read from Discord)",
    },
    "MessageEditRequestPartial": {
        "tts": "discord.py's handle_message_parameters() writes tts (False) into every message body, edits too",
    },
    "IncomingWebhookUpdateRequestPartial": {
        "tts": "the same, for the edit of an interaction's message through its webhook",
    },
    "IncomingWebhookUpdateForInteractionCallbackRequestPartial": {
        "tts": "the same, for the message a component interaction updates (callback type 7)",
    },
}


# Routes the emulator serves that the document does not have (so nothing is checked on them), with the reason.
UNDOCUMENTED_ROUTES: dict[str, str] = {
    "POST /auth/logout": "discord.py's HTTPClient.logout(); no body; not in Discord's public API",
    "POST /oauth2/token": (
        "the Activity's OAuth2 code exchange (a form body with the client secret, bot/activity/identity.py): "
        "documented in Discord's OAuth2 pages, not in the OpenAPI document"
    ),
    "GET /applications/{application_id}/commands/permissions": (
        "discord.py's fetch of every command's permissions without a guild; the document has only the guild one"
    ),
}


@dataclass(frozen=True)
class Operation:
    method: str
    path: str  # the document's path template, e.g. "/channels/{channel_id}/messages"
    body: Check | None  # None: the operation takes no body
    query: dict[str, Check]  # name -> check of the query parameter's value (already converted from text)
    query_types: dict[str, str]  # name -> "integer" | "boolean" | "string" | ...


@dataclass(frozen=True)
class Problems:
    errors: list[FormError]
    unknown: list[str]  # fields (and query parameters) the operation does not know, as paths "embeds.0.flag"

    def __bool__(self) -> bool:
        return bool(self.errors or self.unknown)


def shape(path: str) -> tuple[str, ...]:
    """A path template's segments with every parameter as ``{}``: the emulator's and the document's names differ
    (``{token}`` / ``{interaction_token}``)."""
    return tuple("{}" if part.startswith("{") else part for part in path.strip("/").split("/"))


@functools.cache
def document() -> dict[str, Any]:
    text = resources.files("bot.emulator.spec").joinpath("openapi.json").read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


class OpenApi:
    """The document's operations, compiled once per process (:func:`openapi`)."""

    def __init__(self, spec: dict[str, Any]) -> None:
        self.spec = spec
        tolerated = {name: list(fields) for name, fields in TOLERATED.items()}
        self.compiler = Compiler(spec["components"]["schemas"], tolerated=tolerated)
        self._by_shape: dict[tuple[str, tuple[str, ...]], tuple[str, dict[str, Any]]] = {}
        for path, item in spec["paths"].items():
            for method, operation in item.items():
                if method in ("get", "post", "put", "patch", "delete"):
                    self._by_shape[(method.upper(), shape(path))] = (path, operation)
        self._compiled: dict[tuple[str, tuple[str, ...]], Operation | None] = {}

    def operation(self, method: str, route_template: str) -> Operation | None:
        """The document's operation for an emulator route (``"/channels/{channel_id}/messages"``), or None."""
        key = (method, shape(route_template))
        if key in self._compiled:
            return self._compiled[key]
        found = self._by_shape.get(key)
        compiled = self._compile(method, *found) if found is not None else None
        self._compiled[key] = compiled
        return compiled

    def _compile(self, method: str, path: str, operation: dict[str, Any]) -> Operation:
        body: Check | None = None
        content = (operation.get("requestBody") or {}).get("content") or {}
        if "application/json" in content:
            body = self.compiler.compile(content["application/json"]["schema"])
        query: dict[str, Check] = {}
        query_types: dict[str, str] = {}
        for parameter in operation.get("parameters", []):
            parameter = self.compiler.resolve(parameter)
            if parameter.get("in") != "query":
                continue
            schema = parameter.get("schema", {})
            query[parameter["name"]] = self.compiler.compile(schema)
            kind = self.compiler.resolve(schema).get("type", "string")
            query_types[parameter["name"]] = kind if isinstance(kind, str) else kind[0]
        return Operation(method, path, body, query, query_types)

    def check(
        self, method: str, route_template: str, body: Any, query: dict[str, str], *, has_body: bool
    ) -> Problems | None:
        """What Discord would refuse (or drop) in this request; None when the document has no such operation."""
        operation = self.operation(method, route_template)
        if operation is None:
            return None
        found = Errors()
        if operation.body is not None and (has_body or body is not None):
            operation.body(body, (), found)
        unknown = [".".join(str(part) for part in path) for path in found.unknown]
        for name, text in query.items():
            check = operation.query.get(name)
            if check is None:
                unknown.append(f"?{name}")
                continue
            check(_from_query(text, operation.query_types[name]), (((), "query"), name), found)
        return Problems(found.errors, unknown)


def _from_query(text: str, kind: str) -> Any:
    """A query parameter's text as the type its schema names (what Discord's parser does first)."""
    if kind == "integer":
        try:
            return int(text)
        except ValueError:
            return text
    if kind == "boolean":
        lowered = text.lower()
        if lowered in ("true", "1"):
            return True
        if lowered in ("false", "0"):
            return False
        return text
    return text


@functools.cache
def openapi() -> OpenApi:
    """The document, loaded and indexed once per process; each operation is compiled on its first request."""
    return OpenApi(document())
