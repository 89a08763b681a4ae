"""The ``salon`` command line (also ``python -m salon``); see ``docs/cli.md``.

    salon games                       the registered games, parameters and component sets
    salon play GAME                   a person in the terminal against bots
    salon arena GAME --bots ...       bots against bots, seat rotation, win rates with 95% CIs
    salon arena --all-games ...       the same on every registered game, records and one HTML viewer
    salon replay FILE [--step]        verify a record file, or step through one game
    salon view FILE -o game.html      the HTML replay viewer of one game
    salon serve [--host H] [--port P] play in a browser (needs the extra salon[serve]: Starlette and uvicorn)
    salon bench                       the benchmark workloads (benches/report.py)
    salon demo                        bots play every configuration (kept for `make demo`)

A user's mistake (unknown game, bad parameter, missing or bad file) prints one line
``salon: error: ...`` to stderr and exits with status 2; there is no traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, NoReturn, Sequence

import salon
from salon import records
from salon.testing.configurations import configurations


class UserError(Exception):
    """A mistake in the command line or its input: reported on one line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"salon: error: {message} (see {self.prog} --help)\n")
        raise SystemExit(2)


def _value(text: str) -> bool | int | str:
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    try:
        return int(text)
    except ValueError:
        return text


def _load_game(spec: str, params: list[str] | None) -> salon.Game:
    """``azul_sintra`` or ``azul_sintra(players=3,side=B)``, plus ``-p key=value`` options."""
    given: dict[str, Any] = {}
    for item in params or []:
        key, sep, val = item.partition("=")
        if not sep or not key:
            raise UserError(f"bad parameter {item!r}: use key=value, for example players=3")
        given[key.strip()] = _value(val.strip())
    try:
        return salon.load_game(spec, **given)
    except salon.InvalidParameterError as err:
        if "expected a bool" in str(err):
            raise UserError(f"{_one_line(err)}: write true or false, for example -p advanced=true") from None
        raise


# ----------------------------------------------------------------------------------- games


def _cmd_games(args: argparse.Namespace) -> int:
    for entry in salon.registered_games():
        game = salon.load_game(entry["name"])
        comp = game.components
        label = "substitute, not the publisher's" if comp["substitute"] else "user-supplied"
        info = "perfect information" if entry.get("perfect_information", game.perfect_information) else "hidden information"
        print(f"{entry['name']}: {entry['long_name']} ({entry['min_players']}-{entry['max_players']} players, {info})")
        for pname, spec in sorted(entry["parameters"].items()):
            allowed = f" in {spec['allowed']}" if spec["allowed"] else ""
            variant = " (rules variant)" if spec.get("variant") else ""
            print(f"    {pname} = {spec['default']!r}{allowed}{variant}: {spec['doc']}")
        print(f"    components: {comp['name']} [{label}] hash {comp['hash']}")
    return 0


# ------------------------------------------------------------------------------------ play


def _cmd_play(args: argparse.Namespace) -> int:
    from salon.play import parse_lineup
    from salon.cli_play import play

    game = _load_game(args.game, args.param)
    lineup = parse_lineup(args.bots)
    state, rec = play(game, seat=args.seat, bots=lineup, seed=args.seed, name=args.name, show=args.show)
    if rec is not None and args.record:
        records.write_records(args.record, [rec])
        print(f"record written to {args.record}")
    return 0


# ----------------------------------------------------------------------------------- arena


