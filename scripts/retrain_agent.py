"""Retrains the network salon ships for a game and player count with its model card's command.

    python scripts/retrain_agent.py GAME PLAYERS [--hours H] [--out DIR] [--dry-run]

The card (``python/salon/agents/<game>-<players>p.json``) keeps the command of the run that made
the network; its ``--hours`` (the last run's budget) is replaced by ``--iterations`` set to the
card's iteration count, so a retrain from scratch trains as long as the shipped run did and stops
there, however many runs that takes (the run resumes from its checkpoint). ``--hours`` caps one
run. Where salon ships no network for the pair yet, the recipe of the shipped runs is used
(``--default-flags``, the Makefile's ``AGENT_FLAGS``). The run goes to ``runs/<game>-<players>p``;
evaluate it and install it with ``scripts/ship_agent.py`` (docs/bots.md).
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
AGENTS = ROOT / "python" / "salon" / "agents"
EXAMPLE = "examples/alphazero.py"


def card_flags(card: dict[str, object]) -> list[str]:
    """The card command's flags after the example's path, without ``--hours`` and ``--out``."""
    training = card["training"]
    assert isinstance(training, dict)
    words = shlex.split(str(training["command"]))
    if EXAMPLE not in words:
        raise ValueError(f"the card's command does not run {EXAMPLE}: {training['command']}")
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
    return out + ["--iterations", str(int(training["iterations"]))]


def command(game: str, players: int, hours: float | None, out: Path, default_flags: str) -> list[str]:
    card_path = AGENTS / f"{game}-{players}p.json"
    if card_path.exists():
        flags = card_flags(json.loads(card_path.read_text(encoding="utf-8")))
    else:
        flags = ["--game", f"{game}(players={players})", *shlex.split(default_flags)]
    if hours is not None:
        flags += ["--hours", str(hours)]
    return [sys.executable, str(ROOT / EXAMPLE), *flags, "--out", str(out), "--resume"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("players", type=int)
    parser.add_argument("--hours", type=float, default=None, help="wall-time budget of this run")
    parser.add_argument("--out", type=Path, default=None, help="the run's folder (default runs/<game>-<players>p)")
    parser.add_argument("--default-flags", default="", help="the recipe where salon ships no network for the pair")
    parser.add_argument("--dry-run", action="store_true", help="print the command instead of running it")
    args = parser.parse_args()
    out = args.out or ROOT / "runs" / f"{args.game}-{args.players}p"
    argv = command(args.game, args.players, args.hours, out, args.default_flags)
    print(shlex.join(argv), flush=True)
    if args.dry_run:
        return 0
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    os.execv(argv[0], argv)


if __name__ == "__main__":
    sys.exit(main())
