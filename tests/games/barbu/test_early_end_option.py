"""Barbu's `early_end` at `/game new`: the reading's optional rule, off by default, said on the table and in
`/rules`."""

from __future__ import annotations

from bot.games.barbu.session import BarbuSession
from bot.games.registry import game_for_options, rules_for
from bot.ui.i18n import t


def test_early_end_is_a_barbu_option_off_by_default() -> None:
    rules = rules_for("barbu")
    assert game_for_options(None, {"early_end": "early_end"}) == "barbu"
    for raw, expected in (({}, False), ({"early_end": True}, True)):
        session = rules.new_session(4, 1, rules.options(raw), ())
        assert isinstance(session, BarbuSession) and session.engine.options.early_end is expected


def test_the_rules_say_it() -> None:
    assert "`early_end`" in t("en", "rules.barbu.body") and "`fin_rapide`" in t("fr", "rules.barbu.body")
