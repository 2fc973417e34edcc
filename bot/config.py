"""Settings read from the environment (and `.env`), in one typed object.

The token is never printed: `Settings.__repr__` hides it, and nothing logs it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path


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


@dataclass(frozen=True, slots=True)
class Settings:
    token: str = field(default="", repr=False)
    database_path: Path = Path("data/thegame.sqlite3")
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    # Table timers, in seconds.
    lobby_timeout: float = 30 * 60
    turn_reminder: float = 10 * 60
    timer_interval: float = 30.0
    # Pause before an AI seat plays, so humans can follow.
    ai_turn_delay: float = 1.5
    # Sync application commands at start-up (tests sync explicitly against the emulator).
    sync_commands: bool = True
    # The local playground (`make run` without a token, `make playground`): its port (None: a free one) and its
    # own database, so trying the bot never touches a real bot's data.
    playground_port: int | None = None
    playground_database_path: Path = Path("data/playground.sqlite3")

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
            timer_interval=_float(env, "TIMER_INTERVAL_SECONDS", 30.0),
            ai_turn_delay=_float(env, "AI_TURN_DELAY_SECONDS", 1.5),
            playground_port=_optional_port(env, "PLAYGROUND_PORT"),
            playground_database_path=Path(
                env.get("PLAYGROUND_DATABASE_PATH", "").strip() or "data/playground.sqlite3"
            ),
        )
