"""Klondike in the Activity, in a real Chromium on a phone held upright (390 px), inside the playground's frame with
Discord's own SDK: cards and runs dragged onto columns and foundations and tapped then their target tapped, the
stock tapped to draw, Undo, a card dropped where it cannot go refused with the bot's own sentence; each move is the
game's own, saved, and shown on the channel's board."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.deal_codes import seed_to_deal_code
from bot.games.klondike.moves import DRAW, Move
from bot.games.klondike.session import KlondikeSession
from bot.playground.run import RunningPlayground
from bot.ui.i18n import t
from tests.activity.browser import assert_fits_the_phone, drag_slowly
from tests.activity.conftest import PAGE_BUILT
from tests.playground.conftest import ARTIFACTS
from tests.playground.helpers import until

pytestmark = pytest.mark.skipif(not PAGE_BUILT, reason="the Activity's page is not built: make activity")


def session_of(table: Any) -> KlondikeSession:
    session = table.require_session()
    assert isinstance(session, KlondikeSession)
    return session


def worth_making(session: KlondikeSession) -> Move | None:
    """A move that gets somewhere (no card taken back from a foundation, no king run between empty columns)."""
    engine = session.engine
    for move in engine.legal_moves():
        if move == DRAW or move.source.startswith("foundation:"):
            continue
        if move.source.startswith("column:"):
            column = engine.columns[int(move.source[7:]) - 1]
            if column.face_down == 0 and move.count == len(column.face_up) and move.target != "foundation":
                continue
        return move
    return None


def source_of(frame: Any, session: KlondikeSession, move: Move) -> Any:
    """The card a finger picks up for `move` (the base of the run), and where on it (its corner, which the cards
    on it leave showing)."""
    engine = session.engine
    if move.source == "waste":
        return frame.locator(f'.waste .fanned[data-card="{engine.waste[-1].code}"]')
    column = engine.columns[int(move.source[7:]) - 1]
    base = column.face_up[len(column.face_up) - move.count]
    return frame.locator(f'[data-target="{move.source}"] .up[data-card="{base.code}"]').first


def target_of(frame: Any, session: KlondikeSession, move: Move) -> Any:
    if move.target == "foundation":
        card = session.engine.waste[-1] if move.source == "waste" else None
        if card is None:
            column = session.engine.columns[int(move.source[7:]) - 1]
            card = column.face_up[-1]
        return frame.locator(f'[data-target="foundation:{card.suit}"]')
    return frame.locator(f'[data-target="{move.target}"]')


CORNER = {"x": 12, "y": 8}
DEAL = seed_to_deal_code(24)  # a deal with card moves to make and draws between them


async def open_klondike(playground: RunningPlayground, open_page: Any) -> tuple[Any, Any, KlondikeSession]:
    """Alice opens Klondike (deal `DEAL`) on Discord, then the Activity on her phone, and starts it there."""
    emulator, world, bot = playground.emulator, playground.playground, playground.bot
    channel, alice = world.channel("table"), world.person("alice")
    page = await open_page("alice", phone=True)
    await (await emulator.slash(alice, channel, "game new", {"game": "klondike", "deal": DEAL})).response()
    board = await emulator.wait_for_message(channel, lambda m: bool(m.buttons))
    await (await emulator.click(alice, board, label="Open the table")).response()
    frame = page.frame_locator("iframe.activity-frame")
    await frame.get_by_role("button", name="Start").click()
    await until(lambda: bot.games.active_tables() and bot.games.active_tables()[0].session)
    session = session_of(bot.games.active_tables()[0])
    await frame.locator(".klondike .column").first.wait_for()
    return page, frame, session


async def drop_where_it_cannot_go(frame: Any, session: KlondikeSession) -> None:
    """A card dropped on a column that does not take it: the bot's own sentence, nothing changes."""
    engine = session.engine
    wrong = next(
        Move(f"column:{source}", f"column:{target}")
        for source in range(1, 8)
        for target in range(1, 8)
        if source != target and engine.refusal(Move(f"column:{source}", f"column:{target}")) is not None
    )
    before = engine.moves_made
    await source_of(frame, session, wrong).drag_to(target_of(frame, session, wrong), source_position=CORNER)
    refusal = engine.refusal(wrong)
    assert refusal is not None
    await frame.locator("#toast.refused").filter(has_text=t("en", f"klondike.{refusal.code}")).wait_for()
    assert engine.moves_made == before


async def test_klondike_on_a_phone_by_drag_tap_and_the_stock(
    playground: RunningPlayground, open_page: Any
) -> None:
    emulator, world, bot = playground.emulator, playground.playground, playground.bot
    channel = world.channel("table")
    page, frame, session = await open_klondike(playground, open_page)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(ARTIFACTS / "activity-klondike-start.png"))
    await drop_where_it_cannot_go(frame, session)
    engine = session.engine
    moves = {"drag": 0, "tap": 0, "stock": 0}
    while sum(moves.values()) < 14 and not engine.is_over:
        move = worth_making(session)
        made = engine.moves_made
        if move is None:
            await frame.locator(".stock").click()
            moves["stock"] += 1
        elif moves["drag"] == 0:
            # Held by a finger: the place it may go lights up, then it is let go there.
            await drag_slowly(page, source_of(frame, session, move), target_of(frame, session, move), CORNER)
            moves["drag"] += 1
        elif (moves["drag"] + moves["tap"]) % 2 == 0:
            await source_of(frame, session, move).drag_to(
                target_of(frame, session, move), source_position=CORNER
            )
            moves["drag"] += 1
        else:
            await source_of(frame, session, move).click(position=CORNER)
            await target_of(frame, session, move).click(position={"x": 20, "y": 10})
            moves["tap"] += 1
        await until(lambda made=made: engine.moves_made > made, what=f"{move or 'draw'} saved")
        # The channel's board says so.
        await emulator.wait_for(
            lambda: any(f"moves {engine.moves_made}" in m.text for m in channel.messages if m.embeds)
        )
        await until(lambda: not bot.games.any_table_held())
    await page.screenshot(path=str(ARTIFACTS / "activity-klondike.png"))
    await assert_fits_the_phone(frame)
    made = engine.moves_made
    await frame.get_by_role("button", name="Undo").click()
    await until(lambda: engine.undos_used == 1, what="the undo saved")
    assert moves["stock"] >= 1 and moves["drag"] >= 2 and moves["tap"] >= 2, moves
    assert engine.moves_made == made  # an undo is not a move
    assert page.errors == []
