"""Text catalogs (English, French and German) and the choice of language.

Every text the bot shows comes from `bot/ui/locales/<language>.json`, plus one file per feature
(`<language>.<feature>.json`) merged into it; a key defined twice is an error. Private messages follow the user's Discord
locale, public ones the server's (`bot.languages`). Any locale that is neither French nor German falls back to English.

Counts: a text that depends on a number is a family of keys, one per CLDR plural category of the language
(`board.cards.one`, `board.cards.other`; French also knows `many` for millions, falling back to `other`), and
`t(locale, "board.cards", count=n)` picks the right one with Babel's plural rule (English and German: one for 1;
French: one for 0 and 1).

Buttons: a text that tells the reader to press a button names it as `{label[button.my_hand]}` (the button's own
catalog key), never by a label written out: `t(locale, key, buttons=table.locale)` names it in the language of the
message the button is on (a private hand in French pointing at **My hand** on an English board says **My hand**),
and in the reader's language when `buttons` is left out.

French: "de {name}" and "que {name}" elide before a vowel sound ("le tour d'Alice", "qu'Élodie", "d'Hélène",
"d'Yves", but "de Yann": `starts_with_vowel_sound`).

Commands: a text names a command as `</game new>`; `t` turns it into a clickable mention (`</partie nouvelle:123>`
in French, with the localized names of the command catalog) once the bot knows its commands' ids
(`set_command_ids`), and into plain `/partie nouvelle` until then.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Callable, Mapping
from functools import cache
from importlib import resources
from typing import Any

from babel import Locale

from bot.languages import DEFAULT_LANGUAGE as DEFAULT_LANGUAGE
from bot.languages import LANGUAGES as LANGUAGES
from bot.languages import language_of as language_of


def _folders() -> list[Any]:
    """bot/ui/locales, then each game's own `locales` folder (bot/games/<game>/locales)."""
    folders = [resources.files("bot.ui.locales")]
    games = resources.files("bot.games")
    for entry in sorted(games.iterdir(), key=lambda entry: entry.name):
        locales = entry.joinpath("locales")
        if entry.is_dir() and locales.is_dir():
            folders.append(locales)
    return folders


def load_catalog_files(prefix: str) -> dict[str, str]:
    """Merge `<prefix>.json` and every `<prefix>.<feature>.json` of bot/ui/locales and of each game's locales."""
    merged: dict[str, str] = {}
    for folder in _folders():
        for name, data in _catalog_files(folder, prefix):
            clash = merged.keys() & data.keys()
            if clash:
                raise ValueError(f"{name} defines keys already defined elsewhere: {sorted(clash)}")
            merged.update(data)
    return merged


def _catalog_files(folder: Any, prefix: str) -> list[tuple[str, dict[str, str]]]:
    names = sorted(
        entry.name
        for entry in folder.iterdir()
        if entry.name == f"{prefix}.json"
        or (
            entry.name.startswith(f"{prefix}.")
            and entry.name.endswith(".json")
            and entry.name.count(".") == prefix.count(".") + 2
        )
    )
    return [(name, json.loads(folder.joinpath(name).read_text(encoding="utf-8"))) for name in names]


@cache
def catalog(language: str) -> dict[str, str]:
    return load_catalog_files(language)


# Texts already written, by what they were written from (`t`): a board and a hand say the same few things again
# and again. Emptied when it grows past `TEXTS_KEPT`, and when the commands' ids (which texts link to) change.
TEXTS_KEPT = 4096
_written: dict[tuple[Any, ...], str] = {}


def t(locale: object, key: str, /, *, buttons: object = None, **params: Any) -> str:
    """The text for `key` in the language of `locale`, with `{placeholders}` filled in. With a `count` parameter, a
    key that is a plural family (`key.one`, `key.other`, ...) gives the form the language's plural rule wants.
    `buttons`: the locale of the message whose buttons the text names (`{label[button.start]}`), when it is not
    the reader's. Written once for the same arguments (kept in `_written`)."""
    written_from = (locale, key, buttons, *params.items(), *map(type, params.values()))
    try:
        return _written[written_from]
    except KeyError:
        pass
    except TypeError:  # a parameter that cannot be a key: written every time
        return _write(locale, key, buttons, params)
    text = _write(locale, key, buttons, params)
    if len(_written) >= TEXTS_KEPT:
        _written.clear()
    _written[written_from] = text
    return text


