-- The same tables as PostgreSQL's migration 0006 (fenced saves), so both stores keep one schema. On SQLite they stay
-- empty: one process runs the bot on a file, and its flock on the shard lock files (bot/storage/shard_lock.py) only
-- ends with the process, so no other process can take its shards while it still writes: there is nothing to fence.
CREATE TABLE shard_leases (
    shard INTEGER PRIMARY KEY,
    generation INTEGER NOT NULL,
    holder TEXT NOT NULL,
    shard_count INTEGER,
    taken_at REAL NOT NULL
);

ALTER TABLE tables ADD COLUMN lease_generation INTEGER;
