"""The no-numbers rule at the table: flag messages from players that give a number, including edited ones."""

from __future__ import annotations

import logging
from collections import OrderedDict

import discord
from discord.ext import commands

from bot.app import TheGameBot
from bot.games.errors import GameError
from bot.games.thegame.chat import chat_language, contains_number
from bot.service.table import Table, TableStatus
from bot.storage.settings import ChatRuleMode
from bot.ui.format import escape_name
from bot.ui.i18n import t

log = logging.getLogger(__name__)

WARNING_EMOJI = "🤫"
DELETE_NOTICE_SECONDS = 8.0
REMEMBERED_MESSAGES = 2048


class ChatRule(commands.Cog):
    def __init__(self, bot: TheGameBot) -> None:
        self.bot = bot
        # Messages already flagged, so an edit of a flagged message is not counted twice (bounded).
        self._flagged: OrderedDict[int, None] = OrderedDict()

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        await self.check(message)

    @commands.Cog.listener()
    async def on_raw_message_edit(self, payload: discord.RawMessageUpdateEvent) -> None:
        if "content" in payload.data:
            await self.check(payload.message)

    async def check(self, message: discord.Message) -> None:
        if message.author.bot or message.guild is None or message.id in self._flagged:
            return
        table = self.bot.games.in_channel(message.channel.id)
        if table is None or table.status is not TableStatus.PLAYING or not table.rules.chat_rule:
            return  # the no-numbers rule is The Game's: other games talk freely
        settings = await self.bot.guild_settings.get(message.guild.id)
        if settings.chat_rule_mode is ChatRuleMode.OFF:
            return
        if not settings.chat_rule_everyone and not table.is_seated(message.author.id):
            return
        if not contains_number(message.content, table_language(table)):
            return
        self._remember(message.id)
        try:
            await self.bot.games.record_violation(table.id, message.author.id)
        except GameError as error:  # the game ended meanwhile, or the count could not be saved
            log.warning("Table %s: a number said was not counted (%s)", table.id, error.key)
        log.info("Table %s: a message broke the no-numbers rule", table.id)
        reminder = t(table.locale, "chat.reminder", name=escape_name(message.author.display_name))
        # Deleting needs Manage Messages, the one optional permission: without it the bot warns instead.
        me = message.guild.me
        can_delete = me is not None and message.channel.permissions_for(me).manage_messages
        try:
            if settings.chat_rule_mode is ChatRuleMode.DELETE and can_delete:
                await message.delete()
                await message.channel.send(
                    reminder,
                    delete_after=DELETE_NOTICE_SECONDS,
                    allowed_mentions=discord.AllowedMentions.none(),
                )
            else:
                await message.add_reaction(WARNING_EMOJI)
                await message.reply(
                    reminder, mention_author=False, allowed_mentions=discord.AllowedMentions.none()
                )
        except discord.HTTPException as error:
            log.warning("Could not flag a message in table %s: %s", table.id, error)

    def _remember(self, message_id: int) -> None:
        self._flagged[message_id] = None
        while len(self._flagged) > REMEMBERED_MESSAGES:
            self._flagged.popitem(last=False)


def table_language(table: Table) -> str | None:
    """The table's language for the chat rule ("en", "fr", "de", or None): the language its public messages
    are written in. The detector knows the number words of every language it checks in any case; this one
    decides the words that are a number in one language and a word in another ("elf", "seize")."""
    return chat_language(table.locale)


async def setup(bot: TheGameBot) -> None:
    await bot.add_cog(ChatRule(bot))