def _write(locale: object, key: str, buttons: object, params: dict[str, Any]) -> str:
    language = language_of(locale)
    template = _template(language, key, params.get("count"))
    if template is None:
        template = _template(DEFAULT_LANGUAGE, key, params.get("count")) or key
    if LABEL_FIELD in template:
        params["label"] = ButtonLabels(language_of(buttons if buttons is not None else language))
    if params and language == "fr" and "{" in template:
        template = _elide(template, params)
    text = template.format(**params) if params else template
    return _link_commands(language, text) if "</" in text else text


# -- button labels -------------------------------------------------------------------------------------------
LABEL_FIELD = "{label["
LABEL_MARKUP = re.compile(r"\{label\[([a-z_.]+)\]\}")


class ButtonLabels:
    """The labels of the buttons a text names, in one language: `{label[button.my_hand]}` reads
    `ButtonLabels(language)["button.my_hand"]`."""

    def __init__(self, language: str) -> None:
        self.language = language

    def __getitem__(self, key: str) -> str:
        return t(self.language, key)


def named_buttons(template: str) -> list[str]:
    """The catalog keys of the buttons a text names: `press {label[button.start]}` -> ["button.start"]."""
    return LABEL_MARKUP.findall(template)


# French elision before a name that starts with a vowel sound: "le tour de {name}" -> "le tour d'Alice".
ELIDABLE = re.compile(r"\b([Dd]e|[Qq]ue) \{(\w+)\}")
VOWELS = frozenset("aeiouàâäéèêëîïôöùûüAEIOUÀÂÄÉÈÊËÎÏÔÖÙÛÜ")


def starts_with_vowel_sound(name: str) -> bool:
    """Whether French elides before `name`: a vowel (Alice, Émile); an h before a vowel, taken as the silent h of
    most given names (d'Hélène, d'Hugo: a name with an aspirated h, rarer, reads "d'" too, our choice); a y
    before a consonant, said as a vowel (d'Yves), where a y before a vowel is a consonant (de Yann, de Yasmine)."""
    first, second = name[:1], name[1:2]
    if first in ("h", "H"):
        return second in VOWELS
    if first in ("y", "Y"):
        return second.isalpha() and second not in VOWELS
    return first in VOWELS


def _elide(template: str, params: Mapping[str, Any]) -> str:
    def elided(match: re.Match[str]) -> str:
        value = str(params.get(match[2], ""))
        return f"{match[1][:-1]}'{{{match[2]}}}" if starts_with_vowel_sound(value) else match[0]

    return ELIDABLE.sub(elided, template)


def _template(language: str, key: str, count: Any) -> str | None:
    texts = catalog(language)
    template = texts.get(key)
    if template is None and isinstance(count, int):
        template = texts.get(f"{key}.{plural_category(language, count)}") or texts.get(f"{key}.other")
    return template


@cache
def _plural_rule(language: str) -> Callable[[float], str]:
    rule: Callable[[float], str] = Locale.parse(language).plural_form
    return rule


def plural_category(locale: object, count: int) -> str:
    """The CLDR plural category of `count` in the language of `locale` ("one", "other", French "many"...)."""
    return _plural_rule(language_of(locale))(abs(count))


def is_plural_family(key: str, texts: Mapping[str, str]) -> bool:
    """Whether `key` is written as plural forms (`key.one`, `key.other`) rather than as one text."""
    return key not in texts and f"{key}.other" in texts


# -- command mentions ----------------------------------------------------------------------------------------
COMMAND_MARKUP = re.compile(r"</([a-z_]+(?: [a-z_]+){0,2})>")
_command_ids: dict[str, int] = {}


def set_command_ids(ids: Mapping[str, int]) -> None:
    """Remember the synced commands' ids (top-level name -> id), so texts can mention them."""
    _command_ids.clear()
    _command_ids.update(ids)
    _written.clear()  # texts that name a command link to it by its id


def command_name(locale: object, english: str) -> str:
    """A command's full name as users of that language see it: "game new" -> "partie nouvelle" in French."""
    language = language_of(locale)
    if language == DEFAULT_LANGUAGE:
        return english
    names = load_command_names(language)
    return " ".join(names.get(f"name:{part}", part) for part in english.split())


def command_mention(locale: object, english: str) -> str:
    """A clickable mention of the command (`</partie nouvelle:123>`), or `/partie nouvelle` while its id is not
    known (commands not synced yet)."""
    name = command_name(locale, english)
    command_id = _command_ids.get(english.split()[0])
    return f"</{name}:{command_id}>" if command_id is not None else f"/{name}"


@cache
def load_command_names(language: str) -> dict[str, str]:
    return load_catalog_files(f"commands.{language}")


def _link_commands(language: str, text: str) -> str:
    return COMMAND_MARKUP.sub(lambda match: command_mention(language, match[1]), text)


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}
