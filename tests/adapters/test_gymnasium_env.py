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


def test_make_and_make_vec_in_a_fresh_interpreter() -> None:
    """No manual registration: the ``salon:`` prefix of the id makes Gymnasium import salon,
    which registers every game (Gymnasium 1.x has no plugin discovery)."""
    import subprocess
    import sys

    code = (
        "import gymnasium as gym\n"
        "env = gym.make('salon:salon/atelier_canvas-v0', players=3, learner=2)\n"
        "obs, info = env.reset(seed=0)\n"
        "assert env.unwrapped.game.num_players() == 3 and info['action_mask'].any()\n"
        "venv = gym.make_vec('salon/azul_sintra-v0', num_envs=4, vectorization_mode='vector_entry_point')\n"
        "assert type(venv).__name__ == 'SalonVectorEnv' and venv.reset(seed=1)[0].shape[0] == 4\n"
        "sync = gym.make_vec('salon/colors_of_paris-v0', num_envs=2, vectorization_mode='sync')\n"
        "assert sync.reset(seed=1)[0].shape[0] == 2\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr


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


@pytest.mark.parametrize("kind", ["greedy", "mcts"])
def test_native_bot_opponents_replay_and_pass_check_env(default_game: salon.Game, kind: str) -> None:
    def make() -> SalonGymEnv:
        bot = salon.Bot(kind, simulations=16, seed=0) if kind == "mcts" else salon.Bot(kind, seed=0)
        return SalonGymEnv(default_game, learner=1, opponents=bot)

    check_env(make(), skip_render_check=True)
    env = make()
    first = _play_masked(env, seed=11, pick=2)
    history = env.state.history() if env.state is not None else None
    _play_masked(env, seed=12, pick=2)   # the bot's generator moves on...
    again = _play_masked(env, seed=11, pick=2)   # ...and reset(seed=11) restarts it
    assert env.state is not None and env.state.history() == history
    assert (again[0], again[2]) == (first[0], first[2])
    other = make()
    _play_masked(other, seed=11, pick=2)
    assert other.state == env.state


def test_bot_reseed_restarts_its_generator() -> None:
    state = salon.load_game("atelier_canvas", players=3).new_initial_state(seed=3)
    while state.is_chance_node():
        state.apply_random_chance()

    def moves(bot: salon.Bot) -> list[int]:
        return [bot.step(state) for _ in range(12)]

    fresh = moves(salon.Bot("random", seed=99))
    bot = salon.Bot("random", seed=1)
    moves(bot)
    bot.reseed(99)
    assert bot.seed == 99 and moves(bot) == fresh
    bot.seed = 99          # the property is settable too
    assert moves(bot) == fresh
    with pytest.raises(salon.InvalidParameterError):
        bot.reseed(-1)
    with pytest.raises(salon.InvalidParameterError):
        bot.seed = "x"  # type: ignore[assignment]
    assert bot.seed == 99


# -- vector environment ---------------------------------------------------------------------------


def test_vector_env_spaces_and_autoreset_mode(default_game: salon.Game) -> None:
    venv = SalonVectorEnv(default_game, 4, seed=5)
    assert venv.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP, "Gymnasium's default"
    assert SalonVectorEnv(default_game, 2, autoreset_mode="same_step").metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    assert SalonVectorEnv(default_game, 2, autoreset_mode=AutoresetMode.DISABLED).autoreset_mode == AutoresetMode.DISABLED
    with pytest.raises(ValueError, match="autoreset_mode"):
        SalonVectorEnv(default_game, 2, autoreset_mode="sometimes")
    obs, info = venv.reset()
    assert obs.shape == (4, default_game.observation_tensor_size()) and obs.dtype == np.float32
    assert venv.observation_space.contains(obs)
    assert info["action_mask"].shape == (4, default_game.num_distinct_actions())
    assert isinstance(venv.action_space, gymnasium.spaces.MultiDiscrete)
    assert venv.single_action_space == gymnasium.spaces.Discrete(default_game.num_distinct_actions())


def _fresh(game: salon.Game, seed: int) -> salon.State:
    state = game.new_initial_state(seed=seed)
    while state.is_chance_node():
        state.apply_random_chance()
    return state


@pytest.mark.parametrize("mode", ["next_step", "same_step", "disabled"])
def test_vector_env_equals_one_by_one_play(default_game: salon.Game, mode: str) -> None:
    """Every autoreset mode against the same games played one state at a time: observations
    (the final one included), masks, players, exact returns, and when each game restarts."""
    n = 3
    venv = SalonVectorEnv(default_game, n, seed=9, threads=2, autoreset_mode=mode)
    obs, info = venv.reset()
    singles = [_fresh(default_game, int(s)) for s in info["episode_seed"]]
    rng = np.random.default_rng(0)
    finished = 0
    waiting = np.zeros(n, dtype=bool)   # NEXT_STEP: games that ended on the previous step
    for _ in range(3000):
        if finished >= n + 1:
            break
        for i, s in enumerate(singles):
            if waiting[i]:
                continue
            assert info["player"][i] == s.current_player()
            assert np.array_equal(obs[i], s.observation_tensor(s.current_player()).ravel())
            assert list(np.flatnonzero(info["action_mask"][i])) == s.legal_actions()
        actions = np.array([0 if waiting[i] else rng.choice(s.legal_actions()) for i, s in enumerate(singles)])
        obs, rewards, terminated, truncated, info = venv.step(actions)
        assert not truncated.any() and rewards.dtype == np.float64 and info["returns"].dtype == np.float64
        for i, s in enumerate(singles):
            if waiting[i]:   # restarted in this step, its action ignored
                assert not terminated[i] and rewards[i] == 0.0
                singles[i] = _fresh(default_game, int(info["episode_seed"][i]))
                continue
            mover = s.current_player()
            assert info["acting_player"][i] == mover
            s.apply_action(int(actions[i]))
            while s.is_chance_node():
                s.apply_random_chance()
            assert terminated[i] == s.is_terminal()
            if not s.is_terminal():
                assert rewards[i] == 0.0 and not info["returns"][i].any()
                continue
            finished += 1
            assert rewards[i] == s.returns()[mover] and list(info["returns"][i]) == s.returns()
            assert info["returns"][i].sum() == 1.0
            last = s.observation_tensor(mover).ravel()
            if mode == "same_step":
                assert info["_final_obs"][i] and np.array_equal(info["final_obs"][i], last)
                assert list(info["final_info"]["returns"][i]) == s.returns()
                singles[i] = _fresh(default_game, int(info["episode_seed"][i]))
            else:
                assert np.array_equal(obs[i], last), "the step that ends a game shows its last observation"
        if mode == "next_step":
            waiting = terminated.copy()
        elif mode == "disabled" and terminated.any():
            with pytest.raises(salon.WrongNodeError, match="reset"):
                venv.step(actions)
            obs, info = venv.reset(options={"reset_mask": terminated})
            for i in np.flatnonzero(terminated):
                singles[i] = _fresh(default_game, int(info["episode_seed"][i]))
        if mode == "same_step" and not terminated.any():
            assert "final_obs" not in info
    assert finished >= n + 1


def test_vector_env_per_game_seeds() -> None:
    game = salon.load_game("colors_of_paris", players=3)
    venv = SalonVectorEnv(game, 3)
    _, by_int = venv.reset(seed=20)
    _, by_list = venv.reset(seed=[20, 21, 22])
    assert np.array_equal(by_int["episode_seed"], by_list["episode_seed"]), "int seed s means seeds s, s+1, ..."
    _, swapped = venv.reset(seed=[22, 20, 21])
    assert list(swapped["episode_seed"]) == [by_list["episode_seed"][k] for k in (2, 0, 1)]
    single = SalonVectorEnv(game, 1)
    assert single.reset(seed=[21])[1]["episode_seed"][0] == by_list["episode_seed"][1]
    _, kept = venv.reset(seed=[20, None, 22])
    assert kept["episode_seed"][0] == by_list["episode_seed"][0]
    assert kept["episode_seed"][1] != swapped["episode_seed"][1], "None continues that game's sequence"
    with pytest.raises(ValueError, match="one seed per game"):
        venv.reset(seed=[1, 2])


def test_vector_env_takes_observation_wrappers() -> None:
    from gymnasium.wrappers.vector import NormalizeObservation, RecordEpisodeStatistics

    venv = RecordEpisodeStatistics(NormalizeObservation(SalonVectorEnv("azul_sintra", 4, seed=0)))
    obs, info = venv.reset(seed=0)
    episodes = 0
    for _ in range(3000):
        actions = np.array([np.flatnonzero(m)[0] if m.any() else 0 for m in info["action_mask"]])
        obs, rewards, terminated, truncated, info = venv.step(actions)
        assert np.isfinite(obs).all()
        if terminated.any():
            episodes += int(terminated.sum())
            assert info["_episode"][terminated].all() and (info["episode"]["r"][terminated] == rewards[terminated]).all()
        if episodes >= 4:
            break
    assert episodes >= 4
    with pytest.raises(ValueError, match="NEXT_STEP or DISABLED"):
        NormalizeObservation(SalonVectorEnv("atelier_studio", 2, autoreset_mode="same_step"))


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
