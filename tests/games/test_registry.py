"""Which game a `/game new` opens: the game named, or the one its options belong to; an option of another game is
refused before a table opens."""

from __future__ import annotations

import pytest

from bot.games.base import Notice
from bot.games.errors import GameError
from bot.games.registry import GAMES, game_for_options, rules_for
from bot.ui.game_ui import render_notice


def shown(*names: str) -> dict[str, str]:
    return {name: name for name in names}


@pytest.mark.parametrize(
    ("options", "game"),
    [
        ((), "thegame"),
        (("three_cards",), "thegame"),
        (("full_cycle",), "barbu"),
        (("draw_one", "any_colour"), "klondike"),
        (("team_play",), "klondike"),
        (("strict", "opponent_build"), "crapette"),
    ],
)
def test_left_out_the_game_is_the_one_of_the_options_chosen(options: tuple[str, ...], game: str) -> None:
    assert game_for_options(None, shown(*options)) == game


def test_an_option_of_another_game_is_refused_with_both_games_named() -> None:
    with pytest.raises(GameError) as refused:
        game_for_options("hearts", {"draw_one": "une_carte"})
    assert refused.value.key == "error.option_of_other_game"
    assert refused.value.params == {
        "option": "une_carte",
        "game": Notice("game.klondike.name"),
        "chosen": Notice("game.hearts.name"),
    }
    said = render_notice("fr", Notice(refused.value.key, refused.value.params))
    assert (
        said
        == "`une_carte` est une option de Klondike, pas de Dame de pique\xa0: retire-la, ou choisis Klondike."
    )
    assert game_for_options("klondike", shown("draw_one")) == "klondike"


def test_options_of_two_games_are_refused() -> None:
    with pytest.raises(GameError) as refused:
        game_for_options(None, shown("full_cycle", "strict"))
    assert refused.value.key == "error.options_of_two_games"
    assert refused.value.params["first"] == "full_cycle" and refused.value.params["second"] == "strict"


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(GameError) as refused:
        game_for_options("poker", {})
    assert refused.value.key == "error.unknown_game"


def test_no_option_belongs_to_two_games() -> None:
    names = [name for rules in GAMES.values() for name in rules.option_names]
    assert len(names) == len(set(names))


@pytest.mark.parametrize(
    ("game", "variant", "options"),
    [
        ("klondike", "draw1_any", {"draw_one": True, "any_colour": True}),
        ("klondike", "draw3", {"draw_one": False, "any_colour": False}),
        ("crapette", "alternate_strict", {"opponent_build": "alternate", "strict": True}),
        ("crapette", "suit", {"opponent_build": "suit", "strict": False}),
        ("barbu", "full_cycle", {"full_cycle": True}),
        ("hearts", "standard", {}),
    ],
)
def test_a_stored_games_rules_give_the_options_that_deal_them_again(
    game: str, variant: str, options: dict[str, object]
) -> None:
    rules = rules_for(game)
    assert rules.replay_options(variant) == options
    dealt = rules.options(options)
    session = rules.new_session(2 if game == "crapette" else rules.min_seats, 1, dealt, ())
    assert session.outcome().variant == variant, "dealt again with the same rules"


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_every_game_has_its_line_in_help(locale: str) -> None:
    from bot.ui.i18n import t

    for key in GAMES:
        assert t(locale, f"game.{key}.pitch") != f"game.{key}.pitch", f"{key} has no /help line in {locale}"
