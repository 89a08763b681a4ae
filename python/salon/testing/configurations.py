"""Every parameter combination a game declares, for tests, goldens and the demo."""

from __future__ import annotations

import itertools
from typing import Any

from salon import _core


def configurations(name: str) -> list[dict[str, Any]]:
    """The combinations of game ``name``'s parameters that tests, goldens and the demo sweep.

    Parameters with a list of allowed values take each of them; flags take False and True.
    Every combination of the ordinary parameters is listed; a rules variant (``"variant": True``
    in :func:`registered_games`) is varied alone, each other value once, with every other
    parameter at its default, so that readings of the rules do not multiply the sweep.
    """
    entry = next((g for g in _core.registered_games() if g["name"] == name), None)
    if entry is None:
        raise _core.UnknownGameError(f"unknown game {name!r}")
    names: list[str] = []
    choices: list[list[Any]] = []
    variants: list[tuple[str, list[Any]]] = []
    for pname, spec in sorted(entry["parameters"].items()):
        if spec["allowed"]:
            values = list(spec["allowed"])
        elif isinstance(spec["default"], bool):
            values = [False, True]
        else:
            values = [spec["default"]]
        if spec.get("variant"):
            variants.append((pname, [v for v in values if v != spec["default"]]))
            continue
        names.append(pname)
        choices.append(values)
    defaults = {pname: spec["default"] for pname, spec in entry["parameters"].items()}
    out = [{**defaults, **dict(zip(names, combo))} for combo in itertools.product(*choices)]
    for pname, others in variants:
        out.extend({**defaults, pname: v} for v in others)
    return [dict(sorted(c.items())) for c in out]


def all_configurations() -> list[tuple[str, dict[str, Any]]]:
    """``(game name, parameters)`` for every registered game and combination."""
    return [(g["name"], c) for g in _core.registered_games() for c in configurations(g["name"])]


def spec_string(name: str, params: dict[str, Any]) -> str:
    """``name(k=v,...)`` in the engine's own format."""
    return str(_core.load_game(name, None, **params))
