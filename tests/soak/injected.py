"""Faults injected into a copy of the bot: each doctors the bot process the soak starts (`SOAK_INJECT=name`, read by
`benchmarks/soak.py --serve`) to do one wrong thing the soak must notice. tests/soak/test_injected.py runs them."""

from __future__ import annotations

from typing import Any


def klondike_draw_stored_twice() -> None:
    """Every Klondike draw is applied twice (legal twice: the stored log holds one draw more than was asked)."""
    from bot.games.klondike.engine import Klondike
    from bot.games.klondike.moves import DRAW

    play = Klondike.play

    def play_twice(self: Klondike, move: Any) -> Any:
        events = play(self, move)
        if move == DRAW and not self.is_over and (self.stock_count or self.waste):
            events += play(self, move)
        return events

    Klondike.play = play_twice  # type: ignore[method-assign]


def held_card_on_the_board() -> None:
    """A trick game's public board names the cards still in the first seat's hand (in its embed's footer): the whole
    hand, so that some of it is still held at the soak's next read however fast the game goes."""
    from bot.ui import display

    render = display.render_table  # type: ignore[attr-defined]

    def leaking(table: Any, *args: Any, **kwargs: Any) -> Any:
        rendered = render(table, *args, **kwargs)
        session = table.session
        if table.game_key in ("hearts", "barbu") and session is not None and session.engine.hand(0):
            held = " ".join(str(card) for card in session.engine.hand(0))
            rendered["embed"].set_footer(text=f"psst: {held}")
        return rendered

    display.render_table = leaking  # type: ignore[attr-defined]


def hand_shown_to_the_wrong_player() -> None:
    """A trick game's private hand message shows the next seat's cards instead of the player's own."""
    from bot.ui.trick_views import TrickGameUI

    hand = TrickGameUI.hand

    def next_seat_hand(self: Any, table: Any, seat: int, locale: str, **options: Any) -> Any:
        return hand(self, table, (seat + 1) % len(table.seats), locale, **options)

    TrickGameUI.hand = next_seat_hand  # type: ignore[method-assign]


def result_saved_twice() -> None:
    """A finished competitive game's ratings are updated twice (the result's row itself is an upsert)."""
    from bot.storage import tables

    update = tables.update_ratings  # type: ignore[attr-defined]

    async def twice(db: Any, table: Any, results: Any) -> None:
        await update(db, table, results)
        await update(db, table, results)

    tables.update_ratings = twice  # type: ignore[attr-defined]


def klondike_draw_refused() -> None:
    """Klondike refuses a draw that is legal ("nothing to draw")."""
    from bot.games.errors import GameError
    from bot.games.klondike.moves import DRAW
    from bot.games.klondike.session import KlondikeSession, MakeMove

    apply = KlondikeSession.apply

    def refusing(self: KlondikeSession, seat: int, action: Any) -> Any:
        if isinstance(action, MakeMove) and action.move == DRAW:
            raise GameError("klondike.nothing_safe")
        return apply(self, seat, action)

    KlondikeSession.apply = refusing  # type: ignore[method-assign]


def move_never_answered() -> None:
    """/move of a draw is never answered (the interaction fails on Discord's side while the bot is up)."""
    from bot.ui.controller import TableController

    move_command = TableController.move_command

    async def silent(self: Any, interaction: Any, move: str) -> None:
        if move.strip().lower() == "s":  # Klondike's draw
            return
        await move_command(self, interaction, move)

    TableController.move_command = silent  # type: ignore[method-assign]


INJECTED = {
    name: function
    for name, function in globals().items()
    if callable(function) and not name.startswith("_") and function.__module__ == __name__
}
