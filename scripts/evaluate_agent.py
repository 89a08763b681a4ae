"""Evaluates a network against a fixed opponent in every other seat, in chunks that survive a stop.

    python scripts/evaluate_agent.py runs/colors_of_paris-3p/network.onnx "colors_of_paris(players=3)" \\
        --opponent mcts:1000 --games 120 --seed 1000 --rollout-mix 0.5 --jobs 2 --stop-at 04:50 \\
        --out results/agents/colors_of_paris-3p/eval-mcts1000-iteration33-rollout0.5.jsonl.gz

The records file OUT is the whole state: after every chunk it is rewritten (gzipped, replay-checked)
with every game so far, so it can be committed at any time, and the same command run again (in a
later session, on a fresh clone) plays only the games still missing. Game ``G`` is game ``G`` of one
``salon arena --games N --seed SEED`` run of the same line-up (seed ``SEED + G``, seats rotated by
``G``), whatever the chunks were. ``--stop-at HH:MM`` (UTC) starts no chunk expected to end after it.
"""

from __future__ import annotations

import argparse
import datetime as dt
import gzip
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "python"))
sys.path.insert(0, str(Path(__file__).resolve().parent))


#: The search settings a network file may carry (``NetworkBot`` reads them), as ``--search`` names them.
SEARCH_KEYS = {"max_considered_actions": int, "c_visit": float, "c_scale": float, "rollouts_per_leaf": int}


def search_settings(pairs: list[str]) -> dict[str, str]:
    """``--search KEY=VALUE`` pairs as the network file's ``salon.KEY`` metadata."""
    settings = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        if key not in SEARCH_KEYS or not value:
            raise SystemExit(f"--search {pair!r}: KEY=VALUE with KEY one of {', '.join(SEARCH_KEYS)}")
        try:
            settings[f"salon.{key}"] = str(int(value)) if SEARCH_KEYS[key] is int else f"{float(value):g}"
        except ValueError:
            kind = "a whole number" if SEARCH_KEYS[key] is int else "a number"
            raise SystemExit(f"--search {pair!r}: {value!r} is not {kind}") from None
    return settings


def agent_metadata(rollout_mix: float | None, search: list[str]) -> dict[str, str]:
    """The metadata the agent's file carries: its ``--search`` settings, then its ``salon.rollout_mix``
    (in that order, so that ``scripts/ship_agent.py`` writes the very file evaluated here)."""
    metadata = search_settings(search)
    if rollout_mix is not None:
        metadata["salon.rollout_mix"] = f"{rollout_mix:g}"
    return metadata


def agent_network(network: Path, metadata: dict[str, str], out: Path) -> Path:
    """The network file the agent plays: ``network`` itself, or a copy with ``metadata`` (its
    ``salon.rollout_mix`` and search settings) at a path derived from OUT (so a resumed evaluation
    names the same player)."""
    if not metadata:
        return network
    from salon.onnx_mlp import with_metadata

    stem = out.name.removesuffix(".jsonl.gz")
    copy = ROOT / "runs" / "evaluations" / f"{out.resolve().parent.name}-{stem}.onnx"
    copy.parent.mkdir(parents=True, exist_ok=True)
    copy.write_bytes(with_metadata(network.read_bytes(), metadata))
    return Path(os.path.relpath(copy))


def read_done(out: Path, game: Any, lineup: list[str], seed: int) -> list[dict[str, Any]]:
    """The records already in OUT, checked to be games 0.. of this very evaluation."""
    from agent_strength import records
    from salon.play import rotation

    if not out.exists():
        return []
    done = list(records(out))
    n = game.num_players()
    for g, rec in enumerate(done):
        expected = rotation(lineup, g, n)
        if rec.get("game") != game.name or rec.get("params") != game.get_parameters():
            raise SystemExit(f"{out}: record {g + 1} is a game of {rec.get('game')} {rec.get('params')}, not {game}")
        if rec.get("seed") != seed + g or rec.get("players") != expected:
            raise SystemExit(f"{out}: record {g + 1} is seed {rec.get('seed')} with {rec.get('players')}, not seed "
                             f"{seed + g} with {expected}: another evaluation's records; choose another --out")
    return done


def write_all(out: Path, recs: list[dict[str, Any]]) -> None:
    """Replaces OUT with ``recs`` at once (a stop mid-write leaves the previous file)."""
    tmp = out.with_name(out.name + ".tmp")
    lines = "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in recs).encode()
    with open(tmp, "wb") as f, gzip.GzipFile(fileobj=f, mode="wb", mtime=0, filename="") as z:
        z.write(lines)
    os.replace(tmp, out)


