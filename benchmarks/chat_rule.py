"""Benchmark: the no-numbers chat detector vs a bare regex that only finds ASCII digits, on the labeled corpus.

Each run times `passes` passes over tests/games/thegame/chat/corpus.jsonl (contains_number, the bot's call, on every message);
the figure is the median of `repeat` runs, in messages per second on one core (the process is pinned to one CPU
where the OS allows it). find_numbers, which reports every finding, is timed the same way for information. The
bare regex `re.compile(r"[0-9]").search` runs in the same process, interleaved with the detector's runs, so both
see the same machine load.

    .venv/bin/python benchmarks/chat_rule.py [--passes 50] [--repeat 7]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.games.thegame.chat import contains_number, find_numbers  # noqa: E402

TARGET_MESSAGES_PER_SECOND = 20_000  # contains_number over the corpus, one core
CORPUS = ROOT / "tests" / "games" / "thegame" / "chat" / "corpus.jsonl"
BARE_DIGIT = re.compile(r"[0-9]")


def load_messages() -> list[str]:
    lines = CORPUS.read_text(encoding="utf-8").splitlines()
    return [json.loads(line)["text"] for line in lines if line.strip()]


def messages_per_second(check: Callable[[str], object], messages: list[str], passes: int) -> float:
    start = time.perf_counter()
    for _ in range(passes):
        for message in messages:
            check(message)
    return passes * len(messages) / (time.perf_counter() - start)


def pin_to_one_core() -> str:
    if hasattr(os, "sched_setaffinity") and hasattr(os, "sched_getaffinity"):
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    return "not pinned (no sched_setaffinity here)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--passes", type=int, default=50, help="passes over the corpus per run")
    parser.add_argument("--repeat", type=int, default=7, help="runs; the median is reported")
    args = parser.parse_args(argv)

    messages = load_messages()
    pinned = pin_to_one_core()
    checks: dict[str, Callable[[str], object]] = {
        "contains_number": contains_number,
        "find_numbers": find_numbers,
        "bare regex [0-9]": BARE_DIGIT.search,
    }
    for check in checks.values():  # warm up: imports, regex caches
        messages_per_second(check, messages, 1)
    runs: dict[str, list[float]] = {name: [] for name in checks}
    for _ in range(args.repeat):
        for name, check in checks.items():
            runs[name].append(messages_per_second(check, messages, args.passes))
    median = {name: statistics.median(values) for name, values in runs.items()}

    flagged = sum(1 for message in messages if contains_number(message))
    print(
        f"chat rule benchmark: {len(messages)} messages ({flagged} flagged), {args.passes} passes a run, "
        f"median of {args.repeat} runs, {pinned}"
    )
    for name, value in median.items():
        spread = f"{min(runs[name]):,.0f}..{max(runs[name]):,.0f}"
        print(f"  {name:<18} {value:>12,.0f} msgs/s   (runs {spread})")
    detector = median["contains_number"]
    ratio = detector / median["bare regex [0-9]"]
    print(f"  ratio detector / bare regex: {ratio:.4f} (1 : {1 / ratio:,.0f})")
    verdict = "met" if detector >= TARGET_MESSAGES_PER_SECOND else "NOT met"
    print(f"  target: at least {TARGET_MESSAGES_PER_SECOND:,} msgs/s on one core -> {verdict}")
    return 0 if detector >= TARGET_MESSAGES_PER_SECOND else 1


if __name__ == "__main__":
    sys.exit(main())
