"""Speed of the single-state API, side by side: native playouts, a Python loop, per-call costs.

Run with timings: ``make bench``. In the test suite these run once each with
``--benchmark-disable`` so that they cannot rot.
"""

from __future__ import annotations

import pytest

import salon
from workloads import midgame_state, native_playout, python_loop_playout

GAMES = salon.game_names()


@pytest.mark.parametrize("name", GAMES)
def test_native_random_playout(benchmark, name: str) -> None:  # type: ignore[no-untyped-def]
    game = salon.load_game(name)
    seeds = iter(range(10**9))
    moves = benchmark(lambda: native_playout(game, next(seeds)))
    assert moves > 0


@pytest.mark.parametrize("name", GAMES)
def test_python_loop_random_playout(benchmark, name: str) -> None:  # type: ignore[no-untyped-def]
    game = salon.load_game(name)
    seeds = iter(range(10**9))
    moves = benchmark(lambda: python_loop_playout(game, next(seeds)))
    assert moves > 0


@pytest.mark.parametrize("name", GAMES)
def test_clone(benchmark, name: str) -> None:  # type: ignore[no-untyped-def]
    state = midgame_state(salon.load_game(name))
    assert benchmark(state.clone) == state


@pytest.mark.parametrize("name", GAMES)
def test_legal_actions(benchmark, name: str) -> None:  # type: ignore[no-untyped-def]
    state = midgame_state(salon.load_game(name))
    assert benchmark(state.legal_actions)


@pytest.mark.parametrize("name", GAMES)
def test_apply_action(benchmark, name: str) -> None:  # type: ignore[no-untyped-def]
    state = midgame_state(salon.load_game(name))
    action = state.legal_actions()[0]

    def setup():  # type: ignore[no-untyped-def]
        return (state.clone(), action), {}

    benchmark.pedantic(lambda s, a: s.apply_action(a), setup=setup, rounds=2000, iterations=1)


@pytest.mark.parametrize("name", GAMES)
def test_observation_tensor(benchmark, name: str) -> None:  # type: ignore[no-untyped-def]
    state = midgame_state(salon.load_game(name))
    player = state.current_player()
    assert benchmark(lambda: state.observation_tensor(player)).size > 0


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("batch", [1, 1024])
def test_batched_step(benchmark, name: str, batch: int) -> None:  # type: ignore[no-untyped-def]
    env = salon.VectorEnv(salon.load_game(name), batch, seed=3, threads=2)
    env.reset()
    seeds = iter(range(10**9))

    def step():  # type: ignore[no-untyped-def]
        return env.step(env.random_actions(next(seeds)))

    obs, masks, players, rewards, terminated = benchmark(step)
    assert obs.shape[0] == batch and (players >= 0).all()
