"""examples/mcts_teacher.py: games of MCTS with random rollouts as training examples whose
policy targets are the root's visit shares, traceable to replayable records."""

from __future__ import annotations

import importlib.util
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

import numpy as np

import salon
from salon.records import replay
from salon.selfplay import load_shards

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "mcts_teacher.py"


def teacher() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mcts_teacher", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_teacher_examples_are_the_mcts_games_with_visit_share_targets(tmp_path: Path) -> None:
    assert teacher().main(["--game", "atelier_studio(players=3)", "--games", "3", "--simulations", "12",
                           "--seed", "4", "--out", str(tmp_path / "t")]) == 0
    ex = load_shards(tmp_path / "t")
    game = salon.load_game("atelier_studio(players=3)")
    assert sorted(r["game_id"] for r in ex.records) == [0, 1, 2]
    assert ex.observations.shape == (len(ex), *game.observation_tensor_shape())
    np.testing.assert_allclose(ex.policies.sum(axis=1), 1.0, rtol=1e-5)
    assert not (ex.policies[~ex.masks] > 0).any()
    # MCTS plays its most visited action, so the action played has the largest target.
    rows = np.arange(len(ex))
    assert (ex.policies[rows, ex.actions] == ex.policies.max(axis=1)).all()
    # Searched decisions have a spread target (visits over several actions), not a one-hot.
    assert (np.count_nonzero(ex.policies, axis=1) > 1).mean() > 0.5
    for record in ex.records:
        assert record["players"] == ["mcts:12"] * 3
        final = replay(record)
        mine = ex.game_ids == record["game_id"]
        np.testing.assert_allclose(ex.returns[mine], np.tile(final.returns(), (mine.sum(), 1)))
        np.testing.assert_allclose(ex.root_values[mine], ex.returns[mine])
        # Each example is the observation of the mover at the recorded ply.
        state = game.new_initial_state(seed=record["seed"])
        plies = set(ex.plies[mine].tolist())
        k = np.flatnonzero(mine)
        at = 0
        for ply, (action, _) in enumerate(record["actions"]):
            if ply in plies:
                assert ex.actions[k[at]] == action and ex.players[k[at]] == state.current_player()
                np.testing.assert_array_equal(ex.observations[k[at]],
                                              np.asarray(state.observation_tensor(state.current_player()), np.float32))
                at += 1
            state.apply_action(action)
        assert at == mine.sum()


def test_the_same_examples_whatever_the_number_of_jobs(tmp_path: Path) -> None:
    t = teacher()
    args = ["--game", "azul_sintra", "--games", "3", "--simulations", "10", "--seed", "9"]
    assert t.main([*args, "--jobs", "1", "--out", str(tmp_path / "one")]) == 0
    # Worker processes import the script as a program, so the two-job run is one.
    done = subprocess.run([sys.executable, str(SCRIPT), *args, "--jobs", "2", "--out", str(tmp_path / "two")],
                          capture_output=True, text=True, timeout=300, env={**os.environ, "OPENBLAS_NUM_THREADS": "1"})
    assert done.returncode == 0, done.stdout + done.stderr
    one, two = load_shards(tmp_path / "one"), load_shards(tmp_path / "two")
    for name in ("observations", "masks", "policies", "players", "returns", "game_ids", "plies", "actions"):
        np.testing.assert_array_equal(getattr(one, name), getattr(two, name), err_msg=name)
    assert t.main([*args, "--seed", "10", "--out", str(tmp_path / "other")]) == 0
    assert not np.array_equal(load_shards(tmp_path / "other").actions[:50], one.actions[:50])


def test_a_stopped_run_keeps_the_first_games(tmp_path: Path) -> None:
    out = tmp_path / "t"
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1"}
    run = subprocess.Popen([sys.executable, str(SCRIPT), "--game", "azul_sintra", "--games", "100000",
                            "--simulations", "4", "--seed", "2", "--out", str(out)],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    assert run.stdout is not None
    deadline = time.monotonic() + 120
    for line in run.stdout:
        if line.startswith("3/100000 games") or time.monotonic() > deadline:
            break
    run.send_signal(signal.SIGTERM)
    rest = run.communicate(timeout=120)[0]
    assert run.returncode == 0, rest
    assert "stopped: writing the games finished so far" in rest
    ex = load_shards(out)
    games = len(ex.records)
    assert games >= 3
    assert sorted(r["game_id"] for r in ex.records) == list(range(games))
    assert sorted(set(ex.game_ids.tolist())) == list(range(games))


def test_bad_arguments_are_refused(tmp_path: Path) -> None:
    t = teacher()
    assert t.main(["--game", "azul_sintra", "--games", "1", "--simulations", "4", "--out", str(tmp_path / "t")]) == 0
    for argv, message in [
        (["--game", "azul_sintra", "--games", "1", "--out", str(tmp_path / "t")], "already holds shards"),
        (["--game", "no_such_game", "--games", "1", "--out", str(tmp_path / "u")], "--game 'no_such_game'"),
        (["--game", "azul_sintra", "--games", "0", "--out", str(tmp_path / "v")], "at least 1"),
    ]:
        try:
            t.main(argv)
        except SystemExit as e:
            assert message in str(e.code), (argv, e.code)
        else:
            raise AssertionError(f"{argv} was accepted")
