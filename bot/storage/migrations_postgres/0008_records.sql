-- A rated game's change to each human seat's rating (the rating shown, mu - 3 sigma, before and after the game),
-- for the line that ends the game; NULL for AI seats, unrated games, and every game stored before these columns.
ALTER TABLE game_players ADD COLUMN rating_before DOUBLE PRECISION;
ALTER TABLE game_players ADD COLUMN rating_after DOUBLE PRECISION;

-- A solitaire server's record in a deal type (`bot/storage/records.py`): its won deals' fewest moves and fastest
-- time, read from the index alone; the solitaire leaderboard and `/stats` start from the same columns.
CREATE INDEX games_solitaire_records ON games (guild_id, game, variant, outcome, turns, started_at, ended_at);
