"""Speed of salon.BatchedSearch (pytest-benchmark). The side-by-side table with the time
split comes from benches/search_report.py; in the test suite these run once each with
``--benchmark-disable`` so that they cannot rot."""

from __future__ import annotations

import pytest

import salon
from search_report import mlp_evaluator, root_states, trivial_evaluator

GAMES = salon.game_names()


@pytest.mark.parametrize("policy", ["gumbel", "puct"])
@pytest.mark.parametrize("name", GAMES)
def test_search_trivial_evaluator(benchmark, name: str, policy: str) -> None:  # type: ignore[no-untyped-def]
    game = salon.load_game(name)
    states = root_states(game, 64)
    search = salon.BatchedSearch(game, trivial_evaluator(game), simulations=32, policy=policy)
    result = benchmark(lambda: search.run(states))
    assert (result.visit_counts.sum(axis=1) == 32).all()


@pytest.mark.parametrize("name", GAMES)
def test_search_mlp_evaluator(benchmark, name: str) -> None:  # type: ignore[no-untyped-def]
    game = salon.load_game(name)
    states = root_states(game, 64)
    search = salon.BatchedSearch(game, mlp_evaluator(game), simulations=32, threads=2)
    result = benchmark(lambda: search.run(states))
    assert (result.visit_counts.sum(axis=1) == 32).all()
