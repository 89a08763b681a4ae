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


def _make_bot(spec: str, seed: int) -> salon.Bot:
    kind, _, sims = spec.partition(":")
    return salon.Bot(kind, simulations=int(sims) if sims else 100, seed=seed)


def _cmd_demo(args: argparse.Namespace) -> int:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    names = args.game or salon.game_names()
    lineup = [b.strip() for b in args.bots.split(",") if b.strip()]
    for spec in lineup:
        _make_bot(spec, 0)
    print(f"bots {', '.join(lineup)} in rotating seats; {args.games} games per configuration")
    print(f"{'configuration':<44} {'moves':>6}  " + "  ".join(f"{b:>12}" for b in lineup) + "   (win share / mean score)")
    started = time.perf_counter()
    for name in names:
        recs = []
        for params in configurations(name):
            game = salon.load_game(name, **params)
            n = game.num_players()
            share = {b: 0.0 for b in lineup}
            points = {b: 0.0 for b in lineup}
            seats = {b: 0 for b in lineup}
            moves = 0
            for g in range(args.games):
                seed = args.seed + g
                names_by_seat = [lineup[(g + p) % len(lineup)] for p in range(n)]
                bots = [_make_bot(spec, seed * 10 + p) for p, spec in enumerate(names_by_seat)]
                state = game.new_initial_state(seed=seed)
                while not state.is_terminal():
                    if state.is_chance_node():
                        state.apply_random_chance()
                    else:
                        state.apply_action(bots[state.current_player()].step(state))
                moves += state.ply
                for p, spec in enumerate(names_by_seat):
                    share[spec] += state.returns()[p]
                    points[spec] += state.scores()[p]
                    seats[spec] += 1
                recs.append(records.record_of(state, names_by_seat))
            cells = "  ".join(
                f"{share[b] / seats[b]:>5.2f} / {points[b] / seats[b]:>4.0f}" if seats[b] else f"{'-':>12}" for b in lineup
            )
            print(f"{str(game):<44} {moves / args.games:>6.0f}  {cells}")
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
    p.add_argument("--bots", default="mcts:100,greedy,random",
                   help="bots by seat, rotated each game: random, greedy, mcts[:simulations] (default mcts:100,greedy,random)")
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
