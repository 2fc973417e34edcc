"""The game service: locks, saving before acknowledging, and refusing bad input without changing anything."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.games.errors import GameError
from bot.games.klondike.moves import DRAW
from bot.games.klondike.session import MakeMove
from bot.games.thegame.engine import Status
from bot.games.thegame.session import ChooseFirst, CycleMarker, FinishTurn, PlayOnPile
from bot.service.games import GameService, SaveFailed
from bot.service.table import Seat, TableStatus
from bot.storage.database import Database
from bot.storage.tables import TableStore

ALICE, BOB, CAROL, MALLORY = 101, 102, 103, 666


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def store(database: Database) -> TableStore:
    """On both stores (tests/storage/fixtures.py)."""
    return TableStore(database)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def service(store: TableStore, clock: Clock) -> GameService:
    return GameService(store, lobby_timeout=60, turn_reminder=30, clock=clock)


async def open_table(service: GameService, players: int = 3, seed: int = 12345) -> int:
    table = await service.create(
        guild_id=1, channel_id=10, host=Seat(ALICE, "Alice"), seed=seed, locale="en-US"
    )
    for user, name in [(BOB, "Bob"), (CAROL, "Carol")][: players - 1]:
        await service.join(table.id, Seat(user, name))
    return table.id


async def started_table(service: GameService, players: int = 3) -> int:
    table_id = await open_table(service, players)
    await service.start(table_id, ALICE)
    await service.act(table_id, ALICE, ChooseFirst())
    return table_id


def first_legal(service: GameService, table_id: int) -> tuple[int, str]:
    game = service.require(table_id).require_session().game
    play = game.legal_plays()[0]
    return play.card, play.pile


async def test_one_table_per_channel(service: GameService) -> None:
    await open_table(service)
    with pytest.raises(GameError) as refused:
        await service.create(guild_id=1, channel_id=10, host=Seat(BOB, "Bob"), seed=1, locale="en-US")
    assert refused.value.key == "error.already_running"


async def test_lobby_rules(service: GameService) -> None:
    table_id = await open_table(service, players=1)
    with pytest.raises(GameError, match="error.already_seated"):
        await service.join(table_id, Seat(ALICE, "Alice"))
    for user in range(200, 204):
        await service.join(table_id, Seat(user, f"P{user}"))
    with pytest.raises(GameError, match="error.table_full"):
        await service.join(table_id, Seat(300, "Sixth"))
    with pytest.raises(GameError, match="error.not_seated"):
        await service.start(table_id, MALLORY)
    await service.start(table_id, ALICE)
    with pytest.raises(GameError, match="error.already_started"):
        await service.join(table_id, Seat(MALLORY, "Late"))


async def test_last_player_leaving_closes_the_lobby(service: GameService) -> None:
    table_id = await open_table(service, players=1)
    change = await service.leave(table_id, ALICE)
    assert change.table.status is TableStatus.EXPIRED
    assert service.in_channel(10) is None


async def test_a_whole_turn_is_saved_and_survives_a_restart(service: GameService, store: TableStore) -> None:
    table_id = await started_table(service)
    game = service.require(table_id).require_session().game
    player = game.current_player
    assert player == 0
    for _ in range(game.turn_minimum):
        card, pile = first_legal(service, table_id)
        await service.act(table_id, ALICE, PlayOnPile(card, pile, True))
    change = await service.act(table_id, ALICE, FinishTurn())
    assert change.turn_passed
    # A fresh service on the same database (a restarted bot) sees exactly the same game.
    restarted = GameService(store)
    await restarted.restore()
    assert (
        restarted.require(table_id).require_session().game == service.require(table_id).require_session().game
    )
    assert restarted.in_channel(10) is not None


async def test_wrong_player_and_bad_cards_change_nothing(service: GameService) -> None:
    table_id = await started_table(service)
    before = service.require(table_id).to_dict()
    card, pile = first_legal(service, table_id)
    with pytest.raises(GameError, match="engine.not_your_turn"):
        await service.act(table_id, BOB, PlayOnPile(card, pile, True))
    with pytest.raises(GameError, match="error.not_seated"):
        await service.act(table_id, MALLORY, PlayOnPile(card, pile, True))
    game = service.require(table_id).require_session().game
    not_in_hand = next(value for value in range(2, 100) if value not in game.hand(0))
    with pytest.raises(GameError, match="engine.card_not_in_hand"):
        await service.act(table_id, ALICE, PlayOnPile(not_in_hand, "A", True))
    with pytest.raises(GameError, match="engine.below_minimum"):
        await service.act(table_id, ALICE, FinishTurn())
    assert service.require(table_id).to_dict() == before


async def test_two_clicks_at_once_play_the_card_once(service: GameService) -> None:
    table_id = await started_table(service)
    card, pile = first_legal(service, table_id)
    results = await asyncio.gather(
        service.act(table_id, ALICE, PlayOnPile(card, pile, True)),
        service.act(table_id, ALICE, PlayOnPile(card, pile, True)),
        return_exceptions=True,
    )
    errors = [result for result in results if isinstance(result, GameError)]
    assert len(errors) == 1 and errors[0].key == "engine.just_played"  # "you just played it"
    assert service.require(table_id).require_session().game.played_this_turn == 1


async def test_a_failed_save_keeps_the_last_saved_state(service: GameService, store: TableStore) -> None:
    table_id = await started_table(service)
    before = service.require(table_id).to_dict()
    card, pile = first_legal(service, table_id)

    async def broken_save(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    store.save = broken_save  # type: ignore[method-assign]
    with pytest.raises(SaveFailed, match="error.not_saved") as failed:  # the user is told it did not happen
        await service.act(table_id, ALICE, PlayOnPile(card, pile, True))
    assert isinstance(failed.value.__cause__, OSError)
    assert service.require(table_id).to_dict() == before


async def test_what_players_are_shown_is_the_table_as_saved(service: GameService, store: TableStore) -> None:
    """While a move is being saved, the live table already holds it; anything drawn for players then (a board, a
    hand) is drawn from `as_saved`, which does not show it until it is saved, nor ever if the save fails."""
    table_id = await started_table(service)
    live = service.require(table_id)
    assert service.as_saved(live) is live, "nothing being saved: the live table itself, no copy"
    kept = service.saved_copy(live)
    assert kept is not live and kept.to_dict() == live.to_dict(), "a board's copy: the table, its own"
    saved = live.to_dict()
    real_save = store.save
    saving, finish = asyncio.Event(), asyncio.Event()

    async def slow_save(*args: Any, **kwargs: Any) -> None:
        saving.set()
        await finish.wait()
        await real_save(*args, **kwargs)

    store.save = slow_save  # type: ignore[method-assign]
    card, pile = first_legal(service, table_id)
    play = asyncio.create_task(service.act(table_id, ALICE, PlayOnPile(card, pile, True)))
    await saving.wait()
    assert live.to_dict() != saved, "the live table holds the move being saved"
    assert service.as_saved(live).to_dict() == saved, "players are shown the table as saved"
    assert service.as_saved(live) is not live
    assert service.saved_copy(live).to_dict() == saved, "a board keeps the table as saved"
    waiting = asyncio.create_task(service.none_held())
    await asyncio.sleep(0.01)
    assert service.any_table_held() and not waiting.done(), "a move is being saved"
    finish.set()
    change = await play
    await asyncio.wait_for(waiting, 1)
    assert not service.any_table_held()
    assert service.as_saved(live) is live and live.to_dict() != saved, "once saved, the move is shown"

    async def broken_save(*args: Any, **kwargs: Any) -> None:
        saving.set()
        await finish.wait()
        raise OSError("disk full")

    store.save = broken_save  # type: ignore[method-assign]
    saving.clear()
    finish.clear()
    saved = change.table.to_dict()
    card, pile = first_legal(service, table_id)
    failed = asyncio.create_task(service.act(table_id, ALICE, PlayOnPile(card, pile, True)))
    await saving.wait()
    assert service.as_saved(live).to_dict() == saved
    finish.set()
    with pytest.raises(SaveFailed):
        await failed
    shown = service.as_saved(live)
    assert shown is service.require(table_id) and shown.to_dict() == saved, (
        "the move that failed is never shown"
    )


async def test_stop_is_for_players_or_moderators(service: GameService) -> None:
    table_id = await started_table(service)
    with pytest.raises(GameError, match="error.stop_not_allowed"):
        await service.stop(table_id, MALLORY, can_manage=False)
    change = await service.stop(table_id, MALLORY, can_manage=True)
    assert change.table.status is TableStatus.ABANDONED
    with pytest.raises(GameError, match="error.table_gone"):
        await service.act(table_id, ALICE, PlayOnPile(50, "A", True))


async def test_lobby_expires_and_idle_player_is_reminded_once(service: GameService, clock: Clock) -> None:
    lobby_id = await open_table(service)
    clock.now += 61
    fired = await service.tick()
    assert [(event.kind, event.table.id) for event in fired] == [("lobby_expired", lobby_id)]
    assert service.get(lobby_id) is None

    service_table = await service.create(
        guild_id=1, channel_id=11, host=Seat(ALICE, "Alice"), seed=7, locale="en-US"
    )
    await service.join(service_table.id, Seat(BOB, "Bob"))
    await service.start(service_table.id, ALICE)
    await service.act(service_table.id, BOB, ChooseFirst())
    with pytest.raises(GameError, match="error.vote_not_open"):
        await service.vote_end(service_table.id, ALICE)
    clock.now += 31
    fired = await service.tick()
    assert [event.kind for event in fired] == ["turn_reminder"]
    assert await service.tick() == []  # reminded once only
    change, votes, needed = await service.vote_end(service_table.id, ALICE)
    assert (votes, needed) == (1, 2) and change.table.status is TableStatus.PLAYING
    change, votes, needed = await service.vote_end(service_table.id, BOB)
    assert change.table.status is TableStatus.ABANDONED


async def test_a_player_who_keeps_playing_is_not_reminded_even_if_the_turn_does_not_pass(
    service: GameService, clock: Clock
) -> None:
    """Found reading the timers: the idle clock started again only when the turn passed, so a Klondike player
    (whose turn never passes) was pinged "your turn" with a vote to end the game while making move after move.
    A player the table waits for is idle from their last action; a teammate's marker is not their action."""
    klondike = await service.create(
        guild_id=1, channel_id=60, host=Seat(ALICE, "Alice"), seed=5, locale="en", game_key="klondike"
    )
    await service.start(klondike.id, ALICE)
    for _ in range(12):  # two minutes of play, with a reminder after 30 s idle
        clock.now += 10
        await service.act(klondike.id, ALICE, MakeMove(DRAW))
        assert await service.tick() == []
    clock.now += 31
    assert [(event.kind, event.table.id) for event in await service.tick()] == [
        ("turn_reminder", klondike.id)
    ]
    await service.act(klondike.id, ALICE, MakeMove(DRAW))
    assert not service.require(klondike.id).reminded, "back at the table: a new idle spell, a new reminder"

    game = await service.create(guild_id=1, channel_id=61, host=Seat(ALICE, "Alice"), seed=7, locale="en")
    await service.join(game.id, Seat(BOB, "Bob"))
    await service.start(game.id, ALICE)
    await service.act(game.id, BOB, ChooseFirst())
    waited = service.require(game.id).current_seat
    assert waited is not None
    other = BOB if waited.user_id == ALICE else ALICE
    for _ in range(4):
        clock.now += 10
        await service.act(game.id, other, CycleMarker("A"))  # table talk while waiting
    assert ("turn_reminder", game.id) in [(event.kind, event.table.id) for event in await service.tick()]


