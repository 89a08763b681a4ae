"""salon: fast, faithful rules engines for four painting-themed board games.

>>> import salon
>>> game = salon.load_game("azul_sintra", players=2)
>>> state = game.new_initial_state(seed=7)
>>> state.play_random(seed=1) > 0
True

The API follows OpenSpiel's names (``current_player``, ``legal_actions``, ``apply_action``,
``chance_outcomes``, ``returns``...), with a friendlier layer in the manner of python-chess
(``push``/``pop``/``peek``, ``legal_moves`` as printable ``Move`` objects).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Mapping, Union

from salon import _core
from salon._core import (
    CHANCE,
    BatchedSearch,
    Bot,
    MAX_PLAYERS,
    TERMINAL,
    ArrayAccessError,
    ComponentError,
    ConcurrentUseError,
    DeserializationError,
    EvaluatorError,
    Game,
    IllegalActionError,
    InvalidActionStringError,
    InvalidParameterError,
    InvalidPlayerError,
    Move,
    Network,
    NetworkError,
    NothingToUndoError,
    PositionError,
    SalonError,
    SearchResult,
    State,
    UnknownGameError,
    VectorEnv,
    WrongNodeError,
)

from salon.analysis import Analysis, MoveAnalysis
from salon.records import RecordError, read_records, replay, write_records

__version__: str = _core.__version__

ComponentSource = Union[str, "os.PathLike[str]", Mapping[str, Any], None]

__all__ = [
    "BatchedSearch",
    "Bot",
    "CHANCE",
    "MAX_PLAYERS",
    "TERMINAL",
    "Analysis",
    "ArrayAccessError",
    "ComponentError",
    "ConcurrentUseError",
    "DeserializationError",
    "EvaluatorError",
    "Game",
    "IllegalActionError",
    "InvalidActionStringError",
    "InvalidParameterError",
    "InvalidPlayerError",
    "Move",
    "MoveAnalysis",
    "Network",
    "NetworkError",
    "NothingToUndoError",
    "PositionError",
    "SalonError",
    "SearchResult",
    "State",
    "UnknownGameError",
    "VectorEnv",
    "WrongNodeError",
    "game_names",
    "load_game",
    "position_schema",
    "random_playout",
    "read_records",
    "registered_games",
    "replay",
    "RecordError",
    "write_records",
]


def _components_json(components: ComponentSource) -> str | None:
    if components is None:
        return None
    if isinstance(components, Mapping):
        try:
            return json.dumps(components)
        except (TypeError, ValueError) as err:
            raise ComponentError(f"component data is not JSON-serializable: {err}") from None
    if not isinstance(components, (str, os.PathLike)):
        raise ComponentError(f"components must be a path, a dict or JSON text, got {type(components).__name__}")
    if isinstance(components, str) and components.lstrip().startswith("{"):
        # The JSON text itself, as game.components_json() prints it (no file name starts so).
        return components
    path = Path(os.fspath(components))
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        shown = str(path) if len(str(path)) <= 80 else str(path)[:77] + "..."
        reason = err.strerror if isinstance(err, OSError) and err.strerror else type(err).__name__
        raise ComponentError(
            f"cannot read component file {shown!r}: {reason}; pass a file path, "
            "the parsed JSON as a dict, or the JSON text itself (a str starting with '{')"
        ) from None


def load_game(name: str, *, components: ComponentSource = None, **params: bool | int | str) -> Game:
    """Builds a registered game.

    ``name`` is an engine name (see :func:`game_names`) or an OpenSpiel-style string such as
    ``"azul_sintra(players=3,side=B)"``. ``components`` replaces the engine's substitute
    component set with a user's file of the same schema: a path, the parsed JSON as a dict, or
    the JSON text itself (what ``game.components_json()`` prints).
    """
    if not isinstance(name, str):
        raise UnknownGameError(f"a game name is a str, got {type(name).__name__}")
    if not name.isascii() and any("\ud800" <= ch <= "\udfff" for ch in name):
        raise UnknownGameError(f"a game name is valid Unicode text; {name!r} holds a lone surrogate")
    return _core.load_game(name, _components_json(components), **params)


def position_schema(name: str) -> dict[str, Any]:
    """The JSON Schema of game ``name``'s position format (``State.to_dict()``), shipped in
    the package as ``salon/schemas/<name>.json``; its ``version`` is the format's version.
    Documented field by field in ``docs/positions.md``."""
    if name not in game_names():
        raise UnknownGameError(f"unknown game {name!r}; registered games: {', '.join(game_names())}")
    text = (Path(__file__).parent / "schemas" / f"{name}.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def registered_games() -> list[dict[str, Any]]:
    """One dict per registered game: name, long_name, players, parameters.

    Each parameter is ``{"default", "allowed", "doc", "variant"}``; ``variant`` marks another
    reading of the rules (left out of the game string at its default, varied alone by
    :func:`salon.testing.configurations.configurations`).
    """
    return _core.registered_games()


def game_names() -> list[str]:
    """The engine names of the registered games."""
    return [g["name"] for g in _core.registered_games()]


def random_playout(game: Game | str, seed: int | None = None, **params: bool | int | str) -> State:
    """Plays one whole game with uniformly random moves and returns the final state.

    The same seed gives the same game (chance and decisions both derive from it).
    """
    if isinstance(game, str):
        game = _core.load_game(game, None, **params)
    state = game.new_initial_state(seed=seed)
    state.play_random(seed=state.seed)
    return state


# Gymnasium 1.x has no plugin discovery; `gymnasium.make("salon:salon/<game>-v0")` imports this
# package first, so register the ids here when Gymnasium is already loaded (it never is imported
# for it: `import salon` stays light).
if "gymnasium" in __import__("sys").modules:
    from salon._gymnasium_ids import register_gymnasium_envs as _register_gymnasium_envs

    _register_gymnasium_envs()
