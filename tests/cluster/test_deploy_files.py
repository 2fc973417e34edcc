"""compose.yaml, the Dockerfile and the Procfile describe a working cluster on a fresh host: PostgreSQL, and bot
processes whose shard ranges cover every shard exactly once, with settings the bot accepts, that stop cleanly on
SIGTERM and start in the right order. (Docker is not run here: the files are read.)"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import yaml

from bot.config import Settings

ROOT = Path(__file__).resolve().parents[2]


def interpolate(value: Any, env: dict[str, str]) -> str:
    """Compose's ``${NAME:-default}``, with ``env`` as the shell environment."""
    return re.sub(r"\$\{(\w+):-([^}]*)\}", lambda m: env.get(m[1], m[2]), str(value))


def bot_settings(service: dict[str, Any], env: dict[str, str]) -> Settings:
    environment = {name: interpolate(value, env) for name, value in service["environment"].items()}
    return Settings.from_env({"DISCORD_TOKEN": "from .env", **environment})


def test_compose_runs_postgresql_and_two_processes_with_half_the_shards_each() -> None:
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    services = compose["services"]
    assert services["postgres"]["image"].startswith("postgres:")
    database = services["postgres"]["environment"]
    bots = {name: service for name, service in services.items() if name.startswith("bot-")}
    assert len(bots) == 2
    owned: list[int] = []
    for service in bots.values():
        assert service["command"] == ["python", "-m", "bot", "--discord"]
        assert service["depends_on"]["postgres"]["condition"] == "service_healthy"
        assert service["restart"] == "unless-stopped"
        # SIGTERM reaches the bot through an init process, with time to answer and save before Docker kills it.
        assert service["init"] is True and service["stop_signal"] == "SIGTERM"
        assert int(service["stop_grace_period"].removesuffix("s")) >= 10
        settings = bot_settings(service, {})
        assert settings.database_url == (
            f"postgresql://{database['POSTGRES_USER']}:{database['POSTGRES_PASSWORD']}@postgres:5432/"
            f"{database['POSTGRES_DB']}"
        )
        assert settings.shard_count == 4 and settings.shard_ids is not None
        assert settings.discord_api_url is None  # the proxy is optional
        owned += settings.shard_ids
    assert sorted(owned) == [0, 1, 2, 3]


def test_postgresql_is_healthy_only_once_it_accepts_tcp_connections() -> None:
    """The image's first start runs a temporary server on the Unix socket only, while it creates the database: a
    socket check passes then, and the bots would start against a server about to stop."""
    postgres = yaml.safe_load((ROOT / "compose.yaml").read_text())["services"]["postgres"]
    (check,) = postgres["healthcheck"]["test"][1:]
    assert check.startswith("pg_isready ") and " -h 127.0.0.1 " in f"{check} "


def test_the_bots_wait_for_the_proxy_when_it_runs_and_its_image_is_pinned() -> None:
    services = yaml.safe_load((ROOT / "compose.yaml").read_text())["services"]
    for name, service in services.items():
        if name.startswith("bot-"):
            # Only with the proxy profile (required: false); its image has no shell for a health check, so the
            # bot itself waits for DISCORD_API_URL to accept connections (bot/process.py).
            assert service["depends_on"]["discord-proxy"] == {
                "condition": "service_started",
                "required": False,
            }
    image = services["discord-proxy"]["image"]
    assert re.fullmatch(r"[\w./-]+(:v\d+\.\d+\.\d+|@sha256:[0-9a-f]{64})", image), image


def dockerfile() -> list[tuple[str, str]]:
    """The Dockerfile's instructions, continuation lines joined: (INSTRUCTION, arguments)."""
    text = re.sub(r"\\\n\s*", " ", (ROOT / "Dockerfile").read_text())
    lines = [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    return [(line.split(None, 1)[0].upper(), line.split(None, 1)[1]) for line in lines]


def test_the_image_installs_its_dependencies_before_the_code_and_stops_on_sigterm() -> None:
    everything = dockerfile()
    # The bot's stage is the last one (the Activity's page is built in a stage of its own before it).
    last = max(index for index, (instruction, _) in enumerate(everything) if instruction == "FROM")
    steps = everything[last:]
    copies = [arguments for instruction, arguments in steps if instruction == "COPY"]
    assert copies == [
        "pyproject.toml constraints.txt ./",
        ". .",
        "--from=activity /web/activity/dist web/activity/dist",
    ]
    install = next(
        index for index, (kind, arguments) in enumerate(steps) if "-r requirements.txt" in arguments
    )
    assert install < steps.index(("COPY", ". ."))
    # The dependency list it installs is pyproject.toml's.
    command = re.search(r'python -c "([^"]+)"', steps[install][1])
    assert command is not None
    listed = subprocess.run(
        [sys.executable, "-c", command[1]], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert listed == tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    assert ("STOPSIGNAL", "SIGTERM") in steps
    user = next(arguments for instruction, arguments in steps if instruction == "USER")
    assert user not in {"root", "0"}
    setup = " ".join(arguments for instruction, arguments in steps if instruction == "RUN")
    assert "mkdir -p /app/data" in setup and f"chown {user}:{user} /app/data" in setup  # SQLite's folder
    (command_line,) = [json.loads(arguments) for instruction, arguments in steps if instruction == "CMD"]
    assert command_line == ["python", "-m", "bot", "--discord"]


def test_the_optional_proxy_is_where_the_bots_are_told_to_send_their_calls() -> None:
    text = (ROOT / "compose.yaml").read_text()
    services = yaml.safe_load(text)["services"]
    proxy = services["discord-proxy"]
    assert proxy["profiles"] == ["proxy"]
    documented = re.search(r"DISCORD_API_URL=(\S+)", text)
    assert documented is not None
    for name, service in services.items():
        if name.startswith("bot-"):
            settings = bot_settings(service, {"DISCORD_API_URL": documented[1]})
            assert settings.discord_api_url == f"http://discord-proxy:{proxy['environment']['PORT']}/api/v10"


def test_the_procfile_keeps_its_worker_and_names_a_process_per_shard_range() -> None:
    entries = dict(
        line.split(": ", 1)
        for line in (ROOT / "Procfile").read_text().splitlines()
        if line and line[0] != "#"
    )
    # --discord: in production a missing token stops the worker with a line, not a playground (tests/test_startup.py)
    assert entries["worker"] == "python -m bot --discord"
    owned: list[int] = []
    for name, command in entries.items():
        if name != "worker":
            assignment, program = command.split(" ", 1)
            assert program == "python -m bot --discord"
            settings = Settings.from_env(
                {"SHARD_COUNT": "4", assignment.split("=")[0]: assignment.split("=")[1]}
            )
            assert settings.shard_ids is not None
            owned += settings.shard_ids
    assert sorted(owned) == [0, 1, 2, 3]
