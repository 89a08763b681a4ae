"""Search speed with the AlphaZero example's network (JAX, jitted, batches padded to fixed sizes):
simulations/s and moves/s of salon.BatchedSearch over ``--roots`` self-play positions.

    OPENBLAS_NUM_THREADS=1 python examples/alphazero_speed.py --roots 256 --simulations 32 128

Positions: ``--roots`` games each played ``--plies`` random decisions in (seeded), so the trees
are mid-game; the network is freshly initialised (its speed does not depend on its weights).
Each figure is the best of ``--repeats`` runs of ``search.run(states)``; one run plays one move
in each of the ``--roots`` games, so moves/s = roots / seconds (self-play's rate at that batch,
leaving out the Python bookkeeping of ``salon.selfplay``), simulations/s = roots x simulations /
seconds. ``net`` is the share of the run spent in the evaluator (padding, JAX call, seats).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

import salon

sys.path.insert(0, str(Path(__file__).resolve().parent))
from alphazero import BucketedEvaluator, Learner, bucket_sizes, init_params  # noqa: E402


def positions(game: salon.Game, roots: int, plies: int, seed: int) -> list[salon.State]:
    rng = np.random.default_rng(seed)
    states = []
    for g in range(roots):
        s = game.new_initial_state(seed=seed + g)
        for _ in range(int(rng.integers(0, plies + 1))):
            while s.is_chance_node():
                s.apply_random_chance()
            if s.is_terminal():
                break
            legal = s.legal_actions()
            s.apply_action(int(legal[rng.integers(len(legal))]))
        while s.is_chance_node():
            s.apply_random_chance()
        if s.is_terminal():
            s = game.new_initial_state(seed=seed + g)
            while s.is_chance_node():
                s.apply_random_chance()
        states.append(s)
    return states


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", nargs="+", default=["azul_sintra", "atelier_studio", "atelier_canvas", "colors_of_paris"])
    p.add_argument("--roots", type=int, default=256)
    p.add_argument("--simulations", type=int, nargs="+", default=[32, 128])
    p.add_argument("--policy", choices=["gumbel", "puct"], default="gumbel")
    p.add_argument("--threads", type=int, nargs="+", default=[1])
    p.add_argument("--overlap", action="store_true", help="BatchedSearch(overlap=True)")
    p.add_argument("--hidden", type=int, default=128)
    p.add_argument("--layers", type=int, default=2)
    p.add_argument("--plies", type=int, default=30)
    p.add_argument("--repeats", type=int, default=3)
    args = p.parse_args()
    print(f"{'game':16} {'policy':6} {'sims':>4} {'thr':>3} {'roots':>5} {'sims/s':>9} {'moves/s':>8} {'net':>5}")
    for name in args.games:
        game = salon.load_game(name)
        obs_size = int(np.prod(game.observation_tensor_shape()))
        params = init_params(np.random.default_rng(0), obs_size, game.num_distinct_actions(), game.num_players(),
                             args.hidden, args.layers)
        learner = Learner(params, 1e-3, 1e-4)
        evaluator = BucketedEvaluator(learner.forward, game.num_players(), bucket_sizes(args.roots))
        states = positions(game, args.roots, args.plies, seed=1)
        for sims in args.simulations:
            for threads in args.threads:
                options = {"pass_players": True, "overlap": args.overlap}
                search = salon.BatchedSearch(game, evaluator, simulations=sims, policy=args.policy, threads=threads,
                                             seed=0, **options)
                search.run(states[:8])  # compiles the small sizes
                search.run(states)
                best, share = float("inf"), 0.0
                for _ in range(args.repeats):
                    evaluator.seconds = 0.0
                    t = time.perf_counter()
                    search.run(states)
                    dt = time.perf_counter() - t
                    if dt < best:
                        best, share = dt, evaluator.seconds / dt
                print(f"{name:16} {args.policy:6} {sims:4} {threads:3} {args.roots:5} {args.roots * sims / best:9.0f} "
                      f"{args.roots / best:8.0f} {share:5.0%}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
