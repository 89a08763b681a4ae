"""The pictures name the moves a player would click (issue 16, point 7; `docs/pictures.md`).

Every SVG element a player would click to make a move carries `data-field` / `data-value`: the
fields of an element are its own and its ancestors'. On random states of every configuration,
from the seat of the player to move, every clickable field of every legal move is named by some
element (the fields one click names together, such as a factory's colour, by one element), and
in every view no element names something that is not on the table (checked against the
position the view shows, `observation_dict`)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

import pytest

import salon
from tests.positions.conftest import random_states

Fields = dict[str, str]

# Per game and move kind: the groups of fields one click names together (docs/pictures.md).
# Fields a move has but no group lists (break_all, payment, white, with, up, steps...) are
# left to the list of legal moves.
CLICKS: dict[str, dict[str, list[tuple[str, ...]]]] = {
    "azul_sintra": {
        "take": [("source", "factory", "colour"), ("slot",)],
        "keep": [("colour",)],
    },
    "atelier_studio": {
        "keep_patron": [("patron",)],
        "place_first_student": [("pile",)],
        "inspire": [("die",)],
        "place_student": [("die",), ("pile",)],
        "move_students": [("die",)],
        "collect": [("die",)],
        "paint": [("slot",)],
        "gain": [("die",), ("colour",)],
        "swap": [("give",), ("take",)],
        "adjust_die": [("die",)],
        "shift_student": [("from",), ("to",)],
        "move_student": [("from",), ("to",)],
        "return_student": [("pile",)],
        "power_place": [("pile",)],
        "power_gain": [("colour",)],
    },
    "colors_of_paris": {
        "place": [("space",)],
        "use": [("space",)],
        "forgo": [("space",)],
        "copy": [("space",)],
        "keep": [("space",)],
        "upgrade": [("tool",), ("pay_1",), ("pay_2",)],
        "take_painting": [("easel",)],
        "paint": [("painting", "square")],
        "discard": [("colour",)],
    },
    "atelier_canvas": {
        "take": [("source", "slot")],
        "play": [("card",)],
        "target": [("card",)],
        "pay": [("card",)],
        "discard": [("card",)],
    },
}


def as_text(value: Any) -> str:
    """A field value as the pictures write it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def named_fields(svg: str) -> list[Fields]:
    """The fields of every annotated element: its own `data-field` and its ancestors'."""
    out: list[Fields] = []

    def walk(element: ET.Element, inherited: Fields) -> None:
        field = element.get("data-field")
        if field is not None:
            value = element.get("data-value")
            assert value is not None, f"data-field={field!r} without data-value"
            inherited = {**inherited, field: value}
            out.append(inherited)
        for child in element:
            walk(child, inherited)

    walk(ET.fromstring(svg), {})
    return out


# --- what a view shows: an annotation must name something there --------------------------


def azul_present(view: dict[str, Any], f: Fields) -> bool:
    mover = view["to_move"]
    known = {"source", "factory", "colour", "slot"}
    if not set(f) <= known:
        return False
    source = f.get("source")
    if source == "factory":
        if "factory" in f:
            k = int(f["factory"])
            if not 0 <= k < len(view["factories"]):
                return False
            if "colour" in f and view["factories"][k][f["colour"]] == 0:
                return False
        elif "colour" in f:
            return False
    elif source == "centre":
        if "factory" in f or ("colour" in f and view["centre"][f["colour"]] == 0):
            return False
    elif source is not None or "factory" in f:
        return False
    if "slot" in f:
        if mover is None:
            return False
        slot = view["boards"][mover]["slots"][int(f["slot"])]
        if not slot["present"]:
            return False
        if "colour" in f:  # a piece of the strip awaiting the keep decision
            return view["phase"] == "keep" and int(f["slot"]) == view["pending"]["keep_slot"] and f["colour"] in slot["pieces"]
    elif "colour" in f and "source" not in f:
        return False
    return True


def studio_acting(view: dict[str, Any]) -> int:
    return int((view["current_player"] + (view["pending"]["move_offset"] or 0)) % view["num_players"])


