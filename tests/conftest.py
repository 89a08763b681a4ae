from __future__ import annotations

from typing import Any

import pytest

import salon
from salon.testing.configurations import all_configurations
from salon.testing import advance  # noqa: F401  (re-exported for older tests)

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
