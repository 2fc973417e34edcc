"""Records the emulator keeps for tests: REST requests, uploaded files, rule violations."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(eq=False)
class UploadedFile:
    form_name: str  # "files[0]"
    filename: str
    content_type: str | None
    data: bytes = field(repr=False)

    @property
    def size(self) -> int:
        return len(self.data)


@dataclass(eq=False)
class RequestRecord:
    """One REST request the bot made. ``route`` is the template, e.g. ``"POST /channels/{channel_id}/messages"``
    (``None`` for unknown routes); ``json`` is the JSON body, or the ``payload_json`` part of a multipart body."""

    method: str
    path: str
    query: dict[str, str]
    route: str | None = None
    params: dict[str, str] = field(default_factory=dict)
    json: Any = None
    files: list[UploadedFile] = field(default_factory=list)
    status: int = 0
    response: Any = None
    injected: bool = False
    at: float = 0.0
    headers: dict[str, str] = field(default_factory=dict, repr=False)

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300

    def __str__(self) -> str:
        return f"{self.method} {self.path} -> {self.status}"


@dataclass(eq=False)
class Violation:
    """A broken Discord rule: ``kind`` is one of ``unknown_route``, ``late_ack``, ``double_ack``,
    ``invalid_form_body``, ``empty_message``, ``expired_token``, ``invalid_callback``, ``unknown_interaction``,
    ``not_acknowledged``, ``unknown_field`` (a field Discord's API does not have, which Discord drops)."""

    kind: str
    message: str
    request: RequestRecord | None = None
    reported: bool = False

    def __str__(self) -> str:
        where = f" [{self.request.method} {self.request.path}]" if self.request is not None else ""
        return f"{self.kind}: {self.message}{where}"


class ApiError(Exception):
    def __init__(self, status: int, code: int, message: str, *, body: dict[str, Any] | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.body = body if body is not None else {"message": message, "code": code}


def unknown(what: str, code: int) -> ApiError:
    return ApiError(404, code, f"Unknown {what}")


UNKNOWN_CHANNEL = 10003
UNKNOWN_GUILD = 10004
UNKNOWN_MEMBER = 10007
UNKNOWN_MESSAGE = 10008
UNKNOWN_USER = 10013
UNKNOWN_EMOJI = 10014
UNKNOWN_WEBHOOK = 10015
UNKNOWN_INTERACTION = 10062
UNKNOWN_APPLICATION_COMMAND = 10063
MISSING_ACCESS = 50001
CANNOT_EDIT_OTHERS = 50005
EMPTY_MESSAGE = 50006
MISSING_PERMISSIONS = 50013
INVALID_WEBHOOK_TOKEN = 50027
INVALID_FORM_BODY = 50035
ALREADY_ACKNOWLEDGED = 40060
REQUEST_TOO_LARGE = 40005
