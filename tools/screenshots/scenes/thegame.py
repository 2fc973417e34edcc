"""The Game: Alice opens a table, Bob joins from his phone, they play a whole game with the hand's buttons (each
turn as **Hint** would advise it), and put markers on the piles through the board's menu."""

from __future__ import annotations

from bot.games.thegame.ai import strong_strategy
from bot.games.thegame.session import TheGameSession
from bot.games.thegame.ui.board import session_of
from tools.screenshots.stage import Stage
from tools.screenshots.typing import slash

DEAL = "QMHWRTCS"
PLAYERS = ("alice", "bob")
ADVISER = strong_strategy()  # what Hint advises: it reads only the seat's own hand and the piles
CHAT = {
    "en": "I can go low on C, keep it for me",
    "fr": "je peux descendre doucement sur C, gardez-la-moi",
    "de": "ich kann auf C ganz sachte runter, lasst sie mir",
}


def session(stage: Stage) -> TheGameSession:
    return session_of(stage.table())


async def play_thegame(stage: Stage) -> None:
    if stage.language == "de":  # a French player at a German table: his hand in French, the board in German
        stage.speaks["bob"] = "fr"
    await stage.server_speaks()
    await stage.command("alice", slash(stage.language, "game new", deal=DEAL))
    table_id = stage.table().id
    await stage.click("bob", f"tg:join:{table_id}")
    await stage.shot("lobby", "bob")
    await stage.click("alice", f"tg:start:{table_id}")
    for name in PLAYERS:
        await stage.click(name, f"tg:hand:{table_id}")
    await stage.click("alice", f"tg:first:{table_id}")

    # Alice's first turn: a card played, Bob's word in the chat, her second card chosen (the piles' buttons
    # then show where it would go).
    plan = advice(stage)
    await play(stage, *plan[0])
    await stage.say("bob", CHAT[stage.language_of("bob")])
    await choose(stage, plan[1][0])
    await stage.shot("turn", "alice")
    if stage.language == "en":
        await stage.shot("desktop", "alice", desktop=True)
    await play(stage, *plan[1], chosen=True)
    await end_turn(stage)
    await stage.choose("bob", f"tg:gs:{table_id}:mark", ["C.small_steps"])
    await stage.choose("alice", f"tg:gs:{table_id}:mark", ["B.keep_off"])
    await stage.shot("markers", "alice", message=stage.table().board_message_id, align="start")
    await stage.shot("bobs-hand", "bob")

    while stage.table_or_none() is not None:
        for card, pile in advice(stage):
            await play(stage, card, pile)
            if stage.table_or_none() is None:
                break
        else:
            await end_turn(stage)
    await stage.shot("summary", "alice")


def on_turn(stage: Stage) -> tuple[str, int]:
    """Who is on turn: their name and their seat."""
    seat = session(stage).game.current_player
    assert seat is not None
    return PLAYERS[seat], seat


def advice(stage: Stage) -> list[tuple[int, str]]:
    """The cards the player on turn plays this turn, and where, as Hint advises."""
    _, seat = on_turn(stage)
    state = session(stage)
    return list(ADVISER.plan_turn(state.game, seat, state.markers_seen_by(seat)).plays)


async def choose(stage: Stage, card: int) -> None:
    name, _ = on_turn(stage)
    await stage.click(name, f"tg:card:{stage.table().id}:{card}:{stage.user(name).id}")


async def play(stage: Stage, card: int, pile: str, *, chosen: bool = False) -> None:
    """The card's button, then the pile's (and "anyway" when the move would end the game)."""
    name, _ = on_turn(stage)
    owner, table_id = stage.user(name).id, stage.table().id
    played, turn = session(stage).game.played_this_turn, session(stage).game.turn_number
    if not chosen:
        await choose(stage, card)
    await stage.click_matching(name, rf"tg:play:{table_id}:{card}:{pile}:[01]:{owner}")
    state = stage.table_or_none()
    if state is not None and (session(stage).game.played_this_turn, session(stage).game.turn_number) == (
        played,
        turn,
    ):
        await stage.click(name, f"tg:play:{table_id}:{card}:{pile}:1:{owner}")


async def end_turn(stage: Stage) -> None:
    name, _ = on_turn(stage)
    await stage.click(name, f"tg:end:{stage.table().id}:{stage.user(name).id}")
