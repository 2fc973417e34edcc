"""The soak: many tables of every game, for a fixed number of actions, through Discord's faults and crashes.

    python benchmarks/soak.py [--tables 50] [--actions 20000] [--seed 1] [--store sqlite] [--kills 6] ...

The real bot runs in its own process against the local Discord emulator (`bot/emulator`) that runs here, on one
database. Simulated players sit at tables of every game the table hosts (2 to 5 seats where the game allows, some
AI seats), spread over several servers; some act at machine speed, others think like people. They read their
position from the database (what their hand and the board show them), choose a legal action and send it as a
person would: a slash command (`/play`, `/move`, `/endturn`) or a component on their hand or the board.

The run starts calm (the answer times without faults), then injects faults at random, each at its own rate
(`bot/emulator/chaos.py`): 429s per route and global, 500/502/503, answers slower than 3 s, gateway reconnects,
dropped sockets (resume), invalid sessions (identify again), interaction tokens that expire (Discord's 15 minutes
compressed to a few seconds), and SIGKILLs of the bot at random moments followed by a restart on the same database;
players keep acting while the bot is down (those interactions fail on Discord's side). Then the faults stop.

An acknowledged action is one the bot answered with a success. Checked continuously (after every acknowledged
action, after every restart) and at the end (benchmarks/soak_checks/ holds the longer checks):
- every acknowledged action is stored exactly once: each action sent has an identity (its interaction id) and each
  entry of a player's seat in a table's stored log must be explained by one action sent, used once (identity.py);
  nothing acknowledged is lost later (each table's stored log still starts with the log seen at the
  acknowledgement);
- every stored game (active and finished) replays to the same state: it loads (the engines re-apply their log and
  check it), round-trips, and rebuilding it from its seed and its action log gives the stored state;
- no private card where someone may not see it, in every game: every version of every message the bot writes
  (text, embeds, buttons, menus, alt text) is reduced to the cards it names, and checked against the cards private
  for its viewer in the stored reads around it; no hand's components on a public message (privacy.py);
- results and ratings consistent with the finished games (results.py);
- no legal action refused; no interaction answered late or never while the bot is up, unless a fault explains it;
- boards converge: after each restart (and at the end), every active table's board shows the stored state; the
  time it takes is measured;
- no unhandled exception in the bot's log, no Discord rule broken other than the faults' own consequences (every
  request is checked against Discord's OpenAPI document by the emulator);
- with PostgreSQL and --postgres-faults: the lock session killed, a replacement started at once beside the first
  process, the server restarted; nothing lost, and no row written by a process after it lost its shards
  (postgres_faults.py).

SOAK_INJECT=<name> doctors the bot process (tests/soak/injected.py) to show that the soak notices each failure.

It prints: actions acknowledged, faults injected by kind, restarts, actions lost and stored twice (target 0),
message versions read, legal actions refused and answers late or never (target 0), results and ratings checked,
the PostgreSQL faults and what each process did, invariant failures (target 0), p50/p99 answer times with and
without faults, the time for boards to converge after a restart.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import json
import logging
import os
import random
import re
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.soak_checks.identity import SentAction, account  # noqa: E402
from benchmarks.soak_checks.postgres_faults import PostgresFaults, with_application_name  # noqa: E402
from benchmarks.soak_checks.privacy import MessageDigests, SecretsOverTime  # noqa: E402
from benchmarks.soak_checks.results import GAMES as RESULT_ROWS  # noqa: E402
from benchmarks.soak_checks.results import PLAYERS, RATINGS, Snapshot, result_problems  # noqa: E402
from bot.emulator import Emulator, InteractionResult  # noqa: E402
from bot.emulator.chaos import GATEWAY_KINDS, Chaos, ChaosRates  # noqa: E402
from bot.emulator.world import Callback, Channel, Message, User  # noqa: E402
from bot.games.base import ActionResult  # noqa: E402
from bot.games.errors import GameError  # noqa: E402
from bot.games.trick_session import TrickSession  # noqa: E402
from bot.rest_calls import GLOBAL_LIMIT_PER_SECOND  # noqa: E402
from bot.service.table import Table  # noqa: E402

GAMES = ("thegame", "hearts", "barbu", "klondike", "crapette")
# Rule breaks the faults cause on purpose: an answer that came too late, an interaction nobody answered (the bot
# was down), a follow-up with an expired token.
FAULT_VIOLATIONS = ("late_ack", "not_acknowledged", "expired_token")


# -- settings ------------------------------------------------------------------------------------------------------
@dataclass
class SoakConfig:
    tables: int = 50
    games: tuple[str, ...] = GAMES  # the games at the tables, in turn
    actions: int = 20_000
    seed: int = 1
    store: str = "sqlite"
    guilds: int = 10
    kills: int = 6  # SIGKILLs of the bot, at random moments of the faulty part of the run
    calm_share: float = 0.1  # the first part of the run, without faults: the baseline answer times
    human_share: float = 0.5  # tables whose players think like people (the others act at machine speed)
    think: tuple[float, float] = (0.3, 2.5)  # a person's think time, seconds
    rates: ChaosRates = field(
        default_factory=lambda: ChaosRates(
            rate_limit=0.01,
            global_rate_limit=0.002,
            server_error=0.01,
            slow=0.003,
            reconnect=0.01,
            disconnect=0.01,
            invalid_session=0.005,
        )
    )
    token_lifetime: float = 20.0  # seconds (Discord: 15 minutes)
    down_time: tuple[float, float] = (1.0, 4.0)  # how long the bot stays dead after a SIGKILL
    answer_timeout: float = 4.0  # Discord fails an interaction not answered in 3 s
    max_actions_per_game: int = 120  # then the table stops its game and deals a new one
    check_every: float = 5.0  # seconds between continuous privacy checks
    converge_timeout: float = 60.0
    final_restart: bool = True  # a last SIGKILL and restart once the players stopped
    every_gateway_fault: bool = False  # inject each gateway fault once when the faults begin
    quiet: bool = False
    # a fault doctored into the bot (tests/soak/injected.py), to show the soak fails
    inject: str | None = None
    # seconds: a run that has not acknowledged its actions by then stops, failed
    time_limit: float | None = None
    # PostgreSQL only: "kill_lock", "overlap", "restart" (benchmarks/soak_checks/postgres_faults.py), each once
    # at a random moment of the faulty part of the run
    postgres_faults: tuple[str, ...] = ()


# -- the bot process -----------------------------------------------------------------------------------------------
def serve(api_base: str, gateway: str, token: str, database: str) -> None:
    """Child process: the real bot against the emulator, logging warnings and errors to stderr."""
    import yarl
    from discord.gateway import DiscordWebSocket
    from discord.http import Route

    from bot import process
    from bot.app import create_bot
    from bot.config import Settings

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    inject = os.environ.get("SOAK_INJECT")
    if (
        inject
    ):  # a fault doctored into this copy of the bot, to show the soak notices it (tests/soak/injected.py)
        from tests.soak.injected import INJECTED

        INJECTED[inject]()
    Route.BASE = api_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    settings = Settings(token=token, database_path=Path(database), ai_turn_delay=0.05, log_level="WARNING")
    database_url = os.environ.get("DATABASE_URL")
    if database_url:
        settings = replace(settings, database_url=database_url)
    bot = create_bot(settings)
    bot._connection.guild_ready_timeout = 0.05

    def say(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    # As `python -m bot` runs it (bot/process.py): a process that lost its shards exits with status 4, a SIGTERM
    # stops it cleanly with 0.
    sys.exit(int(asyncio.run(process.serve(bot, token, say))))


class BotProcess:
    """The bot in a child process; each run's stderr goes to its own log file."""

    def __init__(
        self,
        emulator: Emulator,
        database: Path,
        folder: Path,
        database_url: str | None = None,
        inject: str | None = None,
    ) -> None:
        self.emulator = emulator
        self.inject = inject
        self.database_url = database_url
        self.database = database
        self.folder = folder
        self.process: subprocess.Popen[bytes] | None = None
        self.app = ""  # the application_name of the current process's database sessions (PostgreSQL)
        self.retired: list[subprocess.Popen[bytes]] = []  # replaced while still running (an overlap)
        self.logs: list[Path] = []
        self.restarts = 0

    def start(self) -> None:
        log_path = self.folder / f"bot-{len(self.logs)}.log"
        self.app = f"soak-bot-{len(self.logs)}"
        self.logs.append(log_path)
        database_url = with_application_name(self.database_url, self.app) if self.database_url else ""
        with log_path.open("wb") as log_file:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    str(Path(__file__).resolve()),
                    "--serve",
                    self.emulator.api_base,
                    self.emulator.gateway_url,
                    self.emulator.token,
                    str(self.database),
                ],
                cwd=ROOT,
                env={
                    **os.environ,
                    "PYTHONPATH": str(ROOT),
                    "DATABASE_URL": database_url,
                    "SOAK_INJECT": self.inject or "",
                },
                stdout=log_file,
                stderr=subprocess.STDOUT,
            )

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def start_replacement(self) -> subprocess.Popen[bytes] | None:
        """Start a new process while the current one still runs (it is kept in `retired`); the old one."""
        old = self.process
        if old is not None:
            self.retired.append(old)
        self.start()
        return old

    async def wait_exit(self, process: subprocess.Popen[bytes] | None, timeout: float) -> int | None:  # noqa: ASYNC109
        """The exit code of `process` once it stopped by itself, or None if it still runs after `timeout`."""
        deadline = time.monotonic() + timeout
        while process is not None and time.monotonic() < deadline:
            code = process.poll()
            if code is not None:
                return code
            await asyncio.sleep(0.05)
        return None if process is not None else 0

    def kill(self) -> None:
        for process in [*self.retired, self.process]:
            if process is not None and process.poll() is None:
                process.send_signal(signal.SIGKILL)
                process.wait(timeout=20)

    def stop(self) -> None:
        for process in self.retired:
            if process.poll() is None:
                process.kill()
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()

    async def wait_ready(self, identifies_before: int, timeout: float = 60.0) -> None:  # noqa: ASYNC109
        """Until the new process identified and its commands are there."""
        emulator = self.emulator
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self.alive:
                raise RuntimeError(f"the bot process died at start-up (see {self.logs[-1]})")
            gateway = emulator.gateway
            if (
                gateway.identify_count > identifies_before
                and gateway.connected
                and emulator.world.find_command("game", None) is not None
            ):
                await asyncio.sleep(0.3)  # the guilds become available
                return
            await asyncio.sleep(0.05)
        raise RuntimeError("the bot did not connect to the emulator in time")


