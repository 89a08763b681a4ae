"""Bots against bots over many games with seat rotation: results with confidence intervals.

Game ``g`` seats bot ``(g + p) mod k`` in seat ``p`` (``k`` bots in the line-up), so over ``k``
consecutive games every bot sits in every seat position equally often. Each bot's result is
its mean win share (``state.returns()``: 1 for a win, split on a tie) with a 95% Wilson score
interval computed on the total share as the number of successes.
"""

from __future__ import annotations

import math
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Callable

import salon
from salon import records
# The bot specs and one game are salon.play's; named here too, as salon.arena's API has them.
from salon.play import BOT_SPECS as BOT_SPECS
from salon.play import check_lineup as check_lineup
from salon.play import make_bot as make_bot
from salon.play import network_path as network_path
from salon.play import parse_bot as parse_bot
from salon.play import parse_lineup as parse_lineup
from salon.play import play_game as play_game
from salon.play import rotation as rotation

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (successes may be fractional: tie shares)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class BotResult:
    games: int = 0
    share: float = 0.0
    points: float = 0.0
    by_seat: dict[int, list[float]] = field(default_factory=dict)


@dataclass
class ArenaResult:
    game: str
    lineup: list[str]
    games: int = 0
    moves: int = 0
    seconds: float = 0.0
    bots: dict[str, BotResult] = field(default_factory=dict)
    records: list[dict[str, Any]] = field(default_factory=list)


class Progress:
    """A plain-text progress bar on stderr (rewritten in place on a terminal)."""

    def __init__(self, total: int, label: str, stream: IO[str] | None = None) -> None:
        self.total = max(total, 1)
        self.label = label
        self.stream = stream or sys.stderr
        self.started = time.perf_counter()
        self.tty = self.stream.isatty()
        self.last_line = -1

    def update(self, done: int) -> None:
        width = 30
        filled = int(width * done / self.total)
        elapsed = time.perf_counter() - self.started
        line = f"{self.label} [{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} games, {elapsed:.0f} s"
        if self.tty:
            self.stream.write("\r" + line + ("\n" if done >= self.total else ""))
        else:
            # Not a terminal: one line at each tenth, so logs stay short.
            tenth = done * 10 // self.total
            if tenth == self.last_line and done < self.total:
                return
            self.last_line = tenth
            self.stream.write(line + "\n")
        self.stream.flush()


def _play_record(game: salon.Game, seats: list[str], seed: int) -> dict[str, Any]:
    """One game as a record (run in a worker process when ``jobs > 1``)."""
    return records.record_of(play_game(game, seats, seed), seats)


def run_arena(
    game: salon.Game,
    lineup: list[str],
    games: int,
    *,
    seed: int = 0,
    jobs: int = 1,
    progress: Progress | None = None,
    on_record: Callable[[dict[str, Any]], None] | None = None,
) -> ArenaResult:
    """Plays ``games`` games with seat rotation; returns the results and the records.

    Game ``g`` uses seed ``seed + g`` and seats bot ``(g + p) mod k`` in seat ``p``. With
    ``jobs > 1`` the games are played in that many worker processes; the results and the
    records (in game order) are the same as with one.
    """
    check_lineup(game, lineup)
    n = game.num_players()
    result = ArenaResult(game=str(game), lineup=lineup, bots={b: BotResult() for b in lineup})
    started = time.perf_counter()
    seatings = [rotation(lineup, g, n) for g in range(games)]
    recs: list[dict[str, Any] | None] = [None] * games
    if jobs > 1 and games > 1:
        from concurrent.futures import ProcessPoolExecutor, as_completed

        with ProcessPoolExecutor(max_workers=min(jobs, games)) as pool:
            futures = {pool.submit(_play_record, game, seatings[g], seed + g): g for g in range(games)}
            for done, fut in enumerate(as_completed(futures), start=1):
                recs[futures[fut]] = fut.result()
                if progress is not None:
                    progress.update(done)
    else:
        for g in range(games):
            recs[g] = _play_record(game, seatings[g], seed + g)
            if progress is not None:
                progress.update(g + 1)
    for seats, rec in zip(seatings, recs):
        assert rec is not None
        result.moves += len(rec["actions"])
        returns, scores = rec["returns"], rec["scores"]
        for p, spec in enumerate(seats):
            r = result.bots[spec]
            r.games += 1
            r.share += returns[p]
            r.points += scores[p]
            r.by_seat.setdefault(p, []).append(returns[p])
        result.records.append(rec)
        if on_record is not None:
            on_record(rec)
        result.games += 1
    result.seconds = time.perf_counter() - started
    return result


def results_table(result: ArenaResult) -> str:
    """The results as a text table: win share with its 95% Wilson interval, mean points."""
    lines = [
        f"{result.game}: {result.games} games, {result.moves / max(result.games, 1):.0f} moves per game, {result.seconds:.1f} s",
        f"  {'bot':<16} {'seats':>5} {'win share':>9}  {'95% CI (Wilson)':<17} {'mean points':>11}",
    ]
    for spec, r in result.bots.items():
        if r.games == 0:
            lines.append(f"  {spec:<16} {0:>5} {'-':>9}")
            continue
        lo, hi = wilson(r.share, r.games)
        lines.append(
            f"  {spec:<16} {r.games:>5} {r.share / r.games:>9.3f}  [{lo:.3f}, {hi:.3f}]{'':<2} {r.points / r.games:>11.1f}"
        )
    return "\n".join(lines)


def write_arena_records(path: Path, result: ArenaResult) -> None:
    """Writes the records and checks them back by replay."""
    records.write_records(path, result.records)
    for lineno, rec in records.read_records(path):
        records.replay(rec, line=lineno)
