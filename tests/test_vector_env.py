"""The batched environment: the same games as one-by-one play, and typed errors."""

from __future__ import annotations

import numpy as np
import pytest

import salon


def _advance_chance(state: salon.State) -> None:
    while state.is_chance_node():
        state.apply_random_chance()


@pytest.mark.parametrize("threads", [1, 2])
def test_batched_games_equal_one_by_one_play(game: salon.Game, threads: int) -> None:
    n = 5
    env = salon.VectorEnv(game, n, seed=17, auto_reset=False, threads=threads)
    obs, masks, players = env.reset()
    singles = [game.new_initial_state(seed=int(s)) for s in env.episode_seeds]
    for s in singles:
        _advance_chance(s)
    step = 0
    while not all(s.is_terminal() for s in singles):
        for i, s in enumerate(singles):
            assert players[i] == s.current_player(), f"game {i} step {step}"
            if not s.is_terminal():
                assert np.array_equal(obs[i], s.observation_tensor(s.current_player()).ravel())
                assert list(np.flatnonzero(masks[i])) == s.legal_actions()
        actions = env.random_actions(step)
        obs, masks, players, rewards, terminated = env.step(actions)
        for i, s in enumerate(singles):
            if s.is_terminal():
                assert not terminated[i]
                continue
            s.apply_action(int(actions[i]))
            _advance_chance(s)
            assert terminated[i] == s.is_terminal()
            expected = s.returns() if s.is_terminal() else [0.0] * game.num_players()
            assert np.allclose(rewards[i], expected)
        step += 1
        assert step <= game.max_game_length()


def test_threads_split_large_batches_without_changing_them(game: salon.Game) -> None:
    """Batches below 256 games stay on the calling thread; this one is split across threads
    and must give exactly what one thread gives (itself equal to one-by-one play, above)."""
    n = 300
    one = salon.VectorEnv(game, n, seed=29, auto_reset=True, threads=1)
    three = salon.VectorEnv(game, n, seed=29, auto_reset=True, threads=3)
    for a, b in zip(one.reset(), three.reset()):
        assert np.array_equal(a, b)
    finished = 0
    for step in range(game.max_game_length()):
        actions = one.random_actions(step)
        assert np.array_equal(actions, three.random_actions(step))
        outputs = one.step(actions)
        for a, b in zip(outputs, three.step(actions)):
            assert np.array_equal(a, b), f"step {step}"
        assert np.array_equal(one.episode_seeds, three.episode_seeds)
        finished += int(outputs[4].sum())
        if finished >= 20:
            break
    assert finished >= 20, "the comparison should cover auto-resets"


def test_actions_in_any_integer_form_step_alike(default_game: salon.Game) -> None:
    """An int64 array is read in place; lists, other integer dtypes and strided views are
    converted, with the same result."""
    forms = {
        "int64": lambda a: a,
        "list": lambda a: [int(x) for x in a],
        "int32": lambda a: a.astype(np.int32),
        "strided": lambda a: np.repeat(a, 2)[::2],
    }
    envs = {name: salon.VectorEnv(default_game, 6, seed=3) for name in forms}
    for env in envs.values():
        env.reset()
    for step in range(30):
        actions = envs["int64"].random_actions(step)
        assert not forms["strided"](actions).flags.c_contiguous
        outputs = {name: [o.copy() for o in envs[name].step(form(actions))] for name, form in forms.items()}
        for name in forms:
            for a, b in zip(outputs[name], outputs["int64"]):
                assert np.array_equal(a, b), f"{name} at step {step}"


def test_auto_reset_records_episode_seeds(default_game: salon.Game) -> None:
    env = salon.VectorEnv(default_game, 3, seed=5, auto_reset=True)
    env.reset()
    first = env.episode_seeds.copy()
    finished = 0
    for k in range(20 * default_game.max_game_length()):
        _, _, players, _, terminated = env.step(env.random_actions(k))
        finished += int(terminated.sum())
        assert (players >= 0).all()
        if finished >= 3:
            break
    assert finished >= 3
    assert not np.array_equal(env.episode_seeds, first)


def test_illegal_batch_action_names_the_game_and_changes_nothing(default_game: salon.Game) -> None:
    env = salon.VectorEnv(default_game, 4, seed=1)
    obs, masks, _ = env.reset()
    before = obs.copy()
    actions = env.random_actions(0)
    illegal = int(np.flatnonzero(~masks[2])[0])
    actions[2] = illegal
    with pytest.raises(salon.IllegalActionError, match="game 2"):
        env.step(actions)
    with pytest.raises(salon.SalonError):
        env.step(actions[:3])
    with pytest.raises(salon.IllegalActionError):
        env.step(["x"] * 4)
    # Nothing was applied: the same legal actions give what a fresh batch of the same seed gives.
    twin = salon.VectorEnv(default_game, 4, seed=1)
    twin_obs, _, _ = twin.reset()
    assert np.array_equal(twin_obs, before)
    legal = env.random_actions(1)
    for a, b in zip(env.step(legal), twin.step(legal)):
        assert np.array_equal(a, b)
    with pytest.raises(salon.InvalidParameterError):
        salon.VectorEnv(default_game, 0)
    with pytest.raises(salon.InvalidParameterError):
        salon.VectorEnv(default_game, 2, threads=0)
