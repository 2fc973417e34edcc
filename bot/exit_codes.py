"""How a bot process (`python -m bot`) and the copy command (`python -m bot.storage.copy`) end, as an exit status.

A supervisor (Docker's `restart: unless-stopped`, systemd, Heroku) restarts a process that exits with anything but
0; the status says why it stopped, and each refusal also prints one line on stderr saying what to do.

| status | meaning |
| --- | --- |
| 0 | clean stop (SIGTERM or Ctrl-C: in-flight answers sent and saved) / the copy matches |
| 1 | the copy was written but a table does not match (also Python's status for a crash) |
| 2 | configuration: a setting, an argument or the Discord token is wrong; restarting will not help |
| 3 | another live process runs these shards (or the whole bot) on this database |
| 4 | this process lost its shards (its lock's database session ended, or a save was fenced off) |
| 5 | the database cannot be reached or refused the connection (host, port, database, role, password) |
| 6 | Discord cannot be reached at start-up |
| 7 | the copy's target already holds rows that did not come from this SQLite file: nothing was written |
"""

from __future__ import annotations

from enum import IntEnum


class ExitCode(IntEnum):
    OK = 0
    COPY_MISMATCH = 1
    CONFIGURATION = 2
    SHARDS_TAKEN = 3
    SHARDS_LOST = 4
    DATABASE_UNREACHABLE = 5
    DISCORD_UNREACHABLE = 6
    TARGET_NOT_EMPTY = 7