async def test_a_play_that_would_end_the_game_asks_first(service: GameService) -> None:
    """Play solo games until some play would leave the player short of the minimum: it must ask first."""
    for seed in range(100):
        table = await service.create(
            guild_id=1,
            channel_id=1000 + seed,
            host=Seat(ALICE, "Alice"),
            seed=seed,
            locale="en",
        )
        await service.start(table.id, ALICE)  # alone: Alice is on turn at once
        while service.get(table.id) is not None:
            game = service.require(table.id).require_session().game
            if game.played_this_turn >= game.turn_minimum:
                await service.act(table.id, ALICE, FinishTurn())
                continue
            plays = game.legal_plays()
            risky = [play for play in plays if not game.can_complete_minimum_after(play.card, play.pile)]
            if risky and len(risky) < len(plays):
                before = service.require(table.id).to_dict()
                change = await service.act(table.id, ALICE, PlayOnPile(risky[0].card, risky[0].pile, False))
                assert change.needs_confirmation
                assert service.require(table.id).to_dict() == before
                change = await service.act(table.id, ALICE, PlayOnPile(risky[0].card, risky[0].pile, True))
                assert change.table.require_session().game.is_over
                return
            await service.act(table.id, ALICE, PlayOnPile(plays[0].card, plays[0].pile, True))
    raise AssertionError("no game offered a risky play")