def _cmd_arena(args: argparse.Namespace) -> int:
    from salon import arena, play, viewer

    lineup = play.parse_lineup(args.bots)
    if args.games < 1:
        raise UserError("--games must be at least 1")
    if args.jobs < 1:
        raise UserError("--jobs must be at least 1")
    out = Path(args.out)
    if args.all_games:
        if args.game:
            raise UserError("give either a game or --all-games, not both")
        games = [salon.load_game(name) for name in salon.game_names()]
        if args.param:
            raise UserError("-p/--param applies to one game; --all-games plays each game's defaults")
    else:
        if not args.game:
            raise UserError("name a game (see `salon games`) or use --all-games")
        games = [_load_game(args.game, args.param)]
    if args.html_game is not None and args.html_game not in [g.name for g in games]:
        raise UserError(f"--html-game {args.html_game!r} is not among the games played")
    out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    first_record: dict[str, Any] | None = None
    first_path: Path | None = None
    for game in games:
        progress = arena.Progress(args.games, game.name)
        result = arena.run_arena(game, lineup, args.games, seed=args.seed, jobs=args.jobs, progress=progress)
        path = out / f"{game.name}.jsonl"
        arena.write_arena_records(path, result)
        print(arena.results_table(result))
        print(f"  -> {len(result.records)} records written to {path} and verified by replay")
        wanted = args.html_game is None or args.html_game == game.name
        if first_record is None and result.records and wanted:
            first_record, first_path = result.records[0], path
    if args.html and first_record is not None:
        size = viewer.write_html(first_record, args.html)
        print(f"viewer of the first game of {first_path} written to {args.html} ({size / 1024:.0f} KiB)")
    print(f"done in {time.perf_counter() - started:.1f} s")
    return 0


# ---------------------------------------------------------------------------------- replay


def _cmd_replay(args: argparse.Namespace) -> int:
    if args.step:
        from salon.cli_play import step_through

        lineno, rec = records.read_record(args.record, args.line)
        return step_through(rec, line=lineno)
    count = 0
    for lineno, rec in records.read_records(args.record):
        if args.line is not None and lineno != args.line:
            continue
        state = records.replay(rec, line=lineno)
        count += 1
        if args.verbose:
            print(f"line {lineno}: {rec['game']} {len(rec['actions'])} actions, scores {state.scores()}")
    if count == 0:
        raise UserError(f"{args.record}: no record" + (f" on line {args.line}" if args.line is not None else ""))
    print(f"{count} records verified")
    return 0


# ------------------------------------------------------------------------------------ ladder


def _cmd_ladder(args: argparse.Namespace) -> int:
    from salon import arena, ladder, play

    bots = play.parse_lineup(args.bots) if args.bots else None
    if args.jobs < 1:
        raise UserError("--jobs must be at least 1")
    game = _load_game(args.game, args.param)

    def report(a: str, b: str, result: arena.ArenaResult) -> None:
        share = result.bots[a].share / max(result.bots[a].games, 1)
        print(f"  {a} against {b}: {share:.3f} over {result.games} games, {result.seconds:.0f} s", file=sys.stderr, flush=True)

    out = ladder.run_ladder(game, bots, args.games, seed=args.seed, jobs=args.jobs, on_pair=report)
    table = ladder.ladder_table(out)
    print(table)
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(table + "\n", encoding="utf-8")
        print(f"table written to {args.out}")
    if args.records:
        records.write_records(args.records, out.records)
        print(f"{len(out.records)} records written to {args.records}")
    return 0


# ------------------------------------------------------------------------------------ analyse


def _cmd_analyse(args: argparse.Namespace) -> int:
    from salon.play import make_bot, parse_bot

    lineno, rec = records.read_record(args.record, args.line)
    game = records.load_record_game(rec, line=lineno)
    state = records.start_state(rec, game, line=lineno)
    steps = records.replay_steps(rec, line=lineno, game=game)
    if args.ply < 0:
        raise UserError(f"--ply must be 0 or more, not {args.ply}")
    for i, _, _, after in steps:
        if i + 1 == args.ply:
            state = after.clone()
            break
    else:
        if args.ply > 0:
            raise UserError(f"line {lineno}: the record has {len(rec.get('actions', []))} moves, fewer than --ply {args.ply}")
    if state.is_terminal():
        raise UserError(f"line {lineno}, ply {args.ply}: the game is over")
    if state.is_chance_node():
        raise UserError(f"line {lineno}, ply {args.ply}: a chance node (the next move is drawn, not chosen)")
    if parse_bot(args.bot)[0] != "net":
        raise UserError(f"--bot {args.bot!r}: analysis needs a network bot (net[:simulations][@file.onnx])")
    bot = make_bot(args.bot, args.seed, game)
    analysis = bot.analyse(state)
    if args.json:
        print(json.dumps({"line": lineno, "ply": args.ply, **analysis.to_dict()}))
    else:
        print(f"{game}, line {lineno}, ply {args.ply}")
        print(analysis)
    return 0


