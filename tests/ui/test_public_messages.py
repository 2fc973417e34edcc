"""Which interaction token may post in a channel and touch which public message, and for how long."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import discord

from bot.ui.public_messages import FRESH, RENEW_AFTER, TOKEN_LIFETIME, PublicMessages

CHANNEL = 7
UPDATE = discord.InteractionResponseType.message_update
ANSWER = discord.InteractionResponseType.channel_message


class Clock:
    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


def interaction(
    token: str, at: float, *, answered: Any = ANSWER, clicked: int | None = None, ephemeral: bool = False
) -> Any:
    """What PublicMessages reads of a discord.py interaction: its token, channel, time, answer and message."""
    message = None
    if clicked is not None:
        message = SimpleNamespace(id=clicked, flags=SimpleNamespace(ephemeral=ephemeral))
    response = SimpleNamespace(is_done=lambda: answered is not None, type=answered)
    return SimpleNamespace(
        token=token,
        channel_id=CHANNEL,
        created_at=datetime.fromtimestamp(at, UTC),
        response=response,
        message=message,
    )


def messages() -> tuple[PublicMessages, Clock]:
    clock = Clock()
    client = SimpleNamespace(application_id=1)
    return PublicMessages(client, clock=clock), clock  # type: ignore[arg-type]


def test_the_newest_answered_interaction_posts_and_an_unanswered_one_never_does() -> None:
    public, clock = messages()
    public.note_interaction(interaction("unanswered", clock.now, answered=None))
    assert not public.can_post(CHANNEL)
    public.note_interaction(interaction("new", clock.now))
    public.note_interaction(interaction("older, noted late", clock.now - 30))
    newest = public._channels[CHANNEL].newest
    assert newest is not None and newest.token == "new"
    clock.now += TOKEN_LIFETIME
    assert not public.can_post(CHANNEL), "expired: the channel's routes take over"


def test_a_click_reaches_the_public_message_it_updated_and_nothing_else() -> None:
    public, clock = messages()
    public.note_interaction(interaction("hand click", clock.now, answered=UPDATE, clicked=11, ephemeral=True))
    public.note_interaction(interaction("private answer", clock.now, clicked=12))
    assert not public.can_edit(CHANNEL, 11) and not public.can_edit(CHANNEL, 12)
    public.note_interaction(interaction("board click", clock.now, answered=UPDATE, clicked=13))
    assert public.can_edit(CHANNEL, 13)
    handle = public._channels[CHANNEL].handles[13]  # type: ignore[index]
    assert (handle.live.token, handle.reference) == ("board click", "@original")


def test_a_board_is_posted_again_only_when_its_token_is_old_and_a_fresh_one_is_at_hand() -> None:
    public, clock = messages()
    public.note_interaction(interaction("start", clock.now, answered=UPDATE, clicked=13))
    clock.now += RENEW_AFTER - 1
    public.note_interaction(interaction("play", clock.now))
    assert not public.worth_posting_again(CHANNEL, 13), "its token still has minutes to live"
    clock.now += 2
    assert public.worth_posting_again(CHANNEL, 13)
    clock.now += FRESH
    assert not public.worth_posting_again(CHANNEL, 13), "no fresh token: nothing would be gained"


def test_only_the_newest_token_and_those_reaching_messages_are_kept() -> None:
    public, clock = messages()
    public.note_interaction(interaction("board click", clock.now, answered=UPDATE, clicked=13))
    for number in range(1000):
        public.note_interaction(interaction(f"click {number}", clock.now + number / 1000))
    kept = public._channels[CHANNEL]
    assert kept.newest is not None and kept.newest.token == "click 999"
    assert [handle.live.token for handle in (kept.handles or {}).values()] == ["board click"]
    clock.now += TOKEN_LIFETIME + 120
    public.note_interaction(interaction("next day", clock.now))  # prunes what expired
    assert public._channels[CHANNEL].handles == {}
