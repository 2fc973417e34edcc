"""The examples of docs/engine-api.md run."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "engine-api.md"


def test_engine_api_examples_run() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert text.startswith("## Engine API")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 5
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        exec(compile("\n".join(blocks), str(DOC), "exec"), {})
    assert "not_your_turn" in output.getvalue()
