"""A player's view as data: hidden cards are None, and the view is the same across an
information set; a view completed by seeded draws is a state that player cannot tell apart."""

from __future__ import annotations

import json
from collections import Counter

import salon
from tests.positions.conftest import random_states


def test_observation_dict_is_plain_data_and_equal_across_the_information_set(game: salon.Game) -> None:
    for k, state in enumerate(random_states(game, games=2, every=9)):
        for p in range(game.num_players()):
            view = state.observation_dict(p)
            json.dumps(view)
            assert json.loads(state.observation_json(p)) == view
            for seed in (k, k + 100):
                other = state.resample_from_infostate(p, seed)
                assert other.observation_dict(p) == view


def leaves(x: object) -> Counter[object]:
    """Every leaf value (names, numbers, None) of nested data, counted."""
    if isinstance(x, dict):
        return sum((leaves(v) for v in x.values()), Counter())
    if isinstance(x, list):
        return sum((leaves(v) for v in x), Counter())
    return Counter([x if not isinstance(x, bool) else str(x)])


def test_a_view_shows_nothing_the_table_does_not_and_hides_what_resampling_changes(game: salon.Game) -> None:
    info = next(g for g in salon.registered_games() if g["name"] == game.name)
    for state in random_states(game, games=1, every=11):
        full = state.to_dict()
        for p in range(game.num_players()):
            view = state.observation_dict(p)
            if info["perfect_information"]:
                assert view == full
                continue
            shown = leaves(view)
            del shown[None]
            assert shown <= leaves(full)
            if any(state.resample_from_infostate(p, seed).to_dict() != full for seed in range(3)):
                assert leaves(view)[None] > leaves(full)[None]


def test_a_view_completed_by_seeded_draws_looks_the_same_to_its_player(game: salon.Game) -> None:
    for state in random_states(game, games=1, every=10):
        for p in range(game.num_players()):
            view = state.observation_dict(p)
            a = game.state_from_dict(view, seed=1)
            b = game.state_from_dict(view, seed=1)
            assert a.to_dict() == b.to_dict()  # seeded
            assert a.observation_dict(p) == view
            assert a.observation_string(p) == state.observation_string(p)
            assert a.current_player() == state.current_player()
