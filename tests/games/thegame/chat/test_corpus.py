"""The detector against a labeled corpus of table talk, in English, French and German.

corpus.jsonl holds one JSON object a line: {"expected": "flag" | "pass", "lang": "en" | "fr" | "de", "text": ...}.
Each message is checked as at a table of its own language (the bot's case) and as at a table whose language is
unknown. Precision and recall of "flag" must reach MINIMUM overall and in each language; the figures and every
misclassified message are printed (run pytest with -s to see them on success).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.games.thegame.chat import contains_number, find_numbers

CORPUS = Path(__file__).with_name("corpus.jsonl")
LANGUAGES = ("en", "fr", "de")
MINIMUM = 0.98


def load_corpus() -> list[tuple[str, str, str]]:
    rows: list[tuple[str, str, str]] = []
    for number, line in enumerate(CORPUS.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        row = json.loads(line)
        assert row["expected"] in ("flag", "pass"), f"line {number}: {row}"
        assert row["lang"] in LANGUAGES, f"line {number}: {row}"
        assert isinstance(row["text"], str) and row["text"], f"line {number}: {row}"
        rows.append((row["expected"], row["lang"], row["text"]))
    return rows


@dataclass
class Score:
    true_pos: int = 0
    false_pos: int = 0
    false_neg: int = 0
    true_neg: int = 0

    def count(self, expected: str, flagged: bool) -> str:
        outcome = {("flag", True): "tp", ("flag", False): "fn", ("pass", True): "fp", ("pass", False): "tn"}
        result = outcome[expected, flagged]
        if result == "tp":
            self.true_pos += 1
        elif result == "fp":
            self.false_pos += 1
        elif result == "fn":
            self.false_neg += 1
        else:
            self.true_neg += 1
        return result

    @property
    def precision(self) -> float:
        flagged = self.true_pos + self.false_pos
        return self.true_pos / flagged if flagged else 0.0

    @property
    def recall(self) -> float:
        to_flag = self.true_pos + self.false_neg
        return self.true_pos / to_flag if to_flag else 0.0


def score(table_language_is_known: bool) -> tuple[Score, dict[str, Score], list[str]]:
    """Every message, at a table of its own language or of an unknown one: overall and per-language scores,
    and the misclassified messages."""
    overall = Score()
    per_language = {lang: Score() for lang in LANGUAGES}
    errors: list[str] = []
    for expected, lang, text in load_corpus():
        table = lang if table_language_is_known else None
        findings = find_numbers(text, table)
        flagged = bool(findings)
        assert flagged == contains_number(text, table), f"contains_number disagrees on {text!r}"
        result = overall.count(expected, flagged)
        per_language[lang].count(expected, flagged)
        if result == "fp":
            errors.append(f"  false positive [{lang}] {text!r}: {[(f.kind, f.text) for f in findings]}")
        elif result == "fn":
            errors.append(f"  missed         [{lang}] {text!r}")
    return overall, per_language, errors


def test_corpus_is_big_balanced_and_trilingual() -> None:
    rows = load_corpus()
    assert len(rows) >= 900
    assert len({text for _, _, text in rows}) == len(rows), "duplicate messages"
    counts = Counter((expected, lang) for expected, lang, _ in rows)
    flagged = sum(counts["flag", lang] for lang in LANGUAGES)
    assert abs(flagged - len(rows) / 2) <= len(rows) * 0.05, counts  # half flagged, half pass
    for lang in LANGUAGES:
        in_language = counts["flag", lang] + counts["pass", lang]
        assert abs(in_language - len(rows) / 3) <= len(rows) * 0.05, counts  # the languages roughly equal
        assert counts["flag", lang] >= 140 and counts["pass", lang] >= 140, counts


@pytest.mark.parametrize("known", [True, False], ids=["table of its language", "unknown table"])
def test_precision_and_recall(known: bool) -> None:
    overall, per_language, errors = score(known)
    print(
        f"\nchat rule corpus ({'table of its language' if known else 'unknown table'}): "
        f"{overall.true_pos + overall.false_pos + overall.false_neg + overall.true_neg} messages, "
        f"precision {overall.precision:.4f}, recall {overall.recall:.4f} (tp {overall.true_pos}, "
        f"fp {overall.false_pos}, fn {overall.false_neg}, tn {overall.true_neg})"
    )
    for lang, result in per_language.items():
        print(f"  {lang}: precision {result.precision:.4f}, recall {result.recall:.4f}")
    if errors:
        print("misclassified:\n" + "\n".join(errors))
    assert overall.precision >= MINIMUM, f"precision {overall.precision:.4f} < {MINIMUM}"
    assert overall.recall >= MINIMUM, f"recall {overall.recall:.4f} < {MINIMUM}"
    for lang, result in per_language.items():
        assert result.precision >= MINIMUM, f"{lang}: precision {result.precision:.4f} < {MINIMUM}"
        assert result.recall >= MINIMUM, f"{lang}: recall {result.recall:.4f} < {MINIMUM}"
