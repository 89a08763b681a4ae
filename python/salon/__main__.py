"""The ``salon`` command line: ``salon games``, ``salon demo``, ``salon replay``."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Sequence

import salon
from salon import records
from salon.configurations import configurations


def _cmd_games(args: argparse.Namespace) -> int:
    for entry in salon.registered_games():
        game = salon.load_game(entry["name"])
        comp = game.components
        label = "substitute, not the publisher's" if comp["substitute"] else "user-supplied"
        print(f"{entry['name']}: {entry['long_name']} ({entry['min_players']}-{entry['max_players']} players)")
        for pname, spec in sorted(entry["parameters"].items()):
            allowed = f" in {spec['allowed']}" if spec["allowed"] else ""
            print(f"    {pname} = {spec['default']!r}{allowed}: {spec['doc']}")
        print(f"    components: {comp['name']} [{label}] hash {comp['hash']}")
    return 0


def _cmd_demo(args: argparse.Namespace) -> int:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    names = args.game or salon.game_names()
    print(f"{'configuration':<42} {'games':>5} {'moves':>7} {'best':>6} {'seat wins':<24}")
    started = time.perf_counter()
    for name in names:
        recs = []
        for params in configurations(name):
            game = salon.load_game(name, **params)
            wins = [0.0] * game.num_players()
            moves = 0
            best = 0
            for g in range(args.games):
                seed = args.seed + g
                state = game.new_initial_state(seed=seed)
                moves += state.play_random(seed=seed)
                for p, r in enumerate(state.returns()):
                    wins[p] += r
                best += max(state.scores())
                recs.append(records.record_of(state, ["random"] * game.num_players()))
            n = args.games
            seat = " ".join(f"{w / n:.2f}" for w in wins)
            print(f"{str(game):<42} {n:>5} {moves / n:>7.0f} {best / n:>6.1f} {seat:<24}")
        path = out / f"{name}.jsonl"
        records.write_records(path, recs)
        for lineno, rec in records.read_records(path):
            records.replay(rec, line=lineno)
        print(f"  -> {len(recs)} records written to {path} and verified by replay")
    print(f"done in {time.perf_counter() - started:.1f} s")
    return 0


def _cmd_replay(args: argparse.Namespace) -> int:
    count = 0
    for lineno, rec in records.read_records(args.record):
        state = records.replay(rec, line=lineno)
        count += 1
        if args.verbose:
            print(f"line {lineno}: {rec['game']} {len(rec['actions'])} actions, scores {state.scores()}")
    print(f"{count} records verified")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="salon", description="Rules engines for four painting-themed board games.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("games", help="list the registered games, their parameters and component sets")
    p.set_defaults(run=_cmd_games)
    p = sub.add_parser("demo", help="bots play every registered game; records are written and verified")
    p.add_argument("--game", action="append", help="a game to play (repeatable; default: all)")
    p.add_argument("--games", type=int, default=3, help="games per configuration (default 3)")
    p.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    p.add_argument("--out", default="replays", help="folder for the records (default replays/)")
    p.set_defaults(run=_cmd_demo)
    p = sub.add_parser("replay", help="verify every record of a JSON Lines file")
    p.add_argument("record", help="a .jsonl file of records")
    p.add_argument("-v", "--verbose", action="store_true", help="one line per record")
    p.set_defaults(run=_cmd_replay)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.run(args))
    except (salon.SalonError, OSError) as err:
        print(f"salon: error: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
