"""Random interactions against one running bot, and the invariants checked after each of them.

A `Step` is what hypothesis draws: a kind of action, who does it, a seed and a piece of random text. The `Fuzzer`
turns it into an action on the live world at run time (which button of which message, which command and options),
because what exists changes as the game goes on. After every step it checks:

- the bot answered every interaction within Discord's deadline (or deferred), logged no error, broke no rule;
- a table changed only for a user who may change it: anyone may join a lobby, a seated player may act (their
  seat must be one that may act now, or the game's state is untouched), a moderator may stop a game; nobody else
  changes anything, in memory or on disk;
- what the bot keeps in memory is what it saved;
- a private message shows only its reader's cards (never another seat's hand) and its buttons name only its
  reader as their owner; a public message never shows a card in someone's hand (card games with hidden hands);
- nobody's results are erased by someone else;
- a game in progress always has a board that exists.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from bot.app import TheGameBot
from bot.emulator import Emulator, RunningClient
from bot.emulator.world import Channel, Message, User
from bot.games.deal_codes import seed_to_deal_code
from bot.games.trick_session import TrickSession
from bot.service.table import Table, TableStatus
from bot.ui.game_ui import ui_for_key
from tests.e2e.conftest import World
from tests.e2e.driver import TableDriver
from tests.e2e.trick_driver import cards_shown

USERS = ("alice", "bob", "carol", "mallory", "moderator", "outsider")
KINDS = (
    "click",
    "click",
    "click",
    "click",
    "select",
    "select",
    "slash",
    "slash",
    "autocomplete",
    "chat",
    "edit",
)
KINDS += ("delete",)
# Replacement pieces for the parts of a custom id: cards, piles, seats, hand numbers, junk.
TOKENS = (
    "", "0", "1", "7", "99", "100", "4294967296", "99999999999999999999999", "A", "B", "D", "E", "QS", "10H", "1H",
    "ZZ", "AS", "p", "m", "pass", "mv", "call", "draw", "undo", "giveup", "yes", "no", "erase_yes", "new", "same",
    "minus_self", "plus_others", "é", "٣", "🂡", "Ｑ", "p.0.QS", "p.99.2C", "pass.0", "m.0.minus_self", "t0-f1",
)  # fmt: skip
CHAT = (
    "I have 45",
    "play low on A",
    "seven",
    "twelve or so",
    "nice",
    "🙂",
    "a big jump",
    "sixty-one!",
    "0x10",
)

GAME_CARD = re.compile(r"`(\d+)`")


@dataclass(frozen=True)
class Step:
    kind: str
    user: str
    seed: int
    text: str

    def __repr__(self) -> str:
        return f"Step({self.kind!r}, {self.user!r}, {self.seed}, {self.text!r})"


def steps(max_size: int) -> st.SearchStrategy[list[Step]]:
    text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=12)
    step = st.builds(
        Step,
        kind=st.sampled_from(KINDS),
        user=st.sampled_from(USERS),
        seed=st.integers(0, 2**32 - 1),
        text=text,
    )
    return st.lists(step, min_size=1, max_size=max_size)


# -- what a table shows and hides ---------------------------------------------------------------------------------
def state(table: Table | None) -> dict[str, Any] | None:
    """A table as saved, without what the bot may change for anyone (where its board and ping are) and the seats'
    languages (updated from whoever acts)."""
    if table is None:
        return None
    data = table.to_dict()
    data.pop("board_message_id")
    data.pop("ping_message_id")
    for seat in data["seats"]:
        seat.pop("locale", None)
    return data


def hands(table: Table) -> tuple[int, dict[int, set[Any]]] | None:
    """The hand number and each seat's hand, for games with hidden hands."""
    session = table.session
    if session is None:
        return None
    if isinstance(session, TrickSession):
        engine: Any = session.engine
        return engine.hand_number, {seat: set(engine.hand(seat)) for seat in range(len(table.seats))}
    if table.game_key == "thegame":
        from bot.games.thegame.ui.board import game_of

        game = game_of(table)
        return 0, {seat: set(game.hand(seat)) for seat in range(len(table.seats))}
    return None