# -- the stored games ----------------------------------------------------------------------------------------------
class Store:
    """Reads the stored tables the way the bot saved them, from SQLite or PostgreSQL (`database_url`)."""

    def __init__(self, database: Path, database_url: str | None = None) -> None:
        self.database = database
        self.database_url = database_url

    async def read(self, where: str = "", params: Sequence[Any] = ()) -> dict[int, dict[str, Any]]:
        if self.database_url is None:
            return await asyncio.to_thread(read_tables, self.database, where, params)
        import asyncpg

        for number in range(len(params)):
            where = where.replace("?", f"${number + 1}", 1)
        for attempt in range(60):  # the server may be restarting (a fault of the run)
            try:
                connection = await asyncpg.connect(self.database_url)
                try:
                    rows = await connection.fetch(f"SELECT id, data FROM tables {where}", *params)
                finally:
                    await connection.close()
                break
            # (InternalClientError: the server ended the connection under a query, as it restarted.)
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, asyncpg.InternalClientError):
                if attempt == 59:
                    raise
                await asyncio.sleep(0.5)
        return {int(row["id"]): _json(row["data"]) for row in rows}

    async def snapshot(self) -> Snapshot:
        """Every table, result, seat result and rating, read in one transaction (a consistent view)."""
        queries = ("SELECT id, data FROM tables", RESULT_ROWS, PLAYERS, RATINGS)
        if self.database_url is None:
            rows = await asyncio.to_thread(read_consistently, self.database, queries)
        else:
            import asyncpg

            connection = await asyncpg.connect(self.database_url)
            try:
                async with connection.transaction(isolation="repeatable_read", readonly=True):
                    rows = [[dict(row) for row in await connection.fetch(query)] for query in queries]
            finally:
                await connection.close()
        tables = {int(row["id"]): _json(row["data"]) for row in rows[0]}
        return Snapshot(tables, rows[1], rows[2], rows[3])

    async def active(self, channel_id: int | None = None) -> dict[int, dict[str, Any]]:
        if channel_id is None:
            return await self.read(ACTIVE)
        return await self.read(ACTIVE + " AND channel_id = ?", (channel_id,))

    async def table(self, table_id: int) -> dict[str, Any] | None:
        return (await self.read("WHERE id = ?", (table_id,))).get(table_id)


def _json(data: Any) -> dict[str, Any]:
    return dict(json.loads(data)) if isinstance(data, str | bytes) else dict(data)


def read_tables(database: Path, where: str = "", params: Sequence[Any] = ()) -> dict[int, dict[str, Any]]:
    """The stored tables (all of them, active and finished, unless `where` says which) as saved: id -> data."""
    connection = sqlite3.connect(database, timeout=10)
    try:
        rows = connection.execute(f"SELECT id, data FROM tables {where}", tuple(params)).fetchall()
    finally:
        connection.close()
    return {int(table_id): json.loads(data) for table_id, data in rows}


def read_consistently(database: Path, queries: Sequence[str]) -> list[list[dict[str, Any]]]:
    """Each query's rows (as dicts), all read in one SQLite transaction."""
    connection = sqlite3.connect(database, timeout=10)
    connection.row_factory = sqlite3.Row
    try:
        connection.execute("BEGIN")
        results = [[dict(row) for row in connection.execute(query).fetchall()] for query in queries]
        connection.execute("COMMIT")
    finally:
        connection.close()
    return results


ACTIVE = "WHERE status IN ('lobby', 'playing')"


def active_in_channel(tables: dict[int, dict[str, Any]], channel_id: int) -> dict[str, Any] | None:
    for data in tables.values():
        if data["channel_id"] == channel_id and data["status"] in ("lobby", "playing"):
            return data
    return None


def engine_data(session: dict[str, Any]) -> dict[str, Any]:
    """The engine's own dict inside a session's (The Game keeps it under "game", the others under "engine")."""
    return dict(session["game"] if "game" in session else session["engine"])


def action_log(table: dict[str, Any]) -> list[Any]:
    session = table.get("session")
    return list(engine_data(session)["log"]) if session else []


def digest(entries: Sequence[Any]) -> str:
    return hashlib.sha1(json.dumps(list(entries), sort_keys=True).encode()).hexdigest()


