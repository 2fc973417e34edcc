"""Every text exists in English and French, with the same placeholders, and every key the code uses exists."""

from __future__ import annotations

import re
from pathlib import Path

import discord
import pytest

from bot.ui.i18n import catalog, is_plural_family, language_of, placeholders, t
from bot.ui.translator import command_catalog

ROOT = Path(__file__).resolve().parents[2]
LITERAL_KEY = re.compile(r"""\bt\(\s*[^,()]+(?:\([^)]*\))?\s*,\s*"([a-z_]+(?:\.[a-z_]+)+)\"""")
GAME_ERROR_KEY = re.compile(r"""(?:GameError|Notice|refusal)\(\s*f?"([a-z_.]+)\"""")


def test_english_and_french_have_the_same_keys() -> None:
    assert set(catalog("en")) == set(catalog("fr"))


@pytest.mark.parametrize("key", sorted(catalog("en")))
def test_placeholders_match(key: str) -> None:
    assert placeholders(catalog("en")[key]) == placeholders(catalog("fr")[key]), key


def test_every_key_used_in_the_code_exists() -> None:
    used: set[str] = set()
    for path in [*ROOT.joinpath("bot").rglob("*.py"), *ROOT.joinpath("cogs").rglob("*.py")]:
        text = path.read_text(encoding="utf-8")
        used |= set(LITERAL_KEY.findall(text))
        used |= {key for key in GAME_ERROR_KEY.findall(text) if not key.endswith(".")}
    english = catalog("en")
    missing = sorted(key for key in used if key not in english and not is_plural_family(key, english))
    assert not missing
    assert len(used) > 40  # the scan really found the code's keys


def test_every_engine_refusal_has_a_sentence() -> None:
    from bot.games.thegame.engine import errors

    codes = set(re.findall(r'"([a-z_]+)"', Path(errors.__file__).read_text(encoding="utf-8")))
    for code in codes & {key.removeprefix("engine.") for key in catalog("en") if key.startswith("engine.")}:
        assert f"engine.{code}" in catalog("fr")
    for code in (
        "game_over",
        "first_player_not_chosen",
        "first_player_already_chosen",
        "unknown_player",
        "not_your_turn",
        "unknown_pile",
        "card_not_in_hand",
        "card_does_not_fit",
        "below_minimum",
        "just_played",
    ):
        key = f"engine.{code}"
        assert key in catalog("en") or is_plural_family(key, catalog("en")), key


def test_language_follows_the_locale() -> None:
    assert language_of("fr") == "fr"
    assert language_of("fr-FR") == "fr"
    assert language_of("en-GB") == "en"
    assert language_of("de") == "de"
    assert language_of("de-AT") == "de"
    assert language_of(discord.Locale.german) == "de"
    assert language_of("es-ES") == "en"
    assert language_of(None) == "en"
    assert t("fr", "button.join") == "Rejoindre"
    assert t("en-US", "button.join") == "Join"


def test_every_french_command_name_is_a_valid_discord_name() -> None:
    name = re.compile(r"^[-_\w]{1,32}$")
    for key, value in command_catalog("fr").items():
        if key.startswith("name:") and name.match(key[5:]) and key[5:] == key[5:].lower():
            assert name.match(value) and value == value.lower(), value
        elif key.startswith("name:"):  # a choice's name (e.g. a game in /game new): free text, 1 to 100
            assert 1 <= len(value) <= 100, value
        else:
            assert 1 <= len(value) <= 100, value


def test_every_hint_reason_has_a_sentence() -> None:
    from bot.games.thegame.ai.types import REASONS

    for reason in REASONS:
        for language in ("en", "fr"):
            assert f"hint.reason.{reason}" in catalog(language)
