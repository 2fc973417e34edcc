"""The private hand reads the team's markers as the hint does: a forward move onto a pile a teammate asked to keep
off is the last resort (listed last, 🚫 on the list and on the pile's button) and asks first; a big jump on a pile
asked for small steps is marked 🐢. Found playing: Carol's hand ranked "🔵 11 → A +2" first under Alice's "A: please
keep off", the A button had no mark, and "A +8" was played without a word."""

from __future__ import annotations

from typing import Any

from bot.games.base import ActionResult
from bot.games.thegame.engine import Game
from bot.games.thegame.session import ChooseFirst, FinishTurn, PlayOnPile, SetMarker, TheGameSession
from bot.games.thegame.ui import components, hand
from bot.games.thegame.ui.moves import best_first, moves_now
from bot.service.table import Table
from tests.games.thegame.engine.helpers import game_from_hands
from tests.games.thegame.ui.tables import new_table

ALICE, CAROL = 0, 1
# Carol (seat 1) starts on the fresh piles (1, 1, 100, 100).
CAROL_HAND = (3, 50, 60, 70, 95, 96, 97)
ALICE_HAND = (10, 20, 30, 40, 80, 85, 90)


def table_with(game: Game) -> Table:
    return new_table(2, ai=(), game=game)


def carols_turn(*markers: tuple[str, str]) -> tuple[Table, TheGameSession]:
    table = table_with(game_from_hands([ALICE_HAND, CAROL_HAND]))
    session = table.require_session()
    assert isinstance(session, TheGameSession)
    session.apply(CAROL, ChooseFirst())
    for pile, kind in markers:
        session.apply(ALICE, SetMarker(pile, kind))
    return table, session


def buttons(view: Any) -> dict[str, dict[str, Any]]:
    return {item["custom_id"]: item for row in view.to_components() for item in row["components"]}


def test_a_move_onto_a_pile_asked_to_keep_off_comes_last_and_says_so() -> None:
    table, session = carols_turn(("A", "keep_off"))
    game = session.game
    plain = moves_now(game)[3]
    assert [(move.pile, move.size) for move in plain][:2] == [("A", "+2"), ("B", "+2")]  # unmarked: A first
    marked = moves_now(game, session.markers_seen_by(CAROL))[3]
    assert [move.pile for move in marked] == ["B", "C", "D", "A"], (
        "A, asked to keep off, after even big jumps"
    )
    assert (marked[-1].kind, marked[-1].against) == ("keep_off", "keep_off")
    assert all(move.against is None for move in marked[:-1])
    lines = hand.moves_lines(game, "en-US", session.markers_seen_by(CAROL))
    (line,) = [line for line in lines.splitlines() if "`3`" in line]
    assert line == "🔵 `3` → **B +2** · C −97 · D −97 · A +2 🚫"
    embed = hand.hand_embed(table, CAROL, "en-US").to_dict()
    assert "A +2 🚫" in embed["fields"][0]["value"]
    assert embed["footer"]["text"].endswith(" · 🚫 a pile your team asked to keep off (last resort)")
    # Alice's own marker is no request to herself: her moves stay as they were.
    assert session.markers_seen_by(ALICE) == {}


def test_with_two_piles_asked_to_keep_off_every_card_leads_with_a_move_elsewhere() -> None:
    """A and B asked to keep off: each card's best move is on C or D, and the small step there comes first."""
    _, session = carols_turn(("A", "keep_off"), ("B", "keep_off"))
    moves = moves_now(session.game, session.markers_seen_by(CAROL))
    order = [card for card, _ in best_first(moves)]
    assert order[0] == 97, "97 on C −3: a small step, first"
    assert all(options[0].pile in "CD" and options[-1].kind == "keep_off" for options in moves.values())


def test_the_pile_buttons_carry_the_teammates_markers() -> None:
    table, _ = carols_turn(("A", "keep_off"), ("C", "small_steps"))
    owner = 101
    chosen = buttons(hand.hand_view(table, CAROL, "en-US", selected=3))
    pile_a = chosen[components.PlayButton.id_for(42, 3, "A", False, owner)]
    pile_b = chosen[components.PlayButton.id_for(42, 3, "B", False, owner)]
    pile_c = chosen[components.PlayButton.id_for(42, 3, "C", False, owner)]
    assert pile_a["emoji"]["name"] == "🚫" and pile_a["label"] == "A +2"
    assert "emoji" not in pile_b
    assert pile_c["emoji"]["name"] == "🐢", "−97 on a pile asked for small steps"


