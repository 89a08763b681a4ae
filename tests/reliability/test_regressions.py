"""One test per fuzz finding (fuzz/artifacts/<target>/crash-*, also kept in
fuzz/corpus/<target>/ so that every fuzz run replays it).

A finding in the engine stays here as a strict xfail until it is fixed; a finding that was
a wrong assumption of a fuzz target keeps a test of the behaviour the target now relies on.
"""

from __future__ import annotations

import json

import pytest

import salon

GAMES = salon.game_names()


def _mid_game(game: salon.Game, seed: int, plies: int) -> salon.State:
    state = game.new_initial_state(seed=seed)
    k = seed
    while not state.is_terminal() and state.ply < plies:
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            legal = state.legal_actions()
            state.apply_action(legal[k % len(legal)])
            k = k * 7 + 3
    return state


@pytest.mark.parametrize("name", GAMES)
def test_fuzz_actions_crash_37d95f8a_resample_and_undo(name: str) -> None:
    """fuzz/actions crash-37d95f8acaf7ce6697ec56e16357539a8734dc56: after
    ``resample_from_infostate`` the target assumed nothing could be undone, but in a
    perfect-information game (and wherever nothing is hidden) the answer is a plain clone
    that keeps its history and undo. Engine behaviour, pinned here; the target now compares
    serializations to tell a clone from a resample."""
    game = salon.load_game(name)
    state = _mid_game(game, seed=21, plies=30)
    before_last = state.clone()
    before_last.pop()
    for player in range(game.num_players()):
        r = state.resample_from_infostate(player, 99)
        assert r.history() == state.history()
        assert r.ply == state.ply
        if r.serialize() == state.serialize():
            r.pop()  # a clone: undo works and gives the previous node
            assert r == before_last
        else:
            # A true resample starts its own history at the source's node.
            with pytest.raises(salon.NothingToUndoError):
                r.pop()
            assert json.loads(r.serialize())["origin"] is not None
    if game.perfect_information:
        assert state.resample_from_infostate(0, 1) == state


@pytest.mark.xfail(
    strict=True,
    raises=salon.InvalidParameterError,
    reason="finding (fuzz/deserialize crash-af3f993dcd41507fc292dad3348b06a9844d02fa): a serialized state "
    "whose params hold a value that is not a bool, int or str raises InvalidParameterError from "
    "Params::from_json (rust/core/src/tracked.rs, TrackedState::from_json, `Params::from_json(field(\"params\")?)?`) "
    "instead of DeserializationError",
)
@pytest.mark.parametrize("name", GAMES)
def test_fuzz_deserialize_crash_af3f993d_bad_params_are_a_deserialization_error(name: str) -> None:
    game = salon.load_game(name)
    value = json.loads(game.new_initial_state(seed=1).serialize())
    value["params"] = {**value["params"], "players": 1.5}
    with pytest.raises(salon.DeserializationError):
        game.deserialize_state(json.dumps(value))
