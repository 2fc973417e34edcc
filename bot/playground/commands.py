"""Slash commands typed as text in the page's message box: `/game new game:hearts`, `/play card:45 pile:A`.

`parse` turns a line into what `Emulator.slash` takes; `suggest` offers what Discord's command picker would at the
end of a partly typed line: command and subcommand names, option names, an option's fixed choices, or the bot's
own autocomplete answers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from bot.emulator import Channel, Emulator, User
from bot.emulator.entry_point import ENTRY_POINT
from bot.emulator.world import ApplicationCommand, name_matches
from bot.ui.i18n import t

SUBCOMMAND, GROUP, STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = (
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
)
TRUE_WORDS = {"true", "yes", "on", "1", "oui", "vrai", "ja", "wahr"}
FALSE_WORDS = {"false", "no", "off", "0", "non", "faux", "nein", "falsch"}
SUGGESTION_LIMIT = 25


class CommandError(ValueError):
    """The line is not a command the bot registered, or an option's value does not fit; the message says why, in
    the language of the person who typed it (`text`): `key` names it in the catalogs, `params` fill it in. As a
    string, it is the English text."""

    def __init__(self, key: str, *, definition: dict[str, Any] | None = None, **params: Any) -> None:
        self.key, self.params, self.definition = key, params, definition
        super().__init__(self.text("en"))

    def text(self, locale: object) -> str:
        """`definition`: the option the error is about, named (with its choices) as the reader's Discord shows it:
        `chat_rule` is `chatregel` in German, and its choices "Warnen, Löschen, Aus"."""
        params = dict(self.params)
        if self.definition is not None:
            reader = str(locale)
            params["option"] = localized(self.definition, reader)
            params["choices"] = ", ".join(
                localized(choice, reader) for choice in self.definition.get("choices") or []
            )
        return t(locale, self.key, **params)


@dataclass
class Suggestion:
    label: str  # what the list shows
    text: str  # the whole line once picked
    description: str = ""
    optional: bool = False  # an optional option's name: Enter sends the line instead of picking it

    def as_json(self) -> dict[str, str | bool]:
        return {
            "label": self.label,
            "text": self.text,
            "description": self.description,
            "optional": self.optional,
        }


@dataclass
class Parsed:
    command: ApplicationCommand
    path: list[str]  # command, then subcommand group and subcommand names, as registered
    definitions: list[dict[str, Any]]  # the options the leaf command takes
    values: dict[str, str] = field(default_factory=dict)  # option name -> the text typed
    rest: str = ""  # what follows the command words and complete options (the word being typed)


def localized(definition: dict[str, Any], locale: str) -> str:
    names = definition.get("name_localizations") or {}
    return str(names.get(locale) or names.get(locale.split("-")[0]) or definition["name"])


def description(definition: dict[str, Any], locale: str) -> str:
    texts = definition.get("description_localizations") or {}
    return str(texts.get(locale) or texts.get(locale.split("-")[0]) or definition.get("description") or "")


def slash_commands(emulator: Emulator, channel: Channel) -> list[ApplicationCommand]:
    """The chat commands a member sees in ``channel`` (guild commands shadow global ones of the same name)."""
    guild = channel.guild
    found: dict[str, ApplicationCommand] = {}
    world = emulator.world
    for cmd in [*(world.guild_commands(guild) if guild else []), *world.global_commands()]:
        if cmd.type == 1:
            found.setdefault(cmd.name, cmd)
    return sorted(found.values(), key=lambda cmd: cmd.name)


def _split_options(text: str, definitions: list[dict[str, Any]]) -> tuple[dict[str, str], str]:
    """``name:value`` pairs (a value runs until the next known ``name:``), and the unfinished tail."""
    names = [
        re.escape(n) for d in definitions for n in {d["name"], *(d.get("name_localizations") or {}).values()}
    ]
    if not names:
        return {}, text.strip()
    starts = list(re.finditer(rf"(?:^|\s)({'|'.join(names)}):", text, flags=re.IGNORECASE))
    values: dict[str, str] = {}
    rest = text[: starts[0].start()].strip() if starts else text.strip()
    for index, match in enumerate(starts):
        end = starts[index + 1].start() if index + 1 < len(starts) else len(text)
        typed = match.group(1)
        definition = next(
            d for d in definitions if name_matches(d, typed) or d["name"].lower() == typed.lower()
        )
        values[definition["name"]] = text[match.end() : end]
    return values, rest


def is_entry_point(emulator: Emulator, line: str) -> bool:
    """Whether `line` names the app's entry point command (`/launch`: what Discord's App Launcher runs)."""
    name = line.strip().removeprefix("/").strip()
    return any(
        command.type == ENTRY_POINT and command.name == name for command in emulator.world.global_commands()
    )


def parse(emulator: Emulator, channel: Channel, line: str) -> Parsed:
    """Split ``/command sub name:value ...`` into its parts; raises :class:`CommandError` for an unknown name."""
    words = line.strip().removeprefix("/").split(" ")
    if not words or not words[0]:
        raise CommandError("playground.error.no_command_name")
    command = emulator.world.find_command(words[0], channel.guild)
    if command is None or command.type != 1:
        raise CommandError("playground.error.no_command", name=words[0])
    path = [command.name]
    definitions: list[dict[str, Any]] = list(command.payload.get("options") or [])
    consumed = 1
    while any(d.get("type") in (SUBCOMMAND, GROUP) for d in definitions):
        word = words[consumed] if consumed < len(words) else ""
        sub = next(
            (d for d in definitions if d.get("type") in (SUBCOMMAND, GROUP) and name_matches(d, word)), None
        )
        if sub is None:
            choices = ", ".join(d["name"] for d in definitions)
            raise CommandError("playground.error.needs_subcommand", command=" ".join(path), choices=choices)
        path.append(sub["name"])
        definitions = list(sub.get("options") or [])
        consumed += 1
    values, rest = _split_options(" ".join(words[consumed:]), definitions)
    return Parsed(command, path, definitions, values, rest)


def convert(definition: dict[str, Any], typed: str, channel: Channel) -> Any:
    """An option's typed text as the value ``Emulator.slash`` expects."""
    text = typed.strip()
    kind = definition.get("type")
    choices = definition.get("choices")
    if choices:
        for choice in choices:
            if text.lower() in (str(choice["value"]).lower(), str(choice["name"]).lower()) or any(
                text.lower() == str(v).lower() for v in (choice.get("name_localizations") or {}).values()
            ):
                return choice["value"]
        raise CommandError("playground.error.not_a_choice", definition=definition)
    try:
        if kind == INTEGER:
            return int(text)
        if kind == NUMBER:
            return float(text)
    except ValueError:
        raise CommandError("playground.error.not_a_number", definition=definition, text=text) from None
    if kind == BOOLEAN:
        if text.lower() in TRUE_WORDS:
            return True
        if text.lower() in FALSE_WORDS:
            return False
        raise CommandError("playground.error.not_a_boolean", definition=definition, text=text)
    if kind in (USER, MENTIONABLE):
        guild = channel.guild
        wanted = text.removeprefix("@").lower()
        for member in guild.members.values() if guild else []:
            if wanted in (member.user.name.lower(), member.display_name.lower(), str(member.id)):
                return member.user
        raise CommandError("playground.error.nobody", definition=definition, text=text)
    if kind == CHANNEL:
        found = channel.guild.channel(text.removeprefix("#")) if channel.guild else None
        if found is None:
            raise CommandError("playground.error.no_channel", definition=definition, text=text)
        return found
    if kind == ROLE:
        raise CommandError("playground.error.no_roles", definition=definition)
    return text


