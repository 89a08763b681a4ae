"""The speed of one build's native network on real observations, per game: rows per second of
`Network.evaluate` at batch 256 (a 2x256 MLP, random weights, observations from random play),
and self-play examples per second (64 games side by side, 64 simulations, Gumbel, 2 threads).

Compare two builds side by side in one run, alternating per game (the machine is shared and
noisy), for example a copy of python/ built before a change against the tree after it:

    for g in "azul_sintra(players=2)" "colors_of_paris(players=2)"; do
      for b in /tmp/before python; do PYTHONPATH=$b python benches/first_layer_report.py "$g"; done
    done
"""

from __future__ import annotations

import random
import sys
import time

import numpy as np
from network_report import mlp  # the same 2x256 MLP as the network report (benches/ is on the path)

import salon
from salon.onnx_mlp import mlp_to_onnx
from salon.selfplay import self_play


def observations(game: salon.Game, count: int = 256) -> np.ndarray:
    rnd = random.Random(0)
    seen: list[np.ndarray] = []
    for seed in range(40):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            if not state.is_chance_node() and rnd.random() < 0.05:
                seen.append(np.array(state.observation_tensor()))
            state.apply_action(rnd.choice(list(state.legal_actions())))
    rnd.shuffle(seen)
    return np.array(seen[:count], np.float32)


def main() -> None:
    specs = sys.argv[1:] or [f"{name}(players=2)" for name in salon.game_names()]
    for spec in specs:
        game = salon.load_game(spec)
        net = salon.Network.load(mlp_to_onnx(mlp(game), game), game)
        x = observations(game)
        best = float("inf")
        for _ in range(5):
            started = time.perf_counter()
            for _ in range(20):
                net.evaluate(x)
            best = min(best, (time.perf_counter() - started) / 20)
        started = time.perf_counter()
        examples = sum(len(ex.observations) for ex in self_play(game, net, games=64, parallel=64, simulations=64,
                                                                 policy="gumbel", seed=1, threads=2))
        seconds = time.perf_counter() - started
        print(f"{spec}: evaluate {len(x) / best / 1000:.1f}k rows/s; self-play 64 games {seconds:.1f} s, "
              f"{examples / seconds:.0f} examples/s", flush=True)


if __name__ == "__main__":
    main()
