"""Game records: one JSON object per game, many games as JSON Lines.

Format ``salon-record/1``::

    {"format": "salon-record/1", "game": "azul_sintra", "params": {"players": 2, "side": "A"},
     "components": {"name": ..., "hash": ...}, "seed": 12, "players": ["mcts:200", "greedy"],
     "actions": [[17, "draw red"], ...], "scores": [40, 35], "returns": [1.0, 0.0],
     "salon": "0.1.0"}

``actions`` holds every action from the start, chance outcomes included, each with its text
at its node; replaying the ids from ``seed`` reproduces the game exactly. ``players`` names who
sat in each seat (a bot spec or a person's name); ``salon`` is the version that wrote the
record. Readers ignore fields they do not know, so later versions may add some without changing
the format name; a change that breaks replay gets a new format name.

Action ids keep their meaning from version to version; their texts may be reworded (salon 0.2.0
renumbered azul_sintra's factories and slots from 0). So the texts are compared only for a
record written by the running version; a record of another version is checked by its action ids
and its final scores and returns, never refused for a wording change.

Format ``salon-record/2`` is the same with one more field, ``start``: the position the game
started from (``State.to_dict()``, see ``docs/positions.md``), for games set up from a
position rather than from the first node. Records that start at the first node keep the
format ``salon-record/1``; readers read both.

A record is untrusted input: :func:`replay` checks every field it uses and raises
:class:`RecordError` naming the line and the move at fault, never anything else.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

import salon._core as _core

RECORD_FORMAT = "salon-record/1"
RECORD_FORMAT_START = "salon-record/2"


class RecordError(_core.SalonError):
    """A record that does not parse or does not replay; the message names line and move."""


def _start_of(state: _core.State) -> dict[str, Any] | None:
    """The position a state's history starts from, or None when it starts at the first node."""
    first = json.loads(state.serialize())["segments"][0]
    start: dict[str, Any] | None = first.get("position")
    return start


def record_of(state: _core.State, players: list[str]) -> dict[str, Any]:
    """The record of a game played from its first node (or its starting position) to ``state``."""
    game = state.game()
    start = _start_of(state)
    if start is None:
        replay_state = game.new_initial_state(seed=state.seed)
    else:
        replay_state = game.state_from_dict(start, seed=state.seed)
    actions: list[list[Any]] = []
    for action in state.history():
        actions.append([action, replay_state.action_to_string(action)])
        replay_state.apply_action(action)
    record: dict[str, Any] = {
        "format": RECORD_FORMAT if start is None else RECORD_FORMAT_START,
        "game": game.name,
        "params": game.get_parameters(),
        "components": {k: game.components[k] for k in ("name", "hash")},
        "seed": state.seed,
        "players": [str(p) for p in players],
        "actions": actions,
        "scores": state.scores(),
        "returns": state.returns(),
        "salon": _core.__version__,
    }
    if start is not None:
        record["start"] = start
    return record


def write_records(path: str | Path, records: Iterable[dict[str, Any]]) -> int:
    """Writes records as JSON Lines (replacing the file); returns how many."""
    n = 0
    with open(path, "w", encoding="utf-8") as f:
        for rec in records:
            f.write(json.dumps(rec, separators=(",", ":")) + "\n")
            n += 1
    return n


def append_record(f: IO[str], record: dict[str, Any]) -> None:
    """Writes one record as one line of an open JSON Lines file."""
    f.write(json.dumps(record, separators=(",", ":")) + "\n")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different (json keeps the last of a repeated key)."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"duplicate key {key!r}")
        out[key] = value
    return out


