"""A small discord.py bot used by the emulator's own tests (not the real bot)."""

from __future__ import annotations

import asyncio
import re
import struct
import zlib
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands


def tiny_png(width: int = 3, height: int = 2) -> bytes:
    """A valid PNG image (grey pixels)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + kind
            + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
        )

    raw = b"".join(b"\x00" + b"\x80" * width for _ in range(height))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


class CounterButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"counter:(?P<count>\d+)"):
    """A persistent button whose state lives in its custom_id."""

    def __init__(self, count: int = 0) -> None:
        super().__init__(
            discord.ui.Button(
                label=f"Count {count}", style=discord.ButtonStyle.primary, custom_id=f"counter:{count}"
            )
        )
        self.count = count

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> CounterButton:
        return cls(int(match["count"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(CounterButton(self.count + 1))
        await interaction.response.edit_message(content=f"Count is {self.count + 1}", view=view)


class ConfirmView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)
        self.confirmed_by: list[int] = []

    @discord.ui.button(label="Confirm", style=discord.ButtonStyle.success, custom_id="confirm")
    async def confirm(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        self.confirmed_by.append(interaction.user.id)
        await interaction.response.send_message(
            f"Confirmed by {interaction.user.display_name}", ephemeral=True
        )

    @discord.ui.button(label="Rename", style=discord.ButtonStyle.secondary, custom_id="rename")
    async def rename(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.send_modal(RenameModal())

    @discord.ui.button(label="Later", style=discord.ButtonStyle.secondary, custom_id="later")
    async def later(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.defer()
        await asyncio.sleep(0.01)
        await interaction.edit_original_response(content="Decided later", view=None)


class RenameModal(discord.ui.Modal, title="Rename"):
    name: discord.ui.TextInput[Any] = discord.ui.TextInput(label="New name", custom_id="name")

    def __init__(self) -> None:
        super().__init__(custom_id="rename")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        # a modal opened from a button may update that button's message (callback type 7)
        await interaction.response.edit_message(content=f"Renamed to {self.name.value}", view=None)


class ColourSelect(discord.ui.Select[Any]):
    def __init__(self) -> None:
        super().__init__(
            custom_id="colour",
            placeholder="Pick colours",
            min_values=1,
            max_values=2,
            options=[
                discord.SelectOption(label="Red", value="red"),
                discord.SelectOption(label="Green", value="green"),
                discord.SelectOption(label="Blue", value="blue", description="The best one"),
            ],
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=f"You chose {', '.join(self.values)}", view=None)


class FeedbackModal(discord.ui.Modal, title="Feedback"):
    subject: discord.ui.TextInput[Any] = discord.ui.TextInput(
        label="Subject", custom_id="subject", max_length=50
    )
    body: discord.ui.TextInput[Any] = discord.ui.TextInput(
        label="Body", custom_id="body", style=discord.TextStyle.paragraph, required=False
    )

    def __init__(self) -> None:
        super().__init__(custom_id="feedback")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            f"Thanks for {self.subject.value!r}: {self.body.value or '-'}"
        )


CARDS = [str(n) for n in range(2, 100)]


class FrenchTranslator(app_commands.Translator):
    """Gives /ping a French name, to exercise localized command sync."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if locale is discord.Locale.french and str(string) == "ping":
            return "tennis"
        return None


class SampleBot(commands.Bot):
    def __init__(self, *, message_content: bool = True, members: bool = False, **options: Any) -> None:
        intents = discord.Intents.default()
        intents.message_content = message_content
        intents.members = members
        super().__init__(command_prefix="!", intents=intents, **options)
        self.received: list[discord.Message] = []
        self.edits: list[tuple[str, str]] = []
        self.deleted: list[int] = []
        self.reactions: list[tuple[int, str]] = []
        self.members_joined: list[int] = []
        self.members_left: list[int] = []
        self.pending: list[discord.Interaction] = []
        self.ready_count = 0
        self.resumed_count = 0
        self.late_delay = 0.0
        self.setup_done = False

    async def setup_hook(self) -> None:
        await self.tree.set_translator(FrenchTranslator())
        register_commands(self)
        self.add_dynamic_items(CounterButton)
        await self.tree.sync()
        self.setup_done = True

    async def on_ready(self) -> None:
        self.ready_count += 1

    async def on_resumed(self) -> None:
        self.resumed_count += 1

    async def on_message(self, message: discord.Message) -> None:
        if message.author == self.user:
            return
        self.received.append(message)
        if message.content == "!echo-reply":
            await message.reply("echo")

    async def on_message_edit(self, before: discord.Message, after: discord.Message) -> None:
        self.edits.append((before.content, after.content))

    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        self.deleted.append(payload.message_id)

    async def on_raw_reaction_add(self, payload: discord.RawReactionActionEvent) -> None:
        if payload.user_id != (self.user.id if self.user else 0):
            self.reactions.append((payload.user_id, str(payload.emoji)))

    async def on_member_join(self, member: discord.Member) -> None:
        self.members_joined.append(member.id)

    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        self.members_left.append(payload.user.id)


