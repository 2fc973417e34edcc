"""**Play again (same seats)** and **Same deal**, from a finished game's summary on Discord or from its end in the
Activity: a new table in the channel with the finished game's seats (AI seats too), its game and options, and a new
deal or the same one. It opens as a lobby, so anyone can still leave before **Start**."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from bot.games.deal_codes import random_seed
from bot.games.errors import GameError
from bot.service.table import Seat, Table

if TYPE_CHECKING:
    from bot.service.games import GameService
    from bot.ui.display import TableDisplay


def finished_game(table: Table | None, user_id: int) -> Table:
    """`table` when it is a game that ended (not a lobby that closed) and `user_id` played it; else the refusal."""
    if table is None or table.status.is_active or table.session is None:
        raise GameError("error.table_gone")
    if not table.is_seated(user_id):
        raise GameError("error.not_seated")
    return table


async def play_again(
    games: GameService,
    display: TableDisplay,
    old: Table,
    user_id: int,
    *,
    same_deal: bool,
    locale: str,
    answer: Callable[[Table], Awaitable[None]] | None = None,
) -> Table:
    """The new table, hosted by `user_id` (a player of `old`), its public texts in `locale`. Its lobby is posted by
    `answer` (a click's answer, which becomes the board), else as a new message in the channel."""
    humans = old.human_seats
    host = next((seat for seat in humans if seat.user_id == user_id), humans[0])
    table = await games.create(
        guild_id=old.guild_id,
        channel_id=old.channel_id,
        host=Seat(host.user_id, host.name, locale=host.locale),
        game_key=old.game_key,
        options=old.options,
        seed=old.seed if same_deal else random_seed(),
        locale=locale,
    )
    with display.board_opening(table.id):
        for seat in old.seats:
            if seat.user_id == host.user_id:
                continue
            if seat.is_ai:
                await games.add_ai(table.id, host.user_id)
            else:
                await games.join(table.id, Seat(seat.user_id, seat.name, locale=seat.locale))
        table = games.require(table.id)
        if answer is not None:
            await answer(table)
    if answer is None:
        display.refresh_board(table)
    return table
