"""The shared conformance harness, through the Python API, for every game and configuration.

The same checks run natively in each game crate (salon_core::conformance); this file checks
that the bindings carry them faithfully.
"""

from __future__ import annotations

import copy
import math
import pickle

import numpy as np

import salon
from salon._splitmix import SplitMix64

GAMES_PER_CONFIG = 2


def _check_node(game: salon.Game, state: salon.State, ply: int) -> None:
    n = game.num_players()
    where = f"{game} seed {state.seed} ply {ply}"
    clone = state.clone()
    assert clone == state, where
    assert str(clone) == str(state), where
    assert clone.history() == state.history(), where
    for p in range(n):
        obs = state.observation_tensor(p)
        assert obs.dtype == np.float32, where
        assert list(obs.shape) == game.observation_tensor_shape(), where
        assert np.isfinite(obs).all(), where
        assert isinstance(state.observation_string(p), str)
        assert isinstance(state.information_state_string(p), str)
    legal = state.legal_actions()
    assert legal == sorted(set(legal)), f"{where}: legal actions not sorted and unique"
    mask = state.legal_actions_mask()
    assert mask.dtype == np.bool_
    assert list(np.flatnonzero(mask)) == legal, f"{where}: mask disagrees with legal_actions"
    if state.is_terminal():
        assert legal == []
        r = state.returns()
        assert math.isclose(sum(r), 1.0), f"{where}: returns {r}"
        assert all(0.0 <= x <= 1.0 for x in r)
        return
    assert all(x == 0.0 for x in state.returns()), f"{where}: returns before the end"
    strings = [state.action_to_string(a) for a in legal]
    assert len(set(strings)) == len(strings), f"{where}: action strings not unique"
    for a, s in zip(legal, strings):
        assert state.string_to_action(s) == a, f"{where}: {s!r} does not round-trip"
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == legal
        assert all(0.0 < p <= 1.0 for _, p in outcomes)
        assert math.isclose(sum(p for _, p in outcomes), 1.0)
        assert len(mask) == game.max_chance_outcomes()
    else:
        assert 0 <= state.current_player() < n
        assert len(mask) == game.num_distinct_actions()
        assert legal, f"{where}: no legal action"
    if ply < 4 or ply & (ply - 1) == 0:
        back = game.deserialize_state(state.serialize())
        assert back == state, f"{where}: serialize round trip"
        assert pickle.loads(pickle.dumps(state)) == state, f"{where}: pickle round trip"
        assert copy.deepcopy(state) == state and copy.copy(state) == state
        for p in range(n):
            resampled = state.resample_from_infostate(p, seed=ply + 17 * p)
            assert resampled.current_player() == state.current_player(), where
            assert resampled.information_state_string(p) == state.information_state_string(p), where
            assert np.array_equal(resampled.observation_tensor(p), state.observation_tensor(p)), where


def test_random_games_keep_the_contract(game: salon.Game) -> None:
    for seed in range(GAMES_PER_CONFIG):
        state = game.new_initial_state(seed=seed)
        rng = SplitMix64(seed)
        ply = 0
        while True:
            assert ply <= game.max_game_length()
            _check_node(game, state, ply)
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_random_chance()
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.below(len(legal))])
            ply += 1
        assert state.ply == ply == len(state.history())


def test_same_seed_same_game_and_different_seeds_differ(default_game: salon.Game) -> None:
    def play(seed: int) -> list[int]:
        s = default_game.new_initial_state(seed=seed)
        s.play_random(seed=seed)
        return s.history()

    assert play(5) == play(5)
    assert len({tuple(play(s)) for s in range(6, 10)}) > 1
