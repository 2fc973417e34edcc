"""The playground page's own texts come from the catalogs, in English and in French, and none is missing or unused."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from bot.playground.commands import CommandError, convert
from bot.playground.view import page_texts

STATIC = resources.files("bot.playground").joinpath("static")


def page_source() -> str:
    return "".join(STATIC.joinpath(name).read_text(encoding="utf-8") for name in ("app.js", "index.html"))


def test_both_languages_have_the_same_page_texts() -> None:
    english, french = page_texts("en-US"), page_texts("fr")
    assert english and english.keys() == french.keys()
    assert all(
        french[key] != english[key] for key in english if key not in {"messages_label", "suggestions_label"}
    )


def test_every_text_the_page_asks_for_exists_and_every_one_is_used() -> None:
    source = page_source()
    asked = set(re.findall(r'\btr\("(\w+)"', source))
    asked |= set(re.findall(r'data-text(?:-label)?="(\w+)"', source))
    keys = page_texts("en-US").keys()
    assert asked, "the page asks for its texts with tr(...) and data-text attributes"
    assert asked <= keys, f"texts missing from the catalogs: {sorted(asked - keys)}"
    unused = {key for key in keys if f'"{key}"' not in source}
    assert not unused, f"texts in the catalogs the page never shows: {sorted(unused)}"


def test_the_placeholders_of_a_page_text_are_the_same_in_both_languages() -> None:
    english, french = page_texts("en-US"), page_texts("fr")
    for key, text in english.items():
        assert set(re.findall(r"\{(\w+)\}", text)) == set(re.findall(r"\{(\w+)\}", french[key])), key


@pytest.mark.parametrize(
    ("locale", "expected"),
    [("en-US", "There is no command /nothing."), ("fr", "Il n'y a pas de commande /nothing.")],
)
def test_a_refused_line_is_explained_in_the_language_of_who_typed_it(locale: str, expected: str) -> None:
    refused = CommandError("playground.error.no_command", name="nothing")
    assert refused.text(locale).startswith(expected)
    assert str(refused).startswith("There is no command /nothing."), "the English, for the logs"


def test_an_option_and_its_choices_are_named_as_the_readers_discord_shows_them() -> None:
    """Found by a reviewer: Bob, who reads German, sent `/einstellungen chatregel:` and was told "chat_rule muss
    eins sein von: warn, delete, off.": the option and its choices as registered, in English."""
    definition = {
        "name": "chat_rule",
        "name_localizations": {"de": "chatregel", "fr": "règle_du_chat"},
        "type": 3,
        "choices": [
            {"name": "warn", "name_localizations": {"de": "warnen", "fr": "avertir"}, "value": "warn"},
            {"name": "off", "name_localizations": {"de": "aus", "fr": "désactivée"}, "value": "off"},
        ],
    }
    with pytest.raises(CommandError) as refused:
        convert(definition, "", channel=None)  # type: ignore[arg-type]
    assert refused.value.text("de") == "Für chatregel gibt es nur diese Werte: warnen, aus."
    assert refused.value.text("fr") == "règle_du_chat doit être l'un de ces choix\xa0: avertir, désactivée."
    assert str(refused.value) == "chat_rule must be one of: warn, off."
    assert convert(definition, "Warnen", channel=None) == "warn"  # type: ignore[arg-type]
