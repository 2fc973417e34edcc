"""An AI turn a person can follow: played a few moves a step, each step told on the board, a whole turn in a few
seconds (the steps after the first come `AI_STEP_PAUSE` apart)."""

from __future__ import annotations

from bot.games.crapette import Crapette, CrapetteOptions, Move
from bot.games.crapette.moves import TURN_STOCK
from bot.games.crapette.session import AI_STEP_PAUSE, CrapetteAction, CrapetteSession, step_moves
from bot.ui.game_ui import render_notice

TABLE_PAUSE = 1.5  # the table's usual pause before an AI plays (AI_TURN_DELAY_SECONDS)


def ai_turns(seed: int) -> list[list[list[object]]]:
    """The AI (seat 1) plays a game against a person who keeps the priority rule with the first action that does;
    returns the AI's turns, each as its steps, each step as its events."""
    session = CrapetteSession(Crapette.new(CrapetteOptions(), seed), [1])
    game = session.engine
    turns: dict[int, list[list[object]]] = {}
    for _ in range(400):
        if game.is_over:
            break
        if game.current_player == 1:
            steps = turns.setdefault(game.turn_number, [])
            assert session.ai_pause() == (AI_STEP_PAUSE if steps else 1.0)
            steps.append(list(session.play_ai(1)))
            continue
        legal = game.legal_actions(0)
        action = next((action for action in legal if game.priority_violation(action) is None), legal[0])
        session.apply(0, CrapetteAction(action))
    return list(turns.values())


def test_an_ai_turn_is_played_a_few_moves_a_step() -> None:
    turns = ai_turns(seed=3) + ai_turns(seed=8)
    assert len(turns) > 20
    for turn in turns:
        for number, step in enumerate(turn):
            moves = [event for event in step if type(event).__name__ == "CardMoved"]
            assert len(moves) <= step_moves(number), "a step moves a few cards, more as the turn goes on"
        seconds = TABLE_PAUSE * (1 + (len(turn) - 1) * AI_STEP_PAUSE)
        assert seconds <= 4.5, f"an AI turn of {sum(len(step) for step in turn)} events takes {seconds} s"
    assert max(len(turn) for turn in turns) > 1, "a long turn takes several steps"


def test_the_board_tells_each_step_and_outlines_where_its_cards_went() -> None:
    session = CrapetteSession(Crapette.new(CrapetteOptions(), 3), [1])
    game = session.engine
    while game.current_player == 1:  # seat 1 starts this deal
        session.play_ai(1)
    while game.current_player != 1:
        session.apply(0, CrapetteAction(game.legal_actions(0)[0]))
    recent = session.recent
    assert recent is not None and recent.seat == 0, "the person's own moves are told too"
    events = session.play_ai(1)
    recent = session.recent
    assert recent is not None and recent.seat == 1 and recent.steps_taken == 1
    moved = [event for event in events if type(event).__name__ == "CardMoved"]
    told = " · ".join(render_notice("en", step) for step in recent.steps("Alice"))
    for event in moved:
        assert str(event.card) in told  # type: ignore[attr-defined]
    if moved:
        assert recent.latest_places(), "the latest step's cards are outlined on the picture"
    restored = CrapetteSession.from_dict(session.to_dict()).recent
    assert restored == recent, "saved with the game: the board is drawn from the saved table"


def test_a_person_turning_a_card_is_one_step() -> None:
    session = CrapetteSession(Crapette.new(CrapetteOptions(), 3), [])
    game = session.engine
    seat = game.current_player
    if TURN_STOCK in game.legal_actions(seat):
        session.apply(seat, CrapetteAction(TURN_STOCK))
    else:
        move = next(action for action in game.legal_actions(seat) if isinstance(action, Move))
        session.apply(seat, CrapetteAction(move))
    assert session.recent is not None and session.recent.steps_taken == 1
