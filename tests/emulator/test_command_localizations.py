"""The emulator refuses localized command names Discord would refuse (as `50035 Invalid Form Body`), so a bad German
or French name fails the tests that sync the bot's commands, not the first sync on Discord."""

from __future__ import annotations

from bot.emulator.command_limits import is_command_name, validate_localizations


def test_localized_names_follow_discord_s_name_rule() -> None:
    for good in ("ki_hinzufügen", "règles", "zugende", "fin-tour", "l'aide"):
        assert is_command_name(good), good
    for bad in ("Zug", "zug ende", "", "a" * 33, "zug!"):
        assert not is_command_name(bad), bad


def test_a_bad_localized_name_or_description_is_an_invalid_form_body() -> None:
    option = {
        "name": "card",
        "name_localizations": {"de": "Karte", "fr": "carte"},
        "description_localizations": {"de": "", "fr": "La carte"},
    }
    errors = validate_localizations(option, ("options", 0), slash_name=True)
    assert [(error.path, error.code) for error in errors] == [
        (("options", 0, "name_localizations", "de"), "APPLICATION_COMMAND_INVALID_NAME"),
        (("options", 0, "description_localizations", "de"), "BASE_TYPE_BAD_LENGTH"),
    ]


def test_a_choice_s_localized_name_is_free_text() -> None:
    choice = {"name": "in turns", "name_localizations": {"de": "Alle gleichzeitig", "fr": "x" * 101}}
    errors = validate_localizations(choice, ("choices", 0))
    assert [error.path for error in errors] == [("choices", 0, "name_localizations", "fr")]
