"""Benchmark: the no-numbers chat detector on the labeled corpus, against an earlier version of itself and a bare
regex that only finds ASCII digits.

Prints, for this version and for the baseline (the detector as it is at a git revision, `--baseline`, main by
default), precision and recall per language (en, fr, de; each message checked as at a table of its own
language), and the speed of `contains_number` (the bot's call) and `find_numbers` in messages per second and
microseconds a message, overall and per language: the median of `repeat` runs of `passes` passes over
tests/games/thegame/chat/corpus.jsonl, timed in CPU time of this process (so that other processes on a shared
machine count less), pinned to one CPU where the OS allows it. The versions and the bare regex
`re.compile(r"[0-9]").search` run interleaved in the same process, so they all see the same machine load.

    .venv/bin/python benchmarks/chat_rule.py [--passes 50] [--repeat 7] [--baseline main | --no-baseline]
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.games.thegame import chat  # noqa: E402

TARGET_MESSAGES_PER_SECOND = 20_000  # contains_number over the corpus, one core
CORPUS = ROOT / "tests" / "games" / "thegame" / "chat" / "corpus.jsonl"
PACKAGE = "bot/games/thegame/chat"
BARE_DIGIT = re.compile(r"[0-9]")
LANGUAGES = ("en", "fr", "de")

Check = Callable[[str, str], object]


def load_corpus() -> list[tuple[str, str, str]]:
    rows = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [(row["expected"], row["lang"], row["text"]) for row in rows]


def baseline_package(revision: str, folder: Path) -> ModuleType:
    """The chat package as it is at `revision`, imported under another name from a copy in `folder`."""
    names = subprocess.run(
        ["git", "-C", str(ROOT), "ls-tree", "--name-only", f"{revision}:{PACKAGE}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    target = folder / "chat_baseline"
    target.mkdir()
    for name in names:
        if name.endswith(".py"):
            source = subprocess.run(
                ["git", "-C", str(ROOT), "show", f"{revision}:{PACKAGE}/{name}"],
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            (target / name).write_text(source.replace("bot.games.thegame.chat", "chat_baseline"))
    sys.path.insert(0, str(folder))
    return importlib.import_module("chat_baseline")


def with_language(function: Callable[..., object]) -> Check:
    """function(text, language), or function(text) for a version that knows no table language."""
    if "language" in inspect.signature(function).parameters:
        return lambda text, language: function(text, language)
    return lambda text, language: function(text)


def accuracy(find: Check, rows: list[tuple[str, str, str]]) -> dict[str, tuple[float, float]]:
    """Precision and recall of "flag" per language and overall."""
    counts = {lang: [0, 0, 0] for lang in (*LANGUAGES, "all")}  # true pos, false pos, false neg
    for expected, lang, text in rows:
        flagged = bool(find(text, lang))
        for key in (lang, "all"):
            if flagged and expected == "flag":
                counts[key][0] += 1
            elif flagged:
                counts[key][1] += 1
            elif expected == "flag":
                counts[key][2] += 1
    return {
        key: (tp / (tp + fp) if tp + fp else 0.0, tp / (tp + fn) if tp + fn else 0.0)
        for key, (tp, fp, fn) in counts.items()
    }


def seconds_per_message(check: Check, rows: list[tuple[str, str, str]], passes: int) -> dict[str, float]:
    """CPU seconds a message, per language and over all the messages."""
    spent: dict[str, float] = {}
    for lang in LANGUAGES:
        messages = [text for _, row_lang, text in rows if row_lang == lang]
        start = time.process_time()
        for _ in range(passes):
            for text in messages:
                check(text, lang)
        spent[lang] = (time.process_time() - start) / (passes * len(messages))
    total = sum(spent[lang] * sum(1 for row in rows if row[1] == lang) for lang in LANGUAGES)
    spent["all"] = total / len(rows)
    return spent


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
    parser.add_argument("--baseline", default="main", help="git revision of the detector to compare with")
    parser.add_argument("--no-baseline", action="store_true", help="measure this version only")
    args = parser.parse_args(argv)

    rows = load_corpus()
    pinned = pin_to_one_core()
    versions: dict[str, ModuleType] = {"this version": chat}
    with tempfile.TemporaryDirectory() as folder:
        if not args.no_baseline:
            versions[f"baseline ({args.baseline})"] = baseline_package(args.baseline, Path(folder))
        checks: dict[str, Check] = {}
        for name, package in versions.items():
            checks[f"{name}: contains_number"] = with_language(package.contains_number)
            checks[f"{name}: find_numbers"] = with_language(package.find_numbers)
        checks["bare regex [0-9]"] = lambda text, language: BARE_DIGIT.search(text)

        print(
            f"chat rule benchmark: {len(rows)} messages "
            f"({sum(1 for expected, _, _ in rows if expected == 'flag')} to flag), "
            f"{args.passes} passes a run, median of {args.repeat} runs, {pinned}"
        )
        for name, package in versions.items():
            scores = accuracy(with_language(package.find_numbers), rows)
            line = "  ".join(f"{key} {p:.3f}/{r:.3f}" for key, (p, r) in scores.items())
            print(f"  {name:<22} precision/recall: {line}")

        for check in checks.values():  # warm up: imports, regex caches
            seconds_per_message(check, rows, 1)
        runs: dict[str, list[dict[str, float]]] = {name: [] for name in checks}
        for _ in range(args.repeat):
            for name, check in checks.items():
                runs[name].append(seconds_per_message(check, rows, args.passes))
    median = {
        name: {key: statistics.median(run[key] for run in values) for key in (*LANGUAGES, "all")}
        for name, values in runs.items()
    }
    for name, seconds in median.items():
        every = sorted(run["all"] for run in runs[name])
        spread = f"{1 / every[-1]:,.0f}..{1 / every[0]:,.0f}"
        per_language = "  ".join(f"{lang} {seconds[lang] * 1e6:.1f}" for lang in LANGUAGES)
        print(
            f"  {name:<40} {1 / seconds['all']:>10,.0f} msgs/s {seconds['all'] * 1e6:>6.1f} µs/msg"
            f"  (µs: {per_language}; runs {spread} msgs/s)"
        )
    detector = 1 / median["this version: contains_number"]["all"]
    for name, seconds in median.items():
        if name.startswith("baseline") and name.endswith("contains_number"):
            print(f"  this version / baseline, contains_number: {detector * seconds['all']:.2f}x the speed")
    verdict = "met" if detector >= TARGET_MESSAGES_PER_SECOND else "NOT met"
    print(f"  target: at least {TARGET_MESSAGES_PER_SECOND:,} msgs/s on one core -> {verdict}")
    return 0 if detector >= TARGET_MESSAGES_PER_SECOND else 1


if __name__ == "__main__":
    sys.exit(main())
