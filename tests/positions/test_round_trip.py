"""A state rebuilt from its position behaves exactly as the original, now and later.

For random states of every configuration: `state_from_dict(s.to_dict())` gives the same
legal actions, action strings, observations (strings and tensors), scores and returns, the
same position, and the same future when both receive the same actions and chance outcomes.
"""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

import salon
from tests.positions.conftest import random_states


def assert_same_node(a: salon.State, b: salon.State) -> None:
    assert a.current_player() == b.current_player()
    assert a.is_terminal() == b.is_terminal()
    assert a.is_chance_node() == b.is_chance_node()
    assert a.legal_actions() == b.legal_actions()
    if a.is_chance_node():
        assert a.chance_outcomes() == b.chance_outcomes()
    for action in a.legal_actions():
        assert a.action_to_string(action) == b.action_to_string(action)
    assert a.scores() == b.scores()
    assert a.returns() == b.returns()
    assert str(a) == str(b)
    for p in range(a.num_players()):
        assert a.observation_string(p) == b.observation_string(p)
        assert np.array_equal(a.observation_tensor(p), b.observation_tensor(p))
        assert a.observation_dict(p) == b.observation_dict(p)
    assert a.to_dict() == b.to_dict()


def test_round_trip_behaves_the_same(game: salon.Game) -> None:
    rng = random.Random(5)
    for k, state in enumerate(random_states(game, games=2, every=9)):
        position = state.to_dict()
        json.dumps(position)  # plain data
        rebuilt = game.state_from_dict(position, seed=k)
        assert rebuilt.history() == []
        assert_same_node(state, rebuilt)
        # The same future under the same actions and chance outcomes.
        a, b = state.clone(), rebuilt
        for _ in range(15):
            if a.is_terminal():
                break
            action = rng.choice(a.legal_actions())
            a.apply_action(action)
            b.apply_action(action)
            assert_same_node(a, b)


def test_json_text_round_trip(default_game: salon.Game) -> None:
    for state in random_states(default_game, games=1, every=25):
        text = state.to_json()
        assert json.loads(text) == state.to_dict()
        assert default_game.state_from_json(text, seed=1).to_json() == text


def test_position_states_serialize_pickle_and_clone(default_game: salon.Game) -> None:
    import pickle

    states = random_states(default_game, games=1, every=30)
    state = default_game.state_from_dict(states[len(states) // 2].to_dict(), seed=3)
    for _ in range(5):
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions()[0])
    for copy in (default_game.deserialize_state(state.serialize()), pickle.loads(pickle.dumps(state)), state.clone()):
        assert copy == state
        assert copy.to_dict() == state.to_dict()
        assert copy.history() == state.history()
    state.pop()
    assert len(state.history()) >= 0


def test_random_chance_from_a_position_is_seeded(default_game: salon.Game) -> None:
    position = random_states(default_game, games=1, every=1000)[0].to_dict()
    a = default_game.state_from_dict(position, seed=11)
    b = default_game.state_from_dict(position, seed=11)
    a.play_random(seed=2)
    b.play_random(seed=2)
    assert a.history() == b.history()


def test_a_resample_of_a_state_from_a_position_serializes() -> None:
    game = salon.load_game("atelier_canvas")
    states = random_states(game, games=1, every=20)
    state = game.state_from_dict(states[len(states) // 2].to_dict(), seed=4)
    for _ in range(3):
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions()[0])
    resampled = state.resample_from_infostate(0, 9)
    if not resampled.is_terminal():
        resampled.apply_action(resampled.legal_actions()[-1])
    text = resampled.serialize()
    assert json.loads(text)["format"] == "salon-state/2"
    again = game.deserialize_state(text)
    assert again == resampled
    assert again.to_dict() == resampled.to_dict()
