"""Hearts' and Barbu's board and hand results as the channel sees them: the picture of the table (never a hand), its
description in the server's language, the finished hand on the board until the next hand's first card, and the
message that tells the channel how a hand ended."""

from __future__ import annotations

import pytest

from bot.games.barbu.contracts import CONTRACT_ORDER, Contract
from bot.games.cards import Card
from bot.games.hand_recap import HandRecap
from bot.games.hearts.options import Phase
from bot.games.hearts.session import HeartsSession
from bot.games.tricks import TrickPlay
from bot.service.table import TableStatus
from bot.ui.i18n import t
from bot.ui.lobby import BoardImage, render_table
from bot.ui.render import TakenChip
from bot.ui.render.tricks import trick_table_size
from bot.ui.trick_picture import layout_and_description
from bot.ui.trick_views import session_of, trick_ui
from tests.e2e.trick_driver import cards_shown
from tests.games.test_hand_recap import play_to_the_end_of_hand
from tests.games.test_trick_tables import first_choice, table_at
from tests.ui.render.helpers import decode


@pytest.mark.parametrize("game", ["hearts", "barbu"])
@pytest.mark.parametrize("players", [3, 4, 6, 8])
def test_the_board_is_a_picture_that_shows_only_played_and_taken_cards(game: str, players: int) -> None:
    for steps in (0, players + 1, 40):
        table = table_at(game, players, seed=players + steps, steps=steps)
        board = render_table(table)
        image = board["image"]
        assert isinstance(image, BoardImage)
        assert board["embed"].image.url == f"attachment://{image.filename}"
        assert decode(image.png).size == trick_table_size()
        layout, _ = layout_and_description(table, trick_ui(table))
        engine = session_of(table).engine
        played = {play.card for play in engine.plays_this_hand}
        shown = {play.card for play in layout.trick + layout.last_trick}
        assert shown <= played, "only cards played this hand lie on the table"
        for index, seat in enumerate(layout.seats):
            taken = engine.penalty_cards(index)
            assert sum(chip.count for chip in seat.taken if chip.rank) <= len(taken)
        assert [seat.name for seat in layout.seats] == [seat.name for seat in table.seats]
        assert [seat.to_act for seat in layout.seats] == [i in engine.to_act() for i in range(players)]


def test_the_description_says_everything_the_picture_shows_in_the_servers_language() -> None:
    table = table_at("hearts", 4, seed=5, steps=23, locale="fr")
    engine = session_of(table).engine
    layout, text = layout_and_description(table, trick_ui(table))
    assert len(text) <= 1024
    trick = engine.current_trick
    leader = table.seats[trick[0].seat].name
    assert f"Pli {engine.trick_number + 1}, entamé par {leader}\xa0: " in text
    for play in trick:
        assert f"{table.seats[play.seat].name} {play.card}" in text
    assert "le remporte pour l'instant" in text
    for seat in table.seats:
        assert f"{seat.name}\xa0: " in text
    assert "Dernier pli, pris par" in text
    assert layout.labels.lead == "entame" and layout.centre[0] == f"Pli {engine.trick_number + 1}"
    assert "Trick" not in text and "took" not in text, "no English on a French server"


def test_the_embed_keeps_the_hand_the_rule_and_the_deal_code_as_text() -> None:
    table = table_at("barbu", 4, seed=5, steps=3)
    embed = render_table(table)["embed"]
    assert embed.title is not None and "hand 1 of 5" in embed.title
    assert "5 points a trick." in (embed.description or "")
    assert embed.footer.text is not None and table.deal_code in embed.footer.text
    assert not embed.fields, "the seats' points are in the picture"


def test_the_finished_hand_stays_on_the_board_during_the_pass() -> None:
    table = table_at("hearts", 4, seed=3, steps=0)
    (recap,) = play_to_the_end_of_hand(session_of(table))
    hearts = session_of(table)
    assert isinstance(hearts, HeartsSession) and hearts.engine.phase is Phase.PASSING
    board = render_table(table)
    assert "Hand 1 is over" in (board["embed"].description or "")
    layout, text = layout_and_description(table, trick_ui(table))
    assert layout.centre[0] == "Hand 1 is over" and layout.winning == recap.last_winner
    assert tuple((play.seat, play.card) for play in layout.trick) == tuple(
        (play.seat, play.card) for play in recap.last_trick
    )
    for index, seat in enumerate(layout.seats):
        assert seat.score_line.startswith(f"{recap.points[index]} pt")
        assert f"total {recap.totals[index]}" in seat.score_line
        assert seat.status == "choosing…" and seat.to_act
    assert layout.footer == "Next: hand 2, pass to the right."
    assert "Hand 1 is over." in text and "Last trick, taken by" in text


