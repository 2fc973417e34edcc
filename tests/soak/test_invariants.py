"""The soak's own checks catch what they are for, on data doctored to show each failure: a game that does not
replay, an action stored twice or lost, a private card in any part of a public message or in another player's
hand, a result saved twice. (tests/soak/test_injected.py runs the soak itself on a bot doctored the same ways.)"""

from __future__ import annotations

import json
from typing import Any

import pytest

from benchmarks.soak import action_log, digest, replay_problems
from benchmarks.soak_checks.identity import SentAction, account
from benchmarks.soak_checks.privacy import MessageDigests, SecretsOverTime, cards_in_text, secrets_of
from benchmarks.soak_checks.results import Snapshot, result_problems
from bot.emulator.world import Attachment, Message, World
from bot.games.cards import Card
from bot.service.table import Seat, Table, TableStatus


def hearts_table(plays: int, channel_id: int = 2) -> Table:
    table = Table(
        id=7,
        guild_id=1,
        channel_id=channel_id,
        created_by=10,
        created_at=0.0,
        seed=1234,
        game_key="hearts",
        status=TableStatus.PLAYING,
        seats=[Seat(10, "alice"), Seat(11, "bob"), Seat(-2, "Blaise", is_ai=True)],
    )
    table.session = table.rules.new_session(3, table.seed, table.options, [2])
    session = table.session
    for _ in range(plays):
        for seat in session.to_act():
            session.play_ai(seat)
    return table


def test_a_stored_game_that_replays_is_accepted_and_a_tampered_one_is_not() -> None:
    data = hearts_table(plays=3).to_dict()
    assert len(action_log(data)) >= 3
    assert replay_problems(json.loads(json.dumps(data))) == []
    tampered = json.loads(json.dumps(data))
    tampered["session"]["engine"]["seed"] += 1  # the same log on another deal
    assert replay_problems(tampered)
    assert digest([{"a": 1}]) != digest([{"a": 2}])


# -- every acknowledged action stored exactly once ----------------------------------------------------------------
def draw(interaction_id: int, read_length: int, acknowledged: bool = True) -> SentAction:
    return SentAction(interaction_id, 5, 0, ["draw"], read_length, "/move draw", acknowledged)


def test_a_klondike_draw_stored_twice_is_caught_though_a_subsequence_check_passes() -> None:
    sent = [draw(1, 0), draw(2, 1)]
    assert account("klondike", ["draw", "draw"], sent, set()).unexplained == []
    doubled = account("klondike", ["draw", "draw", "draw"], sent, set())
    assert doubled.unexplained == ["entry 2 'draw'"]


def test_an_acknowledged_action_not_stored_is_lost_and_an_unacknowledged_one_may_be_either() -> None:
    sent = [draw(1, 0), draw(2, 1, acknowledged=False), draw(3, 2)]
    found = account("klondike", ["draw", "draw"], sent, set())
    assert found.unexplained == [] and [action.interaction_id for action in found.lost] == [3]
    assert account("klondike", ["draw"], [draw(1, 0, acknowledged=False)], set()).lost == []


def test_an_action_cannot_be_stored_before_its_player_read_the_game() -> None:
    found = account("klondike", ["draw"], [draw(1, read_length=1)], set())
    assert found.unexplained == ["entry 0 'draw'"] and [action.interaction_id for action in found.lost] == [1]


def test_ai_seats_entries_need_no_action_but_a_player_s_do() -> None:
    log = [{"type": "play", "seat": 2, "card": "2C"}, {"type": "play", "seat": 0, "card": "4C"}]
    found = account("hearts", log, [], ai_seats={2})
    assert found.unexplained == ["entry 1 {'type': 'play', 'seat': 0, 'card': '4C'}"]
    played = SentAction(9, 7, 0, [log[1]], 1, "/play 4♣")
    assert account("hearts", log, [played], ai_seats={2}).unexplained == []


# -- no private card where someone may see it ---------------------------------------------------------------------
def test_cards_are_read_in_every_notation_the_bot_writes() -> None:
    assert cards_in_text("Trick 3: Q♠️ · 10♥") == {"QS", "10H"}
    assert cards_in_text("♠️ **4** **10** K A\n♥️ 2") == {"4S", "10S", "KS", "AS", "2H"}
    assert cards_in_text("Column 2: 1 hidden, K♦ Q♠") == {"KD", "QS"}
    assert cards_in_text("42 points, 10 tricks") == set()


