"""Speed of salon.BatchedSearch, side by side in one run: simulations per second at 256 roots,
32 and 128 simulations per move, 1 and 2 threads, with a trivial numpy evaluator (uniform
logits, zero values), a numpy 2x128 MLP, and the training example's own network
(examples/alphazero.py: JAX, jitted, 2x128, padded batches; when JAX is installed, as
`salon[train]` does), on every game; where the time goes; self-play moves per second; and
OpenSpiel's Python MCTSBot with a trivial evaluator in the same process.

    python benches/search_report.py [--roots 256] [--repeats 3] [--quick]

Each figure is the best of `--repeats` searches (after one warm-up search that grows the
trees' arenas). "tree" is the engine's selection, moves, expansion and backup; "obs" the
leaves' observations and masks; "net" the time inside the evaluator; "call" the rest
(crossing into Python, views, checking and converting the evaluator's arrays). With
"overlap" one half's trees work while the evaluator runs on the other half: the shares then
add up to more than 100%.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import platform
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

import salon
from salon.testing import advance

Evaluator = Callable[..., tuple[Any, Any]]
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def root_states(game: salon.Game, count: int, seed: int = 0) -> list[salon.State]:
    """`count` decision nodes spread over the game: random plies from different seeds."""
    states = []
    i = 0
    while len(states) < count:
        s = advance(game.new_initial_state(seed=seed + i), (i * 7) % 60, seed=seed + i)
        while s.is_chance_node():
            s.apply_random_chance()
        if not s.is_terminal():
            states.append(s)
        i += 1
    return states


class Timed:
    """Wraps an evaluator and adds up the time spent inside it."""

    def __init__(self, inner: Evaluator) -> None:
        self.inner = inner
        self.seconds = 0.0
        self.leaves = 0

    def __call__(self, obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_], *players: Any) -> tuple[Any, Any]:
        t = time.perf_counter()
        out = self.inner(obs, mask, *players)
        self.seconds += time.perf_counter() - t
        self.leaves += mask.shape[0]
        return out


def trivial_evaluator(game: salon.Game) -> Evaluator:
    players = game.num_players()

    def evaluate(obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> tuple[Any, Any]:
        n = mask.shape[0]
        return np.zeros(mask.shape, np.float32), np.zeros((n, players), np.float32)

    return evaluate


def mlp_evaluator(game: salon.Game, hidden: int = 128, seed: int = 0) -> Evaluator:
    """A 2x`hidden` ReLU MLP with random weights: policy logits and a softmax over players
    (win shares)."""
    rng = np.random.default_rng(seed)
    n_in, n_act, n_pl = game.observation_tensor_size(), game.num_distinct_actions(), game.num_players()

    def layer(a: int, b: int) -> npt.NDArray[np.float32]:
        return (rng.normal(size=(a, b)) / np.sqrt(a)).astype(np.float32)

    w1, w2 = layer(n_in, hidden), layer(hidden, hidden)
    w_pi, w_v = layer(hidden, n_act), layer(hidden, n_pl)

    def evaluate(obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> tuple[Any, Any]:
        x = obs.reshape(obs.shape[0], -1)
        h = np.maximum(x @ w1, 0.0)
        h = np.maximum(h @ w2, 0.0)
        logits = h @ w_pi
        v = h @ w_v
        v = np.exp(v - v.max(axis=1, keepdims=True))
        return logits, (v / v.sum(axis=1, keepdims=True)).astype(np.float32)

    return evaluate


def example_network(game: salon.Game, roots: int) -> Evaluator | None:
    """The training example's evaluator (its JAX network, freshly initialised: the speed does
    not depend on the weights), called with the players to move; None without JAX."""
    if importlib.util.find_spec("jax") is None or importlib.util.find_spec("optax") is None:
        return None
    sys.path.insert(0, str(EXAMPLES))
    try:
        from alphazero import BucketedEvaluator, Learner, bucket_sizes, init_params
    finally:
        sys.path.remove(str(EXAMPLES))
    params = init_params(np.random.default_rng(0), game.observation_tensor_size(), game.num_distinct_actions(),
                         game.num_players(), 128, 2)
    net: Evaluator = BucketedEvaluator(Learner(params, 1e-3, 1e-4).forward, game.num_players(), bucket_sizes(roots))
    return net


def measure(game: salon.Game, states: list[salon.State], evaluator: Evaluator, simulations: int,
            threads: int, policy: str, repeats: int, overlap: bool = False,
            pass_players: bool = False) -> dict[str, float]:
    timed = Timed(evaluator)
    search = salon.BatchedSearch(game, timed, simulations=simulations, threads=threads, policy=policy, seed=0,
                                 overlap=overlap, pass_players=pass_players)
    search.run(states)
    best: dict[str, float] | None = None
    for _ in range(repeats):
        timed.seconds = 0.0
        t = time.perf_counter()
        search.run(states)
        wall = time.perf_counter() - t
        engine = search.last_timings()
        row = {
            "wall": wall,
            "sims_per_s": len(states) * simulations / wall,
            "tree": engine["tree"],
            "obs": engine["observations"],
            "net": timed.seconds,
            "call": max(0.0, wall - engine["tree"] - engine["observations"] - timed.seconds),
        }
        if best is None or row["wall"] < best["wall"]:
            best = row
    assert best is not None
    return best


def openspiel_mcts_rate(game_name: str, simulations: int, seconds: float) -> float | None:
    """Simulations per second of OpenSpiel's Python MCTSBot with a trivial evaluator
    (uniform priors, value 0), one game at a time, over whole moves."""
    try:
        import pyspiel
        from open_spiel.python.algorithms import mcts
    except ImportError:
        return None

    class Trivial(mcts.Evaluator):  # type: ignore[misc]
        def evaluate(self, state: Any) -> Any:
            return np.zeros(state.num_players())

        def prior(self, state: Any) -> Any:
            if state.is_chance_node():
                return state.chance_outcomes()
            legal = state.legal_actions(state.current_player())
            return [(a, 1.0 / len(legal)) for a in legal]

    game = pyspiel.load_game(game_name)
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, simulations, Trivial(), random_state=rng, solve=False)
    state = game.new_initial_state()
    moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if state.is_terminal():
            state = game.new_initial_state()
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        state.apply_action(bot.step(state))
        moves += 1
    return moves * simulations / (time.perf_counter() - start)


def self_play_rate(game: salon.Game, evaluator: Evaluator, games: int, simulations: int, threads: int,
                   pass_players: bool = False) -> float:
    """Moves (decisions) per second of salon.selfplay over `games` whole games played side
    by side, examples included."""
    from salon.selfplay import self_play

    start = time.perf_counter()
    moves = sum(len(batch) for batch in self_play(game, evaluator, games=games, parallel=games,
                                                   simulations=simulations, threads=threads,
                                                   pass_players=pass_players))
    return moves / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--roots", type=int, default=256)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--selfplay-games", type=int, default=64, help="games played side by side for self-play")
    parser.add_argument("--quick", action="store_true", help="32 simulations, 1 thread, trivial evaluator only")
    parser.add_argument("--games", nargs="+", default=salon.game_names(), help="games to measure (default: all)")
    args = parser.parse_args()
    print(f"salon {salon.__version__}, Python {platform.python_version()}, {os.cpu_count()} CPUs, "
          f"numpy {np.__version__}, {args.roots} roots, best of {args.repeats}\n")
    print("| game | evaluator | policy | sims/move | threads | overlap | simulations/s | tree | obs | call | net |")
    print("|---|---|---|---:|---:|---|---:|---:|---:|---:|---:|")
    sims_list = (32,) if args.quick else (32, 128)
    threads_list = (1,) if args.quick else (1, 2)
    for name in args.games:
        game = salon.load_game(name)
        states = root_states(game, args.roots)
        evaluators = [("trivial", trivial_evaluator(game), False)]
        if not args.quick:
            evaluators.append(("mlp 2x128", mlp_evaluator(game), False))
            net = example_network(game, args.roots)
            if net is not None:
                evaluators.append(("example net (JAX)", net, True))
            elif name == args.games[0]:
                print("| (the example's network: JAX and optax not installed, `pip install salon[train]`) |")
        for label, ev, players in evaluators:
            for policy in ("gumbel", "puct"):
                for sims in sims_list:
                    for threads in threads_list:
                        for overlap in (False, True) if label != "trivial" else (False,):
                            r = measure(game, states, ev, sims, threads, policy, args.repeats, overlap, players)
                            parts = " | ".join(f"{100 * r[k] / r['wall']:.0f}%" for k in ("tree", "obs", "call", "net"))
                            print(f"| {name} | {label} | {policy} | {sims} | {threads} | {'yes' if overlap else 'no'} | "
                                  f"{r['sims_per_s'] / 1e3:,.0f} k | {parts} |", flush=True)
    if not args.quick:
        print(f"\nSelf-play (salon.selfplay), {args.selfplay_games} games side by side, 32 simulations per move, Gumbel, "
              "whole games:\n")
        print("| game | evaluator | threads | moves/s |")
        print("|---|---|---:|---:|")
        for name in args.games:
            game = salon.load_game(name)
            candidates = [("trivial", trivial_evaluator(game), False), ("mlp 2x128", mlp_evaluator(game), False)]
            net = example_network(game, args.selfplay_games)
            if net is not None:
                candidates.append(("example net (JAX)", net, True))
            for label, ev, players in candidates:
                for threads in (1, 2):
                    rate = self_play_rate(game, ev, args.selfplay_games, 32, threads, players)
                    print(f"| {name} | {label} | {threads} | {rate:,.0f} |", flush=True)
        print("\nOpenSpiel Python MCTSBot, trivial evaluator, 128 simulations per move, same process:\n")
        for g in ("connect_four", "backgammon"):
            rate = openspiel_mcts_rate(g, 128, 5.0)
            print(f"- {g}: " + ("pyspiel not installed" if rate is None else f"{rate / 1e3:,.1f} k simulations/s"))


if __name__ == "__main__":
    main()
