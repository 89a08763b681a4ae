"""Self-play data: whole games played with :class:`salon.BatchedSearch`, as training examples.

>>> import numpy as np, salon
>>> from salon.selfplay import self_play
>>> game = salon.load_game("atelier_studio")
>>> def uniform(obs, mask):
...     return np.zeros(mask.shape, np.float32), np.zeros((len(mask), game.num_players()), np.float32)
>>> batch = next(self_play(game, uniform, games=2, simulations=4))
>>> batch.observations.shape[0] == batch.policies.shape[0] == len(batch.players)
True

Many games run side by side (``parallel``); at each move every unfinished game's state is
searched in one :meth:`BatchedSearch.run`, so the evaluator sees the leaves of all of them in
one call. Chance is drawn by each game's own seeded generator, so every game can be replayed
from its record (format ``salon-record/1``, see :mod:`salon.records`). Each example says which
game (``game_ids``, the record's ``game_id``) and which action of the record (``plies``: the
index in the record's ``actions``, chance outcomes included) it comes from.

:func:`write_shards` writes the examples as ``.npz`` shards with the records (JSON Lines) and a
manifest (``manifest.json``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from salon import _core
from salon.records import append_record, record_of
from salon._splitmix import SplitMix64

SELFPLAY_FORMAT = "salon-selfplay/1"

# evaluator(obs, mask), or evaluator(obs, mask, players) with pass_players=True among the options.
Evaluator = (
    Callable[[npt.NDArray[np.float32], npt.NDArray[np.bool_]], tuple[Any, Any]]
    | Callable[[npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.int32]], tuple[Any, Any]]
)


@dataclass
class Examples:
    """Training examples of finished games, one row per decision."""

    observations: npt.NDArray[np.float32]
    """``[N, *observation_shape]``: what the player to move saw."""
    masks: npt.NDArray[np.bool_]
    """``[N, num_distinct_actions]``: their legal actions."""
    policies: npt.NDArray[np.float32]
    """``[N, num_distinct_actions]``: the search's policy target."""
    players: npt.NDArray[np.int32]
    """``[N]``: the player to move."""
    returns: npt.NDArray[np.float32]
    """``[N, num_players]``: the final win shares of the example's game."""
    root_values: npt.NDArray[np.float32]
    """``[N, num_players]``: the search's value of the position for every seat (its
    ``SearchResult.root_values``), a lower-variance value target to mix with ``returns``."""
    game_ids: npt.NDArray[np.int64]
    plies: npt.NDArray[np.int32]
    """``[N]``: the index of the action taken in the record's ``actions``."""
    actions: npt.NDArray[np.int64]
    """``[N]``: the action played."""
    records: list[dict[str, Any]] = field(default_factory=list)
    """The ``salon-record/1`` records of the games, each with its ``game_id``."""

    def __len__(self) -> int:
        return int(self.players.shape[0])

    @staticmethod
    def concatenate(parts: list[Examples]) -> Examples:
        return Examples(
            observations=np.concatenate([p.observations for p in parts]),
            masks=np.concatenate([p.masks for p in parts]),
            policies=np.concatenate([p.policies for p in parts]),
            players=np.concatenate([p.players for p in parts]),
            returns=np.concatenate([p.returns for p in parts]),
            root_values=np.concatenate([p.root_values for p in parts]),
            game_ids=np.concatenate([p.game_ids for p in parts]),
            plies=np.concatenate([p.plies for p in parts]),
            actions=np.concatenate([p.actions for p in parts]),
            records=[r for p in parts for r in p.records],
        )


@dataclass
class _Game:
    game_id: int
    state: _core.State
    observations: list[npt.NDArray[np.float32]] = field(default_factory=list)
    masks: list[npt.NDArray[np.bool_]] = field(default_factory=list)
    policies: list[npt.NDArray[np.float32]] = field(default_factory=list)
    players: list[int] = field(default_factory=list)
    root_values: list[npt.NDArray[np.float32]] = field(default_factory=list)
    plies: list[int] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)


