"""compose.yaml and the Procfile describe a working cluster: PostgreSQL, and bot processes whose shard ranges cover
every shard exactly once, with settings the bot accepts. (Docker is not run here: the files are read.)"""

from __future__ import annotations

import re
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
        settings = bot_settings(service, {})
        assert settings.database_url == (
            f"postgresql://{database['POSTGRES_USER']}:{database['POSTGRES_PASSWORD']}@postgres:5432/"
            f"{database['POSTGRES_DB']}"
        )
        assert settings.shard_count == 4 and settings.shard_ids is not None
        assert settings.discord_api_url is None  # the proxy is optional
        owned += settings.shard_ids
    assert sorted(owned) == [0, 1, 2, 3]


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
    assert entries["worker"] == "python -m bot"
    owned: list[int] = []
    for name, command in entries.items():
        if name != "worker":
            assignment, program = command.split(" ", 1)
            assert program == "python -m bot"
            settings = Settings.from_env(
                {"SHARD_COUNT": "4", assignment.split("=")[0]: assignment.split("=")[1]}
            )
            assert settings.shard_ids is not None
            owned += settings.shard_ids
    assert sorted(owned) == [0, 1, 2, 3]
