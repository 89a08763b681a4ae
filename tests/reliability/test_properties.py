"""Property tests (hypothesis) on the Python API, for every game and parameter set.

Games are driven by sequences of indices into ``legal_actions()`` (chance outcomes at chance
nodes), so every sequence hypothesis draws is a legal game prefix. Only what the API exposes
is checked (returns, scores, masks, history, serialization, observations); the conservation
invariants of each game are checked inside the engine by each crate's ``tests/conformance.rs``.

``SALON_HYPOTHESIS_SCALE`` multiplies the example counts (default 1: the whole file runs in
well under a minute on two cores).
"""

from __future__ import annotations

import copy
import os
import pickle
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import salon
from salon.testing.configurations import configurations

SCALE = float(os.environ.get("SALON_HYPOTHESIS_SCALE", "1"))
GAMES = salon.game_names()


def examples(n: int) -> int:
    return max(1, int(n * SCALE))


def props(n: int) -> Any:
    return settings(
        max_examples=examples(n),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        derandomize=os.environ.get("SALON_HYPOTHESIS_RANDOM") is None,
    )


_GAME_CACHE: dict[tuple[str, tuple[tuple[str, Any], ...]], salon.Game] = {}


def load(name: str, params: dict[str, Any]) -> salon.Game:
    key = (name, tuple(sorted(params.items())))
    if key not in _GAME_CACHE:
        _GAME_CACHE[key] = salon.load_game(name, **params)
    return _GAME_CACHE[key]


def games_of(name: str) -> st.SearchStrategy[salon.Game]:
    return st.sampled_from(configurations(name)).map(lambda p: load(name, p))


seeds = st.integers(min_value=0, max_value=2**64 - 1)
choices = st.lists(st.integers(min_value=0, max_value=2**16), min_size=0, max_size=300)


def check_node(state: salon.State) -> None:
    """What must hold at every node, as seen from Python."""
    game = state.game()
    n = game.num_players()
    assert len(state.history()) == state.ply
    scores = state.scores()
    assert len(scores) == n and all(type(s) is int for s in scores)
    returns = state.returns()
    assert len(returns) == n
    legal = state.legal_actions()
    assert legal == sorted(set(legal))
    mask = state.legal_actions_mask()
    assert mask.dtype == np.bool_
    assert list(np.flatnonzero(mask)) == legal
    if state.is_terminal():
        assert state.current_player() == salon.TERMINAL
        assert legal == []
        assert abs(sum(returns) - 1.0) < 1e-9
        assert all(0.0 <= r <= 1.0 for r in returns)
    else:
        assert returns == [0.0] * n
        assert legal, "no legal action before the end"
        if state.is_chance_node():
            assert state.current_player() == salon.CHANCE
            outcomes = state.chance_outcomes()
            assert [a for a, _ in outcomes] == legal
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            assert len(mask) == game.max_chance_outcomes()
        else:
            assert 0 <= state.current_player() < n
            assert len(mask) == game.num_distinct_actions()
    assert state.ply <= game.max_game_length()


def play(state: salon.State, picks: list[int], check: bool = True) -> salon.State:
    """Applies ``picks`` as indices into the legal actions, stopping at the end."""
    for k in picks:
        if state.is_terminal():
            break
        if check:
            check_node(state)
        legal = state.legal_actions()
        state.apply_action(legal[k % len(legal)])
    if check:
        check_node(state)
    return state


