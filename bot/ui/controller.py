"""What happens when a user acts, whether by a slash command or a button: call the service, answer, update.

One method per user action. Each answers the interaction exactly once (privately for anything personal), then
schedules the public updates. A `GameError` becomes one private sentence in the user's language.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec

import discord

from bot.games.thegame.engine import SEED_LIMIT, Status, Variant, deal_code_to_seed, random_seed
from bot.service.errors import GameError
from bot.service.games import Change
from bot.service.table import Seat, Table, TableStatus
from bot.ui import hand
from bot.ui.i18n import t

if TYPE_CHECKING:
    from bot.app import TheGameBot
    from bot.service.games import GameService
    from bot.ui.display import TableDisplay

log = logging.getLogger(__name__)

P = ParamSpec("P")
Handler = Callable[Concatenate["TableController", discord.Interaction[Any], P], Awaitable[None]]


async def send_private(interaction: discord.Interaction[Any], text: str, **kwargs: Any) -> None:
    """Answer privately, whether or not the interaction was already acknowledged."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)


async def apologise(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """The private apology for an unexpected error, with a reference that is also in the log."""
    reference = secrets.token_hex(3).upper()
    log.error("Unexpected error (reference %s)", reference, exc_info=error)
    try:
        await send_private(interaction, t(interaction.locale, "error.unexpected", reference=reference))
    except discord.HTTPException:
        log.warning("Could not send the apology for reference %s", reference)


def answering(handler: Handler[P]) -> Handler[P]:
    """Turn a GameError into one private sentence, and anything else into an apology with a reference."""

    @functools.wraps(handler)
    async def wrapper(
        self: TableController, interaction: discord.Interaction[Any], *args: P.args, **kwargs: P.kwargs
    ) -> None:
        self.in_flight += 1
        self.idle.clear()
        try:
            await handler(self, interaction, *args, **kwargs)
        except GameError as error:
            await send_private(interaction, t(interaction.locale, error.key, **error.params))
        except Exception as error:  # the one place that turns any failure into an answer
            await apologise(interaction, error)
        finally:
            self.in_flight -= 1
            if self.in_flight == 0:
                self.idle.set()

    return wrapper  # type: ignore[return-value]


def daily_seed(guild_id: int, day: str) -> int:
    """The same deal for every team of a server on a given day, and a different one in each server."""
    digest = hashlib.sha256(f"daily:{guild_id}:{day}".encode()).digest()
    return int(int.from_bytes(digest[:8], "big") % SEED_LIMIT)


def _seat_for(interaction: discord.Interaction[Any]) -> Seat:
    user = interaction.user
    return Seat(user.id, user.display_name, locale=str(interaction.locale))


class TableController:
    def __init__(self, bot: TheGameBot) -> None:
        self.bot = bot
        # Handlers still running, so a shutdown (or a test) can wait until every answer went out.
        self.in_flight = 0
        self.idle = asyncio.Event()
        self.idle.set()

    async def settle(self, limit: float = 10.0) -> None:
        """Wait until no handler is running and every public update went out."""
        async with asyncio.timeout(limit):
            while True:
                await self.idle.wait()
                await self.display.flush()
                await asyncio.sleep(0)
                if self.idle.is_set() and self.display.is_idle():
                    return

    @property
    def games(self) -> GameService:
        return self.bot.games

    @property
    def display(self) -> TableDisplay:
        return self.bot.display

    # -- lobby ---------------------------------------------------------------------------------------------
    @answering
    async def new_game(
        self,
        interaction: discord.Interaction[Any],
        *,
        higher_minimum: bool = False,
        smaller_hand: bool = False,
        deal: str | None = None,
        daily: bool = False,
    ) -> None:
        if interaction.guild_id is None or interaction.channel_id is None:
            raise GameError("error.guild_only")
        seed: int | None = None
        day: str | None = None
        if daily:
            if deal:
                raise GameError("error.daily_and_deal")
            day = datetime.now(UTC).date().isoformat()
            seed = daily_seed(interaction.guild_id, day)
        elif deal:
            try:
                seed = deal_code_to_seed(deal)
            except ValueError:
                raise GameError("error.bad_deal_code") from None
        table = await self.games.create(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            host=_seat_for(interaction),
            variant=Variant(higher_minimum=higher_minimum, smaller_hand=smaller_hand),
            seed=seed if seed is not None else random_seed(),
            locale=str(interaction.guild_locale or interaction.locale),
            daily=day,
        )
        response = await interaction.response.send_message(**self.display.render_board(table))
        message_id = getattr(response, "message_id", None)
        if message_id is None:
            message_id = (await interaction.original_response()).id
        await self.games.set_board_message(table.id, message_id)

    def _table(self, interaction: discord.Interaction[Any], table_id: int | None = None) -> Table:
        """The table a button names, or (for a slash command) the table of the interaction's channel."""
        if table_id is not None:
            return self.games.require(table_id)
        if interaction.channel_id is None:
            raise GameError("error.no_table_here")
        return self.games.require_in_channel(interaction.channel_id)

    async def _answer_lobby(self, interaction: discord.Interaction[Any], change: Change, key: str) -> None:
        """Update the lobby in place when the click came from it; otherwise confirm privately."""
        table = change.table
        if self._on_board(interaction, table):
            await interaction.response.edit_message(**self.display.render_board(table))
        else:
            await send_private(interaction, t(interaction.locale, key))
            self.display.refresh_board(table)

    @staticmethod
    def _on_board(interaction: discord.Interaction[Any], table: Table) -> bool:
        return (
            interaction.type is discord.InteractionType.component
            and interaction.message is not None
            and interaction.message.id == table.board_message_id
        )

    @answering
    async def join(self, interaction: discord.Interaction[Any], table_id: int | None = None) -> None:
        table_id = table_id if table_id is not None else self._table(interaction).id
        change = await self.games.join(table_id, _seat_for(interaction))
        await self._answer_lobby(interaction, change, "lobby.joined")

    @answering
    async def leave(self, interaction: discord.Interaction[Any], table_id: int | None = None) -> None:
        table_id = table_id if table_id is not None else self._table(interaction).id
        change = await self.games.leave(table_id, interaction.user.id)
        if change.table.status is TableStatus.EXPIRED:
            self.display.forget_table(table_id)
        await self._answer_lobby(interaction, change, "lobby.left")

    @answering
    async def add_ai(self, interaction: discord.Interaction[Any], table_id: int | None = None) -> None:
        table_id = table_id if table_id is not None else self._table(interaction).id
        change = await self.games.add_ai(table_id, interaction.user.id)
        await self._answer_lobby(interaction, change, "lobby.ai_added")

    @answering
    async def start(self, interaction: discord.Interaction[Any], table_id: int | None = None) -> None:
        table_id = table_id if table_id is not None else self._table(interaction).id
        change = await self.games.start(table_id, interaction.user.id)
        table = change.table
        if self._on_board(interaction, table):
            await interaction.response.edit_message(**self.display.render_board(table))
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
            self.display.refresh_board(table)
        await self._send_hand(interaction, table, notice=t(interaction.locale, "hand.started"))

    @answering
    async def choose_first(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        change = await self.games.choose_first(table_id, interaction.user.id)
        table = change.table
        if self._on_board(interaction, table):
            await interaction.response.edit_message(**self.display.render_board(table))
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        await self._send_hand(interaction, table)
        self.after_change(change, actor=interaction.user.id)

    # -- the private hand ----------------------------------------------------------------------------------
    def _seat(self, table: Table, interaction: discord.Interaction[Any]) -> int:
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise GameError("error.not_seated")
        if table.game is None:
            raise GameError("error.not_started")
        table.seats[seat].locale = str(interaction.locale)
        return seat

    def _hand_content(
        self,
        table: Table,
        seat: int,
        locale: str,
        *,
        notice: str | None = None,
        selected: int | None = None,
        confirm: tuple[int, str] | None = None,
        hints: bool = True,
    ) -> dict[str, Any]:
        game = table.require_game()
        ending = hand.ending_plays(game) if game.current_player == seat and not game.is_over else set()
        return {
            "embed": hand.hand_embed(table, seat, locale, notice=notice, ending=ending),
            "view": hand.hand_view(
                table, seat, locale, selected=selected, confirm=confirm, ending=ending, hints_enabled=hints
            ),
        }

    async def _send_hand(
        self, interaction: discord.Interaction[Any], table: Table, *, edit: bool = False, **options: Any
    ) -> None:
        """Show the player's hand privately: edit the hand message they clicked, or send a new one."""
        seat = self._seat(table, interaction)
        hints = (await self.bot.guild_settings.get(table.guild_id)).hints_enabled
        content = self._hand_content(table, seat, str(interaction.locale), hints=hints, **options)
        if edit and not interaction.response.is_done():
            await interaction.response.edit_message(**content)
            self.display.remember_hand_message(table.id, interaction.user.id, interaction.token)
        elif interaction.response.is_done():
            message = await interaction.followup.send(ephemeral=True, wait=True, **content)
            self.display.remember_hand_message(table.id, interaction.user.id, interaction.token, message.id)
        else:
            await interaction.response.send_message(ephemeral=True, **content)
            self.display.remember_hand_message(table.id, interaction.user.id, interaction.token)

    @answering
    async def show_hand(
        self,
        interaction: discord.Interaction[Any],
        table_id: int | None = None,
        *,
        from_hand_message: bool = False,
    ) -> None:
        table = self._table(interaction, table_id)
        await self._send_hand(interaction, table, edit=from_hand_message)

    @answering
    async def select_card(self, interaction: discord.Interaction[Any], table_id: int, card: int) -> None:
        table = self.games.require(table_id)
        seat = self._seat(table, interaction)
        game = table.require_game()
        if game.current_player != seat or game.status is not Status.PLAYING:
            raise GameError("engine.not_your_turn")
        if card not in game.hand(seat):
            raise GameError("engine.card_not_in_hand")
        await self._send_hand(interaction, table, edit=True, selected=card)

    # -- playing -------------------------------------------------------------------------------------------
    @answering
    async def play(
        self,
        interaction: discord.Interaction[Any],
        table_id: int | None,
        card: int,
        pile: str | None,
        *,
        confirmed: bool = False,
        from_hand_message: bool = False,
    ) -> None:
        table = self._table(interaction, table_id)
        pile = self._pile_for(table, interaction, card, pile)
        change = await self.games.play(table.id, interaction.user.id, card, pile, confirmed=confirmed)
        locale = str(interaction.locale)
        if change.needs_confirmation:
            notice = t(locale, "hand.confirm", card=card, pile=pile)
            await self._send_hand(
                interaction,
                change.table,
                edit=from_hand_message,
                notice=notice,
                selected=card,
                confirm=(card, pile),
            )
            return
        played = next(event for event in change.events if type(event).__name__ == "CardPlayed")
        notice = t(
            locale,
            "hand.played_backwards" if getattr(played, "backwards", False) else "hand.played",
            card=card,
            pile=pile,
        )
        await self._send_hand(interaction, change.table, edit=from_hand_message, notice=notice)
        self.after_change(change, actor=interaction.user.id)

    def _pile_for(
        self, table: Table, interaction: discord.Interaction[Any], card: int, pile: str | None
    ) -> str:
        """The pile to play on: the one given, or the only legal one when the player left it out."""
        if pile:
            if pile.upper() not in ("A", "B", "C", "D"):
                raise GameError("engine.unknown_pile")
            return pile.upper()
        seat = self._seat(table, interaction)
        game = table.require_game()
        if game.current_player != seat:
            raise GameError("engine.not_your_turn")
        if card not in game.hand(seat):
            raise GameError("engine.card_not_in_hand")
        piles = sorted({play.pile for play in game.legal_plays() if play.card == card})
        if not piles:
            raise GameError("engine.card_does_not_fit")
        if len(piles) > 1:
            raise GameError("error.choose_pile", piles=", ".join(piles))
        return piles[0]

    @answering
    async def end_turn(
        self,
        interaction: discord.Interaction[Any],
        table_id: int | None = None,
        *,
        from_hand_message: bool = False,
    ) -> None:
        table = self._table(interaction, table_id)
        change = await self.games.end_turn(table.id, interaction.user.id)
        drawn = change.table.last_drawn.get(interaction.user.id, [])
        locale = str(interaction.locale)
        notice = (
            t(locale, "hand.turn_ended", count=len(drawn)) if drawn else t(locale, "hand.turn_ended_no_draw")
        )
        await self._send_hand(interaction, change.table, edit=from_hand_message, notice=notice)
        self.after_change(change, actor=interaction.user.id)

    def after_change(self, change: Change, *, actor: int | None = None) -> None:
        """Public updates once the player has their answer: board, turn ping, other players' hands, AI turns."""
        table = change.table
        if not table.status.is_active:
            self.display.announce_end(table)
            self.display.update_hands(table, except_user=actor)
            self.display.forget_table(table.id)
            return
        self.display.refresh_board(table)
        if change.turn_passed:
            self.display.announce_turn(table)
            self.display.update_hands(table, except_user=actor)
            self.bot.ai_turns.refresh_markers(table)
        self.bot.ai_turns.schedule(table)

    # -- ending early, votes, markers, hints ---------------------------------------------------------------
    @answering
    async def stop(self, interaction: discord.Interaction[Any]) -> None:
        table_id = self._table(interaction).id
        permissions = interaction.permissions
        change = await self.games.stop(table_id, interaction.user.id, can_manage=permissions.manage_messages)
        await send_private(interaction, t(interaction.locale, "game.stopped"))
        self.after_change(change)

    @answering
    async def vote_end(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        change, votes, needed = await self.games.vote_end(table_id, interaction.user.id)
        if change.table.status.is_active:
            await send_private(interaction, t(interaction.locale, "vote.counted", votes=votes, needed=needed))
        else:
            await send_private(interaction, t(interaction.locale, "vote.passed"))
            self.after_change(change)

    @answering
    async def cycle_marker(self, interaction: discord.Interaction[Any], table_id: int, pile: str) -> None:
        table = self.games.require(table_id)
        order = [None, "keep_off", "small_steps"]
        current = table.markers.get(pile)
        following = order[(order.index(current) + 1) % len(order)]
        change = await self.games.set_marker(table_id, interaction.user.id, pile, following)
        if self._on_board(interaction, change.table):
            await interaction.response.edit_message(**self.display.render_board(change.table))
        else:
            await send_private(interaction, t(interaction.locale, "marker.set"))
            self.display.refresh_board(change.table)

    @answering
    async def hint(self, interaction: discord.Interaction[Any], table_id: int | None = None) -> None:
        """The play sequence the strong strategy would choose, privately, with its reason in one line."""
        table = self._table(interaction, table_id)
        seat = self._seat(table, interaction)
        game = table.require_game()
        if game.current_player != seat or game.status is not Status.PLAYING:
            raise GameError("engine.not_your_turn")
        if not (await self.bot.guild_settings.get(table.guild_id)).hints_enabled:
            raise GameError("error.hints_disabled")
        plan = self.bot.ai_turns.plan(game, seat, table.markers_seen_by(seat))
        await self.games.record_hint(table.id, interaction.user.id)
        locale = str(interaction.locale)
        plays = " → ".join(f"{card} {pile}" for card, pile in plan.plays) or t(locale, "hint.end_turn")
        reason = t(locale, f"hint.reason.{plan.reason}", pile=plan.reason_pile or "")
        await send_private(interaction, t(locale, "hint.line", plays=plays, reason=reason))

    @answering
    async def repost_board(self, interaction: discord.Interaction[Any]) -> None:
        table = self._table(interaction)
        await interaction.response.send_message(t(interaction.locale, "board.reposted"), ephemeral=True)
        await self.display.post_board(table, replace=True)
