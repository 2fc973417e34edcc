"""The Activity under load: many tables of The Game open in Activities, the time from a move to every other
viewer's update, and the CPU a move costs with and without Activity viewers, in one run.

    python benchmarks/activity.py [--tables 100] [--moves 4]

The real bot (its Activity server on a port of its own) runs against the local Discord emulator, in this process.
Each table has two players and a spectator, each with their page's WebSocket, signed in through the emulator's
OAuth2 (300 connections for 100 tables). A move is a play or an end of turn sent by the player on turn over their
WebSocket; the time is measured from sending it until each of the two other connections of that table received
the state that shows it (p50, p99 over every viewer of every move): first one move at a time (one per table), then
every table moving at once, `--moves` times. Then the same number of moves again with
nobody watching (the moves go through the same `ActivityActions.perform` with no connection open): the process's
CPU time per move in both phases (the bot, its emulator and, in the first phase, the simulated pages share this
process, so the difference is what the viewers cost, pages included).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.activity.identity import Viewer  # noqa: E402
from bot.app import TheGameBot, create_bot  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.emulator import Emulator, run_client  # noqa: E402
from bot.games.thegame.session import ChooseFirst  # noqa: E402
from bot.games.thegame.ui.board import session_of  # noqa: E402
from bot.service.table import Seat, Table  # noqa: E402


def next_move(table: Table) -> dict[str, Any]:
    game = session_of(table).game
    if game.played_this_turn >= game.turn_minimum:
        return {"kind": "end_turn"}
    plays = [p for p in game.legal_plays() if game.can_complete_minimum_after(p.card, p.pile)]
    play = min(plays or game.legal_plays(), key=lambda p: (not p.backwards, p.card))
    return {"kind": "play", "card": play.card, "pile": play.pile, "confirmed": True}


class Watcher:
    """One page's WebSocket; `updates` counts the states it received."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.version = -1
        self.changed = asyncio.Event()
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for message in self.socket:
            data = json.loads(message.data)
            if data.get("type") == "state":
                self.version = data["version"]
                self.changed.set()

    async def wait_past(self, version: int) -> float:
        while self.version <= version:
            self.changed.clear()
            await self.changed.wait()
        return time.perf_counter()


async def main(tables: int, moves: int) -> None:
    emulator = Emulator(keep_history=False)
    emulator.rules.ack_deadline = 60.0
    await emulator.start()
    world = emulator.world
    guild = world.add_guild("Load", locale="en-US")
    channels, people = [], []
    for number in range(tables):
        channels.append(guild.add_text_channel(f"table-{number}"))
        trio = [world.add_user(f"p{number}-{role}", locale="en-US") for role in ("a", "b", "s")]
        for user in trio:
            guild.add_member(user)
        people.append(trio)
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(
            token="emulated",
            database_path=Path(folder) / "bench.sqlite3",
            activity_client_id=world.application_id,
            activity_client_secret=emulator.activities.client_secret,
            activity_api_base=emulator.api_base,
            activity_port=0,
            ai_turn_delay=0.01,
            sync_commands=False,
        )
        async with run_client(emulator, lambda: create_bot(settings)) as running:
            bot: TheGameBot = running.client
            cog: Any = bot.get_cog("Activity")
            base = f"http://127.0.0.1:{cog.port}/"
            games = bot.games
            table_ids: list[int] = []
            for channel, (a, b, _) in zip(channels, people, strict=True):
                table = await games.create(
                    guild_id=guild.id,
                    channel_id=channel.id,
                    host=Seat(a.id, a.name),
                    seed=len(table_ids) + 7,
                    locale="en",
                )
                await games.join(table.id, Seat(b.id, b.name))
                await games.start(table.id, a.id)
                await games.act(table.id, a.id, ChooseFirst())
                table_ids.append(table.id)
            await bot.controller.settle(limit=120)
            http = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))  # one socket a page
            sockets: list[list[Watcher]] = []
            for channel, trio in zip(channels, people, strict=True):
                row = []
                for user in trio:
                    instance = emulator.activities.launch(user, channel)
                    code = emulator.activities.authorize(user, world.application_id, ["identify"])
                    async with http.post(
                        f"{base}api/session", json={"code": code, "instance_id": instance.instance_id}
                    ) as response:
                        ticket = (await response.json())["ticket"]
                    socket = await http.ws_connect(f"{base}api/ws")
                    await socket.send_str(json.dumps({"type": "hello", "ticket": ticket}))
                    row.append(Watcher(socket))
                sockets.append(row)
            await asyncio.sleep(1.0)
            print(f"{tables} tables, {3 * tables} Activity connections open")

            latencies: list[float] = []

            async def move(index: int) -> None:
                table = games.require(table_ids[index])
                current = session_of(table).game.current_player
                assert current is not None
                actor, others = (
                    sockets[index][current],
                    [w for i, w in enumerate(sockets[index]) if i != current],
                )
                before = cog.server.hub.version(table.channel_id)
                sent = time.perf_counter()
                await actor.socket.send_str(json.dumps({"type": "act", "id": 1, "action": next_move(table)}))
                for watcher in others:
                    latencies.append(await watcher.wait_past(before) - sent)

            for index in range(tables):  # one move at a time: the time a move takes to reach its viewers
                await move(index)
                await bot.controller.settle(limit=120)
            alone_latencies = sorted(latencies)
            latencies.clear()
            started, cpu = time.perf_counter(), time.process_time()
            for _ in range(moves):  # every table moves at once, `moves` times
                await asyncio.gather(*(move(index) for index in range(tables)))
            await bot.controller.settle(limit=120)
            watched_cpu = (time.process_time() - cpu) / (moves * tables)
            watched_wall = time.perf_counter() - started
            for row in sockets:
                for watcher in row:
                    await watcher.socket.close()
            await http.close()
            await asyncio.sleep(0.5)
            assert cog.server.hub.connections == 0

            async def unwatched(index: int) -> None:
                table = games.require(table_ids[index])
                current = session_of(table).game.current_player
                assert current is not None
                user = people[index][current]
                viewer = Viewer(user.id, user.name, "en-US", table.channel_id, guild.id, "bench")
                await cog.server.actions.perform(viewer, next_move(table))

            cpu = time.process_time()
            for _ in range(moves):
                await asyncio.gather(*(unwatched(index) for index in range(tables)))
            await bot.controller.settle(limit=120)
            alone_cpu = (time.process_time() - cpu) / (moves * tables)

    await emulator.stop()
    print(
        f"moves: {tables} one at a time, {moves * tables} at once ({watched_wall:.1f} s), {moves * tables} unwatched"
    )
    for name, found in (
        ("one move at a time", alone_latencies),
        (f"{tables} tables at once", sorted(latencies)),
    ):
        p99 = found[min(len(found) - 1, int(len(found) * 0.99))]
        print(
            f"move -> every other viewer's update, {name}: p50 {statistics.median(found) * 1000:.1f} ms, "
            f"p99 {p99 * 1000:.1f} ms ({len(found)} updates)"
        )
    print(
        f"CPU per move: {watched_cpu * 1000:.2f} ms with 2 viewers a table, {alone_cpu * 1000:.2f} ms with none "
        f"({watched_cpu / alone_cpu:.2f}x)"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--moves", type=int, default=4, help="moves per table in each phase")
    arguments = parser.parse_args()
    asyncio.run(main(arguments.tables, arguments.moves))
