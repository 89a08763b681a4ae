"""Records round-trip and verify; the command line works through a subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import salon
from salon import records


def test_record_round_trip_and_tampering(default_game: salon.Game, tmp_path: Path) -> None:
    state = salon.random_playout(default_game, seed=21)
    rec = records.record_of(state, ["random"] * default_game.num_players())
    path = tmp_path / "games.jsonl"
    records.write_records(path, [rec, rec])
    replayed = [records.replay(r, line=i) for i, r in records.read_records(path)]
    assert all(s == state for s in replayed)
    bad = json.loads(json.dumps(rec))
    k = len(bad["actions"]) // 2
    bad["actions"][k][1] = "something else"
    with pytest.raises(records.RecordError, match=f"move {k}"):
        records.replay(bad, line=3)
    bad = json.loads(json.dumps(rec))
    bad["scores"] = [s + 1 for s in bad["scores"]]
    with pytest.raises(records.RecordError, match="final scores"):
        records.replay(bad)


def _salon(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "salon", *args], cwd=cwd, capture_output=True, text=True, timeout=600)


def test_cli_games_demo_and_replay(tmp_path: Path) -> None:
    out = _salon("games", cwd=tmp_path)
    assert out.returncode == 0 and "azul_sintra" in out.stdout
    out = _salon("demo", "--games", "1", "--game", "azul_sintra", "--bots", "greedy,random", "--out", str(tmp_path / "r"), cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    out = _salon("replay", str(tmp_path / "r" / "azul_sintra.jsonl"), cwd=tmp_path)
    assert out.returncode == 0 and "records verified" in out.stdout


def test_cli_user_errors_are_one_line(tmp_path: Path) -> None:
    out = _salon("replay", str(tmp_path / "missing.jsonl"), cwd=tmp_path)
    assert out.returncode != 0 and "Traceback" not in out.stderr and "salon: error" in out.stderr
    out = _salon("demo", "--game", "no_such_game", "--out", str(tmp_path), cwd=tmp_path)
    assert out.returncode != 0 and "Traceback" not in out.stderr
