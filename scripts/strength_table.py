"""Sums the per-game `progress` lines of the strength measurement into the docs/bots.md table.

    python scripts/strength_table.py LOG [LOG ...]

Each log is the stderr of `cargo test --release -p salon-engine --test bots -- --ignored
--nocapture` (possibly several runs of one match-up split with BOTS_FROM). A game index seen
twice must have the same result (the games are deterministic), else the logs disagree and the
script stops.
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict

LINE = re.compile(r"^progress (\S+) (MCTS\(\d+\)) vs (\S+): game (\d+) share ([0-9.]+)$")


def main(paths: list[str]) -> int:
    results: dict[tuple[str, str, str], dict[int, float]] = defaultdict(dict)
    for path in paths:
        with open(path, encoding="utf-8") as log:
            for line in log:
                m = LINE.match(line.strip())
                if not m:
                    continue
                game, bot, opponent, index, share = m.groups()
                seen = results[(game, bot, opponent)]
                k = int(index)
                if k in seen and seen[k] != float(share):
                    print(f"{path}: {game} {bot} vs {opponent} game {k} differs between logs", file=sys.stderr)
                    return 1
                seen[k] = float(share)
    print("| game | match-up | games (seat-rotated, 2 players) | MCTS win share |")
    print("|---|---|---|---|")
    for (game, bot, opponent), games in sorted(results.items()):
        indices = sorted(games)
        gaps = "" if indices == list(range(len(indices))) else f" (game indices {indices[0]}-{indices[-1]}, not contiguous)"
        share = 100.0 * sum(games.values()) / len(games)
        print(f"| {game} | {bot} vs {opponent} | {len(games)}{gaps} | {share:.1f}% |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