def parse_record_line(line: str, lineno: int) -> Any:
    """One line of JSON, strictly: a repeated key, an integer of more digits than Python
    converts, or nesting too deep is a :class:`RecordError` naming the line."""
    try:
        return json.loads(line, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as err:
        raise RecordError(f"line {lineno}: not valid JSON ({err.msg})") from None
    except RecursionError:
        raise RecordError(f"line {lineno}: not valid JSON (nested too deeply)") from None
    except ValueError as err:
        # Repeated keys, and integers past int_max_str_digits (4300 digits).
        raise RecordError(f"line {lineno}: not a valid record ({err})") from None


def read_records(source: str | Path | IO[str]) -> Iterator[tuple[int, dict[str, Any]]]:
    """Streams ``(line number, record)`` from a JSON Lines file, one line at a time."""
    if isinstance(source, (str, Path)):
        with open(source, encoding="utf-8") as f:
            yield from read_records(f)
        return
    for lineno, line in enumerate(source, start=1):
        if not line.strip():
            continue
        rec = parse_record_line(line, lineno)
        if not isinstance(rec, dict):
            raise RecordError(f"line {lineno}: a record must be a JSON object")
        yield lineno, rec


def read_record(source: str | Path, line: int | None = None) -> tuple[int, dict[str, Any]]:
    """One record of a file: the one on ``line``, or the first one."""
    for lineno, rec in read_records(source):
        if line is None or lineno == line:
            return lineno, rec
    if line is None:
        raise RecordError(f"{source}: no record in the file")
    raise RecordError(f"{source}: no record on line {line}")


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _seed(record: dict[str, Any], where: str) -> int:
    seed = record.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
        raise RecordError(f"{where}: seed must be an integer in [0, 2^64)")
    return seed


def _check_record(record: Any, where: str) -> dict[str, Any]:
    if not isinstance(record, dict):
        raise RecordError(f"{where}: a record is a dict (one parsed JSON object), got {type(record).__name__}")
    return record


def load_record_game(record: dict[str, Any], *, line: int = 1, game: _core.Game | None = None) -> _core.Game:
    """The game a record was played with (parameters and component set checked).

    ``game`` supplies a game built with a user's component set (the record names the set
    only by its hash); without it the record must use the built-in set.
    """
    where = f"line {line}"
    record = _check_record(record, where)
    if record.get("format") not in (RECORD_FORMAT, RECORD_FORMAT_START):
        raise RecordError(
            f"{where}: format must be {RECORD_FORMAT!r} or {RECORD_FORMAT_START!r}, not {record.get('format')!r}"
        )
    name = record.get("game")
    if not isinstance(name, str):
        raise RecordError(f"{where}: game must be a string")
    params = record.get("params")
    if not isinstance(params, dict) or not all(isinstance(v, (bool, int, str)) for v in params.values()):
        raise RecordError(f"{where}: params must be an object of booleans, integers and strings")
    try:
        loaded = _core.load_game(name, None, **params)
    except (_core.SalonError, TypeError, OverflowError) as err:
        raise RecordError(f"{where}: {err}") from None
    if game is None:
        game = loaded
    elif game.name != loaded.name or game.get_parameters() != loaded.get_parameters():
        raise RecordError(f"{where}: the record is a game of {loaded}, not of the given {game}")
    comp = record.get("components")
    if not isinstance(comp, dict):
        raise RecordError(f"{where}: components must be an object with name and hash")
    if comp.get("hash") != game.components["hash"]:
        raise RecordError(
            f"{where}: component set {comp.get('name')!r} (hash {comp.get('hash')!r}) is not the loaded "
            f"{game.components['name']!r} (hash {game.components['hash']!r})"
        )
    return game


def start_state(record: dict[str, Any], game: _core.Game, *, line: int = 1) -> _core.State:
    """The state a record's moves start from: the first node, or its ``start`` position."""
    where = f"line {line}"
    seed = _seed(record, where)
    start = record.get("start")
    if start is None:
        return game.new_initial_state(seed=seed)
    if record.get("format") != RECORD_FORMAT_START:
        raise RecordError(f"{where}: a starting position needs format {RECORD_FORMAT_START!r}")
    if not isinstance(start, dict):
        raise RecordError(f"{where}: start must be a position object")
    try:
        return game.state_from_dict(start, seed=seed)
    except _core.SalonError as err:
        raise RecordError(f"{where}: start: {err}") from None


def replay_steps(
    record: dict[str, Any], *, line: int = 1, game: _core.Game | None = None, viewer: int | None = None
) -> Iterator[tuple[int, int, str, _core.State]]:
    """Re-runs a record move by move, checking each: yields ``(move index, actor, text, state after)``.

    ``text`` is the move's text in the running version (an older record may word it differently);
    with ``viewer``, the text as that player may read it (``State.action_to_string(viewer,
    action)``: a card dealt to another hand is not named), for showing a record to one seat.

    ``actor`` is the player who chose the move, or ``salon.CHANCE`` for a chance outcome. The
    state yielded is the live one: clone it to keep it. The final scores are checked after the
    last move.
    """
    where = f"line {line}"
    game = load_record_game(record, line=line, game=game)
    players = record.get("players")
    if players is not None and not (isinstance(players, list) and all(isinstance(p, str) for p in players)):
        raise RecordError(f"{where}: players must be a list of strings")
    if isinstance(players, list) and len(players) != game.num_players():
        raise RecordError(f"{where}: {len(players)} players named for a {game.num_players()}-player game")
    if viewer is not None and not (isinstance(viewer, int) and 0 <= viewer < game.num_players()):
        raise ValueError(f"viewer must be a player from 0 to {game.num_players() - 1}, got {viewer!r}")
    state = start_state(record, game, line=line)
    check_texts = record.get("salon") == _core.__version__
    actions = record.get("actions")
    if not isinstance(actions, list):
        raise RecordError(f"{where}: actions must be a list")
    for i, entry in enumerate(actions):
        if not (isinstance(entry, list) and len(entry) == 2 and _is_int(entry[0]) and isinstance(entry[1], str)):
            raise RecordError(f"{where}, move {i}: expected [action id, text], got {json.dumps(entry)[:80]}")
        action, text = entry
        if state.is_terminal():
            raise RecordError(f"{where}, move {i} ({text!r}): the game is already over")
        actor = state.current_player()
        try:
            actual = state.action_to_string(action)
            shown = actual if viewer is None else state.action_to_string(viewer, action)
        except (_core.SalonError, OverflowError, TypeError) as err:
            raise RecordError(f"{where}, move {i} ({text!r}): {err}") from None
        if check_texts and actual != text:
            raise RecordError(f"{where}, move {i}: action {action} is {actual!r} here, the record says {text!r}")
        try:
            state.apply_action(action)
        except (_core.SalonError, OverflowError, TypeError) as err:
            raise RecordError(f"{where}, move {i} ({text!r}): {err}") from None
        yield i, actor, shown, state
    if "scores" in record and record["scores"] != state.scores():
        raise RecordError(f"{where}: final scores {state.scores()} differ from the record's {record['scores']}")
    if "returns" in record and record["returns"] is not None:
        ret = record["returns"]
        if not (isinstance(ret, list) and len(ret) == len(state.returns())
                and all(isinstance(r, (int, float)) and abs(r - s) < 1e-9 for r, s in zip(ret, state.returns()))):
            raise RecordError(f"{where}: final returns {state.returns()} differ from the record's {ret}")


def replay(record: dict[str, Any], *, line: int = 1, game: _core.Game | None = None) -> _core.State:
    """Re-runs a record, checking every action and the final scores; returns the final state.

    ``game`` is needed only for a record played with a user's component set. Raises
    :class:`RecordError` naming the line and the move at fault.
    """
    state: _core.State | None = None
    for _, _, _, state in replay_steps(record, line=line, game=game):
        pass
    if state is None:
        game = load_record_game(record, line=line, game=game)
        state = start_state(record, game, line=line)
    return state


def replay_file(source: str | Path | IO[str]) -> Iterator[tuple[int, dict[str, Any], _core.State]]:
    """Verifies every record of a JSON Lines file, streaming: yields ``(line, record, final state)``."""
    for lineno, rec in read_records(source):
        yield lineno, rec, replay(rec, line=lineno)
