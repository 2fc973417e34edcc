"""What the soak found, one focused test each (the real bot, in process, against the emulator)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.app import TheGameBot
from bot.emulator import Emulator, RunningClient
from bot.emulator.faults import Fault
from bot.games.klondike.moves import DRAW
from bot.games.klondike.session import MakeMove
from bot.service.games import Change
from bot.service.table import Table
from bot.ui.game_ui import ui_for
from bot.ui.lobby import render_table
from tests.soak.board_checks import BOARD_EDIT, BOARD_POST, World, answered, board_shows, klondike_started


async def test_a_board_edit_discord_failed_is_tried_again(
    emulator: Emulator, bot: RunningClient[TheGameBot], world: World
) -> None:
    """The soak saw a board left behind for good: its edit got a 503 and no later change came to fix it."""
    channel, alice = world.channel, world.alice
    await klondike_started(emulator, bot, channel, alice)
    table = bot.client.games.in_channel(channel.id)
    assert table is not None
    move = ui_for(table).move_suggestions(table, 0, "", "en")[0].value
    emulator.faults.fail(BOARD_EDIT, status=503, times=1)
    await answered(await emulator.slash(alice, channel, "move", {"move": move}))
    await bot.client.controller.settle()
    assert emulator.faults.faults[0].hits == 1, "the board's edit failed once"
    table = bot.client.games.in_channel(channel.id)
    assert table is not None
    assert board_shows(emulator, table), "the board still shows the position before the move"


async def test_a_board_posted_again_after_its_game_ended_is_no_error(
    emulator: Emulator, bot: RunningClient[TheGameBot], world: World
) -> None:
    """The soak saw "Display update failed: error.table_gone": a board (re)posted for a table that had just
    ended, whose new message id could no longer be remembered."""
    channel, alice = world.channel, world.alice
    await answered(await emulator.slash(alice, channel, "game new"))
    table = bot.client.games.in_channel(channel.id)
    assert table is not None
    snapshot = Table.from_dict(table.to_dict())  # what a display task still holds
    await answered(await emulator.slash(alice, channel, "game stop"))
    await bot.client.controller.settle()
    assert bot.client.games.get(snapshot.id) is None
    message = await bot.client.display.post_board(snapshot)
    assert message is not None


async def test_a_board_is_brought_up_to_date_when_its_channel_is_not_in_the_cache_yet(
    emulator: Emulator, bot: RunningClient[TheGameBot], world: World
) -> None:
    """The soak saw Klondike boards one move behind for good after a SIGKILL and restart: the restarted bot
    refreshes every board when it is ready, but a server still becoming available has no channels in the cache
    yet, and the refresh was dropped."""
    channel, alice = world.channel, world.alice
    await klondike_started(emulator, bot, channel, alice)
    games = bot.client.games
    table = games.in_channel(channel.id)
    assert table is not None
    move = ui_for(table).parse_move(table, ui_for(table).move_suggestions(table, 0, "", "en")[0].value, "en")
    change = await games.act(table.id, alice.id, move)  # saved, as just before a crash: the board is behind
    assert not board_shows(emulator, change.table)
    guild = bot.client.get_guild(world.channel.guild.id)  # type: ignore[union-attr]
    assert guild is not None
    cached = guild.get_channel(channel.id)
    assert cached is not None
    guild._remove_channel(cached)  # the server is not available yet
    bot.client.display.refresh_board(change.table)
    await bot.client.controller.settle()
    assert board_shows(emulator, change.table)


CALLBACK = "POST /interactions/{interaction_id}/{interaction_token}/callback"
EXPIRED = {"message": "Unknown interaction", "code": 10062}


async def with_answer_refused(emulator: Emulator, bot: RunningClient[TheGameBot], interaction: Any) -> None:
    """Send `interaction` (an emulator call) while Discord refuses its answer and the apology after it as expired;
    return once both were refused and every public update went out."""
    emulator.faults.fail(CALLBACK, status=404, times=2, body=EXPIRED)  # the answer, then the apology
    await interaction  # never answered: Discord shows "This interaction failed"
    for _ in range(100):
        if emulator.faults.faults[0].hits == 2:
            break
        await asyncio.sleep(0.05)
    await bot.client.controller.settle()
    assert emulator.faults.faults[0].hits == 2, "the answer failed"


async def test_a_lobby_whose_answer_discord_failed_is_posted_in_the_channel(
    emulator: Emulator, bot: RunningClient[TheGameBot], world: World
) -> None:
    """The soak saw a lobby nobody could see: Discord failed the answer to /game new (here: the interaction had
    expired), the table existed without a board and blocked the channel until the lobby timed out."""
    channel, alice = world.channel, world.alice
    await with_answer_refused(emulator, bot, emulator.slash(alice, channel, "game new"))
    table = bot.client.games.in_channel(channel.id)
    assert table is not None and table.board_message_id is not None, "the lobby was posted anyway"
    lobby = emulator.world.get_message(table.board_message_id)
    assert lobby is not None and not lobby.ephemeral
    assert lobby.find_component(f"tg:join:{table.id}") is not None, "others can join from it"


async def test_a_second_game_new_shows_a_lobby_nobody_could_see(
    emulator: Emulator, bot: RunningClient[TheGameBot], world: World
) -> None:
    channel, alice = world.channel, world.alice
    await answered(await emulator.slash(alice, channel, "game new"))
    games = bot.client.games
    table = games.in_channel(channel.id)
    assert table is not None and table.board_message_id is not None
    first = table.board_message_id
    await games.set_board_message(table.id, None)  # as if its answer never reached Discord
    refused = await answered(await emulator.slash(alice, channel, "game new"))
    assert "already has a game: join it" in refused.content  # a lobby: it can still be joined
    await bot.client.controller.settle()
    table = games.in_channel(channel.id)
    assert table is not None and table.board_message_id not in (None, first), "the lobby is shown again"


async def test_a_board_never_shows_a_move_that_is_not_saved_yet(
    emulator: Emulator, bot: RunningClient[TheGameBot], world: World
) -> None:
    """The soak saw Barbu boards showing a card the database still had in a hand: the board went out a moment
    later than asked and rendered the live table, which already held the next move while it was being saved."""
    channel, alice = world.channel, world.alice
    await klondike_started(emulator, bot, channel, alice)
    games = bot.client.games
    table = games.in_channel(channel.id)
    assert table is not None
    saved = Table.from_dict(table.to_dict())
    bot.client.display.refresh_board(table)  # the board is asked for the saved state...
    ui = ui_for(table)
    move = ui.parse_move(table, ui.move_suggestions(table, 0, "", "en")[0].value, "en")
    table.require_session().apply(
        0, move
    )  # ...and the next move is applied, not saved yet, before it goes out
    assert table.to_dict() != saved.to_dict()
    await bot.client.controller.settle()
    assert board_shows(emulator, saved), "the board shows the saved state"
    assert not board_shows(emulator, table), "not the move still being saved"


async def test_a_board_answered_while_the_next_move_is_being_saved_does_not_show_it(
    emulator: Emulator, bot: RunningClient[TheGameBot], world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same for a click answered with the board itself (found reading the code): the next move on the table
    (another player's, or the same player's next click) can take the table between the click's save and its
    answer, and the answer drew the live table, with that move not saved yet. It shows the table as saved, and
    the board catches up once the next move is saved."""
    channel, alice = world.channel, world.alice
    await klondike_started(emulator, bot, channel, alice)
    games = bot.client.games
    table = games.in_channel(channel.id)
    assert table is not None and table.board_message_id is not None
    board = emulator.world.get_message(table.board_message_id)
    assert board is not None
    store = games._store  # its saves are held up, as under load
    real_act, real_save = games.act, store.save
    saving, finish = asyncio.Event(), asyncio.Event()
    clicked: list[Table] = []
    next_move: list[asyncio.Task[Change]] = []

    async def slow_save(*args: Any, **kwargs: Any) -> None:
        saving.set()
        await finish.wait()
        await real_save(*args, **kwargs)

    async def act_then_next_move_meanwhile(table_id: int, user_id: int, action: Any) -> Change:
        change = await real_act(table_id, user_id, action)
        clicked.append(Table.from_dict(change.table.to_dict()))  # the click's move, saved
        monkeypatch.setattr(store, "save", slow_save)
        # The same player's next Draw, pressed on the board that draw brought (so with the table's new step).
        again = MakeMove(DRAW, seen_step=change.table.require_session().step)
        next_move.append(asyncio.create_task(real_act(table_id, user_id, again)))
        await saving.wait()
        return change

    monkeypatch.setattr(games, "act", act_then_next_move_meanwhile)
    draw = next(custom_id for custom_id in board.custom_ids if custom_id.startswith(f"tg:g:{table.id}:draw."))
    answer = await answered(await emulator.click(alice, board, draw))
    assert answer.type == 7, "the click is answered with the board itself"
    live = games.require(table.id)
    assert render_table(live)["embed"].to_dict() != render_table(clicked[0])["embed"].to_dict()
    assert board_shows(emulator, clicked[0]), "the answer shows the click's move, saved"
    finish.set()
    bot.client.controller.after_change(await next_move[0])  # the public updates of the next move's click
    await bot.client.controller.settle()
    assert board_shows(emulator, games.require(table.id)), "and the next one once it is saved"


