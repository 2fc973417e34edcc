"""Klondike and Crapette, whose board is a picture with its controls on it: Alice plays Klondike alone and
Crapette against the AI with the board's menu and buttons (`/move` when a move is not in the menu); after Klondike
she reads `/help`, `/rules` and `/settings`, after Crapette her record (`/stats`, `/leaderboard`, `/history`).

Both games are being reworked: the scenes use only what a player uses (the board's menu and buttons, `/move`), so
that they keep working."""

from __future__ import annotations

from bot.emulator import Message
from bot.games.crapette import STRATEGIES
from bot.games.crapette.session import CrapetteSession
from tools.screenshots.stage import Stage
from tools.screenshots.typing import slash

KLONDIKE_DEAL = "VTQPDMBZ"
CRAPETTE_DEAL = "HXWKMRNC"
KLONDIKE_MOVES = 24  # then the board is pictured, a hint asked, and the deal given up
CRAPETTE_ACTIONS = 40  # Alice's actions before the picture; then she stops the game
BUTTONS = (
    "turn",
    "discard",
    "end",
)  # Crapette's actions that are buttons on the board, not moves of its menu
REPEATS_AVOIDED = 6  # a move chosen in the last few is not chosen again (a card sent back and forth)


def board(stage: Stage) -> Message:
    return stage.message(stage.table().board_message_id)


async def play_klondike(stage: Stage) -> None:
    await stage.server_speaks()
    await stage.command("alice", slash(stage.language, "game new", game="klondike", deal=KLONDIKE_DEAL))
    table_id = stage.table().id
    await stage.click("alice", f"tg:start:{table_id}")
    recent: list[str] = []
    for _ in range(KLONDIKE_MOVES):
        if stage.table_or_none() is None:
            return
        auto = board(stage).find_component(f"tg:g:{table_id}:auto") or {}
        if auto and not auto.get("disabled"):  # every safe card to the foundations
            await stage.click("alice", f"tg:g:{table_id}:auto")
            continue
        menu = board(stage).find_component(f"tg:gs:{table_id}:mv")
        values = [option["value"] for option in (menu or {}).get("options", [])]
        # Never a card back from a foundation; a card sent back and forth between two columns not again for a while.
        fresh = [
            value
            for value in values
            if not value.startswith("f") and (value not in recent[-REPEATS_AVOIDED:] or value.endswith(">f"))
        ]
        if fresh:
            recent.append(fresh[0])
            await stage.choose("alice", f"tg:gs:{table_id}:mv", [fresh[0]])
        else:
            await stage.click_matching(
                "alice", rf"tg:g:{table_id}:draw(\.\d+)?"
            )  # Draw carries the table's step
    await stage.shot("board", "alice", message=stage.table().board_message_id, align="end")
    await stage.click("alice", f"tg:hint:{table_id}")
    await stage.shot("hint", "alice")
    await stage.click("alice", f"tg:g:{table_id}:giveup")
    await stage.click_matching("alice", rf"tg:g:{table_id}:giveup\.yes:\d+")
    await stage.wait_for(lambda: stage.table_or_none() is None, "the end of the game")
    await stage.shot("summary", "alice")
    # The help a newcomer reads, and the server's settings its owner opens (Alice owns the server).
    await look_at(
        stage, ("help", "help", {}), ("rules", "rules", {"game": "klondike"}), ("settings", "settings", {})
    )


async def play_crapette(stage: Stage) -> None:
    await stage.server_speaks()
    await stage.command("alice", slash(stage.language, "game new", game="crapette", deal=CRAPETTE_DEAL))
    table_id = stage.table().id
    await stage.click("alice", f"tg:addai:{table_id}")
    await stage.click("alice", f"tg:start:{table_id}")
    adviser = STRATEGIES["strong"]()  # Alice's moves: the strong player's, from her own view
    alice = stage.user("alice")
    for _ in range(CRAPETTE_ACTIONS):
        await stage.wait_for(
            lambda: stage.table_or_none() is None or alice_to_play(stage), "Alice's turn", timeout=180
        )
        await stage.settle()
        if stage.table_or_none() is None:
            break
        seat = stage.table().seat_of(alice.id)
        assert seat is not None
        action = str(adviser.choose_action(crapette(stage).engine.view(seat)))
        menu = board(stage).find_component(f"tg:gs:{table_id}:mv")
        if action in BUTTONS:
            await stage.click("alice", f"tg:g:{table_id}:{action}")
        elif action in [option["value"] for option in (menu or {}).get("options", [])]:
            await stage.choose("alice", f"tg:gs:{table_id}:mv", [action])
        else:
            await stage.command("alice", slash(stage.language, "move", move=action))
    await stage.shot("board", "alice", message=stage.table().board_message_id, align="end")
    await stage.command("alice", slash(stage.language, "game stop"))
    await stage.shot("give-up", "alice")  # a rated game: she is asked first, privately
    await stage.click("alice", f"tg:forfeit:{table_id}:yes")
    await stage.wait_for(lambda: stage.table_or_none() is None, "the game given up")
    await stage.settle()
    await stage.shot("summary", "alice")
    # What a player looks at afterwards, in the server's language: their record, the ratings, the history.
    await look_at(
        stage,
        ("stats", "stats", {}),
        ("leaderboard", "leaderboard", {"game": "crapette"}),
        ("history", "history", {}),
    )


async def look_at(stage: Stage, *screens: tuple[str, str, dict[str, str]]) -> None:
    """Alice types each command (its English name and options, in her language) and its answer is pictured under
    the screen's name."""
    for name, command, options in screens:
        await stage.command("alice", slash(stage.language, command, **options))
        await stage.shot(name, "alice")


def crapette(stage: Stage) -> CrapetteSession:
    session = stage.table().session
    assert isinstance(session, CrapetteSession)
    return session


def alice_to_play(stage: Stage) -> bool:
    seat = stage.table().seat_of(stage.user("alice").id)
    return seat is not None and crapette(stage).engine.current_player == seat
