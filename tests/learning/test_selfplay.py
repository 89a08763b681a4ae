"""salon.selfplay: whole games with the batched search, as examples that trace back to
replayable records."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import salon
from salon.records import replay
from salon.selfplay import Examples, generate, load_shards, self_play


def uniform(game: salon.Game) -> Any:
    players = game.num_players()

    def evaluate(obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> Any:
        return np.zeros(mask.shape, np.float32), np.full((mask.shape[0], players), 0.5, np.float32)

    return evaluate


def play(game: salon.Game, **kw: Any) -> Examples:
    return Examples.concatenate(list(self_play(game, uniform(game), **kw)))


def test_examples_trace_back_to_their_records(default_game: salon.Game) -> None:
    ex = play(default_game, games=3, parallel=2, simulations=4, seed=5, sample_moves=3)
    assert sorted(r["game_id"] for r in ex.records) == [0, 1, 2]
    n, a = len(ex), default_game.num_distinct_actions()
    assert ex.masks.shape == (n, a) and ex.policies.shape == (n, a)
    assert ex.observations.shape == (n, *default_game.observation_tensor_shape())
    np.testing.assert_allclose(ex.policies.sum(axis=1), 1.0, rtol=1e-5)
    assert not (ex.policies[~ex.masks] > 0).any()
    for record in ex.records:
        final = replay(record)
        assert final.is_terminal()
        rows = np.flatnonzero(ex.game_ids == record["game_id"])
        # The game's final win shares on each of its examples.
        np.testing.assert_allclose(ex.returns[rows], np.tile(final.returns(), (len(rows), 1)), rtol=1e-6)
        # Replaying the record's actions up to each example's ply gives back its observation,
        # its mask, its player, and the action it says was played.
        state = salon.load_game(record["game"], **record["params"]).new_initial_state(seed=record["seed"])
        by_ply = {int(ex.plies[i]): i for i in rows}
        for ply, (action, _text) in enumerate(record["actions"]):
            if ply in by_ply:
                i = by_ply[ply]
                assert state.current_player() == ex.players[i]
                np.testing.assert_array_equal(
                    np.asarray(state.observation_tensor(int(ex.players[i])), np.float32).ravel(),
                    ex.observations[i].ravel())
                assert sorted(np.flatnonzero(ex.masks[i]).tolist()) == sorted(state.legal_actions())
                assert action == ex.actions[i]
            else:
                assert state.is_chance_node()
            state.apply_action(action)
        # One example per decision: every other action of the record is a chance outcome.
        assert len(by_ply) == len(rows)


def test_same_seed_same_games() -> None:
    game = salon.load_game("colors_of_paris")
    a = play(game, games=2, simulations=4, seed=9)
    b = play(game, games=2, simulations=4, seed=9)
    c = play(game, games=2, simulations=4, seed=10)
    assert [r["actions"] for r in a.records] == [r["actions"] for r in b.records]
    np.testing.assert_array_equal(a.policies, b.policies)
    assert [r["actions"] for r in a.records] != [r["actions"] for r in c.records]


def test_skip_forced_plays_single_legal_actions_without_an_example() -> None:
    game = salon.load_game("atelier_studio", players=3)
    every = play(game, games=2, parallel=2, simulations=4, seed=3)
    skipped = play(game, games=2, parallel=2, simulations=4, seed=3, skip_forced=True)
    assert (every.masks.sum(axis=1) == 1).any()  # atelier_studio has forced decisions
    assert (skipped.masks.sum(axis=1) >= 2).all()
    for record in skipped.records:
        final = replay(record)
        assert final.is_terminal()
        # Every decision of the record is an example, a forced action or a chance outcome.
        state = game.new_initial_state(seed=record["seed"])
        plies = set(skipped.plies[skipped.game_ids == record["game_id"]].tolist())
        forced = 0
        for ply, (action, _text) in enumerate(record["actions"]):
            if not state.is_chance_node() and ply not in plies:
                assert state.legal_actions() == [action]
                forced += 1
            state.apply_action(action)
        assert forced > 0


def test_shards_manifest_and_records_on_disk(tmp_path: Path) -> None:
    game = salon.load_game("atelier_studio")
    manifest = generate(game, uniform(game), tmp_path, games=3, parallel=3, simulations=2, shard_size=50, seed=1)
    on_disk = json.loads((tmp_path / "manifest.json").read_text())
    assert on_disk == manifest
    assert manifest["format"] == "salon-selfplay/1" and manifest["games"] == 3
    assert sum(s["examples"] for s in manifest["shards"]) == manifest["examples"]
    assert len(manifest["shards"]) >= 2
    loaded = load_shards(tmp_path)
    assert len(loaded) == manifest["examples"]
    assert sorted(r["game_id"] for r in loaded.records) == [0, 1, 2]
    for r in loaded.records:
        assert replay(r).is_terminal()
    assert manifest["settings"]["simulations"] == 2


def test_bad_arguments() -> None:
    game = salon.load_game("atelier_studio")
    with pytest.raises(salon.InvalidParameterError):
        next(self_play(game, uniform(game), games=0))
    with pytest.raises(salon.InvalidParameterError):
        next(self_play(game, uniform(game), games=1, simulations=0))


def test_root_values_are_the_searchs_value_of_each_decision() -> None:
    game = salon.load_game("azul_sintra")
    ex = play(game, games=1, parallel=1, simulations=8, seed=3)
    assert ex.root_values.shape == (len(ex), game.num_players())
    assert np.isfinite(ex.root_values).all()
    # The first decision's root value is what one search of the same seed on the same first
    # decision state says.
    record = ex.records[0]
    state = game.new_initial_state(seed=record["seed"])
    for action, _text in record["actions"][: int(ex.plies[0])]:
        state.apply_action(action)
    search = salon.BatchedSearch(game, uniform(game), simulations=8, seed=3)
    np.testing.assert_array_equal(search.run([state]).root_values[0], ex.root_values[0])


def test_shards_written_before_root_values_still_load(tmp_path: Path) -> None:
    game = salon.load_game("atelier_studio")
    generate(game, uniform(game), tmp_path, games=2, parallel=2, simulations=2, seed=1)
    for shard in tmp_path.glob("shard-*.npz"):
        with np.load(shard) as data:
            kept = {k: data[k] for k in data.files if k != "root_values"}
        np.savez(shard, **kept)
    loaded = load_shards(tmp_path)
    assert loaded.root_values.shape == loaded.returns.shape and np.isnan(loaded.root_values).all()
