"""`make agents` on a card whose run changed its flags on the way: scripts/retrain_agent.py runs
the card's stages in order, each to its last iteration, skips those done, and drops the replay
buffer only where the shipped run lost it (at the start of such a stage, never mid-stage)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tests.networks.scripts import load_script


def _stage(flags: str, until: int, fresh: bool) -> dict[str, Any]:
    return {"until_iteration": until, "fresh_buffer": fresh,
            "command": f"OPENBLAS_NUM_THREADS=1 python examples/alphazero.py --game \"nim\" {flags} --out RUN --resume"}


def test_stages_run_in_order_and_drop_the_buffer_where_the_run_lost_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    retrain = load_script("retrain_agent")
    agents = tmp_path / "agents"
    agents.mkdir()
    card = {"training": {"command": "unused", "iterations": 9, "stages": [
        _stage("--train-steps 90", 3, False), _stage("--train-steps 150", 6, True), _stage("--simulations 128", 9, True)]}}
    (agents / "toy-2p.json").write_text(json.dumps(card))
    monkeypatch.setattr(retrain, "AGENTS", agents)
    out = tmp_path / "run"
    calls: list[tuple[list[str], bool]] = []
    budget = {"iterations": 100}

    def fake_example(argv: list[str]) -> int:
        """Trains to --iterations, or as far as the budget allows, leaving a buffer behind."""
        run = Path(argv[argv.index("--out") + 1])
        run.mkdir(exist_ok=True)
        calls.append((argv, (run / "buffer.npz").exists()))
        done = retrain.completed_iterations(run)
        reached = min(int(argv[argv.index("--iterations") + 1]), done + budget["iterations"])
        np.savez(run / "checkpoint.npz", state=np.frombuffer(json.dumps({"iteration": reached}).encode(), dtype=np.uint8))
        (run / "buffer.npz").write_bytes(b"examples")
        return 0

    monkeypatch.setattr(retrain.subprocess, "call", fake_example)
    argv = ["retrain_agent.py", "toy", "2", "--out", str(out)]
    monkeypatch.setattr(sys, "argv", argv)
    budget["iterations"] = 2
    assert retrain.main() == 0  # stops inside the first stage (2 of 3)
    assert retrain.main() == 0  # finishes it, then stops inside the second (5 of 6)
    budget["iterations"] = 100
    assert retrain.main() == 0  # finishes the second, runs the third
    assert retrain.main() == 0  # nothing left
    iterations = [int(a[a.index("--iterations") + 1]) for a, _ in calls]
    assert iterations == [3, 3, 6, 6, 9]
    steps = [a[a.index("--train-steps") + 1] if "--train-steps" in a else None for a, _ in calls]
    assert steps == ["90", "90", "150", "150", None]
    # The buffer is dropped at the start of the second and third stages, kept when the second resumes.
    assert [had for _, had in calls] == [False, True, False, True, False]
    assert retrain.completed_iterations(out) == 9


def test_ship_agent_checks_the_stages_against_the_checkpoint(tmp_path: Path) -> None:
    ship = load_script("ship_agent")
    flags = "--simulations 16 --train-steps 5 --seed 3"
    meta = ship.example_settings(["--game", '"nim"', flags, "--out", "RUN"]) | {"game": "nim", "hours": 0.1}
    stages = tmp_path / "stages.json"

    def write(*entries: tuple[int, str, bool]) -> Path:
        stages.write_text(json.dumps([{"until_iteration": u, "flags": f, "fresh_buffer": b} for u, f, b in entries]))
        return stages

    made = ship.training_stages(write((4, "--train-steps 9 --seed 3", False), (7, flags, True)), meta, 7)
    assert [s["iterations"] for s in made] == ["1-4", "5-7"] and made[1]["fresh_buffer"]
    assert made[0]["command"].startswith('OPENBLAS_NUM_THREADS=1 python examples/alphazero.py --game "nim" --train-steps 9')
    with pytest.raises(SystemExit, match="train_steps"):
        ship.training_stages(write((7, "--simulations 16 --train-steps 6 --seed 3", False)), meta, 7)
    with pytest.raises(SystemExit, match="ends at iteration 6"):
        ship.training_stages(write((6, flags, False)), meta, 7)
    with pytest.raises(SystemExit, match="until_iteration above 4"):
        ship.training_stages(write((4, flags, False), (4, flags, False)), meta, 7)
    stages.write_text("not json")
    with pytest.raises(SystemExit, match="not a readable JSON"):
        ship.training_stages(stages, meta, 7)
