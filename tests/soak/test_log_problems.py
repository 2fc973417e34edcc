"""The soak's reading of the bot's log: which ERROR lines are a database fault's expected consequences, which are
unhandled exceptions (a failure of the run)."""

from __future__ import annotations

from pathlib import Path

from benchmarks.soak import log_problems

OPEN_FAILED = """INFO bot.app: ready
ERROR bot.service.games: Could not open a table in channel 1575752830478848018
Traceback (most recent call last):
  File "asyncpg/protocol/coreproto.pyx", line 875, in asyncpg.protocol.protocol.CoreProtocol._set_state
asyncpg.exceptions._base.InternalClientError: cannot switch to state 15; another operation (2) is in progress
INFO bot.app: still running
"""
OTHER_ERROR = """ERROR bot.ui.controller: An action failed
Traceback (most recent call last):
  File "bot/ui/controller.py", line 1, in game_action
KeyError: 'seat'
"""


def test_a_table_that_could_not_be_opened_during_a_database_fault_is_the_faults_doing(tmp_path: Path) -> None:
    log = tmp_path / "bot-2.log"
    log.write_text(OPEN_FAILED)
    unhandled, database = log_problems([log], database_faults=True)
    assert unhandled == []
    assert database == {"database: Could not open a table in channel 1575752830478848018": 1}


def test_the_same_line_without_database_faults_or_another_error_is_unhandled(tmp_path: Path) -> None:
    log = tmp_path / "bot-0.log"
    log.write_text(OPEN_FAILED)
    unhandled, _ = log_problems([log], database_faults=False)
    assert len(unhandled) == 1 and "InternalClientError" in unhandled[0]
    log.write_text(OTHER_ERROR)
    unhandled, database = log_problems([log], database_faults=True)
    assert len(unhandled) == 1 and "KeyError: 'seat'" in unhandled[0] and not database
