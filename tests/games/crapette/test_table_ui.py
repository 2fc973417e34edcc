"""Crapette's board message as a phone shows it: whose turn it is said once."""

from __future__ import annotations

import re

import discord
import pytest

from bot.games.base import Notice
from bot.games.crapette.moves import CALL_CRAPETTE, Move
from bot.games.crapette.session import CrapetteAction
from bot.games.crapette.table_ui import UI, board_layout, session_of
from bot.games.errors import GameError
from bot.games.registry import rules_for
from bot.service.table import Seat, Table, TableStatus
from bot.ui.game_ui import render_notice
from bot.ui.i18n import t


def crapette_table(locale: str = "en-US", ai: bool = False, seed: int = 5, strict: bool = False) -> Table:
    """A Crapette table just started: Alice (seat 0) against Bob, or against the AI (a strict table: moves that
    break the priority rule refused)."""
    rules = rules_for("crapette")
    table = Table(
        id=11,
        guild_id=1,
        channel_id=2,
        created_by=100,
        created_at=0.0,
        seed=seed,
        game_key="crapette",
        options=rules.options({"strict": True} if strict else {}),
        locale=locale,
        seats=[Seat(100, "Alice"), Seat(101, "Bob", is_ai=ai)],
        status=TableStatus.PLAYING,
    )
    table.session = rules.new_session(2, seed, table.options, [1] if ai else [])
    return table


@pytest.mark.parametrize("locale", ["en-US", "fr", "de"])
@pytest.mark.parametrize("seed", [5, 6])
def test_the_board_says_whose_turn_it_is_once(locale: str, seed: int) -> None:
    """Seen at phone width: the turn line, the picture ("Bob's turn") and the move menu ("Bob, make a move…")
    all said it. The turn line says it; the picture marks the row (▶, a gold outline) without a sentence."""
    table = crapette_table(locale, seed=seed)
    engine = session_of(table).engine
    while not any(isinstance(action, Move) for action in engine.legal_actions(engine.current_player)):
        engine.apply(engine.current_player, engine.legal_actions(engine.current_player)[0])
    name = table.seats[engine.current_player].name
    board = UI.board(table)
    description = board["embed"].description or ""
    turn_line = t(locale, "crapette.turn_line", name=name, turn=engine.turn_number)
    assert description.count(turn_line) == 1
    layout = board_layout(table, engine)
    assert layout.turn_text is None and layout.current_player == engine.current_player
    items = [
        getattr(child, "item", child) for child in board["view"].children
    ]  # a dynamic item wraps its own
    menus = [item for item in items if isinstance(item, discord.ui.Select)]
    assert menus, "the player to play has a move menu"
    assert all(name not in (menu.placeholder or "") for menu in menus)


MARKUP = re.compile(r"<:card_\w+_v\d+:\d+>")


def test_the_moves_told_on_the_board_and_in_the_log_show_the_cards_as_emojis(emojis: dict[str, int]) -> None:
    """Like the other games' messages, once the card pictures are uploaded (a menu's labels stay text)."""
    table = crapette_table()
    session = session_of(table)
    engine = session.engine
    while not any(isinstance(action, Move) for action in engine.legal_actions(engine.current_player)):
        session.apply(engine.current_player, CrapetteAction(engine.legal_actions(engine.current_player)[0]))
    seat = engine.current_player
    move = next(action for action in engine.legal_actions(seat) if isinstance(action, Move))
    session.apply(seat, CrapetteAction(move))
    description = UI.board(table)["embed"].description or ""
    recent = next(line for line in description.splitlines() if line.startswith("↪"))
    assert MARKUP.search(recent), recent
    assert any(MARKUP.search(page) for page in UI.log_pages(table, "en-US"))


def test_a_stopped_game_shows_nobody_to_play() -> None:
    """Seen in the playground: the summary of a game stopped early still outlined a player's row, ▶ and all."""
    table = crapette_table()
    assert board_layout(table, session_of(table).engine).current_player is not None
    table.status = TableStatus.ABANDONED
    summary = UI.summary_content(table)
    assert board_layout(table, session_of(table).engine).current_player is None
    assert summary["image"].description.count("(to play)") == 0


@pytest.mark.parametrize("locale", ["en-US", "fr"])
def test_a_game_given_up_names_the_winner_and_why(locale: str) -> None:
    """A player who stops a rated game gives it up: the summary names the other player as the winner and says
    why, where a game stopped by a moderator only says it stopped."""
    table = crapette_table(locale)
    table.status = TableStatus.ABANDONED
    table.end_reason = "forfeit"
    table.forfeits = (0,)
    embed = UI.summary_content(table)["embed"]
    assert embed.title == t(locale, "crapette.summary.won", name="Bob")
    assert (embed.description or "").startswith(t(locale, "summary.forfeit.forfeit_duel", name="Alice"))
    table.forfeits, table.end_reason = (), "stopped"
    assert UI.summary_content(table)["embed"].title == t(locale, "crapette.summary.abandoned")


