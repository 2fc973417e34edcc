"""Settings read from the environment (and `.env`), in one typed object.

The token is never printed: `Settings.__repr__` hides it, and nothing logs it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit


class SettingsError(ValueError):
    """A setting is missing or malformed; the message says which one and how to fix it."""


def _float(env: Mapping[str, str], name: str, default: float) -> float:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise SettingsError(f"{name} must be a number of seconds, not {raw!r}.") from None
    if value <= 0:
        raise SettingsError(f"{name} must be greater than zero.")
    return value


def _switch(env: Mapping[str, str], name: str, default: bool) -> bool:
    raw = env.get(name, "").strip().lower()
    if not raw:
        return default
    if raw in ("1", "true", "yes", "on"):
        return True
    if raw in ("0", "false", "no", "off"):
        return False
    raise SettingsError(f"{name} must be on or off, not {raw!r}.")


def _optional_int(env: Mapping[str, str], name: str) -> int | None:
    raw = env.get(name, "").strip()
    if not raw:
        return None
    if not raw.isdigit():
        raise SettingsError(f"{name} must be a Discord id (digits only), not {raw!r}.")
    return int(raw)


def _optional_port(env: Mapping[str, str], name: str) -> int | None:
    raw = env.get(name, "").strip()
    if not raw:
        return None
    if not raw.isdigit() or not 0 < int(raw) < 65536:
        raise SettingsError(f"{name} must be a port number between 1 and 65535, not {raw!r}.")
    return int(raw)


def _activity_url(env: Mapping[str, str]) -> str | None:
    raw = env.get("ACTIVITY_PUBLIC_URL", "").strip().rstrip("/")
    if not raw:
        return None
    if not raw.startswith("https://"):
        raise SettingsError(
            f"ACTIVITY_PUBLIC_URL must be the https:// address Discord reaches the Activity at, not {raw!r}."
        )
    return raw


def _activity_credentials(env: Mapping[str, str]) -> tuple[int | None, str]:
    """``DISCORD_CLIENT_ID`` and ``DISCORD_CLIENT_SECRET`` go together: the Activity needs both (the secret is
    never printed)."""
    client_id = _optional_int(env, "DISCORD_CLIENT_ID")
    secret = env.get("DISCORD_CLIENT_SECRET", "").strip()
    if (client_id is None) != (not secret):
        raise SettingsError(
            "DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET go together (the Activity needs both); set both or neither."
        )
    return client_id, secret


def _shard_ids(env: Mapping[str, str], count: int | None) -> tuple[int, ...] | None:
    """``SHARD_IDS``: ``0-3``, ``0,2`` or ``0-1,4``; needs ``SHARD_COUNT`` and every id below it."""
    raw = env.get("SHARD_IDS", "").strip()
    if not raw:
        return None
    if count is None:
        raise SettingsError("SHARD_IDS needs SHARD_COUNT (the total number of shards of the bot).")
    ids: set[int] = set()
    for part in raw.split(","):
        first, dash, last = part.strip().partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise SettingsError(f"SHARD_IDS must look like 0-3 or 0,2 (shard numbers), not {raw!r}.")
        low, high = int(first), int(last) if dash else int(first)
        if low > high:
            raise SettingsError(f"SHARD_IDS has a range that goes down ({part.strip()!r}).")
        ids.update(range(low, high + 1))
    if max(ids) >= count:
        raise SettingsError(f"SHARD_IDS must be below SHARD_COUNT ({count}); {max(ids)} is not.")
    return tuple(sorted(ids))


def _shard_count(env: Mapping[str, str]) -> int | None:
    raw = env.get("SHARD_COUNT", "").strip()
    if not raw:
        return None
    if not raw.isdigit() or int(raw) < 1:
        raise SettingsError(f"SHARD_COUNT must be a whole number of shards (1 or more), not {raw!r}.")
    return int(raw)


def url_hosts(url: str) -> list[tuple[str, int | None]]:
    """The hosts and ports of a PostgreSQL URL (several when it lists fallbacks: ``h1:5432,h2:5433``). Raises
    ValueError with one sentence, which never repeats the password, when a port is not a number from 1 to 65535."""
    hosts: list[tuple[str, int | None]] = []
    for address in urlsplit(url).netloc.rpartition("@")[2].split(","):
        if address.startswith("["):  # [::1]:5432
            host, _, rest = address[1:].partition("]")
            port = rest.removeprefix(":")
        else:
            host, _, port = address.partition(":")
        if port and not (port.isdigit() and 0 < int(port) < 65536):
            raise ValueError(f"its port must be a number from 1 to 65535, not {port!r}")
        hosts.append((host or "localhost", int(port) if port else None))
    return hosts


def connect_timeout(env: Mapping[str, str]) -> float:
    """``CONNECT_TIMEOUT_SECONDS``: how long start-up (and the copy command) waits for the database and for
    Discord before giving up with one line."""
    return _float(env, "CONNECT_TIMEOUT_SECONDS", 30.0)


def _database_url(env: Mapping[str, str]) -> str | None:
    raw = env.get("DATABASE_URL", "").strip()
    if not raw:
        return None
    if not raw.startswith(("postgresql://", "postgres://")):
        raise SettingsError("DATABASE_URL must start with postgresql:// (leave it empty to use SQLite).")
    try:
        url_hosts(raw)
    except ValueError as error:
        raise SettingsError(f"DATABASE_URL is malformed: {error}.") from None
    return raw


def _api_url(env: Mapping[str, str]) -> str | None:
    raw = env.get("DISCORD_API_URL", "").strip().rstrip("/")
    if not raw:
        return None
    if not raw.startswith(("http://", "https://")):
        raise SettingsError(f"DISCORD_API_URL must be an http:// or https:// address, not {raw!r}.")
    return raw


@dataclass(frozen=True, slots=True)
class Settings:
    token: str = field(default="", repr=False)
    database_path: Path = Path("data/thegame.sqlite3")
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    # Table timers, in seconds.
    lobby_timeout: float = 30 * 60
    turn_reminder: float = 10 * 60
    # A game in play that has waited this long for a move ends by itself (a rated game: given up by the player
    # waited for), so no channel is held for good and nobody escapes a loss by walking away.
    idle_end: float = 24 * 60 * 60
    timer_interval: float = 30.0
    # Pause before an AI seat plays, so humans can follow.
    ai_turn_delay: float = 1.5
    # Cards shown with the bot's own card and suit pictures, uploaded once as the application's emojis at start-up
    # (bot/ui/emoji_upload.py); off: cards in text.
    card_emojis: bool = True
    # Sync application commands at start-up (tests sync explicitly against the emulator).
    sync_commands: bool = True
    # The local playground (`make run` without a token, `make playground`): its port (None: 8765, or the next free
    # one) and its own database, so trying the bot never touches a real bot's data.
    playground_port: int | None = None
    playground_database_path: Path = Path("data/playground.sqlite3")
    # PostgreSQL instead of SQLite (postgresql://user:password@host:port/database); None: SQLite at database_path.
    # Repr hides it: the URL may carry a password.
    database_url: str | None = field(default=None, repr=False)
    # Sharding: the bot's total shard count and the shards this process runs (None: one process, Discord's
    # recommended count). See the README's "A cluster of bot processes".
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    # Discord's REST API through a shared proxy (e.g. http://proxy:8080/api/v10) so a cluster shares one global
    # rate limit; None: discord.com directly.
    discord_api_url: str | None = None
    # How long start-up waits for the database, then for Discord, before giving up with one line (exit 5 or 6).
    connect_timeout: float = 30.0
    # The Activity (the table inside Discord): the application's OAuth2 client id and secret (both, or neither:
    # no Activity), the https:// address Discord's URL mapping points at, and where its web server listens
    # (activity_port None: it listens on no port of its own, the playground serves it).
    activity_client_id: int | None = None
    activity_client_secret: str = field(default="", repr=False)
    activity_public_url: str | None = None
    activity_host: str = "127.0.0.1"
    activity_port: int | None = 8080
    # Discord's API for the OAuth2 exchange, and the sites that may show the page in a frame (the playground: its
    # local Discord and its own page).
    activity_api_base: str = "https://discord.com/api/v10"
    activity_frame_ancestors: str = "https://discord.com https://*.discord.com https://*.discordsays.com"

    @property
    def activity_enabled(self) -> bool:
        return self.activity_client_id is not None and bool(self.activity_client_secret)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        level = env.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
        if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
            raise SettingsError(f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {level!r}.")
        return cls(
            token=env.get("DISCORD_TOKEN", "").strip(),
            database_path=Path(env.get("DATABASE_PATH", "").strip() or "data/thegame.sqlite3"),
            dev_guild_id=_optional_int(env, "DEV_GUILD_ID"),
            log_level=level,
            lobby_timeout=_float(env, "LOBBY_TIMEOUT_SECONDS", 30 * 60),
            turn_reminder=_float(env, "TURN_REMINDER_SECONDS", 10 * 60),
            idle_end=_float(env, "IDLE_END_SECONDS", 24 * 60 * 60),
            timer_interval=_float(env, "TIMER_INTERVAL_SECONDS", 30.0),
            ai_turn_delay=_float(env, "AI_TURN_DELAY_SECONDS", 1.5),
            card_emojis=_switch(env, "CARD_EMOJIS", True),
            playground_port=_optional_port(env, "PLAYGROUND_PORT"),
            playground_database_path=Path(
                env.get("PLAYGROUND_DATABASE_PATH", "").strip() or "data/playground.sqlite3"
            ),
            database_url=_database_url(env),
            shard_count=_shard_count(env),
            shard_ids=_shard_ids(env, _shard_count(env)),
            discord_api_url=_api_url(env),
            connect_timeout=connect_timeout(env),
            activity_client_id=_activity_credentials(env)[0],
            activity_client_secret=_activity_credentials(env)[1],
            activity_public_url=_activity_url(env),
            activity_host=env.get("ACTIVITY_HOST", "").strip() or "127.0.0.1",
            activity_port=_optional_port(env, "ACTIVITY_PORT") or 8080,
        )
