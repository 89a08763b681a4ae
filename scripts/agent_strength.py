"""An agent's strength, recomputed from the records of its evaluation games.

    python scripts/agent_strength.py results/agents/azul_sintra-2p/eval-mcts1000.jsonl.gz

The records are ``salon arena`` records (``--out``; gzip them to keep them small): the agent is
the seat whose player name starts with ``net``. Prints the agent's mean win share over the games,
its 95% Wilson interval, the fair share (1 / players) and the ratio to it. ``--check CARD`` also
checks that the figures of a model card's strength table are these.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from pathlib import Path
from typing import Any, Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "python"))


def records(path: Path) -> Iterator[dict[str, Any]]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as f:  # type: ignore[operator]
        for line in f:
            if line.strip():
                yield json.loads(line)


def strength_table(path: Path, name: str = "") -> dict[str, Any]:
    from salon.arena import wilson

    share, games, players, opponents = 0.0, 0, 0, set()
    for rec in records(path):
        seats = [i for i, p in enumerate(rec["players"]) if p.startswith("net")]
        if len(seats) != 1:
            raise ValueError(f"{path}: a record with {len(seats)} net seats; an evaluation seats the agent once")
        share += float(rec["returns"][seats[0]])
        games += 1
        players = len(rec["players"])
        opponents.update(p for i, p in enumerate(rec["players"]) if i != seats[0])
    if games == 0:
        raise ValueError(f"{path}: no records")
    low, high = wilson(share, games)
    fair = 1.0 / players
    return {"records": str(path), "games": games, "players": players, "opponents": sorted(opponents),
            "win_share": round(share / games, 4), "ci95": [round(low, 4), round(high, 4)],
            "fair_share": round(fair, 4), "ratio_to_fair": round(share / games / fair, 3)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", type=Path)
    parser.add_argument("--check", type=Path, help="a model card whose strength table must match")
    args = parser.parse_args()
    table = strength_table(args.records)
    print(json.dumps(table, indent=2))
    if args.check:
        card = json.loads(args.check.read_text())
        if card.get("strength") != table:
            print(f"{args.check}: the card says {card.get('strength')}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