async def test_a_click_on_the_lobby_before_its_id_is_saved_keeps_one_board(
    emulator: Emulator, bot: RunningClient[TheGameBot], world: World
) -> None:
    """Found by the cluster test under load: Bob joined from the lobby before the answer to /game new had its
    message id saved; the bot took the lobby for a stranger, posted a second board, and Alice's later clicks on the
    first one no longer reached the board."""
    channel, alice = world.channel, world.alice
    bob = emulator.world.add_user("bob", locale="en-US")
    channel.guild.add_member(bob)
    created = await emulator.slash(alice, channel, "game new")
    await answered(created)
    lobby = created.original or await created.original_message()
    games = bot.client.games
    table = games.in_channel(channel.id)
    assert table is not None and table.board_message_id == lobby.id
    await games.set_board_message(table.id, None)  # the id not saved yet, as under load
    public_before = [m.id for m in channel.messages if not m.ephemeral]
    joined = await emulator.click(bob, lobby, f"tg:join:{table.id}")
    answer = await answered(joined)
    await bot.client.controller.settle()
    assert answer.type == 7, "the lobby itself is updated"
    assert [m.id for m in channel.messages if not m.ephemeral] == public_before, "no second board"
    table = games.in_channel(channel.id)
    assert table is not None and table.board_message_id == lobby.id


