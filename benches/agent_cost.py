"""What a move of each shipped agent costs against its reference opponent, side by side in one
run: the agent as shipped (200 simulations, its file's playouts at the leaves), the same network
with the network's value alone, and MCTS(1000) with random rollouts, on the same positions.

    python benches/agent_cost.py [--agents colors_of_paris-2p ...] [--positions 6] [--simulations 200]

Median seconds a move over ``--positions`` decision nodes of random games, and each bot's ratio
to MCTS(1000). Wall clock on this machine (shared and noisy): compare the columns of one run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import salon
from salon import agents

sys.path.insert(0, str(Path(__file__).resolve().parent))
from search_report import root_states  # noqa: E402


def move_seconds(bot: salon.Bot, states: list[salon.State]) -> float:
    times = []
    for state in states:
        t = time.perf_counter()
        bot.step(state)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--agents", nargs="*", default=None, help="shipped agents, as <game>-<players>p (default: all)")
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--simulations", type=int, default=200, help="the agent's simulations a move")
    parser.add_argument("--mcts", type=int, default=1000, help="the reference MCTS's simulations a move")
    args = parser.parse_args()
    names = args.agents or agents.shipped_agents()
    print(f"{'agent':<22} {'as shipped':>18} {'value alone':>18} {f'MCTS({args.mcts})':>12}  (median s a move; x MCTS)")
    for name in names:
        game_name, _, players = name.rpartition("-")
        game = salon.load_game(game_name, players=int(players.rstrip("p")))
        network = agents.shipped_network(game)
        states = root_states(game, args.positions)
        shipped = salon.Bot("network", network=network, simulations=args.simulations, seed=1)
        alone = salon.Bot("network", network=network, simulations=args.simulations, seed=1, rollout_mix=0.0)
        mcts = salon.Bot("mcts", simulations=args.mcts, seed=1)
        t_mcts = move_seconds(mcts, states)
        t_shipped = move_seconds(shipped, states)
        t_alone = move_seconds(alone, states)
        card = agents.model_card(game)
        how = f"mix {card.get('rollout_mix', 0.0):g}, {int(card.get('search', {}).get('rollouts_per_leaf', 1))} a leaf"
        print(f"{name:<22} {t_shipped:8.4f} ({t_shipped / t_mcts:4.2f}x) {t_alone:10.4f} ({t_alone / t_mcts:4.2f}x) "
              f"{t_mcts:12.4f}  ({how})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
