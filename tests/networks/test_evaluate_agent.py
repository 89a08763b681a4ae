"""scripts/evaluate_agent.py: an evaluation played in chunks, stopped and resumed, has the records
of one arena run of the same line-up and seed; records of another evaluation are refused."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

import salon
from salon import arena
from salon.onnx_mlp import mlp_to_onnx
from tests.networks.mlp import mlp_params

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "evaluate_agent.py"


def _evaluate(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, cwd=ROOT, timeout=300)


def _records(path: Path) -> list[dict]:  # type: ignore[type-arg]
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def test_a_stopped_and_resumed_evaluation_is_one_arena_run(tmp_path: Path) -> None:
    game = salon.load_game("azul_sintra(players=3)")
    network = tmp_path / "n.onnx"
    network.write_bytes(mlp_to_onnx(mlp_params(game), game))
    out = tmp_path / "eval.jsonl.gz"
    common = [str(network), "azul_sintra(players=3)", "--opponent", "mcts:4", "--simulations", "3",
              "--games", "5", "--seed", "40", "--chunk", "2", "--jobs", "1", "--out", str(out)]
    first = _evaluate(*common, "--chunks", "1")
    assert first.returncode == 0, first.stderr
    assert len(_records(out)) == 2
    assert "2 of 5 games" in first.stdout
    second = _evaluate(*common)
    assert second.returncode == 0, second.stderr
    resumed = _records(out)
    whole = arena.run_arena(game, [f"net:3@{network}", "mcts:4", "mcts:4"], 5, seed=40).records
    assert [r["seed"] for r in resumed] == [40, 41, 42, 43, 44]
    assert [r["players"] for r in resumed] == [r["players"] for r in whole]
    assert [r["actions"] for r in resumed] == [r["actions"] for r in whole]
    assert [r["returns"] for r in resumed] == [r["returns"] for r in whole]


def test_records_of_another_evaluation_are_refused(tmp_path: Path) -> None:
    game = salon.load_game("azul_sintra")
    network = tmp_path / "n.onnx"
    network.write_bytes(mlp_to_onnx(mlp_params(game), game))
    out = tmp_path / "eval.jsonl.gz"
    common = [str(network), "azul_sintra", "--opponent", "random", "--simulations", "2", "--games", "3",
              "--chunk", "2", "--jobs", "1", "--out", str(out)]
    assert _evaluate(*common, "--seed", "7", "--chunks", "1").returncode == 0
    before = out.read_bytes()
    other_seed = _evaluate(*common, "--seed", "8")
    assert other_seed.returncode != 0
    assert "seed 7" in other_seed.stderr and "another evaluation" in other_seed.stderr
    other_opponent = _evaluate(*common, "--seed", "7", "--opponent", "greedy")
    assert other_opponent.returncode != 0 and "another evaluation" in other_opponent.stderr
    assert out.read_bytes() == before


def test_bad_arguments_are_named(tmp_path: Path) -> None:
    missing = _evaluate(str(tmp_path / "absent.onnx"), "azul_sintra", "--out", str(tmp_path / "e.jsonl.gz"))
    assert missing.returncode != 0 and "no such network file" in missing.stderr
    network = tmp_path / "n.onnx"
    network.write_bytes(b"not a network")
    wrong_name = _evaluate(str(network), "azul_sintra", "--out", str(tmp_path / "e.json"))
    assert wrong_name.returncode != 0 and "*.jsonl.gz" in wrong_name.stderr
    bad_mix = _evaluate(str(network), "azul_sintra", "--rollout-mix", "1.5", "--out", str(tmp_path / "e.jsonl.gz"))
    assert bad_mix.returncode != 0 and "between 0 and 1" in bad_mix.stderr
    bad_game = _evaluate(str(network), "no_such_game", "--out", str(tmp_path / "e.jsonl.gz"))
    assert bad_game.returncode != 0 and "no_such_game" in bad_game.stderr
    not_onnx = _evaluate(str(network), "azul_sintra", "--out", str(tmp_path / "e.jsonl.gz"))
    assert not_onnx.returncode != 0 and "not an ONNX model" in not_onnx.stderr
    other_game = tmp_path / "three.onnx"
    three = salon.load_game("azul_sintra(players=3)")
    other_game.write_bytes(mlp_to_onnx(mlp_params(three), three))
    wrong_players = _evaluate(str(other_game), "azul_sintra", "--out", str(tmp_path / "e.jsonl.gz"))
    assert wrong_players.returncode != 0 and "players" in wrong_players.stderr
    assert not (tmp_path / "e.jsonl.gz").exists()


def test_bad_search_settings_are_named(tmp_path: Path) -> None:
    game = salon.load_game("azul_sintra")
    network = tmp_path / "n.onnx"
    network.write_bytes(mlp_to_onnx(mlp_params(game), game))
    out = tmp_path / "e.jsonl.gz"
    unknown = _evaluate(str(network), "azul_sintra", "--search", "c_puct=1", "--out", str(out))
    assert unknown.returncode != 0 and "c_puct=1" in unknown.stderr and "c_scale" in unknown.stderr
    not_a_number = _evaluate(str(network), "azul_sintra", "--search", "c_scale=lots", "--out", str(out))
    assert not_a_number.returncode != 0 and "'lots' is not a number" in not_a_number.stderr
    not_whole = _evaluate(str(network), "azul_sintra", "--search", "max_considered_actions=2.5", "--out", str(out))
    assert not_whole.returncode != 0 and "is not a whole number" in not_whole.stderr
    out_of_range = _evaluate(str(network), "azul_sintra", "--search", "max_considered_actions=100", "--out", str(out))
    assert out_of_range.returncode != 0 and "salon.max_considered_actions" in out_of_range.stderr
    assert not out.exists()