async def test_finished_game_is_recorded(service: GameService, store: TableStore) -> None:
    table_id = await started_table(service, players=2)
    # Play the smallest legal card until the game ends.
    for _ in range(500):
        table = service.get(table_id)
        if table is None:
            break
        game = table.require_session().game
        user = table.seats[game.current_player or 0].user_id
        if game.played_this_turn >= game.turn_minimum or not game.legal_plays():
            await service.act(table_id, user, FinishTurn())
        else:
            play = game.legal_plays()[0]
            await service.act(table_id, user, PlayOnPile(play.card, play.pile, True))
    saved = await store.load(table_id)
    assert saved is not None and saved.status is TableStatus.FINISHED
    assert saved.require_session().game.status in (Status.WON, Status.LOST)
    row = await store._db.fetchone(
        "SELECT outcome, cards_left, team_key FROM games WHERE id = ?", (table_id,)
    )
    assert row is not None
    assert row[0] == saved.require_session().game.status.value
    assert row[1] == saved.require_session().game.cards_left
    assert row[2] == f"{ALICE},{BOB}"


async def test_ai_markers_never_clear_a_human_marker(service: GameService) -> None:
    """Table talk: an AI sets markers on free piles and clears only its own; it does not read its own as requests."""
    table = await service.create(guild_id=1, channel_id=50, host=Seat(ALICE, "Alice"), seed=3, locale="en")
    await service.add_ai(table.id, ALICE)
    await service.start(table.id, ALICE)
    await service.act(table.id, ALICE, ChooseFirst())
    await service.act(table.id, ALICE, CycleMarker("A"))  # none -> keep off
    ai_seat = 1
    live = service.require(table.id).require_session()
    live.apply_ai_markers(ai_seat, {"A": None, "B": "small_steps", "C": None, "D": None})
    assert live.markers == {"A": "keep_off", "B": "small_steps"}
    assert live.markers_seen_by(ai_seat) == {"A": "keep_off"}
    assert live.markers_seen_by(0) == {"B": "small_steps"}
    live.apply_ai_markers(ai_seat, {"A": None, "B": None, "C": None, "D": None})
    assert live.markers == {"A": "keep_off"}


