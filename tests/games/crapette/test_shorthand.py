"""`/move` in Crapette, typed in the reader's letters: those of the spots the board and the menu name in their
language, and the words of the buttons."""

from __future__ import annotations

import pytest

from bot.games.crapette import CALL_CRAPETTE, DISCARD_TURNED, END_TURN, TURN_STOCK, Move
from bot.games.crapette.moves import SPOT_NAMES
from bot.games.crapette.shorthand import EXAMPLES, SHORTHAND, typed
from bot.games.shorthand import normalize
from bot.ui.i18n import t


@pytest.mark.parametrize(
    ("locale", "text", "action"),
    [
        ("en-US", "cr>f3", Move("cr", "f3")),
        ("en-US", "p8>p1", Move("s8", "s1")),  # the menu's "pile 8"
        ("en-US", "s8 -> s1", Move("s8", "s1")),  # the rules' side piles
        ("en-US", "ST→OD", Move("st", "od")),
        ("en-US", "turn", TURN_STOCK),
        ("fr", "re>da", Move("st", "od")),
        ("fr", "de > p4", Move("di", "s4")),
        ("fr", "ca>ta", Move("oc", "os")),  # parsed: the game says why not (not_your_pile)
        ("fr", "st>od", Move("st", "od")),  # the English letters, which French does not use
        ("fr", "s4-s7", Move("s4", "s7")),
        ("fr", "Défausser", DISCARD_TURNED),
        ("fr", "finir", END_TURN),
        ("fr", "crapette", CALL_CRAPETTE),
        ("fr", "call", CALL_CRAPETTE),
        ("de", "s4>s5", Move("s4", "s5")),
        ("de", "of>ga", Move("st", "od")),
        ("de", "ab>a3", Move("di", "f3")),
        ("de", "ab>f3", Move("di", "f3")),
        ("de", "gc>gt", Move("oc", "os")),
        ("de", "p1>s2", Move("s1", "s2")),
        ("de", "Aufdecken", TURN_STOCK),
        ("de", "abwerfen", DISCARD_TURNED),
        ("de", "beenden", END_TURN),
        ("de", "discard", DISCARD_TURNED),
    ],
)
def test_a_player_types_their_own_letters(locale: str, text: str, action: object) -> None:
    assert SHORTHAND.read(text, locale) == action


@pytest.mark.parametrize(
    ("locale", "text"),
    [
        ("en-US", "re>da"),  # French letters are French only
        ("en-US", "of>ga"),
        ("en-US", "aufdecken"),
        ("fr", "pt>f1"),  # no pile `p` then `t`: `st` is the turned card, not `s` then `t`
        ("fr", "p9>p1"),
        ("fr", "p1>p1"),
        ("de", "s4>s5>s6"),
        ("de", "a>f1"),
        ("de", "ab"),
        ("de", "cr>"),
    ],
)
def test_other_letters_are_refused(locale: str, text: str) -> None:
    assert SHORTHAND.read(text, locale) is None


@pytest.mark.parametrize("locale", ["en-US", "fr", "de"])
def test_every_action_is_written_in_the_readers_letters_and_reads_back(locale: str) -> None:
    actions = [Move(source, target) for source in SPOT_NAMES for target in SPOT_NAMES if source != target]
    for action in [*actions, TURN_STOCK, DISCARD_TURNED, END_TURN, CALL_CRAPETTE]:
        assert SHORTHAND.read(typed(action, locale), locale) == action, typed(action, locale)


def test_written_as_the_board_names_the_spots() -> None:
    assert [typed(Move("s8", "s1"), locale) for locale in ("en", "fr", "de")] == ["p8>p1", "p8>p1", "s8>s1"]
    assert [typed(Move("st", "od"), locale) for locale in ("en", "fr", "de")] == ["st>od", "re>da", "of>ga"]
    assert SHORTHAND.examples(EXAMPLES, "de") == "cr>f3, of>ga, s4>s7, aufdecken, abwerfen, crapette"
    assert SHORTHAND.examples(EXAMPLES, "fr") == "cr>f3, re>da, p4>p7, retourner, défausser, crapette"
    refusal = t("de", "crapette.unreadable_move", text="zz", examples=SHORTHAND.examples(EXAMPLES, "de"))
    assert (
        refusal
        == "„zz“ kann ich nicht als Zug lesen: Schreib ihn wie " + SHORTHAND.examples(EXAMPLES, "de") + "."
    )


# Each code's words on the board, in the menu and on the buttons, whose letters the reader's shorthand takes.
WORDS = {
    "cr": ("crapette.spot.cr",),
    "st": (
        "crapette.spot.st",
        "crapette.label.turned",
        "crapette.label.stock",
    ),  # English: the stock's turned card
    "di": ("crapette.spot.di",),
    "oc": ("crapette.spot.oc",),
    "os": ("crapette.spot.os",),
    "od": ("crapette.spot.od",),
    "s": ("crapette.spot.side",),
    "f": ("crapette.spot.foundation",),
    "turn": ("crapette.button.turn",),
    "discard": ("crapette.button.discard",),
    "end": ("crapette.button.end",),
    "call": ("crapette.button.call",),
}


@pytest.mark.parametrize("language", ["en", "fr", "de"])
def test_the_letters_are_those_of_the_words_the_reader_sees(language: str) -> None:
    letters = SHORTHAND.tables[language]
    entries = [*letters.places.items(), *letters.words.items()]
    for code in {code for _, code in entries}:
        written = next(key for key, value in entries if value == code)
        if (language, written) == ("en", "call"):
            continue  # English says "call" Crapette!: the button only says "Crapette!"
        words = [normalize(t(language, key, number="")) for key in WORDS[code]]
        assert any(all(letter in word for letter in normalize(written)) for word in words), (
            language,
            written,
        )
        assert f"`{written}" in t(language, "rules.crapette.body"), (language, written)
