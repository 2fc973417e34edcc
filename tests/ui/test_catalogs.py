"""Every text exists in every language (English, French, German), in the same files, with the same placeholders and
the plural forms each language needs; every command has a name and a description in every language; and every key
the code uses exists."""

from __future__ import annotations

import importlib
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import discord
import pytest
from babel import Locale
from discord import app_commands

from bot.app import EXTENSIONS
from bot.ui.i18n import DEFAULT_LANGUAGE, LANGUAGES, catalog, is_plural_family, language_of, placeholders, t
from bot.ui.translator import LOCALES, command_catalog

ROOT = Path(__file__).resolve().parents[2]
LITERAL_KEY = re.compile(r"""\bt\(\s*[^,()]+(?:\([^)]*\))?\s*,\s*"([a-z_]+(?:\.[a-z_]+)+)\"""")
GAME_ERROR_KEY = re.compile(r"""(?:GameError|Notice|refusal)\(\s*f?"([a-z_.]+)\"""")
PLURAL_FORMS = ("zero", "one", "two", "few", "many", "other")
TRANSLATED = [language for language in LANGUAGES if language != DEFAULT_LANGUAGE]
CATALOG_FOLDERS = [ROOT / "bot" / "ui" / "locales", *sorted((ROOT / "bot" / "games").glob("*/locales"))]


def split_plural(key: str) -> tuple[str, str | None]:
    """`board.cards.one` -> (`board.cards`, `one`); any other key -> (key, None)."""
    family, _, form = key.rpartition(".")
    return (family, form) if form in PLURAL_FORMS and family else (key, None)


def texts_and_families(language: str) -> tuple[set[str], dict[str, set[str]]]:
    """A language's single texts, and its plural families with the forms each has."""
    texts: set[str] = set()
    families: dict[str, set[str]] = {}
    for key in catalog(language):
        family, form = split_plural(key)
        if form is None:
            texts.add(key)
        else:
            families.setdefault(family, set()).add(form)
    return texts, families