class Scene:
    """A world with a Hearts table in play, the digests of the bot's messages and two stored reads around them."""

    def __init__(self) -> None:
        self.world = World()
        guild = self.world.add_guild("Cards")
        self.channel = guild.add_text_channel("hearts")
        self.table = hearts_table(plays=0, channel_id=self.channel.id)
        self.table.created_at = self.world.clock.now().timestamp() - 60
        engine: Any = self.table.require_session().engine
        self.alice_card: Card = engine.hand(0)[0]
        self.bob_card: Card = engine.hand(1)[0]
        self.digests = MessageDigests(self.world.clock, self.world.bot_user.id)
        self.secrets = SecretsOverTime(grace=0.0)
        self.secrets.add(self.world.clock.now().timestamp(), [self.table.to_dict()])

    def send(self, ephemeral_for: int | None = None, **parts: Any) -> None:
        self.world.clock.advance(seconds=1)
        attachments = (
            [Attachment(1, "table.png", 1, "image/png", description=parts.pop("alt"))]
            if "alt" in parts
            else []
        )
        message = Message(
            self.world,
            self.world.snowflakes.next(),
            self.channel,
            self.world.bot_user,
            timestamp=self.world.clock.now(),
            ephemeral_for=ephemeral_for,
            attachments=attachments,
            **parts,
        )
        self.digests.watch(message)

    def problems(self) -> list[str]:
        self.world.clock.advance(seconds=1)
        now = self.world.clock.now().timestamp()
        self.secrets.add(now, [self.table.to_dict()])
        return self.secrets.problems(self.digests.take(before=now), {self.channel.id: "hearts"})


def button(label: str, custom_id: str = "tg:board:7") -> dict[str, Any]:
    return {"type": 1, "components": [{"type": 2, "style": 2, "label": label, "custom_id": custom_id}]}


def menu(label: str) -> dict[str, Any]:
    option = {"label": label, "value": "x"}
    return {"type": 1, "components": [{"type": 3, "custom_id": "tg:board:menu", "options": [option]}]}


PLACES = {
    "the board's embed": lambda card: {"embeds": [{"title": "Hearts", "description": f"Trick 1: {card}"}]},
    "a button's label": lambda card: {"components": [button(str(card))]},
    "a menu's option": lambda card: {"components": [menu(f"{card} (lead)")]},
    "the picture's alt text": lambda card: {"alt": f"The table. Alice holds {card}."},
    "the turn line": lambda card: {"content": f"▶ Alice, your turn (you could lead {card})"},
    "the summary": lambda card: {
        "embeds": [{"title": "Game over", "fields": [{"name": "Alice", "value": str(card)}]}]
    },
    "the public log": lambda card: {"embeds": [{"title": "Log", "footer": {"text": f"Bob passed {card}"}}]},
}


@pytest.mark.parametrize("place", PLACES)
def test_a_held_card_in_any_part_of_a_public_message_is_reported(place: str) -> None:
    scene = Scene()
    scene.send(**PLACES[place](scene.alice_card))
    problems = scene.problems()
    assert len(problems) == 1 and "public message" in problems[0] and scene.alice_card.code in problems[0]


def test_a_hand_shown_to_its_own_player_is_fine_and_to_another_player_is_reported() -> None:
    scene = Scene()
    hand = {"embeds": [{"title": "Your hand", "description": f"{scene.alice_card} {scene.bob_card}"}]}
    scene.send(ephemeral_for=10, embeds=[{"description": f"Your hand: {scene.alice_card}"}])
    assert scene.problems() == []
    scene.send(ephemeral_for=10, **hand)  # Bob's card in Alice's hand message
    problems = scene.problems()
    assert len(problems) == 1 and "shown to user 10" in problems[0] and scene.bob_card.code in problems[0]
    assert scene.alice_card.code not in problems[0].split("names private cards")[1].split("]")[0]


def test_a_hand_s_buttons_on_a_public_message_are_reported() -> None:
    scene = Scene()
    scene.send(components=[button("▶", f"tg:g:7:p.1.{scene.alice_card.code}")])
    assert any("hand's buttons on a public message" in problem for problem in scene.problems())


def test_a_card_played_before_the_second_read_is_not_a_leak() -> None:
    scene = Scene()
    scene.send(embeds=[{"description": f"Trick: {scene.alice_card}"}])
    session = scene.table.require_session()
    engine: Any = session.engine
    while any(scene.alice_card in engine.hand(seat) for seat in range(3)):  # played by the second read
        for seat in session.to_act():
            session.play_ai(seat)
    assert engine.hand_number == 0  # the same deal in both reads: only the timing clears it
    assert scene.problems() == []


