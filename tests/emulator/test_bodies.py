"""Request bodies: the multipart form discord.py sends with files (read directly, or by aiohttp's reader for any
other shape), JSON read and written with orjson exactly as the standard library would, and the REST router."""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import Callable
from typing import Any
from urllib.parse import unquote

import aiohttp
import pytest
from multidict import CIMultiDict

from bot.emulator import Emulator, RequestRecord, jsonio
from bot.emulator.emulator import API_PREFIX
from bot.emulator.multipart import (
    Part,
    form_data_boundary,
    read_parts,
    reader_over,
    split_form_data,
)
from tests.emulator.conftest import Scene

PNG = b"\x89PNG\r\n\x1a\n" + b"\r\n--not-the-boundary\r\n" + bytes(range(256))


class _Buffer:
    def __init__(self) -> None:
        self.data = bytearray()

    async def write(self, chunk: bytes) -> None:
        self.data.extend(chunk)


async def discord_form(payload: dict[str, Any], files: list[tuple[str, bytes]]) -> tuple[str, bytes]:
    """The Content-Type and body discord.py sends for a message with files (discord/http.py: aiohttp's FormData
    without field quoting, ``payload_json`` then ``files[n]``)."""
    form = aiohttp.FormData(quote_fields=False)
    form.add_field(name="payload_json", value=json.dumps(payload))
    for index, (filename, data) in enumerate(files):
        form.add_field(
            name=f"files[{index}]",
            value=io.BytesIO(data),
            filename=filename,
            content_type="application/octet-stream",
        )
    writer: Any = form()
    buffer = _Buffer()
    await writer.write(buffer)
    return writer.headers["Content-Type"], bytes(buffer.data)


async def aiohttp_parts(content_type: str, body: bytes) -> list[Part]:
    return [part async for part in read_parts(reader_over(CIMultiDict({"Content-Type": content_type}), body))]


def as_tuples(parts: list[Part] | None) -> list[tuple[Any, ...]] | None:
    return None if parts is None else [(p.name, p.filename, p.content_type, p.data) for p in parts]


async def test_the_form_discord_py_sends_is_read_directly() -> None:
    payload = {"content": "two files", "attachments": [{"id": 0}, {"id": 1}]}
    content_type, body = await discord_form(payload, [("board.png", PNG), ("empty.txt", b"")])
    boundary = form_data_boundary(content_type)
    assert boundary is not None
    parts = split_form_data(boundary, body)
    assert as_tuples(parts) == [
        ("payload_json", None, "text/plain; charset=utf-8", json.dumps(payload).encode()),
        ("files[0]", "board.png", "application/octet-stream", PNG),
        ("files[1]", "empty.txt", "application/octet-stream", b""),
    ]
    assert as_tuples(parts) == as_tuples(await aiohttp_parts(content_type, body))


@pytest.mark.parametrize(
    "filename", ['le "plan" final.png', "carré ✓ 🂡.png", 'a;b="c".txt', "back\\slash.bin", "100% sure.txt"]
)
async def test_filenames_with_quotes_and_unicode(filename: str) -> None:
    content_type, body = await discord_form({"content": ""}, [(filename, b"data")])
    boundary = form_data_boundary(content_type)
    assert boundary is not None
    parts = split_form_data(boundary, body)
    assert parts is not None and parts[1].filename == filename
    assert as_tuples(parts) == as_tuples(await aiohttp_parts(content_type, body))


async def test_a_part_without_filename_or_content_type() -> None:
    body = (
        b"--b0undary\r\n"
        b'Content-Disposition: form-data; name="payload_json"\r\n\r\n'
        b'{"content":"hi"}\r\n'
        b"--b0undary\r\n"
        b'Content-Disposition: form-data; name="files[0]"\r\n\r\n'
        b"raw\r\nbytes\r\n"
        b"--b0undary--\r\n"
    )
    parts = split_form_data(b"b0undary", body)
    assert as_tuples(parts) == [
        ("payload_json", None, None, b'{"content":"hi"}'),
        ("files[0]", None, None, b"raw\r\nbytes"),
    ]
    content_type = "multipart/form-data; boundary=b0undary"
    assert as_tuples(parts) == as_tuples(await aiohttp_parts(content_type, body))


PLAIN = (
    b"--b0undary\r\n"
    b'Content-Disposition: form-data; name="payload_json"\r\n\r\n'
    b'{"content":"hi"}\r\n'
    b"--b0undary\r\n"
    b'Content-Disposition: form-data; name="files[0]"; filename="a.txt"\r\n\r\n'
    b"text\r\n"
    b"--b0undary--\r\n"
)

