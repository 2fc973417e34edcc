"""The saved form of a game: plain JSON-able data (format_version, options, seed, the log of plays)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.barbu.options import BarbuOptions
from bot.games.cards import Card
from bot.games.tricks import TrickPlay

FORMAT_VERSION = 1


def saved_form(options: BarbuOptions, seed: int, log: Sequence[TrickPlay]) -> dict[str, Any]:
    return {
        "format_version": FORMAT_VERSION,
        "options": options.to_dict(),
        "seed": seed,
        "log": [{"seat": play.seat, "card": play.card.code} for play in log],
    }


def read_saved(data: object) -> tuple[BarbuOptions, int, list[TrickPlay]]:
    """The options, seed and plays of a saved game (not yet checked against the rules). ValueError on bad data."""
    if not isinstance(data, dict):
        raise ValueError(f"A saved Barbu game must be a dict, not {type(data).__name__}.")
    version = data.get("format_version")
    if type(version) is not int or version != FORMAT_VERSION:
        raise ValueError(f"Unknown saved Barbu format_version: {version!r} (expected {FORMAT_VERSION}).")
    for key in ("options", "seed", "log"):
        if key not in data:
            raise ValueError(f"A saved Barbu game is missing {key!r}.")
    options = BarbuOptions.from_dict(data["options"])
    seed = data["seed"]
    if type(seed) is not int:
        raise ValueError(f"The saved seed must be an int, not {seed!r}.")
    log = data["log"]
    if not isinstance(log, list):
        raise ValueError("The saved log must be a list of plays.")
    plays = []
    for number, entry in enumerate(log, 1):
        if (
            not isinstance(entry, dict)
            or type(entry.get("seat")) is not int
            or not isinstance(entry.get("card"), str)
        ):
            raise ValueError(f"Saved play {number} is not a {{seat, card}} dict: {entry!r}.")
        plays.append(TrickPlay(entry["seat"], Card.from_code(entry["card"])))
    return options, seed, plays
