"""Crapette through Discord: a whole game of a human against the AI, with a right and a wrong "Crapette!" call."""

from __future__ import annotations

from bot.games.crapette import STRATEGIES, Crapette
from bot.games.crapette.moves import Move
from bot.games.crapette.session import CrapetteSession
from bot.games.crapette.words import top_card
from bot.games.deal_codes import seed_to_deal_code
from tests.e2e.conftest import World
from tests.e2e.driver import TableDriver, last_private

HUMAN, AI = 0, 1


def engine(driver: TableDriver) -> Crapette:
    session = driver.table().require_session()
    assert isinstance(session, CrapetteSession)
    return session.engine


def playing(driver: TableDriver, table_id: int) -> bool:
    return driver.bot.games.get(table_id) is not None


async def my_turn(driver: TableDriver, table_id: int) -> bool:
    await driver.emulator.wait_for(
        lambda: not playing(driver, table_id) or engine(driver).current_player == HUMAN, timeout=30
    )
    await driver.settle()
    return playing(driver, table_id)


async def test_a_human_plays_the_ai_with_a_right_and_a_wrong_call(driver: TableDriver, world: World) -> None:
    await driver.command(world.alice, "game new", game="crapette", deal=seed_to_deal_code(4))
    table_id = driver.table().id
    await driver.click(world.alice, driver.board(), f"tg:addai:{table_id}")
    await driver.click(world.alice, driver.board(), f"tg:start:{table_id}")
    board = driver.board()
    assert board.attachments and board.attachments[0].filename == "crapette.png"
    brain = STRATEGIES["strong"]()  # the human's own moves: the strong player's, from the human's view
    broke_the_rule = called_wrongly = False
    must_move = ""
    actions = 0
    assert await my_turn(driver, table_id)
    assert "press **Crapette!**" not in driver.board().text, (
        "no help line for the AI watching, it calls itself"
    )
    assert f"tg:g:{table_id}:call" not in driver.board().custom_ids, (
        "nor a button Alice cannot use on her turn"
    )
    while await my_turn(driver, table_id) and actions < 1500:
        game = engine(driver)
        view = game.view(HUMAN)
        if not broke_the_rule and game.player(HUMAN) is not None:
            moves = [action for action in game.legal_actions(HUMAN) if isinstance(action, Move)]
            menu = driver.board().find_component(f"tg:gs:{table_id}:mv") or {}
            offered = {option["value"] for option in menu.get("options", [])}
            wrong = [
                move for move in moves if game.priority_violation(move) is not None and str(move) in offered
            ]
            if wrong:
                # Break the priority rule on purpose, from the board's menu: the AI calls "Crapette!" at once and
                # the turn ends. The board answers the click, and the verdict comes privately with it, naming
                # the card that had to move first.
                missed = game.priority_violation(wrong[0])
                assert missed is not None
                must_move = str(top_card(game, HUMAN, missed.missed.source))
                result = await driver.emulator.select(
                    world.alice, driver.board(), f"tg:gs:{table_id}:mv", [str(wrong[0])]
                )
                assert (await result.response()).type == 7, "the board itself answers the menu"
                await driver.settle()
                verdict = last_private(result)
                assert verdict.ephemeral and verdict.visible_to(world.alice)
                assert verdict.content.startswith("📣 Crapette! Right call: the move to make first was ")
                assert f"was {must_move} " in verdict.content
                # Everyone at the table sees it on the board (a person called on by another person would
                # otherwise only see their turn end).
                assert f"called Crapette! on Alice: {must_move} " in driver.board().text
                assert engine(driver).crapettes_called(AI) == 1
                broke_the_rule = True
                actions += 1
                continue
        action = brain.choose_action(view)
        if str(action) == "discard" and not called_wrongly and broke_the_rule:
            # After this discard the AI plays; press Crapette! before its first move: a wrong call.
            driver.bot.ai_turns._delay = 1.0
            await driver.command(world.alice, "move", move="discard")
            call = await driver.click(world.alice, driver.board(), f"tg:g:{table_id}:call")
            assert call.type == 7  # the board was updated in place
            assert engine(driver).wrong_calls(HUMAN) == 1 and engine(driver).penalties[HUMAN] == 1
            driver.bot.ai_turns._delay = 0.01
            called_wrongly = True
            actions += 1
            continue
        answer = await driver.command(world.alice, "move", move=str(action))
        assert answer.type in (4, 7), answer
        actions += 1
    await driver.settle()
    assert broke_the_rule and called_wrongly
    assert not playing(driver, table_id), "the game did not end"
    summary = next(
        m for m in reversed(driver.public_messages()) if f"tg:again:{table_id}:new" in m.custom_ids
    )
    assert summary.custom_ids == driver.summary_buttons(table_id), "a rematch, and the full log"
    log = await driver.click(world.alice, summary, f"tg:log:{table_id}:0")
    assert log.ephemeral and log.message is not None
    assert log.embeds[0]["title"].startswith("📜 Full log · page 1/")
    message, pages = log.message, []
    while True:  # every page, with Next
        pages.append(message.embeds[0]["description"])
        following = f"tg:log:{table_id}:{len(pages)}"
        if message.find_component(following) is None:
            break
        await driver.click(world.alice, message, following)
        message = driver.message(message.id)
    assert all(len(page) <= 2000 for page in pages)
    told = "\n".join(pages)
    assert told.startswith("**1.** ")
    assert "📣 Alice called Crapette! and was wrong: they miss their next turn." in told
    assert "⏭️ Alice misses a turn (a wrong call)." in told
    assert f"called Crapette! and was right: {must_move} " in told, (
        "the log names the card, as the verdict did"
    )
    assert told.splitlines()[-1].startswith(("🏆 ", "🤝 ")), "how it ended comes last"
    rows = [
        tuple(row)
        for row in await driver.bot.db.fetchall(
            "SELECT g.game, g.outcome, p.calls FROM games AS g JOIN game_players AS p ON p.game_id = g.id"
            " WHERE g.id = ? ORDER BY p.seat",
            (table_id,),
        )
    ]
    assert rows == [("crapette", "finished", 0), ("crapette", "finished", 1)]
    assert [
        row[0] for row in await driver.bot.db.fetchall("SELECT user_id FROM ratings WHERE game = 'crapette'")
    ] == [world.alice.id]