def replay_problems(data: dict[str, Any]) -> list[str]:
    """Why a stored table does not replay to its stored state (empty when it does)."""
    table_id = data.get("id")
    try:
        table = Table.from_dict(
            json.loads(json.dumps(data))
        )  # the engines re-apply their logs and check them
    except Exception as error:
        return [f"table {table_id}: does not load: {error!r}"]
    if table.session is None:
        return []
    stored = data["session"]
    problems = []
    if table.session.to_dict() != stored:
        problems.append(f"table {table_id}: the loaded session differs from the stored one")
    # Rebuild from the seed and the action log alone: a fresh deal, then the stored log.
    rules = table.rules
    fresh = rules.new_session(len(table.seats), table.seed, table.options, table.ai_seat_indexes).to_dict()
    rebuilt_engine = engine_data(fresh)
    rebuilt_engine["log"] = engine_data(stored)["log"]
    rebuilt_engine.pop("state", None)
    rebuilt = dict(stored)
    rebuilt["game" if "game" in stored else "engine"] = rebuilt_engine
    try:
        again = rules.load(rebuilt).to_dict()
    except Exception as error:
        return [*problems, f"table {table_id}: its seed and log do not replay: {error!r}"]
    if again != stored:
        problems.append(f"table {table_id}: its seed and log replay to a different state")
    return problems


# -- choosing an action, like a player who reads their hand and the board ------------------------------------------
@dataclass
class Step:
    """One interaction: a slash command, or a component on the board or on the player's hand."""

    kind: str  # "slash" | "select" | "click"
    command: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    custom_id: str = ""
    values: list[str] = field(default_factory=list)
    on: str = "board"  # for a component: "board" or "hand" (the player's private hand, opened with /hand)
    expected: list[Any] = field(default_factory=list)  # the log entries the action adds
    success_text: str | None = None  # /move: the notice a success answers with

    def describe(self) -> str:
        if self.kind == "slash":
            return f"/{self.command} {self.options}"
        return f"{self.kind} {self.custom_id} {self.values}"


def _try(table: Table, seat: int, action: Any) -> tuple[list[Any], ActionResult] | None:
    """The log entries `action` adds when `seat` does it now (on a copy), or None when it is refused or changes
    nothing."""
    copy = Table.from_dict(table.to_dict())
    session = copy.require_session()
    before = len(action_log(copy.to_dict()))
    try:
        result = session.apply(seat, action)
    except GameError:
        return None
    if not result.changed:
        return None
    return action_log(copy.to_dict())[before:], result


def choose_step(table: Table, seat: int, rng: random.Random) -> Step | None:
    """A legal action for `seat` as the interaction a person would send, or None when there is none."""
    key = table.game_key
    if key == "thegame":
        return _the_game_step(table, seat, rng)
    if key in ("hearts", "barbu"):
        return _trick_step(table, seat, rng)
    return _move_step(table, seat, rng)


def _the_game_step(table: Table, seat: int, rng: random.Random) -> Step | None:
    from bot.games.thegame.engine.status import Status
    from bot.games.thegame.session import ChooseFirst, FinishTurn, PlayOnPile, TheGameSession

    session = table.require_session()
    assert isinstance(session, TheGameSession)
    game = session.game
    if game.status is Status.CHOOSING_FIRST:
        chosen = rng.randrange(len(table.seats))
        tried = _try(table, seat, ChooseFirst(chosen))
        if tried is None:
            return None
        return Step("select", custom_id=f"tg:gs:{table.id}:first", values=[str(chosen)], expected=tried[0])
    plays = game.legal_plays(seat)
    rng.shuffle(plays)
    candidates: list[tuple[Any, Step]] = []
    end = (FinishTurn(), Step("slash", "endturn"))
    if plays and rng.random() < 0.7:
        candidates = [(PlayOnPile(p.card, p.pile), _play_step(str(p.card), p.pile)) for p in plays[:4]]
        candidates.append(end)
    else:
        candidates = [end] + [
            (PlayOnPile(p.card, p.pile), _play_step(str(p.card), p.pile)) for p in plays[:4]
        ]
    for action, step in candidates:
        tried = _try(table, seat, action)
        if tried is not None:
            step.expected = tried[0]
            return step
    return None


def _play_step(card: str, pile: str | None = None) -> Step:
    options: dict[str, Any] = {"card": card}
    if pile is not None:
        options["pile"] = pile
    return Step("slash", "play", options)


def _trick_step(table: Table, seat: int, rng: random.Random) -> Step | None:
    from bot.games.trick_session import PlayTrickCard

    session = table.require_session()
    assert isinstance(session, TrickSession)
    engine: Any = session.engine
    if table.game_key == "hearts":
        from bot.games.hearts.options import Phase
        from bot.games.hearts.session import ChooseMoon, PassCards

        if engine.phase is Phase.PASSING:
            cards = rng.sample(list(engine.hand(seat)), 3)
            tried = _try(table, seat, PassCards(tuple(cards), engine.hand_number))
            if tried is None:
                return None
            return Step(
                "select",
                custom_id=f"tg:gs:{table.id}:pass.{engine.hand_number}",
                values=[card.code for card in cards],
                on="hand",
                expected=tried[0],
            )
        if engine.phase is Phase.MOON_CHOICE:
            choice = rng.choice(("minus_self", "plus_others"))
            tried = _try(table, seat, ChooseMoon(choice, engine.hand_number))
            if tried is None:
                return None
            custom_id = f"tg:g:{table.id}:m.{engine.hand_number}.{choice}"
            return Step("click", custom_id=custom_id, on="hand", expected=tried[0])
    legal = list(engine.legal_cards(seat))
    if not legal:
        return None
    card = rng.choice(legal)
    tried = _try(table, seat, PlayTrickCard(card))
    if tried is None:
        return None
    step = _play_step(card.code)
    step.expected = tried[0]
    return step


def _move_step(table: Table, seat: int, rng: random.Random) -> Step | None:
    from bot.ui.game_ui import render_notice, ui_for
    from bot.ui.i18n import t

    ui = ui_for(table)
    choices = [choice.value for choice in ui.move_suggestions(table, seat, "", "en")]
    choices = [value for value in choices if value != "call" and "crapette" not in value.lower()]
    rng.shuffle(choices)
    for value in choices[:6]:
        try:
            action = ui.parse_move(table, value, "en")
        except GameError:
            continue
        tried = _try(table, seat, action)
        if tried is None:
            continue
        entries, result = tried
        notice = result.notice
        text = render_notice("en-US", notice) if notice is not None else t("en-US", "action.done")
        return Step("slash", "move", {"move": value}, expected=entries, success_text=text)
    return None


# -- the invariants that read messages -----------------------------------------------------------------------------
def board_matches(emulator: Emulator, data: dict[str, Any]) -> bool:
    """Whether the table's board message shows the stored state (its embed's text as the bot would render it)."""
    from bot.ui.lobby import render_table

    message_id = data.get("board_message_id")
    if message_id is None:
        return False
    message = emulator.world.get_message(int(message_id))
    if message is None or message.deleted or not message.embeds:
        return False
    expected = render_table(Table.from_dict(data))["embed"].to_dict()
    shown = message.embeds[0]
    # The bot's process shows cards as its emojis (Crapette's recent moves), this one cannot know their ids: both
    # are compared written in text.
    return all(
        _in_text(expected.get(key)) == _in_text(shown.get(key))
        for key in ("title", "description", "fields")
        if key in expected
    )


def _in_text(value: Any) -> str:
    from bot.ui.card_emojis import plain_text

    return plain_text(json.dumps(value, ensure_ascii=False)).replace("\ufe0e", "").replace("\ufe0f", "")


