"""Moves with fields: every legal move has a kind and plain-data fields that single it out,
`find_move` finds it from them, and a miss raises a typed error listing the candidates."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

import salon
from tests.positions.conftest import random_states


def test_fields_single_out_every_legal_move(game: salon.Game) -> None:
    for state in random_states(game, games=1, every=3):
        if state.is_terminal():
            continue
        moves = state.legal_moves
        seen = set()
        for m in moves:
            assert isinstance(m.kind, str) and m.kind and m.kind != "invalid", f"action {m.action} ({m.text}) has no move kind"
            json.dumps(m.fields)
            key = (m.kind, json.dumps(m.fields, sort_keys=True))
            assert key not in seen, f"two legal moves with the same kind and fields: {m.text}"
            seen.add(key)
            if not state.is_chance_node():
                assert state.find_move(m.kind, **m.fields) == m
        grouped = state.legal_moves_by_kind()
        assert sorted(int(m) for ms in grouped.values() for m in ms) == sorted(int(m) for m in moves)
        assert all(m.kind == kind for kind, ms in grouped.items() for m in ms)
        if state.is_chance_node():
            assert set(grouped) == {"chance"}


def test_find_move_misses_raise_listing_the_moves_of_that_kind(default_game: salon.Game) -> None:
    state = next(s for s in random_states(default_game, games=1, every=5) if not s.is_chance_node() and not s.is_terminal())
    kind = state.legal_moves[0].kind
    with pytest.raises(salon.IllegalActionError, match="legal kinds"):
        state.find_move("no_such_kind")
    with pytest.raises(salon.IllegalActionError, match=f'legal "{kind}" moves are'):
        state.find_move(kind, no_such_field=1)
    of_kind = state.legal_moves_by_kind()[kind]
    if len(of_kind) > 1:
        with pytest.raises(salon.IllegalActionError, match="give more fields"):
            state.find_move(kind)


def test_a_found_move_plays(default_game: salon.Game) -> None:
    state = next(s for s in random_states(default_game, games=1, every=5) if not s.is_chance_node() and not s.is_terminal())
    m = state.legal_moves[-1]
    found = state.find_move(m.kind, **m.fields)
    state.apply_action(found)
    assert state.history()[-1] == m.action


def test_azul_take_fields_read_like_the_action_string() -> None:
    state = salon.load_game("azul_sintra").new_initial_state(seed=4)
    while state.is_chance_node():
        state.apply_random_chance()
    for m in state.legal_moves:
        if m.kind != "take":
            continue
        f = m.fields
        where = f"factory {f['factory']}" if f["source"] == "factory" else "centre"
        dest = "break all" if f["break_all"] else f"slot {f['slot']}"
        assert f["colour"] in m.text and where in m.text and dest in m.text


def colors_of_paris_with_black_upgrades() -> salon.Game:
    """colors_of_paris with a component file whose upgrade cost accepts black (issue 15): its
    upgrade moves use the action ids 809-832."""
    path = Path(__file__).resolve().parents[2] / "rust/games/colors_of_paris/components/substitute.json"
    components = json.loads(path.read_text())
    components["name"] = "upgrade cost reading: black pays"
    components["upgrade_cost"] = [{"pays": ["primary", "secondary", "white", "black"]}] * len(components["upgrade_cost"])
    return salon.load_game("colors_of_paris", components=components, players=2)


@pytest.mark.parametrize(
    ("make", "ids"),
    [
        (lambda: salon.load_game("atelier_canvas", joker_colours="basic", players=2), range(484, 486)),
        (colors_of_paris_with_black_upgrades, range(809, 833)),
    ],
    ids=["atelier_canvas_jokers_pay_white_black", "colors_of_paris_black_upgrades"],
)
def test_the_action_ids_issue_15_added_decode_to_moves(make: Callable[[], salon.Game], ids: range) -> None:
    """Random play reaches the appended ids; each decodes to a kind and fields that find it."""
    game = make()
    seen: set[int] = set()
    for state in random_states(game, games=40, every=1):
        if state.is_chance_node() or state.is_terminal():
            continue
        for m in state.legal_moves:
            assert m.kind and m.kind != "invalid", f"action {m.action} ({m.text}) has no move kind"
            if m.action in ids:
                seen.add(m.action)
                assert state.find_move(m.kind, **m.fields) == m
    assert seen, f"random play never offered an action id in {ids.start}..{ids.stop - 1}"
