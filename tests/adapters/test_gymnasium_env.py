"""Gymnasium: the single-agent environment passes check_env everywhere; the vector env is the batched core."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from gymnasium.vector.vector_env import AutoresetMode

import salon
from salon.adapters.gymnasium_env import SalonGymEnv, SalonVectorEnv, register_gymnasium_envs
from salon.adapters.policies import UniformRandomPolicy

# Observation tensors hold raw counts and scores (some negative): the Box is unbounded on purpose.
pytestmark = pytest.mark.filterwarnings(
    "ignore:.*Box observation space (minimum|maximum) value is:UserWarning",
    "ignore:.*Not able to test alternative render modes:UserWarning",
)


def test_check_env_every_configuration(game: salon.Game) -> None:
    n = game.num_players()
    check_env(SalonGymEnv(game, learner=n - 1, render_mode="ansi"))
    check_env(SalonGymEnv(game, dict_observation=True, illegal_action="random", seed=3), skip_render_check=True)


def test_check_env_through_gymnasium_make(default_game: salon.Game) -> None:
    ids = register_gymnasium_envs()
    env_id = f"salon/{default_game.name}-v0"
    assert env_id in ids
    env = gymnasium.make(env_id, render_mode="svg", players=default_game.num_players())
    check_env(env.unwrapped)
    env.close()


def _play_masked(env: SalonGymEnv, seed: int, pick: int = 0) -> tuple[float, dict[str, Any], int]:
    obs, info = env.reset(seed=seed)
    steps = 0
    while True:
        mask = info["action_mask"]
        assert mask.dtype == np.int8 and mask.any()
        assert env.state is not None and env.state.current_player() == env.learner
        legal = np.flatnonzero(mask)
        obs, reward, terminated, truncated, info = env.step(int(legal[(pick + steps) % len(legal)]))
        assert env.observation_space.contains(obs)
        assert not truncated and not info["illegal_action"]
        steps += 1
        if terminated:
            return reward, info, steps
        assert reward == 0.0


def test_full_episode_reward_is_win_share(default_game: salon.Game) -> None:
    for learner in range(default_game.num_players()):
        env = SalonGymEnv(default_game, learner=learner)
        reward, info, _ = _play_masked(env, seed=learner)
        assert env.state is not None and env.state.is_terminal()
        assert reward == pytest.approx(env.state.returns()[learner])
        assert info["returns"] == env.state.returns()
        assert not info["action_mask"].any()


def test_seeded_episodes_replay_exactly(default_game: salon.Game) -> None:
    a = SalonGymEnv(default_game, learner=1)
    b = SalonGymEnv(default_game, learner=1)
    ra = _play_masked(a, seed=7, pick=1)
    rb = _play_masked(b, seed=7, pick=1)
    assert a.state == b.state and ra[0] == rb[0]
    _play_masked(b, seed=8, pick=1)
    assert a.state != b.state


def test_illegal_action_policies() -> None:
    game = salon.load_game("atelier_studio")
    env = SalonGymEnv(game)
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    assert env.state is not None
    before = env.state.clone()
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert env.state == before
    with pytest.raises(salon.WrongNodeError):
        env.step(illegal)

    env = SalonGymEnv(game, illegal_action="penalty", illegal_action_penalty=-5.0)
    env.reset(seed=0)
    assert env.step(illegal)[1] == -5.0

    env = SalonGymEnv(game, illegal_action="random")
    env.reset(seed=0)
    _, reward, terminated, _, info = env.step(illegal)
    assert info["illegal_action"] and not terminated and reward == 0.0
    assert env.state is not None and env.state.ply > before.ply

    env = SalonGymEnv(game, illegal_action="raise")
    env.reset(seed=0)
    with pytest.raises(salon.IllegalActionError):
        env.step(illegal)
    with pytest.raises(ValueError):
        SalonGymEnv(game, illegal_action="ignore")


def test_opponents_callable_step_object_and_per_seat() -> None:
    game = salon.load_game("azul_sintra", players=3)
    calls: list[int] = []

    def first_legal(state: salon.State) -> int:
        calls.append(state.current_player())
        return state.legal_actions()[0]

    class StepBot:
        def __init__(self) -> None:
            self.seen = 0

        def step(self, state: salon.State) -> int:
            self.seen += 1
            return state.legal_actions()[-1]

    bot = StepBot()
    env = SalonGymEnv(game, learner=1, opponents={0: first_legal, 2: bot})
    _play_masked(env, seed=2)
    assert set(calls) == {0} and bot.seen > 0
    env = SalonGymEnv(game, learner=0, opponents=[UniformRandomPolicy(1), first_legal])
    _play_masked(env, seed=2)
    with pytest.raises(ValueError):
        SalonGymEnv(game, opponents=[first_legal])
    with pytest.raises(salon.InvalidPlayerError):
        SalonGymEnv(game, learner=3)


def test_native_bot_as_opponent() -> None:
    bot_cls = getattr(salon, "Bot", None)
    assert bot_cls is not None, "salon.Bot (native bots) is exposed by the bindings"
    env = SalonGymEnv("colors_of_paris", opponents=bot_cls("greedy", seed=1))
    reward, _, steps = _play_masked(env, seed=4)
    assert steps > 0 and 0.0 <= reward <= 1.0


# -- vector environment ---------------------------------------------------------------------------


def test_vector_env_spaces_and_autoreset_mode(default_game: salon.Game) -> None:
    venv = SalonVectorEnv(default_game, 4, seed=5)
    assert venv.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    obs, info = venv.reset()
    assert obs.shape == (4, default_game.observation_tensor_size()) and obs.dtype == np.float32
    assert venv.observation_space.contains(obs)
    assert info["action_mask"].shape == (4, default_game.num_distinct_actions())
    assert isinstance(venv.action_space, gymnasium.spaces.MultiDiscrete)
    assert venv.single_action_space == gymnasium.spaces.Discrete(default_game.num_distinct_actions())


def test_vector_env_equals_one_by_one_play(default_game: salon.Game) -> None:
    n = 3
    venv = SalonVectorEnv(default_game, n, seed=9, threads=2)
    obs, info = venv.reset()
    singles = [default_game.new_initial_state(seed=int(s)) for s in info["episode_seed"]]
    for s in singles:
        while s.is_chance_node():
            s.apply_random_chance()
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(400):
        for i, s in enumerate(singles):
            assert info["player"][i] == s.current_player()
            assert np.array_equal(obs[i], s.observation_tensor(s.current_player()).ravel())
            assert list(np.flatnonzero(info["action_mask"][i])) == s.legal_actions()
        actions = np.array([rng.choice(s.legal_actions()) for s in singles])
        obs, rewards, terminated, truncated, info = venv.step(actions)
        assert not truncated.any()
        for i, s in enumerate(singles):
            mover = s.current_player()
            assert info["acting_player"][i] == mover
            s.apply_action(int(actions[i]))
            while s.is_chance_node():
                s.apply_random_chance()
            assert terminated[i] == s.is_terminal()
            if s.is_terminal():
                assert rewards[i] == pytest.approx(s.returns()[mover])
                assert np.allclose(info["returns"][i], s.returns())
                finished += 1
                singles[i] = default_game.new_initial_state(seed=int(info["episode_seed"][i]))
                while singles[i].is_chance_node():
                    singles[i].apply_random_chance()
            else:
                assert rewards[i] == 0.0
    assert all(not s.is_terminal() for s in singles)


def test_vector_env_seeding_copies_and_illegal_actions() -> None:
    game = salon.load_game("atelier_canvas", players=3)
    a = SalonVectorEnv(game, 4)
    b = SalonVectorEnv(game, 4)
    oa, ia = a.reset(seed=42)
    ob, ib = b.reset(seed=42)
    assert np.array_equal(oa, ob) and np.array_equal(ia["episode_seed"], ib["episode_seed"])
    assert not np.array_equal(ia["episode_seed"], a.reset(seed=43)[1]["episode_seed"])
    first, _ = a.reset(seed=1)
    kept = first.copy()
    a.step(a._core.random_actions(0))
    assert np.array_equal(first, kept), "returned arrays are copies by default"

    masks = a.reset(seed=1)[1]["action_mask"]
    bad = np.array([int(np.flatnonzero(~m)[0]) for m in masks])
    with pytest.raises(salon.IllegalActionError):
        a.step(bad)
    r = SalonVectorEnv(game, 4, illegal_action="random")
    masks = r.reset(seed=1)[1]["action_mask"]
    bad[1] = int(np.flatnonzero(masks[1])[0])
    _, _, _, _, info = r.step(bad)
    assert list(info["illegal_action"]) == [True, False, True, True]