async def test_bad_crapette_input_changes_nothing(driver: TableDriver, world: World) -> None:
    await driver.command(world.alice, "game new", game="crapette", deal=seed_to_deal_code(5))
    table_id = driver.table().id
    await driver.click(world.bob, driver.board(), f"tg:join:{table_id}")
    await driver.click(world.alice, driver.board(), f"tg:start:{table_id}")
    game = engine(driver)
    saved = game.to_dict()
    users = {driver.table().seat_of(user.id): user for user in (world.alice, world.bob)}
    on_turn, waiting = users[game.current_player], users[1 - game.current_player]
    help_line = (
        f"{waiting.name.capitalize()}: if you saw a move that broke the priority rule, press **Crapette!**"
    )
    assert help_line in driver.board().text, "the person watching is told how to call"
    assert f"tg:g:{table_id}:call" in driver.board().custom_ids
    for user, text in (
        (waiting, "turn"),
        (on_turn, "call"),
        (on_turn, "xx>yy"),
        (on_turn, "oc>f1"),
        (world.mallory, "turn"),
    ):
        answer = await driver.command(user, "move", move=text)
        assert answer.ephemeral and answer.content, (user.name, text)
    assert engine(driver).to_dict() == saved


async def test_move_suggestions_speak_the_players_language(driver: TableDriver, world: World) -> None:
    await driver.command(world.alice, "game new", game="crapette", deal=seed_to_deal_code(4))
    table_id = driver.table().id
    await driver.click(world.alice, driver.board(), f"tg:addai:{table_id}")
    await driver.click(world.alice, driver.board(), f"tg:start:{table_id}")
    assert await my_turn(driver, table_id)
    world.alice.locale = "fr"  # a French player on an English server: the suggestions are hers alone
    choices = await driver.emulator.autocomplete(world.alice, driver.channel, "move", {"move": ""}, "move")
    names = [choice["name"] for choice in choices]
    assert "Retourner une carte (turn)" in names, names
    assert not any("opponent" in name or "turned card" in name for name in names), "no English left"
