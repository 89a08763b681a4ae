"""Documentation that runs: every ```python block of README.md and docs/ runs as written, in
order, one namespace per file (as a reader types them into one session), in a scratch folder.

A block that cannot run as written says so on the line before it:

- ``<!-- sketch: why -->``: not run (a framework the reader brings, a path of theirs);
- ``<!-- needs: module[, module] -->``: run only where those modules import (an optional
  extra); the file's later blocks are skipped with it when it cannot run.
"""

from __future__ import annotations

import importlib.util
import os
import re
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FILES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
MARK = re.compile(r"<!--\s*(sketch|needs):\s*(.*?)\s*-->")


@dataclass
class Block:
    line: int
    code: str
    sketch: str | None
    needs: list[str]


def blocks(path: Path) -> list[Block]:
    out: list[Block] = []
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        if lines[i].strip() == "```python":
            start = i
            j = i + 1
            while j < len(lines) and lines[j].strip() != "```":
                j += 1
            before = next((lines[k] for k in range(start - 1, -1, -1) if lines[k].strip()), "")
            mark = MARK.search(before)
            sketch = mark.group(2) if mark and mark.group(1) == "sketch" else None
            needs = [m.strip() for m in mark.group(2).split(",")] if mark and mark.group(1) == "needs" else []
            code = textwrap.dedent("\n".join(lines[start + 1 : j]))  # a block inside a list item is indented
            out.append(Block(start + 1, code, sketch, needs))
            i = j
        i += 1
    return out


DOCS = [p for p in FILES if blocks(p)]


def test_the_runner_finds_the_documents() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in DOCS}
    assert {"README.md", "docs/learning.md", "docs/bots.md"} <= names


@pytest.mark.parametrize("path", DOCS, ids=[p.relative_to(ROOT).as_posix() for p in DOCS])
def test_every_python_example_runs_as_written(path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("OPENBLAS_NUM_THREADS", os.environ.get("OPENBLAS_NUM_THREADS", "1"))
    namespace: dict[str, object] = {"__name__": "__doc_example__"}
    ran = 0
    for block in blocks(path):
        if block.sketch is not None:
            continue
        missing = [m for m in block.needs if importlib.util.find_spec(m) is None]
        if missing:
            if ran == 0:
                pytest.skip(f"needs {', '.join(missing)}")
            break  # the later blocks may build on this one
        where = f"{path.relative_to(ROOT)}:{block.line}"
        try:
            exec(compile(block.code, where, "exec"), namespace)
        except Exception as err:
            raise AssertionError(f"the example at {where} fails: {type(err).__name__}: {err}") from err
        ran += 1
    assert ran > 0 or all(b.sketch for b in blocks(path))
