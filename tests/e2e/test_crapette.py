"""Crapette through Discord: a whole game of a human against the AI, with a right and a wrong "Crapette!" call."""

from __future__ import annotations

from typing import Any

from bot.games.crapette import STRATEGIES, TURN_STOCK, Crapette, parse_move
from bot.games.crapette.engine import REPETITIONS_IN_A_TURN
from bot.games.crapette.moves import Move
from bot.games.crapette.session import CrapetteSession
from bot.games.crapette.words import top_card
from bot.games.deal_codes import seed_to_deal_code
from bot.ui.menu_values import read_seen_card
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
    table_id = await driver.crapette(world.alice)
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
    call = driver.board().find_component(f"tg:g:{table_id}:call")
    assert call is not None and call["disabled"], "a button Alice cannot use on her turn, greyed in its place"
    while await my_turn(driver, table_id) and actions < 1500:
        game = engine(driver)
        view = game.view(HUMAN)
        if not broke_the_rule and game.player(HUMAN) is not None:
            moves = [action for action in game.legal_actions(HUMAN) if isinstance(action, Move)]
            menu = driver.board().find_component(f"tg:gs:{table_id}:mv") or {}
            # Each option's value is the move's code and the card the menu shows moving (`c3>c5@9D/0`).
            offered = {move_code(option): option["value"] for option in menu.get("options", [])}
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
                # The AI's turn waits while the board is read: at its usual pace on a loaded machine it played
                # its whole turn first, and the call line had left the board (seen in runs in parallel).
                driver.bot.ai_turns._delay = 3.0
                result = await driver.emulator.select(
                    world.alice, driver.board(), f"tg:gs:{table_id}:mv", [offered[str(wrong[0])]]
                )
                assert (await result.response()).type == 7, "the board itself answers the menu"
                await driver.settle()
                verdict = last_private(result)
                assert verdict.ephemeral and verdict.visible_to(world.alice)
                # In the second person: what Alice did, what she missed, and why.
                assert verdict.content.startswith("📣 Crapette! Your opponent caught you: before playing ")
                assert f"you had to play {must_move} " in verdict.content
                assert "a card that can go to a foundation goes there first" in verdict.content or (
                    "a move that empties a side pile comes before anything" in verdict.content
                )
                # Everyone at the table sees it on the board (a person called on by another person would
                # otherwise only see their turn end).
                assert f"called Crapette! on Alice: {must_move} " in driver.board().text
                assert engine(driver).crapettes_called(AI) == 1
                driver.bot.ai_turns._delay = 0.01
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
    table_id = await driver.crapette(world.alice)
    assert await my_turn(driver, table_id)
    world.alice.locale = "fr"  # a French player on an English server: the suggestions are hers alone
    choices = await driver.emulator.autocomplete(world.alice, driver.channel, "move", {"move": ""}, "move")
    names = [choice["name"] for choice in choices]
    values = [choice["value"] for choice in choices]
    assert "Retourner une carte (retourner)" in names, names
    sources = {value.split(">")[0].rstrip("0123456789") for value in values if ">" in value}
    assert sources and sources <= {"cr", "re", "de", "p"}, values
    assert not any(value.startswith(("s", "st", "di")) for value in values), "French letters: p for pile"
    assert not any("opponent" in name or "turned card" in name for name in names), "no English left"


async def test_a_person_called_on_by_another_is_told_privately_what_they_missed(
    driver: TableDriver, world: World
) -> None:
    table_id, users = await two_people(driver, world)
    brain = STRATEGIES["strong"]()
    for _ in range(200):  # play well until the player on turn can break the rule from the menu
        game = engine(driver)
        seat = game.current_player
        menu = driver.board().find_component(f"tg:gs:{table_id}:mv") or {}
        options = menu.get("options", [])
        marked = [option for option in options if option.get("emoji", {}).get("name") == "❗"]
        wrong = [
            option
            for option in options
            if game.priority_violation(parse_move(move_code(option)) or TURN_STOCK)
        ]
        if marked and wrong:
            break
        await driver.command(users[seat], "move", move=str(brain.choose_action(game.view(seat))))
    else:
        raise AssertionError("no chance to break the rule in 200 actions")
    offender, caller = users[seat], users[1 - seat]
    assert options[: len(marked)] == marked, "what the rule asks comes first in the menu, marked"
    assert all(option["description"] == "Comes first: the priority rule asks for it" for option in marked)
    values = [move_code(option) for option in options]
    assert len({(value.split(">")[0], value.split(">")[1][0]) for value in values if ">f" in value}) == len(
        [value for value in values if ">f" in value]
    ), "a card is listed once for the foundations, not once per foundation"
    missed = game.priority_violation(parse_move(move_code(wrong[0])) or TURN_STOCK)
    assert missed is not None
    must_move = str(top_card(game, seat, missed.missed.source))
    broke = await driver.command_result(offender, "move", move=move_code(wrong[0]))
    call = await driver.click_result(caller, driver.board(), f"tg:g:{table_id}:call")
    await driver.settle()
    verdict = private(call.followups)[-1]  # the board and the turn line may go out through it too
    assert verdict.visible_to(caller) and not verdict.visible_to(offender)
    said = SAID[caller.locale[:2]]
    assert verdict.content.startswith(said["right"]) and must_move in verdict.content
    told = private(broke.followups)[-1]  # through the offender's own last interaction: only they see it
    assert told.ephemeral and told.visible_to(offender) and not told.visible_to(caller)
    said = SAID[offender.locale[:2]]
    assert told.content.startswith(said["caught"]) and said["missed"].format(must_move) in told.content
    assert told.content.endswith(said["over"])
    assert engine(driver).current_player == 1 - seat
    # A wrong call now: the caller is told why, in the second person.
    wrong_call = await driver.click_result(offender, driver.board(), f"tg:g:{table_id}:call")
    assert private(wrong_call.followups)[-1].content == said["wrong"]


