"""The shipped JSON Schemas describe what `to_dict()` and `observation_dict()` give, for
random states of every configuration, and refuse data that breaks their shape."""

from __future__ import annotations

import copy

import jsonschema
import pytest

import salon
from tests.positions.conftest import random_states


def validator(name: str) -> jsonschema.protocols.Validator:
    schema = salon.position_schema(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_every_game_ships_a_versioned_schema() -> None:
    for name in salon.game_names():
        schema = salon.position_schema(name)
        # atelier_canvas positions are at version 2 (the rules variants named one by one).
        assert schema["version"] == (2 if name == "atelier_canvas" else 1)
        assert salon.load_game(name).new_initial_state(seed=0).to_dict()["version"] == schema["version"]
        assert schema["properties"]["version"] == {"const": schema["version"]}
        assert schema["properties"]["game"] == {"const": name}
    with pytest.raises(salon.UnknownGameError):
        salon.position_schema("chess")


def test_positions_and_views_validate(game: salon.Game) -> None:
    check = validator(game.name)
    for state in random_states(game, games=1, every=20):
        check.validate(state.to_dict())
        for p in range(game.num_players()):
            check.validate(state.observation_dict(p))


def test_the_schema_refuses_broken_shapes(default_game: salon.Game) -> None:
    check = validator(default_game.name)
    position = random_states(default_game, games=1, every=1000)[-1].to_dict()
    for broken in (
        {**position, "version": 99},
        {**position, "phase": "tea_break"},
        {**position, "unknown_field": 1},
        {k: v for k, v in position.items() if k != "players" and k != "boards"},
    ):
        assert not check.is_valid(broken)
    shuffled = copy.deepcopy(position)
    shuffled["game"] = "another"
    assert not check.is_valid(shuffled)