def _game_seed(seed: int, game_id: int) -> int:
    return SplitMix64(seed ^ (game_id * 0x9E3779B97F4A7C15)).next_u64()


def self_play(
    game: _core.Game,
    evaluator: Evaluator,
    *,
    games: int,
    parallel: int = 256,
    simulations: int = 32,
    policy: str = "gumbel",
    seed: int = 0,
    threads: int = 1,
    sample_moves: int = 0,
    first_game_id: int = 0,
    player_name: str | None = None,
    skip_forced: bool = False,
    **search_options: Any,
) -> Iterator[Examples]:
    """Plays ``games`` games, ``parallel`` at a time, and yields the examples of the games
    that end at each move (in the order they end).

    The move played is the search's choice, except for the first ``sample_moves`` decisions
    of each game, drawn from the policy target (exploration for PUCT, whose choice is the
    most visited action). With ``skip_forced`` a decision with one legal action is played
    without a search and gives no example (a fifth of atelier_studio's decisions at 3 players);
    the records still hold every action. ``search_options`` go to :class:`salon.BatchedSearch`
    (for example ``leaves_per_step``, ``dirichlet_fraction``, ``gumbel_scale``). Deterministic
    for a seed.
    """
    if games < 1 or parallel < 1:
        raise _core.InvalidParameterError("games and parallel must be at least 1")
    search = _core.BatchedSearch(
        game, evaluator, simulations=simulations, policy=policy, seed=seed, threads=threads, **search_options
    )
    name = player_name or f"{policy}:{simulations}"
    rng = np.random.default_rng(seed)
    num_players = game.num_players()
    active: list[_Game] = []
    next_id = first_game_id
    end_id = first_game_id + games
    while active or next_id < end_id:
        while len(active) < parallel and next_id < end_id:
            active.append(_Game(next_id, game.new_initial_state(seed=_game_seed(seed, next_id))))
            next_id += 1
        finished: list[_Game] = []
        for g in active:
            _advance_to_a_decision(g.state, skip_forced)
            if g.state.is_terminal():
                finished.append(g)
        if finished:
            active = [g for g in active if not g.state.is_terminal()]
            yield _examples(finished, name, num_players)
            continue
        result = search.run([g.state for g in active])
        for k, g in enumerate(active):
            s = g.state
            player = s.current_player()
            mask = np.zeros(game.num_distinct_actions(), np.bool_)
            mask[s.legal_actions()] = True
            target = result.policy[k]
            if len(g.players) < sample_moves:
                p = target.astype(np.float64)
                action = int(rng.choice(len(p), p=p / p.sum()))
            else:
                action = int(result.actions[k])
            g.observations.append(np.asarray(s.observation_tensor(player), np.float32))
            g.masks.append(mask)
            g.policies.append(target.copy())
            g.players.append(player)
            g.root_values.append(result.root_values[k].copy())
            g.plies.append(len(s.history()))
            g.actions.append(action)
            s.apply_action(action)


def _advance_to_a_decision(state: _core.State, skip_forced: bool) -> None:
    """Plays the chance outcomes (and with ``skip_forced`` the only legal actions) up to a
    decision worth a search or the end of the game."""
    while True:
        if state.is_chance_node():
            state.apply_random_chance()
            continue
        if skip_forced and not state.is_terminal():
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply_action(int(legal[0]))
                continue
        return


def _examples(finished: list[_Game], name: str, num_players: int) -> Examples:
    parts = []
    for g in finished:
        n = len(g.players)
        record = record_of(g.state, [name] * num_players)
        record["game_id"] = g.game_id
        returns = np.asarray(g.state.returns(), np.float32)
        obs_shape = g.state.game().observation_tensor_shape()
        parts.append(
            Examples(
                observations=np.asarray(g.observations, np.float32).reshape(n, *obs_shape),
                masks=np.asarray(g.masks, np.bool_).reshape(n, -1),
                policies=np.asarray(g.policies, np.float32).reshape(n, -1),
                players=np.asarray(g.players, np.int32),
                returns=np.tile(returns, (n, 1)),
                root_values=np.asarray(g.root_values, np.float32).reshape(n, num_players),
                game_ids=np.full(n, g.game_id, np.int64),
                plies=np.asarray(g.plies, np.int32),
                actions=np.asarray(g.actions, np.int64),
                records=[record],
            )
        )
    return Examples.concatenate(parts)


