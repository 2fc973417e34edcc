"""Acting like the players: commands, clicks, and reading what the bot posted, through the emulator."""

from __future__ import annotations

import json
from typing import Any

from bot.app import TheGameBot
from bot.emulator import Emulator, RunningClient
from bot.emulator.world import Callback, Channel, Message, User
from bot.games.deal_codes import seed_to_deal_code
from bot.games.thegame.engine import Game
from bot.service.table import Table


def last_private(result: Any) -> Message | None:
    """The last private follow-up of an interaction: its answer to the user. Its public follow-ups (the turn line,
    the board, a hand's result) may come after it, since the channel's updates go through the interaction that
    caused them."""
    return next((message for message in reversed(result.followups) if message.ephemeral), None)


class TableDriver:
    def __init__(self, emulator: Emulator, channel: Channel, running: RunningClient[TheGameBot]) -> None:
        self.emulator = emulator
        self.channel = channel
        self.running = running

    @property
    def bot(self) -> TheGameBot:
        return self.running.client

    async def restart(self) -> None:
        await self.settle()
        self.running = await self.running.restart()

    # -- reading -------------------------------------------------------------------------------------------
    def table(self) -> Table:
        table = self.bot.games.in_channel(self.channel.id)
        assert table is not None, "no table in the channel"
        return table

    def game(self) -> Game:
        from bot.games.thegame.ui.board import game_of

        return game_of(self.table())

    def message(self, message_id: int) -> Message:
        for message in self.channel.messages:
            if message.id == message_id:
                return message
        raise AssertionError(f"message {message_id} is not in #{self.channel.name}")

    def board(self) -> Message:
        board_id = self.table().board_message_id
        assert board_id is not None
        return self.message(board_id)

    async def crapette(self, host: User, opponent: User | None = None, *, seed: int = 4) -> int:
        """A Crapette table on deal `seed`, started: `host` against `opponent` (who joins), or against the AI."""
        await self.command(host, "game new", game="crapette", deal=seed_to_deal_code(seed))
        table_id = self.table().id
        if opponent is None:
            await self.click(host, self.board(), f"tg:addai:{table_id}")
        else:
            await self.click(opponent, self.board(), f"tg:join:{table_id}")
        await self.click(host, self.board(), f"tg:start:{table_id}")
        return table_id

    @staticmethod
    def game_button(message: Message, name: str) -> str:
        """The custom id of the game's button `name` on `message` ("draw" -> "tg:g:<table>:draw.<step>"): the
        board's Draw and Undo carry the table's step after their name."""
        found = [
            custom_id
            for custom_id in message.custom_ids
            if custom_id.startswith("tg:g:") and custom_id.split(":")[3].split(".")[0] == name
        ]
        assert len(found) == 1, (name, message.custom_ids)
        return found[0]

    @staticmethod
    def summary_buttons(table_id: int) -> list[str]:
        """The custom ids under the summary of a game with a full log: Play again, Same deal, Full log."""
        return [f"tg:again:{table_id}:new", f"tg:again:{table_id}:same", f"tg:log:{table_id}:0"]

    def public_messages(self) -> list[Message]:
        return [message for message in self.channel.messages if not message.ephemeral]

    @staticmethod
    def text(message: Message | Callback) -> str:
        if isinstance(message, Callback):
            return json.dumps({"content": message.content, "embeds": message.embeds})
        return message.text

    async def settle(self) -> None:
        """Wait until every handler finished and the bot has sent every public update it scheduled."""
        await self.bot.controller.settle()

    # -- acting --------------------------------------------------------------------------------------------
    async def command(self, user: User, name: str, **options: Any) -> Callback:
        result = await self.emulator.slash(user, self.channel, name, options)
        response = await result.response()
        await self.settle()
        return response

    async def command_result(self, user: User, name: str, **options: Any) -> Any:
        result = await self.emulator.slash(user, self.channel, name, options)
        await result.response()
        await self.settle()
        return result

    async def click(self, user: User, message: Message, custom_id: str) -> Callback:
        result = await self.emulator.click(user, message, custom_id)
        response = await result.response()
        await self.settle()
        return response

    async def click_result(self, user: User, message: Message, custom_id: str) -> Any:
        result = await self.emulator.click(user, message, custom_id)
        await result.response()
        await self.settle()
        return result

    async def open_hand(self, user: User) -> Message:
        """Press **My hand** on the board; returns the private hand message."""
        table = self.table()
        result = await self.click_result(user, self.board(), f"tg:hand:{table.id}")
        message = result.original or last_private(result)
        assert message is not None, "the bot did not show the hand"
        assert message.ephemeral and message.visible_to(user)
        return message

    def hand_messages(self, user: User) -> list[Message]:
        """`user`'s private hand messages in the channel, oldest first (their buttons' ids end with the owner's
        id)."""
        return [
            message
            for message in self.channel.visible_messages(user)
            if message.ephemeral
            and any(custom_id.endswith(f":{user.id}") for custom_id in message.custom_ids)
        ]

    def hand_button(self, user: User, kind: str, *parts: object) -> str:
        """The custom id of a button on `user`'s private hand ("card", 45 -> "tg:card:<table>:45:<user id>")."""
        return ":".join(["tg", kind, str(self.table().id), *map(str, parts), str(user.id)])

    async def play_with_buttons(self, user: User, hand: Message, card: int, pile: str) -> Callback:
        chosen = await self.click(user, hand, self.hand_button(user, "card", card))
        assert chosen.type == 7, chosen
        return await self.click(user, hand, self.hand_button(user, "play", card, pile, 0))

    async def forge_click(self, user: User, message: Message, custom_id: str) -> Any:
        """A click `user` could not make in Discord: on a button of a private message they cannot see, built
        by hand as a forged request would be."""
        assert message.find_component(custom_id) is not None, "the button must be on the message"
        data = {"custom_id": custom_id, "component_type": 2}
        result = self.emulator._dispatch_interaction(3, user, message.channel, data, message=message)
        await result.response()
        await self.settle()
        return result

    @staticmethod
    def as_first_release(hand: Message) -> None:
        """Make a private hand message look as the first release posted it: its buttons' custom ids without the
        hand's owner (`tg:card:<table>:<card>`)."""
        for row in hand.components:
            for component in row.get("components", []):
                custom_id = component.get("custom_id", "")
                if custom_id.startswith(("tg:card:", "tg:play:", "tg:end:", "tg:refresh:")):
                    component["custom_id"] = custom_id.rsplit(":", 1)[0]

    def hand_cards(self, user: User) -> tuple[int, ...]:
        table = self.table()
        seat = table.seat_of(user.id)
        assert seat is not None
        return self.game().hand(seat)