async def test_a_start_whose_answer_discord_failed_still_shows_the_game(
    emulator: Emulator, bot: RunningClient[TheGameBot], world: World
) -> None:
    """The soak saw a game whose board kept showing its lobby: the click on Start was answered by editing the
    board, Discord refused that answer (here: the interaction had expired), and nothing else edited the board, so
    nobody could open their hand from it."""
    channel, alice = world.channel, world.alice
    lobby = await answered(await emulator.slash(alice, channel, "game new"))
    table = bot.client.games.in_channel(channel.id)
    assert table is not None and table.board_message_id is not None
    board = emulator.world.get_message(table.board_message_id)
    assert board is not None and lobby.ok
    await with_answer_refused(emulator, bot, emulator.click(alice, board, f"tg:start:{table.id}"))
    started = bot.client.games.get(table.id)
    assert started is not None and started.session is not None, "the game started (it is saved)"
    assert board_shows(emulator, started), "and the board shows the game, not the lobby"


@pytest.mark.parametrize("command", ["game new", "play again"])
async def test_a_lobby_whose_answer_comes_back_late_gets_no_second_board(
    emulator: Emulator, bot: RunningClient[TheGameBot], world: World, command: str
) -> None:
    """The short soak in CI saw a lobby whose board never caught up: Discord took the answer that posts the lobby
    (/game new, or **Play again**) at once but confirmed it seconds late, and a player who joined meanwhile made
    the bot post the board a second time; one of the two lobbies was left behind for good."""
    channel, alice = world.channel, world.alice
    bob = emulator.world.add_user("bob", locale="en-US")
    channel.guild.add_member(bob)
    if command == "play again":
        await answered(await emulator.slash(alice, channel, "game new"))
        await answered(await emulator.slash(alice, channel, "game start"))
        await answered(await emulator.slash(alice, channel, "game stop"))
        await bot.client.controller.settle()
        summary = next(
            m for m in reversed(channel.messages) if m.find_component(label="Same deal") is not None
        )
        opened = emulator.click(alice, summary, label="Same deal")
    else:
        opened = emulator.slash(alice, channel, "game new")
    public_before = [m.id for m in channel.messages if not m.ephemeral]
    late = Fault(CALLBACK, 0, 1, delay=1.5)  # handled at once, confirmed 1.5 s later
    emulator.faults.faults.append(late)
    await answered(await opened)
    assert late.hits == 1
    await answered(
        await emulator.slash(bob, channel, "game join")
    )  # while the bot waits for that confirmation
    await bot.client.controller.settle()
    table = bot.client.games.in_channel(channel.id)
    assert table is not None and len(table.seats) == 2
    new_public = [m for m in channel.messages if not m.ephemeral and m.id not in public_before and m.embeds]
    assert [m.id for m in new_public] == [table.board_message_id], "one lobby, and it is the board"
    assert board_shows(emulator, table), "and it shows Bob at the table"


