"""Discord's documented command rules that its OpenAPI document does not encode, refused as Discord refuses them."""

from __future__ import annotations

from typing import Any

import pytest
from discord.http import Route

from bot.emulator import Emulator, RunningClient
from bot.emulator.command_limits import validate_command, validate_commands
from tests.emulator.conftest import Scene
from tests.emulator.sample_bot import SampleBot


def option(name: str, **more: Any) -> dict[str, Any]:
    return {"type": 3, "name": name, "description": "A card", **more}


def command(*options: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"type": 1, "name": "play", "description": "Play a card", "options": list(options), **more}


def codes(payload: Any) -> list[tuple[tuple[Any, ...], str]]:
    return [(error.path, error.code) for error in validate_command(payload)]


def test_a_well_formed_command_passes() -> None:
    localized = {"name_localizations": {"fr": "carte", "de": "karte"}}
    good = command(option("card", required=True, **localized), option("pile"))
    assert codes(good) == []


@pytest.mark.parametrize("name", ["Card", "the card", "card!", "", "c" * 33])
def test_an_option_name_that_breaks_discord_s_pattern_is_refused(name: str) -> None:
    assert codes(command(option(name))) == [(("options", 0, "name"), "APPLICATION_COMMAND_INVALID_NAME")]


def test_two_options_of_one_level_may_not_share_a_name() -> None:
    assert codes(command(option("card"), option("card"))) == [
        (("options", 1, "name"), "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS")
    ]


def test_localizations_are_keyed_by_discord_s_locales() -> None:
    assert codes(command(option("card", name_localizations={"french": "carte"}))) == [
        (("options", 0, "name_localizations", "french"), "LOCALE_INVALID")
    ]
    assert codes(command(description_localizations={"fr": ""})) == [
        (("description_localizations", "fr"), "BASE_TYPE_BAD_LENGTH")
    ]


def test_required_options_come_first() -> None:
    assert codes(command(option("pile"), option("card", required=True))) == [
        (("options", 1, "required"), "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID")
    ]


def test_a_string_choice_s_value_is_at_most_100_characters() -> None:
    choices = [{"name": "long", "value": "v" * 101}, {"name": "n" * 101, "value": "short"}]
    assert codes(command(option("card", choices=choices))) == [
        (("options", 0, "choices", 0, "value"), "BASE_TYPE_MAX_LENGTH"),
        (("options", 0, "choices", 1, "name"), "BASE_TYPE_BAD_LENGTH"),
    ]


def test_subcommands_are_not_mixed_with_options_and_context_menus_have_no_description() -> None:
    sub = {"type": 1, "name": "new", "description": "A new table"}
    assert codes(command(sub, option("card"))) == [(("options",), "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID")]
    assert codes({"type": 2, "name": "Show Hand", "description": "x"}) == [
        (("description",), "APPLICATION_COMMAND_CONTEXT_MENU_DESCRIPTION")
    ]


def test_a_command_holds_at_most_8000_characters() -> None:
    options = [option(f"o{n}", description="d" * 100, name_localizations={"fr": f"o{n}"}) for n in range(25)]
    subcommands = [
        {"type": 1, "name": f"s{n}", "description": "d" * 100, "options": options} for n in range(4)
    ]
    assert ((), "APPLICATION_COMMAND_TOO_LARGE") in codes(command(*subcommands))


def test_commands_of_one_type_have_unique_names() -> None:
    errors = validate_commands([command(), command(), {"type": 2, "name": "play"}])
    assert [(error.path, error.code) for error in errors] == [
        ((1, "name"), "APPLICATION_COMMANDS_DUPLICATE_NAME")
    ]


async def test_a_sync_with_a_bad_option_name_fails_the_test_that_made_it(
    scene: Scene, bot: RunningClient[SampleBot], emulator: Emulator
) -> None:
    route = Route("PUT", "/applications/{application_id}/commands", application_id=bot.client.application_id)
    bad = command(option("Card"), option("Card"))
    with pytest.raises(Exception, match="50035"):
        await bot.client.http.request(route, json=[bad])
    [violation] = emulator.take_violations("invalid_form_body")
    assert "APPLICATION_COMMAND_INVALID_NAME" in violation.message
    assert "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS" in violation.message
