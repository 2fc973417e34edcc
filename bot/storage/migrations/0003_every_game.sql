-- The card table hosts several games: results of every game in the same tables, with a game column.
-- `games` is rebuilt (SQLite cannot change a CHECK constraint) with `game`, and outcome 'finished' for the
-- competitive games (each seat's result is then in game_players). Foreign keys are off while a migration runs
-- (see db.migrate), so game_players keeps its rows; the check at the end of the migration verifies them.

CREATE TABLE games_new (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    game TEXT NOT NULL DEFAULT 'thegame',
    player_count INTEGER NOT NULL,
    expert_minimum INTEGER NOT NULL DEFAULT 0,
    expert_hand INTEGER NOT NULL DEFAULT 0,
    variant TEXT NOT NULL,
    deal_code TEXT NOT NULL,
    daily TEXT,
    outcome TEXT NOT NULL CHECK (outcome IN ('won', 'lost', 'finished', 'abandoned')),
    cards_left INTEGER NOT NULL,
    turns INTEGER NOT NULL,
    started_at REAL NOT NULL,
    ended_at REAL NOT NULL,
    team_key TEXT NOT NULL,
    has_ai INTEGER NOT NULL DEFAULT 0,
    violations INTEGER NOT NULL DEFAULT 0,
    hints INTEGER NOT NULL DEFAULT 0
);

INSERT INTO games_new (id, guild_id, channel_id, game, player_count, expert_minimum, expert_hand, variant, deal_code,
                       daily, outcome, cards_left, turns, started_at, ended_at, team_key, has_ai, violations, hints)
SELECT id, guild_id, channel_id, 'thegame', player_count, expert_minimum, expert_hand, variant, deal_code,
       daily, outcome, cards_left, turns, started_at, ended_at, team_key, has_ai, violations, hints
FROM games;

DROP TABLE games;

ALTER TABLE games_new RENAME TO games;

-- The Game's team leaderboards (migration 0002's indexes, now per game).
CREATE INDEX games_leaderboard
    ON games (guild_id, game, has_ai, team_key, cards_left, ended_at, outcome, player_count, variant)
    WHERE outcome <> 'abandoned';

CREATE INDEX games_daily_leaderboard
    ON games (guild_id, game, daily, has_ai, team_key, cards_left, ended_at, outcome, player_count, variant)
    WHERE daily IS NOT NULL AND outcome <> 'abandoned';

CREATE INDEX games_server_history ON games (guild_id, ended_at);

CREATE INDEX games_channel_history ON games (guild_id, channel_id, ended_at);

-- Each seat's result in a competitive game: its final points, its place (1 = winner) and whether it won.
ALTER TABLE game_players ADD COLUMN points INTEGER;

ALTER TABLE game_players ADD COLUMN place INTEGER;

ALTER TABLE game_players ADD COLUMN won INTEGER;

-- A player's rating per server and competitive game (OpenSkill, Plackett-Luce), updated by every finished game;
-- abandoned games never count. AI seats are rated in each game but never stored here.
CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    display_name TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL DEFAULT 0,
    wins INTEGER NOT NULL DEFAULT 0,
    points_total INTEGER NOT NULL DEFAULT 0,
    last_played REAL NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
