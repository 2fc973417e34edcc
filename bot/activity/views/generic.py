"""Any game, in the Activity, through the parts it already has on Discord: the board's picture and text (public),
and the player's own private hand with its buttons and menus (its cards, the pass, the contract...). A control
pressed in the page is accepted only when that person's hand shows it now, and goes through the game's own
reading of it (`GameUI.action`), so the rules and the refusals are the bot's."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import discord

from bot.activity.views.base import require_text
from bot.games.errors import GameError
from bot.service.table import Table, TableStatus
from bot.ui.card_emojis import cards_in_text, plain_text
from bot.ui.components import HintButton
from bot.ui.game_ui import ui_for
from bot.ui.lobby import render_table

# A game's own button or menu (`GameActionButton`, `GameActionSelect`): the table, then the game's payload.
# Its custom id may end with the user whose hand it is on (`:<user id>`).
GAME_CONTROL = re.compile(
    r"^tg:(?P<type>g|gs):(?P<table>\d{1,18}):(?P<payload>[A-Za-z0-9_.-]{1,80})(?::\d+)?$"
)
# A card's own emoji on a button or an option (`bot.ui.card_emojis`): `card_QS_v1`.
CARD_EMOJI_NAME = re.compile(r"^card_((?:10|[2-9JQKA])[CDHS])_v\d+$")


def card_face(label: str, emoji: str = "") -> str | None:
    """'QS' for a control showing one card, by its emoji (`card_QS_v1`) or its label (`Q♠︎`, `Q♠ ×2`), to draw it
    as a card; None otherwise."""
    by_emoji = CARD_EMOJI_NAME.match(emoji)
    if by_emoji:
        return by_emoji[1]
    cards = cards_in_text(label)
    return cards[0].code if len(cards) == 1 else None


def embed_text(embed: discord.Embed | None) -> list[dict[str, str]]:
    """An embed as blocks of text (title, description, each field), for the page: cards written as text, never as
    Discord's emoji markup (`<:card_QH_v1:123>`), which a page cannot draw."""
    if embed is None:
        return []
    blocks = []
    if embed.title:
        blocks.append({"title": plain_text(embed.title), "text": ""})
    if embed.description:
        blocks.append({"title": "", "text": plain_text(embed.description)})
    for field in embed.fields:
        blocks.append({"title": plain_text(field.name or ""), "text": plain_text(field.value or "")})
    return blocks


def without_card(label: str, card: str | None) -> str:
    """What a control's label says besides the card it shows ("A♦ pile 2 → foundation": "pile 2 → foundation"),
    drawn next to the card's picture."""
    cards = cards_in_text(label)
    if card is None or len(cards) != 1:
        return label
    written = re.escape(str(cards[0])) + "[\ufe0e\ufe0f]?"  # the suit, maybe with a text or emoji selector
    return re.sub(written, "", label, count=1).strip()


def hand_controls(table: Table, content: dict[str, Any]) -> list[dict[str, Any]]:
    """The game's own buttons and menus in a hand message (and its **Hint**), as the page draws them."""
    view = content.get("view")
    if view is None:
        return []
    controls = []
    hint_id = HintButton.id_for(table.id)
    for row in view.to_components():
        for component in row.get("components", []):
            custom_id = str(component.get("custom_id", ""))
            found = GAME_CONTROL.match(custom_id)
            hint = custom_id == hint_id  # answered as the button is (`ActivityActions._hint`), in its place
            if not hint and (found is None or int(found["table"]) != table.id):
                continue
            if component.get("type") == 2:
                label = str(component.get("label") or "")
                emoji = (component.get("emoji") or {}).get("name") or ""
                controls.append(
                    {
                        "type": "button",
                        "id": custom_id,
                        "label": label,
                        "emoji": emoji,
                        "card": card_face(label, emoji),
                        "style": int(component.get("style") or 2),
                        "disabled": bool(component.get("disabled")),
                        "hint": hint,
                    }
                )
            elif component.get("type") == 3:
                disabled = bool(component.get("disabled"))
                options = component.get("options", [])
                controls.append(
                    {
                        "type": "menu",
                        "id": custom_id,
                        "placeholder": str(component.get("placeholder") or ""),
                        "min": int(component.get("min_values", 1)),
                        "max": int(component.get("max_values", 1)),
                        # A disabled menu's one option is only there because Discord asks for one.
                        "options": [] if disabled else [option_shown(option) for option in options],
                        "disabled": disabled,
                    }
                )
    return controls


