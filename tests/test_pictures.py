"""SVG pictures of every game: well-formed, shown in Jupyter, and a player's view drawn only
from what that player knows (a resampled state with the same information draws the same)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import salon
from salon._splitmix import SplitMix64

SVG_NS = "{http://www.w3.org/2000/svg}"


def _positions(game: salon.Game, seed: int) -> list[salon.State]:
    """Positions along one game (random moves): the start, a few mid-game, the end."""
    rng = SplitMix64(seed)
    state = game.new_initial_state(seed=seed)
    out = [state.clone()]
    k = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
            k += 1
            if k in (5, 40, 150):
                out.append(state.clone())
    out.append(state)
    return out


def test_every_view_is_a_well_formed_picture(game: salon.Game) -> None:
    for state in _positions(game, seed=3):
        for player in [None, *range(game.num_players())]:
            svg = state.render_svg(player)
            root = ET.fromstring(svg)
            assert root.tag == SVG_NS + "svg"
            assert int(root.get("width", "0")) > 300 and int(root.get("height", "0")) > 200
            # A real drawing of the table, not the text fallback.
            assert len(root.findall(f".//{SVG_NS}rect")) > 10 and len(root.findall(f".//{SVG_NS}text")) > 5
            if player is not None:
                assert f"player {player}" in svg or f"P{player}" in svg


def test_jupyter_shows_the_full_table(default_game: salon.Game) -> None:
    state = default_game.new_initial_state(seed=1)
    state.play_random(seed=2)
    assert state._repr_svg_() == state.render_svg()
    assert "game over" in state.render_svg()


def test_whose_turn_and_scores_are_shown(default_game: salon.Game) -> None:
    state = default_game.new_initial_state(seed=5)
    while state.is_chance_node():
        state.apply_random_chance()
    svg = state.render_svg()
    assert "to move" in svg
    assert "points" in svg


@pytest.mark.parametrize("name", ["atelier_studio", "atelier_canvas", "colors_of_paris"])
def test_a_players_view_depends_only_on_what_they_know(name: str) -> None:
    params = {"advanced": True} if name == "colors_of_paris" else {}
    for players in (2, 3):
        game = salon.load_game(name, players=players, **params)
        for i, state in enumerate(_positions(game, seed=11 + players)):
            if state.is_terminal():
                continue
            full = state.render_svg()
            for p in range(players):
                mine = state.render_svg(p)
                for k in range(3):
                    other = state.resample_from_infostate(p, seed=100 * i + k)
                    assert other.information_state_string(p) == state.information_state_string(p)
                    assert other.render_svg(p) == mine, f"{game} position {i}: player {p}'s picture shows hidden information"
            del full


@pytest.mark.parametrize("name", ["atelier_canvas", "colors_of_paris", "atelier_studio"])
def test_hidden_cards_are_drawn_as_backs(name: str) -> None:
    params = {"advanced": True} if name == "colors_of_paris" else {}
    game = salon.load_game(name, players=3, **params)
    marks = ("face-down card", "bonus card (face down)", "patron card (face down)")
    seen = False
    for seed in range(6):
        for state in _positions(game, seed):
            if state.is_terminal():
                continue
            full = state.render_svg()
            assert not any(m in full for m in marks)
            if any(m in state.render_svg(1) for m in marks):
                seen = True
    assert seen, "no position showed another player's hidden cards as backs"
