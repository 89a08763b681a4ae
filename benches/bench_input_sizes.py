"""Long resample chains and long serialized histories at 1k, 10k and 100k links: the time per
link should stay flat (see ``benches/input_sizes.py`` for the table in docs/reliability.md).
In the test suite these run once each with ``--benchmark-disable``."""

from __future__ import annotations

import pytest

import salon
from input_sizes import GAME, chain, opening, segments_text

SIZES = [1_000, 10_000, 100_000]


@pytest.mark.parametrize("links", SIZES)
def test_build_resample_chain(benchmark, links: int) -> None:  # type: ignore[no-untyped-def]
    start = opening(salon.load_game(GAME))
    end = benchmark.pedantic(chain, args=(start, links), rounds=1, iterations=1)
    assert end.ply == start.ply


@pytest.mark.parametrize("links", SIZES)
def test_deserialize_resample_chain(benchmark, links: int) -> None:  # type: ignore[no-untyped-def]
    game = salon.load_game(GAME)
    end = chain(opening(game), links)
    text = end.serialize()
    assert benchmark.pedantic(game.deserialize_state, args=(text,), rounds=1, iterations=1) == end


@pytest.mark.parametrize("links", SIZES)
def test_deserialize_hand_written_segments(benchmark, links: int) -> None:  # type: ignore[no-untyped-def]
    game = salon.load_game(GAME)
    start = opening(game)
    text = segments_text(start, links)
    assert benchmark.pedantic(game.deserialize_state, args=(text,), rounds=1, iterations=1).ply == start.ply
