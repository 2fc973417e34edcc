"""`/history` tells each game's result its own way: found in the playground, a Klondike deal given up with no card
up read "🏆 Klondike, won with 0 pts", and a game's detail named Klondike's moves "Hands"."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.storage.stats import GameRecord, SeatRecord
from bot.ui.history import game_embed, outcome_text

ALICE = SeatRecord(user_id=1, name="alice", is_ai=False, points=0, place=1, won=True)
ADA = SeatRecord(user_id=None, name="Ada", is_ai=True, points=7, place=2, won=False)


def record(game: str, outcome: str, score: int, seats: tuple[SeatRecord, ...] = (ALICE,)) -> GameRecord:
    return GameRecord(
        id=1, channel_id=2, game=game, player_count=len(seats), variant="", expert_minimum=False,
        expert_hand=False, deal_code="ABCDEFGH", daily=None, outcome=outcome, cards_left=score, turns=57,
        started_at=0.0, ended_at=60.0, has_ai=any(seat.is_ai for seat in seats), violations=0, hints=0,
        seats=seats,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("game", "outcome", "score", "seats", "english", "french"),
    [
        ("klondike", "lost", 0, (ALICE,), "🏁 Klondike, lost with 0 cards on the foundations",
         "🏁 Klondike, perdue avec 0 carte sur les fondations"),
        ("klondike", "lost", 1, (ALICE,), "🏁 Klondike, lost with 1 card on the foundations",
         "🏁 Klondike, perdue avec 1 carte sur les fondations"),
        ("klondike", "won", 52, (ALICE,), "🏆 Klondike, won: every card up",
         "🏆 Klondike, gagnée\xa0: toutes les cartes montées"),
        ("crapette", "finished", 0, (ALICE, ADA), "🏆 Crapette, won by Alice", "🏆 Crapette, gagnée par Alice"),
        ("crapette", "finished", 3, (replace(ALICE, won=False), ADA), "🤝 Crapette, drawn", "🤝 Crapette, nulle"),
        ("hearts", "finished", 1, (ALICE, ADA), "🏆 Hearts, won with 1 pt", "🏆 Dame de pique, gagnée avec 1 pt"),
        ("barbu", "finished", 40, (ALICE, ADA), "🏆 Barbu, won with 40 pts", "🏆 Barbu, gagnée avec 40 pts"),
        ("thegame", "abandoned", 1, (ALICE,), "⏹️ The Game, abandoned (1 card left)", "⏹️ The Game, arrêtée (1 carte restante)"),
        ("thegame", "lost", 3, (ALICE,), "🏁 The Game, 3 cards left", "🏁 The Game, 3 cartes restantes"),
        ("thegame", "won", 0, (ALICE,), "🏆 The Game, won", "🏆 The Game, gagnée"),
    ],
)  # fmt: skip
def test_each_game_says_how_it_ended(
    game: str, outcome: str, score: int, seats: tuple[SeatRecord, ...], english: str, french: str
) -> None:
    names = {1: "Alice"}
    assert outcome_text(record(game, outcome, score, seats), names, "en-US") == english
    assert outcome_text(record(game, outcome, score, seats), names, "fr") == french


def fields(embed_dict: dict[str, object]) -> dict[str, str]:
    return {str(field["name"]): str(field["value"]) for field in embed_dict["fields"]}  # type: ignore[index,attr-defined]


def test_a_games_detail_names_its_own_figures() -> None:
    klondike = fields(game_embed(record("klondike", "lost", 12), {1: "Alice"}, "en-US").to_dict())
    assert klondike["Cards on the foundations"] == "12" and klondike["Moves"] == "57"
    assert "Cards left" not in klondike and "Hands" not in klondike
    assert "pts" not in klondike["Players"]
    crapette = fields(game_embed(record("crapette", "finished", 0, (ALICE, ADA)), {}, "en-US").to_dict())
    assert crapette["Turns"] == "57" and "🤖 Ada — 7 cards left" in crapette["Players"]
    drawn = game_embed(
        record("crapette", "finished", 3, (replace(ALICE, won=False), ADA)), {}, "fr"
    ).to_dict()
    assert drawn["title"] == "🤝 Crapette\xa0: partie nulle", "nobody won: no trophy"
    hearts = fields(game_embed(record("hearts", "finished", 0, (ALICE, ADA)), {}, "en-US").to_dict())
    assert hearts["Hands"] == "57" and "🤖 Ada — 7 pts" in hearts["Players"]


@pytest.mark.parametrize("locale", ["en-US", "fr"])
def test_a_cooperative_games_detail_shows_the_teams_result_not_points_per_player(locale: str) -> None:
    # Found playing: /history showed "Alice — 12 pts" for each player of The Game, a game the team wins or
    # loses together; the team's result is the cards left, shown once.
    team = (replace(ALICE, points=12, won=False), replace(ADA, points=12, won=False))
    shown = fields(game_embed(record("thegame", "lost", 12, team), {1: "Alice"}, locale).to_dict())
    cards_left = "Cards left" if locale == "en-US" else "Cartes restantes"
    assert shown[cards_left] == "12"
    players = shown["Players" if locale == "en-US" else "Joueurs"]
    assert "12" not in players and "pt" not in players
    assert "Alice" in players and "Ada" in players


@pytest.mark.parametrize(
    ("locale", "field", "line"),
    [
        ("en-US", "Players", "🏆 Alice — 1 pt, rating 1064 (+28)"),
        ("fr", "Joueurs", "🏆 Alice — 1 pt, cote 1064 (+28)"),
        ("de", "Spieler", "🏆 Alice — 1 Pkt., Wertung 1064 (+28)"),
    ],
)
def test_a_rated_games_detail_gives_each_players_rating_change(locale: str, field: str, line: str) -> None:
    """As the game's end line told the channel; a game stored before the changes were kept shows none."""
    rated = replace(ALICE, points=1, rating_before=1.8, rating_after=3.2)
    shown = fields(game_embed(record("hearts", "finished", 1, (rated, ADA)), {1: "Alice"}, locale).to_dict())
    assert shown[field].split("\n")[0] == line
    older = fields(
        game_embed(
            record("hearts", "finished", 1, (replace(ALICE, points=1), ADA)), {1: "Alice"}, locale
        ).to_dict()
    )
    assert older[field].split("\n")[0] == line.split(",")[0]
