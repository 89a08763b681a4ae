from __future__ import annotations

from typing import Any

import pytest

import salon
from salon.configurations import all_configurations

CONFIGURATIONS: list[tuple[str, dict[str, Any]]] = all_configurations()


def config_id(config: tuple[str, dict[str, Any]]) -> str:
    name, params = config
    return name + "(" + ",".join(f"{k}={v}" for k, v in sorted(params.items())) + ")"


@pytest.fixture(params=CONFIGURATIONS, ids=[config_id(c) for c in CONFIGURATIONS])
def game(request: pytest.FixtureRequest) -> salon.Game:
    name, params = request.param
    return salon.load_game(name, **params)


@pytest.fixture(params=salon.game_names())
def default_game(request: pytest.FixtureRequest) -> salon.Game:
    return salon.load_game(request.param)


def advance(state: salon.State, plies: int, seed: int = 0) -> salon.State:
    """Plays up to ``plies`` random actions (chance from the state's seed)."""
    from salon.splitmix import SplitMix64

    rng = SplitMix64(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
    return state
