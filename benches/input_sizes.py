"""How the cost of long histories and large inputs grows, and how fast Ctrl-C takes effect.

    python benches/input_sizes.py                       # the figures of docs/reliability.md
    python benches/input_sizes.py --sizes 1000 10000    # a quick look

For each size n (1k, 10k, 100k by default), on colors_of_paris after its opening deal:
building a chain of n ``resample_from_infostate`` calls, cloning its end, serializing it,
deserializing it, and deserializing a serialized state whose ``segments`` list holds n
resample entries written by hand (the input of the old crash). Time per link should stay
flat as n grows (linear total cost). Then, for each long native call, the delay between a
SIGINT and the ``KeyboardInterrupt`` it raises. Timings are reported, never checked
(``benches/bench_input_sizes.py`` runs the same work at pytest-benchmark's pace).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import signal
import threading
import time
from typing import Any, Callable

import salon

GAME = "colors_of_paris"


def opening(game: salon.Game) -> salon.State:
    state = game.new_initial_state(seed=1)
    while state.is_chance_node():
        state.apply_random_chance()
    return state


def chain(state: salon.State, links: int) -> salon.State:
    players = state.game().num_players()
    for i in range(links):
        state = state.resample_from_infostate(i % players, i)
    return state


def segments_text(state: salon.State, links: int) -> str:
    doc = json.loads(state.serialize())
    players = state.game().num_players()
    doc["segments"] += [{"resample": {"player": i % players, "seed": i}, "actions": []} for i in range(links)]
    return json.dumps(doc)


def best_of(repeats: int, work: Callable[[], Any]) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def size_rows(sizes: list[int], repeats: int) -> list[dict[str, Any]]:
    game = salon.load_game(GAME)
    start = opening(game)
    rows = []
    for n in sizes:
        end = chain(start, n)
        text = end.serialize()
        hand_written = segments_text(start, n)
        figures = {
            "build chain": best_of(repeats, lambda: chain(start, n)),
            "clone": best_of(repeats, end.clone),
            "serialize": best_of(repeats, end.serialize),
            "deserialize chain": best_of(repeats, lambda: game.deserialize_state(text)),
            "deserialize segments": best_of(repeats, lambda: game.deserialize_state(hand_written)),
        }
        for what, seconds in figures.items():
            size = len(hand_written) if what == "deserialize segments" else len(text)
            rows.append({"n": n, "what": what, "seconds": seconds, "us_per_link": seconds / n * 1e6, "text_kb": size / 1024})
    return rows


def interrupt_delay(call: Callable[[], Any], after: float = 0.3) -> float:
    """Seconds from the SIGINT to the KeyboardInterrupt; inf if the call ended first."""
    sent: list[float] = []

    def send() -> None:
        sent.append(time.perf_counter())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(after, send)
    timer.start()
    try:
        call()
        timer.join()
        time.sleep(0.5)
        return float("inf")
    except KeyboardInterrupt:
        timer.join()
        return time.perf_counter() - sent[0] if sent else float("nan")


def interrupt_rows(repeats: int) -> list[dict[str, Any]]:
    rows = []
    for name in salon.game_names():
        game = salon.load_game(name)
        state = opening(game)
        calls = {
            "random_playouts(10**9)": lambda: game.random_playouts(10**9),
            "Bot('mcts', simulations=10**8).step": lambda: salon.Bot("mcts", simulations=10**8).step(state),
        }
        for what, call in calls.items():
            delays = [interrupt_delay(call) for _ in range(repeats)]
            rows.append({"game": name, "call": what, "worst_ms": max(delays) * 1e3, "best_ms": min(delays) * 1e3})
    text = segments_text(opening(salon.load_game(GAME)), 2_000_000)
    delays = [interrupt_delay(lambda: salon.load_game(GAME).deserialize_state(text)) for _ in range(repeats)]
    rows.append({"game": GAME, "call": "deserialize_state (2M segments)", "worst_ms": max(delays) * 1e3, "best_ms": min(delays) * 1e3})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 10_000, 100_000])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--no-interrupts", action="store_true", help="skip the Ctrl-C delays")
    args = parser.parse_args()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, salon {salon.__version__}")
    print(f"\n{GAME}, best of {args.repeats}\n")
    print("| n | what | seconds | µs per link | text KB |")
    print("|---:|---|---:|---:|---:|")
    for r in size_rows(args.sizes, args.repeats):
        print(f"| {r['n']:,} | {r['what']} | {r['seconds']:.4f} | {r['us_per_link']:.2f} | {r['text_kb']:,.0f} |")
    if not args.no_interrupts:
        print(f"\nSIGINT to KeyboardInterrupt, {args.repeats} tries each\n")
        print("| game | call | best ms | worst ms |")
        print("|---|---|---:|---:|")
        for r in interrupt_rows(args.repeats):
            print(f"| {r['game']} | {r['call']} | {r['best_ms']:.1f} | {r['worst_ms']:.1f} |")


if __name__ == "__main__":
    main()
