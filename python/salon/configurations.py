"""Every parameter combination a game declares, for tests, goldens and the demo."""

from __future__ import annotations

import itertools
from typing import Any

from salon import _core


def configurations(name: str) -> list[dict[str, Any]]:
    """All combinations of the declared values of each parameter of game ``name``.

    Parameters with a list of allowed values take each of them; flags take False and True.
    """
    entry = next((g for g in _core.registered_games() if g["name"] == name), None)
    if entry is None:
        raise _core.UnknownGameError(f"unknown game {name!r}")
    names: list[str] = []
    choices: list[list[Any]] = []
    for pname, spec in sorted(entry["parameters"].items()):
        names.append(pname)
        if spec["allowed"]:
            choices.append(list(spec["allowed"]))
        elif isinstance(spec["default"], bool):
            choices.append([False, True])
        else:
            choices.append([spec["default"]])
    return [dict(zip(names, combo)) for combo in itertools.product(*choices)]


def all_configurations() -> list[tuple[str, dict[str, Any]]]:
    """``(game name, parameters)`` for every registered game and combination."""
    return [(g["name"], c) for g in _core.registered_games() for c in configurations(g["name"])]


def spec_string(name: str, params: dict[str, Any]) -> str:
    """``name(k=v,...)`` in the engine's own format."""
    return str(_core.load_game(name, None, **params))
