"""atelier_canvas positions of version 1 (one `expert` flag for both expert rules, written
before the rules variants were named one by one) still read, as the same position."""

from __future__ import annotations

from typing import Any

import pytest

import salon
from tests.positions.conftest import random_states


def as_version_1(position: dict[str, Any], expert: bool) -> dict[str, Any]:
    old = {k: v for k, v in position.items() if k not in ("expert_secondary", "expert_draw", "joker_colours")}
    return {**old, "version": 1, "expert": expert}


@pytest.mark.parametrize("expert", [False, True])
def test_a_version_1_position_reads_as_the_same_position(expert: bool) -> None:
    game = salon.load_game("atelier_canvas", expert=expert, players=3)
    for state in random_states(game, games=1, every=25):
        position = state.to_dict()
        assert position["version"] == 2
        assert (position["expert_secondary"], position["expert_draw"], position["joker_colours"]) == (expert, expert, "primary")
        again = game.state_from_dict(as_version_1(position, expert), seed=0)
        assert again.to_dict() == position


def test_a_version_1_position_names_the_expert_rule_it_was_played_with() -> None:
    position = salon.load_game("atelier_canvas").new_initial_state(seed=1).to_dict()
    with pytest.raises(salon.PositionError, match="expert"):
        salon.load_game("atelier_canvas", expert=True).state_from_dict(as_version_1(position, False))
    v1 = as_version_1(position, False)
    v1["joker_colours"] = "primary"
    with pytest.raises(salon.PositionError, match="joker_colours: not a field of version 1"):
        salon.load_game("atelier_canvas").state_from_dict(v1)
