"""Native networks against the callable path, side by side in one run, with one 2x256 MLP per
game (the same weights as an ONNX file inside the engine, and in numpy behind a Python
callable; JAX too where installed):

(a) one root, 200 simulations, as a bot plays (Gumbel, no noise): median move time over
    ``--positions`` positions, each path at its best ``leaves_per_step``;
(b) 256 roots, 32 simulations: simulations per second, each path at its best configuration
    (threads 1 or 2, overlap or not);
(c) where the native search's time goes (tree, observations, network), and the network's own
    rate next to the same MLP in numpy at the same batch size.

    python benches/network_report.py [--games azul_sintra ...] [--positions 8] [--repeats 3]

Timings are wall clock on this machine (shared and noisy): compare the columns of one run.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

import salon
from salon.onnx_mlp import mlp_to_onnx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from search_report import root_states  # noqa: E402

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def mlp(game: salon.Game, hidden: int = 256, seed: int = 0) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    width = int(np.prod(game.observation_tensor_shape()))
    p: dict[str, np.ndarray] = {}
    for i in range(2):
        p[f"w{i}"] = (rng.standard_normal((width, hidden)) * np.sqrt(2 / width)).astype(np.float32)
        p[f"b{i}"] = np.zeros(hidden, np.float32)
        width = hidden
    p["wp"] = (rng.standard_normal((width, game.num_distinct_actions())) * 0.05).astype(np.float32)
    p["bp"] = np.zeros(game.num_distinct_actions(), np.float32)
    p["wv"] = (rng.standard_normal((width, game.num_players())) * 0.05).astype(np.float32)
    p["bv"] = np.zeros(game.num_players(), np.float32)
    return p


def numpy_forward(p: dict[str, np.ndarray], obs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    h = obs.reshape(len(obs), -1)
    h = np.maximum(h @ p["w0"] + p["b0"], 0.0)
    h = np.maximum(h @ p["w1"] + p["b1"], 0.0)
    v = h @ p["wv"] + p["bv"]
    v = np.exp(v - v.max(axis=1, keepdims=True))
    return h @ p["wp"] + p["bp"], v / v.sum(axis=1, keepdims=True)


def numpy_evaluator(p: dict[str, np.ndarray], players_count: int) -> Any:
    arange = np.arange(players_count)[None, :]

    def evaluate(obs: np.ndarray, mask: np.ndarray, players: np.ndarray) -> tuple[Any, Any]:
        logits, rel = numpy_forward(p, obs)
        seats = (players[:, None].astype(np.int64) + arange) % players_count
        values = np.empty_like(rel)
        np.put_along_axis(values, seats, rel, axis=1)
        return logits, values

    return evaluate


def jax_evaluator(p: dict[str, np.ndarray], game: salon.Game, roots: int) -> Any | None:
    try:
        import jax  # noqa: F401
    except ImportError:
        return None
    sys.path.insert(0, str(EXAMPLES))
    try:
        from alphazero import BucketedEvaluator, Learner, bucket_sizes
    finally:
        sys.path.remove(str(EXAMPLES))
    learner = Learner(p, 1e-3, 0.0)
    return BucketedEvaluator(learner.forward, game.num_players(), bucket_sizes(roots))


def move_times(game: salon.Game, evaluator: Any, states: list[salon.State], leaves: int, **kw: Any) -> float:
    """Median seconds of one 200-simulation search of one root."""
    search = salon.BatchedSearch(game, evaluator, simulations=200, gumbel_scale=0.0, leaves_per_step=leaves, seed=1, **kw)
    search.run([states[0]])  # warm-up: arenas, compilation
    times = []
    for s in states:
        t = time.perf_counter()
        search.run([s])
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def rate(game: salon.Game, evaluator: Any, states: list[salon.State], repeats: int, **kw: Any) -> tuple[float, dict[str, Any]]:
    """Best simulations per second of a 32-simulation search of every state."""
    search = salon.BatchedSearch(game, evaluator, simulations=32, seed=1, **kw)
    search.run(states)
    best, timings = float("inf"), {}
    for _ in range(repeats):
        t = time.perf_counter()
        search.run(states)
        dt = time.perf_counter() - t
        if dt < best:
            best, timings = dt, dict(search.last_timings())
    timings["wall"] = best
    return len(states) * 32 / best, timings


def network_rates(net: salon.Network, p: dict[str, np.ndarray], game: salon.Game, batch: int, repeats: int) -> tuple[float, float]:
    obs = np.random.default_rng(0).random((batch, *game.observation_tensor_shape()), dtype=np.float32)
    players = np.zeros(batch, np.int32)
    best_native = best_numpy = float("inf")
    for _ in range(max(3, repeats)):
        t = time.perf_counter()
        for _ in range(10):
            net.evaluate(obs, players)
        best_native = min(best_native, (time.perf_counter() - t) / 10)
        t = time.perf_counter()
        for _ in range(10):
            numpy_forward(p, obs)
        best_numpy = min(best_numpy, (time.perf_counter() - t) / 10)
    return batch / best_native, batch / best_numpy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", default=salon.game_names())
    parser.add_argument("--positions", type=int, default=8, help="positions of the one-root measurement")
    parser.add_argument("--roots", type=int, default=256)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--leaves", type=int, nargs="+", default=[1, 2, 4, 8], help="leaves_per_step tried in (a)")
    args = parser.parse_args()
    print(f"# network report: {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
          f"OPENBLAS_NUM_THREADS={os.environ.get('OPENBLAS_NUM_THREADS', 'unset')}, load {os.getloadavg()[0]:.1f}")
    print(f"# salon {salon.__version__}, numpy {np.__version__}; one 2x256 MLP per game\n")
    for name in args.games:
        game = salon.load_game(name)
        p = mlp(game)
        net = salon.Network.load(mlp_to_onnx(p, game), game)
        callable_ = numpy_evaluator(p, game.num_players())
        few = root_states(game, args.positions, seed=100)
        print(f"## {game} (observation {int(np.prod(game.observation_tensor_shape()))}, actions {game.num_distinct_actions()})")
        # (a)
        native_a = {k: move_times(game, net, few, k) for k in args.leaves}
        callable_a = {k: move_times(game, callable_, few, k, pass_players=True) for k in args.leaves}
        kn, kc = min(native_a, key=native_a.get), min(callable_a, key=callable_a.get)  # type: ignore[arg-type]
        cells = "  ".join(f"L{k} {native_a[k] * 1e3:.1f}/{callable_a[k] * 1e3:.1f}" for k in args.leaves)
        print(f"(a) one root, 200 sims, median ms per move native/callable: {cells}")
        print(f"    best: native {native_a[kn] * 1e3:.1f} ms (L{kn}), callable {callable_a[kc] * 1e3:.1f} ms (L{kc}): "
              f"native/callable = {native_a[kn] / callable_a[kc]:.2f} (target <= 0.50)")
        # (b)
        states = root_states(game, args.roots)
        configs = [{"threads": t, "overlap": o} for t in (1, 2) for o in (False, True)]
        native_b = [(c, *rate(game, net, states, args.repeats, **c)) for c in configs]
        callable_b = [(c, *rate(game, callable_, states, args.repeats, pass_players=True, **c)) for c in configs]
        jax = jax_evaluator(p, game, args.roots)
        jax_b = [(c, *rate(game, jax, states, args.repeats, pass_players=True, **c)) for c in configs] if jax else []
        best_native = max(native_b, key=lambda r: r[1])
        best_callable = max(callable_b + jax_b, key=lambda r: r[1])
        label = "jax" if best_callable in jax_b else "numpy"

        def row(tag: str, rows: list[Any]) -> str:
            return f"    {tag:<8}" + "  ".join(f"t{c['threads']}{'o' if c['overlap'] else ' '} {r / 1e3:7.1f}k" for c, r, _ in rows)

        print(f"(b) {args.roots} roots, 32 sims, simulations/s (t = threads, o = overlap):")
        print(row("native", native_b))
        print(row("numpy", callable_b))
        if jax_b:
            print(row("jax", jax_b))
        print(f"    best: native {best_native[1] / 1e3:.1f}k ({best_native[0]}), callable {best_callable[1] / 1e3:.1f}k "
              f"({label} {best_callable[0]}): native/callable = {best_native[1] / best_callable[1]:.2f} (target >= 1.2)")
        # (c)
        t = best_native[2]
        print(f"(c) native at its best: wall {t['wall'] * 1e3:.1f} ms = tree {t['tree'] * 1e3:.1f} + observations "
              f"{t['observations'] * 1e3:.1f} + network {t['network'] * 1e3:.1f} ms, {t['steps']} steps "
              f"(with overlap the parts add up to more than the wall)")
        nat, npy = network_rates(net, p, game, args.roots, args.repeats)
        print(f"    network alone at batch {args.roots}: native {nat / 1e3:.1f}k rows/s, numpy {npy / 1e3:.1f}k rows/s "
              f"(native/numpy = {nat / npy:.2f})\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
