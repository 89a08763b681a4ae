"""The arena and a self-play data generator, locally or on Ray (one machine or a cluster).

>>> import salon
>>> from salon.adapters.ray_runner import run_arena, generate_selfplay, play_seeds
>>> game = salon.load_game("azul_sintra", players=2)
>>> result = run_arena(game, {"a": "random", "b": "random"}, range(100))   # address=None: local Ray
>>> result.summary["a"]["mean_return"]
>>> data = generate_selfplay(game, range(1000), address="ray://head:10001")  # a cluster
>>> local = play_seeds(game, ["random", "random"], range(100))                # no Ray at all

Every game is a pure function of its seed: the chance sequence comes from the game's seeded
generator and each seat's policy is built afresh for that game from ``derive_seed(seed, seat)``.
So the records do not depend on how the seeds are split among workers, and equal the records of
the same seeds played without Ray (:func:`play_seeds`). The seeds are split into chunks, each
chunk is given to one worker (a Ray actor, one per CPU by default), and the records come back in
seed order; the runner checks that each requested seed has exactly one record (no loss, no
duplicate).

Policies are given as *specs*: the bots of ``salon arena``, in its grammar (:mod:`salon.play`):
``"random"``, ``"greedy"``, ``"mcts"``, ``"mcts:200"`` (:class:`salon.Bot`, with its simulation
count), ``"net:200"`` (the network bot with the game's shipped network; ``"net:200@file.onnx"``
with a network file every worker can read); the older spellings ``"mcts/200"``,
``"net/200@file.onnx"`` and ``"native_random"`` are still read. Or ``"module:factory"``
(an importable factory), or a callable ``factory(seed) -> policy``, where a policy is a callable
``(state) -> action`` or an object with ``step(state)`` (see :mod:`salon.adapters.policies`).
Factories are shipped to the workers by Ray's pickling (closures are fine).

Command line (the same command scales from this machine to a cluster)::

    python -m salon.adapters.ray_runner arena --game "azul_sintra(players=2)" \\
        --policy a=random --policy b=random --seeds 0:200 --out arena.jsonl [--address auto]
    python -m salon.adapters.ray_runner selfplay --game colors_of_paris --seeds 0:1000 --out data.jsonl
    python -m salon.adapters.ray_runner arena ... --local          # without Ray
    python -m salon.adapters.ray_runner shards --game atelier_studio --games 1024 --out data/ \\
        [--evaluator module:factory]                                # salon.selfplay shards

:func:`generate_selfplay_shards` writes the ``.npz`` shards, records and manifest of
:mod:`salon.selfplay` from many workers: the games are cut into units, each unit one
``self_play`` run of its own, so the shards are the same on any number of workers.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import socket
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO, Any, Union

import salon
from salon import _core
from salon.adapters.policies import PolicyLike, as_policy, derive_seed
from salon.records import record_of, write_records

__all__ = [
    "ArenaResult",
    "PolicySpec",
    "ProgressLine",
    "generate_selfplay",
    "make_policy",
    "play_game",
    "play_seeds",
    "run_arena",
    "seating",
    "ShardsResult",
    "UniformEvaluator",
    "generate_selfplay_shards",
    "play_selfplay_unit",
    "selfplay_units",
]

PolicySpec = Union[str, Callable[[int], PolicyLike]]

#: ``progress=``: True (a line on stderr), False, or a callable ``(games_done, games_total)``;
#: None (default) shows the line when stderr is a terminal.
ProgressSpec = Union[bool, Callable[[int, int], None], None]


class ProgressLine:
    """Games done, rate and time left on one line of ``stream`` (stderr by default): rewritten
    in place on a terminal, else one line per tenth of the run so that logs stay short."""

    def __init__(self, label: str, stream: IO[str] | None = None) -> None:
        self.label = label
        self.stream = stream or sys.stderr
        self.started = time.perf_counter()
        self.tty = self.stream.isatty()
        self.last_tenth = -1

    def __call__(self, done: int, total: int) -> None:
        total = max(total, 1)
        elapsed = time.perf_counter() - self.started
        rate = done / elapsed if elapsed > 0 else 0.0
        left = f"{(total - done) / rate:.0f} s left" if rate > 0 and done < total else "done" if done >= total else "..."
        width = 30
        bar = "#" * (width * done // total) + "." * (width - width * done // total)
        line = f"{self.label} [{bar}] {done}/{total} games, {rate:.1f} games/s, {elapsed:.0f} s, {left}"
        if self.tty:
            self.stream.write("\r" + line + ("\n" if done >= total else ""))
        else:
            tenth = done * 10 // total
            if tenth == self.last_tenth and done < total:
                return
            self.last_tenth = tenth
            self.stream.write(line + "\n")
        self.stream.flush()


def _reporter(progress: ProgressSpec, label: str) -> Callable[[int, int], None] | None:
    if progress is None:
        progress = sys.stderr.isatty()
    if progress is True:
        return ProgressLine(label)
    if progress is False:
        return None
    if callable(progress):
        return progress
    raise TypeError(f"progress is True, False, None or a callable (done, total), not {progress!r}")

# Older spellings, still read: the arena's grammar is the one grammar (salon.play).
_OLD_SPELLINGS = {"native_random": "random"}


def _bot_spec(spec: str) -> str | None:
    """The spec in salon.play's grammar (``random``, ``greedy``, ``mcts:200``, ``net:200@file``),
    from it or from an older spelling (``mcts/200``, ``net/200@file``, ``native_random``);
    ``None`` when it is not a bot spec (``module:factory``)."""
    spec = _OLD_SPELLINGS.get(spec.strip(), spec.strip())
    head, at, path = spec.partition("@")
    kind, slash, sims = head.partition("/")
    if slash:
        spec = f"{kind}:{sims or 200}" + (at + path if at else "")
    if spec.partition("@")[0].partition(":")[0] in ("random", "greedy", "mcts", "net"):
        return spec
    return None


def make_policy(spec: PolicySpec, seed: int, game: _core.Game | None = None) -> Callable[[_core.State], int]:
    """Builds the policy of a spec for one game, seeded with ``seed``: a bot spec of
    :mod:`salon.play` (``random``, ``greedy``, ``mcts:200``, ``net:200``, ``net:200@file.onnx``;
    ``game`` needed to check a network file), ``module:factory``, or a callable factory."""
    if isinstance(spec, str):
        bot = _bot_spec(spec)
        if bot is not None:
            from salon.play import make_bot

            return as_policy(make_bot(bot, seed, game))
        if ":" in spec:
            module, _, attr = spec.partition(":")
            factory = getattr(importlib.import_module(module), attr)
            return as_policy(factory(seed))
        raise ValueError(f"unknown policy {spec!r}: use a bot (random, greedy, mcts:200, net:200[@file.onnx]), 'module:factory' or a callable factory(seed)")
    if callable(spec):
        return as_policy(spec(seed))
    raise TypeError(f"a policy spec is a string or a callable factory(seed), not {spec!r}")


def _named(policies: Mapping[str, PolicySpec] | Sequence[PolicySpec]) -> tuple[list[str], list[PolicySpec]]:
    if isinstance(policies, Mapping):
        return list(policies.keys()), list(policies.values())
    specs = list(policies)
    names = [s if isinstance(s, str) else getattr(s, "__name__", f"policy{i}") for i, s in enumerate(specs)]
    if len(set(names)) != len(names):
        names = [f"{n}#{i}" for i, n in enumerate(names)]
    return names, specs


def seating(seed: int, num_policies: int, num_seats: int, rotate: bool = True) -> list[int]:
    """Which policy sits in each seat for the game of ``seed``.

    Without rotation seat ``s`` gets policy ``s % num_policies``; with rotation the assignment is
    shifted by ``seed`` (so over any ``num_seats`` consecutive seeds each policy takes each seat).
    """
    shift = seed % num_seats if rotate else 0
    return [((s + shift) % num_seats) % num_policies for s in range(num_seats)]


def play_game(
    game: _core.Game, specs: Sequence[PolicySpec], seed: int, names: Sequence[str] | None = None
) -> dict[str, Any]:
    """Plays one game: ``specs[s]`` in seat ``s``; chance from the game's generator; returns its record."""
    n = game.num_players()
    if len(specs) != n:
        raise ValueError(f"{game.name} has {n} seats, {len(specs)} policies were given")
    from salon.play import play_policies

    policies = [make_policy(spec, derive_seed(seed, seat), game) for seat, spec in enumerate(specs)]
    state = play_policies(game, policies, seed)
    labels = list(names) if names is not None else [s if isinstance(s, str) else "policy" for s in specs]
    return record_of(state, labels)