def control_payload(custom_id: str) -> str:
    """The game's payload of a control's custom id ("tg:g:12:call" -> "call")."""
    found = GAME_CONTROL.match(custom_id)
    return found["payload"] if found is not None else ""


def option_shown(option: dict[str, Any]) -> dict[str, Any]:
    """A menu's option for the page: its label, value and card, what the label says besides the card, its note
    (Discord's description line: "Comes first") and its emoji mark when it is not a card's (❗, ⬆️)."""
    label = str(option.get("label", ""))
    emoji = str((option.get("emoji") or {}).get("name") or "")
    card = card_face(label, emoji)
    return {
        "label": label,
        "value": str(option.get("value", "")),
        "card": card,
        "detail": without_card(label, card),
        "note": str(option.get("description") or ""),
        "mark": "" if CARD_EMOJI_NAME.match(emoji) else emoji,
    }


class GenericView:
    def _hand(self, table: Table, seat: int, locale: str) -> dict[str, Any]:
        return ui_for(table).hand(table, seat, locale, notice=None, hints=False)

    def state(self, table: Table, seat: int | None, locale: str) -> dict[str, Any]:
        # The board in the viewer's language (the page follows its reader, as a private message does); the
        # channel's own board keeps the server's.
        board = render_table(replace(table, locale=locale))
        state: dict[str, Any] = {
            "kind": "generic",
            "board": embed_text(board.get("embed")),
            "picture": board.get("image") is not None,
        }
        if seat is not None and table.status is TableStatus.PLAYING and ui_for(table).has_hand:
            content = self._hand(table, seat, locale)
            state["hand"] = {
                "text": embed_text(content.get("embed")),
                "controls": hand_controls(table, content),
            }
        elif seat is not None and table.status is TableStatus.PLAYING:
            # A game played on the table itself (Crapette): its board's own controls; while another player is on
            # turn, only those a waiting player may press (the call), not a menu of moves (nor a Hint) not theirs.
            controls = hand_controls(table, board)
            if seat not in table.seats_to_act:
                allowed = ui_for(table).off_turn_payloads
                controls = [item for item in controls if control_payload(item["id"]) in allowed]
            state["hand"] = {"text": [], "controls": controls, "on_board": True}
        return state

    def action(self, table: Table, seat: int, message: dict[str, Any], locale: str) -> Any:
        if message.get("kind") != "control":
            raise GameError("error.stale_button")
        custom_id = require_text(message.get("id"))
        values = message.get("values", [])
        if not isinstance(values, list) or not all(isinstance(value, str) for value in values):
            raise GameError("error.stale_button")
        shown = self.state(table, seat, locale).get("hand", {}).get("controls", [])
        control = next((found for found in shown if found["id"] == custom_id), None)
        # Not on this person's hand now, or the Hint (asked as a hint, never as a control): stale, or forged.
        if control is None or control.get("disabled") or control.get("hint"):
            raise GameError("error.stale_button")
        if control["type"] == "menu":
            allowed = {option["value"] for option in control["options"]}
            if not set(values) <= allowed or not control["min"] <= len(values) <= control["max"]:
                raise GameError("error.stale_button")
        found = GAME_CONTROL.match(custom_id)
        assert found is not None
        action, _ = ui_for(table).action(table, found["payload"], values if control["type"] == "menu" else [])
        return action

    def confirmation(self, table: Table, seat: int, message: dict[str, Any], locale: str) -> None:
        return None