def test_a_hand_result_is_posted_once_when_a_hand_ends() -> None:
    table = table_at("hearts", 4, seed=3, steps=0)
    hearts = session_of(table)
    ui = trick_ui(table)
    seat = hearts.to_act()[0]
    result = hearts.apply(seat, first_choice(hearts, seat))
    assert ui.announcements(table, result.events) == [], "nothing to tell in the middle of a hand"
    while True:
        seat = hearts.to_act()[0]
        result = hearts.apply(seat, first_choice(hearts, seat))
        recaps = [event for event in result.events if isinstance(event, HandRecap)]
        if recaps:
            break
    (message,) = ui.announcements(table, result.events)
    embed = message["embed"]
    text = embed.description or ""
    recap = recaps[0]
    assert embed.title == "♥️ Hand 1 is over"
    winner = table.seats[recap.last_winner or 0].name
    assert text.startswith("Last trick: ") and f"→ **{winner}**" in text.splitlines()[0]
    for index, seat_shown in enumerate(table.seats):
        assert f"**{seat_shown.name}**: {recap.points[index]} pt" in text
        assert f"total **{recap.totals[index]}**" in text
    assert text.endswith("Next: hand 2, pass to the right.")
    assert cards_shown(text) == {play.card for play in recap.last_trick}, (
        "the last trick's cards, nothing else"
    )


def moon_recap(choice: str | None) -> HandRecap:
    return HandRecap(
        number=3,
        last_trick=(TrickPlay(1, Card("H", 14)), TrickPlay(2, Card("H", 2))),
        last_winner=1,
        tricks_taken=(0, 13, 0, 0),
        penalty_cards=((), (), (), ()),
        points=(26, 0, 26, 26) if choice == "plus_others" else (0, -26, 0, 0),
        totals=(40, 12, 50, 61),
        moon=1,
        moon_choice=choice,
    )


@pytest.mark.parametrize(
    ("choice", "line"),
    [
        ("plus_others", "🌙 P1 gave the moon's points to everyone else."),
        ("minus_self", "🌙 P1 took the moon's points off their own total."),
    ],
)
def test_a_moon_is_told_in_the_hand_result(choice: str, line: str) -> None:
    table = table_at("hearts", 4, seed=3, steps=0)
    message = trick_ui(table).announcements(table, [moon_recap(choice)])[0]
    assert line in (message["embed"].description or "").splitlines()


def test_the_last_hand_of_a_game_says_nothing_comes_next() -> None:
    table = table_at("barbu", 4, seed=4, steps=10_000)
    engine = session_of(table).engine
    assert engine.is_over
    last = session_of(table).finished_hands[-1]
    (message,) = trick_ui(table).announcements(table, [last])
    assert message["embed"].title == "🧔 Hand 5 of 5 is over: Salad"
    assert "Next" not in (message["embed"].description or "")


def test_barbu_tells_the_next_contract_and_its_dealer_in_french() -> None:
    table = table_at("barbu", 4, seed=3, steps=0, locale="fr")
    (recap,) = play_to_the_end_of_hand(session_of(table))
    (message,) = trick_ui(table).announcements(table, [recap])
    text = message["embed"].description or ""
    assert message["embed"].title == "🧔 Fin de la donne 1 sur 5\xa0: Pas de plis"
    assert text.endswith("Ensuite\xa0: donne 2 sur 5, Pas de cœurs, donnée par P1.")
    assert "pts cette donne" in text or "pt cette donne" in text


