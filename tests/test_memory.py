"""Garbage collection: `python -m bot` tunes it once start-up is done; a bot made elsewhere (tests) leaves it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import bot.__main__ as entry
from bot.memory import YOUNG_THRESHOLD

ROOT = Path(__file__).resolve().parents[1]


def test_tuning_freezes_what_start_up_made_and_collects_young_objects_less_often() -> None:
    script = (
        "import gc\n"
        "from bot.memory import tune_garbage_collection\n"
        "kept = [[index] for index in range(1000)]\n"
        "assert gc.get_freeze_count() == 0\n"
        "tune_garbage_collection()\n"
        "print(gc.get_threshold()[0], gc.get_freeze_count() >= 1000)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60, check=True
    )
    assert result.stdout.split() == [str(YOUNG_THRESHOLD), "True"]


def test_python_m_bot_asks_for_it(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[dict[str, Any]] = []

    class Refused:
        pass

    def create_bot(settings: Any, **options: Any) -> Refused:
        made.append(options)
        return Refused()

    def run(bot: Any, token: str, say: Any) -> int:  # bot/process.py: Discord refused the token
        return 2

    monkeypatch.setattr(entry, "create_bot", create_bot)
    monkeypatch.setattr(entry, "run", run)
    monkeypatch.setattr(
        entry, "setup_logging", lambda *args, **kwargs: None
    )  # pytest's handlers stay as they are
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-token")
    assert entry.main(["--discord"]) == 2
    assert made == [{"tune_memory": True}]


def test_a_bot_made_in_a_test_leaves_the_collector_alone(tmp_path: Path) -> None:
    from bot.app import create_bot
    from bot.config import Settings

    assert create_bot(Settings(token="x", database_path=tmp_path / "db.sqlite3"))._tune_memory is False
