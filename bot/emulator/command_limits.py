"""Discord's documented rules for application commands that its OpenAPI document does not encode.

The document (checked first, bot/emulator/openapi.py) gives the lengths and types; Discord's documentation
(Application Commands) adds: a slash command's and every option's name follows the name pattern in every locale;
names are unique among siblings (options of one level, commands of one type); required options come first;
subcommands are not mixed with other options; a context menu command has no description; localizations are keyed
by Discord's locales; a string choice's value is at most 100 characters; a command with its options and choices
holds at most 8,000 characters of names, descriptions and values.
"""

from __future__ import annotations

import functools
import unicodedata
from typing import Any

from bot.emulator.limits import CHOICE_NAME_MAX, CHOICE_VALUE_MAX, FormError, Path

NAME_MAX = 32
DESCRIPTION_MAX = 100
OPTIONS_MAX = 25
COMMAND_TEXT_MAX = 8000
SUBCOMMAND, SUBCOMMAND_GROUP, STRING = 1, 2, 3
CHAT_INPUT = 1
PRIMARY_ENTRY_POINT = (
    4  # an Activity's launch command: a description, no options (bot/emulator/entry_point.py)
)


def is_command_name(name: str) -> bool:
    """Discord's rule for a slash command's or option's name, in any locale: 1 to 32 letters, digits, `-`, `_` or
    `'` (`^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$`), lowercase where the letter has a lowercase form
    (`ki_hinzufügen` is a name; `Zug Ende` is not)."""
    return (
        1 <= len(name) <= NAME_MAX
        and name == name.lower()
        and all(char in "-_'" or unicodedata.category(char)[0] in "LNM" for char in name)
    )


@functools.cache
def locales() -> frozenset[str]:
    """Discord's locales (the keys of a localization map), from its OpenAPI document's AvailableLocalesEnum."""
    from bot.emulator.openapi import document

    enum = document()["components"]["schemas"]["AvailableLocalesEnum"]
    return frozenset(branch["const"] for branch in enum["oneOf"])


def _error(errors: list[FormError], path: Path, code: str, message: str) -> None:
    errors.append(FormError(path, code, message))


