"""At start-up: make sure Discord has the bot's card and suit emojis, and tell the views (`bot.ui.card_emojis`).

Lists the application's emojis (`GET /applications/{id}/emojis`), uploads only the missing ones one after another
(`POST`, a data URI of the PNG; discord.py waits out Discord's rate limits), then installs the name -> id map. A
second start finds them all and uploads nothing. Several processes of one bot (a cluster) may start together: an
upload Discord refuses because the name was just taken by another is read back from a second list.

Any other failure (no permission, Discord down, an upload refused) logs one warning and leaves the cards in text;
the next start tries again. Runs in the background: the bot is ready and answers meanwhile (in text).
"""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.games.cards import Card
from bot.ui.card_emojis import CARD_EMOJIS, CardEmojis, emoji_names
from bot.ui.render.emoji_art import card_emoji_png, suit_emoji_png

log = logging.getLogger(__name__)


def _picture(subject: Card | str) -> bytes:
    return card_emoji_png(subject) if isinstance(subject, Card) else suit_emoji_png(subject)


async def _listed(client: discord.Client) -> dict[str, int]:
    return {emoji.name: emoji.id for emoji in await client.fetch_application_emojis()}


async def upload_card_emojis(client: discord.Client, registry: CardEmojis = CARD_EMOJIS) -> bool:
    """Upload what Discord lacks and install the emojis in `registry`. True when the cards show as emojis."""
    try:
        have = await _listed(client)
        missing = {name: subject for name, subject in emoji_names().items() if name not in have}
        for name, subject in missing.items():
            picture = await asyncio.to_thread(_picture, subject)  # drawn off the event loop
            try:
                emoji = await client.create_application_emoji(name=name, image=picture)
            except discord.HTTPException as error:
                # Refused: fine if another process of this bot took the name meanwhile, a failure otherwise.
                if error.status != 400 or name not in (have := await _listed(client)):
                    raise
                continue
            have[emoji.name] = emoji.id
        if missing:
            log.info("Uploaded the missing card emojis (%s)", len(missing))
    except (discord.HTTPException, discord.MissingApplicationID) as error:
        registry.clear()
        log.warning("Cards are shown as text: the card emojis could not be uploaded (%s)", _reason(error))
        return False
    if not registry.install(have):  # Discord answered an upload but did not list it
        log.warning("Cards are shown as text: Discord did not list every card emoji")
        return False
    log.info("Cards are shown with the bot's emojis")
    return True


def _reason(error: Exception) -> str:
    if isinstance(error, discord.HTTPException):
        return f"{error.status} {error.text or type(error).__name__}"
    return type(error).__name__
