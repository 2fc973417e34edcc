"""The edits whose answer the bot does not read send exactly what discord.py's own calls send, and leave the answer
unread (discord.py read each into a `Message` the bot dropped: about 5% of its CPU per play)."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
import pytest
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from bot.games.thegame.ui import components
from bot.ui.component_rows import ComponentRows, button
from bot.ui.message_edits import edit_webhook_message, update_clicked_message

MESSAGE: dict[str, Any] = {  # Discord's answer to an edit: the message as it is now
    "id": "10",
    "channel_id": "20",
    "author": {"id": "1", "username": "bot", "discriminator": "0", "avatar": None},
    "content": "",
    "timestamp": "2026-01-01T00:00:00+00:00",
    "edited_timestamp": None,
    "tts": False,
    "mention_everyone": False,
    "mentions": [],
    "mention_roles": [],
    "attachments": [],
    "embeds": [],
    "pinned": False,
    "type": 0,
}


class RecordingAdapter(AsyncWebhookAdapter):
    """discord.py's webhook adapter with the network replaced: each request is recorded, and answered with
    `answer` (Discord's answer, which the bot's own edits must not read)."""

    def __init__(self, answer: Any) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self.answer = answer
        self.requests: list[dict[str, Any]] = []

    async def request(self, route: Any, session: Any = None, **kwargs: Any) -> Any:
        files = kwargs.get("files") or []
        self.requests.append(
            {
                "method": route.method,
                "url": route.url,
                "payload": kwargs.get("payload"),
                "multipart": [
                    {key: value for key, value in part.items() if key != "value"}
                    | {"value": part["value"] if isinstance(part["value"], str) else "<file>"}
                    for part in kwargs.get("multipart") or []
                ],
                "files": [(file.filename, file.description, file.fp.read()) for file in files],
                "params": kwargs.get("params"),
                "reason": kwargs.get("reason"),
            }
        )
        return self.answer


@pytest.fixture
async def session() -> AsyncIterator[aiohttp.ClientSession]:
    """The session a webhook is made with (never used: the adapter answers)."""
    async with aiohttp.ClientSession() as opened:
        yield opened


def fields() -> dict[str, Any]:
    """A hand-like edit: an embed, component rows, a picture."""
    rows = ComponentRows()
    rows.add(button(components.EndTurnButton.id_for(5, 7), label="End turn"), row=0)
    embed = discord.Embed(title="Your hand", description="🟢 12 → A ↩", colour=discord.Colour.green())
    embed.add_field(name="Moves", value="B +4")
    picture = discord.File(io.BytesIO(b"\x89PNG picture"), filename="board.png", description="The board")
    return {"embed": embed, "view": rows, "attachments": [picture], "content": None}


def fake_interaction(message_id: int = 10) -> Any:
    state = SimpleNamespace(
        allowed_mentions=discord.AllowedMentions(everyone=False),
        http=SimpleNamespace(proxy=None, proxy_auth=None),
        prevent_view_updates_for=lambda message_id: None,
        store_view=lambda view, message_id: None,
    )
    interaction: Any = SimpleNamespace(
        id=99,
        token="token-of-the-click",
        type=discord.InteractionType.component,
        message=SimpleNamespace(id=message_id),
        channel=None,
        _state=state,
        _session=None,
    )
    interaction.response = discord.InteractionResponse(interaction)
    return interaction


async def recorded(adapter: RecordingAdapter, call: Any) -> list[dict[str, Any]]:
    token = async_context.set(adapter)
    try:
        await call
    finally:
        async_context.reset(token)
    return adapter.requests


async def test_a_click_updated_sends_what_discord_py_sends_and_the_click_is_answered() -> None:
    callback_answer = {"interaction": {"id": "99", "type": 3, "response_message_id": "10"}}
    theirs = fake_interaction()
    expected = await recorded(RecordingAdapter(callback_answer), theirs.response.edit_message(**fields()))
    ours = fake_interaction()
    sent = await recorded(RecordingAdapter(None), update_clicked_message(ours, **fields()))
    assert sent == expected and len(sent) == 1
    assert sent[0]["url"].endswith("/interactions/99/token-of-the-click/callback")
    assert ours.response.is_done() and ours.response.type is discord.InteractionResponseType.message_update
    with pytest.raises(discord.InteractionResponded):
        await update_clicked_message(ours, content="twice")


async def test_a_webhook_message_edited_sends_what_discord_py_sends(session: aiohttp.ClientSession) -> None:
    for message_id in (10, "@original"):
        webhook = discord.Webhook.partial(1, "token-of-the-click", session=session)
        expected = await recorded(RecordingAdapter(MESSAGE), webhook.edit_message(message_id, **fields()))  # type: ignore[arg-type]
        sent = await recorded(RecordingAdapter(None), edit_webhook_message(webhook, message_id, **fields()))
        assert sent == expected and len(sent) == 1
        assert sent[0]["method"] == "PATCH" and sent[0]["url"].endswith(
            f"/messages/{message_id}".replace("@", "%40")
        )
        edited = webhook.edit_message(message_id, content="x")  # type: ignore[arg-type]
        content_only = await recorded(RecordingAdapter(MESSAGE), edited)
        assert (
            await recorded(RecordingAdapter(None), edit_webhook_message(webhook, message_id, content="x"))
            == content_only
        )


async def test_discord_answer_is_not_read(session: aiohttp.ClientSession) -> None:
    """An answer discord.py could not read into a message (here: none at all) does not matter: it is never read,
    where discord.py's own calls read it whole."""
    webhook = discord.Webhook.partial(1, "token", session=session)
    with pytest.raises(TypeError):
        await recorded(RecordingAdapter(None), webhook.edit_message(10, content="x"))
    await recorded(RecordingAdapter(None), edit_webhook_message(webhook, 10, content="x"))
    with pytest.raises(TypeError):
        await recorded(RecordingAdapter(None), fake_interaction().response.edit_message(content="x"))
    await recorded(RecordingAdapter(None), update_clicked_message(fake_interaction(), content="x"))


async def test_a_view_discord_py_must_keep_goes_through_discord_py(session: aiohttp.ClientSession) -> None:
    """A view with items to dispatch is stored by discord.py's call for its clicks: that call makes the edit."""
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Kept", custom_id="kept"))
    webhook = discord.Webhook.partial(1, "token", session=session)
    with pytest.raises(ValueError, match="associated state"):  # discord.py's own refusal: it was asked
        await recorded(RecordingAdapter(MESSAGE), edit_webhook_message(webhook, 10, view=view))