def plural_forms_of(language: str) -> set[str]:
    """The CLDR plural categories of a language ("one", "other"; French also "many")."""
    return set(Locale.parse(language).plural_form.tags) | {"other"}


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_language_has_every_text(language: str) -> None:
    english_texts, english_families = texts_and_families(DEFAULT_LANGUAGE)
    texts, families = texts_and_families(language)
    assert sorted(english_texts - texts) == [], f"{language} misses these texts"
    assert sorted(texts - english_texts) == [], f"{language} has texts English does not"
    assert sorted(english_families.keys() - families.keys()) == [], f"{language} misses these counted texts"
    assert sorted(families.keys() - english_families.keys()) == [], (
        f"{language} has counted texts English does not"
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_counted_text_has_the_forms_its_language_needs(language: str) -> None:
    """A family needs `other` and the language's `one` (a missing "many" falls back to "other"), and no form its
    language never picks."""
    needed = {"one", "other"} & plural_forms_of(language)
    for family, forms in texts_and_families(language)[1].items():
        assert needed <= forms, (language, family, sorted(needed - forms))
        assert forms <= plural_forms_of(language), (
            language,
            family,
            sorted(forms - plural_forms_of(language)),
        )


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_language_keeps_its_texts_in_the_same_files(language: str) -> None:
    """`fr.table.json` holds what `en.table.json` holds, so a change to a feature's texts touches its files only."""
    import json

    for folder in CATALOG_FOLDERS:
        for english in sorted(folder.glob(f"{DEFAULT_LANGUAGE}*.json")):
            other = folder / english.name.replace(DEFAULT_LANGUAGE, language, 1)
            assert other.exists(), f"{other.relative_to(ROOT)} is missing"
            english_keys = list(json.loads(english.read_text(encoding="utf-8")))
            keys = list(json.loads(other.read_text(encoding="utf-8")))
            assert keys == english_keys, (
                f"{other.relative_to(ROOT)}: not the keys of {english.name}, in its order"
            )


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("key", sorted(catalog(DEFAULT_LANGUAGE)))
def test_placeholders_match(key: str, language: str) -> None:
    assert placeholders(catalog(DEFAULT_LANGUAGE)[key]) == placeholders(catalog(language)[key]), (
        language,
        key,
    )


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
        for language in TRANSLATED:
            assert f"engine.{code}" in catalog(language)
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
    assert t("de", "button.join") == "Mitspielen"
    assert t("en-US", "button.join") == "Join"


def test_discord_locales_map_to_every_language() -> None:
    assert set(LOCALES.values()) == set(TRANSLATED)
    assert LOCALES[discord.Locale.german] == "de" and LOCALES[discord.Locale.french] == "fr"


# -- command names -------------------------------------------------------------------------------------------
def app_commands_of_the_bot() -> Iterator[app_commands.Command[..., ..., ...] | app_commands.Group]:
    """Every slash command and group the bot's cogs define, subcommands included."""
    for extension in EXTENSIONS:
        module = importlib.import_module(extension)
        for value in vars(module).values():
            for command in getattr(value, "__cog_app_commands__", []):
                yield command
                if isinstance(command, app_commands.Group):
                    yield from command.walk_commands()


def is_discord_name(name: str) -> bool:
    """Discord's rule for command and option names (in any locale): 1 to 32 letters, digits, `-`, `_` or `'`
    (`^[-_'\\p{L}\\p{N}]{1,32}$`), in lowercase where the letter has one."""
    return (
        1 <= len(name) <= 32
        and name == name.lower()
        and all(char in "-_'" or unicodedata.category(char)[0] in "LN" for char in name)
    )


def english_strings() -> Iterator[tuple[str, str, str]]:
    """(key in the command catalogs, where, kind) for every name, description and choice of every command."""
    for command in app_commands_of_the_bot():
        where = f"/{command.qualified_name}"
        yield f"name:{command.name}", where, "name"
        yield f"text:{command.description}", where, "text"
        for parameter in getattr(command, "parameters", []):
            yield f"name:{parameter.name}", f"{where} {parameter.name}", "name"
            yield f"text:{parameter.description}", f"{where} {parameter.name}", "text"
            for choice in parameter.choices:
                if re.search(r"[^\W\d_]{2,}", choice.name):  # not "A ▲": no word to translate
                    yield f"name:{choice.name}", f"{where} {parameter.name}: {choice.name}", "choice"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_command_speaks_every_language(language: str) -> None:
    names = command_catalog(language)
    found = list(english_strings())
    assert len(found) > 100  # the walk really found the commands
    missing = sorted({where for key, where, _ in found if key not in names})
    assert missing == [], f"{language}: no translation for these"
    for key, where, kind in found:
        value = names[key]
        if kind == "name":
            assert is_discord_name(value), f"{language} {where}: {value!r} is not a valid Discord name"
        else:  # descriptions and choices: free text, 1 to 100 characters
            assert 1 <= len(value) <= 100, f"{language} {where}: {value!r}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_two_commands_share_a_name_in_any_language(language: str) -> None:
    names = command_catalog(language)
    top_level = [
        names[f"name:{command.name}"] for command in app_commands_of_the_bot() if command.parent is None
    ]
    assert len(top_level) == len(set(top_level)), language
    for command in app_commands_of_the_bot():
        options = [names[f"name:{parameter.name}"] for parameter in getattr(command, "parameters", [])]
        assert len(options) == len(set(options)), (language, command.qualified_name)
        if isinstance(command, app_commands.Group):
            subcommands = [names[f"name:{sub.name}"] for sub in command.commands]
            assert len(subcommands) == len(set(subcommands)), (language, command.qualified_name)


def test_the_discord_name_rule() -> None:
    assert is_discord_name("ki_hinzufügen") and is_discord_name("règles") and is_discord_name("fin-tour")
    assert not is_discord_name("Partie") and not is_discord_name("zug ende") and not is_discord_name("a" * 33)


def test_every_hint_reason_has_a_sentence() -> None:
    from bot.games.thegame.ai.types import REASONS

    for reason in REASONS:
        for language in LANGUAGES:
            assert f"hint.reason.{reason}" in catalog(language)


def test_german_farbe_is_the_suit_and_red_or_black_is_said_in_words() -> None:
    """Found in a German review: "Farbe" meant the suit ("gleiche Farbe") and red/black ("andere Farbe", "in
    wechselnden Farben") in the same rules. German card usage keeps Farbe for the suit; red/black is said."""
    for text in [*catalog("de").values(), *command_catalog("de").values()]:
        for colour in (
            "die andere Farbe",
            "niedriger, andere Farbe",
            "wechselnden Farben",
            "jede Farbe",
            "jede_farbe",
        ):
            assert colour not in text, text[:80]


def test_german_barbu_rules_write_the_sources_penalties_in_digits() -> None:
    """Found in a German review: Barbu's "fünf und zwanzig" reads as 25; the sources' 5 and 20 are digits."""
    assert "(manche Quellen nennen 5, andere 20; hier gilt 20)" in t("de", "rules.barbu.body")
    assert "fünf und zwanzig" not in t("de", "rules.barbu.body")


BREAKABLE_BEFORE_PUNCTUATION = re.compile(r"\S [:;!?%](?=\s|$|[*`)\"»])|« | »|n° ")


def test_french_punctuation_never_starts_a_line() -> None:
    # Found on a phone: "Alice" at the end of a line and ": 45 cartes à écouler" on the next. French puts a space
    # before : ; ! ? % and inside « » (and after n°): a no-break space, so the sign stays with its word when a line
    # wraps.
    texts = {**catalog("fr"), **{f"command {key}": text for key, text in command_catalog("fr").items()}}
    breakable = {key: text for key, text in texts.items() if BREAKABLE_BEFORE_PUNCTUATION.search(text)}
    assert not breakable, f"a breakable space before French punctuation: {breakable}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_line_names_a_player_once(language: str) -> None:
    # Found at phone width: "Alice gave the game up: it counts as a loss for Alice", and in French and German a
    # wrong call's log line named the caller twice. A name said again reads as another player: say it once (a
    # pile or a game may be named twice on purpose: "Play 45 on B anyway? Your team asked to keep off B").
    people = ("name", "caller", "mention", "player", "winner", "names")
    twice = {
        key: text
        for key, text in catalog(language).items()
        if any(text.count("{" + person + "}") > 1 for person in people)
    }
    assert not twice, f"a line that names the same player twice: {twice}"


def test_french_says_stopped_and_given_up_in_two_words() -> None:
    # Found in the record screens: "Crapette, abandonnée" (stopped) beside "Crapette, abandonnée par Alice" (given
    # up, a loss), and "les parties abandonnées ne comptent jamais" under "Alice a abandonné la partie, ce qui
    # compte comme une défaite". A stopped game ("abandoned" in the keys) is "arrêtée"; "abandonner" is giving up.
    stopped = {key: text for key, text in catalog("fr").items() if "abandoned" in key and "abandonn" in text}
    assert not stopped, f"a stopped game called abandoned, the word for giving up: {stopped}"
    assert "abandonn" in t("fr", "summary.forfeit.forfeit", name="Alice")
