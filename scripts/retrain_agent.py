"""Retrains the network salon ships for a game and player count with its model card's command.

    python scripts/retrain_agent.py GAME PLAYERS [--hours H] [--out DIR] [--dry-run]

The card (``python/salon/agents/<game>-<players>p.json``) keeps the command of the run that made
the network; its ``--hours`` (the last run's budget) is replaced by ``--iterations`` set to the
card's iteration count, so a retrain from scratch trains as long as the shipped run did and stops
there, however many runs that takes (the run resumes from its checkpoint). Where the shipped run
changed its flags on the way, the card's ``training.stages`` holds one command per stage, and the
stages run in order, each to its last iteration, dropping the replay buffer where the shipped run
lost it. ``--hours`` caps one run. Where salon ships no network for the pair yet, the recipe of the shipped runs is used
(``--default-flags``, the Makefile's ``AGENT_FLAGS``). The run goes to ``runs/<game>-<players>p``;
evaluate it and install it with ``scripts/ship_agent.py`` (docs/bots.md).
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
AGENTS = ROOT / "python" / "salon" / "agents"
EXAMPLE = "examples/alphazero.py"


def command_flags(command: str, iterations: int) -> list[str]:
    """A card command's flags after the example's path, without ``--hours``, ``--out`` and
    ``--resume``, ending with ``--iterations`` ``iterations``."""
    words = shlex.split(command)
    if EXAMPLE not in words:
        raise ValueError(f"the card's command does not run {EXAMPLE}: {command}")
    flags = words[words.index(EXAMPLE) + 1 :]
    out: list[str] = []
    i = 0
    while i < len(flags):
        if flags[i] in ("--hours", "--out", "--iterations"):
            i += 2
            continue
        if flags[i] != "--resume":
            out.append(flags[i])
        i += 1
    return out + ["--iterations", str(int(iterations))]


def card_flags(card: dict[str, object]) -> list[str]:
    """The card command's flags after the example's path, without ``--hours`` and ``--out``."""
    training = card["training"]
    assert isinstance(training, dict)
    return command_flags(str(training["command"]), int(training["iterations"]))


def stages(game: str, players: int, default_flags: str) -> list[tuple[list[str], int, bool]]:
    """Each stage of the card's training as (flags, last iteration, fresh buffer): the card's
    ``training.stages`` where its recipe changed on the way, else its one command (or the
    default recipe where salon ships no network for the pair, up to the example's default)."""
    card_path = AGENTS / f"{game}-{players}p.json"
    if not card_path.exists():
        return [(["--game", f"{game}(players={players})", *shlex.split(default_flags)], 0, False)]
    card = json.loads(card_path.read_text(encoding="utf-8"))
    staged = card["training"].get("stages")
    if not staged:
        return [(card_flags(card), int(card["training"]["iterations"]), False)]
    return [(command_flags(st["command"], st["until_iteration"]), int(st["until_iteration"]), bool(st["fresh_buffer"]))
            for st in staged]


def argv_of(flags: list[str], hours: float | None, out: Path) -> list[str]:
    return [sys.executable, str(ROOT / EXAMPLE), *flags, *(["--hours", str(hours)] if hours is not None else []),
            "--out", str(out), "--resume"]


def completed_iterations(out: Path) -> int:
    checkpoint = out / "checkpoint.npz"
    if not checkpoint.exists():
        return 0
    import numpy as np

    with np.load(checkpoint) as d:
        return int(json.loads(bytes(d["state"]).decode())["iteration"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("players", type=int)
    parser.add_argument("--hours", type=float, default=None, help="wall-time budget of each run")
    parser.add_argument("--out", type=Path, default=None, help="the run's folder (default runs/<game>-<players>p)")
    parser.add_argument("--default-flags", default="", help="the recipe where salon ships no network for the pair")
    parser.add_argument("--dry-run", action="store_true", help="print the commands (one per stage) instead of running them")
    args = parser.parse_args()
    out = args.out or ROOT / "runs" / f"{args.game}-{args.players}p"
    plan = stages(args.game, args.players, args.default_flags)
    if args.dry_run:
        for flags, _, fresh in plan:
            print(shlex.join(argv_of(flags, args.hours, out)) + ("  # without the replay buffer" if fresh else ""))
        return 0
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    start = 0
    for flags, until, fresh in plan:
        done = completed_iterations(out)
        if until and done >= until:
            start = until
            continue
        if fresh and done == start and done > 0:
            # The shipped run lost its replay buffer here (a fresh machine): so does the retrain.
            (out / "buffer.npz").unlink(missing_ok=True)
        argv = argv_of(flags, args.hours, out)
        print(shlex.join(argv), flush=True)
        code = subprocess.call(argv)
        if code != 0:
            return code
        if until and completed_iterations(out) < until:
            print(f"stopped at iteration {completed_iterations(out)} of {until} (--hours); run again to go on", flush=True)
            return 0
        start = until
    return 0


if __name__ == "__main__":
    sys.exit(main())
