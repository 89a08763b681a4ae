#!/usr/bin/env python3
"""`salon serve` under load: many tables playing at once against a live server.

Starts the server (``python -m salon serve --port 0``) unless ``--url`` names a running one,
then opens ``--tables`` tables (20 by default; the four games in turn, seat 0 played by this
script with random legal moves, seat 1 a random, greedy or MCTS bot) and plays them all at
once for ``--seconds`` (60), a new game at each table as soon as one ends. It checks:

- no error: every answer is 2xx (a refused move would be a bug of the page or the server);
- no table mixed with another: every answer names its own table, game and seat, the seat's
  moves in its log are exactly the ones this client made at this table, and every finished
  game's record replays (``salon.records.replay``) with the moves this client made;
- memory flat: the server's resident memory (RSS, sampled every second) in the last quarter of
  the run is within 10% (and 30 MiB) of the second quarter's (the first warms up).

Prints the figures; exits 1 when a check fails. Run: ``python scripts/serve_load.py``.

``--fairness S`` measures instead how long a random bot takes to answer at a table while two
tables of MCTS bots only (S seconds a move) keep the server's bot workers busy (``--bot-threads``,
default 2), over ``--seconds``: the reply times, median and max, and the moves the tables of bots
made meanwhile.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import httpx2 as httpx
import psutil

from salon import records

GAMES = ["azul_sintra", "atelier_studio", "colors_of_paris", "atelier_canvas"]
BOTS: list[dict[str, Any]] = [{"kind": "random"}, {"kind": "greedy"}, {"kind": "mcts", "simulations": 50}]


@dataclass
class Stats:
    requests: int = 0
    moves: int = 0
    games: int = 0
    errors: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)


async def _call(client: httpx.AsyncClient, stats: Stats, method: str, url: str, **kw: Any) -> httpx.Response:
    started = time.perf_counter()
    r = await client.request(method, url, **kw)
    if "after=" not in url:  # long polls wait on purpose
        stats.latencies.append(time.perf_counter() - started)
    stats.requests += 1
    if r.status_code >= 300:
        stats.errors.append(f"{method} {url}: {r.status_code} {r.text[:200]}")
    return r


async def play_table(client: httpx.AsyncClient, index: int, deadline: float, stats: Stats) -> None:
    game = GAMES[index % len(GAMES)]
    rng = random.Random(index)
    body = {"game": game, "seats": [{"kind": "human"}, BOTS[index % len(BOTS)]], "seed": index}
    r = await _call(client, stats, "POST", "/api/tables", json=body)
    if r.status_code != 201:
        return
    made = r.json()
    api = str(made["url"]).replace("/play/", "/api/tables/")
    table_id = made["table"]
    mine: list[str] = []  # the texts of the moves this client made in the current game
    games_here = 1
    view = (await _call(client, stats, "GET", api + "?wait=0")).json()

    def check(v: dict[str, Any], where: str) -> None:
        own = [e["text"] for e in v["log"] if e["actor"] == 0]
        if v["table"] != table_id or v["seat"] != 0 or v["game"]["name"] != game or v["observation"]["game"] != game:
            stats.errors.append(f"table {index} {where}: an answer about another table or seat")
        if v["games_played"] == games_here and own != mine:
            stats.errors.append(f"table {index} {where}: its log holds moves this client did not make")

    while time.monotonic() < deadline:
        check(view, "view")
        if view["over"]:
            rec = (await _call(client, stats, "GET", api + "/record")).json()
            try:
                final = records.replay(rec)
                own = [text for (_, text), actor in zip(rec["actions"], _actors(rec)) if actor == 0]
                if rec["game"] != game or own != mine or not final.is_terminal():
                    stats.errors.append(f"table {index}: the record is not this table's game")
            except records.RecordError as err:
                stats.errors.append(f"table {index}: record does not replay: {err}")
            stats.games += 1
            view = (await _call(client, stats, "POST", api + "/new", json={})).json()
            games_here += 1
            mine = []
            continue
        if not view["your_turn"]:
            view = (await _call(client, stats, "GET", f"{api}?after={view['version']}&wait=5")).json()
            continue
        move = rng.choice(view["moves"])
        r = await _call(client, stats, "POST", api + "/move", json={"action": move["action"], "version": view["version"]})
        if r.status_code != 200:
            return
        mine.append(move["text"])
        stats.moves += 1
        view = r.json()
        check(view, "move")


def _actors(record: dict[str, Any]) -> list[int]:
    return [actor for _, actor, _, _ in records.replay_steps(record)]


async def sample_memory(process: psutil.Process, deadline: float, samples: list[tuple[float, int]], start: float) -> None:
    while time.monotonic() < deadline:
        samples.append((time.monotonic() - start, process.memory_info().rss))
        await asyncio.sleep(1.0)


async def run(url: str, pid: int, tables: int, seconds: float) -> int:
    process = psutil.Process(pid)
    stats = Stats()
    samples: list[tuple[float, int]] = []
    start = time.monotonic()
    deadline = start + seconds
    limits = httpx.Limits(max_connections=tables * 2 + 4)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as client:
        await asyncio.gather(
            sample_memory(process, deadline, samples, start),
            *(play_table(client, i, deadline, stats) for i in range(tables)),
        )
    elapsed = time.monotonic() - start
    mib = [rss / 2**20 for _, rss in samples]
    quarter = max(1, len(mib) // 4)
    warm = statistics.mean(mib[quarter : 2 * quarter])
    last = statistics.mean(mib[-quarter:])
    flat = last <= max(warm * 1.10, warm + 30)
    lat = sorted(stats.latencies)
    print(f"{tables} tables for {elapsed:.0f} s: {stats.moves} moves by this client ({stats.moves / elapsed:.0f}/s), "
          f"{stats.games} games finished, {stats.requests} requests")
    if lat:
        print(f"latency of non-waiting requests: median {1000 * lat[len(lat) // 2]:.1f} ms, "
              f"95th percentile {1000 * lat[int(len(lat) * 0.95)]:.1f} ms, max {1000 * lat[-1]:.1f} ms")
    print(f"server RSS (MiB), one sample a second: start {mib[0]:.1f}, second quarter {warm:.1f}, "
          f"last quarter {last:.1f}, max {max(mib):.1f} -> {'flat' if flat else 'GROWING'}")
    print(f"errors: {len(stats.errors)}")
    for err in stats.errors[:20]:
        print("  " + err)
    return 0 if not stats.errors and flat and stats.games > 0 else 1


async def fairness(url: str, bot_seconds: float, seconds: float) -> int:
    """A random bot's reply times at one table while two tables of MCTS bots think."""
    long = {"kind": "mcts", "seconds": bot_seconds}
    replies: list[float] = []
    async with httpx.AsyncClient(base_url=url, timeout=120) as client:
        watched = []
        for seed in (1, 2):
            r = await client.post("/api/tables", json={"game": "atelier_canvas", "seats": [long, long], "seed": seed})
            watched.append(str(r.json()["url"]).replace("/play/", "/api/tables/"))
        await asyncio.sleep(1.0)  # both tables of bots are thinking, or waiting for a worker
        start_plies = [(await client.get(u + "?wait=0")).json()["ply"] for u in watched]
        r = await client.post("/api/tables", json={"game": "azul_sintra", "seats": ["human", "random"], "seed": 3})
        api = str(r.json()["url"]).replace("/play/", "/api/tables/")
        view = (await client.get(api + "?wait=0")).json()
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and not view["over"]:
            if not view["your_turn"]:
                view = (await client.get(f"{api}?after={view['version']}&wait=25")).json()
                continue
            move = view["moves"][0]
            sent = time.perf_counter()
            view = (await client.post(api + "/move", json={"action": move["action"], "version": view["version"]})).json()
            while not (view["your_turn"] or view["over"]):
                view = (await client.get(f"{api}?after={view['version']}&wait=25")).json()
            replies.append(time.perf_counter() - sent)
        plies = [(await client.get(u + "?wait=0")).json()["ply"] for u in watched]
        for u in watched:
            await client.post(u + "/stop", json={})
    replies.sort()
    print(f"a random bot's reply beside two tables of {bot_seconds:g} s MCTS bots: {len(replies)} replies, "
          f"median {1000 * replies[len(replies) // 2]:.1f} ms, max {1000 * replies[-1]:.1f} ms; "
          f"the tables of bots made {[b - a for a, b in zip(start_plies, plies)]} moves and chance meanwhile")
    return 0 if replies else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--url", help="a running server (default: start one)")
    parser.add_argument("--pid", type=int, help="the running server's process id (with --url), for its memory")
    parser.add_argument("--fairness", type=float, metavar="S", help="measure a random bot's replies beside two tables of S-second MCTS bots")
    parser.add_argument("--bot-threads", type=int, default=None, help="the started server's --bot-threads (default: its own; 2 with --fairness)")
    args = parser.parse_args()
    if args.url:
        if args.fairness is not None:
            return asyncio.run(fairness(args.url, args.fairness, args.seconds))
        if args.pid is None:
            parser.error("--url needs --pid (the server's process, to sample its memory)")
        return asyncio.run(run(args.url, args.pid, args.tables, args.seconds))
    command = [sys.executable, "-m", "salon", "serve", "--port", "0", "--quiet"]
    threads = args.bot_threads if args.bot_threads is not None else (2 if args.fairness is not None else None)
    if threads is not None:
        command += ["--bot-threads", str(threads)]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        found = re.search(r"http://127\.0\.0\.1:\d+", proc.stdout.readline())
        if not found:
            print("the server did not start", file=sys.stderr)
            return 1
        if args.fairness is not None:
            return asyncio.run(fairness(found.group(0), args.fairness, args.seconds))
        return asyncio.run(run(found.group(0), proc.pid, args.tables, args.seconds))
    finally:
        proc.terminate()
        proc.wait(timeout=20)


if __name__ == "__main__":
    sys.exit(main())
