"""Network faults for the database tests: a server that accepts and never answers, and a TCP proxy in front of
PostgreSQL that can be cut like a network (nothing goes through any more, and neither side is told).

    async with silent_server() as port: ...          # postgresql://x@127.0.0.1:{port}/db never answers
    proxy = await CuttableProxy.start(server.port)    # postgresql://postgres@127.0.0.1:{proxy.port}/...
    proxy.cut()                                       # silence both ways, connections left open
    proxy.drop_server_side()                          # what the server's keepalives do ~25 s into a cut
    await proxy.close()
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from urllib.parse import urlsplit, urlunsplit


@contextlib.asynccontextmanager
async def silent_server() -> AsyncIterator[int]:
    """A port on 127.0.0.1 whose server accepts connections and never says a word."""
    held: list[asyncio.StreamWriter] = []

    async def hold(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        held.append(writer)

    server = await asyncio.start_server(hold, "127.0.0.1", 0)
    try:
        yield int(server.sockets[0].getsockname()[1])
    finally:
        for writer in held:
            writer.close()
        server.close()
        await server.wait_closed()


def closed_port() -> int:
    """A port on 127.0.0.1 where nothing listens (connections are refused)."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def with_port(url: str, port: int) -> str:
    """The same PostgreSQL URL on another port of 127.0.0.1 (the proxy's)."""
    parts = urlsplit(url)
    user = parts.netloc.rpartition("@")[0]
    return urlunsplit(parts._replace(netloc=f"{user}@127.0.0.1:{port}" if user else f"127.0.0.1:{port}"))


class CuttableProxy:
    """Forwards 127.0.0.1:{port} to PostgreSQL on 127.0.0.1:{target}, until `cut()`."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.port = 0
        self.is_cut = False
        self._server: asyncio.Server | None = None
        self._pairs: list[tuple[asyncio.StreamWriter, asyncio.StreamWriter]] = []
        self._tasks: set[asyncio.Task[None]] = set()

    @classmethod
    async def start(cls, target: int) -> CuttableProxy:
        proxy = cls(target)
        proxy._server = await asyncio.start_server(proxy._accept, "127.0.0.1", 0)
        proxy.port = int(proxy._server.sockets[0].getsockname()[1])
        return proxy

    async def _accept(self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        if self.is_cut:
            return  # a cut network: the connection hangs, unanswered
        server_reader, server_writer = await asyncio.open_connection("127.0.0.1", self.target)
        self._pairs.append((client_writer, server_writer))
        for reader, writer in ((client_reader, server_writer), (server_reader, client_writer)):
            task = asyncio.get_running_loop().create_task(self._pipe(reader, writer))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(OSError, asyncio.CancelledError):
            while True:
                data = await reader.read(65536)
                if not data or self.is_cut:
                    break
                writer.write(data)
                await writer.drain()
        if not self.is_cut:
            writer.close()

    def cut(self) -> None:
        """Nothing goes through any more, and no connection is closed: both sides hear nothing."""
        self.is_cut = True

    def drop_server_side(self) -> None:
        """The server's side of every connection is closed, as the server's TCP keepalives would end it during a
        cut (the client's side stays silent)."""
        for _, server_writer in self._pairs:
            server_writer.transport.abort()

    async def close(self) -> None:
        self.is_cut = True
        for client_writer, server_writer in self._pairs:
            client_writer.transport.abort()
            server_writer.transport.abort()
        for task in list(self._tasks):
            task.cancel()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
