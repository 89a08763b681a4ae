"""Which game a request may set up: a registered game by its engine name, with only the
parameters the game declares (``salon.registered_games()``: each one's default, which gives its
type, and its allowed values), and always the built-in component set.

Nothing of a request reaches ``salon.load_game`` as a keyword of its own choosing: a request
naming ``components`` (a path on the server) or any other undeclared parameter is refused here,
before anything else is done with it, so no request makes the server open a file.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from salon import _core
from salon.serve.errors import BadRequestError

MAX_TEXT_PARAMETER = 64


@lru_cache(maxsize=1)
def declared() -> dict[str, dict[str, dict[str, Any]]]:
    """Each registered game's declared parameters, by game name."""
    return {entry["name"]: dict(entry["parameters"]) for entry in _core.registered_games()}


def _kind(value: Any) -> str:
    return {bool: "a boolean", int: "an integer", str: "a text"}.get(type(value), type(value).__name__)


def checked_params(name: str, params: Any) -> dict[str, bool | int | str]:
    """``params`` of a request for game ``name``, each a declared parameter with a value of its
    declared type (and among its allowed values, where the game lists them)."""
    specs = declared()[name]
    if not isinstance(params, dict):
        raise BadRequestError('"params" must be an object of the game\'s parameters, for example {"players": 2}')
    out: dict[str, bool | int | str] = {}
    for key, value in params.items():
        spec = specs.get(key)
        if spec is None:
            known = ", ".join(sorted(specs)) or "none"
            shown = key if len(key) <= 40 else key[:40] + "..."
            raise _core.InvalidParameterError(f"{name} has no parameter {shown!r} (its parameters: {known})")
        default = spec["default"]
        if type(value) is not type(default):
            raise _core.InvalidParameterError(
                f"parameter {key!r} of {name} is {_kind(default)}, got {_kind(value)}"
            )
        allowed = spec.get("allowed") or []
        if allowed and not any(type(a) is type(value) and a == value for a in allowed):
            shown_value = value if not isinstance(value, str) or len(value) <= 40 else value[:40] + "..."
            raise _core.InvalidParameterError(
                f"parameter {key!r} of {name} must be one of {', '.join(map(str, allowed))}, got {shown_value!r}"
            )
        if isinstance(value, str) and len(value) > MAX_TEXT_PARAMETER:
            raise _core.InvalidParameterError(f"parameter {key!r} of {name} is at most {MAX_TEXT_PARAMETER} characters")
        out[key] = value
    return out


def load(body: dict[str, Any]) -> _core.Game:
    """The game of a request's ``{"game": name, "params": {...}}``, with the built-in components."""
    name = body.get("game")
    if not isinstance(name, str):
        raise BadRequestError('"game" must name a game, for example "azul_sintra"')
    if name not in declared():
        shown = name if len(name) <= 40 else name[:40] + "..."
        raise _core.UnknownGameError(f"unknown game {shown!r}; the games: {', '.join(declared())}")
    params = checked_params(name, body.get("params", {}))
    return _core.load_game(name, None, **params)