def _length(errors: list[FormError], path: Path, value: Any, low: int, high: int) -> None:
    if not isinstance(value, str) or not low <= len(value) <= high:
        _error(errors, path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")


def _name(errors: list[FormError], path: Path, name: Any, *, slash: bool) -> None:
    if slash:
        if not isinstance(name, str) or not is_command_name(name):
            _error(errors, path, "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
    else:
        _length(errors, path, name, 1, NAME_MAX)


def validate_localizations(definition: Any, prefix: Path, *, slash_name: bool = False) -> list[FormError]:
    """A command's, option's or choice's `name_localizations` and `description_localizations`: keyed by Discord's
    locales; a name follows the name rule (`slash_name`; a choice's name is free text, 1 to 100 characters), a
    description 1 to 100."""
    errors: list[FormError] = []
    if not isinstance(definition, dict):
        return errors
    known = locales()
    for key in ("name_localizations", "description_localizations"):
        for locale, text in (definition.get(key) or {}).items():
            path = (*prefix, key, locale)
            if locale not in known:
                _error(errors, path, "LOCALE_INVALID", f"Invalid locale {locale!r}.")
            elif key == "description_localizations":
                _length(errors, path, text, 1, DESCRIPTION_MAX)
            elif slash_name:
                _name(errors, path, text, slash=True)
            else:
                _length(errors, path, text, 1, CHOICE_NAME_MAX)
    return errors


def _text_size(definition: dict[str, Any]) -> int:
    """What counts towards a command's 8,000 characters: names, descriptions and choice values, every locale."""
    size = 0
    for key in ("name", "description"):
        size += max(
            [len(str(definition.get(key) or ""))]
            + [len(str(text)) for text in (definition.get(f"{key}_localizations") or {}).values()]
        )
    for choice in definition.get("choices") or []:
        if isinstance(choice, dict):
            size += _text_size(choice) + len(str(choice.get("value", "")))
    for option in definition.get("options") or []:
        if isinstance(option, dict):
            size += _text_size(option)
    return size


def _check_options(errors: list[FormError], options: Any, path: Path, depth: int) -> None:
    if not isinstance(options, list):
        return
    if len(options) > OPTIONS_MAX:
        _error(errors, path, "BASE_TYPE_MAX_LENGTH", f"Must be {OPTIONS_MAX} or fewer in length.")
    names: set[str] = set()
    optional_seen = False
    kinds = {option.get("type") for option in options if isinstance(option, dict)}
    if kinds & {SUBCOMMAND, SUBCOMMAND_GROUP} and kinds - {SUBCOMMAND, SUBCOMMAND_GROUP}:
        _error(
            errors,
            path,
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            "Sub-command and sub-command group option types are mutually exclusive to all other types",
        )
    for index, option in enumerate(options):
        if not isinstance(option, dict):
            continue
        where = (*path, index)
        name = option.get("name")
        _name(errors, (*where, "name"), name, slash=True)
        if isinstance(name, str):
            if name in names:
                _error(
                    errors,
                    (*where, "name"),
                    "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
                    "Option names must be unique",
                )
            names.add(name)
        _length(errors, (*where, "description"), option.get("description"), 1, DESCRIPTION_MAX)
        errors += validate_localizations(option, where, slash_name=True)
        kind = option.get("type")
        if kind not in (SUBCOMMAND, SUBCOMMAND_GROUP):
            if option.get("required"):
                if optional_seen:
                    _error(
                        errors,
                        (*where, "required"),
                        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                        "Required options must be placed before non-required options",
                    )
            else:
                optional_seen = True
        choices = option.get("choices") or []
        if choices and option.get("autocomplete"):
            _error(
                errors,
                (*where, "autocomplete"),
                "APPLICATION_COMMAND_OPTIONS_AUTOCOMPLETE_AND_CHOICES",
                "Autocomplete and choices are mutually exclusive",
            )
        for number, choice in enumerate(choices):
            if not isinstance(choice, dict):
                continue
            cpath = (*where, "choices", number)
            _length(errors, (*cpath, "name"), choice.get("name"), 1, CHOICE_NAME_MAX)
            value = choice.get("value")
            if kind == STRING and isinstance(value, str) and len(value) > CHOICE_VALUE_MAX:
                _error(
                    errors,
                    (*cpath, "value"),
                    "BASE_TYPE_MAX_LENGTH",
                    f"Must be {CHOICE_VALUE_MAX} or fewer in length.",
                )
            errors += validate_localizations(choice, cpath)
        if kind in (SUBCOMMAND, SUBCOMMAND_GROUP) and depth < 2:
            _check_options(errors, option.get("options"), (*where, "options"), depth + 1)


def validate_command(payload: Any, prefix: Path = ()) -> list[FormError]:
    """One command's definition (POST/PATCH of a command, or an item of a PUT of all commands)."""
    if not isinstance(payload, dict):
        return [FormError(prefix, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")]
    errors: list[FormError] = []
    kind = payload.get("type") or CHAT_INPUT
    slash = kind == CHAT_INPUT
    _name(errors, (*prefix, "name"), payload.get("name"), slash=slash)
    if slash or kind == PRIMARY_ENTRY_POINT:
        _length(errors, (*prefix, "description"), payload.get("description"), 1, DESCRIPTION_MAX)
    elif payload.get("description") or payload.get("description_localizations"):
        _error(
            errors,
            (*prefix, "description"),
            "APPLICATION_COMMAND_CONTEXT_MENU_DESCRIPTION",
            "Context menu commands cannot have a description",
        )
    errors += validate_localizations(payload, prefix, slash_name=slash)
    _check_options(errors, payload.get("options"), (*prefix, "options"), 0)
    if _text_size(payload) > COMMAND_TEXT_MAX:
        _error(
            errors,
            prefix,
            "APPLICATION_COMMAND_TOO_LARGE",
            f"Command exceeds maximum size ({COMMAND_TEXT_MAX})",
        )
    return errors


def validate_commands(payloads: Any) -> list[FormError]:
    """A PUT of every command: each one, and names unique per command type."""
    if not isinstance(payloads, list):
        return [FormError((), "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")]
    errors: list[FormError] = []
    seen: set[tuple[Any, Any]] = set()
    for index, payload in enumerate(payloads):
        errors += validate_command(payload, (index,))
        if isinstance(payload, dict):
            key = (payload.get("name"), payload.get("type") or CHAT_INPUT)
            if key in seen:
                _error(
                    errors,
                    (index, "name"),
                    "APPLICATION_COMMANDS_DUPLICATE_NAME",
                    "Application command names must be unique",
                )
            seen.add(key)
    return errors
