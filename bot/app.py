"""Build the bot: `create_bot(settings)` returns a ready-to-start `commands.Bot` (tests pass their own settings)."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
from typing import Any

import discord
from discord.ext import commands

from bot.activity.entry_point import ensure_entry_point, entry_point_command, global_commands
from bot.config import Settings
from bot.gateway_events import skip_own_messages
from bot.interaction_gate import InteractionGate
from bot.memory import tune_garbage_collection
from bot.rest_calls import RestCallCounter
from bot.service.ai_turns import AITurns
from bot.service.games import GameService
from bot.storage.database import Database, open_storage
from bot.storage.meta import MetaStore
from bot.storage.records import RecordStore
from bot.storage.settings import SettingsStore
from bot.storage.shard_lock import ShardLock, lock_shards, process_label
from bot.storage.tables import TableStore
from bot.ui.activity_button import OpenTableButton
from bot.ui.card_emojis import CARD_EMOJIS
from bot.ui.component_router import ComponentRouter
from bot.ui.components import SHARED_DYNAMIC_ITEMS
from bot.ui.controller import TableController
from bot.ui.display import TableDisplay
from bot.ui.emoji_upload import upload_card_emojis
from bot.ui.game_ui import all_uis
from bot.ui.translator import CatalogTranslator

log = logging.getLogger(__name__)

# A clean stop waits this long, at most, for the answers in flight and their saves.
STOP_LIMIT = 5.0

EXTENSIONS = (
    "cogs.errors",
    "cogs.game",
    "cogs.play",
    "cogs.move",
    "cogs.info",
    "cogs.timers",
    "cogs.chat_rule",
    "cogs.leaderboard",
    "cogs.stats",
    "cogs.history",
    "cogs.settings",
    "cogs.activity",
)


def intents() -> discord.Intents:
    """Only what the bot uses: guilds (channels and threads), guild messages (the chat rule, deleted boards) and
    the privileged message content intent (to read messages for numbers)."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    wanted.guild_messages = True
    wanted.message_content = True
    return wanted


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard that receives a server's events (Discord's formula)."""
    return (guild_id >> 22) % shard_count


class TheGameBot(commands.AutoShardedBot):
    """The bot, on the shards it is given (``SHARD_COUNT``/``SHARD_IDS``; by default every shard Discord
    recommends, in this one process). See the README's "A cluster of bot processes"."""

    db: Database
    tables: TableStore
    guild_settings: SettingsStore
    games: GameService
    display: TableDisplay
    controller: TableController
    ai_turns: AITurns

    def __init__(self, settings: Settings, *, tune_memory: bool = False, **options: Any) -> None:
        """`tune_memory`: tune the garbage collector once start-up is done (`bot.memory`; `python -m bot`)."""
        if settings.shard_ids is not None:
            options["shard_ids"] = list(settings.shard_ids)
        # Every REST call, by whether Discord's global rate limit counts it (`login`, bot/rest_calls.py).
        self.rest_calls = RestCallCounter()
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            shard_count=settings.shard_count,
            max_messages=None,  # nothing reads discord.py's message cache
            **options,
        )
        skip_own_messages(self._connection)
        self.gate = InteractionGate()
        self.gate.install(self._connection)
        self.settings = settings
        self._tune_memory = tune_memory
        self._restored = False
        self.card_emojis_upload: asyncio.Task[bool] | None = None
        self.shard_lock: ShardLock | None = None
        self.router = ComponentRouter()
        self._stopping: asyncio.Task[None] | None = None
        self._closing: asyncio.Task[None] | None = None
        # Set when the shards are lost (the lock's session ended, or a write was fenced off): `python -m bot` then
        # exits with status 4 (bot/exit_codes.py).
        self.lost = asyncio.Event()
        # For `python -m bot`'s start-up deadline: whether setup_hook runs (its time is the bot's, not Discord's),
        # and whether a shard ever connected.
        self.setting_up = False
        self.connected_once = asyncio.Event()
        self.add_listener(self._on_first_connect, "on_connect")

    def owns_guild(self, guild_id: int) -> bool:
        """Whether this process runs the shard of ``guild_id`` (always, without SHARD_IDS)."""
        shard_ids, shard_count = self.settings.shard_ids, self.settings.shard_count
        return shard_ids is None or shard_count is None or shard_of(guild_id, shard_count) in shard_ids

    async def open_storage(self) -> None:
        """Take this process's shards, then open the database (`python -m bot` calls it before connecting to
        Discord, so a wrong DATABASE_URL or a taken shard is found at once; otherwise setup_hook does). Raises
        `ShardsTaken` or `DatabaseUnavailable`, each with one sentence that says what to do."""
        if hasattr(self, "db"):
            return
        # First of all: no other live process may run these shards (raises ShardsTaken before anything is read).
        self.shard_lock = await lock_shards(
            self.settings.shard_ids,
            shard_count=self.settings.shard_count,
            database_url=self.settings.database_url,
            database_path=self.settings.database_path,
            on_lost=self._shards_lost,
            connect_timeout=self.settings.connect_timeout,
        )
        if self.settings.shard_ids is not None:
            log.info(
                "Running shards %s of %s",
                ", ".join(map(str, self.settings.shard_ids)),
                self.settings.shard_count,
            )
        try:
            self.db = await open_storage(
                self.settings,
                lease=self.shard_lock.lease if self.shard_lock is not None else None,
                on_fenced=self._shards_lost,
                label=process_label(self.settings.shard_ids),
            )
        except BaseException:
            if self.shard_lock is not None:
                await self.shard_lock.release()
                self.shard_lock = None
            raise
        log.info("Storage: %s", self.db.description)

    @property
    def lease_generation(self) -> int | None:
        """The generation this process's writes carry (PostgreSQL: `shard_leases`; None on SQLite). The soak and
        the fencing tests read it to tell whose writes are whose."""
        lease = self.shard_lock.lease if self.shard_lock is not None else None
        return lease.generation if lease is not None else None

    async def login(self, token: str) -> None:
        # Every REST call, by whether Discord's global rate limit counts it (bot/rest_calls.py): the connector of
        # discord.py's session notes them; made here, in the event loop, where discord.py would make its own.
        if self.http.connector is discord.utils.MISSING:
            self.http.connector = self.rest_calls.connector()
        await super().login(token)

    async def setup_hook(self) -> None:
        self.setting_up = True
        try:
            await self._set_up()
        finally:
            self.setting_up = False

    async def _set_up(self) -> None:
        await self.open_storage()
        if self.shard_lock is not None:
            self.gate.watch(self.shard_lock.verify)
        self.tables = TableStore(self.db)
        self.guild_settings = SettingsStore(self.db)
        self.games = GameService(
            self.tables,
            lobby_timeout=self.settings.lobby_timeout,
            turn_reminder=self.settings.turn_reminder,
            idle_end=self.settings.idle_end,
        )
        self.display = TableDisplay(
            self,
            self.games,
            self.guild_settings,
            open_table_button=self.settings.activity_enabled,
            records=RecordStore(self.db),
        )
        self.controller = TableController(self)
        self.ai_turns = AITurns(self.games, self.controller.after_change, delay=self.settings.ai_turn_delay)
        await self.tree.set_translator(CatalogTranslator())
        # The tables' buttons and menus: routed to their DynamicItem without discord.py rebuilding the message's
        # every component first (bot/ui/component_router.py).
        self.router.add(*SHARED_DYNAMIC_ITEMS, OpenTableButton)
        for ui in all_uis():
            self.router.add(*ui.dynamic_items)
        self.add_listener(self.router.on_interaction, "on_interaction")
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        # Only the tables of this process's servers: another process runs (and restores) the others.
        restored = await self.games.restore(owns_guild=self.owns_guild if self.settings.shard_ids else None)
        log.info("Restored %s tables in progress", len(restored))
        if self.settings.sync_commands:
            await sync_commands(self)
        if self.settings.card_emojis:
            # In the background: the bot is ready meanwhile, and shows cards in text until the emojis are there.
            self.card_emojis_upload = asyncio.create_task(upload_card_emojis(self), name="card-emojis")
        if self._tune_memory:
            tune_garbage_collection()

    def _shards_lost(self) -> None:
        """The database session holding this process's shards ended, or a write was fenced off (another process
        took the shards over): this one stops answering at once, and stops (a supervisor restarts it, and it takes
        its shards again if they are free). No interaction is taken from now on, and nothing more is written: the
        other process may hold these tables already (bot/storage/fencing.py)."""
        if self.lost.is_set():
            return
        log.error(
            "Lost this process's shards (its lock's database session ended, or another process took them): stopping"
        )
        self.lost.set()
        self.gate.close()
        self._stopping = asyncio.get_running_loop().create_task(self.close())

    async def _on_first_connect(self) -> None:
        self.connected_once.set()

    async def stop_gracefully(self, limit: float = STOP_LIMIT) -> None:
        """A clean stop (SIGTERM): take no new interaction (each is told to try again in a moment), let the ones
        in flight be answered and saved for up to ``limit`` seconds, then close the gateway and the database."""
        self.gate.drain()
        timers = self.get_cog("Timers")
        if timers is not None:
            timers.check.stop()  # type: ignore[attr-defined]  # its round in progress ends first
        if hasattr(self, "controller"):
            with contextlib.suppress(TimeoutError):
                await self.controller.settle(limit=limit)
        await self.gate.settle()
        await self.close()

    async def on_ready(self) -> None:
        log.info(
            "Connected as %s (id %s) to %s servers", self.user, self.user and self.user.id, len(self.guilds)
        )
        if not self._restored:
            # After a restart, bring every board up to date (a move may have been saved just before a crash).
            self._restored = True
            for table in self.games.active_tables():
                self.display.refresh_board(table)
                self.ai_turns.schedule(table)

    async def close(self) -> None:
        """Close once, however many ask (the stop after lost shards, `python -m bot`, discord.py itself)."""
        if self._closing is None:
            self._closing = asyncio.get_running_loop().create_task(self._close())
        await asyncio.shield(self._closing)

    async def _close(self) -> None:
        self.gate.stop_watching()
        try:
            if self.card_emojis_upload is not None:
                self.card_emojis_upload.cancel()
                CARD_EMOJIS.clear()
            if hasattr(self, "ai_turns"):
                await self.ai_turns.close()
            if hasattr(self, "controller") and not self.lost.is_set():
                # Let the answers in progress and their public updates go out before the connection closes (not
                # once the shards are lost: another process answers for them now).
                with contextlib.suppress(TimeoutError):
                    await self.controller.settle(limit=STOP_LIMIT)
            await super().close()
        finally:
            try:
                if hasattr(self, "db"):
                    # Shards lost: nothing in flight may be written any more, so no waiting for it.
                    await self.db.close(patience=0 if self.lost.is_set() else STOP_LIMIT)
            finally:
                # Last: the shards stay this process's until nothing of it can write any more.
                if self.shard_lock is not None:
                    await self.shard_lock.release()
                    self.shard_lock = None


