"""Cards as the bot shows them in Discord: its own card and suit pictures as application emojis, or plain text.

A plain `♠` or `♣` is the weak spot of every card game on Discord: as an emoji (`♠️`) it is a black glyph, nearly
invisible on the dark theme and on a greyed button. So the bot draws its own emojis (`bot.ui.render.emoji_art`:
one per card of a 52-card deck, `card_QS_v1`, and one per suit, `suit_S_v1`), uploads them once as the application's
emojis (`bot.ui.emoji_upload`, at start-up) and every view asks this module how to show a card:

- `card_text(card)`: for text (embed descriptions and fields, message content): the card's emoji markup
  `<:card_QS_v1:123…>`, or the fallback text `Q♠︎`;
- `card_display(card)`: for a button, its label and emoji (the card's emoji alone, or the fallback text as label);
- `card_option(card)`: for a menu option, a text label (options need one) and the card's emoji;
- `suit_text(suit)`: a suit in text (a hand written one line a suit).

Until the emojis are uploaded (at start-up, or for good when the upload failed), everything falls back to text:
black suits in their text form (`♠︎`, drawn in the reader's text colour, light on dark and dark on light), red
suits as the red emoji (`♥️`). `plain_text` turns the markup back into that text, for the places Discord shows no
custom emoji (labels, footers, titles) and for a page that would be too long with it.

The names carry the design's version (`DESIGN`): a redesign is uploaded under new names, and the old emojis stay
for the messages that already show them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

import discord

from bot.games.cards import LABEL_RANK, SUITS, SYMBOL_SUIT, Card, full_deck

DESIGN: Final = 1  # bump when the pictures change: they are uploaded anew under new names
# The fallback text of each suit: black suits in text presentation (U+FE0E), red ones as the red emoji (U+FE0F).
SUIT_TEXT: Final = {"C": "♣\ufe0e", "D": "♦\ufe0f", "H": "♥\ufe0f", "S": "♠\ufe0e"}
# Discord's rule for an emoji's name.
NAME_PATTERN: Final = re.compile(r"^[A-Za-z0-9_]{2,32}$")
_MARKUP = re.compile(r"<a?:(card|suit)_(10|[2-9JQKA])?([CDHS])_v(\d+):(\d+)>")
# A card in the fallback text (or as `str(card)` writes it): `Q♠︎`, `10♥️`, `A♣`.
_CARD_TEXT = re.compile(r"(10|[2-9JQKA])([♣♦♥♠])[\ufe0e\ufe0f]?")


def card_emoji_name(card: Card) -> str:
    """`card_QS_v1`: the card's code and the design's version."""
    return f"card_{card.code}_v{DESIGN}"


def suit_emoji_name(suit: str) -> str:
    """`suit_S_v1`."""
    return f"suit_{suit}_v{DESIGN}"


def emoji_names() -> dict[str, Card | str]:
    """Every emoji the bot shows, by name: the 52 cards, then the 4 suits."""
    names: dict[str, Card | str] = {card_emoji_name(card): card for card in full_deck()}
    names.update({suit_emoji_name(suit): suit for suit in SUITS})
    return names


@dataclass(frozen=True, slots=True)
class UploadedEmoji:
    name: str
    id: int

    @property
    def markup(self) -> str:
        return f"<:{self.name}:{self.id}>"

    def partial(self) -> discord.PartialEmoji:
        return discord.PartialEmoji(name=self.name, id=self.id)


class CardEmojis:
    """The emojis Discord has, by name: filled at start-up (`install`), all of them or none, so a message never
    mixes pictures and text."""

    def __init__(self) -> None:
        self._by_name: dict[str, UploadedEmoji] = {}

    def install(self, ids: Mapping[str, int]) -> bool:
        """Use these emojis (name -> id) when every card and suit is among them; else keep the text. True when
        installed."""
        wanted = emoji_names()
        if not all(name in ids for name in wanted):
            self._by_name = {}
            return False
        self._by_name = {name: UploadedEmoji(name, ids[name]) for name in wanted}
        return True

    def clear(self) -> None:
        self._by_name = {}

    @property
    def ready(self) -> bool:
        return bool(self._by_name)

    def get(self, name: str) -> UploadedEmoji | None:
        return self._by_name.get(name)


# The bot's emojis, for every view (one application per process; filled by `bot.ui.emoji_upload`).
CARD_EMOJIS: Final = CardEmojis()


def fallback_text(card: Card) -> str:
    """`Q♠︎`, `10♥️`: the card in text, legible on both themes."""
    return f"{card.label}{SUIT_TEXT[card.suit]}"


def card_text(card: Card) -> str:
    """The card in text: its emoji markup once uploaded, else `fallback_text`."""
    emoji = CARD_EMOJIS.get(card_emoji_name(card))
    return emoji.markup if emoji is not None else fallback_text(card)


def suit_text(suit: str) -> str:
    """The suit in text: its emoji (outlined, legible on both themes) once uploaded, else `SUIT_TEXT`."""
    emoji = CARD_EMOJIS.get(suit_emoji_name(suit))
    return emoji.markup if emoji is not None else SUIT_TEXT[suit]


def card_emoji(card: Card) -> discord.PartialEmoji | None:
    """The card's emoji for a button or an option, or None before the upload."""
    emoji = CARD_EMOJIS.get(card_emoji_name(card))
    return emoji.partial() if emoji is not None else None