OTHER_SHAPES = {
    "a preamble": b"this is a preamble\r\n" + PLAIN,
    "bare LF line ends": PLAIN.replace(b"\r\n", b"\n"),
    "padding after a boundary": PLAIN.replace(b"--b0undary\r\n", b"--b0undary  \r\n", 1),
    "a charset part": PLAIN.replace(b'name="payload_json"', b'name="_charset_"'),
    "a nested multipart": PLAIN.replace(
        b'filename="a.txt"\r\n', b'filename="a.txt"\r\nContent-Type: multipart/mixed; boundary=x\r\n'
    ),
    "a transfer encoding": PLAIN.replace(
        b'filename="a.txt"\r\n', b'filename="a.txt"\r\nContent-Transfer-Encoding: base64\r\n'
    ),
    "no closing boundary": PLAIN.replace(b"--b0undary--\r\n", b""),
    "a folded header line": PLAIN.replace(b'name="files[0]";', b'name="files[0]";\r\n '),
}


@pytest.mark.parametrize("shape", sorted(OTHER_SHAPES))
def test_other_shapes_are_left_to_aiohttp(shape: str) -> None:
    assert split_form_data(b"b0undary", OTHER_SHAPES[shape]) is None


async def post(emulator: Emulator, path: str, content_type: str, body: bytes) -> RequestRecord:
    async with aiohttp.ClientSession() as session:
        headers = {"Authorization": f"Bot {emulator.token}", "Content-Type": content_type}
        async with session.post(f"{emulator.api_base}{path}", data=body, headers=headers) as resp:
            await resp.read()
    return emulator.requests[-1]


def uploads(record: RequestRecord) -> list[tuple[str, str, str | None, bytes]]:
    return [(f.form_name, f.filename, f.content_type, f.data) for f in record.files]


async def test_the_emulator_records_files_as_sent(scene: Scene) -> None:
    emu = scene.emu
    payload = {"content": "see attached", "attachments": [{"id": 0, "filename": 'le "plan" é.png'}]}
    content_type, body = await discord_form(payload, [('le "plan" é.png', PNG), ("notes.txt", b"a\r\nb")])
    record = await post(emu, f"/channels/{scene.general.id}/messages", content_type, body)
    assert record.status == 200 and record.json == payload
    assert uploads(record) == [
        ("files[0]", 'le "plan" é.png', "application/octet-stream", PNG),
        ("files[1]", "notes.txt", "application/octet-stream", b"a\r\nb"),
    ]
    [message] = scene.general.messages
    assert [(a.filename, a.data) for a in message.attachments] == [('le "plan" é.png', PNG)]


@pytest.mark.parametrize(
    "shape", ["a preamble", "padding after a boundary", "a transfer encoding", "a folded header line"]
)
async def test_the_emulator_reads_other_shapes_with_aiohttp(scene: Scene, shape: str) -> None:
    emu = scene.emu
    emu.allow_violations("emulator_error")  # aiohttp refuses some shapes: the emulator answers 500, as before
    body = OTHER_SHAPES[shape]
    content_type = "multipart/form-data; boundary=b0undary"
    record = await post(emu, f"/channels/{scene.general.id}/messages", content_type, body)
    try:
        expected = await aiohttp_parts(content_type, body)
    except Exception:
        assert record.status == 500
        return
    json_parts = [p for p in expected if p.name == "payload_json"]
    assert record.json == (json.loads(json_parts[-1].data) if json_parts else None)
    assert uploads(record) == [
        (p.name or "", p.filename or p.name or "", p.content_type, p.data)
        for p in expected
        if p.name != "payload_json"
    ]


async def test_a_content_type_written_otherwise_is_still_multipart(scene: Scene) -> None:
    emu = scene.emu
    content_type = 'Multipart/Form-Data; boundary="b0undary"'
    record = await post(emu, f"/channels/{scene.general.id}/messages", content_type, PLAIN)
    assert record.status == 200 and record.json == {"content": "hi"}
    assert uploads(record) == [("files[0]", "a.txt", None, b"text")]


async def test_json_bodies(scene: Scene) -> None:
    emu = scene.emu
    record = await post(
        emu, f"/channels/{scene.general.id}/messages", "application/json", b'{"content":"hi"}'
    )
    assert record.status == 200 and record.json == {"content": "hi"}
    record = await post(emu, f"/channels/{scene.general.id}/messages", "application/json", b"\xffnot json")
    assert record.json == "\ufffdnot json" and record.status == 400  # kept as text; not a dict
    [refused] = emu.take_violations("invalid_form_body")
    assert "DICT_TYPE_CONVERT" in refused.message


JSON_TEXTS = [
    b'{"a":1,"a":2}',  # the last duplicate wins
    b"[12345678901234567890, -9223372036854775809, 18446744073709551615, -9223372036854775808]",
    b'{"id":"123456789012345678901234","n":1.0000000000000002,"e":1e-7,"big":1e308}',
    b"[NaN, Infinity, -Infinity, 1e400]",
    b'"\\ud800 lone surrogate"',
    b'"\\ud83d\\ude00 pair"',
    b"\xef\xbb\xbf{}",  # a byte order mark
    b'{"nested":' * 300 + b"1" + b"}" * 300,
    b'{"text":"caf\xc3\xa9 \\u00e9 \\n\\t"}',
    b"  [1, 2.5, -0, -0.0, true, false, null]  ",
]


