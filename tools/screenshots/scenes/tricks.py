"""Hearts and Barbu: Alice against three AI seats, a whole game (Hearts) or a whole cycle of contracts (Barbu),
every card played with her hand's buttons and Hearts' pass with its menu. She plays as the AI would advise her
(the advice reads only her own seat's view)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.emulator import Message
from bot.games.cards import Card
from bot.games.hearts.ai import StrongStrategy
from bot.games.hearts.options import Phase
from bot.games.trick_session import TrickSession
from tools.screenshots.stage import Stage
from tools.screenshots.typing import slash

HEARTS_DEAL = "KTNWDPHB"
BARBU_DEAL = "GZRPQVSM"
PICTURE_TRICK = 4  # the trick pictured in progress (counted from 1), in the first hand
HEARTS_ADVISER = StrongStrategy()
# A moment to picture: called with the stage when it comes.
Moment = Callable[[Stage], Awaitable[None]]


def session(stage: Stage) -> TrickSession:
    found = stage.table().session
    assert isinstance(found, TrickSession)
    return found


async def open_table(stage: Stage, game: str, deal: str) -> int:
    """Alice opens the table, seats three AI players, starts, and opens her hand."""
    await stage.server_speaks()
    await stage.command("alice", slash(stage.language, "game new", game=game, deal=deal))
    table_id = stage.table().id
    for _ in range(3):
        await stage.click("alice", f"tg:addai:{table_id}")
    await stage.shot("lobby", "alice")
    await stage.click("alice", f"tg:start:{table_id}")
    await stage.click("alice", f"tg:hand:{table_id}")
    return table_id


def newest_result(stage: Stage, after: int) -> Message:
    """The message a finished hand leaves in the channel (the newest public one with an embed, not the board)."""
    board = stage.table().board_message_id if stage.table_or_none() is not None else None
    found = [
        message
        for message in stage.channel.messages
        if not message.ephemeral
        and message.embeds
        and message.id not in (board, after)
        and message.id > after
    ]
    assert found, "no message for the finished hand"
    return found[-1]


async def play_until_the_end(
    stage: Stage, table_id: int, *, trick: str = "trick", over: str = "hand-over", over_shots: int = 1
) -> None:
    """Alice's turns until the game is over; the pictures of a trick in progress (with her hand), of the first
    hands' results, and of the final scores."""
    alice = stage.user("alice")
    seat = stage.table().seat_of(alice.id)
    assert seat is not None
    hands_seen = 0  # the engines count hands from 0
    trick_taken = False
    last_message = max(message.id for message in stage.channel.messages)
    board = stage.table().board_message_id
    while True:
        await stage.wait_for(
            lambda: stage.table_or_none() is None or seat in stage.table().seats_to_act,
            "Alice's turn",
        )
        await stage.settle()
        if stage.table_or_none() is None:
            break
        engine = session(stage).engine
        board = stage.table().board_message_id
        if engine.hand_number > hands_seen:  # a hand is over: its message stays in the channel
            if hands_seen < over_shots:
                result = newest_result(stage, last_message)
                await stage.shot(
                    over if hands_seen == 0 else f"{over}-{hands_seen + 1}",
                    "alice",
                    message=result.id,
                    align="start",
                )
            hands_seen = engine.hand_number
            last_message = max(message.id for message in stage.channel.messages)
        if not trick_taken and trick_in_progress(stage, seat):
            await stage.shot(trick, "alice", message=board, align="start")
            trick_taken = True
        await act(stage, table_id, seat)
    await stage.shot("final", "alice", message=board, align="start")  # the board became the final scores


def trick_in_progress(stage: Stage, seat: int) -> bool:
    """Alice's turn in the first hand's PICTURE_TRICK-th trick or later, two cards or more on the table."""
    engine = session(stage).engine
    if engine.hand_number != 0 or phase_of(engine) != Phase.PLAYING:
        return False
    tricks_done = len(engine.plays_this_hand) // engine.players
    return tricks_done >= PICTURE_TRICK - 1 and len(engine.current_trick) >= 2


def phase_of(engine: object) -> str:
    """Where the hand stands, by name (Hearts and Barbu each have their own phases: "passing", "playing"...)."""
    phase = getattr(engine, "phase", Phase.PLAYING)
    return str(getattr(phase, "value", phase))


async def act(stage: Stage, table_id: int, seat: int) -> None:
    engine = session(stage).engine
    alice = stage.user("alice")
    phase = phase_of(engine)
    if phase == Phase.PASSING:
        view = engine.view(seat)
        cards = HEARTS_ADVISER.choose_pass(view)
        values = [f"{card.code}.{index}" for card, index in copies(cards)]
        custom_id = f"tg:gs:{table_id}:pass.{engine.hand_number}:{alice.id}"
        first = engine.hand_number == 0
        await stage.choose("alice", custom_id, values, before_sending=pass_shot if first else None)
    elif phase == Phase.MOON_CHOICE:
        choice = HEARTS_ADVISER.choose_moon(engine.view(seat))
        await stage.click("alice", f"tg:g:{table_id}:m.{engine.hand_number}.{choice}")
    else:
        card = session(stage).choose_card(seat)
        await stage.click("alice", f"tg:g:{table_id}:p.{engine.hand_number}.{card.code}:{alice.id}")


async def pass_shot(stage: Stage) -> None:
    """The pass menu open, three cards ticked, with the hand above it."""
    hands = [message for message in stage.channel.messages if message.ephemeral and message.embeds]
    await stage.shot("pass", "alice", message=hands[-1].id, align="start")


def copies(cards: tuple[Card, ...] | list[Card]) -> list[tuple[Card, int]]:
    """Each card with the number of the copy it is (0, or 1 for a second deck's card)."""
    seen: dict[Card, int] = {}
    numbered = []
    for card in cards:
        numbered.append((card, seen.get(card, 0)))
        seen[card] = seen.get(card, 0) + 1
    return numbered


async def play_hearts(stage: Stage) -> None:
    table_id = await open_table(stage, "hearts", HEARTS_DEAL)
    await play_until_the_end(stage, table_id)


async def play_barbu(stage: Stage) -> None:
    table_id = await open_table(stage, "barbu", BARBU_DEAL)
    await play_until_the_end(stage, table_id, trick="contract", over="contract-over", over_shots=2)
