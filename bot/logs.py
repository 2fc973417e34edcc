"""The bot's logging: discord.py's format, and no secret in any line at any level.

At DEBUG, discord.py writes every gateway event as it came ("For Shard ID 0: WebSocket Event: {...}": interaction
tokens, what players wrote, the cards on a clicked private message) and every REST call with its route (an
interaction's follow-up route carries its token) and its body. `Redact`, installed on the handlers by
`setup_logging`, rewrites each record before any handler formats it:

- the bot token, wherever it appears;
- the token of an interaction or a webhook in a route (`/webhooks/{id}/{token}`, `/interactions/{id}/{token}`);
- the string values of the keys that carry a secret or what someone wrote, in JSON or in a Python repr: `token`,
  `content`, `value` (a menu choice, an option typed, a form field), and the texts a private message shows
  (`title`, `description`, `label`, `text`, `placeholder`).

Ids, event names, routes and statuses stay, so a DEBUG log still says what happened. Tracebacks are redacted the
same way. discord.py's retries to connect a shard log one line each instead of a traceback every five seconds.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable

import discord

REDACTED = "***"
MIN_SECRET = 8
SECRET_KEYS = ("token", "content", "value", "title", "description", "label", "text", "placeholder")
_KEYED = re.compile(
    r"""(?P<key>(?P<quote>["'])(?:""" + "|".join(SECRET_KEYS) + r""")(?P=quote)\s*:\s*)"""
    r"""(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')"""
)
_ROUTE_TOKEN = re.compile(r"(?P<route>/(?:webhooks|interactions)/\d+/)[^/?\s'\"]+")
# discord.py logs a traceback every five seconds while a shard cannot connect: one line each is enough.
_ONE_LINE = {("discord.shard", "Failed to connect for shard_id: %s. Retrying...")}


def redact(text: str, secrets: Iterable[str] = ()) -> str:
    for secret in secrets:
        if secret:
            text = text.replace(secret, REDACTED)
    text = _ROUTE_TOKEN.sub(rf"\g<route>{REDACTED}", text)
    return _KEYED.sub(rf"\g<key>'{REDACTED}'", text)


class Redact(logging.Filter):
    """Takes the secrets out of every record (see the module's docstring); never drops one."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        # (A secret of a few letters is no token: replacing it everywhere would only garble the log.)
        self._secrets = tuple(secret for secret in secrets if len(secret) >= MIN_SECRET)

    def filter(self, record: logging.LogRecord) -> bool:
        if (record.name, record.msg) in _ONE_LINE and record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            record.msg = f"{record.getMessage()} ({type(error).__name__}: {error})"
            record.args = None
            record.exc_info = None
        message = record.getMessage()
        cleaned = redact(message, self._secrets)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        if record.exc_info:
            # Formatted here, redacted, and kept as text: no handler formats the original again.
            record.exc_text = logging.Formatter().formatException(record.exc_info)
            record.exc_info = None
        if record.exc_text:
            record.exc_text = redact(record.exc_text, self._secrets)
        if record.stack_info:
            record.stack_info = redact(record.stack_info, self._secrets)
        return True


def setup_logging(
    level: int, *, secrets: Iterable[str] = (), handler: logging.Handler | None = None
) -> logging.Handler:
    """discord.py's logging setup on the root logger (stderr, or ``handler``), with `Redact` on every handler of
    the root logger; ``secrets``: strings never to write (the bot token). Returns the handler."""
    handler = handler or logging.StreamHandler()
    discord.utils.setup_logging(handler=handler, level=level, root=True)
    redacting = Redact(secrets)
    for each in logging.getLogger().handlers:
        if not any(isinstance(existing, Redact) for existing in each.filters):
            each.addFilter(redacting)
    return handler
