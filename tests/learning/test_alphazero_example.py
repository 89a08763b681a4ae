"""examples/alphazero.py at toy scale, so the training example cannot rot: one short iteration
writes a checkpoint and a learning-curve line with a finite loss; ``--resume`` continues at
iteration 2 from that checkpoint."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("jax", reason="the training extra (requirements/train.txt) is not installed")
pytest.importorskip("optax", reason="the training extra (requirements/train.txt) is not installed")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "alphazero.py"
TOY = ["--game", "atelier_studio", "--games-per-iteration", "4", "--parallel", "4", "--simulations", "4",
       "--train-steps", "3", "--batch-size", "32", "--eval-games", "2", "--eval-mcts-simulations", "10",
       "--seed", "3"]


def run(out: Path, *extra: str) -> str:
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1"}
    done = subprocess.run([sys.executable, str(EXAMPLE), *TOY, "--out", str(out), *extra], env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def example() -> Any:
    """examples/alphazero.py as a module (it is a script, not part of the package)."""
    sys.path.insert(0, str(EXAMPLE.parent))
    try:
        import alphazero
    finally:
        sys.path.remove(str(EXAMPLE.parent))
    return alphazero


def log_lines(out: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in (out / "log.jsonl").read_text().splitlines()]


def test_one_iteration_then_resume(tmp_path: Path) -> None:
    out = tmp_path / "run"
    first = run(out, "--iterations", "1")
    import salon

    network = salon.Network.load(out / "network.onnx", salon.load_game("atelier_studio"))
    assert network.metadata["salon.iteration"] == "1"
    assert "[1] self-play 4/4 games" in first
    [entry] = log_lines(out)
    assert entry["iteration"] == 1 and entry["games"] == 4
    for key in ("loss", "policy_loss", "value_loss", "fresh_value_loss"):
        assert math.isfinite(float(entry[key])), entry  # type: ignore[arg-type]
    for key in ("win_share_vs_mcts10", "win_share_vs_greedy"):
        assert 0.0 <= float(entry[key]) <= 1.0, entry  # type: ignore[arg-type]
    with np.load(out / "checkpoint.npz") as ck:
        state = json.loads(bytes(ck["state"]).decode())
        params_after_1 = {k: ck[k].copy() for k in ck.files if k.startswith("param/")}
        assert any(k.startswith("opt/") for k in ck.files)
    assert state["iteration"] == 1
    assert params_after_1["param/w0"].shape == (781, 128)

    second = run(out, "--iterations", "2", "--resume")
    assert "resumed from" in second and "after iteration 1" in second
    assert "[2] self-play" in second and "[1] self-play" not in second
    entries = log_lines(out)
    assert [e["iteration"] for e in entries] == [1, 2]
    # The replay buffer was restored and grew by the second iteration's examples.
    assert entries[1]["buffer"] == entries[0]["examples"] + entries[1]["examples"]  # type: ignore[operator]
    with np.load(out / "checkpoint.npz") as ck:
        assert json.loads(bytes(ck["state"]).decode())["iteration"] == 2
        assert not np.array_equal(ck["param/w0"], params_after_1["param/w0"])  # trained further

    # Asking for no more iterations than done already does nothing.
    third = run(out, "--iterations", "2", "--resume")
    assert "self-play" not in third
    assert len(log_lines(out)) == 2

    # Evaluating the checkpoint alone trains nothing and logs to eval.jsonl.
    run(out, "--resume", "--evaluate-only", "--no-eval-greedy")
    [evaluation] = [json.loads(line) for line in (out / "eval.jsonl").read_text().splitlines()]
    assert evaluation["iteration"] == 2 and evaluation["eval_games"] == 2
    assert 0.0 <= evaluation["win_share_vs_mcts10"] <= 1.0 and "win_share_vs_greedy" not in evaluation
    assert len(log_lines(out)) == 2


def test_resume_refuses_another_game(tmp_path: Path) -> None:
    out = tmp_path / "run"
    run(out, "--iterations", "1", "--eval-games", "0")
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1"}
    done = subprocess.run([sys.executable, str(EXAMPLE), "--game", "azul_sintra", "--out", str(out), "--resume"],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    assert "trained on atelier_studio, not azul_sintra" in done.stderr


def test_a_run_starts_from_another_player_counts_checkpoint(tmp_path: Path) -> None:
    """--init-from: a 3-player run starts from a 2-player run's weights (same observation layout):
    trunk and policy head as they were, the value head widened with the opponent's output."""
    two = tmp_path / "two"
    run(two, "--iterations", "1", "--eval-games", "0")
    three = tmp_path / "three"
    printed = run(three, "--game", "atelier_studio(players=3)", "--iterations", "1", "--eval-games", "0",
                  "--train-steps", "1", "--lr", "0", "--l2", "0", "--init-from", str(two / "checkpoint.npz"))
    assert f"starting from the weights of {two / 'checkpoint.npz'} (iteration 1" in printed
    with np.load(two / "checkpoint.npz") as a, np.load(three / "checkpoint.npz") as b:
        for key in ("w0", "b0", "w1", "b1", "wp", "bp"):  # a zero learning rate leaves them as copied
            np.testing.assert_array_equal(b[f"param/{key}"], a[f"param/{key}"])
        assert b["param/wv"].shape == (128, 3)
        np.testing.assert_array_equal(b["param/wv"], a["param/wv"][:, [0, 1, 1]])
        np.testing.assert_array_equal(b["param/bv"], a["param/bv"][[0, 1, 1]])
    # Once the run has its own checkpoint, --resume continues it and the source is not read again.
    again = run(three, "--game", "atelier_studio(players=3)", "--iterations", "2", "--eval-games", "0",
                "--resume", "--init-from", str(tmp_path / "missing.npz"))
    assert "resumed from" in again and "starting from the weights" not in again

    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1"}
    for game, flags, message in [
        ("azul_sintra", [], "was trained on atelier_studio, not azul_sintra"),
        ("atelier_studio(players=4)", ["--hidden", "64"], "has 2 layers of 128; pass --layers 2 --hidden 128"),
    ]:
        done = subprocess.run([sys.executable, str(EXAMPLE), *TOY, "--game", game, *flags, "--iterations", "1",
                               "--out", str(tmp_path / "refused"), "--init-from", str(two / "checkpoint.npz")],
                              env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode != 0 and message in done.stderr, done.stderr
        assert not (tmp_path / "refused" / "checkpoint.npz").exists()
    (tmp_path / "junk.npz").write_bytes(b"not a checkpoint")
    for source in (tmp_path / "missing.npz", tmp_path / "junk.npz"):
        done = subprocess.run([sys.executable, str(EXAMPLE), *TOY, "--iterations", "1", "--out", str(tmp_path / "refused"),
                               "--init-from", str(source)], env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode != 0 and "not a readable checkpoint.npz" in done.stderr, done.stderr
        assert "Traceback" not in done.stderr


def test_a_seat_frame_run_keeps_its_frame_in_the_network_file_and_on_resume(tmp_path: Path) -> None:
    """--value-frame seat: the network file says so (the engine then reads column p as seat p),
    --resume keeps the checkpoint's frame, asking for the other one is refused, and a start from
    a mover-frame checkpoint copies the trunk but not the value head."""
    import salon

    two = tmp_path / "two"
    run(two, "--iterations", "1", "--eval-games", "0")
    three = tmp_path / "three"
    printed = run(three, "--game", "atelier_studio(players=3)", "--value-frame", "seat", "--iterations", "1",
                  "--eval-games", "0", "--train-steps", "1", "--lr", "0", "--l2", "0",
                  "--init-from", str(two / "checkpoint.npz"))
    assert "value head started afresh (the source's is in the mover frame, this run's in the seat frame)" in printed
    with np.load(two / "checkpoint.npz") as a, np.load(three / "checkpoint.npz") as b:
        for key in ("w0", "b0", "w1", "b1", "wp", "bp"):
            np.testing.assert_array_equal(b[f"param/{key}"], a[f"param/{key}"])
        assert b["param/wv"].shape == (128, 3)
        assert not np.array_equal(b["param/wv"][:, :2], a["param/wv"])
        assert json.loads(bytes(b["state"]).decode())["meta"]["value_frame"] == "seat"
    network = salon.Network.load(three / "network.onnx", salon.load_game("atelier_studio(players=3)"))
    assert network.value_frame == "seat" and network.metadata["salon.value_frame"] == "seat"

    again = run(three, "--game", "atelier_studio(players=3)", "--iterations", "2", "--eval-games", "0", "--resume")
    assert "after iteration 1" in again and "[2] self-play" in again
    assert salon.Network.load(three / "network.onnx", salon.load_game("atelier_studio(players=3)")).value_frame == "seat"
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1"}
    done = subprocess.run([sys.executable, str(EXAMPLE), *TOY, "--game", "atelier_studio(players=3)", "--iterations", "3",
                           "--value-frame", "mover", "--out", str(three), "--resume"],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode != 0 and "was trained with --value-frame seat, not mover" in done.stderr, done.stderr
    assert [e["iteration"] for e in log_lines(three)] == [1, 2]


TEACHER = EXAMPLE.parent / "mcts_teacher.py"


def teacher_shards(out: Path, game: str, games: int, simulations: int = 16) -> None:
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1"}
    done = subprocess.run([sys.executable, str(TEACHER), "--game", game, "--games", str(games), "--simulations", str(simulations),
                           "--seed", "1", "--out", str(out)], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_run_first_trains_on_mcts_teacher_games(tmp_path: Path) -> None:
    """--pretrain-shards: a fresh run trains on examples/mcts_teacher.py's games before its first
    self-play; they stay in the replay buffer with the final result as value target; --resume
    does not train on them again; shards of another game or player count are refused."""
    import salon
    from salon.selfplay import load_shards

    teach = tmp_path / "teach"
    teacher_shards(teach, "atelier_studio", 2, simulations=50)
    ex = load_shards(teach)
    n = len(ex)
    pre, plain = tmp_path / "pre", tmp_path / "plain"
    printed = run(pre, "--iterations", "1", "--eval-games", "0", "--pretrain-shards", str(teach), "--pretrain-steps", "400")
    assert f"[pretrain] {n} examples of 2 games (played), 400 steps" in printed
    run(plain, "--iterations", "1", "--eval-games", "0")
    game = salon.load_game("atelier_studio")

    def played_probability(run_dir: Path) -> float:
        """The mean probability the network gives the teacher's move, over its decisions with a choice."""
        logits, _ = salon.Network.load(run_dir / "network.onnx", game).evaluate(ex.observations.reshape(n, -1))
        logits = np.where(ex.masks, logits, -np.inf)
        q = np.exp(logits - logits.max(axis=1, keepdims=True))
        q /= q.sum(axis=1, keepdims=True)
        choice = ex.masks.sum(axis=1) > 1
        return float(q[np.arange(n), ex.actions][choice].mean())

    taught, untaught = played_probability(pre), played_probability(plain)
    assert taught > untaught + 0.15, (taught, untaught)

    with np.load(pre / "buffer.npz") as b:
        [entry] = log_lines(pre)
        assert len(b["obs"]) == n + int(entry["examples"])  # type: ignore[call-overload]
        np.testing.assert_array_equal(b["obs"][:n], ex.observations.reshape(n, -1))
        np.testing.assert_array_equal(b["policy"][:n], np.eye(game.num_distinct_actions(), dtype=np.float32)[ex.actions])
        seats = (ex.players[:, None] + np.arange(2)[None, :]) % 2  # the mover's frame
        np.testing.assert_array_equal(b["value"][:n], np.take_along_axis(ex.returns, seats, axis=1))

    again = run(pre, "--iterations", "2", "--eval-games", "0", "--resume", "--pretrain-shards", str(teach))
    assert "[pretrain]" not in again and "[2] self-play" in again

    three = tmp_path / "three"
    teacher_shards(three, "atelier_studio(players=3)", 1)
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1"}
    for shards, message in [
        (three, "holds games of ['atelier_studio'] with [3] players, not atelier_studio with 2"),
        (tmp_path / "missing", "not a readable salon-selfplay/1 directory"),
    ]:
        done = subprocess.run([sys.executable, str(EXAMPLE), *TOY, "--iterations", "1", "--out", str(tmp_path / "refused"),
                               "--pretrain-shards", str(shards)], env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode != 0 and message in done.stderr, done.stderr
        assert "Traceback" not in done.stderr
        assert not (tmp_path / "refused" / "checkpoint.npz").exists()


def two_positions(returns: np.ndarray, root: np.ndarray) -> Any:
    """Two examples of a 3-player game: seat 0 to move in the first, seat 2 in the second."""
    from salon.selfplay import Examples

    return Examples(observations=np.zeros((2, 1), np.float32), masks=np.ones((2, 2), np.bool_),
                    policies=np.full((2, 2), 0.5, np.float32), players=np.array([0, 2], np.int32),
                    returns=returns, root_values=root, game_ids=np.zeros(2, np.int64),
                    plies=np.arange(2, dtype=np.int32), actions=np.zeros(2, np.int64))


def test_value_target_and_adapter_in_the_seat_frame() -> None:
    ex_module = example()
    BucketedEvaluator, NumpyForward, init_params, value_target = ex_module.BucketedEvaluator, ex_module.NumpyForward, ex_module.init_params, ex_module.value_target
    returns = np.array([[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]], np.float32)
    root = np.array([[0.5, 0.3, 0.2], [0.2, 0.2, 0.6]], np.float32)
    ex = two_positions(returns, root)
    # Column p is seat p whoever moves.
    np.testing.assert_allclose(value_target(ex, 1.0, "seat"), returns)
    np.testing.assert_allclose(value_target(ex, 0.25, "seat"), [[0.625, 0.225, 0.15], [0.15, 0.15, 0.7]], atol=1e-6)

    params = init_params(np.random.default_rng(0), 12, 5, 3, 8, 2)
    x = np.random.default_rng(1).random((20, 12)).astype(np.float32)
    _, shares = NumpyForward(params)(x)
    _, values = BucketedEvaluator(NumpyForward(params), 3, [16, 32], "seat")(
        x, np.ones((20, 5), np.bool_), (np.arange(20) % 3).astype(np.int32))
    np.testing.assert_allclose(values, shares, atol=1e-7)


def test_evaluator_adapter_puts_values_back_by_seat() -> None:
    ex_module = example()
    BucketedEvaluator, Learner, NumpyForward, init_params = ex_module.BucketedEvaluator, ex_module.Learner, ex_module.NumpyForward, ex_module.init_params
    params = init_params(np.random.default_rng(0), 12, 5, 3, 8, 2)
    x = np.random.default_rng(1).random((40, 12)).astype(np.float32)
    seats = (np.arange(40) % 3).astype(np.int32)  # the players to move, as the search passes them
    # The numpy forward pass (for Ray workers) is the JAX one.
    jax_logits, jax_shares = Learner(params, 1e-3, 0.0).forward(x)
    np_logits, np_shares = NumpyForward(params)(x)
    np.testing.assert_allclose(np_logits, jax_logits, atol=1e-5)
    np.testing.assert_allclose(np_shares, jax_shares, atol=1e-6)
    # Padded to 16 and cut into pieces of 16; output k of the head (k seats after the mover) goes
    # to seat (mover + k) % 3.
    calls: list[int] = []

    def forward(obs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        calls.append(len(obs))
        return NumpyForward(params)(obs)

    evaluator = BucketedEvaluator(forward, 3, [8, 16])
    logits, values = evaluator(x, np.ones((40, 5), np.bool_), seats)
    assert calls == [16, 16, 8]
    np.testing.assert_allclose(logits, np_logits, atol=1e-6)
    for i in range(40):
        for k in range(3):
            assert values[i, (seats[i] + k) % 3] == pytest.approx(float(np_shares[i, k]))



@pytest.mark.parametrize("spec", ["azul_sintra", "atelier_studio(players=3)", "atelier_canvas(players=5)",
                                  "colors_of_paris(players=4)"])
def test_the_onnx_export_agrees_with_the_jax_forward_pass(spec: str) -> None:
    """What the engine runs (the exported ONNX file) is what JAX trained, to 1e-5, on every
    game's shapes; values by seat from the mover's frame."""
    import salon

    ex_module = example()
    Learner, init_params, native_network = ex_module.Learner, ex_module.init_params, ex_module.native_network
    game = salon.load_game(spec)
    size = int(np.prod(game.observation_tensor_shape()))
    params = init_params(np.random.default_rng(2), size, game.num_distinct_actions(), game.num_players(), 32, 2)
    params["wp"] *= 50.0  # logits far from 0, so that a difference would show
    params["wv"] *= 50.0
    x = np.random.default_rng(3).random((7, *game.observation_tensor_shape())).astype(np.float32)
    seats = (np.arange(7) % game.num_players()).astype(np.int32)
    jax_logits, jax_shares = Learner(params, 1e-3, 0.0).forward(x.reshape(7, -1))
    data, network = native_network(params, game)
    assert network.value_frame == "mover" and network.metadata["salon.game"] == game.name
    logits, values = network.evaluate(x, seats)
    np.testing.assert_allclose(logits, jax_logits, rtol=1e-5, atol=1e-5)
    for i in range(7):
        for k in range(game.num_players()):
            assert values[i, (seats[i] + k) % game.num_players()] == pytest.approx(float(jax_shares[i, k]), abs=1e-5)
    # In the seat frame the engine reads column p as seat p, whoever moves.
    _, seat_network = native_network(params, game, value_frame="seat")
    assert seat_network.value_frame == "seat"
    _, seat_values = seat_network.evaluate(x, seats)
    np.testing.assert_allclose(seat_values, jax_shares, atol=1e-5)


def test_value_target_mixes_final_result_and_root_value_in_the_movers_frame() -> None:
    value_target = example().value_target
    returns = np.array([[1.0, 0.0, 0.0], [1.0, 0.0, 0.0]], np.float32)
    root = np.array([[0.5, 0.3, 0.2], [0.2, 0.2, 0.6]], np.float32)
    ex = two_positions(returns, root)
    # Player 2 moves in the second row: its frame reads seats 2, 0, 1.
    np.testing.assert_allclose(value_target(ex, 1.0), [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]])
    np.testing.assert_allclose(value_target(ex, 0.0), [[0.5, 0.3, 0.2], [0.6, 0.2, 0.2]])
    np.testing.assert_allclose(value_target(ex, 0.25), [[0.625, 0.225, 0.15], [0.45, 0.4, 0.15]], atol=1e-6)


def test_score_share_blends_a_softmax_of_the_final_scores_into_the_outcome() -> None:
    value_target = example().value_target
    returns = np.array([[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]], np.float32)
    root = np.array([[0.5, 0.3, 0.2], [0.2, 0.2, 0.6]], np.float32)
    ex = two_positions(returns, root)
    ex.game_ids = np.array([7, 3], np.int64)
    # Listed in another order than the examples: each example finds its own game's scores.
    ex.records = [{"game_id": 3, "scores": [5, 5, 11]}, {"game_id": 7, "scores": [10, 7, 4]}]
    # Scores over 3 points: (10, 7, 4) -> e^0, e^-1, e^-2 normalised; (5, 5, 11) -> e^-2, e^-2, e^0.
    first = np.array([1.0, 0.367879, 0.135335]) / 1.503214
    second = np.array([0.135335, 0.135335, 1.0]) / 1.270671
    half = np.array([0.5 * np.array([1.0, 0, 0]) + 0.5 * first, 0.5 * np.array([0, 0, 1.0]) + 0.5 * second])
    np.testing.assert_allclose(value_target(ex, 1.0, "seat", 0.5, 3.0), half, atol=1e-5)
    np.testing.assert_allclose(value_target(ex, 1.0, "seat", 1.0, 3.0), [first, second], atol=1e-5)
    np.testing.assert_allclose(value_target(ex, 1.0, "seat", 0.0, 3.0), returns)  # off: the win shares alone
    # The mover's frame rotates the blended outcome like the win shares (seat 2 moves in row 2),
    # and --value-mix mixes in the root values as before.
    np.testing.assert_allclose(value_target(ex, 1.0, "mover", 0.5, 3.0)[1], half[1][[2, 0, 1]], atol=1e-5)
    np.testing.assert_allclose(value_target(ex, 0.5, "seat", 0.5, 3.0), 0.5 * half + 0.5 * root, atol=1e-5)
    # A large temperature flattens the score target towards the fair share.
    np.testing.assert_allclose(value_target(ex, 1.0, "seat", 1.0, 1e6), np.full((2, 3), 1 / 3), atol=1e-4)

    ex.records = [{"game_id": 7, "scores": [10, 7, 4]}]
    with pytest.raises(ValueError, match=r"games \[3\] have no record"):
        value_target(ex, 1.0, "seat", 0.5, 3.0)


def test_a_run_with_a_score_target_and_forced_moves_skipped_keeps_its_settings(tmp_path: Path) -> None:
    out = tmp_path / "run"
    run(out, "--iterations", "1", "--eval-games", "0", "--score-share", "0.5", "--score-temperature", "4",
        "--skip-forced")
    [entry] = log_lines(out)
    assert math.isfinite(float(entry["value_loss"]))  # type: ignore[arg-type]
    with np.load(out / "checkpoint.npz") as ck:
        meta = json.loads(bytes(ck["state"]).decode())["meta"]
    assert meta["score_share"] == 0.5 and meta["score_temperature"] == 4.0 and meta["skip_forced"] is True


def test_rollout_mix_reaches_the_self_play_search(tmp_path: Path) -> None:
    """The same seed with and without playouts at the leaves: only the search's leaf values
    differ, so the self-play targets (and the losses on them) differ only if the flag arrives."""
    plain, mixed = tmp_path / "plain", tmp_path / "mixed"
    run(plain, "--iterations", "1", "--eval-games", "0")
    run(mixed, "--iterations", "1", "--eval-games", "0", "--rollout-mix", "0.5")
    with np.load(mixed / "checkpoint.npz") as ck:
        assert json.loads(bytes(ck["state"]).decode())["meta"]["rollout_mix"] == 0.5
    [a], [b] = log_lines(plain), log_lines(mixed)
    assert a["fresh_value_loss"] != b["fresh_value_loss"], (a, b)


@pytest.mark.parametrize("flags, message", [
    (["--rollout-mix", "1.5"], "--rollout-mix must be between 0 and 1, not 1.5"),
    (["--score-share", "1.5"], "--score-share must be between 0 and 1, not 1.5"),
    (["--score-temperature", "0"], "--score-temperature must be a positive number of points, not 0.0"),
    (["--score-temperature", "nan"], "--score-temperature must be a positive number of points, not nan"),
])
def test_bad_score_target_flags_are_refused(tmp_path: Path, flags: list[str], message: str) -> None:
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1"}
    done = subprocess.run([sys.executable, str(EXAMPLE), "--out", str(tmp_path / "run"), *flags],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode != 0 and message in done.stderr, done.stderr
    assert not (tmp_path / "run").exists()


def test_fresh_value_loss_is_the_value_cross_entropy_over_every_row() -> None:
    ex_module = example()
    Learner, fresh_value_loss, init_params = ex_module.Learner, ex_module.fresh_value_loss, ex_module.init_params
    from salon.selfplay import Examples

    rng = np.random.default_rng(2)
    n = 5000  # more than one chunk of 4096
    players = rng.integers(0, 3, n).astype(np.int32)
    returns = np.eye(3, dtype=np.float32)[rng.integers(0, 3, n)]
    ex = Examples(observations=rng.random((n, 12)).astype(np.float32), masks=np.ones((n, 5), np.bool_),
                  policies=np.full((n, 5), 0.2, np.float32), players=players, returns=returns,
                  root_values=np.full((n, 3), 1 / 3, np.float32), game_ids=np.zeros(n, np.int64),
                  plies=np.zeros(n, np.int32), actions=np.zeros(n, np.int64))
    learner = Learner(init_params(rng, 12, 5, 3, 8, 2), 1e-3, 0.0)
    _, shares = learner.forward(ex.observations)
    relative = np.stack([returns[np.arange(n), (players + k) % 3] for k in range(3)], axis=1)
    expected = float(-(relative * np.log(shares)).sum(axis=1).mean())
    assert fresh_value_loss(learner, ex) == pytest.approx(expected, rel=1e-5)


def test_self_play_on_a_local_ray_cluster_with_two_workers(tmp_path: Path) -> None:
    """``--ray local``: a Ray started by the example, two self-play workers playing the
    iteration's games with the network the learner sends them; the examples come back whole
    (every game, every decision) and training goes on from them."""
    pytest.importorskip("ray", reason="the adapters extra (requirements/adapters.txt) is not installed")
    out = tmp_path / "run"
    text = run(out, "--iterations", "2", "--ray", "local", "--ray-workers", "2", "--ray-unit-games", "2",
               "--eval-games", "0")
    assert "self-play on Ray: 2 workers" in text
    entries = log_lines(out)
    assert [e["iteration"] for e in entries] == [1, 2]
    for e in entries:
        assert e["games"] == 4 and e["selfplay_workers"] == 2 and math.isfinite(float(e["loss"]))  # type: ignore[arg-type]
    # Every game's decisions came back: the buffer holds both iterations' examples.
    assert entries[1]["buffer"] == entries[0]["examples"] + entries[1]["examples"]  # type: ignore[operator]
