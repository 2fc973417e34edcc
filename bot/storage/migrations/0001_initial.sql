-- Tables (a lobby or a game in progress, one per channel), finished game results, per-server settings.

CREATE TABLE tables (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'abandoned', 'expired')),
    data TEXT NOT NULL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);

-- One lobby or running game per channel or thread.
CREATE UNIQUE INDEX tables_one_active_per_channel ON tables (channel_id) WHERE status IN ('lobby', 'playing');

CREATE INDEX tables_active ON tables (status) WHERE status IN ('lobby', 'playing');

-- One row per finished game (won, lost or abandoned); the id is the table's id.
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    player_count INTEGER NOT NULL,
    expert_minimum INTEGER NOT NULL DEFAULT 0,
    expert_hand INTEGER NOT NULL DEFAULT 0,
    variant TEXT NOT NULL CHECK (variant IN ('standard', 'expert')),
    deal_code TEXT NOT NULL,
    daily TEXT,
    outcome TEXT NOT NULL CHECK (outcome IN ('won', 'lost', 'abandoned')),
    cards_left INTEGER NOT NULL,
    turns INTEGER NOT NULL,
    started_at REAL NOT NULL,
    ended_at REAL NOT NULL,
    team_key TEXT NOT NULL,
    has_ai INTEGER NOT NULL DEFAULT 0,
    violations INTEGER NOT NULL DEFAULT 0,
    hints INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE game_players (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    user_id INTEGER,
    display_name TEXT NOT NULL,
    is_ai INTEGER NOT NULL DEFAULT 0,
    violations INTEGER NOT NULL DEFAULT 0,
    hints INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);

CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,
    chat_rule_mode TEXT NOT NULL DEFAULT 'warn' CHECK (chat_rule_mode IN ('warn', 'delete', 'off')),
    chat_rule_everyone INTEGER NOT NULL DEFAULT 0,
    hints_enabled INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