@pytest.mark.parametrize("text", JSON_TEXTS)
def test_json_is_read_as_the_standard_library_reads_it(text: bytes) -> None:
    def outcome(load: Callable[[], Any]) -> str:
        try:
            return repr(load())
        except Exception as exc:
            return type(exc).__name__

    assert outcome(lambda: jsonio.loads(text)) == outcome(lambda: json.loads(text))
    assert outcome(lambda: jsonio.loads_text(text)) == outcome(lambda: json.loads(text.decode()))
    try:
        as_str = text.decode()
    except UnicodeDecodeError:
        return
    assert outcome(lambda: jsonio.loads(as_str)) == outcome(lambda: json.loads(as_str))


@pytest.mark.parametrize(
    "value",
    [
        {"content": "café ✓ 🂡", "n": 1.5, "big": 2**70, "list": [None, True, (1, 2)]},
        {1: "int key", None: "none key", 2.5: "float key"},
        {"deep": [[[[{"x": "\u2028"}]]]]},
    ],
)
def test_json_is_written_as_the_standard_library_would_parse_the_same(value: Any) -> None:
    written = jsonio.dumps(value)
    assert json.loads(written) == json.loads(json.dumps(value))
    assert written.startswith(b'{"') and b'": ' not in written and b", " not in written  # compact


def test_json_refuses_what_the_standard_library_refuses() -> None:
    import datetime
    from dataclasses import dataclass

    @dataclass
    class Point:
        x: int

    for value in ({"when": datetime.datetime(2024, 1, 1)}, {"p": Point(1)}, {"s": {1, 2}}):
        with pytest.raises(TypeError):
            json.dumps(value)
        with pytest.raises(TypeError):
            jsonio.dumps(value)


def test_routes_match_as_a_plain_scan_does(emulator: Emulator) -> None:
    """The router's index by method and length finds what scanning every route in order finds."""
    router = emulator.rest.router

    def scan(method: str, raw_path: str) -> tuple[str, dict[str, str]] | None:
        parts = raw_path.strip("/").split("/")
        for route in router.routes:
            if route.method != method or len(route.segments) != len(parts):
                continue
            params: dict[str, str] = {}
            for seg, part in zip(route.segments, parts, strict=True):
                if seg.startswith("{"):
                    params[seg[1:-1]] = unquote(part)
                elif seg != part:
                    break
            else:
                return route.key, params
        return None

    values = ["1", "@me", "@original", "%F0%9F%91%8D", "", "messages", "x%2Fy"]
    paths = {"/", "/nope", "/channels/1/messages/2/reactions/%F0%9F%91%8D/3"}
    for route in router.routes:
        for value in values:
            paths.add("/" + "/".join(value if s.startswith("{") else s for s in route.segments))
        paths.add("/" + "/".join([*route.segments[:-1], "other"]))
    matched = 0
    for path in sorted(paths):
        for method in ("GET", "POST", "PATCH", "PUT", "DELETE"):
            found = router.match(method, path)
            assert (None if found is None else (found[0].key, found[1])) == scan(method, path), (method, path)
            matched += found is not None
    assert matched > len(router.routes)
    # "@me" is a route of its own before "{user_id}" (the first route added wins)
    found = router.match("DELETE", "/channels/1/messages/2/reactions/x/@me")
    assert found is not None and found[0].key.endswith("/reactions/{emoji}/@me")


async def test_a_client_gone_while_sending_its_request_is_no_emulator_error(scene: Scene) -> None:
    """The soak with many SIGKILLs: a bot killed while sending a request (half its body sent) was reported as
    "emulator_error", a broken Discord rule. Nobody is left to answer, and nothing went wrong in the emulator."""
    emu = scene.emu
    _reader, writer = await asyncio.open_connection(emu.host, emu.port)
    path = f"{API_PREFIX}/channels/{scene.general.id}/messages"
    head = (
        f"POST {path} HTTP/1.1\r\nHost: {emu.host}\r\nAuthorization: Bot {emu.token}\r\n"
        "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n"
    )
    writer.write(head.encode() + b'{"content": "half a mess')
    await writer.drain()
    await emu.wait_for(lambda: any(record.path.endswith("/messages") for record in emu.requests), timeout=5)
    writer.close()  # the client dies mid-body
    await writer.wait_closed()
    await asyncio.sleep(0.2)  # the emulator notices the lost connection
    assert not [v for v in emu.violations if v.kind == "emulator_error"]
    assert scene.general.messages == [], "nothing was posted"
    record = await post(
        emu, f"/channels/{scene.general.id}/messages", "application/json", b'{"content":"hi"}'
    )
    assert record.status == 200, "and the emulator carries on"
