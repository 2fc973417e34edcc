"""Durations and decimals as people read them, in the reader's language: under a minute, minutes, hours and
minutes, whole hours in words ("2 hours", never "2 h 0 min"), with plurals; no "-0.0"."""

from __future__ import annotations

import pytest

from bot.ui.format import decimal, duration, period, rating_change, shown_rating


@pytest.mark.parametrize(
    ("seconds", "en", "fr", "de"),
    [
        (59, "under a minute", "moins d'une minute", "unter einer Minute"),
        (89, "1 min", "1 min", "1 Min."),
        (59 * 60 + 40, "1 hour", "1 heure", "1 Stunde"),  # 59.7 minutes: rounded to the hour
        (2 * 3600, "2 hours", "2 heures", "2 Stunden"),
        (3600 + 5 * 60, "1 h 5 min", "1 h 5 min", "1 Std. 5 Min."),
    ],
)
def test_a_duration_reads_as_people_say_it(seconds: float, en: str, fr: str, de: str) -> None:
    assert [duration(seconds, locale) for locale in ("en-US", "fr", "de")] == [en, fr, de]


def test_a_rules_period_is_whole_hours_in_words() -> None:
    assert period(24 * 3600, "en-US") == "24 hours"
    assert period(90 * 60, "fr") == "1 h 30 min"


def test_a_decimal_near_zero_has_no_sign() -> None:
    """-0.04 reads 0.0, not "-0.0"."""
    assert decimal("en-US", -0.04) == "0.0" and decimal("fr", -0.04) == "0,0"


def test_a_rating_reads_from_1000_in_whole_numbers_and_a_change_always_has_a_sign() -> None:
    """OpenSkill's estimate (0 for a newcomer, -1.8 after a first game lost) on the scale players know: a newcomer
    at 1000, a point of the estimate worth 20; a change reads +0, +28 or -10."""
    assert [shown_rating(estimate) for estimate in (0.0, -1.8, 3.24, 25.0)] == [1000, 964, 1065, 1500]
    assert rating_change("en-US", 1.0, 0.98) == "1020 (+0)"
    assert rating_change("de", 1.5, 1.0) == "1020 (-10)"
    assert rating_change("fr", 0.0, -1.8) == "964 (-36)"
