"""Message edits whose answer the bot never reads: the same request as discord.py's, without reading the answer.

Discord answers an edit with the whole message, and discord.py reads it into a `Message` (its embeds, each button
and menu option of its components, its author...) that the bot then drops: a private hand answering a click, the
other players' hands, the board and the turn line edited after a play. Measured on `benchmarks/bot_load.py`, that
reading was about 5% of the bot's CPU per play. These functions send the request discord.py's
`InteractionResponse.edit_message` and `Webhook.edit_message` send (the same route, query, payload and files,
written by discord.py's own helpers), and leave the answer unread; Discord's errors are raised as before
(`discord.HTTPException`). A view that discord.py must keep for its clicks (not finished, with items to dispatch)
goes through discord.py's own call, which stores it. `tests/ui/test_message_edits.py` checks that both send exactly
what discord.py sends (discord.py 2.7.1's internals: `async_context`, `handle_message_parameters`,
`interaction_message_response_params`).
"""

from __future__ import annotations

from typing import Any

import discord
from discord.enums import InteractionResponseType, InteractionType
from discord.http import handle_message_parameters
from discord.utils import MISSING
from discord.webhook.async_ import async_context, interaction_message_response_params

# What an edit may change here; anything else goes through discord.py's own call.
EDITED_FIELDS = frozenset({"content", "embed", "embeds", "attachments", "view", "allowed_mentions"})


def _kept_by_discord_py(fields: dict[str, Any]) -> bool:
    """Whether discord.py's own call must make this edit: a field not handled here, or a view it must store."""
    if not EDITED_FIELDS.issuperset(fields):
        return True
    view: Any = fields.get("view")
    return bool(view) and not view.is_finished() and view.is_dispatchable()


async def update_clicked_message(interaction: discord.Interaction[Any], **fields: Any) -> None:
    """`interaction.response.edit_message(**fields)` (the message clicked becomes this), answer unread."""
    response = interaction.response
    if _kept_by_discord_py(fields):
        await response.edit_message(**fields)
        return
    if response.is_done():
        raise discord.InteractionResponded(interaction)
    if interaction.type not in (InteractionType.component, InteractionType.modal_submit):
        return  # as discord.py: only a click (or a form) on a message can update it
    state = interaction._state
    view = fields.get("view", MISSING)
    if view is not MISSING and interaction.message is not None:
        state.prevent_view_updates_for(interaction.message.id)
    params = interaction_message_response_params(
        type=InteractionResponseType.message_update.value,
        content=fields.get("content", MISSING),
        embed=fields.get("embed", MISSING),
        embeds=fields.get("embeds", MISSING),
        view=view,
        attachments=fields.get("attachments", MISSING),
        previous_allowed_mentions=state.allowed_mentions,
        allowed_mentions=fields.get("allowed_mentions", MISSING),
    )
    http = state.http
    await async_context.get().create_interaction_response(
        interaction.id,
        interaction.token,
        session=interaction._session,
        proxy=http.proxy,
        proxy_auth=http.proxy_auth,
        params=params,
    )
    response._response_type = InteractionResponseType.message_update


async def edit_webhook_message(webhook: discord.Webhook, message_id: int | str, **fields: Any) -> None:
    """`webhook.edit_message(message_id, **fields)` (`"@original"` for the original response), answer unread."""
    if _kept_by_discord_py(fields):
        await webhook.edit_message(message_id, **fields)  # type: ignore[arg-type]
        return
    if webhook.token is None:
        raise ValueError("This webhook does not have a token associated with it")
    view = fields.get("view", MISSING)
    with handle_message_parameters(
        content=fields.get("content", MISSING),
        attachments=fields.get("attachments", MISSING),
        embed=fields.get("embed", MISSING),
        embeds=fields.get("embeds", MISSING),
        view=view,
        allowed_mentions=fields.get("allowed_mentions"),
        previous_allowed_mentions=getattr(webhook._state, "allowed_mentions", None),
    ) as params:
        await async_context.get().edit_webhook_message(
            webhook.id,
            webhook.token,
            message_id,  # type: ignore[arg-type]
            session=webhook.session,
            proxy=webhook.proxy,
            proxy_auth=webhook.proxy_auth,
            payload=params.payload,
            multipart=params.multipart,
            files=params.files,
            thread_id=None,
            with_components=bool(view),
        )
