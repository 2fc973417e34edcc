"""Start-up: settings from the environment, the missing-token message, and the command set."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from bot.app import EXTENSIONS, create_bot
from bot.config import Settings, SettingsError

ROOT = Path(__file__).resolve().parents[1]


def test_settings_from_the_environment() -> None:
    settings = Settings.from_env(
        {
            "DISCORD_TOKEN": " secret-token ",
            "DEV_GUILD_ID": "123",
            "LOBBY_TIMEOUT_SECONDS": "60",
            "LOG_LEVEL": "debug",
        }
    )
    assert settings.token == "secret-token"
    assert settings.dev_guild_id == 123
    assert settings.lobby_timeout == 60
    assert settings.log_level == "DEBUG"
    assert settings.database_path == Path("data/thegame.sqlite3")
    assert "secret-token" not in repr(settings)
    assert settings.database_url is None and settings.shard_count is None and settings.shard_ids is None


def test_cluster_settings() -> None:
    settings = Settings.from_env(
        {
            "DATABASE_URL": "postgresql://bot:hunter2@db:5432/cards",
            "SHARD_COUNT": "8",
            "SHARD_IDS": "0-2,5",
            "DISCORD_API_URL": "http://proxy:8080/api/v10/",
        }
    )
    assert settings.database_url == "postgresql://bot:hunter2@db:5432/cards"
    assert "hunter2" not in repr(settings)
    assert settings.shard_count == 8
    assert settings.shard_ids == (0, 1, 2, 5)
    assert settings.discord_api_url == "http://proxy:8080/api/v10"


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("DEV_GUILD_ID", "my-server"),
        ("TURN_REMINDER_SECONDS", "soon"),
        ("LOBBY_TIMEOUT_SECONDS", "-5"),
        ("LOG_LEVEL", "LOUD"),
        ("DATABASE_URL", "mysql://db/cards"),
        ("SHARD_COUNT", "zero"),
        ("DISCORD_API_URL", "proxy:8080"),
    ],
)
def test_a_bad_setting_is_named(name: str, value: str) -> None:
    with pytest.raises(SettingsError, match=name):
        Settings.from_env({name: value})


@pytest.mark.parametrize("ids", ["0-9", "3-1", "a-b"])
def test_bad_shard_ids_are_named(ids: str) -> None:
    with pytest.raises(SettingsError, match="SHARD_IDS"):
        Settings.from_env({"SHARD_COUNT": "4", "SHARD_IDS": ids})
    with pytest.raises(SettingsError, match="SHARD_COUNT"):
        Settings.from_env({"SHARD_IDS": "0-1"})


def test_without_a_token_discord_mode_explains_what_to_do(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if key != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    result = subprocess.run(
        [sys.executable, "-m", "bot", "--discord"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    for step in ("DISCORD_TOKEN", "developer", "MESSAGE CONTENT", "applications.commands", ".env"):
        assert step in result.stderr
    assert result.stdout == ""


def test_make_run_without_a_token_opens_the_playground(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if key != "DISCORD_TOKEN"}
    env.update({"PYTHONPATH": str(ROOT), "PLAYGROUND_DATABASE_PATH": str(tmp_path / "playground.sqlite3")})
    process = subprocess.Popen(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()  # printed once the bot is connected and its commands synced
        address = re.search(r"http://127\.0\.0\.1:\d+/", line)
        assert address, line
        with urllib.request.urlopen(address.group(0), timeout=10) as page:
            assert "Card Table playground" in page.read().decode()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=20)
    finally:
        process.kill()
    assert process.returncode == 0, err
    assert out == "", "one line, the address"
    assert (tmp_path / "playground.sqlite3").exists()
    assert not (tmp_path / "data" / "thegame.sqlite3").exists(), "a real bot's database is never touched"


def test_env_example_documents_every_setting() -> None:
    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    source = (ROOT / "bot" / "config.py").read_text(encoding="utf-8")
    names = set(re.findall(r'env(?:\.get\(|, )"([A-Z_]+)"', source))
    assert "DISCORD_TOKEN" in names
    for name in names:
        assert re.search(rf"^{name}=", example, re.M), name
    assert not re.search(r"^DISCORD_TOKEN=\S", example, re.M), "no token in the example"


async def test_every_extension_loads_and_no_two_commands_clash(tmp_path: Path) -> None:
    bot = create_bot(Settings(token="x", database_path=tmp_path / "db.sqlite3", sync_commands=False))
    async with bot:
        bot._connection.application_id = 1  # what login would set
        await bot.setup_hook()
        assert set(bot.extensions) == set(EXTENSIONS)
        names = [command.name for command in bot.tree.get_commands()]
        assert len(names) == len(set(names))
        for command in bot.tree.walk_commands():
            assert re.fullmatch(r"[a-z_]{1,32}", command.name)
            assert 1 <= len(command.description) <= 100
        from bot.ui.translator import command_catalog

        french = command_catalog("fr")
        top_level_fr = [french.get(f"name:{name}", name) for name in names]
        assert len(top_level_fr) == len(set(top_level_fr))
        for command in bot.tree.walk_commands():
            assert f"name:{command.name}" in french, f"/{command.qualified_name} has no French name"
            assert f"text:{command.description}" in french, (
                f"/{command.qualified_name} has no French description"
            )
            for parameter in getattr(command, "parameters", []):
                where = f"/{command.qualified_name} {parameter.name}"
                assert f"name:{parameter.name}" in french, f"{where} has no French name"
                assert f"text:{parameter.description}" in french, f"{where} has no French description"
                for choice in parameter.choices:
                    if not re.search(r"[^\W\d_]{2,}", choice.name):
                        continue  # no word to translate: "A ▲"
                    assert f"name:{choice.name}" in french, (
                        f"{where}: the choice {choice.name!r} has no French name"
                    )
        await bot.db.close()


def test_the_tasks_left_when_the_bot_closed_are_cancelled_with_those_their_cancellation_starts() -> None:
    """A board update or an AI turn still running once the bot closed (after lost shards), and a task that its
    cancellation starts, end while the loop runs: none is left for `asyncio.run` to destroy pending."""
    import asyncio

    from bot.process import cancel_leftovers

    ended: list[str] = []
    late: list[asyncio.Task[None]] = []

    async def started_late() -> None:
        try:
            await asyncio.Event().wait()
        finally:
            ended.append("started late")

    async def running() -> None:
        try:
            await asyncio.Event().wait()
        finally:
            late.append(asyncio.create_task(started_late()))  # e.g. a board refresh as an AI turn ends
            ended.append("running")

    async def main() -> list[asyncio.Task[None]]:
        task = asyncio.create_task(running())
        await asyncio.sleep(0)
        await cancel_leftovers()
        assert task.cancelled() and late[0].cancelled()
        return [left for left in asyncio.all_tasks() if left is not asyncio.current_task()]

    assert asyncio.run(main()) == []
    assert ended == ["running", "started late"]
