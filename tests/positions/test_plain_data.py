"""What `Game.state_from_dict` accepts as position data: plain Python data (dicts with string
keys, lists or tuples, strings, ints, floats, bools, None), read without a detour through
`json.dumps`; anything else is a `PositionError` naming where it is."""

from __future__ import annotations

import copy
import math
from typing import Any

import pytest

import salon


@pytest.fixture(scope="module")
def game_and_position() -> tuple[salon.Game, dict[str, Any]]:
    game = salon.load_game("azul_sintra", players=3)
    state = game.new_initial_state(seed=4)
    for _ in range(25):
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            state.apply_action(state.legal_actions()[0])
    return game, state.to_dict()


def test_tuples_read_as_lists_and_give_the_same_state(game_and_position: tuple[salon.Game, dict[str, Any]]) -> None:
    game, position = game_and_position
    as_lists = game.state_from_dict(position)
    as_tuples = game.state_from_dict({k: tuple(v) if isinstance(v, list) else v for k, v in position.items()})
    assert as_tuples.to_dict() == as_lists.to_dict() == position
    assert game.state_from_json(as_lists.to_json()).to_dict() == position


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ({1, 2}, "set is not plain data"),
        (object(), "object is not plain data"),
        (math.nan, "NaN is not a finite number"),
        (math.inf, "inf is not a finite number"),
        (b"bytes", "bytes is not plain data"),
    ],
)
def test_values_that_are_not_plain_data_are_named_by_their_path(
    game_and_position: tuple[salon.Game, dict[str, Any]], bad: Any, message: str
) -> None:
    game, position = game_and_position
    d = copy.deepcopy(position)
    d["boards"][1]["score"] = bad
    with pytest.raises(salon.PositionError, match=r"position\.boards\[1\]\.score") as err:
        game.state_from_dict(d)
    assert message in str(err.value)


def test_keys_must_be_strings(game_and_position: tuple[salon.Game, dict[str, Any]]) -> None:
    game, position = game_and_position
    d = copy.deepcopy(position)
    d["boards"][0][7] = 1
    with pytest.raises(salon.PositionError, match=r"position\.boards\[0\]: a key is int, not a string"):
        game.state_from_dict(d)


def test_a_list_that_contains_itself_is_refused_not_a_crash(game_and_position: tuple[salon.Game, dict[str, Any]]) -> None:
    game, position = game_and_position
    d = copy.deepcopy(position)
    loop: list[Any] = []
    loop.append(loop)
    d["extra"] = loop
    with pytest.raises(salon.PositionError, match="nested more than"):
        game.state_from_dict(d)


def test_strings_with_quotes_and_control_characters_reach_the_reader_intact(
    game_and_position: tuple[salon.Game, dict[str, Any]],
) -> None:
    """An odd string is refused by the position reader itself, which quotes it back exactly
    as written (so it was escaped and read intact), never by a JSON syntax error."""
    game, position = game_and_position
    d = copy.deepcopy(position)
    d["phase"] = 'he said "hi"\\\n\t\x01 é 🎨'
    with pytest.raises(salon.PositionError, match="phase") as err:
        game.state_from_dict(d)
    assert d["phase"] in str(err.value)


def test_big_integers_are_refused_with_the_field_named(game_and_position: tuple[salon.Game, dict[str, Any]]) -> None:
    game, position = game_and_position
    d = copy.deepcopy(position)
    d["boards"][2]["score"] = 10**30
    with pytest.raises(salon.PositionError, match="score"):
        game.state_from_dict(d)