async def test_a_server_s_new_language_reaches_its_open_tables_only(
    service: GameService, store: TableStore
) -> None:
    """`/settings language`: every open table of that server speaks it at once, saved with the table; a table opened
    before the setting existed ("en-US", "fr-FR") is just a table in that locale's language until then."""
    playing = await started_table(service)
    elsewhere = await service.create(guild_id=2, channel_id=20, host=Seat(BOB, "Bob"), seed=1, locale="fr-FR")
    assert service.require(playing).language == "en" and elsewhere.language == "fr"
    changed = await service.set_language(1, "de")
    assert [table.id for table in changed] == [playing]
    assert service.require(playing).language == "de" and service.require(elsewhere.id).language == "fr"
    saved = await store.load(playing)
    assert saved is not None and saved.locale == "de"
    assert await service.set_language(1, "de") == []  # nothing to redraw


async def test_an_action_compares_with_the_table_as_saved(service: GameService, store: TableStore) -> None:
    """Each action compares the table with its data as last saved (not with a copy taken when it starts): a seat's
    language, set from the player's click outside the table's lock, is saved with their next action, even one
    that changes nothing else; a refused action still writes nothing."""
    from bot.games.thegame.session import SelectCard

    table_id = await started_table(service)
    live = service.require(table_id)
    saved = live.to_dict()
    live.seats[0].locale = "fr"  # what `TableController._seat` does as Alice clicks
    with pytest.raises(GameError):
        await service.act(table_id, BOB, SelectCard(2))  # not Bob's turn
    stored = await store.load(table_id)
    assert stored is not None and stored.to_dict() == saved, "a refused action writes nothing"
    live = service.require(table_id)
    live.seats[0].locale = "fr"
    card = live.session.game.hand(0)[0]  # type: ignore[union-attr]
    change = await service.act(table_id, ALICE, SelectCard(card))
    assert not change.changed
    stored = await store.load(table_id)
    assert stored is not None and stored.seats[0].locale == "fr"