def cards_in(message: Message, game_key: str) -> set[Any]:
    """The cards a message shows, in its text and on its buttons and menus."""
    if game_key == "thegame":
        shown: set[Any] = {int(value) for value in GAME_CARD.findall(message.text)}
        for custom_id in message.custom_ids:
            parts = custom_id.split(":")
            if parts[:2] in (["tg", "card"], ["tg", "play"]) and len(parts) > 3 and parts[3].isdigit():
                shown.add(int(parts[3]))
        return shown
    from bot.games.cards import Card

    shown = cards_shown(message.text)
    codes = [
        cid.split(":")[3] for cid in message.custom_ids if cid.startswith("tg:g:") and cid.count(":") >= 3
    ]
    for component in message.selects:
        codes += [str(option.get("value", "")).split(".")[0] for option in component.get("options") or []]
    for code in codes:
        piece = code.split(".")[-1] if code.startswith("p.") else code
        with contextlib.suppress(ValueError):
            shown.add(Card.from_code(piece))
    return shown


def is_hand_message(message: Message) -> bool:
    return any(
        cid.startswith(("tg:refresh:", "tg:card:", "tg:gs:", "tg:g:")) for cid in message.custom_ids
    ) or ("hand" in message.text.lower() or "main" in message.text.lower())


def owners(message: Message) -> set[int]:
    """The users the buttons of a private hand name as their owner."""
    found = set()
    for custom_id in message.custom_ids:
        parts = custom_id.split(":")
        if len(parts) < 4 or parts[0] != "tg":
            continue
        kind = parts[1]
        lengths = {"card": 5, "play": 7, "end": 4, "refresh": 4, "back": 4, "g": 5, "gs": 5}
        if kind in lengths and len(parts) == lengths[kind] and parts[-1].isdigit():
            found.add(int(parts[-1]))
    return found


