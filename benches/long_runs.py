"""Long runs: millions of moves and hundreds of thousands of clones in one process with
memory that stays flat, and separate states used concurrently from several Python threads.

    python benches/long_runs.py                 # the recorded figures (a few minutes)
    python benches/long_runs.py --scale 0.01    # a quick look
    python benches/long_runs.py --json out.json # the figures as JSON too

Memory is the resident set size (``VmRSS`` of ``/proc/self/status``), read at checkpoints
after a warm-up; "growth" is the largest checkpoint minus the first. Each check fails (exit
status 1) when the growth passes its bound or when threaded play differs from sequential
play. ``tests/reliability/test_long_runs.py`` imports this module and runs it with tiny
sizes. Timings are reported, never checked.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import sys
import threading
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Callable

import salon

# Largest RSS growth (MiB) tolerated after the warm-up of each check.
GROWTH_BOUND_MIB = 16.0


def rss_mib() -> float:
    """Resident set size of this process in MiB (Linux); 0.0 where /proc is missing."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return 0.0


@dataclass
class Figure:
    check: str
    game: str
    work: str
    count: int
    seconds: float
    rss_start_mib: float
    rss_end_mib: float
    rss_growth_mib: float
    ok: bool
    note: str = ""
    checkpoints: list[float] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.count / self.seconds if self.seconds > 0 else float("inf")


def _measured(check: str, game: str, work: str, rounds: int, step: Callable[[], int], note: str = "") -> Figure:
    """Runs ``step`` ``rounds`` times after one warm-up round; ``step`` returns its count."""
    step()
    gc.collect()
    checkpoints = [rss_mib()]
    count = 0
    t0 = time.perf_counter()
    for _ in range(rounds):
        count += step()
        gc.collect()
        checkpoints.append(rss_mib())
    seconds = time.perf_counter() - t0
    growth = max(checkpoints) - checkpoints[0]
    return Figure(check, game, work, count, seconds, checkpoints[0], checkpoints[-1], growth,
                  growth <= GROWTH_BOUND_MIB, note, [round(c, 1) for c in checkpoints])