async def test_a_board_posted_again_while_moves_are_made_catches_up(
    emulator: Emulator, bot: RunningClient[TheGameBot], world: World
) -> None:
    """The soak saw a Barbu board posted again (buried by chat) three tricks behind, and never edited after: posting
    it took seconds, the moves saved meanwhile edited the old board, and the new one showed the state it was
    drawn with."""
    channel, alice = world.channel, world.alice
    await klondike_started(emulator, bot, channel, alice)
    games = bot.client.games
    table = games.in_channel(channel.id)
    assert table is not None and table.board_message_id is not None
    old_board = table.board_message_id
    slow_post = Fault(BOARD_POST, 0, 1, delay=1.0)  # handled now, confirmed later
    emulator.faults.faults.append(slow_post)
    reposted = asyncio.ensure_future(answered(await emulator.slash(alice, channel, "board")))
    await emulator.wait_for(lambda: slow_post.hits == 1, timeout=5)
    move = ui_for(table).move_suggestions(table, 0, "", "en")[0].value
    await answered(await emulator.slash(alice, channel, "move", {"move": move}))  # while the board is posted
    await reposted
    await bot.client.controller.settle()
    table = games.in_channel(channel.id)
    assert table is not None and table.board_message_id != old_board, "the board was posted again"
    assert board_shows(emulator, table), "and shows the move made while it was being posted"


@pytest.mark.parametrize("command", ["game join", "game start", "game stop"])
async def test_a_table_command_whose_answer_discord_refused_still_shows_on_the_board(
    emulator: Emulator, bot: RunningClient[TheGameBot], world: World, command: str
) -> None:
    """The short soak saw a lobby that never showed a player who had joined by command: Discord refused the answer
    (here: the interaction had expired), and the board was only edited after a successful answer. Starting and
    stopping by command had the same gap."""
    channel, alice = world.channel, world.alice
    bob = emulator.world.add_user("bob", locale="en-US")
    channel.guild.add_member(bob)
    await answered(await emulator.slash(alice, channel, "game new"))
    if command != "game join":
        await answered(await emulator.slash(bob, channel, "game join"))
    if command == "game stop":
        await answered(await emulator.slash(alice, channel, "game start"))
    table = bot.client.games.in_channel(channel.id)
    assert table is not None
    await bot.client.controller.settle()
    await with_answer_refused(
        emulator, bot, emulator.slash(bob if command == "game join" else alice, channel, command)
    )
    if command == "game stop":
        assert bot.client.games.get(table.id) is None, "the game was stopped (it is saved)"
        board = emulator.world.get_message(table.board_message_id or 0)
        assert board is not None and "stopped" in board.text.lower(), "and the board says so"
        return
    table = bot.client.games.in_channel(channel.id)
    assert table is not None and len(table.seats) == 2, "Bob joined (it is saved)"
    assert (table.session is not None) == (command == "game start")
    assert board_shows(emulator, table), "and the board shows it"
