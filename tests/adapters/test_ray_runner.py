"""Ray: the arena, the self-play generator and the self-play shards on a local Ray instance equal the
same seeds (units) played without Ray."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import ray

import salon
from salon.adapters.policies import derive_seed
from salon.adapters.ray_runner import (
    PolicySpec,
    generate_selfplay,
    generate_selfplay_shards,
    main,
    play_seeds,
    run_arena,
    seating,
    selfplay_units,
)
from salon.records import read_records, replay
from salon.selfplay import Examples, load_shards, self_play


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def test_arena_on_two_workers_equals_local_play(local_ray: None) -> None:
    def first_legal(seed: int) -> Callable[[salon.State], int]:
        # A factory local to the test: Ray pickles it by value for the workers.
        return lambda state: state.legal_actions()[0]

    game = salon.load_game("atelier_canvas", players=3)
    policies: dict[str, PolicySpec] = {"random": "random", "first": first_legal, "greedy": "greedy"}
    seeds = range(100, 124)
    result = run_arena(game, policies, seeds, num_workers=2, chunk_size=3)
    assert len(result.workers) >= 2, result.workers
    assert all(played for played in result.workers.values())
    assert sorted(s for played in result.workers.values() for s in played) == list(seeds)
    local = play_seeds(game, policies, seeds)
    assert result.records == local
    assert [r["seed"] for r in result.records] == list(seeds)
    for rec in result.records:
        replay(rec)
    assert {k: v["seats_played"] for k, v in result.summary.items()} == {"random": 24, "first": 24, "greedy": 24}


def test_selfplay_on_two_workers_equals_local_play(local_ray: None) -> None:
    game = salon.load_game("azul_sintra", players=2, side="B")
    seeds = list(range(7, 19))
    calls: list[tuple[int, int]] = []
    records = generate_selfplay(game, seeds, num_workers=2, chunk_size=2, progress=lambda d, t: calls.append((d, t)))
    # Progress as the chunks come back: from 0 to all 12 games, two more each time.
    assert calls[0] == (0, 12) and calls[-1] == (12, 12) and len(calls) == 7
    assert [d for d, _ in calls] == sorted(d for d, _ in calls) and all(t == 12 for _, t in calls)
    assert records == generate_selfplay(game, seeds, use_ray=False)
    assert [r["seed"] for r in records] == seeds
    assert all(r["players"] == ["random", "random"] for r in records)
    with pytest.raises(ValueError):
        generate_selfplay(game, [1, 1], use_ray=False)


def test_command_line_uses_the_running_instance(
    local_ray: None, tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    out = f"{tmp_path}/arena.jsonl"
    assert main(["arena", "--game", "colors_of_paris(players=2)", "--policy", "a=random", "--policy", "b=greedy",
                 "--seeds", "0:6", "--workers", "2", "--out", out]) == 0
    lines = capsys.readouterr().err.strip().splitlines()
    assert lines[0].startswith("arena [") and "0/6 games" in lines[0]
    assert "6/6 games" in lines[-1] and "games/s" in lines[-1] and lines[-1].endswith("done")
    records = [rec for _, rec in read_records(out)]
    game = salon.load_game("colors_of_paris", players=2)
    assert records == play_seeds(game, {"a": "random", "b": "greedy"}, range(6))


def test_local_progress_line_shows_rate_and_time_left() -> None:
    import io

    from salon.adapters.ray_runner import ProgressLine

    stream = io.StringIO()
    game = salon.load_game("azul_sintra")
    run_arena(game, ["random", "random"], range(20), use_ray=False, progress=ProgressLine("arena", stream))
    lines = stream.getvalue().splitlines()
    assert len(lines) == 11, "not a terminal: the first game, then one line per tenth"
    assert "1/20 games" in lines[0] and "4/20 games" in lines[2]
    assert "s left" in lines[0] and "s left" in lines[0] and "games/s" in lines[0]
    assert "20/20 games" in lines[-1] and lines[-1].endswith("done")


def test_seat_rotation() -> None:
    assert seating(0, 2, 2) == [0, 1] and seating(1, 2, 2) == [1, 0]
    assert seating(1, 2, 2, rotate=False) == [0, 1]
    assert sorted(seating(s, 3, 3)[0] for s in range(3)) == [0, 1, 2]


def test_ray_tasks_play_a_users_component_set(local_ray: None) -> None:
    """Issue 14, item 2: the user's component data reaches every worker (checked by hash)."""
    import json

    data = json.loads(salon.load_game("azul_sintra").components_json())
    data["broken_glass_track"] = [0, -2, -3, -5, -7, -9, -12, -15, -18]
    game = salon.load_game("azul_sintra", components=data)
    seeds = range(40, 46)
    result = run_arena(game, {"a": "greedy", "b": "random"}, seeds, num_workers=2, chunk_size=1)
    assert {r["components"]["hash"] for r in result.records} == {game.components["hash"]}
    assert result.records == play_seeds(game, {"a": "greedy", "b": "random"}, seeds)
    for rec in result.records:
        assert replay(rec, game=game).scores() == rec["scores"]


