-- Indexes for the leaderboard, stats and history screens (the queries are in bot/storage/stats.py).
-- Every query starts with a server's guild_id, so every index does too: no screen ever reads another server's rows.

-- The leaderboard: a server's won or lost games (abandoned ones never rank), all-human teams and teams with AI seats
-- apart, grouped by team in index order; the other columns make the index covering, so the table is never read.
CREATE INDEX games_leaderboard
    ON games (guild_id, has_ai, team_key, cards_left, ended_at, outcome, player_count, variant)
    WHERE outcome <> 'abandoned';

-- The daily leaderboard: only the games of one day's deal.
CREATE INDEX games_daily_leaderboard
    ON games (guild_id, daily, has_ai, team_key, cards_left, ended_at, outcome, player_count, variant)
    WHERE daily IS NOT NULL AND outcome <> 'abandoned';

-- History: the last games of a server, or of one of its channels, newest first.
CREATE INDEX games_server_history ON games (guild_id, ended_at);

CREATE INDEX games_channel_history ON games (guild_id, channel_id, ended_at);

-- A player's stats (and forgetting a player): their seats (covering their counts), then their games by primary key.
CREATE INDEX game_players_user ON game_players (user_id, game_id, violations, hints) WHERE user_id IS NOT NULL;