_ARRAYS = ("observations", "masks", "policies", "players", "returns", "root_values", "game_ids", "plies", "actions")


def write_shards(
    examples: Iterable[Examples],
    directory: str | Path,
    *,
    shard_size: int = 65536,
    game: _core.Game | None = None,
    settings: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Writes ``shard-00000.npz``... (at least ``shard_size`` examples each, whole games),
    ``records.jsonl`` (one record per game, with its ``game_id``) and ``manifest.json`` into
    ``directory``; returns the manifest. ``settings`` (the search settings, say) is copied
    into the manifest."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    shards: list[dict[str, Any]] = []
    pending: list[Examples] = []
    total_examples = total_games = 0
    game_name: str | None = None

    def flush() -> None:
        if not pending:
            return
        batch = Examples.concatenate(pending)
        pending.clear()
        path = out / f"shard-{len(shards):05d}.npz"
        np.savez(path, **{k: getattr(batch, k) for k in _ARRAYS})
        ids = batch.game_ids
        shards.append({"file": path.name, "examples": len(batch), "games": int(np.unique(ids).size),
                       "first_game_id": int(ids.min()), "last_game_id": int(ids.max())})

    with open(out / "records.jsonl", "w", encoding="utf-8") as records:
        for batch in examples:
            for r in batch.records:
                append_record(records, r)
                game_name = game_name or f"{r['game']}"
            total_examples += len(batch)
            total_games += len(batch.records)
            pending.append(batch)
            if sum(len(p) for p in pending) >= shard_size:
                flush()
        flush()
    manifest: dict[str, Any] = {
        "format": SELFPLAY_FORMAT,
        "game": game.name if game is not None else game_name,
        "params": game.get_parameters() if game is not None else None,
        "observation_shape": game.observation_tensor_shape() if game is not None else None,
        "num_distinct_actions": game.num_distinct_actions() if game is not None else None,
        "num_players": game.num_players() if game is not None else None,
        "examples": total_examples,
        "games": total_games,
        "arrays": list(_ARRAYS),
        "shards": shards,
        "records": "records.jsonl",
        "settings": settings or {},
        "salon": _core.__version__,
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return manifest


def generate(
    game: _core.Game, evaluator: Evaluator, directory: str | Path, *, games: int, shard_size: int = 65536,
    **options: Any,
) -> dict[str, Any]:
    """:func:`self_play` into :func:`write_shards`; returns the manifest."""
    settings = {"games": games, **{k: v for k, v in options.items() if isinstance(v, (int, float, str, bool))}}
    return write_shards(self_play(game, evaluator, games=games, **options), directory, shard_size=shard_size,
                        game=game, settings=settings)


def load_shards(directory: str | Path) -> Examples:
    """Every example of a directory written by :func:`write_shards`, with its records."""
    root = Path(directory)
    manifest = json.loads((root / "manifest.json").read_text(encoding="utf-8"))
    if manifest.get("format") != SELFPLAY_FORMAT:
        raise _core.SalonError(f"{root / 'manifest.json'} is not a {SELFPLAY_FORMAT} manifest")
    parts = []
    for shard in manifest["shards"]:
        with np.load(root / shard["file"]) as data:
            arrays = {k: data[k] for k in _ARRAYS if k in data.files}
        if "root_values" not in arrays:  # written before root values were kept: unknown
            arrays["root_values"] = np.full(arrays["returns"].shape, np.nan, np.float32)
        parts.append(Examples(**arrays))
    records = [json.loads(line) for line in (root / manifest["records"]).read_text(encoding="utf-8").splitlines() if line]
    if not parts:
        raise _core.SalonError(f"{root} holds no examples")
    out = Examples.concatenate(parts)
    out.records = records
    return out