async def two_people(driver: TableDriver, world: World) -> tuple[int, dict[int | None, Any]]:
    """Alice and Bob at a Crapette table on deal 4, started: the table's id and who sits in each seat."""
    table_id = await driver.crapette(world.alice, world.bob)
    return table_id, {driver.table().seat_of(user.id): user for user in (world.alice, world.bob)}


def move_code(option: dict[str, Any]) -> str:
    """The move of a menu option (its value also names the card the menu showed moving)."""
    return read_seen_card(option["value"])[0]


def private(messages: list[Any]) -> list[Any]:
    """The private ones among an interaction's follow-ups (public updates go through it as well)."""
    return [message for message in messages if message.ephemeral and not message.deleted]


SAID = {
    "en": {
        "right": "📣 Crapette! Right call: the move to make first was ",
        "caught": "📣 Crapette! Your opponent caught you: before playing ",
        "missed": "you had to play {} ",
        "over": "Your turn is over.",
        "wrong": "📣 Crapette! Wrong call: your opponent has not played yet this turn. You miss your next turn.",
    },
    "fr": {
        "right": "📣 Crapette\xa0! Bien vu\xa0: il fallait d'abord jouer ",
        "caught": "📣 Crapette\xa0! Ton adversaire t'a pris\xa0: avant de jouer ",
        "missed": "tu devais jouer {} ",
        "over": "Ton tour s'arrête.",
        "wrong": "📣 Crapette\xa0! Raté\xa0: ton adversaire n'a encore rien joué à ce tour. Tu passeras ton prochain tour.",
    },
}


def privately_seen(driver: TableDriver, user: Any) -> list[Any]:
    return [message for message in driver.channel.visible_messages(user) if message.ephemeral]


async def test_moves_leave_no_private_message_and_hints_share_one(driver: TableDriver, world: World) -> None:
    """Seen at phone width: every `/move` left its own private "Done." under the board, and every hint its own
    message. A move that works says nothing (the board shows it); a refusal is said; hints edit one message."""
    table_id, users = await two_people(driver, world)
    brain = STRATEGIES["strong"]()
    for _ in range(12):
        game = engine(driver)
        user = users[game.current_player]
        before = len(privately_seen(driver, user))
        action = brain.choose_action(game.view(game.current_player))
        result = await driver.command_result(user, "move", move=str(action))
        assert result.acknowledged
        assert len(privately_seen(driver, user)) == before, f"/move {action} left a private message"
    user = users[engine(driver).current_player]
    before = len(privately_seen(driver, user))
    refused = await driver.command(user, "move", move="zz")
    assert refused.ephemeral and refused.content, "a refusal is said"
    assert len(privately_seen(driver, user)) == before + 1
    for _ in range(3):
        await driver.click(user, driver.board(), f"tg:hint:{table_id}")
    hints = privately_seen(driver, user)[before + 1 :]
    assert len(hints) == 1 and hints[0].content, "three hints, one message edited in place"


async def test_a_turn_that_goes_round_in_circles_ends_and_its_player_is_told_why(
    driver: TableDriver, world: World
) -> None:
    """By rules version 2 a player about to lose could draw any game by moving one side card back and forth: the
    twentieth time the side piles came back, the game was drawn. Now the turn ends there and the game goes on."""
    table_id, users = await two_people(driver, world)
    seat = engine(driver).current_player
    user = users[seat]
    answer = None
    for _ in range(REPETITIONS_IN_A_TURN):
        await driver.command(user, "move", move="s1>s5")
        answer = await driver.command(user, "move", move="s5>s1")
        if engine(driver).current_player != seat:
            break
    game = engine(driver)
    assert game.current_player == 1 - seat and not game.is_over and playing(driver, table_id)
    assert answer is not None and answer.ephemeral
    assert answer.content == (
        f"🔁 Your turn ends here: you brought the same side piles back {REPETITIONS_IN_A_TURN} times, and a turn "
        "may not go round in circles."
    )
    board = driver.board().text
    assert (
        f"went round in circles (the same side piles {REPETITIONS_IN_A_TURN} times): the turn ends" in board
    )
