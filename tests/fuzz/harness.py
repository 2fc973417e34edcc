"""Random interactions against one running bot; after each, the invariants of tests/fuzz/invariants.py.

A `Step` is what hypothesis draws: a kind of action, who does it, a seed and a piece of random text. The `Fuzzer`
turns it into an action on the live world at run time (which button of which message, which command and options),
because what exists changes as the game goes on. Users: alice, bob and carol (seated), mallory (a member who
does not play), a moderator (Manage Messages) and an outsider seated at a table in another server. Custom ids come
from the messages of the user's channel (other users' private ones too: a forged click), kept or mutated (another
table, a part replaced by a card, pile, seat or junk, cut, overlong, non-ASCII, another user's id) and put on the
message as an older or forged message would carry them. After every step it checks:

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
import random
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from bot.app import TheGameBot
from bot.emulator import Emulator, RunningClient
from bot.emulator.world import Channel, Message, User
from bot.games.deal_codes import seed_to_deal_code
from bot.service.table import Table, TableStatus
from bot.ui.game_ui import ui_for_key
from tests.e2e.conftest import World
from tests.e2e.driver import TableDriver
from tests.fuzz.invariants import Invariants
from tests.fuzz.views import hands, state

USERS = ("alice", "bob", "carol", "mallory", "moderator", "outsider")
# What a step does (repeated kinds are drawn more often); "burst": the same click sent two or three times at once;
# "later": sixteen minutes pass (the interaction tokens the bot keeps for private hands expire).
KINDS = (
    ("click",) * 4 + ("select",) * 2 + ("slash",) * 2 + ("autocomplete", "chat", "edit", "delete", "burst")
)
KINDS += ("later",)
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


class Fuzzer(Invariants):
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
        if self.game_key == "thegame" and len(seated) > 1:  # alone, the game starts on the player's turn
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
        await self.check_tables(user, before, after, context)
        self.check_results(user, before, after, context)
        touched = [
            message
            for message in self.emu.world.messages.values()
            if message.id not in messages_before or len(message.edits) != messages_before[message.id]
        ]
        self.check_privacy(before, after, touched, context)
        for table in self.bot.games.active_tables():
            if table.status is TableStatus.PLAYING:
                # A deleted board comes back once the bot has heard of the deletion (an event, then a public
                # update drawn in the picture thread): within seconds, not necessarily by now.
                await self.emu.wait_for(
                    lambda table=table: self.has_board(table),
                    5,
                    message=f"{context}: table {table.id} has no board",
                )

    def has_board(self, table: Table) -> bool:
        board = self.emu.world.messages.get(table.board_message_id or 0)
        return board is not None and not board.deleted

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
        if step.kind in ("click", "select", "burst"):
            component_type = 3 if step.kind == "select" else 2
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
            copies = rng.randint(2, 3) if step.kind == "burst" else 1
            results = [
                self.emu._dispatch_interaction(3, user, message.channel, data, message=message)
                for _ in range(copies)
            ]
            for result in results:
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