def board_difference(emulator: Emulator, data: dict[str, Any]) -> str:
    from bot.ui.lobby import render_table

    message = emulator.world.get_message(int(data.get("board_message_id") or 0))
    expected = render_table(Table.from_dict(data))["embed"].to_dict()
    shown = message.embeds[0] if message is not None and message.embeds else {}

    def summary(embed: dict[str, Any]) -> str:
        fields = "; ".join(
            f"{field.get('name')}: {field.get('value')}" for field in embed.get("fields") or []
        )
        return f"{embed.get('title')!r} [{fields}] {str(embed.get('description'))[:80]!r}"

    channel = emulator.world.channels.get(int(data["channel_id"]))
    boards = [
        f"{other.id}{' (the board)' if message is not None and other.id == message.id else ''}: "
        f"{summary(other.embeds[0])}"
        for other in (channel.messages if channel is not None else [])
        if other.embeds and not other.ephemeral
    ]
    edited = message.edited_timestamp if message is not None else None
    return (
        f"table {data['id']} (board {data.get('board_message_id')}, last edited {edited}, its turn started "
        f"{data.get('turn_started_at')}, now {time.time()}) shows {summary(shown)}, stored state "
        f"{summary(expected)}; the channel's public messages with an embed: {boards[-4:]}"
    )


# What a bot process logs at ERROR when its database fails under it (the soak's PostgreSQL faults): the designed
# reaction, counted with the errors the bot reported about others' failures.
DATABASE_LOST = (
    "ERROR bot.app: Lost the database session that holds this process's shards",
    "ERROR bot.app: Lost this process's shards",  # its lock's session ended, or a write was fenced off
    "ERROR bot.storage.postgres: A write was fenced off",
    "ERROR bot.service.games: Could not save table",
    # A new table's insert failing the same way (the server restarting): the host is told, nothing was acknowledged.
    # Seen once in CI, asyncpg reporting the cut as InternalClientError ("cannot switch to state 15; another
    # operation is in progress", MagicStack/asyncpg#784).
    "ERROR bot.service.games: Could not open a table",
)


def log_problems(paths: Iterable[Path], database_faults: bool = False) -> tuple[list[str], Counter[str]]:
    """Unhandled exceptions in the bot's logs, and the errors reported about Discord's own failures (and the
    database's, in a run with database faults)."""
    unhandled: list[str] = []
    discord_errors: Counter[str] = Counter()
    for path in paths:
        if not path.exists():
            continue
        lines = path.read_text(errors="replace").splitlines()
        for index, line in enumerate(lines):
            if not line.startswith("ERROR "):
                continue
            # The exception that ends this record's traceback (if any).
            last, where = "", ""
            for following in lines[index + 1 : index + 200]:
                if following.startswith(("ERROR ", "WARNING ", "INFO ", "CRITICAL ")):
                    break
                if following.startswith('  File "'):
                    where = following.strip()
                elif following and not following.startswith((" ", "Traceback", "\t")):
                    last = following
            if database_faults and line.startswith(DATABASE_LOST):
                discord_errors["database: " + line.split(":", 1)[-1].strip()[:60]] += 1
            elif re.match(r"discord\.errors\.(DiscordServerError|HTTPException|NotFound|Forbidden)", last):
                discord_errors[last.split(":")[0] + ": " + last.split(":", 1)[-1].strip()[:60]] += 1
            else:
                unhandled.append(f"{path.name}: {line} / {last} ({where})")
    return unhandled, discord_errors


def component_id(message: Message | None, custom_id: str) -> str | None:
    """The custom id of the component `custom_id` names on `message`: the same, or with the owner's id after it
    (a hand's components end with their player's id)."""
    if message is None:
        return None
    for found in message.custom_ids:
        if found == custom_id or found.startswith(custom_id + ":"):
            return found
    return None


def option_values(message: Message, custom_id: str, values: list[str]) -> list[str]:
    """The menu's option values for the values a step chose: the same, or with a suffix after a dot (Hearts' pass
    menu tells two equal cards of two decks apart: "9C.0")."""
    component = message.find_component(custom_id) or {}
    options = [str(option.get("value")) for option in component.get("options") or []]
    chosen: list[str] = []
    for value in values:
        found = next(
            (option for option in options if option not in chosen and option.split(".")[0] == value), value
        )
        chosen.append(found)
    return chosen


# -- the run -------------------------------------------------------------------------------------------------------
@dataclass
class Acked:
    table_id: int
    length: int
    prefix: str


@dataclass
class SeatedTable:
    index: int
    game: str
    channel: Channel
    humans: list[User]
    ai_seats: int
    human_speed: bool
    options: dict[str, Any]


def global_limit_line(emulator: Emulator, plays: int) -> str:
    """The REST calls Discord's global rate limit counted (50 a second, enforced by the emulator), per action
    acknowledged, and how many it refused."""
    limit = emulator.global_limit
    per_play = limit.counted / max(plays, 1)
    within = (
        f"{GLOBAL_LIMIT_PER_SECOND / per_play:.0f} actions/s"
        if per_play
        else "any number of actions a second"
    )
    return (
        f"REST calls counted by the global rate limit: {limit.counted} ({per_play:.2f} an action: the whole bot "
        f"serves {within} within {GLOBAL_LIMIT_PER_SECOND} requests a second), {limit.exempt} exempt, "
        f"{limit.refused} refused with a global 429"
    )