def create_bot(settings: Settings, **options: Any) -> TheGameBot:
    return TheGameBot(settings, **options)


async def command_payload(bot: commands.Bot | commands.AutoShardedBot) -> list[dict[str, Any]]:
    translator = bot.tree.translator
    payload = []
    for command in bot.tree.get_commands():
        if translator is not None:
            payload.append(await command.get_translated_payload(bot.tree, translator))
        else:
            payload.append(command.to_dict(bot.tree))
    return payload


async def sync_commands(bot: TheGameBot) -> None:
    """Sync to DEV_GUILD_ID when set (instant); otherwise globally, only when the command set changed."""
    guild_id = bot.settings.dev_guild_id
    if guild_id is not None:
        guild = discord.Object(id=guild_id)
        bot.tree.copy_global_to(guild=guild)
        await bot.tree.sync(guild=guild)
        log.info("Commands synced to the development server %s", guild_id)
        if bot.settings.activity_enabled:
            await ensure_entry_point(bot)  # entry point commands are global only
        return
    payload = await command_payload(bot)
    if bot.settings.activity_enabled:
        payload.append(entry_point_command())
    digest = hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()
    meta = MetaStore(bot.db)
    if await meta.get("command_hash") == digest:
        log.info("Commands unchanged since the last sync")
        return
    # Not `tree.sync()`: the overwrite must name the app's entry point command, or Discord refuses it.
    assert bot.application_id is not None
    await bot.http.bulk_upsert_global_commands(
        bot.application_id,
        await global_commands(bot, await command_payload(bot)),
    )
    await meta.set("command_hash", digest)
    log.info("Commands synced globally")