def play_seeds(
    game: _core.Game,
    policies: Mapping[str, PolicySpec] | Sequence[PolicySpec],
    seeds: Iterable[int],
    rotate: bool = True,
) -> list[dict[str, Any]]:
    """The records of the games of ``seeds``, played here without Ray (in seed order)."""
    names, specs = _named(policies)
    n = game.num_players()
    records = []
    for seed in seeds:
        seat_of = seating(int(seed), len(specs), n, rotate)
        records.append(play_game(game, [specs[i] for i in seat_of], int(seed), [names[i] for i in seat_of]))
    return records


def _worker_id() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


class _Worker:
    """The body of a Ray actor: plays the seed chunks it is given."""

    def play(
        self,
        game: _core.Game,
        policies: Mapping[str, PolicySpec] | Sequence[PolicySpec],
        seeds: list[int],
        rotate: bool,
    ) -> tuple[str, list[dict[str, Any]]]:
        return _worker_id(), play_seeds(game, policies, seeds, rotate)

    def play_selfplay_unit(
        self, game: _core.Game, evaluator: Any, first_game_id: int, games: int, seed: int, options: Mapping[str, Any]
    ) -> tuple[str, Any]:
        return _play_unit_here(game, evaluator, first_game_id, games, seed, options)


@dataclass
class ArenaResult:
    """Records in seed order, which worker played which seeds, and per-policy totals."""

    records: list[dict[str, Any]]
    workers: dict[str, list[int]] = field(default_factory=dict)
    summary: dict[str, dict[str, float]] = field(default_factory=dict)


