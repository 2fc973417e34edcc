-- Fenced saves (bot/storage/fencing.py): a process that lost its shards cannot write one more move.
--
-- Each shard has a lease row; a process that takes a shard's advisory lock (bot/storage/shard_lock.py) then writes a
-- new generation into the lease rows of its shards (row -1 stands for the whole bot) and runs with that generation
-- in its connections' settings (thegame.lease_generation, thegame.lease_shards, thegame.lease_lock). Every statement
-- that writes a bot table checks, in the same transaction, that the writer's generation is still its shards' and
-- that its lock's session is still alive (fence_writes). The
-- check holds a ROW SHARE lock on shard_leases until the writer commits, and a process taking shards over bumps the
-- generations under an EXCLUSIVE lock: the takeover waits for the saves in flight, and every later save of the old
-- process fails (SQLSTATE TG001), so nothing it writes can land after the new process has read its tables.
-- Connections without a generation (the copy command, an administrator, tests) are not fenced.
CREATE TABLE shard_leases (
    shard INTEGER PRIMARY KEY,
    generation BIGINT NOT NULL,
    holder TEXT NOT NULL,
    shard_count INTEGER,
    taken_at DOUBLE PRECISION NOT NULL
);

CREATE SEQUENCE shard_lease_generations AS BIGINT;

-- The generation of the process that last wrote each table's state (NULL: a process without one, or SQLite).
ALTER TABLE tables ADD COLUMN lease_generation BIGINT;

CREATE FUNCTION fence_writes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    expected BIGINT := NULLIF(current_setting('thegame.lease_generation', true), '')::BIGINT;
    shards INTEGER[];
    held INTEGER;
    lock_session TEXT[];
BEGIN
    IF expected IS NULL OR current_setting('thegame.lease_checked', true) = 'yes' THEN
        RETURN NULL;
    END IF;
    shards := current_setting('thegame.lease_shards')::INTEGER[];
    LOCK TABLE shard_leases IN ROW SHARE MODE;
    SELECT count(*) INTO held FROM shard_leases WHERE shard = ANY (shards) AND generation = expected;
    IF held <> cardinality(shards) THEN
        RAISE EXCEPTION 'fenced: lease generation % no longer holds shards %', expected, shards
            USING ERRCODE = 'TG001';
    END IF;
    -- The session holding the shards' advisory locks must still be alive (pid and start, as the server's
    -- statistics say: a pid reused after a restart has another start): once it ended, the shards are free and this
    -- process must not write, even before another process takes them.
    lock_session := string_to_array(COALESCE(current_setting('thegame.lease_lock', true), '0:0'), ':');
    IF lock_session[1] <> '0' AND NOT EXISTS (
        SELECT 1 FROM pg_stat_get_activity(lock_session[1]::INTEGER) AS a
        WHERE floor(extract(epoch FROM a.backend_start) * 1000000)::BIGINT = lock_session[2]::BIGINT
    ) THEN
        RAISE EXCEPTION 'fenced: the lock session of lease generation % has ended', expected
            USING ERRCODE = 'TG001';
    END IF;
    -- Checked for the rest of this transaction: the lock above is held until it ends.
    PERFORM set_config('thegame.lease_checked', 'yes', true);
    RETURN NULL;
END
$$;

CREATE FUNCTION stamp_lease_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.lease_generation := NULLIF(current_setting('thegame.lease_generation', true), '')::BIGINT;
    RETURN NEW;
END
$$;

CREATE TRIGGER tables_fenced BEFORE INSERT OR UPDATE OR DELETE ON tables
    FOR EACH STATEMENT EXECUTE FUNCTION fence_writes();

CREATE TRIGGER games_fenced BEFORE INSERT OR UPDATE OR DELETE ON games
    FOR EACH STATEMENT EXECUTE FUNCTION fence_writes();

CREATE TRIGGER game_players_fenced BEFORE INSERT OR UPDATE OR DELETE ON game_players
    FOR EACH STATEMENT EXECUTE FUNCTION fence_writes();

CREATE TRIGGER ratings_fenced BEFORE INSERT OR UPDATE OR DELETE ON ratings
    FOR EACH STATEMENT EXECUTE FUNCTION fence_writes();

CREATE TRIGGER guild_settings_fenced BEFORE INSERT OR UPDATE OR DELETE ON guild_settings
    FOR EACH STATEMENT EXECUTE FUNCTION fence_writes();

CREATE TRIGGER meta_fenced BEFORE INSERT OR UPDATE OR DELETE ON meta
    FOR EACH STATEMENT EXECUTE FUNCTION fence_writes();

CREATE TRIGGER tables_lease_generation BEFORE INSERT OR UPDATE ON tables
    FOR EACH ROW EXECUTE FUNCTION stamp_lease_generation();