@pytest.mark.parametrize("contract", CONTRACT_ORDER)
def test_barbu_shows_its_contract_its_penalties_and_the_cards_it_counts(contract: Contract) -> None:
    table = table_at("barbu", 4, seed=3, steps=0)
    ui = trick_ui(table)
    header = ui.picture_header(table)
    assert header.startswith("Barbu — hand 1 of 5")
    assert t("en", f"barbu.short.{contract.value}") and t("fr", f"barbu.short.{contract.value}")
    hand = CONTRACT_ORDER.index(contract) + 1
    taken = tuple(Card.from_code(code) for code in ["2H", "9H", "QS", "QH", "KH", "QS", "3C"])
    chips = ui.taken_chips(table, hand, taken)
    expected = {
        Contract.FEWEST_TRICKS: (),
        Contract.NO_HEARTS: (TakenChip("", "H", 4),),
        Contract.NO_QUEENS: (TakenChip("Q", "H"), TakenChip("Q", "S", 2)),
        Contract.BARBU: (TakenChip("K", "H"),),
        Contract.SALAD: (
            TakenChip("K", "H"),
            TakenChip("Q", "H"),
            TakenChip("Q", "S", 2),
            TakenChip("", "H", 4),
        ),
    }[contract]
    assert chips == expected


def test_hearts_shows_the_queen_of_spades_then_the_hearts_and_who_still_chooses_a_pass() -> None:
    table = table_at("hearts", 4, seed=3, steps=1)  # seat 0 chose its pass
    ui = trick_ui(table)
    taken = tuple(Card.from_code(code) for code in ["2H", "QS", "9H"])
    assert ui.taken_chips(table, 1, taken) == (TakenChip("Q", "S"), TakenChip("", "H", 2))
    assert ui.seat_status(table, 0) == "chosen ✓"
    assert ui.seat_status(table, 1) == "choosing…"
    assert ui.centre_lines(table) == ("Pass to the left",)
    assert ui.picture_header(table) == "Hearts — hand 1 · pass to the left", "no emoji drawn"


def test_a_crowded_tables_description_keeps_the_trick_and_the_last_trick_within_discords_limit() -> None:
    table = table_at("hearts", 8, seed=9, steps=95)
    for seat in table.seats:
        seat.name = "Maximilienne-Alexandrine de Tour"  # 32 characters, Discord's longest display name
    engine = session_of(table).engine
    _, text = layout_and_description(table, trick_ui(table))
    assert len(text) <= 1024
    assert f"Trick {engine.trick_number + 1}, led by" in text and "Last trick, taken by" in text


@pytest.mark.parametrize("game", ["hearts", "barbu"])
def test_a_game_given_up_ranks_the_player_who_gave_it_up_last(game: str) -> None:
    """The summary of a rated game a player gave up: the others as they stood (the first named in the title), the
    player who gave it up last with 🏳️, whatever their total, and why, in the server's language."""
    table = table_at(game, 4, seed=3, steps=80, locale="fr")
    engine = session_of(table).engine
    leader = min(range(4), key=lambda seat: (engine.scores[seat], seat))
    table.status, table.end_reason, table.forfeits = TableStatus.ABANDONED, "forfeit", (leader,)
    embed = render_table(table)["embed"]
    rows = embed.fields[0].value.splitlines()
    assert rows[-1].startswith(f"🏳️ **{table.seats[leader].name}**"), rows
    staying = sorted((engine.scores[seat], seat) for seat in range(4) if seat != leader)
    first = [seat for score, seat in staying if score == staying[0][0]]
    assert embed.title == t(
        "fr",
        "tricks.won_title_shared" if len(first) > 1 else "tricks.won_title",
        game=trick_ui(table).name("fr"),
        names=", ".join(f"P{seat}" for seat in first),
    )
    assert all(row.startswith("🏆 ") for row in rows[: len(first)]) and "🏆" not in rows[-1]
    assert embed.description == t("fr", "summary.forfeit.forfeit", name=table.seats[leader].name)


@pytest.mark.parametrize(
    ("game", "locale", "one", "tie"),
    [
        ("hearts", "en-US", "🏆 Hearts — P0 wins", "🏆 Hearts — P0, P2 share the win"),
        ("barbu", "fr", "🏆 Barbu — P0 gagne", "🏆 Barbu — P0, P2 se partagent la victoire"),
        ("hearts", "de", "🏆 Hearts — P0 gewinnt", "🏆 Hearts — P0, P2 teilen sich den Sieg"),
    ],
)
def test_the_summary_title_says_who_wins(game: str, locale: str, one: str, tie: str) -> None:
    """Found in a review: "🏆 Hearts — Grace" named the winner without a verb, while Crapette's said "… wins"."""
    table = table_at(game, 4, seed=3, steps=0, locale=locale)
    ui = trick_ui(table)
    assert ui.won_title(table, [0]) == one
    assert ui.won_title(table, [0, 2]) == tie