def card_display(card: Card, *, count: int = 1) -> tuple[str | None, discord.PartialEmoji | None]:
    """A card button's label and emoji: the card's emoji alone (with `×2` for two copies), or the fallback text as
    its label. A button's white label reads on every colour Discord gives buttons, greyed ones included."""
    copies = f"×{count}" if count > 1 else None
    emoji = card_emoji(card)
    if emoji is not None:
        return copies, emoji
    return fallback_text(card) + (f" {copies}" if copies else ""), None


def card_option(card: Card) -> tuple[str, discord.PartialEmoji | None]:
    """A menu option's label (text: a label is required, and no custom emoji shows in it) and emoji."""
    return fallback_text(card), card_emoji(card)


def plain_text(text: str) -> str:
    """`text` with the card and suit emoji markup written as the fallback text (for a title, a label, a footer, a
    too long page: where Discord shows no custom emoji)."""

    def written(match: re.Match[str]) -> str:
        kind, label, suit = match.group(1), match.group(2), match.group(3)
        if kind == "suit":
            return SUIT_TEXT[suit]
        return f"{label}{SUIT_TEXT[suit]}" if label else match.group(0)

    return _MARKUP.sub(written, text)


def cards_in_words(text: str) -> str:
    """Every card `text` writes as `str(card)` does (`Q♠`, `8♠…6♥`) as the card's emoji, once uploaded (else the text
    as it is): for the cards a game's notice names (its `card` and `cards` parameters)."""
    if not CARD_EMOJIS.ready:
        return text
    return _CARD_TEXT.sub(lambda match: card_text(_card(match.group(1), SYMBOL_SUIT[match.group(2)])), text)


def fit(text: str, limit: int) -> str:
    """`text` within `limit` characters: as it is, else in fallback text (shorter than the markup), else cut."""
    if len(text) <= limit:
        return text
    plain = plain_text(text)
    return plain if len(plain) <= limit else plain[: limit - 1] + "…"


def cards_in_text(text: str) -> list[Card]:
    """Every card a text shows, as emoji markup or as text (`Q♠︎`, `10♥️`, `A♣`): what a reader sees."""
    found = []
    for match in _MARKUP.finditer(text):
        if match.group(1) == "card" and match.group(2):
            found.append(_card(match.group(2), match.group(3)))
    for match in _CARD_TEXT.finditer(_MARKUP.sub(" ", text)):
        found.append(_card(match.group(1), SYMBOL_SUIT[match.group(2)]))
    return found


def _card(label: str, suit: str) -> Card:
    return Card(suit, LABEL_RANK[label] if label in LABEL_RANK else int(label))