def deadline_of(text: str | None) -> float | None:
    if text is None:
        return None
    now = dt.datetime.now(dt.timezone.utc)
    try:
        hh, mm = (int(x) for x in text.split(":"))
        when = now.replace(hour=hh, minute=mm, second=0, microsecond=0)
    except ValueError:
        raise SystemExit(f"--stop-at {text!r}: give a UTC time as HH:MM") from None
    if when < now - dt.timedelta(hours=12):
        when += dt.timedelta(days=1)
    return when.timestamp()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("network", type=Path, help="the agent's network file (.onnx)")
    parser.add_argument("game", help='the game, as salon.load_game takes it: "azul_sintra(players=3)"')
    parser.add_argument("--out", type=Path, required=True, help="the records, gzipped JSONL (.jsonl.gz)")
    parser.add_argument("--opponent", default="mcts:1000", help="the bot in every other seat")
    parser.add_argument("--simulations", type=int, default=200, help="the agent's simulations per move")
    parser.add_argument("--rollout-mix", type=float, default=None,
                        help="value the agent's leaves with this share of a random playout (salon.rollout_mix)")
    parser.add_argument("--search", action="append", default=[], metavar="KEY=VALUE",
                        help="a Gumbel root setting of the agent, written into its file as salon.KEY: "
                        + ", ".join(SEARCH_KEYS) + " (repeat for several)")
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--chunk", type=int, default=12, help="games between two writes of OUT")
    parser.add_argument("--chunks", type=int, default=None, help="play at most this many chunks in this call")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--stop-at", default=None, metavar="HH:MM", help="UTC time: start no chunk expected to end after it")
    args = parser.parse_args()

    import salon
    from agent_strength import strength_table
    from salon.arena import run_arena
    from salon.play import check_lineup

    if not args.out.name.endswith(".jsonl.gz"):
        raise SystemExit(f"--out {args.out}: name the records file *.jsonl.gz")
    if args.games < 1 or args.chunk < 1 or args.simulations < 1:
        raise SystemExit("--games, --chunk and --simulations must be at least 1")
    if args.rollout_mix is not None and not 0.0 <= args.rollout_mix <= 1.0:
        raise SystemExit(f"--rollout-mix {args.rollout_mix}: a share between 0 and 1")
    if not args.network.is_file():
        raise SystemExit(f"{args.network}: no such network file")
    try:
        game = salon.load_game(args.game)
    except (ValueError, salon.SalonError) as e:
        raise SystemExit(f"{args.game!r}: {e}") from None
    try:
        salon.Network.load(str(args.network), game)
    except salon.SalonError as e:
        raise SystemExit(f"{args.network}: {e}") from None
    n = game.num_players()
    played = agent_network(args.network, agent_metadata(args.rollout_mix, args.search), args.out)
    try:
        salon.Network.load(str(played), game)
    except salon.SalonError as e:
        raise SystemExit(f"--search / --rollout-mix: {e}") from None
    agent = f"net:{args.simulations}@{played}"
    lineup = [agent] + [args.opponent] * (n - 1)
    check_lineup(game, lineup)
    done = read_done(args.out, game, lineup, args.seed)
    deadline = deadline_of(args.stop_at)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    print(f"{game}: {agent} against {args.opponent}; {len(done)} of {args.games} games in {args.out}", flush=True)
    chunk_seconds, played = 0.0, 0
    while len(done) < args.games and (args.chunks is None or played < args.chunks):
        if deadline is not None and time.time() + chunk_seconds > deadline:
            print(f"--stop-at {args.stop_at}: no time for another chunk", flush=True)
            break
        start = len(done)
        size = min(args.chunk, args.games - start)
        # run_arena rotates seats from its own game 0: rotate the line-up so that its game g is game start + g
        shifted = [lineup[(start + i) % len(lineup)] for i in range(len(lineup))]
        t = time.monotonic()
        result = run_arena(game, shifted, size, seed=args.seed + start, jobs=args.jobs)
        for g, rec in enumerate(result.records):
            salon.records.replay(rec, line=start + g + 1)
        done.extend(result.records)
        write_all(args.out, done)
        chunk_seconds = time.monotonic() - t
        played += 1
        table = strength_table(args.out)
        print(f"games {start + 1}-{start + size} in {chunk_seconds:.0f} s; after {table['games']} games: win share "
              f"{table['win_share']:.3f} (95% CI {table['ci95'][0]:.3f}-{table['ci95'][1]:.3f})", flush=True)
    if len(done) < args.games:
        print(f"{len(done)} of {args.games} games: run the same command again to play the rest", flush=True)
    else:
        print(json.dumps(strength_table(args.out), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
