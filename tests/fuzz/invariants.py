"""The invariants checked after every fuzzed step (a mixin of `Fuzzer`, which provides `bot`, `users`, `game_key` and
`known`, each reader's cards ever held, by table, user and hand number)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from bot.app import TheGameBot
from bot.emulator.world import Message, User
from bot.service.table import TableStatus
from tests.e2e.trick_driver import is_hand_result
from tests.fuzz.views import cards_in, is_hand_message, owners, state


class Invariants:
    bot: TheGameBot
    users: dict[str, User]
    game_key: str
    known: dict[tuple[int, int, int], set[Any]]

    async def check_tables(
        self, user: User, before: dict[str, Any], after: dict[str, Any], context: str
    ) -> None:
        for table_id, old in before["tables"].items():
            new = after["tables"].get(table_id)
            table = self.bot.games.get(table_id)
            if table is not None:
                # What the bot holds is what it saved.
                assert after["saved"].get(table_id) == new, (
                    f"{context}: table {table_id} in memory differs from the database"
                )
            if new is None:  # the game ended: judge by what was saved
                new = state(await self.bot.tables.load(table_id))
            seated = user.id in before["seated"][table_id]
            if before["status"][table_id] is TableStatus.LOBBY:
                if not seated and new != old:  # anyone may take a seat in a lobby, and do nothing else
                    joined = old["seats"] + [{"user_id": user.id, "name": user.display_name, "is_ai": False}]
                    assert new == {**old, "seats": joined} or user is self.users["moderator"], (
                        f"{context}: {user.name}, not seated, changed lobby {table_id} other than by joining"
                    )
                continue
            if not seated:
                if new == old:
                    continue
                is_moderator = user is self.users["moderator"]
                assert is_moderator, f"{context}: {user.name}, not seated, changed table {table_id}"
                self.assert_only_stopped(old, new, context, table_id)
                continue
            if user.id in before["to_act"][table_id]:
                continue
            old_session, new_session = (old or {}).get("session"), (new or {}).get("session")
            if self.game_key == "thegame" and old_session and new_session:
                old_session = {k: v for k, v in old_session.items() if k not in ("markers", "marker_by")}
                new_session = {k: v for k, v in new_session.items() if k not in ("markers", "marker_by")}
            if self.game_key == "crapette" and "call" in context.split(" in [")[0]:
                continue  # the opponent may call "Crapette!" on the player's turn
            assert old_session == new_session, (
                f"{context}: {user.name}'s seat may not act now but table {table_id}'s game changed"
            )

    @staticmethod
    def assert_only_stopped(old: Any, new: Any, context: str, table_id: int) -> None:
        assert new is not None and new["status"] in ("abandoned", "expired"), f"{context}: table {table_id}"
        kept = {key: value for key, value in old.items() if key not in ("status", "ended_at", "end_reason")}
        now = {key: value for key, value in new.items() if key not in ("status", "ended_at", "end_reason")}
        assert kept == now, f"{context}: stopping table {table_id} changed more than its status"

    def check_results(self, user: User, before: dict[str, Any], after: dict[str, Any], context: str) -> None:
        for user_id, count in before["results"].items():
            if after["results"].get(user_id, 0) < count:
                assert user_id == user.id, f"{context}: {user.name} erased the results of user {user_id}"

    def check_privacy(
        self, before: dict[str, Any], after: dict[str, Any], touched: Iterable[Message], context: str
    ) -> None:
        if self.game_key not in ("thegame", "hearts", "barbu"):
            return
        for message in touched:
            if message.deleted:
                continue
            table = next(
                (
                    table
                    for table in (*after["objects"].values(), *before["objects"].values())
                    if table.channel_id == message.channel.id
                ),
                None,
            )
            if table is None:
                continue
            views = [view for view in (before["hands"].get(table.id), after["hands"].get(table.id)) if view]
            if not views:
                continue
            # Cards in hands now (a card played meanwhile is public); what a reader held is theirs to see.
            in_hands: dict[int, set[Any]] = {}
            for seat, cards in views[-1][1].items():
                in_hands.setdefault(table.seats[seat].user_id, set()).update(cards)
            shown = cards_in(message, table.game_key)
            if not message.ephemeral:
                # A finished hand's message shows its last trick, whose cards may be dealt again at once.
                if self.game_key != "thegame" and not is_hand_result(message):
                    hidden = set().union(*in_hands.values()) if in_hands else set()
                    leaked = shown & hidden
                    assert not leaked, (
                        f"{context}: public message {message.id} shows cards in hands: {leaked}"
                    )
                continue
            reader = message.ephemeral_for
            assert reader is not None
            named = owners(message)
            assert named <= {reader}, f"{context}: a private message of {reader} has buttons of {named}"
            if not is_hand_message(message):
                continue
            known: set[Any] = set()
            for number, _ in views:
                known |= self.known.get((table.id, reader, number), set())
            others = set().union(*(cards for user_id, cards in in_hands.items() if user_id != reader))
            leaked = (shown & others) - known
            assert not leaked, (
                f"{context}: private message {message.id} of user {reader} shows another seat's cards {leaked}:"
                f" {json.dumps(message.text)[:400]}"
            )