def shard_arrays(directory: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The arrays of every shard (concatenated) and the records of a salon.selfplay directory."""
    ex = load_shards(directory)
    arrays = {k: getattr(ex, k) for k in ("observations", "masks", "policies", "players", "returns", "root_values",
                                          "game_ids", "plies", "actions")}
    return arrays, ex.records


def test_selfplay_shards_on_two_workers_equal_local_units(local_ray: None, tmp_path: Path) -> None:
    class LinearEvaluator:
        """A picklable evaluator holding numpy parameters (einsum in float64: no BLAS threading
        in the sums, so the workers compute the same numbers as this process)."""

        def __init__(self, game: salon.Game) -> None:
            rng = np.random.default_rng(5)
            size = int(np.prod(game.observation_tensor_shape()))
            self.w = rng.standard_normal((size, game.num_distinct_actions())) * 0.1
            self.v = rng.standard_normal((size, game.num_players())) * 0.1

        def __call__(self, obs: Any, mask: Any) -> tuple[Any, Any]:
            x = np.asarray(obs, np.float64).reshape(len(obs), -1)
            v = np.exp(np.einsum("ni,ip->np", x, self.v, optimize=False))
            return np.einsum("ni,ia->na", x, self.w, optimize=False), v / v.sum(axis=1, keepdims=True)

    game = salon.load_game("atelier_studio")
    evaluator = LinearEvaluator(game)
    options: dict[str, Any] = {"simulations": 4, "policy": "gumbel"}
    remote = generate_selfplay_shards(game, evaluator, str(tmp_path / "ray"), games=7, unit_games=2, seed=11,
                                      shard_size=300, num_workers=2, **options)
    assert sorted(first for units in remote.workers.values() for first in units) == [0, 2, 4, 6]
    assert len(remote.workers) >= 2, remote.workers
    local = generate_selfplay_shards(game, evaluator, str(tmp_path / "local"), games=7, unit_games=2, seed=11,
                                     shard_size=300, use_ray=False, **options)
    assert remote.manifest["games"] == 7 and len(remote.manifest["shards"]) > 1
    assert remote.manifest == local.manifest
    for shard in remote.manifest["shards"]:
        assert (tmp_path / "ray" / shard["file"]).read_bytes() == (tmp_path / "local" / shard["file"]).read_bytes()
    assert (tmp_path / "ray" / "records.jsonl").read_text() == (tmp_path / "local" / "records.jsonl").read_text()

    # Each unit is salon.selfplay.self_play of its games with the seed derive_seed(seed, first game id).
    parts = [Examples.concatenate(list(self_play(game, evaluator, games=n, first_game_id=first,
                                                  seed=derive_seed(11, first), **options)))
             for first, n in [(0, 2), (2, 2), (4, 2), (6, 1)]]
    expected = Examples.concatenate(parts)
    arrays, records = shard_arrays(str(tmp_path / "ray"))
    for key, value in arrays.items():
        np.testing.assert_array_equal(value, getattr(expected, key), err_msg=key)
    assert records == expected.records
    assert sorted(r["game_id"] for r in records) == list(range(7))  # in the order the games ended
    for record in records:
        assert replay(record).is_terminal()


def test_selfplay_shards_command(local_ray: None, tmp_path: Path) -> None:
    out = tmp_path / "shards"
    assert main(["shards", "--game", "azul_sintra", "--games", "3", "--unit-games", "2", "--simulations", "2",
                 "--workers", "2", "--out", str(out)]) == 0
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["games"] == 3 and manifest["settings"]["unit_games"] == 2
    ex = load_shards(out)
    assert sorted(set(ex.game_ids.tolist())) == [0, 1, 2]
    with pytest.raises(ValueError):
        selfplay_units(0, 2)
    assert selfplay_units(5, 2, first_game_id=10) == [(10, 2), (12, 2), (14, 1)]
