"""JSON for the emulator: orjson (fast) wherever its result is the standard library's, ``json`` otherwise.

``loads`` gives exactly what ``json.loads`` gives: orjson reads integers beyond 64 bits as floats, so a body with a
run of 20 digits (or a minus and 19) goes to ``json``, as does everything orjson refuses (NaN, Infinity, 1e400, a
byte order mark, lone surrogates, invalid UTF-8, very deep nesting), so that ``json`` accepts it or raises its own
error. ``dumps`` writes compact JSON that parses to the same value as ``json.dumps(..., separators=(",", ":"))``
(orjson writes non-ASCII characters as UTF-8 rather than ``\\u`` escapes); what orjson will not write (non-string
keys, integers beyond 64 bits...) is written by ``json``, which also raises for what neither writes (dataclasses,
datetimes).
"""

from __future__ import annotations

import json
from typing import Any

import orjson

# Digits -> "0", "-" kept, anything else -> " ": a long number becomes a run of zeros, found with a substring search
# (much faster than a regular expression over a few kilobytes).
_SHAPE = bytes(ord("0") if 48 <= b <= 57 else b if b == ord("-") else ord(" ") for b in range(256))
_TWENTY_DIGITS = b"0" * 20
_MINUS_NINETEEN_DIGITS = b"-" + b"0" * 19
_DUMPS_OPTIONS = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME


def _maybe_beyond_64_bits(data: bytes | bytearray) -> bool:
    """Whether ``data`` may hold an integer orjson cannot read as one: 20 digits or more, or a minus sign and 19
    (-9223372036854775808 is the smallest 64-bit integer)."""
    shape = data.translate(_SHAPE)
    return _TWENTY_DIGITS in shape or _MINUS_NINETEEN_DIGITS in shape


def loads(raw: bytes | bytearray | str) -> Any:
    """``json.loads(raw)``."""
    try:
        data = raw.encode() if isinstance(raw, str) else raw
    except UnicodeEncodeError:  # lone surrogates: orjson refuses them
        return json.loads(raw)
    if not _maybe_beyond_64_bits(data):
        try:
            return orjson.loads(data)
        except orjson.JSONDecodeError:
            pass
    return json.loads(raw)


def loads_text(data: bytes) -> Any:
    """``json.loads(data.decode())``: UTF-8 text (orjson only accepts valid UTF-8 without a byte order mark, which
    decodes to the same text)."""
    if not _maybe_beyond_64_bits(data):
        try:
            return orjson.loads(data)
        except orjson.JSONDecodeError:
            pass
    return json.loads(data.decode())


def dumps(data: Any) -> bytes:
    """Compact JSON, UTF-8 encoded."""
    try:
        return orjson.dumps(data, option=_DUMPS_OPTIONS)
    except TypeError:  # orjson.JSONEncodeError included
        return json.dumps(data, separators=(",", ":")).encode()
