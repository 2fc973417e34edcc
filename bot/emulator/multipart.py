"""Request bodies: JSON, or the ``multipart/form-data`` discord.py sends with files (a ``payload_json`` part and
``files[n]`` parts).

aiohttp's multipart reader parses every part's headers through the standard library's ``email`` package, which
costs more than the rest of a request. :func:`split_form_data` reads the form discord.py (aiohttp's ``FormData``)
writes directly, giving what aiohttp's reader gives, and answers ``None`` for anything else (a preamble, odd line
endings, nested multiparts, transfer encodings, malformed framing...), which :func:`read_parts` then reads with
aiohttp's reader, as before.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from typing import Any

from aiohttp import BodyPartReader, MultipartReader, StreamReader
from aiohttp.base_protocol import BaseProtocol
from aiohttp.http_parser import HeadersParser
from aiohttp.multipart import content_disposition_filename, parse_content_disposition

# The Content-Type aiohttp's FormData writes: a boundary that is a token (uuid4().hex), unquoted.
_FORM_DATA = re.compile(r"multipart/form-data; boundary=([0-9A-Za-z'+_\-.]{1,70})")
_MAX_HEADER_LINES = 32  # aiohttp refuses more than 128 (parts have two); longer ones go to aiohttp
_MAX_HEADER_LINE = 4096  # aiohttp refuses lines over 8190 bytes; longer ones go to aiohttp
FAST_BODY_MAX = 32 * 1024 * 1024  # larger bodies are streamed through aiohttp's reader, as before


@dataclass(frozen=True, slots=True)
class Part:
    """One body part: its form field ``name`` and ``filename`` (from Content-Disposition, ``None`` when absent),
    its ``content_type`` header (verbatim) and its bytes."""

    name: str | None
    filename: str | None
    content_type: str | None
    data: bytes


def form_data_boundary(content_type: str | None) -> bytes | None:
    """The boundary of a ``multipart/form-data`` Content-Type written the way aiohttp writes it, else ``None``."""
    if content_type is None:
        return None
    match = _FORM_DATA.fullmatch(content_type)
    return None if match is None else match.group(1).encode()


def is_multipart(content_type: str | None, parsed: Any) -> bool:
    """Whether aiohttp's ``request.content_type`` starts with ``multipart/``. ``parsed`` is a callable returning
    that property (its ``email``-based parsing is only paid when the header mentions multipart at all)."""
    if content_type is None or "multipart" not in content_type.lower():
        return False
    return bool(parsed().startswith("multipart/"))


_disposition_cache: dict[str, tuple[str | None, str | None]] = {}
_headers_cache: dict[tuple[bytes, ...], tuple[str | None, str | None] | None] = {}


def _part_headers(lines: tuple[bytes, ...]) -> tuple[str | None, str | None] | None:
    """A part's Content-Type and Content-Disposition from its header lines (the same few come again and again:
    cached), parsed by aiohttp's parser; ``None`` when the part is not a plain one (aiohttp refuses the headers,
    or they announce a nested multipart, a transfer encoding or a form's charset)."""
    if lines in _headers_cache:
        return _headers_cache[lines]
    found: tuple[str | None, str | None] | None = None
    try:
        headers, _ = HeadersParser().parse_headers(list(lines))
    except Exception:
        pass  # aiohttp raises for these headers: let it
    else:
        content_type = headers.get("Content-Type")
        disposition = headers.get("Content-Disposition")
        if not (
            (content_type is not None and "multipart" in content_type.lower())  # a nested multipart
            or "Content-Transfer-Encoding" in headers
            # maybe a form's default charset part (aiohttp looks for one before each part)
            or (disposition is not None and "_charset_" in disposition)
        ):
            found = (content_type, disposition)
    if len(_headers_cache) >= 1024:
        _headers_cache.clear()
    _headers_cache[lines] = found
    return found


def _disposition(header: str | None) -> tuple[str | None, str | None]:
    """``(name, filename)`` from a Content-Disposition header, as aiohttp's ``BodyPartReader.name`` and
    ``.filename`` give them (the same headers come again and again: cached)."""
    if header is None:
        return None, None
    found = _disposition_cache.get(header)
    if found is None:
        _, params = parse_content_disposition(header)
        found = (
            content_disposition_filename(params, "name"),
            content_disposition_filename(params, "filename"),
        )
        if len(_disposition_cache) >= 1024:
            _disposition_cache.clear()
        _disposition_cache[header] = found
    return found


def split_form_data(boundary: bytes, body: bytes) -> list[Part] | None:
    """The parts of a ``multipart/form-data`` body, exactly as aiohttp's ``MultipartReader`` reads them (with
    ``read(decode=False)``), when the body has the plain shape aiohttp's ``FormData`` writes: ``--boundary`` CRLF,
    then per part header lines ending in CRLF, an empty line, the data, CRLF ``--boundary`` (CRLF and the next part,
    or ``--`` at the end). ``None`` for anything else."""
    delimiter = b"--" + boundary
    if not body.startswith(delimiter + b"\r\n"):
        return None  # a preamble, no parts, or padding after the boundary
    separator = b"\r\n" + delimiter
    end_marker = delimiter + b"--"
    parts: list[Part] = []
    pos = len(delimiter) + 2
    while True:
        # The header lines, as aiohttp reads them (lines end at LF; CR LF stripped), up to an empty line.
        lines: list[bytes] = []
        while True:
            newline = body.find(b"\n", pos)
            if newline < 0:
                return None
            line = body[pos : newline + 1].rstrip(b"\r\n")
            pos = newline + 1
            lines.append(line)
            if not line:
                break
            if len(lines) > _MAX_HEADER_LINES or len(line) > _MAX_HEADER_LINE:
                return None
        if body[pos - 2 : pos] != b"\r\n":
            return None  # the empty line was a bare LF: aiohttp's data search starts differently
        found = _part_headers(tuple(lines))
        if found is None:
            return None
        content_type, disposition = found
        name, filename = _disposition(disposition)
        # The data ends at the first CRLF--boundary (aiohttp also finds one right after the empty line).
        end = body.find(separator, pos - 2)
        if end < 0:
            return None
        parts.append(Part(name, filename, content_type, body[pos:end] if end >= pos else b""))
        # The boundary line: another part, or the end (what follows the closing boundary is ignored).
        pos = end + 2
        newline = body.find(b"\n", pos)
        line = (body[pos:] if newline < 0 else body[pos : newline + 1]).rstrip()
        if line == end_marker:
            return parts
        if line != delimiter or newline < 0 or body[newline - 1 : newline] != b"\r":
            return None
        pos = newline + 1


async def read_parts(reader: MultipartReader) -> AsyncIterator[Part]:
    """Every body part of ``reader`` (nested multiparts skipped), with aiohttp's own parsing, one at a time."""
    while True:
        part = await reader.next()
        if part is None:
            return
        if not isinstance(part, BodyPartReader):
            continue
        data = await part.read(decode=False)
        yield Part(part.name, part.filename, part.headers.get("Content-Type"), bytes(data))


def reader_over(headers: Mapping[str, str], body: bytes, **options: Any) -> MultipartReader:
    """aiohttp's ``MultipartReader`` over a body already read (``options`` as ``request.multipart()`` passes)."""
    loop = asyncio.get_running_loop()
    stream = StreamReader(BaseProtocol(loop), max(len(body), 2**16), loop=loop)
    stream.feed_data(body)
    stream.feed_eof()
    return MultipartReader(headers, stream, **options)