def test_a_call_stays_on_the_board_for_the_turn_after_it_then_goes() -> None:
    """Found in the playground: a right call stayed on the board for two turns after it (it kept the turn after
    the one it ended), and the line explaining how to call sat right under its verdict."""
    from bot.games.crapette.moves import CALL_CRAPETTE

    table = crapette_table(seed=6)
    session = session_of(table)
    engine = session.engine
    for _ in range(400):  # play within the rule until a move would break it
        seat = engine.current_player
        legal = engine.legal_actions(seat)
        breach = next((action for action in legal if engine.priority_violation(action) is not None), None)
        if breach is not None:
            break
        session.apply(seat, CrapetteAction(next(a for a in legal if engine.priority_violation(a) is None)))
    else:
        pytest.fail("no position where the rule could be broken")
    offender, caller = seat, 1 - seat
    called_in = engine.turn_number
    session.apply(offender, CrapetteAction(breach))
    session.apply(caller, CrapetteAction(CALL_CRAPETTE))
    assert engine.current_player == caller and engine.turn_number == called_in + 1, "the call ended the turn"
    text = UI.board(table)["embed"].description
    assert "📣 Bob called Crapette! on Alice" in text or "📣 Alice called Crapette! on Bob" in text
    assert "if you saw a move that broke the priority rule" not in text, (
        "the verdict, not the how-to, beside it"
    )
    while engine.current_player == caller and not engine.is_over:  # the caller's turn, played within the rule
        legal = engine.legal_actions(caller)
        session.apply(caller, CrapetteAction(next(a for a in legal if engine.priority_violation(a) is None)))
    assert engine.turn_number == called_in + 2
    text = UI.board(table)["embed"].description
    assert "called Crapette!" not in text, "gone once the turn after the call is over"
    assert "if you saw a move that broke the priority rule" in text


@pytest.mark.parametrize(
    ("locale", "many", "one"),
    [
        ("en-US", "Alice: {count} cards to go", "Alice: 1 card to go"),
        ("fr", "Alice\xa0: {count} cartes à écouler", "Alice\xa0: 1 carte à écouler"),
        ("de", "Alice: noch {count} Karten", "Alice: noch 1 Karte"),
    ],
)
def test_the_board_counts_the_cards_each_player_has_to_go(locale: str, many: str, one: str) -> None:
    """Found in a review: "Alice: 48 left to get rid of" was clumsy, and had no singular."""
    table = crapette_table(locale)
    count = session_of(table).engine.cards_left(0)
    assert many.format(count=count) in (UI.board(table)["embed"].description or "")
    assert t(locale, "crapette.cards_left", name="Alice", count=1) == one


@pytest.mark.parametrize(
    ("locale", "words", "letters"),
    [
        ("de", "aufdecken", {"cr", "of", "ab", "s", "f", "gc", "gt", "ga"}),
        ("fr", "retourner", {"cr", "re", "de", "p", "f", "ca", "ta", "da"}),
    ],
)
def test_the_suggestions_are_in_the_readers_shorthand(locale: str, words: str, letters: set[str]) -> None:
    """The suggested moves are written with the letters of the reader's language (a German `s4>s5`, a French
    `p4>p5`), and each one typed back is the move it names."""
    table = crapette_table()
    engine = session_of(table).engine
    seat = engine.current_player
    choices = UI.move_suggestions(table, seat, "", locale)
    values = {choice.value for choice in choices}
    assert words in values
    for choice in choices:
        for side in choice.value.split(">") if ">" in choice.value else ():
            assert side.rstrip("0123456789") in letters, choice.value
        assert choice.value in choice.name
    typed_back = [UI.parse_move(table, choice.value, locale).action for choice in choices]
    assert typed_back == engine.legal_actions(seat)[:25]
    side_moves = [choice.value for choice in choices if choice.value.count(">") and choice.value[0] in "ps"]
    assert side_moves, "the deal has a side pile to move"
    assert all(value[0] == ("s" if locale == "de" else "p") for value in side_moves)


def test_an_unreadable_move_is_refused_with_the_readers_letters() -> None:
    table = crapette_table()
    with pytest.raises(GameError) as refused:
        UI.parse_move(table, "p8>f9", "fr")
    params = UI.explain(table, refused.value.key, dict(refused.value.params), "fr")
    assert render_notice("fr", Notice(refused.value.key, params)) == (
        "Je ne lis pas «\xa0p8>f9\xa0» comme un coup\xa0: écris-le comme cr>f3, re>da, p4>p7, retourner, défausser, crapette."
    )


def test_the_call_is_suggested_to_the_player_not_on_turn_and_filtered_like_a_move() -> None:
    """`/move` suggests "Crapette!" to the player not on turn, never to the one on turn, and what is typed so far
    filters it like any move: "crap" keeps it alone, "zz" keeps nothing."""
    table = crapette_table()
    engine = session_of(table).engine
    player = engine.current_player
    watching = 1 - player
    assert "call" not in {choice.value for choice in UI.move_suggestions(table, player, "", "en-US")}
    offered = UI.move_suggestions(table, watching, "crap", "en-US")
    assert [(choice.name, choice.value) for choice in offered] == [("Crapette! (call)", "call")]
    assert UI.parse_move(table, "call", "en-US").action == CALL_CRAPETTE
    assert UI.move_suggestions(table, watching, "zz", "en-US") == []
    assert UI.move_suggestions(table, player, "zz", "en-US") == []
    assert len(UI.move_suggestions(table, player, "", "en-US")) == min(25, len(engine.legal_actions(player)))
