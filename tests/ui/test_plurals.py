"""Counts read right in every language: every text that depends on a number follows the language's plural rule
(English and German: one for 1; French: one for 0 and 1), "(s)" never shows, and every count text is checked at 0,
1 and 2."""

from __future__ import annotations

import pytest

from bot.ui.i18n import LANGUAGES, catalog, placeholders, plural_category, t

EXPECTED_FORM = {("en", 1): "one", ("fr", 0): "one", ("fr", 1): "one", ("de", 1): "one"}  # else "other"


def families() -> list[str]:
    return sorted({key.rsplit(".", 1)[0] for key in catalog("en") if key.endswith((".one", ".other"))})


def test_the_plural_rules_are_the_languages_own() -> None:
    assert [plural_category("en", n) for n in (0, 1, 2, 21)] == ["other", "one", "other", "other"]
    assert [plural_category("fr", n) for n in (0, 1, 2, 21)] == ["one", "one", "other", "other"]
    assert [plural_category("de", n) for n in (0, 1, 2, 21)] == ["other", "one", "other", "other"]
    assert plural_category("de-AT", 1) == "one"
    assert plural_category("fr-FR", 1_000_000) == "many"  # no "many" text: falls back to "other"
    assert t("fr", "board.cards", count=1_000_000) == "1000000 cartes"


def test_there_are_many_plural_families() -> None:
    found = families()
    assert len(found) > 30
    for family in (
        "board.cards",
        "end.lost",
        "hand.turn_ended",
        "lb.best",
        "stats.results",
        "engine.below_minimum",
    ):
        assert family in found


@pytest.mark.parametrize("family", families())
def test_each_family_has_one_and_other_in_every_language(family: str) -> None:
    for language in LANGUAGES:
        texts = catalog(language)
        assert f"{family}.one" in texts and f"{family}.other" in texts, (language, family)
        assert family not in texts, f"{family} is both a text and a plural family"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("family", families())
def test_every_count_text_at_zero_one_and_two(family: str, language: str) -> None:
    texts = catalog(language)
    for count in (0, 1, 2):
        form = EXPECTED_FORM.get((language, count), "other")
        template = texts[f"{family}.{form}"]
        params = {name: f"<{name}>" for name in placeholders(template)} | {"count": count}
        text = t(language, family, **params)
        assert text == t(language, f"{family}.{form}", **params), (family, language, count)
        assert "(s)" not in text
        if "{count}" in template:
            assert str(count) in text


def test_no_text_hedges_with_s_in_brackets() -> None:
    for language in LANGUAGES:
        for key, text in catalog(language).items():
            assert "(s)" not in text and "(es)" not in text, (language, key)


@pytest.mark.parametrize(
    ("language", "count", "expected"),
    [
        ("en", 0, "0 cards"),
        ("en", 1, "1 card"),
        ("en", 2, "2 cards"),
        ("fr", 0, "0 carte"),
        ("fr", 1, "1 carte"),
        ("fr", 2, "2 cartes"),
        ("de", 0, "0 Karten"),
        ("de", 1, "1 Karte"),
        ("de", 2, "2 Karten"),
    ],
)
def test_cards_in_hand(language: str, count: int, expected: str) -> None:
    assert t(language, "board.cards", count=count) == expected


def test_the_end_line_at_one_card() -> None:
    line = t("en", "end.lost", count=1, how="Carol could not play two cards.", rating="Close!")
    assert line.startswith("🏁 Game over: 1 card left. Carol could not play two cards.")
    assert "1 carte restante" in t("fr", "end.lost", count=1, how="", rating="")
    assert "1 Karte übrig" in t("de", "end.lost", count=1, how="", rating="")
    assert "0 Karten übrig" in t("de", "end.lost", count=0, how="", rating="")
