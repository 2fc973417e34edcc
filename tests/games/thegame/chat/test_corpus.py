"""The detector against a labeled corpus of table talk, in English and French.

corpus.jsonl holds one JSON object a line: {"expected": "flag" | "pass", "lang": "en" | "fr", "text": ...}.
Precision and recall of "flag" must both reach MINIMUM; the figures and every misclassified message are printed
(run pytest with -s to see them on success).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from bot.games.thegame.chat import contains_number, find_numbers

CORPUS = Path(__file__).with_name("corpus.jsonl")
MINIMUM = 0.98


def load_corpus() -> list[tuple[str, str, str]]:
    rows: list[tuple[str, str, str]] = []
    for number, line in enumerate(CORPUS.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        row = json.loads(line)
        assert row["expected"] in ("flag", "pass"), f"line {number}: {row}"
        assert row["lang"] in ("en", "fr"), f"line {number}: {row}"
        assert isinstance(row["text"], str) and row["text"], f"line {number}: {row}"
        rows.append((row["expected"], row["lang"], row["text"]))
    return rows


def test_corpus_is_big_balanced_and_bilingual() -> None:
    rows = load_corpus()
    assert len(rows) >= 300
    assert len({text for _, _, text in rows}) == len(rows), "duplicate messages"
    counts = Counter((expected, lang) for expected, lang, _ in rows)
    flagged = counts["flag", "en"] + counts["flag", "fr"]
    assert abs(flagged - len(rows) / 2) <= len(rows) * 0.05, counts  # half flagged, half pass
    english = counts["flag", "en"] + counts["pass", "en"]
    assert abs(english - len(rows) / 2) <= len(rows) * 0.05, counts  # both languages roughly equal
    for lang in ("en", "fr"):
        assert counts["flag", lang] >= 100 and counts["pass", lang] >= 100, counts


def test_precision_and_recall() -> None:
    true_pos = false_pos = false_neg = true_neg = 0
    errors: list[str] = []
    per_lang: Counter[tuple[str, str]] = Counter()
    for expected, lang, text in load_corpus():
        findings = find_numbers(text)
        flagged = bool(findings)
        assert flagged == contains_number(text), f"contains_number disagrees with find_numbers on {text!r}"
        outcome = {
            ("flag", True): "tp",
            ("flag", False): "fn",
            ("pass", True): "fp",
            ("pass", False): "tn",
        }[expected, flagged]
        per_lang[lang, outcome] += 1
        if outcome == "tp":
            true_pos += 1
        elif outcome == "tn":
            true_neg += 1
        elif outcome == "fp":
            false_pos += 1
            errors.append(f"  false positive [{lang}] {text!r}: {[(f.kind, f.text) for f in findings]}")
        else:
            false_neg += 1
            errors.append(f"  missed         [{lang}] {text!r}")
    precision = true_pos / (true_pos + false_pos) if true_pos + false_pos else 0.0
    recall = true_pos / (true_pos + false_neg) if true_pos + false_neg else 0.0
    print(
        f"\nchat rule corpus: {true_pos + false_pos + false_neg + true_neg} messages, "
        f"precision {precision:.4f}, recall {recall:.4f} "
        f"(tp {true_pos}, fp {false_pos}, fn {false_neg}, tn {true_neg})"
    )
    for lang in ("en", "fr"):
        tp, fp, fn = per_lang[lang, "tp"], per_lang[lang, "fp"], per_lang[lang, "fn"]
        print(
            f"  {lang}: precision {tp / (tp + fp) if tp + fp else 0:.4f}, "
            f"recall {tp / (tp + fn) if tp + fn else 0:.4f}"
        )
    if errors:
        print("misclassified:\n" + "\n".join(errors))
    assert precision >= MINIMUM, f"precision {precision:.4f} < {MINIMUM}"
    assert recall >= MINIMUM, f"recall {recall:.4f} < {MINIMUM}"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_language_alone_reaches_the_minimum(lang: str) -> None:
    rows = [(expected, text) for expected, row_lang, text in load_corpus() if row_lang == lang]
    flagged_right = sum(1 for expected, text in rows if expected == "flag" and contains_number(text))
    flagged_all = sum(1 for _, text in rows if contains_number(text))
    to_flag = sum(1 for expected, _ in rows if expected == "flag")
    assert flagged_right / flagged_all >= MINIMUM
    assert flagged_right / to_flag >= MINIMUM