def register_commands(bot: SampleBot) -> None:
    tree = bot.tree

    @tree.command(description="Replies pong")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong")

    @tree.context_menu(name="Greet")
    async def greet(interaction: discord.Interaction, member: discord.Member) -> None:
        await interaction.response.send_message(f"Hello {member.display_name}")

    @tree.context_menu(name="Quote")
    async def quote(interaction: discord.Interaction, message: discord.Message) -> None:
        await interaction.response.send_message(f"> {message.content}")

    @tree.command(description="Replies, then deletes the reply")
    async def oops(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("oops")
        await interaction.delete_original_response()

    @tree.command(description="Sends a direct message")
    async def dm(interaction: discord.Interaction) -> None:
        await interaction.user.send("psst")
        await interaction.response.send_message("sent", ephemeral=True)

    @tree.command(description="An ephemeral reply")
    async def secret(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"only for {interaction.user.display_name}", ephemeral=True)

    game = app_commands.Group(name="game", description="Games")
    settings = app_commands.Group(name="settings", description="Game settings", parent=game)

    @game.command(name="new", description="Start a game")
    @app_commands.describe(expert="Expert rules")
    async def game_new(interaction: discord.Interaction, expert: bool = False, players: int = 2) -> None:
        loc = str(interaction.locale)
        await interaction.response.send_message(f"new game expert={expert} players={players} locale={loc}")

    @game.command(name="join", description="Join a game")
    async def game_join(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"{interaction.user.display_name} joined", ephemeral=True)

    @settings.command(name="speed", description="Set the speed")
    @app_commands.choices(
        speed=[app_commands.Choice(name="Slow", value="slow"), app_commands.Choice(name="Fast", value="fast")]
    )
    async def settings_speed(interaction: discord.Interaction, speed: app_commands.Choice[str]) -> None:
        await interaction.response.send_message(f"speed {speed.value}")

    tree.add_command(game)

    @tree.command(description="Play a card")
    async def play(interaction: discord.Interaction, card: str) -> None:
        await interaction.response.send_message(f"played {card}")

    @play.autocomplete("card")
    async def play_card(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=f"Card {c}", value=c) for c in CARDS if c.startswith(current)][:25]

    @tree.command(description="Who is that")
    async def whois(interaction: discord.Interaction, member: discord.Member) -> None:
        await interaction.response.send_message(f"{member.display_name} ({member.id})")

    @tree.command(description="A counter button")
    async def counter(interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(CounterButton(0))
        await interaction.response.send_message("Count is 0", view=view)

    @tree.command(description="Confirm buttons")
    async def confirm(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Confirm?", view=ConfirmView())

    @tree.command(description="Choose colours")
    async def colours(interaction: discord.Interaction) -> None:
        view = discord.ui.View()
        view.add_item(ColourSelect())
        await interaction.response.send_message("Choose", view=view, ephemeral=True)

    @tree.command(description="Give feedback")
    async def feedback(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(FeedbackModal())

    @tree.command(description="Post then edit a channel message")
    async def announce(interaction: discord.Interaction, text: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        assert isinstance(interaction.channel, discord.TextChannel | discord.Thread)
        msg = await interaction.channel.send(text)
        await msg.edit(content=f"{text} (edited)")
        await msg.add_reaction("👍")
        await interaction.followup.send("announced", ephemeral=True)

    @tree.command(description="Defer, follow up, edit")
    async def slow(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await asyncio.sleep(0.05)
        await interaction.followup.send("first result")
        await interaction.edit_original_response(content="final result")
        await interaction.followup.send("second message", ephemeral=True)

    @tree.command(description="Defer and keep the interaction for later")
    async def park(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        bot.pending.append(interaction)

    @tree.command(description="Post a chart")
    async def chart(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            "chart", file=discord.File(fp=__import__("io").BytesIO(tiny_png()), filename="chart.png")
        )
        await interaction.followup.send(
            file=discord.File(fp=__import__("io").BytesIO(b"x" * 1000), filename="data.bin")
        )

    @tree.command(description="Answers late")
    async def late(interaction: discord.Interaction) -> None:
        await asyncio.sleep(bot.late_delay)
        await interaction.response.send_message("sorry I'm late")

    @tree.command(description="Answers twice")
    async def double(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("one")
        interaction.response._response_type = None  # bypass discord.py's guard to reach Discord's
        await interaction.response.send_message("two")

    @tree.command(description="Says too much")
    async def long(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("x" * 2001)

    @tree.command(description="Counts the channel history")
    async def history(interaction: discord.Interaction, limit: int = 100) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        messages = [m async for m in interaction.channel.history(limit=limit)]
        await interaction.response.send_message(f"{len(messages)} messages; first={messages[-1].content!r}")

    @tree.command(description="Open a thread")
    async def thread(interaction: discord.Interaction, name: str) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        created = await interaction.channel.create_thread(name=name, type=discord.ChannelType.public_thread)
        await created.send(f"welcome to {name}")
        await interaction.response.send_message(f"opened {created.mention}")
