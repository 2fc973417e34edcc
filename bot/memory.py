"""Garbage collection for a long-running bot process.

Python's cyclic garbage collector starts a young collection every 700 new objects and, now and then, a full one that
walks every object in the process. A bot at work creates many short-lived objects (every event, message and button
discord.py parses), so with the defaults it spent about a fifth of its CPU collecting (benchmarks/bot_load.py:
3.8 s of 20.7 s), most of it walking what start-up created and never frees: modules, catalogs, fonts, card faces,
the tables restored. `tune_garbage_collection`, called once start-up is done: collects once, then moves every
object alive into the permanent generation (`gc.freeze`), never walked again, and starts a young collection every
`YOUNG_THRESHOLD` objects instead of 700. Cycles are still collected; the process holds a few MB more between
collections. Only `python -m bot` does it (and the benchmarks, as it does): a test process, which starts many bots,
keeps the defaults.
"""

from __future__ import annotations

import gc

YOUNG_THRESHOLD = 20_000


def tune_garbage_collection() -> None:
    gc.collect()
    gc.freeze()
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, older, oldest)