def options_of(parsed: Parsed, channel: Channel) -> dict[str, Any]:
    """The typed options, converted. A bare word after the command fills its one required option not given."""
    by_name = {d["name"]: d for d in parsed.definitions}
    values = dict(parsed.values)
    if parsed.rest:
        missing = [d["name"] for d in parsed.definitions if d.get("required") and d["name"] not in values]
        if len(missing) != 1:
            raise CommandError("playground.error.options_format", text=parsed.rest)
        values[missing[0]] = parsed.rest
    return {name: convert(by_name[name], typed, channel) for name, typed in values.items()}


async def suggest(emulator: Emulator, user: User, channel: Channel, line: str) -> list[Suggestion]:
    """What to offer at the end of ``line`` (the text in the box, starting with ``/``)."""
    locale = user.locale
    words = line.removeprefix("/").split(" ")
    commands = slash_commands(emulator, channel)
    if len(words) == 1:
        typed = words[0].lower()
        return [
            Suggestion(
                f"/{localized(c.payload, locale)}",
                f"/{localized(c.payload, locale)} ",
                description(c.payload, locale),
            )
            for c in commands
            if localized(c.payload, locale).lower().startswith(typed) or c.name.startswith(typed)
        ][:SUGGESTION_LIMIT]
    command = emulator.world.find_command(words[0], channel.guild)
    if command is None:
        return []
    definitions: list[dict[str, Any]] = list(command.payload.get("options") or [])
    consumed = 1
    while any(d.get("type") in (SUBCOMMAND, GROUP) for d in definitions):
        word = words[consumed] if consumed < len(words) else ""
        if consumed == len(words) - 1:
            head = "/" + " ".join(words[:consumed])
            return [
                Suggestion(
                    f"{head} {localized(d, locale)}",
                    f"{head} {localized(d, locale)} ",
                    description(d, locale),
                )
                for d in definitions
                if localized(d, locale).lower().startswith(word.lower()) or d["name"].startswith(word.lower())
            ]
        sub = next((d for d in definitions if name_matches(d, word)), None)
        if sub is None:
            return []
        definitions = list(sub.get("options") or [])
        consumed += 1
    return await _suggest_options(emulator, user, channel, line, definitions)


