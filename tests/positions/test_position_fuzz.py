"""Arbitrary damage to a real position never crashes the engine: the result is either a
`PositionError` (and no state), or a state that plays on and writes a position that reads
back to itself."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import salon
from tests.positions.conftest import random_states

GAMES = salon.game_names()
BASES = {name: [s.to_dict() for s in random_states(salon.load_game(name), games=1, every=40)] for name in GAMES}
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=300),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from(["", "blue", "red", "play", "B01", "end", "x" * 300]),
    st.just([]),
    st.just({}),
)


def leaves(d: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(d, dict):
        for k, v in d.items():
            out += leaves(v, path + (k,))
    elif isinstance(d, list):
        for i, v in enumerate(d):
            out += leaves(v, path + (i,))
    return out


def damage(d: Any, rng: random.Random, value: Any) -> Any:
    d = copy.deepcopy(d)
    paths = [p for p in leaves(d) if p]
    path = rng.choice(paths)
    parent = d
    for part in path[:-1]:
        parent = parent[part]
    how = rng.randrange(4)
    if how == 0 and isinstance(parent, dict):
        del parent[path[-1]]
    elif how == 1 and isinstance(parent, list):
        parent.append(copy.deepcopy(parent[path[-1]]))
    elif how == 2 and isinstance(parent, list) and len(parent) > 1:
        parent.pop(path[-1])
    else:
        parent[path[-1]] = value
    return d


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32), value=VALUES, hits=st.integers(min_value=1, max_value=3))
def test_damaged_positions_are_refused_or_sound(name: str, seed: int, value: Any, hits: int) -> None:
    game = salon.load_game(name)
    rng = random.Random(seed)
    position = rng.choice(BASES[name])
    for _ in range(hits):
        position = damage(position, rng, value)
    try:
        state = game.state_from_dict(position, seed=seed)
    except salon.PositionError as err:
        assert str(err).startswith("invalid position: ")
        return
    written = state.to_dict()
    assert game.state_from_dict(written, seed=1).to_dict() == written
    json.dumps(written)
    state.play_random(seed=seed)
    assert state.is_terminal()
