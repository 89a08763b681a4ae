"""The code blocks of docs/positions.md run as written."""

from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "positions.md"


def blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)


def test_the_introduction_runs() -> None:
    exec(compile(blocks()[0], str(DOC), "exec"), {})


def test_the_heuristic_bot_plays_in_the_arena(capsys) -> None:  # type: ignore[no-untyped-def]
    exec(compile(blocks()[1], str(DOC), "exec"), {})
    out = capsys.readouterr().out
    assert re.search(r"greedy taker: [\d.]+ wins in 20 games against random", out), out
