"""The examples of the engine's section in docs/architecture.md run."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path


def docs_section(title: str) -> str:
    """The section of docs/architecture.md that starts with `## {title}`, up to the next `## ` heading."""
    text = (Path(__file__).resolve().parents[4] / "docs" / "architecture.md").read_text(encoding="utf-8")
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def test_engine_api_examples_run() -> None:
    text = docs_section("The Game's engine")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 5
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        exec(compile("\n".join(blocks), "docs/architecture.md", "exec"), {})
    assert "not_your_turn" in output.getvalue()
