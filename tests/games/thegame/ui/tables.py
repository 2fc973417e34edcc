"""Tables in fixed states for The Game's view tests: the same seats, deal and plays every run."""

from __future__ import annotations

from bot.games.thegame.engine import Game
from bot.games.thegame.session import ChooseFirst, FinishTurn, PlayOnPile, SetMarker, TheGameSession
from bot.service.table import Seat, Table, TableStatus

NAMES = ("Alice", "Bob", "Ada", "Émile", "Carol")


def new_table(
    players: int = 3,
    *,
    ai: tuple[int, ...] = (2,),
    seed: int = 7,
    locale: str = "en-US",
    game: Game | None = None,
) -> Table:
    """A table whose game was just dealt (the team chooses who starts): `Game.new(players, seed)`, or `game`."""
    table = Table(
        id=42,
        guild_id=1,
        channel_id=2,
        created_by=100,
        created_at=0.0,
        seed=seed,
        locale=locale,
        seats=[Seat(100 + index, NAMES[index], is_ai=index in ai) for index in range(players)],
        status=TableStatus.PLAYING,
        started_at=1_000.0,
    )
    table.session = TheGameSession(game if game is not None else Game.new(players, seed), list(ai))
    return table


def session(table: Table) -> TheGameSession:
    found = table.require_session()
    assert isinstance(found, TheGameSession)
    return found


def play_turns(table: Table, plays: int) -> Table:
    """The first seat starts; then `plays` steps of the smallest legal play (a step that reaches the minimum
    ends the turn instead), the way a careful beginner plays."""
    game_session = session(table)
    game = game_session.game
    if game.current_player is None:
        game_session.apply(0, ChooseFirst())
    for _ in range(plays):
        if game.is_over:
            break
        seat = game.current_player
        assert seat is not None
        if game.played_this_turn >= game.turn_minimum:
            game_session.apply(seat, FinishTurn())
            continue
        option = min(
            game.legal_plays(), key=lambda play: (abs(play.card - game.pile(play.pile).top), play.card)
        )
        game_session.apply(seat, PlayOnPile(option.card, option.pile, confirmed=True))
    return table


def mid_game(locale: str = "en-US") -> Table:
    """Turn five: Bob has played one of two, two markers are set (one by the AI seat, one by Alice)."""
    table = play_turns(new_table(locale=locale), 13)
    game_session = session(table)
    game_session.apply(0, SetMarker("A", "small_steps"))
    return table


def finished(locale: str = "en-US", *, seed: int = 7) -> Table:
    """A game played to its end by the strong AI for every seat."""
    table = new_table(locale=locale, seed=seed)
    game_session = session(table)
    game_session.apply(0, ChooseFirst())
    game = game_session.game
    while not game.is_over:
        assert game.current_player is not None
        game_session.play_ai(game.current_player)
    table.status = TableStatus.FINISHED
    table.ended_at = 1_000.0 + 25 * 60
    table.end_reason = "won" if game.status.value == "won" else "lost"
    return table