def play_to_end(state: salon.State, seed: int) -> salon.State:
    rng = np.random.default_rng(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
    return state


@pytest.mark.parametrize("name", GAMES)
@props(40)
@given(data=st.data(), seed=seeds, picks=choices)
def test_any_legal_sequence_keeps_the_contract(name: str, data: st.DataObject, seed: int, picks: list[int]) -> None:
    game = data.draw(games_of(name))
    state = game.new_initial_state(seed=seed)
    play(state, picks)
    if data.draw(st.booleans()):
        play_to_end(state, seed % 1000)
        check_node(state)


@pytest.mark.parametrize("name", GAMES)
@props(30)
@given(data=st.data(), seed=seeds, picks=choices, more=st.lists(st.integers(0, 2**16), max_size=40))
def test_serialize_pickle_copy_round_trips_anywhere(
    name: str, data: st.DataObject, seed: int, picks: list[int], more: list[int]
) -> None:
    game = data.draw(games_of(name))
    state = play(game.new_initial_state(seed=seed), picks, check=False)
    text = state.serialize()
    copies = {
        "deserialize": game.deserialize_state(text),
        "pickle": pickle.loads(pickle.dumps(state)),
        "copy": copy.copy(state),
        "deepcopy": copy.deepcopy(state),
        "clone": state.clone(),
    }
    for how, other in copies.items():
        assert other == state, how
        assert other.serialize() == text, how
        assert other.history() == state.history(), how
        assert other.seed == state.seed, how
        assert other.legal_actions() == state.legal_actions(), how
        assert other.game() == game, how
    # Copies are independent: playing on one leaves the others alone, and the same moves
    # (chance included, from the seed) give the same game.
    reference = play(state.clone(), more, check=False)
    for how, other in copies.items():
        play(other, more, check=False)
        assert other == reference, how
        assert other.serialize() == reference.serialize(), how
    assert state.serialize() == text
    # The pickled game rebuilds the same game.
    assert pickle.loads(pickle.dumps(game)) == game


@pytest.mark.parametrize("name", GAMES)
@props(30)
@given(data=st.data(), seed=seeds, picks=choices, rseed=seeds)
def test_resample_keeps_the_players_information(
    name: str, data: st.DataObject, seed: int, picks: list[int], rseed: int
) -> None:
    game = data.draw(games_of(name))
    state = play(game.new_initial_state(seed=seed), picks, check=False)
    player = data.draw(st.integers(0, game.num_players() - 1))
    before = state.serialize()
    resampled = state.resample_from_infostate(player, rseed)
    assert state.serialize() == before, "resampling changed the source state"
    assert resampled.current_player() == state.current_player()
    assert resampled.ply == state.ply
    assert resampled.information_state_string(player) == state.information_state_string(player)
    assert np.array_equal(resampled.observation_tensor(player), state.observation_tensor(player))
    assert resampled.observation_string(player) == state.observation_string(player)
    if game.perfect_information:
        assert resampled == state
    check_node(resampled)
    # The resampled state is a full game: it round-trips and plays on to a proper end.
    assert game.deserialize_state(resampled.serialize()) == resampled
    play_to_end(resampled, rseed % 1000)
    check_node(resampled)


@pytest.mark.parametrize("name", GAMES)
@props(20)
@given(data=st.data(), seed=st.integers(0, 2**32), picks=st.lists(st.integers(0, 2**16), min_size=1, max_size=120))
def test_batched_and_one_by_one_play_agree(name: str, data: st.DataObject, seed: int, picks: list[int]) -> None:
    game = data.draw(games_of(name))
    n = data.draw(st.integers(1, 4))
    threads = data.draw(st.sampled_from([1, 2]))
    env = salon.VectorEnv(game, n, seed=seed, auto_reset=False, threads=threads)
    obs, masks, players = env.reset()
    singles = [game.new_initial_state(seed=int(s)) for s in env.episode_seeds]
    for s in singles:
        while s.is_chance_node():
            s.apply_random_chance()
    for step, k in enumerate(picks):
        if all(s.is_terminal() for s in singles):
            break
        actions = np.zeros(n, dtype=np.int64)
        for i, s in enumerate(singles):
            assert players[i] == s.current_player(), (i, step)
            if s.is_terminal():
                continue
            legal = s.legal_actions()
            assert list(np.flatnonzero(masks[i])) == legal, (i, step)
            assert np.array_equal(obs[i], s.observation_tensor(s.current_player()).ravel()), (i, step)
            actions[i] = legal[(k + i) % len(legal)]
        obs, masks, players, rewards, terminated = env.step(actions)
        for i, s in enumerate(singles):
            if s.is_terminal():
                assert not terminated[i]
                continue
            s.apply_action(int(actions[i]))
            while s.is_chance_node():
                s.apply_random_chance()
            assert bool(terminated[i]) == s.is_terminal(), (i, step)
            expected = s.returns() if s.is_terminal() else [0.0] * game.num_players()
            assert np.allclose(rewards[i], expected), (i, step)


@pytest.mark.parametrize("name", GAMES)
@props(30)
@given(data=st.data(), seed=seeds, picks=choices, action=st.integers(-(2**70), 2**70))
def test_any_action_id_is_applied_or_rejected_cleanly(
    name: str, data: st.DataObject, seed: int, picks: list[int], action: int
) -> None:
    game = data.draw(games_of(name))
    state = play(game.new_initial_state(seed=seed), picks, check=False)
    if data.draw(st.booleans()):
        action = data.draw(st.integers(-1, max(game.num_distinct_actions(), game.max_chance_outcomes())))
    before = state.serialize()
    legal = state.legal_actions()
    if action in legal:
        state.apply_action(action)
        assert state.history()[-1] == action
        popped = state.pop()
        assert popped.action == action
        assert state.serialize() == before
    else:
        with pytest.raises(salon.IllegalActionError):
            state.apply_action(action)
        assert state.serialize() == before


@pytest.mark.parametrize("name", GAMES)
@props(20)
@given(data=st.data(), seed=seeds, picks=st.lists(st.integers(0, 2**16), min_size=1, max_size=200))
def test_pop_walks_back_through_every_node(name: str, data: st.DataObject, seed: int, picks: list[int]) -> None:
    game = data.draw(games_of(name))
    state = game.new_initial_state(seed=seed)
    texts = [state.serialize()]
    for k in picks:
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[k % len(legal)])
        texts.append(state.serialize())
    undo = data.draw(st.integers(0, len(texts) - 1))
    for _ in range(undo):
        state.pop()
    assert state.serialize() == texts[len(texts) - 1 - undo]
    check_node(state)