class Soak:
    def __init__(
        self, config: SoakConfig, folder: Path, database_url: str | None = None, server: Any = None
    ) -> None:
        self.config = config
        self.folder = folder
        self.rng = random.Random(config.seed)
        self.emulator = Emulator(keep_history=False)
        self.emulator.global_limit.enable()  # Discord's 50 requests a second, as on Discord
        self.chaos = Chaos(replace(config.rates), seed=config.seed)
        self.chaos.active = False
        self.database = folder / "soak.sqlite3"
        for stale in folder.glob("soak.sqlite3*"):  # always a new database (and a new world)
            stale.unlink()
        self.store = Store(self.database, database_url)
        self.bot = BotProcess(self.emulator, self.database, folder, database_url, config.inject)
        self.postgres = PostgresFaults(database_url, server) if database_url else None
        self.postgres_at: list[tuple[int, str]] = []  # (acknowledged actions, fault)
        self.lock_exits: list[str] = []  # how each process that lost its shards ended
        self.postgres_pending = 0  # faults under way
        self.tables: list[SeatedTable] = []
        self.acked: list[Acked] = []
        self.acknowledged = 0
        self.lobby_actions = 0
        self.refused = 0
        self.failed_while_down = 0
        self.failed_while_up = 0
        self.lost: list[str] = []
        self.failures: list[str] = []
        self.latencies: dict[str, list[float]] = {"calm": [], "faults": []}
        self.converge_times: list[float] = []
        # Every action sent, by table: its identity (the interaction id) and what it adds to the log.
        self.sent: dict[int, list[SentAction]] = {}
        self.unexplained: set[str] = set()  # log entries no action explains (an action stored twice)
        # Every version of the bot's messages, reduced to the cards it names, and the private cards over time.
        self.digests = MessageDigests(self.emulator.clock, self.emulator.world.bot_user.id)
        self.emulator.message_watchers.append(self.digests.watch)
        self.secrets = SecretsOverTime()
        self.down_windows: list[tuple[float, float]] = []  # monotonic: from a SIGKILL to the bot ready again
        self.lag_windows: list[tuple[float, float]] = []  # monotonic: this process's event loop ran late
        self.missing_components: Counter[str] = Counter()  # steps whose component was not on the message
        self.refused_legal: list[str] = []  # legal actions the bot refused (nothing had changed)
        self.unanswered: list[str] = []  # interactions answered late or never while the bot was up, unexcused
        self.failed_disconnected = 0
        self.games_started: Counter[str] = Counter()
        self.phase = "calm"
        self.down = False
        self.up = asyncio.Event()
        self.up.set()
        self.in_flight = 0
        self.idle = asyncio.Event()  # no interaction waiting for its answer
        self.idle.set()
        self.paused = asyncio.Event()
        self.paused.set()
        self.done = asyncio.Event()
        self.kill_at: list[int] = []
        self.background: list[asyncio.Task[None]] = []
        self.sent_while_down = 0
        self.started = 0.0
        self.elapsed = 0.0

    # -- world -----------------------------------------------------------------------------------------------
    def build_world(self) -> None:
        config, rng, world = self.config, self.rng, self.emulator.world
        guilds = [world.add_guild(f"Soak {number}", locale="en-US") for number in range(config.guilds)]
        for index in range(config.tables):
            game = config.games[index % len(config.games)]
            guild = guilds[index % len(guilds)]
            channel = guild.add_text_channel(f"{game}-{index}")
            options: dict[str, Any] = {"game": game}
            if game == "thegame":
                humans, ai = rng.randint(1, 3), rng.randint(0, 2)
                humans = max(humans, 2 - ai)
            elif game in ("hearts", "barbu"):
                seats = rng.randint(3, 5) if game == "hearts" else rng.randint(3, 4)
                humans = rng.randint(1, 2)
                ai = seats - humans
                if game == "barbu":
                    options["early_end"] = rng.random() < 0.5
            elif game == "klondike":
                humans, ai = rng.randint(1, 3), 0
                options["team_play"] = "turns"
                options["draw_one"] = rng.random() < 0.5
            else:
                humans = rng.randint(1, 2)
                ai = 2 - humans
            users = []
            for number in range(humans):
                user = world.add_user(f"p{index}-{number}", locale="en-US")
                guild.add_member(user)
                users.append(user)
            human_speed = rng.random() < config.human_share
            self.tables.append(SeatedTable(index, game, channel, users, ai, human_speed, options))

    # -- sending one interaction ----------------------------------------------------------------------------
    async def send(
        self, coroutine: Any, created: list[InteractionResult] | None = None
    ) -> tuple[InteractionResult, Callback] | None:
        """Send an interaction; its accepted callback, or None when it failed on Discord's side. `created` gets
        the interaction once it exists (its identity, even when it then fails)."""
        down = self.down
        connected = self.emulator.gateway.connected
        sent_at = time.monotonic()
        self.in_flight += 1
        self.idle.clear()
        result = None
        try:
            result = await coroutine
            if created is not None:
                created.append(result)
            # Down when sent, even if the bot is back by the time the interaction fails (found by the short soak:
            # an interaction sent while the bot was down failed once it was up again, and was counted as failed
            # while reconnecting).
            down = down or self.down
            if down:
                self.sent_while_down += 1
            callback = await result.response(timeout=self.config.answer_timeout)
        except AssertionError:
            if down or self.down or not self.bot.alive:
                self.failed_while_down += 1
            elif not connected or not self.emulator.gateway.connected:
                self.failed_disconnected += 1
            else:
                self.failed_while_up += 1
                self.note_unanswered(result, sent_at, "never answered")
            return None
        finally:
            self.in_flight -= 1
            if not self.in_flight:
                self.idle.set()
        self.latencies[self.phase].append(callback.elapsed)
        if callback.elapsed > self.emulator.rules.ack_deadline and not down and connected:
            self.note_unanswered(result, sent_at, f"answered after {callback.elapsed:.1f} s")
        return result, callback

    def note_unanswered(self, result: InteractionResult | None, sent_at: float, what: str) -> None:
        """An interaction answered late or never while the bot was up: a failure unless a fault explains it (a
        REST fault on its answer, a gateway fault or a restart around it)."""
        if result is None or result.delivered == 0:
            return
        interaction = result.interaction
        chaos = self.chaos
        if interaction.id in chaos.faulted_interactions or interaction.token in chaos.faulted_tokens:
            return
        window = (sent_at - 1.0, time.monotonic() + 1.0)
        if any(start < window[1] and end > window[0] for start, end in chaos.gateway_windows):
            return
        if any(start < window[1] and end > window[0] for start, end in self.down_windows):
            return
        if any(start < window[1] and end > window[0] for start, end in self.lag_windows):
            return  # this process (the emulator) was itself late: the machine was overloaded
        name = interaction.command_name or interaction.data.get("custom_id") or interaction.type
        self.unanswered.append(f"interaction {interaction.id} ({name}) {what} while the bot was up")

    # -- one table ------------------------------------------------------------------------------------------
    async def play_table(self, seated: SeatedTable) -> None:
        rng = random.Random(self.config.seed * 1000 + seated.index)
        hand_messages: dict[int, Message] = {}
        actions_this_game = 0
        while not self.done.is_set():
            await self.paused.wait()
            if seated.human_speed:
                await asyncio.sleep(rng.uniform(*self.config.think))
            else:
                await asyncio.sleep(rng.uniform(0, 0.05))
            if self.done.is_set():
                return
            stored = await self.store.active(seated.channel.id)
            data = active_in_channel(stored, seated.channel.id)
            if data is None:
                await self.open_table(seated)
                actions_this_game = 0
                hand_messages.clear()
                continue
            if data["status"] == "lobby":
                await self.start_table(seated, data)
                continue
            if actions_this_game >= self.config.max_actions_per_game:
                host = seated.humans[0]
                if await self.send(self.emulator.slash(host, seated.channel, "game stop")):
                    self.lobby_actions += 1
                actions_this_game = 0
                continue
            table = Table.from_dict(data)
            humans = {user.id: user for user in seated.humans}
            acting = [seat for seat in table.seats_to_act if table.seats[seat].user_id in humans]
            if not acting:
                await asyncio.sleep(0.05)
                continue
            seat = rng.choice(acting)
            user = humans[table.seats[seat].user_id]
            step = choose_step(table, seat, rng)
            if step is None:
                if await self.send(self.emulator.slash(user, seated.channel, "game stop")):
                    self.lobby_actions += 1
                continue
            before = action_log(data)
            outcome, interaction_id = await self.act(seated, table, user, step, hand_messages)
            if interaction_id is None:
                continue
            sent = SentAction(interaction_id, table.id, seat, step.expected, len(before), step.describe())
            sent.acknowledged = outcome == "acknowledged"
            self.sent.setdefault(table.id, []).append(sent)
            if sent.acknowledged:
                actions_this_game += 1
                await self.check_acknowledged(table.id, before, sent)
            elif outcome == "refused":
                await self.check_refusal(data, sent, user)

    async def act(
        self, seated: SeatedTable, table: Table, user: User, step: Step, hand_messages: dict[int, Message]
    ) -> tuple[str, int | None]:
        """Send a step: ("acknowledged" | "refused" | "failed", the interaction's id, None if none was sent)."""
        emulator, channel = self.emulator, seated.channel
        if step.kind == "slash":
            sending = emulator.slash(user, channel, step.command, step.options)
        else:
            if step.on == "hand":
                message = await self.open_hand(user, channel, hand_messages, step.custom_id)
            else:
                message = emulator.world.get_message(table.board_message_id or 0)
            custom_id = component_id(message, step.custom_id)
            if message is None or custom_id is None:
                self.missing_components[step.custom_id.split(":")[1]] += 1
                return "failed", None
            if step.kind == "select":
                sending = emulator.select(
                    user, message, custom_id, option_values(message, custom_id, step.values)
                )
            else:
                sending = emulator.click(user, message, custom_id)
        created: list[InteractionResult] = []
        sent = await self.send(sending, created)
        if sent is None:
            return "failed", created[0].id if created else None
        result, callback = sent
        if step.kind == "slash" and step.command == "move":
            done = callback.content == step.success_text
        elif step.kind == "slash":
            done = bool(callback.embeds)  # the hand, shown again; a refusal is one sentence
        else:
            done = callback.type == 7  # the message clicked, updated; a refusal is a new private sentence
        return ("acknowledged" if done else "refused"), result.id

    async def open_hand(
        self, user: User, channel: Channel, hand_messages: dict[int, Message], custom_id: str
    ) -> Message | None:
        message = hand_messages.get(user.id)
        if message is not None and not message.deleted and component_id(message, custom_id) is not None:
            return message
        sent = await self.send(self.emulator.slash(user, channel, "hand"))
        if sent is None:
            return None
        result, _callback = sent
        message = result.original
        if message is not None:
            hand_messages[user.id] = message
        return message

    async def open_table(self, seated: SeatedTable) -> None:
        emulator, channel = self.emulator, seated.channel
        host = seated.humans[0]
        if not await self.send(emulator.slash(host, channel, "game new", dict(seated.options))):
            return
        self.lobby_actions += 1
        for user in seated.humans[1:]:
            if await self.send(emulator.slash(user, channel, "game join")):
                self.lobby_actions += 1
        for _ in range(seated.ai_seats):
            if await self.send(emulator.slash(host, channel, "game addbot")):
                self.lobby_actions += 1

    async def start_table(self, seated: SeatedTable, data: dict[str, Any]) -> None:
        seated_ids = {int(seat["user_id"]) for seat in data["seats"]}
        emulator, channel = self.emulator, seated.channel
        host = seated.humans[0]
        for user in seated.humans:
            if user.id not in seated_ids and await self.send(emulator.slash(user, channel, "game join")):
                self.lobby_actions += 1
        ai_now = sum(1 for seat in data["seats"] if seat["is_ai"])
        for _ in range(seated.ai_seats - ai_now):
            if await self.send(emulator.slash(host, channel, "game addbot")):
                self.lobby_actions += 1
        if await self.send(emulator.slash(host, channel, "game start")):
            self.lobby_actions += 1
            self.games_started[seated.game] += 1

    # -- the invariants -------------------------------------------------------------------------------------
    def account(self, table_id: int, data: dict[str, Any] | None) -> Any:
        """Match a table's stored log to the actions sent for it (benchmarks/soak_checks/identity.py); entries no
        action explains become failures."""
        log = action_log(data) if data is not None else []
        ai_seats = {index for index, seat in enumerate(data["seats"]) if seat["is_ai"]} if data else set()
        game = str(data["game_key"]) if data else ""
        accounting = account(game, log, self.sent.get(table_id, []), ai_seats)
        for entry in accounting.unexplained:
            problem = (
                f"table {table_id} ({game}): {entry} is stored but no action sent explains it (stored twice?)"
            )
            if problem not in self.unexplained:
                self.unexplained.add(problem)
                self.failures.append(problem)
        return accounting

    async def check_acknowledged(self, table_id: int, before: list[Any], sent: SentAction) -> None:
        stored = await self.store.table(table_id)
        log = action_log(stored) if stored is not None else []
        accounting = self.account(table_id, stored)
        if log[: len(before)] != before or sent.interaction_id not in accounting.stored:
            self.lost.append(
                f"table {table_id}: {sent.description} (interaction {sent.interaction_id}) acknowledged but not "
                f"stored (expected {sent.expected}, stored after: {log[len(before) :][:5]})"
            )
            return
        self.acknowledged += 1
        self.acked.append(Acked(table_id, len(log), digest(log)))
        if self.kill_at and self.acknowledged >= self.kill_at[0]:
            self.kill_at.pop(0)
            asyncio.get_running_loop().create_task(self.kill_and_restart())
        if self.postgres_at and self.acknowledged >= self.postgres_at[0][0]:
            _, kind = self.postgres_at.pop(0)
            self.postgres_pending += 1
            self.background.append(asyncio.get_running_loop().create_task(self.postgres_fault(kind)))
        if self.phase == "calm" and self.acknowledged >= self.config.actions * self.config.calm_share:
            self.phase = "faults"
            self.chaos.active = True
            if self.config.every_gateway_fault:
                self.background.append(asyncio.get_running_loop().create_task(self.each_gateway_fault()))
        if self.acknowledged >= self.config.actions and not self.postgres_at and not self.postgres_pending:
            self.done.set()  # (every PostgreSQL fault happens before the run ends)

    async def check_refusal(self, read: dict[str, Any], sent: SentAction, user: User) -> None:
        """A legal action refused: the soak chose it as legal on the stored game it read; if that game is still
        the same a moment later (nobody acted meanwhile, no save under way), the bot refused an action its own
        rules allow."""
        if self.down or not self.bot.alive:
            return
        await asyncio.sleep(0.5)
        table_id = sent.table_id
        stored = await self.store.table(table_id)
        if (
            self.down
            or stored is None
            or stored["status"] != "playing"
            or stored["session"] != read["session"]
        ):
            return
        table = Table.from_dict(stored)
        interaction = self.emulator.world.interactions.get(sent.interaction_id)
        answer = interaction.response.content if interaction is not None and interaction.response else None
        self.refused_legal.append(
            f"table {table_id} ({table.game_key}): {sent.description} by {user.name} refused although legal "
            f"and nothing changed: {answer!r}"
        )

    async def check_stored(self, final: bool = False) -> list[str]:
        """Nothing acknowledged lost, nothing stored twice; every stored game replays to its state."""
        stored = await self.store.read()
        problems: list[str] = []
        for data in stored.values():
            problems += replay_problems(data)
        for table_id, sent in self.sent.items():
            for action in self.account(table_id, stored.get(table_id)).lost:
                self.lost.append(
                    f"table {table_id}: {action.description} (interaction {action.interaction_id}) acknowledged "
                    "but no longer stored"
                )
                sent.remove(action)  # reported once
        logs = {table_id: action_log(data) for table_id, data in stored.items()}
        for acked in self.acked:
            log = logs.get(acked.table_id, [])
            if len(log) < acked.length or digest(log[: acked.length]) != acked.prefix:
                self.lost.append(f"table {acked.table_id}: an acknowledged action is gone after a restart")
        if final:
            self.acked.clear()
        return problems

    async def converge(self) -> float:
        """Seconds until every active table's board shows the stored state (after a restart, or at the end)."""
        started = time.monotonic()
        deadline = started + self.config.converge_timeout
        while True:
            stored = await self.store.active()
            active = list(stored.values())
            behind = [
                f"{data['id']} ({data['game_key']})"
                for data in active
                if not board_matches(self.emulator, data)
            ]
            if not behind:
                return time.monotonic() - started
            if time.monotonic() > deadline:
                first = next(data for data in active if not board_matches(self.emulator, data))
                self.failures.append(
                    f"boards did not converge in {self.config.converge_timeout:.0f} s: {behind}; "
                    f"{board_difference(self.emulator, first)}"
                )
                return time.monotonic() - started
            await asyncio.sleep(0.1)

    async def kill_and_restart(self) -> None:
        """SIGKILL the bot at this moment; players keep acting while it is down; restart on the same database."""
        if self.down or self.done.is_set():
            return
        self.down = True
        self.up.clear()
        killed = time.monotonic()
        identifies = self.emulator.gateway.identify_count
        self.bot.kill()
        await asyncio.sleep(self.rng.uniform(*self.config.down_time))
        self.bot.start()
        await self.back_up(killed, identifies)

    async def back_up(self, down_since: float, identifies: int) -> None:
        """A new bot process (started by the caller) is ready: the stored games are checked and the boards
        converge while the faults pause, so the time measured is the restart's own."""
        self.bot.restarts += 1
        await self.bot.wait_ready(identifies)
        self.down_windows.append((down_since, time.monotonic()))
        self.down = False
        self.up.set()
        self.paused.clear()
        active = self.chaos.active
        self.chaos.active = False
        try:
            await self.idle.wait()  # interactions in flight are answered or fail
            self.failures += await self.check_stored()
            self.converge_times.append(await self.converge())
        finally:
            self.chaos.active = active and not self.done.is_set()
            self.paused.set()

    async def postgres_fault(self, kind: str) -> None:
        """A PostgreSQL fault (benchmarks/soak_checks/postgres_faults.py); the soak then acts as a supervisor:
        the process that lost its shards must stop by itself, and a new one is started."""
        postgres = self.postgres
        while self.down or not self.paused.is_set():  # another fault's restart first
            await self.up.wait()
            await self.paused.wait()
            await asyncio.sleep(0.5)
        if postgres is None or self.done.is_set():
            self.postgres_pending -= 1
            return
        self.down = True
        self.up.clear()
        started = time.monotonic()
        identifies = self.emulator.gateway.identify_count
        app, process = self.bot.app, self.bot.process
        try:
            if kind == "restart":
                await asyncio.to_thread(postgres.restart, [app])
            elif process is None or await postgres.kill_lock_session(app, process.pid, kind) is None:
                self.failures.append(f"{kind}: no session holding {app}'s shards was found")
        except Exception as error:  # the run goes on: a new bot process is started below all the same
            self.failures.append(f"{kind}: the fault could not be injected: {error!r}")
        if kind == "overlap":
            self.bot.start_replacement()  # at once, while the first process may still serve
        code = await self.bot.wait_exit(process, timeout=30.0)
        lasted = time.monotonic() - started
        ended = f"exited ({code}) after {lasted:.1f} s" if code is not None else "still running after 30 s"
        self.lock_exits.append(f"{kind}: {app} {ended}")
        if code is None:
            self.failures.append(f"{kind}: {app} still ran 30 s after it lost its shards")
        elif (
            code == 0
        ):  # a supervisor (Docker's on-failure, systemd's Restart=on-failure) would not restart it
            self.failures.append(
                f"{kind}: {app} exited 0 after it lost its shards (a failure must exit non-zero)"
            )
        if process is not None and process.poll() is None:
            process.kill()
        if kind != "overlap":
            self.bot.start()
        try:
            await self.back_up(started, identifies)
        finally:
            self.postgres_pending -= 1

    async def watch_lag(self, tick: float = 0.1, late: float = 0.5) -> None:
        """Note when this process's event loop (the emulator's) ran more than `late` seconds behind: Discord's
        side itself was slow then, and an answer that came late is not the bot's doing."""
        while True:
            before = time.monotonic()
            await asyncio.sleep(tick)
            after = time.monotonic()
            if after - before > tick + late:
                self.lag_windows.append((before, after))

    async def each_gateway_fault(self) -> None:
        """Every gateway fault once, early in the faulty part (the short soak must see each)."""
        for kind in GATEWAY_KINDS:
            await asyncio.sleep(self.rng.uniform(0.5, 2.0))
            await self.up.wait()
            await self.chaos.gateway_fault(self.emulator, kind)

    async def watch_privacy(self) -> None:
        while not self.done.is_set():
            await asyncio.sleep(self.config.check_every)
            await self.check_privacy()

    async def check_privacy(self) -> None:
        """Read the stored games, then check every message version written since the read before this one
        (benchmarks/soak_checks/privacy.py)."""
        now = self.emulator.clock.now().timestamp()
        self.secrets.add(now, (await self.store.active()).values())
        names = {seated.channel.id: seated.channel.name for seated in self.tables}
        for problem in self.secrets.problems(self.digests.take(before=now), names):
            if problem not in self.failures:
                self.failures.append(problem)

    # -- the whole run --------------------------------------------------------------------------------------
    async def run(self) -> int:
        config = self.config
        emulator = self.emulator
        await emulator.start()
        emulator.rules.token_lifetime = timedelta(seconds=config.token_lifetime)
        emulator.faults.chaos = self.chaos
        self.build_world()
        faulty = config.actions - int(config.actions * config.calm_share)
        self.kill_at = sorted(
            int(config.actions * config.calm_share) + self.rng.randrange(max(1, faulty - faulty // 10))
            for _ in range(config.kills)
        )
        self.bot.start()
        gateway_faults = None
        if self.postgres is not None:
            # Evenly spread over the faulty part: each fault takes the bot down for a while, and all must happen.
            count = len(config.postgres_faults)
            self.postgres_at = [
                (int(config.actions * config.calm_share) + faulty * (number + 1) // (count + 1), kind)
                for number, kind in enumerate(config.postgres_faults)
            ]
        try:
            await self.bot.wait_ready(0)
            if self.postgres is not None:
                await self.postgres.install_audit()
            gateway_faults = asyncio.create_task(self.chaos.run_gateway(emulator))
            self.background.append(asyncio.create_task(self.watch_lag()))
            self.started = time.monotonic()
            players = [asyncio.create_task(self.play_table(seated)) for seated in self.tables]
            watcher = asyncio.create_task(self.watch_privacy())
            progress = asyncio.create_task(self.report_progress())
            try:
                await asyncio.wait_for(self.done.wait(), config.time_limit)
            except TimeoutError:
                self.failures.append(
                    f"only {self.acknowledged} of {config.actions} actions acknowledged in {config.time_limit:.0f} s"
                )
                self.done.set()
            self.elapsed = time.monotonic() - self.started
            self.chaos.active = False
            for outcome in await asyncio.gather(*players, return_exceptions=True):
                if isinstance(outcome, BaseException):  # a table the soak stopped playing: its own bug
                    self.failures.append(f"a player of the soak crashed: {outcome!r}")
            for task in (watcher, progress):
                task.cancel()
            await asyncio.wait_for(self.up.wait(), 120)  # a restart under way finishes
            await self.paused.wait()
            # The faults have stopped: the boards converge to the stored state.
            self.final_convergence = await self.converge()
            if config.final_restart:  # one last SIGKILL and restart, on quiet tables: the boards come back
                identifies = emulator.gateway.identify_count
                self.bot.kill()
                self.bot.start()
                self.bot.restarts += 1
                await self.bot.wait_ready(identifies)
                self.converge_times.append(await self.converge())
            await self.check_privacy()
            self.failures += await self.check_stored(final=True)
            await self.check_results()
            if self.postgres is not None:
                self.writes_after_loss = await self.postgres.writes_after_loss()
                self.failures += self.writes_after_loss
        finally:
            if gateway_faults is not None:
                gateway_faults.cancel()
            for task in self.background:
                task.cancel()
            # In a thread: the bot stops cleanly on SIGTERM, answering what is in flight, which needs the
            # emulator (on this loop) to go on answering meanwhile.
            await asyncio.to_thread(self.bot.stop)
            await emulator.stop()
        unhandled, self.discord_errors = log_problems(self.bot.logs, bool(config.postgres_faults))
        self.failures += [f"unhandled exception: {line}" for line in unhandled[:20]]
        broken = Counter(v.kind for v in emulator.violations if v.kind not in FAULT_VIOLATIONS)
        first = {v.kind: v for v in reversed(emulator.violations)}
        self.failures += [
            f"Discord rule broken: {kind} x{count} (first: {first[kind]})" for kind, count in broken.items()
        ]
        self.failures += self.refused_legal + self.unanswered
        self.expired_tokens = sum(1 for v in emulator.violations if v.kind == "expired_token")
        self.late = sum(1 for v in emulator.violations if v.kind in ("late_ack", "not_acknowledged"))
        return self.report()

    async def check_results(self) -> None:
        """Results and ratings consistent with the finished games (benchmarks/soak_checks/results.py)."""
        snapshot = await self.store.snapshot()
        self.results_checked = (len(snapshot.games), len(snapshot.ratings))
        self.failures += result_problems(snapshot)

    async def report_progress(self) -> None:
        shown = 0
        while not self.config.quiet:
            await asyncio.sleep(30)
            problems = self.lost + self.failures
            for problem in problems[shown : shown + 10]:
                print(f"  ✗ {problem}", flush=True)
            shown = len(problems)
            rate = self.acknowledged / max(1e-9, time.monotonic() - self.started)
            print(
                f"  … {self.acknowledged} actions acknowledged ({rate:.1f}/s), restarts {self.bot.restarts}, "
                f"faults {sum(self.chaos.injected.values())}, lost {len(self.lost)}, failures {len(self.failures)}",
                flush=True,
            )

    def report(self) -> int:
        def percentiles(values: list[float]) -> str:
            if not values:
                return "—"
            ordered = sorted(values)
            p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
            return f"p50 {statistics.median(ordered) * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms ({len(values)} answers)"

        config = self.config
        injected = Counter(self.chaos.injected)
        injected["SIGKILL + restart"] = self.bot.restarts
        injected["interactions sent while the bot was down"] = self.sent_while_down
        injected["interaction tokens used after expiry"] = self.expired_tokens
        lines = [
            f"soak: {config.tables} tables ({', '.join(f'{g} {n}' for g, n in self.games_by_kind().items())}) in "
            f"{config.guilds} servers, seed {config.seed}, store {config.store}, {self.elapsed:.0f} s",
            f"actions acknowledged: {self.acknowledged} (plus {self.lobby_actions} lobby actions); "
            f"games started: {sum(self.games_started.values())} "
            f"({', '.join(f'{g} {n}' for g, n in sorted(self.games_started.items()))})",
            "faults injected: " + ", ".join(f"{kind} {count}" for kind, count in sorted(injected.items())),
            f"restarts: {self.bot.restarts}",
            f"interactions that failed on Discord's side: {self.failed_while_down} while the bot was down, "
            f"{self.failed_disconnected} while its gateway was reconnecting, {self.failed_while_up} while it was "
            f"connected (answers later than 3 s or never: {self.late})",
            f"Discord errors the bot reported: {sum(self.discord_errors.values())}"
            + "".join(
                f"; {kind} x{count}"
                for kind, count in self.discord_errors.items()
                if kind.startswith("database:")
            ),
            f"actions lost: {len(self.lost)} (target 0); stored twice or from nowhere: {len(self.unexplained)} "
            f"(target 0; {sum(len(sent) for sent in self.sent.values())} actions sent, each with its identity)",
            f"message versions read for private cards: {self.digests.count}; legal actions refused: "
            f"{len(self.refused_legal)}; answered late or never while up with no fault to excuse it: "
            f"{len(self.unanswered)} (targets 0; the emulator itself ran late {len(self.lag_windows)} times, "
            f"{sum(end - start for start, end in self.lag_windows):.0f} s in all)",
            "results checked: {} results, {} ratings".format(*getattr(self, "results_checked", (0, 0))),
            *(
                [
                    "PostgreSQL faults: "
                    + ("; ".join(self.lock_exits) or "none")
                    + "; processes that wrote after they lost their shards: "
                    + f"{len(getattr(self, 'writes_after_loss', []))} (target 0)"
                ]
                if self.postgres is not None
                else []
            ),
            f"invariant failures: {len(self.failures)} (target 0)",
            f"answer time without faults: {percentiles(self.latencies['calm'])}",
            f"answer time with faults: {percentiles(self.latencies['faults'])}",
            "boards converged after a restart: "
            + (
                f"median {statistics.median(self.converge_times):.1f} s, max {max(self.converge_times):.1f} s "
                f"({len(self.converge_times)} restarts)"
                if self.converge_times
                else "—"
            )
            + f"; after the faults stopped: {getattr(self, 'final_convergence', float('nan')):.1f} s",
            global_limit_line(self.emulator, self.acknowledged),
        ]
        for problem in (self.lost + self.failures)[:20]:
            lines.append(f"  ✗ {problem}")
        print("\n".join(lines), flush=True)
        return 0 if not self.lost and not self.failures else 1

    def games_by_kind(self) -> dict[str, int]:
        return dict(Counter(seated.game for seated in self.tables))


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--serve":
        serve(*sys.argv[2:6])
        return 0
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    defaults = SoakConfig()
    parser.add_argument("--tables", type=int, default=defaults.tables)
    parser.add_argument("--actions", type=int, default=defaults.actions)
    parser.add_argument("--seed", type=int, default=defaults.seed)
    parser.add_argument("--store", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--guilds", type=int, default=defaults.guilds)
    parser.add_argument("--kills", type=int, default=defaults.kills)
    parser.add_argument(
        "--time-limit", type=float, help="seconds: stop (failed) if the actions are not done by then"
    )
    parser.add_argument(
        "--postgres-faults",
        default="",
        help="with --store postgresql: kill_lock,overlap,restart (each once, comma-separated)",
    )
    parser.add_argument("--token-lifetime", type=float, default=defaults.token_lifetime)
    for name in ChaosRates.names():
        parser.add_argument(
            f"--{name.replace('_', '-')}",
            type=float,
            default=getattr(defaults.rates, name),
            help="share of REST requests"
            if name in ("rate_limit", "global_rate_limit", "server_error", "slow")
            else "per second",
        )
    parser.add_argument("--games", default=",".join(GAMES), help="the games at the tables, comma-separated")
    parser.add_argument("--keep", type=Path, help="keep the database and the bot's logs in this folder")
    options = parser.parse_args()
    rates = ChaosRates(**{name: getattr(options, name) for name in ChaosRates.names()})
    config = SoakConfig(
        tables=options.tables,
        games=tuple(options.games.split(",")),
        actions=options.actions,
        seed=options.seed,
        store=options.store,
        guilds=options.guilds,
        kills=options.kills,
        token_lifetime=options.token_lifetime,
        rates=rates,
        postgres_faults=tuple(kind for kind in options.postgres_faults.split(",") if kind),
        time_limit=options.time_limit,
    )
    with contextlib.ExitStack() as stack:
        folder = options.keep or Path(stack.enter_context(tempfile.TemporaryDirectory()))
        folder.mkdir(parents=True, exist_ok=True)
        database_url, server = None, None
        if (
            options.store == "postgresql"
        ):  # a throwaway server of its own (the PostgreSQL binaries are needed)
            from tests.postgres import ThrowawayPostgres

            server = stack.enter_context(ThrowawayPostgres())
            database_url = server.new_database_sync("soak")
        return asyncio.run(Soak(config, folder, database_url, server).run())


if __name__ == "__main__":
    sys.exit(main())
