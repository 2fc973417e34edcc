-- PostgreSQL's history starts at version 4: this file is the whole schema as SQLite has it after its migration
-- 0004 (bot/storage/migrations/), when PostgreSQL support arrived. So a version number means the same schema on both
-- stores, and every future migration is written twice, with the same number and name: once in
-- bot/storage/migrations/ for SQLite, once here for PostgreSQL (tests/storage/test_migrations.py checks the pairs).
--
-- The columns and their meaning are SQLite's (see the comments there). Differences: Discord ids and table ids are
-- BIGINT, times are DOUBLE PRECISION (unix seconds, like SQLite's REAL), flags stay INTEGER 0/1 so that the stores'
-- SQL is the same on both, and table ids come from a sequence shared by every bot process.

CREATE TABLE tables (
    id BIGINT PRIMARY KEY,
    guild_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'abandoned', 'expired')),
    data TEXT NOT NULL,
    created_at DOUBLE PRECISION NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL
);

-- A table's state is saved after every move, whole (a few to a few hundred kB of JSON with its log): lz4 compresses
-- it about ten times faster than PostgreSQL's default (pglz), which made a save cost ~10 ms. Servers built without
-- lz4 (or before PostgreSQL 14) keep the default: the statement runs dynamically so that its error can be caught.
DO $$ BEGIN EXECUTE 'ALTER TABLE tables ALTER COLUMN data SET COMPRESSION lz4'; EXCEPTION WHEN OTHERS THEN NULL; END $$;

-- One lobby or running game per channel or thread.
CREATE UNIQUE INDEX tables_one_active_per_channel ON tables (channel_id) WHERE status IN ('lobby', 'playing');

CREATE INDEX tables_active ON tables (status) WHERE status IN ('lobby', 'playing');

-- Table ids: never reused (buttons carry them), unique across every process. The copy command
-- (python -m bot.storage.copy) moves it past the ids it copies.
CREATE SEQUENCE table_ids AS BIGINT;

CREATE TABLE games (
    id BIGINT PRIMARY KEY,
    guild_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
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
    started_at DOUBLE PRECISION NOT NULL,
    ended_at DOUBLE PRECISION NOT NULL,
    team_key TEXT NOT NULL,
    has_ai INTEGER NOT NULL DEFAULT 0,
    violations INTEGER NOT NULL DEFAULT 0,
    hints INTEGER NOT NULL DEFAULT 0
);

-- The leaderboard's covering indexes. SQLite's indexes carry the row id by themselves; PostgreSQL's must INCLUDE it
-- (the leaderboard reads MAX(id)), or the planner reads the table instead.
CREATE INDEX games_leaderboard
    ON games (guild_id, game, has_ai, team_key, cards_left, ended_at, outcome, player_count, variant) INCLUDE (id)
    WHERE outcome <> 'abandoned';

CREATE INDEX games_daily_leaderboard
    ON games (guild_id, game, daily, has_ai, team_key, cards_left, ended_at, outcome, player_count, variant)
    INCLUDE (id) WHERE daily IS NOT NULL AND outcome <> 'abandoned';

CREATE INDEX games_server_history ON games (guild_id, ended_at);

CREATE INDEX games_channel_history ON games (guild_id, channel_id, ended_at);

CREATE TABLE game_players (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    user_id BIGINT,
    display_name TEXT NOT NULL,
    is_ai INTEGER NOT NULL DEFAULT 0,
    violations INTEGER NOT NULL DEFAULT 0,
    hints INTEGER NOT NULL DEFAULT 0,
    points INTEGER,
    place INTEGER,
    won INTEGER,
    calls INTEGER,
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX game_players_user ON game_players (user_id, game_id, violations, hints) WHERE user_id IS NOT NULL;

CREATE TABLE guild_settings (
    guild_id BIGINT PRIMARY KEY,
    chat_rule_mode TEXT NOT NULL DEFAULT 'warn' CHECK (chat_rule_mode IN ('warn', 'delete', 'off')),
    chat_rule_everyone INTEGER NOT NULL DEFAULT 0,
    hints_enabled INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE ratings (
    guild_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    display_name TEXT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL DEFAULT 0,
    wins INTEGER NOT NULL DEFAULT 0,
    points_total BIGINT NOT NULL DEFAULT 0,
    last_played DOUBLE PRECISION NOT NULL,
    calls INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, game, user_id)
);