# ------------------------------------------------------------------------------------ view


def _cmd_view(args: argparse.Namespace) -> int:
    from salon import viewer

    lineno, rec = records.read_record(args.record, args.line)
    out = args.output or str(Path(args.record).with_suffix(".html"))
    size = viewer.write_html(rec, out, line=lineno)
    print(f"{out}: viewer of line {lineno} ({rec.get('game')}, {len(rec.get('actions', []))} moves), {size / 1024:.0f} KiB")
    return 0


# ----------------------------------------------------------------------------------- serve


def _cmd_serve(args: argparse.Namespace) -> int:
    from salon.serve import INSTALL_HINT, missing_dependencies

    missing = missing_dependencies()
    if missing:
        raise UserError(f"`salon serve` needs {' and '.join(missing)}, which are not installed: {INSTALL_HINT}")
    if not 0 <= args.port <= 65535:
        raise UserError(f"--port must be from 0 to 65535 (0: any free port), got {args.port}")
    if args.bot_threads is not None and args.bot_threads < 1:
        raise UserError("--bot-threads must be at least 1")
    from salon.serve.server import serve

    try:
        serve(args.host, args.port, bot_threads=args.bot_threads, quiet=args.quiet)
    except OSError as err:
        raise UserError(f"cannot listen on {args.host}:{args.port}: {err.strerror or err}") from None
    return 0


# ----------------------------------------------------------------------------------- bench


def _bench_dir() -> Path:
    """The ``benches/`` folder of a checkout: beside this package (an editable install) or
    above the working directory (an installed wheel run from inside a clone)."""
    here = Path(__file__).resolve()
    cwd = Path.cwd().resolve()
    for parent in [*here.parents, cwd, *cwd.parents]:
        cand = parent / "benches" / "report.py"
        if cand.is_file():
            return cand.parent
    raise UserError(
        "`salon bench` needs a checkout of the project: the benchmark workloads (benches/) are not part of "
        "the installed package. Run it from inside a clone (git clone ...; cd salon; salon bench)"
    )


def _cmd_bench(args: argparse.Namespace) -> int:
    bench = _bench_dir()
    cmd = [sys.executable, str(bench / "report.py"), "--seconds", str(args.seconds), "--section", args.section]
    env = dict(os.environ)
    env["PYTHONPATH"] = str(bench) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.call(cmd, cwd=bench.parent, env=env)


# ------------------------------------------------------------------------------------ demo


def _cmd_demo(args: argparse.Namespace) -> int:
    from salon.play import parse_lineup, play_game, rotation

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    names = args.game or salon.game_names()
    lineup = parse_lineup(args.bots)
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
                names_by_seat = rotation(lineup, g, n)
                state = play_game(game, names_by_seat, seed)
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


# ---------------------------------------------------------------------------------- parser