async def test_a_refused_action_keeps_a_language_noted_outside_the_lock(
    service: GameService, store: TableStore
) -> None:
    """A player's Discord language is noted before their action takes the table's lock. When that action is
    refused, the player still reads French, and the table the bot holds is the same object (views holding it stay
    live); the next accepted action saves the language."""
    table_id = await started_table(service, players=2)
    table = service.require(table_id)
    seat = table.seat_of(ALICE)
    assert seat is not None
    service.note_seat_locale(table, seat, "fr")
    card, pile = first_legal(service, table_id)
    with pytest.raises(GameError, match="engine.not_your_turn"):
        await service.act(table_id, BOB, PlayOnPile(card, pile))
    assert service.require(table_id) is table
    assert table.seats[seat].locale == "fr"
    # Accepted: saved with the language.
    card, pile = first_legal(service, table_id)
    await service.act(table_id, ALICE, PlayOnPile(card, pile))
    saved = await store.load(table_id)
    assert saved is not None
    assert saved.seats[seat].locale == "fr"


async def test_a_refused_action_that_changed_the_table_goes_back_to_the_table_it_found(
    service: GameService,
) -> None:
    """Belt and braces: a refusal after a change undoes that change, but not a language noted before the lock."""
    table_id = await started_table(service, players=2)
    table = service.require(table_id)
    service.note_seat_locale(table, 1, "de")

    async def refused_after_a_change() -> None:
        async with service.locked(table_id) as held:
            held.seats[0].name = "Changed by a refused action"
            raise GameError("engine.not_your_turn")

    with pytest.raises(GameError):
        await refused_after_a_change()
    restored = service.require(table_id)
    assert restored.seats[0].name == "Alice"
    assert restored.seats[1].locale == "de"


async def test_a_team_playing_klondike_all_at_once_is_never_left_waiting_while_it_plays(
    store: TableStore, clock: Clock
) -> None:
    """Every seat may move at once, so no one is the player waited for: the team's moves still count as the
    table being played, and a day of play never ends it as a game left waiting."""
    service = GameService(store, turn_reminder=30, idle_end=3600, clock=clock)
    table = await service.create(
        guild_id=1, channel_id=70, host=Seat(ALICE, "Alice"), seed=5, locale="en", game_key="klondike",
        options={"team_play": "together"},
    )  # fmt: skip
    await service.join(table.id, Seat(BOB, "Bob"))
    await service.start(table.id, ALICE)
    assert len(service.require(table.id).seats_to_act) == 2
    for _ in range(10):  # ten hours of play, a move every half hour, by one or the other
        clock.now += 1800
        await service.act(table.id, ALICE if _ % 2 else BOB, MakeMove(DRAW))
        assert await service.tick() == []
    clock.now += 3600
    assert [event.kind for event in await service.tick()] == ["idle_ended"]


async def test_the_lobby_host_removes_the_ai_seat_added_last(service: GameService) -> None:
    """Found reviewing: an AI seat added by mistake could not be taken away (the table had to be closed)."""
    table_id = await open_table(service, players=2)
    await service.add_ai(table_id, BOB)
    await service.add_ai(table_id, ALICE)
    first_ai, _ = service.require(table_id).ai_seat_indexes
    kept = service.require(table_id).seats[first_ai]
    for user, key in ((BOB, "error.not_host"), (MALLORY, "error.not_seated")):
        with pytest.raises(GameError) as refused:
            await service.remove_ai(table_id, user)
        assert refused.value.key == key
        assert len(service.require(table_id).seats) == 4, "a refusal changes nothing"
    await service.remove_ai(table_id, ALICE)
    assert [seat.name for seat in service.require(table_id).seats] == ["Alice", "Bob", kept.name]
    await service.remove_ai(table_id, ALICE)
    with pytest.raises(GameError) as none_left:
        await service.remove_ai(table_id, ALICE)
    assert none_left.value.key == "error.no_ai_to_remove"
    # Alice leaves: Bob, the first still seated, runs the lobby now.
    await service.add_ai(table_id, BOB)
    await service.leave(table_id, ALICE)
    assert service.require(table_id).host_id == BOB
    await service.remove_ai(table_id, BOB)
    assert not service.require(table_id).has_ai
    # Once the game has started, the seats are the game's.
    await service.add_ai(table_id, BOB)
    await service.start(table_id, BOB)
    with pytest.raises(GameError):
        await service.remove_ai(table_id, BOB)
    assert service.require(table_id).has_ai
