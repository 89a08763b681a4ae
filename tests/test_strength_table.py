"""scripts/strength_table.py sums split strength logs and refuses logs that disagree."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "strength_table.py"


def _run(*logs: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *map(str, logs)], capture_output=True, text=True)


def test_split_logs_are_summed_per_match_up(tmp_path: Path) -> None:
    first = tmp_path / "a.err"
    second = tmp_path / "b.err"
    first.write_text(
        "progress g MCTS(1000) vs random: game 0 share 1\n"
        "noise line\n"
        "progress g MCTS(1000) vs random: game 1 share 0.5\n"
    )
    second.write_text(
        "progress g MCTS(1000) vs random: game 1 share 0.5\n"
        "progress g MCTS(1000) vs random: game 2 share 0\n"
        "progress g MCTS(1000) vs greedy: game 5 share 1\n"
    )
    out = _run(first, second)
    assert out.returncode == 0, out.stderr
    assert "| g | MCTS(1000) vs random | 3 | 50.0% |" in out.stdout
    assert "| g | MCTS(1000) vs greedy | 1 (game indices 5-5, not contiguous) | 100.0% |" in out.stdout


def test_logs_that_disagree_on_a_game_are_refused(tmp_path: Path) -> None:
    first = tmp_path / "a.err"
    second = tmp_path / "b.err"
    first.write_text("progress g MCTS(1000) vs random: game 0 share 1\n")
    second.write_text("progress g MCTS(1000) vs random: game 0 share 0\n")
    out = _run(first, second)
    assert out.returncode == 1
    assert "differs" in out.stderr