async def _suggest_options(
    emulator: Emulator, user: User, channel: Channel, line: str, definitions: list[dict[str, Any]]
) -> list[Suggestion]:
    """Suggestions for the last word of ``line``: an option's name, or after ``name:`` its value."""
    locale = user.locale
    head, _, word = line.rpartition(" ")
    head += " "
    given = _given_options(line[: len(head)], definitions)
    name, colon, typed = word.partition(":")
    definition = next((d for d in definitions if name_matches(d, name) or d["name"] == name.lower()), None)
    if not colon or definition is None:
        return [
            Suggestion(
                f"{localized(d, locale)}:"
                + ("" if d.get("required") else f" {t(locale, 'playground.suggestion.optional')}"),
                f"{head}{localized(d, locale)}:",
                description(d, locale),
                optional=not d.get("required"),
            )
            for d in sorted(definitions, key=lambda d: not d.get("required"))
            if d["name"] not in given and localized(d, locale).lower().startswith(word.lower())
        ]
    prefix = f"{head}{name}:"
    if definition.get("choices"):  # named in the reader's language, as Discord's client shows them
        return [
            Suggestion(localized(c, locale), f"{prefix}{localized(c, locale)} ")
            for c in definition["choices"]
            if localized(c, locale).lower().startswith(typed.lower())
            or str(c["name"]).lower().startswith(typed.lower())
            or str(c["value"]).lower().startswith(typed.lower())
        ]
    if definition.get("type") == BOOLEAN:
        return [Suggestion(w, f"{prefix}{w} ") for w in ("true", "false") if w.startswith(typed.lower())]
    if not definition.get("autocomplete"):
        return []
    by_name = {d["name"]: d for d in definitions}
    others: dict[str, Any] = {}
    for other, value in given.items():
        try:
            others[other] = convert(by_name[other], value, channel)
        except CommandError:
            continue
    path = parse(emulator, channel, line).path
    choices = await emulator.autocomplete(
        user, channel, " ".join(path), {**others, definition["name"]: typed}, focused=definition["name"]
    )
    return [Suggestion(str(c["name"]), f"{prefix}{c['value']} ") for c in choices][:SUGGESTION_LIMIT]


def _given_options(text: str, definitions: list[dict[str, Any]]) -> dict[str, str]:
    return _split_options(text, definitions)[0]
