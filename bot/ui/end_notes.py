"""What is told under a game's end line, in the channel's end announcement and on the Activity's page alike: the
game's own details (Klondike's verdict on a lost deal) and what the game changed in the records (the bests it beat,
the day's place, the players' new ratings), in the table's language."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from bot.service.table import Table, TableStatus
from bot.ui.game_ui import ui_for
from bot.ui.records import daily_text, rating_changes_text, records_text

if TYPE_CHECKING:
    from bot.storage.records import RecordStore

log = logging.getLogger(__name__)


async def end_notes(table: Table, records: RecordStore | None, locale: str | None = None) -> str | None:
    """The lines under `table`'s end line, in `locale` (the table's language by default); None when there are none
    (a closed lobby, a game stopped early)."""
    lines = []
    if table.status is TableStatus.FINISHED and table.session is not None:
        lines.append(await ui_for(table).end_details(table, locale))
    if table.status is TableStatus.FINISHED or table.forfeits:  # a game given up is rated too
        lines.append(await records_line(table, records, locale))
    return "\n".join(line for line in lines if line) or None


async def records_line(table: Table, records: RecordStore | None, locale: str | None = None) -> str | None:
    """What this finished game changed in the records, in words: the bests it beat, or the players' new ratings
    (None when nothing, or when the database cannot say: the result itself is announced all the same)."""
    kind = ui_for(table).records
    if kind is None or records is None:
        return None
    try:
        if kind == "rating":
            return rating_changes_text(table, await records.rating_changes(table.id), locale)
        lines = [records_text(table, await records.beaten(table.id, kind), locale)]
        if kind == "team":  # The Game's daily deal: where the team stands on it
            lines.append(daily_text(table, await records.daily_place(table.id), locale))
        return "\n".join(line for line in lines if line) or None
    except Exception:  # a read that fails costs the line, never the announcement
        log.exception("Could not read what table %s changed in the records", table.id)
        return None