def native_moves(game: salon.Game, moves: int, rounds: int = 10) -> Figure:
    """``game.random_playouts``: whole games inside the engine, counted in actions."""
    per_game = max(1, game.random_playouts(20, seed=1)[0] // 20)
    games = max(1, moves // (per_game * rounds))
    seed = [100]

    def step() -> int:
        seed[0] += 1
        return game.random_playouts(games, seed=seed[0])[0]

    return _measured("native moves", game.name, "random_playouts", rounds, step, f"{games} games a round")


def state_moves(game: salon.Game, moves: int, rounds: int = 10) -> Figure:
    """``State.play_random`` on tracked states (history kept), new state per game."""
    per_game = max(1, game.new_initial_state(seed=1).play_random(seed=1))
    games = max(1, moves // (per_game * rounds))
    seed = [1000]

    def step() -> int:
        total = 0
        for _ in range(games):
            seed[0] += 1
            s = game.new_initial_state(seed=seed[0])
            total += s.play_random(seed=seed[0])
        return total

    return _measured("tracked moves", game.name, "State.play_random", rounds, step, f"{games} games a round")


def python_moves(game: salon.Game, moves: int, rounds: int = 10) -> Figure:
    """Moves applied one by one from Python (``legal_actions`` + ``apply_action``), with undo."""
    per_round = max(1, moves // rounds)
    seed = [5000]

    def step() -> int:
        done = 0
        while done < per_round:
            seed[0] += 1
            s = game.new_initial_state(seed=seed[0])
            k = seed[0]
            while not s.is_terminal() and done < per_round:
                if s.is_chance_node():
                    s.apply_random_chance()
                else:
                    legal = s.legal_actions()
                    s.apply_action(legal[k % len(legal)])
                    k = (k * 1103515245 + 12345) & 0x7FFFFFFF
                    if k % 50 == 0:
                        s.pop()
                done += 1
        return done

    return _measured("python moves", game.name, "apply_action/pop", rounds, step, f"{per_round} a round")


def clones(game: salon.Game, count: int, rounds: int = 10) -> Figure:
    """``clone()`` of a mid-game state (and a move on each clone), keeping none."""
    base = game.new_initial_state(seed=3)
    target = game.max_game_length() // 3
    while not base.is_terminal() and base.ply < target:
        if base.is_chance_node():
            base.apply_random_chance()
        else:
            base.apply_action(base.legal_actions()[0])
    per_round = max(1, count // rounds)

    def step() -> int:
        for _ in range(per_round):
            c = base.clone()
            if not c.is_terminal():
                if c.is_chance_node():
                    c.apply_random_chance()
                else:
                    c.apply_action(c.legal_actions()[-1])
        return per_round

    return _measured("clones", game.name, f"clone() at ply {base.ply} + 1 move", rounds, step, f"{per_round} a round")


def resamples_and_round_trips(game: salon.Game, count: int, rounds: int = 10) -> Figure:
    """``resample_from_infostate`` and ``serialize``/``deserialize_state`` in a loop."""
    base = game.new_initial_state(seed=4)
    base_target = game.max_game_length() // 4
    while not base.is_terminal() and base.ply < base_target:
        if base.is_chance_node():
            base.apply_random_chance()
        else:
            base.apply_action(base.legal_actions()[0])
    per_round = max(1, count // rounds)
    seed = [0]

    def step() -> int:
        for _ in range(per_round):
            seed[0] += 1
            r = base.resample_from_infostate(seed[0] % game.num_players(), seed[0])
            game.deserialize_state(r.serialize())
        return per_round

    return _measured("resample+round trip", game.name, "resample, serialize, deserialize", rounds, step,
                     f"{per_round} a round")


def threads_vs_sequential(game: salon.Game, games_per_thread: int, threads: int) -> Figure:
    """Separate states played from several Python threads at once (native playouts release
    the GIL; Python-driven moves interleave) give exactly the sequential results."""

    def play(tid: int) -> list[tuple[list[int], list[int]]]:
        out = []
        for g in range(games_per_thread):
            seed = tid * 1_000_003 + g
            s = game.new_initial_state(seed=seed)
            if g % 2 == 0:
                s.play_random(seed=seed)
            else:
                k = seed
                while not s.is_terminal():
                    if s.is_chance_node():
                        s.apply_random_chance()
                    else:
                        legal = s.legal_actions()
                        s.apply_action(legal[k % len(legal)])
                        k = (k * 1103515245 + 12345) & 0x7FFFFFFF
                clone = s.clone()
                assert game.deserialize_state(clone.serialize()) == s
            out.append((s.history(), s.scores()))
        return out

    gc.collect()
    rss0 = rss_mib()
    t0 = time.perf_counter()
    sequential = [play(t) for t in range(threads)]
    t_seq = time.perf_counter() - t0
    results: list[Any] = [None] * threads
    errors: list[BaseException] = []

    def worker(t: int) -> None:
        try:
            results[t] = play(t)
        except BaseException as err:  # reported below
            errors.append(err)

    workers = [threading.Thread(target=worker, args=(t,)) for t in range(threads)]
    t0 = time.perf_counter()
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    t_par = time.perf_counter() - t0
    gc.collect()
    rss1 = rss_mib()
    same = not errors and results == sequential
    moves = sum(len(h) for per in sequential for h, _ in per)
    note = f"{threads} threads; sequential {t_seq:.2f}s, threaded {t_par:.2f}s" + (f"; errors: {errors!r}" if errors else "")
    return Figure("threads = sequential", game.name, f"{threads}x{games_per_thread} games", moves, t_par,
                  rss0, rss1, rss1 - rss0, same, note)


def run(scale: float = 1.0, games: list[str] | None = None, threads: int = 4,
        log: Callable[[str], None] | None = print) -> list[Figure]:
    """Every check on every game. ``scale`` 1 is the recorded run (2 million native moves,
    500,000 tracked moves, 300,000 clones per game)."""
    figures: list[Figure] = []
    for name in games or salon.game_names():
        game = salon.load_game(name)
        checks = [
            lambda: native_moves(game, int(2_000_000 * scale)),
            lambda: state_moves(game, int(500_000 * scale)),
            lambda: python_moves(game, int(100_000 * scale)),
            lambda: clones(game, int(300_000 * scale)),
            lambda: resamples_and_round_trips(game, int(20_000 * scale)),
            lambda: threads_vs_sequential(game, max(2, int(40 * scale)), threads),
        ]
        for check in checks:
            fig = check()
            figures.append(fig)
            if log:
                log(format_row(fig))
    return figures


HEADER = ("| check | game | work | count | seconds | per second | RSS start MiB | growth MiB | ok |\n"
          "|---|---|---|---:|---:|---:|---:|---:|---|")


def format_row(f: Figure) -> str:
    return (f"| {f.check} | {f.game} | {f.work} ({f.note}) | {f.count:,} | {f.seconds:.2f} | {f.rate:,.0f} | "
            f"{f.rss_start_mib:.1f} | {f.rss_growth_mib:+.1f} | {'yes' if f.ok else 'NO'} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies every count (default 1)")
    parser.add_argument("--games", nargs="*", help="engine names (default: every registered game)")
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)
    print(f"salon {salon.__version__}, Python {platform.python_version()}, {platform.machine()}, "
          f"{os.cpu_count()} CPUs, {platform.platform()}; scale {args.scale}, growth bound {GROWTH_BOUND_MIB} MiB")
    print(HEADER)
    t0 = time.perf_counter()
    figures = run(args.scale, args.games, args.threads)
    print(f"\ntotal {time.perf_counter() - t0:.0f}s; "
          f"{sum(f.count for f in figures if 'moves' in f.check):,} moves, "
          f"{sum(f.count for f in figures if f.check == 'clones'):,} clones; final RSS {rss_mib():.1f} MiB")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump([{**asdict(f), "rate": f.rate} for f in figures], fh, indent=1)
    bad = [f for f in figures if not f.ok]
    for f in bad:
        print(f"FAILED: {f.check} on {f.game}: growth {f.rss_growth_mib:+.1f} MiB, {f.note}", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