def _summary(records: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    for rec in records:
        best = max(rec["returns"])
        for seat, name in enumerate(rec["players"]):
            s = out.setdefault(name, {"seats_played": 0.0, "total_return": 0.0, "wins": 0.0})
            s["seats_played"] += 1
            s["total_return"] += rec["returns"][seat]
            s["wins"] += float(rec["returns"][seat] == best and best > 0)
    for s in out.values():
        s["mean_return"] = s["total_return"] / s["seats_played"] if s["seats_played"] else 0.0
    return out


def _chunks(seeds: list[int], size: int) -> list[list[int]]:
    return [seeds[i : i + size] for i in range(0, len(seeds), size)]


def _check_complete(seeds: list[int], records: list[dict[str, Any]]) -> None:
    got = [rec["seed"] for rec in records]
    if got != seeds:
        missing = sorted(set(seeds) - set(got))
        dup = sorted({s for s in got if got.count(s) > 1})
        raise RuntimeError(f"records do not match the seeds: missing {missing[:10]}, duplicated {dup[:10]}")


_POOL: dict[str, list[Any]] = {}


def _actors(ray: Any, num_workers: int, pooled: bool) -> list[Any]:
    """``num_workers`` worker actors (one CPU each), kept for later calls while the same Ray job runs."""
    actor_cls = ray.remote(num_cpus=1)(_Worker)
    if not pooled:
        return [actor_cls.remote() for _ in range(num_workers)]
    job = ray.get_runtime_context().get_job_id()
    for key in [k for k in _POOL if k != job]:
        del _POOL[key]
    pool = _POOL.setdefault(job, [])
    while len(pool) < num_workers:
        pool.append(actor_cls.remote())
    return pool[:num_workers]


def _run(
    game: _core.Game,
    policies: Mapping[str, PolicySpec] | Sequence[PolicySpec],
    seeds: Iterable[int],
    rotate: bool,
    address: str | None,
    num_workers: int | None,
    chunk_size: int | None,
    use_ray: bool,
    progress: ProgressSpec = None,
    label: str = "arena",
) -> ArenaResult:
    seed_list = [int(s) for s in seeds]
    if len(set(seed_list)) != len(seed_list):
        raise ValueError("the seeds must be distinct (one game per seed)")
    report = _reporter(progress, label)
    total = len(seed_list)
    if not use_ray:
        records = []
        for done, seed in enumerate(seed_list, start=1):
            records.extend(play_seeds(game, policies, [seed], rotate))
            if report is not None:
                report(done, total)
        return ArenaResult(records, {_worker_id(): seed_list}, _summary(records))

    import ray  # type: ignore[import-untyped,import-not-found,unused-ignore]

    started = False
    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, ignore_reinit_error=True)
        started = True
    try:
        if num_workers is None:
            num_workers = max(1, int(ray.cluster_resources().get("CPU", 1)))  # type: ignore[no-untyped-call,unused-ignore]
        num_workers = max(1, min(num_workers, len(seed_list) or 1))
        if chunk_size is None:
            chunk_size = max(1, -(-len(seed_list) // (num_workers * 4)))
        actors = _actors(ray, num_workers, pooled=not started)
        game_ref = ray.put(game)
        policies_ref = ray.put(policies)
        chunks = _chunks(seed_list, chunk_size)
        refs = [
            actors[i % num_workers].play.remote(game_ref, policies_ref, chunk, rotate) for i, chunk in enumerate(chunks)
        ]
        # Chunks are gathered as they finish (for the progress line), then put back in seed order.
        index = {ref: i for i, ref in enumerate(refs)}
        results: list[Any] = [None] * len(refs)
        pending, done = list(refs), 0
        if report is not None:
            report(0, total)
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                results[index[ref]] = ray.get(ref)
                done += len(chunks[index[ref]])
                if report is not None:
                    report(done, total)
    finally:
        if started:
            ray.shutdown()
    gathered: list[dict[str, Any]] = []
    workers: dict[str, list[int]] = {}
    for chunk, (worker, recs) in zip(chunks, results):
        gathered.extend(recs)
        workers.setdefault(worker, []).extend(chunk)
    _check_complete(seed_list, gathered)
    return ArenaResult(gathered, workers, _summary(gathered))


def run_arena(
    game: _core.Game | str,
    policies: Mapping[str, PolicySpec] | Sequence[PolicySpec],
    seeds: Iterable[int],
    *,
    rotate: bool = True,
    address: str | None = None,
    num_workers: int | None = None,
    chunk_size: int | None = None,
    use_ray: bool = True,
    progress: ProgressSpec = None,
) -> ArenaResult:
    """Plays the games of ``seeds`` between ``policies`` (named by a mapping, or a list), seats rotating.

    ``address=None`` uses the running Ray instance or starts a local one (shut down afterwards);
    ``address="auto"`` or ``"ray://host:port"`` joins a cluster. ``use_ray=False`` plays here.
    ``progress``: games done, rate and time left on stderr (True; default: when stderr is a
    terminal), or a callable ``(done, total)`` called as chunks of games come back.
    """
    if isinstance(game, str):
        game = salon.load_game(game)
    return _run(game, policies, seeds, rotate, address, num_workers, chunk_size, use_ray, progress, "arena")


def generate_selfplay(
    game: _core.Game | str,
    seeds: Iterable[int],
    *,
    policy: PolicySpec = "random",
    address: str | None = None,
    num_workers: int | None = None,
    chunk_size: int | None = None,
    use_ray: bool = True,
    progress: ProgressSpec = None,
) -> list[dict[str, Any]]:
    """Self-play records (``salon-record/1`` dicts, seed order): ``policy`` in every seat.
    ``progress`` as in :func:`run_arena`."""
    if isinstance(game, str):
        game = salon.load_game(game)
    name = policy if isinstance(policy, str) else getattr(policy, "__name__", "policy")
    specs = {name: policy}
    return _run(game, specs, seeds, False, address, num_workers, chunk_size, use_ray, progress, "selfplay").records


# ---------------------------------------------------------------------------------------------
# Distributed self-play data: the shards of salon.selfplay from many workers.


class UniformEvaluator:
    """Uniform logits and equal values: the default evaluator of the ``shards`` command (picklable)."""

    def __init__(self, num_players: int) -> None:
        self.num_players = num_players

    def __call__(self, obs: Any, mask: Any, players: Any = None) -> tuple[Any, Any]:
        import numpy as np

        n = len(mask)
        return np.zeros(mask.shape, np.float32), np.full((n, self.num_players), 1.0 / self.num_players, np.float32)


def selfplay_units(games: int, unit_games: int, first_game_id: int = 0) -> list[tuple[int, int]]:
    """The work units of :func:`generate_selfplay_shards`: ``(first_game_id, games)`` pairs."""
    if games < 1 or unit_games < 1:
        raise ValueError("games and unit_games must be at least 1")
    return [(g, min(unit_games, first_game_id + games - g)) for g in range(first_game_id, first_game_id + games, unit_games)]


def play_selfplay_unit(
    game: _core.Game, evaluator: Any, first_game_id: int, games: int, seed: int, options: Mapping[str, Any]
) -> Any:
    """One unit: ``salon.selfplay.self_play`` of ``games`` games from ``first_game_id``, seeded with
    ``derive_seed(seed, first_game_id)``; returns their :class:`salon.selfplay.Examples`."""
    from salon.selfplay import Examples, self_play

    parts = list(self_play(game, evaluator, games=games, first_game_id=first_game_id,
                           seed=derive_seed(seed, first_game_id), **options))
    return Examples.concatenate(parts)


def _play_unit_here(
    game: _core.Game, evaluator: Any, first_game_id: int, games: int, seed: int, options: Mapping[str, Any]
) -> tuple[str, Any]:
    return _worker_id(), play_selfplay_unit(game, evaluator, first_game_id, games, seed, options)


@dataclass
class ShardsResult:
    """The manifest written, and which worker played which units (by first game id)."""

    manifest: dict[str, Any]
    workers: dict[str, list[int]] = field(default_factory=dict)


def selfplay_examples(
    game: _core.Game,
    evaluator: Any,
    *,
    games: int,
    unit_games: int = 64,
    seed: int = 0,
    first_game_id: int = 0,
    address: str | None = None,
    num_workers: int | None = None,
    use_ray: bool = True,
    **options: Any,
) -> Iterator[tuple[str, Any]]:
    """The self-play of ``games`` games from ``first_game_id``, cut into units of ``unit_games``
    (:func:`selfplay_units`) played by Ray workers: yields ``(worker, Examples)`` per unit, in
    unit order. Each unit is one :func:`play_selfplay_unit`, a pure function of the unit, so the
    examples do not depend on the number of workers, and equal the units played here
    (``use_ray=False``). The evaluator goes to the workers by Ray's pickling (a
    :class:`salon.Network` pickles as its file). Where this call starts Ray it stops it at the
    end; within a Ray job already started the workers are kept for the next call (a learner
    sends its new network with each call)."""
    units = selfplay_units(games, unit_games, first_game_id)
    if not use_ray:
        for first, n in units:
            yield _play_unit_here(game, evaluator, first, n, seed, options)
        return

    import ray  # type: ignore[import-untyped,import-not-found,unused-ignore]

    started = False
    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, ignore_reinit_error=True)
        started = True
    try:
        if num_workers is None:
            num_workers = max(1, int(ray.cluster_resources().get("CPU", 1)))  # type: ignore[no-untyped-call,unused-ignore]
        num_workers = max(1, min(num_workers, len(units)))
        # The arena's actors (one CPU each, pooled while the same Ray job runs).
        actors = _actors(ray, num_workers, pooled=not started)
        shipped_options: Mapping[str, Any] = dict(options)
        game_ref, evaluator_ref, options_ref = ray.put(game), ray.put(evaluator), ray.put(shipped_options)

        def submit(k: int) -> Any:
            first, n = units[k]
            return actors[k % num_workers].play_selfplay_unit.remote(game_ref, evaluator_ref, first, n, seed, options_ref)

        # At most 2 units per worker in flight; results taken in unit order.
        window = 2 * num_workers
        pending = [submit(k) for k in range(min(window, len(units)))]
        for k in range(len(units)):
            done = ray.get(pending[k])
            pending[k] = None
            if k + window < len(units):
                pending.append(submit(k + window))
            yield done
    finally:
        if started:
            ray.shutdown()


def generate_selfplay_shards(
    game: _core.Game | str,
    evaluator: Any,
    directory: str,
    *,
    games: int,
    unit_games: int = 64,
    seed: int = 0,
    shard_size: int = 65536,
    address: str | None = None,
    num_workers: int | None = None,
    use_ray: bool = True,
    **options: Any,
) -> ShardsResult:
    """Self-play examples written by ``salon.selfplay.write_shards`` into ``directory``, the games
    played by Ray workers (:func:`selfplay_examples`: units of ``unit_games`` games, each its own
    :class:`salon.BatchedSearch` with ``unit_games`` games side by side), so the shards do not
    depend on the number of workers or on which worker plays which unit, and equal the same units
    played here (``use_ray=False``). The evaluator must be picklable (a class holding numpy
    parameters, a :class:`salon.Network`). ``options`` go to ``self_play`` (``simulations``,
    ``policy``, ``threads``, ``parallel``, ...). Units are written in order as they arrive.
    """
    from salon.selfplay import write_shards

    if isinstance(game, str):
        game = salon.load_game(game)
    units = selfplay_units(games, unit_games)
    settings: dict[str, Any] = {"games": games, "unit_games": unit_games, "seed": seed,
                                **{k: v for k, v in options.items() if isinstance(v, (int, float, str, bool))}}
    workers: dict[str, list[int]] = {}

    def gathered(results: Iterable[tuple[str, Any]]) -> Iterable[Any]:
        for (first, _), (worker, examples) in zip(units, results):
            workers.setdefault(worker, []).append(first)
            yield examples

    played = selfplay_examples(game, evaluator, games=games, unit_games=unit_games, seed=seed, address=address,
                               num_workers=num_workers, use_ray=use_ray, **options)
    manifest = write_shards(gathered(played), directory, shard_size=shard_size, game=game, settings=settings)
    return ShardsResult(manifest, workers)


def _parse_seeds(text: str) -> range:
    start, _, stop = text.partition(":")
    return range(int(start), int(stop)) if stop else range(int(start))


def _shards_main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m salon.adapters.ray_runner shards",
                                     description="Self-play shards (salon.selfplay format) from Ray workers.")
    parser.add_argument("--game", required=True, help='an engine name or spec, e.g. "azul_sintra(players=2)"')
    parser.add_argument("--evaluator", default=None,
                        help="module:factory, factory(game) -> picklable evaluator (default: uniform logits, equal values)")
    parser.add_argument("--pass-players", action="store_true",
                        help="call the evaluator as evaluator(obs, mask, players) (BatchedSearch(pass_players=True))")
    parser.add_argument("--games", type=int, default=256)
    parser.add_argument("--unit-games", type=int, default=64, help="games per work unit (searched side by side)")
    parser.add_argument("--simulations", type=int, default=32)
    parser.add_argument("--policy", choices=["gumbel", "puct"], default="gumbel")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--shard-size", type=int, default=65536)
    parser.add_argument("--address", default=None, help="Ray address (default: local instance; 'auto', 'ray://...')")
    parser.add_argument("--workers", type=int, default=None, help="units in flight at once / 2 (default: cluster CPUs)")
    parser.add_argument("--local", action="store_true", help="play here without Ray")
    parser.add_argument("--out", required=True, help="the shards' directory")
    args = parser.parse_args(argv)
    game = salon.load_game(args.game)
    if args.evaluator:
        module, _, attr = args.evaluator.partition(":")
        evaluator = getattr(importlib.import_module(module), attr)(game)
    else:
        evaluator = UniformEvaluator(game.num_players())
    result = generate_selfplay_shards(
        game, evaluator, args.out, games=args.games, unit_games=args.unit_games, seed=args.seed,
        shard_size=args.shard_size, address=args.address, num_workers=args.workers, use_ray=not args.local,
        simulations=args.simulations, policy=args.policy, pass_players=args.pass_players,
    )
    m = result.manifest
    print(json.dumps({"games": m["games"], "examples": m["examples"], "shards": len(m["shards"]),
                      "workers": len(result.workers)}))
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["shards"]:
        return _shards_main(argv[1:])
    parser = argparse.ArgumentParser(prog="python -m salon.adapters.ray_runner", description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["arena", "selfplay"])
    parser.add_argument("--game", required=True, help='an engine name or spec, e.g. "azul_sintra(players=3)"')
    parser.add_argument("--policy", action="append", default=[], help="NAME=SPEC or SPEC (a bot: random, greedy, mcts:200, net:200[@file.onnx]; or module:factory)")
    parser.add_argument("--seeds", default="0:100", help="START:STOP (or N for 0:N)")
    parser.add_argument("--no-rotate", action="store_true", help="arena: keep policies in fixed seats")
    parser.add_argument("--address", default=None, help="Ray address (default: local instance; 'auto', 'ray://...')")
    parser.add_argument("--workers", type=int, default=None, help="number of Ray actors (default: cluster CPUs)")
    parser.add_argument("--chunk-size", type=int, default=None)
    parser.add_argument("--local", action="store_true", help="play here without Ray")
    parser.add_argument("--out", default=None, help="write the records as JSON Lines")
    parser.add_argument("--quiet", action="store_true", help="no progress line on stderr")
    args = parser.parse_args(argv)
    game = salon.load_game(args.game)
    seeds = _parse_seeds(args.seeds)
    use_ray = not args.local
    if args.command == "arena":
        named: dict[str, PolicySpec] = {}
        for i, item in enumerate(args.policy or ["random"] * game.num_players()):
            name, eq, spec = item.partition("=")
            named[name if eq else f"{item}#{i}"] = spec if eq else item
        result = run_arena(
            game, named, seeds, rotate=not args.no_rotate, address=args.address, num_workers=args.workers,
            chunk_size=args.chunk_size, use_ray=use_ray, progress=not args.quiet,
        )
        records = result.records
        print(json.dumps({"games": len(records), "workers": len(result.workers), "summary": result.summary}, indent=2))
    else:
        spec = args.policy[0] if args.policy else "random"
        records = generate_selfplay(
            game, seeds, policy=spec, address=args.address, num_workers=args.workers, chunk_size=args.chunk_size,
            use_ray=use_ray, progress=not args.quiet,
        )
        print(json.dumps({"games": len(records), "plies": sum(len(r["actions"]) for r in records)}))
    if args.out:
        write_records(args.out, records)
    return 0


if __name__ == "__main__":
    sys.exit(main())