def test_small_steps_mark_a_jump_past_the_cards_a_teammate_may_hold() -> None:
    """The hint's reading of "small steps": the teammate holds a card at most three live cards past the top
    (`SMALL_STEPS_CLOSE`), so a move skipping more than three passes it for sure; up to three may not."""
    _, session = carols_turn(("C", "small_steps"))
    moves = moves_now(session.game, session.markers_seen_by(CAROL))
    on_c = {card: next(move for move in options if move.pile == "C") for card, options in moves.items()}
    assert (on_c[97].lost, on_c[97].against) == (2, None)
    assert (on_c[96].lost, on_c[96].against) == (3, None)
    assert (on_c[95].lost, on_c[95].against) == (4, "small_steps")
    assert on_c[95].kind == "small", "still a small step by the hand's measure: only marked"
    assert on_c[50].against == "small_steps" and on_c[50].kind == "big"


def test_playing_onto_a_pile_asked_to_keep_off_asks_first() -> None:
    table, session = carols_turn(("A", "keep_off"), ("C", "small_steps"))
    game = session.game
    asked = session.apply(CAROL, PlayOnPile(3, "A"))
    assert isinstance(asked, ActionResult) and not asked.changed
    assert asked.notice is not None and asked.notice.key == "hand.confirm_keep_off"
    assert asked.hand_options == {"selected": 3, "confirm": (3, "A")}
    assert game.played_this_turn == 0 and 3 in game.hand(CAROL)
    # The hand shows the warning's buttons, as before a play that ends the game.
    shown = buttons(hand.hand_view(table, CAROL, "en-US", selected=3, confirm=(3, "A")))
    anyway = shown[components.PlayButton.id_for(42, 3, "A", True, 101)]
    assert anyway["label"] == "Play 3 on A anyway"
    assert components.ChooseAnotherButton.id_for(42, 101) in shown
    # Small steps only mark: the play goes at once. So does a play elsewhere.
    assert session.apply(CAROL, PlayOnPile(50, "C")).changed
    assert session.apply(CAROL, PlayOnPile(3, "A", confirmed=True)).changed
    assert game.pile("A").top == 3


def test_a_backwards_move_onto_a_pile_asked_to_keep_off_goes_at_once() -> None:
    """Exactly ten back only gives room: it spoils nothing a teammate holds, so it is neither marked nor asked."""
    _, session = carols_turn()
    game = session.game
    session.apply(CAROL, PlayOnPile(60, "A"))
    session.apply(ALICE, SetMarker("A", "keep_off"))
    moves = moves_now(game, session.markers_seen_by(CAROL))
    back = next(move for move in moves[50] if move.pile == "A")
    forward = next(move for move in moves[70] if move.pile == "A")
    assert (back.kind, back.against) == ("backwards", None)
    assert (forward.kind, forward.against) == ("keep_off", "keep_off")
    assert not session.apply(CAROL, PlayOnPile(70, "A")).changed
    assert session.apply(CAROL, PlayOnPile(50, "A")).changed and game.pile("A").top == 50


def test_a_play_that_ends_the_game_warns_of_that_first() -> None:
    """Both at once: the end of the game is what the warning says, and the move is red, not 🚫."""
    game = game_from_hands([(2, 20, 30, 40, 80, 85, 90), CAROL_HAND], draw=(4, 5))
    table = table_with(game)
    session = table.require_session()
    assert isinstance(session, TheGameSession)
    session.apply(CAROL, ChooseFirst())
    for seat, plays in ((CAROL, ((97, "A"), (96, "B"))), (ALICE, ((2, "C"), (20, "D")))):
        for card, pile in plays:
            session.apply(seat, PlayOnPile(card, pile))
        session.apply(seat, FinishTurn())
    session.apply(ALICE, SetMarker("D", "keep_off"))
    # Carol's only moves: 3, 4 and 5 on D; 3 first would leave her no second play.
    moves = moves_now(game, session.markers_seen_by(CAROL))
    assert sorted(moves) == [3, 4, 5]
    assert (moves[3][0].kind, moves[3][0].against) == ("ending", "keep_off")
    assert (moves[5][0].kind, moves[5][0].against) == ("keep_off", "keep_off")
    ending = session.apply(CAROL, PlayOnPile(3, "D"))
    keep_off = session.apply(CAROL, PlayOnPile(5, "D"))
    assert ending.notice is not None and ending.notice.key == "hand.confirm"
    assert keep_off.notice is not None and keep_off.notice.key == "hand.confirm_keep_off"
    assert game.played_this_turn == 0
