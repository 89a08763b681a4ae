"""The game contract's API and its errors, for every registered game."""

from __future__ import annotations

import numpy as np
import pytest

import salon
from salon.testing import advance


def test_registry_lists_every_game_with_its_parameters() -> None:
    names = salon.game_names()
    assert "azul_sintra" in names
    for entry in salon.registered_games():
        assert entry["min_players"] <= entry["max_players"]
        for spec in entry["parameters"].values():
            assert set(spec) == {"default", "allowed", "doc", "variant"}


def test_game_facts(default_game: salon.Game) -> None:
    g = default_game
    assert g.num_players() >= 2
    assert 0 < g.num_distinct_actions() <= 2048
    assert 0 < g.max_chance_outcomes() <= 256
    assert g.max_game_length() > 0
    assert g.observation_tensor_size() == int(np.prod(g.observation_tensor_shape()))
    assert g.components["substitute"] is True
    assert g.name in repr(g) and "substitute" in repr(g)
    assert salon.load_game(str(g)) == g
    assert hash(salon.load_game(str(g))) == hash(g)


def test_constants() -> None:
    assert salon.CHANCE == -1
    assert salon.TERMINAL == -4


def test_unknown_game_and_bad_parameters_raise_typed_errors() -> None:
    with pytest.raises(salon.UnknownGameError, match="no_such_game"):
        salon.load_game("no_such_game")
    with pytest.raises(salon.InvalidParameterError, match="players"):
        salon.load_game("azul_sintra", players=9)
    with pytest.raises(salon.InvalidParameterError, match="colour"):
        salon.load_game("azul_sintra", colour=3)
    with pytest.raises(salon.InvalidParameterError, match="players"):
        salon.load_game("azul_sintra", players="two")
    with pytest.raises(salon.InvalidParameterError):
        salon.load_game("azul_sintra", players=2.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        salon.load_game("azul_sintra(players=3")
    with pytest.raises(salon.InvalidParameterError, match="seed"):
        salon.load_game("azul_sintra").new_initial_state(seed=-1)


def test_illegal_actions_leave_the_state_unchanged(default_game: salon.Game) -> None:
    state = advance(default_game.new_initial_state(seed=3), 60)
    before = state.serialize()
    legal = set(state.legal_actions())
    limit = max(default_game.num_distinct_actions(), default_game.max_chance_outcomes())
    illegal = next(a for a in range(limit) if a not in legal)
    for bad in (illegal, -1, limit, 2**40, 2**80):
        with pytest.raises(salon.IllegalActionError):
            state.apply_action(bad)
    for bad_type in (1.5, None, [1], True):
        with pytest.raises(salon.SalonError):
            state.apply_action(bad_type)  # type: ignore[arg-type]
    with pytest.raises(salon.InvalidActionStringError):
        state.apply("this is not a move")
    assert state.serialize() == before


def test_wrong_player_and_wrong_node(default_game: salon.Game) -> None:
    state = default_game.new_initial_state(seed=1)
    n = default_game.num_players()
    for bad in (-1, n, 10**6):
        with pytest.raises(salon.InvalidPlayerError):
            state.observation_tensor(bad)
        with pytest.raises(salon.InvalidPlayerError):
            state.information_state_string(bad)
        with pytest.raises(salon.InvalidPlayerError):
            state.resample_from_infostate(bad, seed=0)
    while not state.is_chance_node() and not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    if state.is_chance_node():
        with pytest.raises(salon.InvalidPlayerError):
            state.observation_tensor()
    advance(state, 10_000)
    assert state.is_terminal()
    with pytest.raises(salon.WrongNodeError):
        state.apply_random_chance()
    with pytest.raises(salon.WrongNodeError):
        state.chance_outcomes()
    with pytest.raises(salon.IllegalActionError):
        state.apply_action(0)


def test_friendly_layer(default_game: salon.Game) -> None:
    state = default_game.new_initial_state(seed=11)
    with pytest.raises(salon.NothingToUndoError):
        state.pop()
    assert state.peek() is None
    advance(state, 40)
    moves = state.legal_moves
    assert [m.action for m in moves] == state.legal_actions()
    assert all(str(m) == state.action_to_string(m.action) for m in moves)
    before = state.clone()
    move = state.push(str(moves[-1]))
    assert move == moves[-1] and state.peek() == move
    assert state.pop() == move
    assert state == before
    state.push(moves[0])
    state.pop()
    state.apply(str(moves[0]))
    assert state.history()[-1] == moves[0].action
    assert "ply" in repr(state)
    assert str(state).strip()


def test_observation_tensor_is_writable_copy(default_game: salon.Game) -> None:
    state = advance(default_game.new_initial_state(seed=2), 30)
    obs = state.observation_tensor(0)
    obs[...] = 99.0
    assert not np.array_equal(state.observation_tensor(0), obs)


def test_random_playout_helper(default_game: salon.Game) -> None:
    final = salon.random_playout(default_game, seed=4)
    again = salon.random_playout(default_game.name, seed=4, **default_game.get_parameters())
    assert final.is_terminal() and final == again
    assert sum(final.returns()) == pytest.approx(1.0)


def test_deserialize_rejects_malformed_text(default_game: salon.Game) -> None:
    state = advance(default_game.new_initial_state(seed=9), 25)
    text = state.serialize()
    for bad in ("", "{", "[]", "null", text.replace('"actions":[', '"actions":[999999,'),
                text.replace(default_game.name, "other_game"), '{"format":"salon-state/1"}'):
        with pytest.raises(salon.DeserializationError):
            default_game.deserialize_state(bad)


def test_component_file_round_trip_and_errors(default_game: salon.Game, tmp_path: pytest.TempPathFactory) -> None:
    import json
    from pathlib import Path

    path = Path(str(tmp_path)) / "components.json"
    path.write_text(default_game.components_json())
    mine = salon.load_game(default_game.name, components=path, **default_game.get_parameters())
    assert mine.components["hash"] == default_game.components["hash"]
    with pytest.raises(salon.ComponentError, match="missing.json"):
        salon.load_game(default_game.name, components=Path(str(tmp_path)) / "missing.json")
    path.write_text("{ not json")
    with pytest.raises(salon.ComponentError):
        salon.load_game(default_game.name, components=path)
    with pytest.raises(salon.ComponentError):
        salon.load_game(default_game.name, components={"name": "empty"})
    data = json.loads(default_game.components_json())
    assert isinstance(data, dict)


def test_components_accepts_the_json_text_that_components_json_prints() -> None:
    """Issue 15 point 9: the text of ``game.components_json()`` is taken as the file's content,
    not as a (far too long) path; a long non-JSON string is refused saying what to pass."""
    for name in salon.game_names():
        game = salon.load_game(name)
        text = game.components_json()
        mine = salon.load_game(name, components=text)
        assert mine.components["hash"] == game.components["hash"]
        edited = text.replace('"substitute":true', '"substitute":false', 1)
        assert edited != text
        assert salon.load_game(name, components="\n  " + edited).components["substitute"] is False
    with pytest.raises(salon.ComponentError, match="pass a file path, the parsed JSON as a dict, or the JSON text itself"):
        salon.load_game("azul_sintra", components="x" * 5000)
    with pytest.raises(salon.ComponentError, match="invalid component file"):
        salon.load_game("azul_sintra", components="{ not json")