def studio_present(view: dict[str, Any], f: Fields) -> bool:
    colours = {"blue", "green", "red", "yellow"}
    me = view["players"][view["current_player"]]
    checks = {
        "die": lambda v: 1 <= int(v) <= 6 and view["turn"]["rolled"][int(v) - 1] > 0,
        "pile": lambda v: v in colours,
        "to": lambda v: v in colours,
        "colour": lambda v: v in colours,
        "take": lambda v: v in colours,
        "from": lambda v: view["players"][studio_acting(view)]["students_on_piles"][v] > 0,
        "give": lambda v: me["paint"][v] > 0,
        "slot": lambda v: view["display"][int(v)] is not None,
        "patron": lambda v: v in me["dealt_patrons"],
    }
    return all(k in checks and checks[k](v) for k, v in f.items())


def paris_acting(view: dict[str, Any]) -> int:
    if view["phase"] == "rotation" and view["pending"]["rotating_player"] is not None:
        return int(view["pending"]["rotating_player"])
    return int(view["to_move"])


def paris_present(view: dict[str, Any], f: Fields) -> bool:
    me = view["players"][paris_acting(view)]
    in_progress = {c["card"] for c in me["paintings_in_progress"]}
    checks = {
        "space": lambda v: 0 <= int(v) <= 27,
        "easel": lambda v: view["easels"][int(v)] is not None,
        "tool": lambda v: v in ("tube", "palette", "brush"),
        "pay_1": lambda v: me["pigments"][v] > 0,
        "pay_2": lambda v: me["pigments"][v] > 0,
        "colour": lambda v: me["pigments"][v] > 0,
        "painting": lambda v: v in in_progress,
        "square": lambda v: "painting" in f and 0 <= int(v) <= 8,
    }
    return all(k in checks and checks[k](v) for k, v in f.items())


def canvas_present(view: dict[str, Any], f: Fields) -> bool:
    me = view["players"][view["current_player"]]
    cards = {h["card"] for h in me["hand"] if h["card"] is not None}
    cards |= {c["card"] for stack in me["palette"] for c in stack}
    if view["turn"]["playing"] is not None:
        cards.add(view["turn"]["playing"])
    if f.get("source") == "circle":
        return set(f) <= {"source", "slot"} and ("slot" not in f or view["circle"][int(f["slot"])] is not None)
    if f.get("source") == "deck":
        return set(f) == {"source"}
    return set(f) == {"card"} and f["card"] in cards


PRESENT: dict[str, Callable[[dict[str, Any], Fields], bool]] = {
    "azul_sintra": azul_present,
    "atelier_studio": studio_present,
    "colors_of_paris": paris_present,
    "atelier_canvas": canvas_present,
}


def test_the_picture_names_every_clickable_field_and_nothing_absent(game: salon.Game) -> None:
    clicks = CLICKS[game.name]
    present = PRESENT[game.name]
    checked_moves = 0
    for state in random_states(game, games=1, every=3):
        views: list[tuple[str, dict[str, Any]]] = [(state.render_svg(), state.to_dict())]
        views += [(state.render_svg(p), state.observation_dict(p)) for p in range(game.num_players())]
        for svg, view in views:
            for f in named_fields(svg):
                assert present(view, f), f"{state.history()}: the picture names {f}, which is not on the table"
        if state.is_chance_node() or state.is_terminal():
            continue
        mover = state.current_player()
        named = named_fields(state.render_svg(mover))
        for move in state.legal_moves:
            for group in clicks.get(move.kind, []):
                wanted = {k: as_text(move.fields[k]) for k in group if k in move.fields}
                if not wanted:  # a take that breaks all its pieces names no slot
                    continue
                assert any(wanted.items() <= f.items() for f in named), (
                    f"{state.history()}: no element of player {mover}'s picture names {wanted} (move {move.text!r})"
                )
                checked_moves += 1
    assert checked_moves > 0


def test_the_check_sees_a_missing_and_a_stale_annotation() -> None:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg"><g data-field="source" data-value="factory">'
        '<g data-field="factory" data-value="1"><rect data-field="colour" data-value="red"/></g></g></svg>'
    )
    named = named_fields(svg)
    assert {"source": "factory", "factory": "1", "colour": "red"} in named
    view = {"to_move": 0, "factories": [{"red": 0}, {"red": 0}], "centre": {"red": 0}, "boards": []}
    assert not azul_present(view, named[-1])
    view["factories"][1]["red"] = 2
    assert azul_present(view, named[-1])
    with pytest.raises(AssertionError):
        named_fields('<svg xmlns="http://www.w3.org/2000/svg"><g data-field="slot"/></svg>')