BOTS_HELP = ("bots, comma-separated: random, greedy, mcts[:simulations] (mcts alone means 200 simulations), "
             "net[:simulations] (the shipped network of the game) or net[:simulations]@file.onnx")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="salon",
        description="Rules engines for four painting-themed board games: play, pit bots against each other, "
        "verify and view game records.",
        epilog="Games are named as in `salon games`; parameters go in the name, azul_sintra(players=3,side=B), "
        "or as -p players=3 -p side=B. See docs/cli.md.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser)

    p = sub.add_parser("games", help="list the registered games, their parameters and component sets",
                       description="List every registered game: its parameters (default, allowed values, meaning) "
                       "and the component set it plays with (substitute or user-supplied, with its hash).")
    p.set_defaults(run=_cmd_games)

    p = sub.add_parser("play", help="play against bots in the terminal",
                       description="Play a game in the terminal against bots. You see only what your seat may see; "
                       "choose a move by its number or type its text ('help', 'undo', 'quit' also work).")
    p.add_argument("game", help="a game, for example azul_sintra or 'azul_sintra(players=3)'")
    p.add_argument("-p", "--param", action="append", metavar="KEY=VALUE", help="a game parameter (repeatable)")
    p.add_argument("--seat", type=int, default=0, help="your seat (default 0, the first)")
    p.add_argument("--bots", default="mcts:200", help=BOTS_HELP + "; the other seats take them in turn (default mcts:200)")
    p.add_argument("--seed", type=int, default=0, help="the game's seed (default 0)")
    p.add_argument("--name", default="you", help="your name in the record (default 'you')")
    p.add_argument("--record", metavar="FILE", help="write the finished game's record to FILE (.jsonl)")
    p.add_argument("--show", choices=["every", "mine"], default="every",
                   help="show the table after every move (default) or only before your own moves")
    p.set_defaults(run=_cmd_play)

    p = sub.add_parser("arena", help="bots against bots: seat rotation, win rates with 95%% confidence intervals, records",
                       description="Bots against bots over many games. Game g seats bot (g+p) mod k in seat p. The table gives "
                       "each bot's mean win share with a 95% Wilson score interval and mean points. Records are written "
                       "to OUT/<game>.jsonl and verified by replay; --html writes the viewer of the first game.")
    p.add_argument("game", nargs="?", help="a game, for example colors_of_paris or 'colors_of_paris(players=3)'")
    p.add_argument("-p", "--param", action="append", metavar="KEY=VALUE", help="a game parameter (repeatable)")
    p.add_argument("--all-games", action="store_true", help="every registered game with its default parameters")
    p.add_argument("--bots", default="mcts:200,greedy,random", help=BOTS_HELP + " (default mcts:200,greedy,random)")
    p.add_argument("--games", type=int, default=10, help="games per game (default 10)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game; game g uses seed+g (default 0)")
    p.add_argument("--jobs", type=int, default=1, help="games played at once in worker processes (default 1)")
    p.add_argument("--out", default="replays", help="folder for the records (default replays/)")
    p.add_argument("--html", metavar="FILE", help="also write the HTML viewer of the first game played")
    p.add_argument("--html-game", metavar="NAME", help="with --all-games: the game whose first record --html shows (default: the first game)")
    p.set_defaults(run=_cmd_arena)

    p = sub.add_parser("ladder", help="a round robin of bots at a 2-player game, rated by a Bradley-Terry fit (Elo, 95%% intervals)",
                       description="Every pair of bots plays --games games, seats alternating; the ratings are a Bradley-Terry "
                       "fit of the results (one virtual draw a pair as a prior), as Elo with the first bot at 0 and 95% "
                       "intervals. The default bots: random, greedy, mcts:100, mcts:1000, net:50, net:200 (the networks "
                       "only where salon ships one for the game).")
    p.add_argument("game", help="a game at 2 players, for example azul_sintra")
    p.add_argument("-p", "--param", action="append", metavar="KEY=VALUE", help="a game parameter (repeatable)")
    p.add_argument("--bots", help=BOTS_HELP + " (default random,greedy,mcts:100,mcts:1000,net:50,net:200)")
    p.add_argument("--games", type=int, default=20, help="games per pair of bots (default 20)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    p.add_argument("--jobs", type=int, default=1, help="games played at once in worker processes (default 1)")
    p.add_argument("--out", metavar="FILE", help="also write the table (Markdown) to FILE")
    p.add_argument("--records", metavar="FILE", help="write every game's record to FILE (.jsonl)")
    p.set_defaults(run=_cmd_ladder)

    p = sub.add_parser("replay", help="verify the records of a file, or step through one game",
                       description="Re-run every record of a JSON Lines file, checking each move and the final scores. "
                       "An error names the line and the move. --step walks through one game in the terminal.")
    p.add_argument("record", help="a .jsonl file of records")
    p.add_argument("--line", type=int, help="only the record on this line")
    p.add_argument("--step", action="store_true", help="step through one game (the first, or --line): Enter, b, a number, q")
    p.add_argument("-v", "--verbose", action="store_true", help="one line per record")
    p.set_defaults(run=_cmd_replay)

    p = sub.add_parser("analyse", help="what a network bot thinks of one position of a record",
                       description="Replays a record to --ply (moves applied) and prints, for the player to move and "
                       "from that player's information only: every legal move with its prior, visits and mean value, "
                       "the chosen move, the principal variation and the root value of every player.")
    p.add_argument("record", help="a .jsonl file of records")
    p.add_argument("--ply", type=int, required=True, help="the number of moves (chance outcomes included) played before the position")
    p.add_argument("--line", type=int, help="the record on this line (default: the first)")
    p.add_argument("--bot", default="net:200", help="net[:simulations][@file.onnx] (default net:200, the shipped network)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true", help="one JSON object instead of the table")
    p.set_defaults(run=_cmd_analyse)

    p = sub.add_parser("view", help="write the HTML replay viewer of one game",
                       description="Write one self-contained HTML file (no network) to step through a game: forward, back, "
                       "jump to any move, the action list, and the full table or each player's own view.")
    p.add_argument("record", help="a .jsonl file of records")
    p.add_argument("-o", "--output", metavar="FILE", help="the HTML file (default: the record's name with .html)")
    p.add_argument("--line", type=int, help="the record's line in the file (default: the first record)")
    p.set_defaults(run=_cmd_view)

    p = sub.add_parser("serve", help="play in a browser: a local web app (needs the serve extra)",
                       description="Start a local web app to play the games in a browser against bots (or watch bots "
                       "play), one table per browser tab; review uploaded records. Needs the extra salon[serve] "
                       "(Starlette and uvicorn). See docs/serve.md.")
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=8000, help="the port (default 8000; 0 picks a free one)")
    p.add_argument("--bot-threads", type=int, help="threads the bots think on (default: the number of CPUs, at least 2)")
    p.add_argument("--quiet", action="store_true", help="log warnings only")
    p.set_defaults(run=_cmd_serve)

    p = sub.add_parser("bench", help="run the benchmark workloads of a checkout (benches/report.py)",
                       description="Time the benchmark workloads (single states, batched vector env, OpenSpiel "
                       "bridge, MCTS) and print the tables of docs/benchmarks.md. Needs a checkout of the project "
                       "(run it inside a clone): the workloads live in benches/, not in the installed package.")
    p.add_argument("--seconds", type=float, default=1.0, help="time per measurement (default 1.0)")
    p.add_argument("--section", default="all", choices=["single", "batch", "openspiel", "mcts", "all"], help="which tables (default all)")
    p.set_defaults(run=_cmd_bench)

    p = sub.add_parser("demo", help="bots play every configuration of every game; records are written and verified",
                       description="Bots play every configuration (parameter combination) of every game, or of the "
                       "--game ones, in rotating seats; a table of win shares and mean scores per configuration. "
                       "Records go to OUT/<game>.jsonl and are verified by replay.")
    p.add_argument("--game", action="append", help="a game to play (repeatable; default: all)")
    p.add_argument("--games", type=int, default=3, help="games per configuration (default 3)")
    p.add_argument("--bots", default="mcts:100,greedy,random", help=BOTS_HELP + " (default mcts:100,greedy,random)")
    p.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    p.add_argument("--out", default="replays", help="folder for the records (default replays/)")
    p.set_defaults(run=_cmd_demo)
    return parser


def _one_line(err: BaseException) -> str:
    text = str(err) or type(err).__name__
    return " ".join(text.split())


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.run(args))
    except (UserError, salon.SalonError, OSError, json.JSONDecodeError, UnicodeDecodeError) as err:
        if isinstance(err, FileNotFoundError) and err.filename:
            message = f"no such file: {err.filename}"
        else:
            message = _one_line(err)
        print(f"salon: error: {message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("salon: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
