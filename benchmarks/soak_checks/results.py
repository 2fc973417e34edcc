"""Results and ratings consistent with the finished games, read from the database in one snapshot.

- Each finished table, and each rated game a player gave up (docs/games.md), has its result row (``games``, same
  id), with the outcome its stored game gives, and one ``game_players`` row a seat with the seat's points, place
  and win.
- Each result row belongs to a table that is over.
- Each rating (``ratings``: one row a server, game and player of a competitive game) counts exactly the player's
  rated results: games, wins, points and calls are the sums over their ``game_players`` rows of finished (not
  abandoned) games, and a player has a rating if and only if they have such a result. A result saved twice counts
  twice in the rating: caught here.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any


@dataclass
class Snapshot:
    tables: dict[int, dict[str, Any]]
    games: list[dict[str, Any]]
    players: list[dict[str, Any]]
    ratings: list[dict[str, Any]]


GAMES = "SELECT id, guild_id, game, outcome, cards_left, turns, player_count FROM games"
PLAYERS = "SELECT game_id, seat, user_id, is_ai, points, place, won, calls FROM game_players"
RATINGS = "SELECT guild_id, game, user_id, games, wins, points_total, calls FROM ratings"


def result_problems(snapshot: Snapshot) -> list[str]:
    from bot.service.table import Table

    problems: list[str] = []
    games = {int(row["id"]): row for row in snapshot.games}
    seats: dict[int, dict[int, dict[str, Any]]] = {}
    for row in snapshot.players:
        seats.setdefault(int(row["game_id"]), {})[int(row["seat"])] = row
    for table_id, data in snapshot.tables.items():
        given_up = data.get("status") == "abandoned" and data.get("forfeits")
        if (data.get("status") != "finished" and not given_up) or not data.get("session"):
            continue
        table = Table.from_dict(data)
        session = table.session
        if session is None:
            continue
        if given_up:  # a rated game a player gave up: its result is the standing of that moment
            forfeit = session.forfeit_outcome(table.forfeits)
            if forfeit is None:
                problems.append(f"table {table_id} ({table.game_key}) was given up but has no such result")
                continue
            outcome = forfeit
        elif session.is_over:
            outcome = session.outcome()
        else:
            continue
        result = games.get(table_id)
        if result is None:
            problems.append(f"table {table_id} ({table.game_key}) finished but has no result")
            continue
        if result["outcome"] != outcome.outcome:
            problems.append(
                f"table {table_id}: result {result['outcome']!r}, its game says {outcome.outcome!r}"
            )
        stored = seats.get(table_id, {})
        if len(stored) != len(outcome.seats):
            problems.append(
                f"table {table_id}: {len(stored)} seats in its result, {len(outcome.seats)} played"
            )
            continue
        for index, seat in enumerate(outcome.seats):
            saved = stored[index]
            got = (saved["points"], saved["place"], bool(saved["won"]))
            if got != (seat.points, seat.place, seat.won):
                problems.append(
                    f"table {table_id} seat {index}: result (points, place, won) {got}, "
                    f"its game says {(seat.points, seat.place, seat.won)}"
                )
    for game_id, row in games.items():
        over = snapshot.tables.get(game_id)
        if over is None or over.get("status") in ("lobby", "playing"):
            problems.append(f"result {game_id} ({row['game']}, {row['outcome']}) has no table that is over")
    problems += rating_problems(snapshot, games)
    return problems


def rating_problems(snapshot: Snapshot, games: dict[int, dict[str, Any]]) -> list[str]:
    """Each rating row equals the sums of its player's rated results."""
    from bot.games.registry import rules_for

    expected: dict[tuple[int, str, int], Counter[str]] = {}
    for row in snapshot.players:
        game = games.get(int(row["game_id"]))
        if game is None or game["outcome"] == "abandoned" or row["user_id"] is None or row["is_ai"]:
            continue
        if rules_for(str(game["game"])).cooperative or row["place"] is None:
            continue
        key = (int(game["guild_id"]), str(game["game"]), int(row["user_id"]))
        sums = expected.setdefault(key, Counter())
        sums["games"] += 1
        sums["wins"] += int(row["won"] or 0)
        sums["points_total"] += int(row["points"] or 0)
        sums["calls"] += int(row["calls"] or 0)
    problems = []
    seen = set()
    for rating in snapshot.ratings:
        key = (int(rating["guild_id"]), str(rating["game"]), int(rating["user_id"]))
        seen.add(key)
        sums = expected.get(key, Counter())
        stored = {name: int(rating[name]) for name in ("games", "wins", "points_total", "calls")}
        wanted = {name: int(sums[name]) for name in stored}
        if stored != wanted:
            problems.append(
                f"rating of user {key[2]} in {key[1]} (server {key[0]}): {stored}, results say {wanted}"
            )
    for key in expected.keys() - seen:
        problems.append(f"user {key[2]} has rated {key[1]} results in server {key[0]} but no rating")
    return problems