class Fuzzer:
    def __init__(self, driver: TableDriver, world: World, game_key: str) -> None:
        self.driver = driver
        self.emu: Emulator = driver.emulator
        self.world = world
        self.game_key = game_key
        self.users: dict[str, User] = {
            name: getattr(world, name) for name in ("alice", "bob", "carol", "mallory", "moderator")
        }
        self.last_chat: dict[int, Message] = {}
        self.known: dict[tuple[int, int, int], set[Any]] = {}
        self.steps_run = 0
        self.interactions = 0
        self.refreshed_tables = 0

    @property
    def running(self) -> RunningClient[TheGameBot]:
        return self.driver.running

    @property
    def bot(self) -> TheGameBot:
        return self.driver.bot

    # -- the world -------------------------------------------------------------------------------------------
    async def setup(self) -> None:
        """A second server where `outsider` sits at a table of the same game, and a table in #games."""
        other = self.emu.world.add_guild("Elsewhere", locale="en-GB")
        self.other_channel: Channel = other.add_text_channel("cards")
        outsider = self.emu.world.add_user("outsider", locale="en-GB")
        other.add_member(outsider)
        self.users["outsider"] = outsider
        await self.emu.wait_for(lambda: self.bot.get_guild(other.id) is not None, timeout=5)
        await self.ensure_tables()

    def channel_of(self, user: User) -> Channel:
        return self.other_channel if user is self.users["outsider"] else self.world.channel

    async def ensure_tables(self) -> None:
        """Every example starts with a game in progress in both channels (a fuzzed step may have ended it)."""
        await self.quiet()
        await self._ensure(self.world.channel, [self.world.alice, self.world.bob, self.world.carol], 1)
        await self._ensure(self.other_channel, [self.users["outsider"]], 7)
        await self.quiet()
        self.running.check()

    async def _ensure(self, channel: Channel, humans: list[User], seed: int) -> None:
        table = self.bot.games.in_channel(channel.id)
        if table is not None and table.status is TableStatus.PLAYING:
            return
        self.refreshed_tables += 1
        if table is not None:
            await self._answer(await self.emu.slash(self.users["moderator"], self.world.channel, "game stop"))
            if channel is self.other_channel:  # the moderator is not a member there: the host stops it
                await self._answer(await self.emu.slash(humans[0], channel, "game stop"))
        rules = ui_for_key(self.game_key)
        from bot.games.registry import rules_for

        game_rules = rules_for(self.game_key)
        options: dict[str, Any] = {
            "game": self.game_key,
            "deal": seed_to_deal_code(seed + self.refreshed_tables),
        }
        await self._answer(await self.emu.slash(humans[0], channel, "game new", options))
        table = self.bot.games.in_channel(channel.id)
        assert table is not None
        seated = humans[: game_rules.max_seats]
        for user in seated[1:]:
            await self._answer(await self.emu.slash(user, channel, "game join"))
        ai_seats = max(game_rules.min_seats - len(seated), 0)
        if self.game_key in ("hearts", "barbu") and len(seated) + ai_seats < game_rules.max_seats:
            ai_seats += 1  # an AI seat plays between the humans
        for _ in range(ai_seats):
            await self._answer(await self.emu.slash(humans[0], channel, "game addbot"))
        await self._answer(await self.emu.slash(humans[0], channel, "game start"))
        await self.quiet()
        if self.game_key == "thegame":
            table = self.bot.games.in_channel(channel.id)
            assert table is not None and table.board_message_id is not None
            board = self._message(table.board_message_id)
            await self._answer(await self.emu.click(humans[0], board, f"tg:first:{table.id}"))
        if rules.has_hand:
            for user in seated:
                await self._answer(await self.emu.slash(user, channel, "hand"))
        await self.quiet()

    def _message(self, message_id: int) -> Message:
        message = self.emu.world.messages.get(message_id)
        assert message is not None
        return message

    async def _answer(self, result: Any) -> Any:
        response = await result.response(timeout=5)
        await self.driver.settle()
        return response

    def busy(self) -> bool:
        games = self.bot.games
        return bool(self.bot.ai_turns._running) or any(lock.locked() for lock in games._locks.values())

    async def quiet(self) -> None:
        """Wait until every answer, public update, AI turn and save is done."""
        for _ in range(100):
            await self.driver.settle()
            await self.emu.wait_for(lambda: not self.busy(), timeout=15)
            await self.driver.settle()
            if not self.busy():
                return

    # -- one example -----------------------------------------------------------------------------------------
    async def run(self, steps: list[Step]) -> None:
        await self.ensure_tables()
        for step in steps:
            await self.run_step(step, steps)

    async def run_step(self, step: Step, steps: list[Step]) -> None:
        self.steps_run += 1
        user = self.users[step.user]
        rng = random.Random(step.seed)
        await self.quiet()
        before = await self.snapshot()
        messages_before = {message.id: len(message.edits) for message in self.emu.world.messages.values()}
        description = await self.act(step, user, rng)
        await self.quiet()
        context = f"step {step!r} ({description}) in {steps!r}"
        problems, _, _ = self.running.problems()
        assert not problems, f"{context}: {problems}"
        self.running.check()
        after = await self.snapshot()
        await self.check_tables(step, user, before, after, context)
        self.check_results(user, before, after, context)
        touched = [
            message
            for message in self.emu.world.messages.values()
            if message.id not in messages_before or len(message.edits) != messages_before[message.id]
        ]
        self.check_privacy(before, after, touched, context)
        for table in self.bot.games.active_tables():
            if table.status is TableStatus.PLAYING:
                board = self.emu.world.messages.get(table.board_message_id or 0)
                assert board is not None and not board.deleted, f"{context}: table {table.id} has no board"

    async def snapshot(self) -> dict[str, Any]:
        tables = {table.id: table for table in self.bot.games.active_tables()}
        saved = {table_id: state(await self.bot.tables.load(table_id)) for table_id in tables}
        for table in tables.values():
            hand = hands(table)
            if hand is not None:
                number, by_seat = hand
                for seat, cards in by_seat.items():
                    user_id = table.seats[seat].user_id
                    self.known.setdefault((table.id, user_id, number), set()).update(cards)
        with contextlib.closing(sqlite3.connect(self.bot.settings.database_path)) as connection:
            rows = connection.execute(
                "SELECT user_id, COUNT(*) FROM game_players WHERE user_id IS NOT NULL GROUP BY user_id"
            ).fetchall()
        results = {int(row[0]): int(row[1]) for row in rows}
        return {
            "tables": {table_id: state(table) for table_id, table in tables.items()},
            "objects": tables,
            "saved": saved,
            "seated": {
                table_id: {seat.user_id for seat in table.seats} for table_id, table in tables.items()
            },
            "to_act": {
                table_id: {table.seats[seat].user_id for seat in table.seats_to_act}
                if table.status is TableStatus.PLAYING
                else set()
                for table_id, table in tables.items()
            },
            "status": {table_id: table.status for table_id, table in tables.items()},
            "hands": {table_id: hands(table) for table_id, table in tables.items()},
            "results": results,
        }

    # -- acting ----------------------------------------------------------------------------------------------
    def reachable(self, user: User) -> list[Message]:
        """Messages in the user's channel (other users' private ones too: a forged click)."""
        channel = self.channel_of(user)
        return [message for message in channel.messages if not message.deleted]

    def table_ids(self) -> list[int]:
        return sorted(table.id for table in self.bot.games.active_tables())

    def mutate(self, custom_id: str, rng: random.Random, text: str) -> str:
        kind = rng.choice(
            ("keep", "keep", "keep", "keep", "table", "part", "piece", "cut", "long", "text", "user")
        )
        parts = custom_id.split(":")
        if kind == "table":
            ids = [*self.table_ids(), 0, 1, max(self.table_ids() or [0]) + 1]
            parts = [str(rng.choice(ids)) if part.isdigit() and len(part) < 12 else part for part in parts]
        elif kind == "part" and len(parts) > 2:
            parts[rng.randrange(2, len(parts))] = rng.choice((*TOKENS, text))
        elif kind == "piece":
            index = rng.randrange(len(parts))
            pieces = parts[index].split(".")
            pieces[rng.randrange(len(pieces))] = rng.choice((*TOKENS, text))
            parts[index] = ".".join(pieces)
        elif kind == "cut":
            return custom_id[: rng.randrange(1, max(len(custom_id), 2))]
        elif kind == "long":
            return custom_id + rng.choice(("9", ":1", ".QS", text or "x")) * rng.randint(1, 120)
        elif kind == "text":
            at = rng.randrange(len(custom_id) + 1)
            return custom_id[:at] + (text or "é") + custom_id[at:]
        elif kind == "user":
            people = [str(user.id) for user in self.users.values()]
            parts = [rng.choice(people) if part.isdigit() and len(part) >= 12 else part for part in parts]
        return ":".join(parts)

    def synthetic(self, user: User) -> list[str]:
        """Custom ids of buttons the user may never have been shown: someone else's confirmation, an erase."""
        guild = self.channel_of(user).guild
        assert guild is not None
        ids = []
        for other in self.users.values():
            ids += [f"tg:forget:{guild.id}:{other.id}:yes", f"tg:forget:{guild.id}:{other.id}:no"]
        ids += [
            f"tg:settings:erase_yes:{guild.id}",
            f"tg:settings:erase:{guild.id}",
            f"tg:settings:back:{guild.id}",
        ]
        for table_id in self.table_ids():
            ids += [
                f"tg:again:{table_id}:new",
                f"tg:log:{table_id}:0",
                f"tg:vote:{table_id}",
                f"tg:hint:{table_id}",
            ]
            ids += [f"tg:refresh:{table_id}:{other.id}" for other in self.users.values()]
        return ids

    def plant(self, message: Message, component_type: int, old: str | None, new: str) -> bool:
        """Put `new` on the message (in place of `old`, or of any component of that type): a message from
        another release or a forged one."""
        for component in message.iter_components():
            if component.get("type") != component_type or "custom_id" not in component:
                continue
            if old is None or component["custom_id"] == old:
                component["custom_id"] = new
                return True
        return False

    async def act(self, step: Step, user: User, rng: random.Random) -> str:
        channel = self.channel_of(user)
        if step.kind in ("click", "select"):
            component_type = 2 if step.kind == "click" else 3
            pool = [
                (message, component)
                for message in self.reachable(user)
                for component in message.iter_components()
                if component.get("type") == component_type and "custom_id" in component
            ]
            if not pool:
                return "no component"
            message, component = rng.choice(pool)
            custom_id = str(component["custom_id"])
            if component_type == 2 and rng.random() < 0.15:
                new = rng.choice(self.synthetic(user))
            else:
                new = self.mutate(custom_id, rng, step.text)
            if new != custom_id and not self.plant(message, component_type, custom_id, new):
                return "nothing to plant"
            data: dict[str, Any] = {"custom_id": new, "component_type": component_type}
            if component_type == 3:
                options = [str(option["value"]) for option in component.get("options") or []]
                if options and rng.random() < 0.7:
                    low, high = int(component.get("min_values", 1)), int(component.get("max_values", 1))
                    count = rng.randint(low, min(high, len(options)))
                    data["values"] = rng.sample(options, count)
                else:
                    data["values"] = [rng.choice((*TOKENS, step.text)) for _ in range(rng.randint(0, 4))]
            result = self.emu._dispatch_interaction(3, user, message.channel, data, message=message)
            await self.answered(result)
            return f"{step.kind} {new!r} on message {message.id}"
        if step.kind in ("slash", "autocomplete"):
            command, options, focused = self.command(user, rng, step.text, step.kind == "autocomplete")
            if command is None:
                return "no command"
            if focused is not None:
                await self.emu.autocomplete(user, channel, command, options, focused, timeout=5)
                self.interactions += 1
                return f"autocomplete /{command} {options} ({focused})"
            await self.answered(await self.emu.slash(user, channel, command, options))
            return f"/{command} {options}"
        if step.kind == "chat":
            content = rng.choice((*CHAT, step.text or "…"))
            self.last_chat[user.id] = await self.emu.send_message(user, channel, content)
            await asyncio.sleep(0.05)  # the chat rule is not an interaction: let the bot receive the message
            return f"says {content!r}"
        if step.kind == "edit":
            message = self.last_chat.get(user.id)
            if message is None or message.deleted:
                return "nothing to edit"
            content = rng.choice((*CHAT, step.text or "…"))
            await self.emu.edit_user_message(message, content)
            await asyncio.sleep(0.05)
            return f"edits to {content!r}"
        # delete: a moderator deletes one of the bot's public messages.
        mine = [
            message
            for message in self.reachable(user)
            if message.author.id == self.emu.world.bot_user.id and not message.ephemeral
        ]
        if not mine or user is self.users["outsider"]:
            return "nothing to delete"
        message = rng.choice(mine)
        await self.emu.delete_message(message, by=self.users["moderator"])
        return f"deletes {message.id}"

    async def answered(self, result: Any) -> None:
        self.interactions += 1
        response = await result.response(timeout=5)
        assert response.elapsed < 3, f"answered after {response.elapsed:.2f} s"

    def command(
        self, user: User, rng: random.Random, text: str, autocomplete: bool
    ) -> tuple[str | None, dict[str, Any], str | None]:
        guild = self.channel_of(user).guild
        leaves: list[tuple[str, list[dict[str, Any]]]] = []
        for command in sorted(self.emu.world.commands.values(), key=lambda c: c.id):
            if command.type != 1 or command.guild_id not in (None, guild.id if guild else None):
                continue
            leaves += list(_leaves(command.name, command.payload.get("options") or []))
        if autocomplete:
            leaves = [leaf for leaf in leaves if any(o.get("autocomplete") for o in leaf[1])]
        if not leaves:
            return None, {}, None
        name, definitions = rng.choice(leaves)
        options: dict[str, Any] = {}
        focused = None
        if autocomplete:
            focused = rng.choice([o["name"] for o in definitions if o.get("autocomplete")])
        for definition in definitions:
            if not (definition.get("required") or definition["name"] == focused or rng.random() < 0.5):
                continue
            value = self.option_value(definition, rng, text, guild)
            if value is not None:
                options[definition["name"]] = value
        if focused is not None and focused not in options:
            options[focused] = text
        return name, options, focused

    def option_value(self, definition: dict[str, Any], rng: random.Random, text: str, guild: Any) -> Any:
        kind = definition["type"]
        choices = definition.get("choices")
        if choices:
            return rng.choice(choices)["value"]
        if kind == 3:
            value = rng.choice((*TOKENS, text, text * 40, "45", "Q♠", "10♥", "qs", "t1-f2", "A", "ABCDEFGH"))
            if definition.get("autocomplete") is None and rng.random() < 0.2:
                value = "x" * 120
            low, high = definition.get("min_length", 0), definition.get("max_length", 6000)
            value = value[:high]
            return value if len(value) >= low else "x" * low
        if kind in (4, 10):
            low, high = definition.get("min_value", -5), definition.get("max_value", 200)
            return rng.randint(int(low), int(high))
        if kind == 5:
            return rng.random() < 0.5
        if kind in (6, 9):
            members = [user for user in self.users.values() if guild is not None and guild.get_member(user)]
            return rng.choice(members) if members else None
        if kind == 7:
            return self.world.channel if guild is self.world.guild else self.other_channel
        return None

    # -- the invariants --------------------------------------------------------------------------------------
    async def check_tables(
        self, step: Step, user: User, before: dict[str, Any], after: dict[str, Any], context: str
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
            lobby = before["status"][table_id] is TableStatus.LOBBY
            if lobby:
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
                if self.game_key != "thegame":
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


def _leaves(prefix: str, options: list[dict[str, Any]]) -> Iterable[tuple[str, list[dict[str, Any]]]]:
    subs = [option for option in options if option.get("type") in (1, 2)]
    if not subs:
        yield prefix, options
        return
    for sub in subs:
        yield from _leaves(f"{prefix} {sub['name']}", sub.get("options") or [])


def run_on(loop: asyncio.AbstractEventLoop, coroutine: Any) -> None:
    """Run a coroutine on the test's event loop from hypothesis' thread, and wait for it."""
    asyncio.run_coroutine_threadsafe(coroutine, loop).result(timeout=120)
