"""Positions side by side with serialization, on a mid-game state of every game.

`to_dict` / `state_from_dict` (the table as data, and a state built from it with every
invariant checked) next to `serialize` / `deserialize_state` (the history, replayed), and
the JSON-text forms. Run with timings: ``make bench`` (or ``pytest benches/bench_positions.py
--benchmark-only``). Target: `to_dict` and `state_from_dict` at most 50 µs each.
"""

from __future__ import annotations

import pytest

import salon
from workloads import midgame_state

GAMES = salon.game_names()


@pytest.mark.parametrize("name", GAMES)
def test_to_dict(benchmark, name: str) -> None:  # type: ignore[no-untyped-def]
    state = midgame_state(salon.load_game(name))
    assert benchmark(state.to_dict)["game"] == name


@pytest.mark.parametrize("name", GAMES)
def test_state_from_dict(benchmark, name: str) -> None:  # type: ignore[no-untyped-def]
    game = salon.load_game(name)
    position = midgame_state(game).to_dict()
    assert benchmark(lambda: game.state_from_dict(position, seed=1)).to_dict() == position


@pytest.mark.parametrize("name", GAMES)
def test_to_json(benchmark, name: str) -> None:  # type: ignore[no-untyped-def]
    state = midgame_state(salon.load_game(name))
    assert benchmark(state.to_json)


@pytest.mark.parametrize("name", GAMES)
def test_state_from_json(benchmark, name: str) -> None:  # type: ignore[no-untyped-def]
    game = salon.load_game(name)
    text = midgame_state(game).to_json()
    assert benchmark(lambda: game.state_from_json(text, seed=1)).to_json() == text


@pytest.mark.parametrize("name", GAMES)
def test_observation_dict(benchmark, name: str) -> None:  # type: ignore[no-untyped-def]
    state = midgame_state(salon.load_game(name))
    assert benchmark(lambda: state.observation_dict(0))["game"] == name


@pytest.mark.parametrize("name", GAMES)
def test_serialize(benchmark, name: str) -> None:  # type: ignore[no-untyped-def]
    state = midgame_state(salon.load_game(name))
    assert benchmark(state.serialize)


@pytest.mark.parametrize("name", GAMES)
def test_deserialize_state(benchmark, name: str) -> None:  # type: ignore[no-untyped-def]
    game = salon.load_game(name)
    state = midgame_state(game)
    text = state.serialize()
    assert benchmark(lambda: game.deserialize_state(text)) == state


@pytest.mark.parametrize("name", GAMES)
def test_legal_moves(benchmark, name: str) -> None:  # type: ignore[no-untyped-def]
    state = midgame_state(salon.load_game(name))
    assert benchmark(lambda: state.legal_moves)