def test_what_is_private_in_each_game() -> None:
    table = hearts_table(plays=0)
    secrets = secrets_of(table.to_dict())
    assert secrets is not None
    engine: Any = table.require_session().engine
    alice = {card.code for card in engine.hand(0)}
    assert (
        alice <= secrets.hidden and not alice & secrets.private_for(10) and alice <= secrets.private_for(11)
    )
    lobby = table.to_dict() | {"status": "lobby"}
    assert secrets_of(lobby) is None


# -- results and ratings ------------------------------------------------------------------------------------------
def finished_hearts() -> Table:
    table = hearts_table(plays=0)
    session = table.require_session()
    while not session.is_over:
        for seat in session.to_act():
            session.play_ai(seat)
    table.status = TableStatus.FINISHED
    return table


def snapshot_of(table: Table, rating_games: int = 1) -> Snapshot:
    session = table.require_session()
    outcome = session.forfeit_outcome(table.forfeits) if table.forfeits else session.outcome()
    assert outcome is not None
    players = [
        {
            "game_id": table.id,
            "seat": index,
            "user_id": None if seat.is_ai else seat.user_id,
            "is_ai": int(seat.is_ai),
            "points": result.points,
            "place": result.place,
            "won": int(result.won),
            "calls": result.calls,
        }
        for index, (seat, result) in enumerate(zip(table.seats, outcome.seats, strict=True))
    ]
    game = {"id": table.id, "guild_id": 1, "game": "hearts", "outcome": outcome.outcome}
    ratings = [
        {
            "guild_id": 1,
            "game": "hearts",
            "user_id": row["user_id"],
            "games": rating_games,
            "wins": row["won"] * rating_games,
            "points_total": row["points"] * rating_games,
            "calls": 0,
        }
        for row in players
        if row["user_id"] is not None
    ]
    return Snapshot({table.id: table.to_dict()}, [game], players, ratings)


def test_results_and_ratings_that_match_the_finished_game_pass() -> None:
    assert result_problems(snapshot_of(finished_hearts())) == []


def test_a_result_saved_twice_shows_in_the_ratings() -> None:
    problems = result_problems(snapshot_of(finished_hearts(), rating_games=2))
    assert len(problems) == 2 and all("results say" in problem for problem in problems)


def test_a_result_that_does_not_match_its_game_or_is_missing_is_reported() -> None:
    table = finished_hearts()
    snapshot = snapshot_of(table)
    snapshot.players[0]["points"] += 1
    assert any("seat 0" in problem for problem in result_problems(snapshot))
    assert any(
        "has no result" in problem for problem in result_problems(Snapshot(snapshot.tables, [], [], []))
    )


def test_a_game_given_up_has_the_result_of_its_standing() -> None:
    """A rated game a player gave up (docs/games.md) is recorded with the standing of that moment: checked too."""
    table = hearts_table(plays=0)
    table.status, table.end_reason, table.forfeits = TableStatus.ABANDONED, "forfeit", (0,)
    snapshot = snapshot_of(table)
    assert snapshot.players[0]["place"] == 3, "the player who gave up is last"
    assert result_problems(snapshot) == []
    snapshot.players[0]["place"] = 1  # recorded as if they had not given up
    assert any("its game says" in problem for problem in result_problems(snapshot))


def test_the_board_between_two_hands_may_name_the_last_hands_cards_dealt_again() -> None:
    """Found by a fresh-clone run on a busy machine: Hearts' board between hands ("Hand 1 is over: the picture
    shows its last trick...") names the cards the players took, which the next deal deals again; posted more than
    the grace after that deal, it read as a leak. Without that note, the same card is still reported."""
    scene = Scene()
    session = scene.table.require_session()
    engine: Any = session.engine
    while engine.hand_number == 0:
        for seat in session.to_act():
            session.play_ai(seat)
    scene.secrets = SecretsOverTime(grace=0.0)  # a later deal, first seen now: no grace at all
    scene.secrets.add(scene.world.clock.now().timestamp(), [scene.table.to_dict()])
    held = engine.hand(0)[0]
    over = "Hand 1 is over: the picture shows its last trick and points until this hand's first card."
    scene.send(embeds=[{"title": "♥️ Hearts — hand 2", "description": over}], alt=f"Ada took {held}.")
    assert scene.problems() == []
    scene.send(embeds=[{"title": "♥️ Hearts — hand 2"}], alt=f"Ada took {held}.")
    problems = scene.problems()
    assert len(problems) == 1 and held.code.replace("T", "10") in problems[0]
