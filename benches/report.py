"""Prints the speed table of the README: every workload measured side by side in one run.

    python benches/report.py [--seconds 1.0]

Each figure is the best of 5 repeats of a timed loop (timeit), on this machine, in one process.
"""

from __future__ import annotations

import argparse
import os
import platform
import timeit
from collections.abc import Callable

import salon
from workloads import midgame_state, native_playout, python_loop_playout


def best_per_call(fn: Callable[[], object], seconds: float) -> float:
    timer = timeit.Timer(fn)
    n, t = timer.autorange()
    number = max(1, int(n * seconds / max(t, 1e-9) / 5))
    return min(timer.repeat(repeat=5, number=number)) / number


def playout_rate(play: Callable[[salon.Game, int], int], game: salon.Game, seconds: float) -> tuple[float, float]:
    """(moves per second, games per second) over whole games."""
    seed = 0
    moves = 0
    games = 0
    start = timeit.default_timer()
    while True:
        moves += play(game, seed)
        seed += 1
        games += 1
        elapsed = timeit.default_timer() - start
        if elapsed >= seconds and games >= 3:
            return moves / elapsed, games / elapsed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, salon {salon.__version__}")
    print()
    print("| game | native playout moves/s | games/s | Python-loop moves/s | native / Python | clone µs | legal_actions µs | apply_action µs | observation_tensor µs |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name in salon.game_names():
        game = salon.load_game(name)
        nat_moves, nat_games = playout_rate(native_playout, game, args.seconds)
        py_moves, _ = playout_rate(python_loop_playout, game, args.seconds)
        state = midgame_state(game)
        action = state.legal_actions()[0]
        clone_us = best_per_call(state.clone, args.seconds) * 1e6
        legal_us = best_per_call(state.legal_actions, args.seconds) * 1e6
        apply_us = best_per_call(lambda: state.clone().apply_action(action), args.seconds) * 1e6 - clone_us
        player = state.current_player()
        obs_us = best_per_call(lambda: state.observation_tensor(player), args.seconds) * 1e6
        print(f"| {game} | {nat_moves:,.0f} | {nat_games:,.0f} | {py_moves:,.0f} | {nat_moves / py_moves:.1f}x "
              f"| {clone_us:.2f} | {legal_us:.2f} | {apply_us:.2f} | {obs_us:.2f} |")


if __name__ == "__main__":
    main()
