"""Game records: one JSON object per game, many games as JSON Lines.

Format ``salon-record/1``::

    {"format": "salon-record/1", "game": "azul_sintra", "params": {...},
     "components": {"name": ..., "hash": ...}, "seed": 12, "players": ["random", "random"],
     "actions": [[17, "draw red"], ...], "scores": [40, 35], "returns": [1.0, 0.0]}

``actions`` holds every action from the start, chance outcomes included, each with its text
at its node; replaying the ids reproduces the game exactly.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from salon import _core

RECORD_FORMAT = "salon-record/1"


class RecordError(_core.SalonError):
    """A record that does not parse or does not replay; the message names line and move."""


def record_of(state: _core.State, players: list[str]) -> dict[str, Any]:
    """The record of a game played from its first node to ``state``."""
    game = state.game()
    replay = game.new_initial_state(seed=state.seed)
    actions: list[list[Any]] = []
    for action in state.history():
        actions.append([action, replay.action_to_string(action)])
        replay.apply_action(action)
    return {
        "format": RECORD_FORMAT,
        "game": game.name,
        "params": game.get_parameters(),
        "components": {k: game.components[k] for k in ("name", "hash")},
        "seed": state.seed,
        "players": list(players),
        "actions": actions,
        "scores": state.scores(),
        "returns": state.returns(),
    }


def write_records(path: str | Path, records: Iterable[dict[str, Any]]) -> int:
    """Writes records as JSON Lines; returns how many."""
    n = 0
    with open(path, "w", encoding="utf-8") as f:
        for rec in records:
            f.write(json.dumps(rec, separators=(",", ":")) + "\n")
            n += 1
    return n


def read_records(source: str | Path | IO[str]) -> Iterator[tuple[int, dict[str, Any]]]:
    """Streams ``(line number, record)`` from a JSON Lines file, one line at a time."""
    if isinstance(source, (str, Path)):
        with open(source, encoding="utf-8") as f:
            yield from read_records(f)
        return
    for lineno, line in enumerate(source, start=1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as err:
            raise RecordError(f"line {lineno}: not valid JSON ({err.msg})") from None
        if not isinstance(rec, dict):
            raise RecordError(f"line {lineno}: a record must be a JSON object")
        yield lineno, rec


def replay(record: dict[str, Any], *, line: int = 1) -> _core.State:
    """Re-runs a record, checking every action and the final scores; returns the final state."""
    where = f"line {line}"
    if record.get("format") != RECORD_FORMAT:
        raise RecordError(f"{where}: format must be {RECORD_FORMAT!r}")
    params = record.get("params")
    if not isinstance(params, dict):
        raise RecordError(f"{where}: params must be an object")
    try:
        game = _core.load_game(str(record.get("game")), None, **params)
    except _core.SalonError as err:
        raise RecordError(f"{where}: {err}") from None
    comp = record.get("components") or {}
    if comp.get("hash") != game.components["hash"]:
        raise RecordError(f"{where}: component set {comp.get('name')!r} (hash {comp.get('hash')!r}) is not the loaded one")
    seed = record.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise RecordError(f"{where}: seed must be a non-negative integer")
    state = game.new_initial_state(seed=seed)
    actions = record.get("actions")
    if not isinstance(actions, list):
        raise RecordError(f"{where}: actions must be a list")
    for i, entry in enumerate(actions):
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], int) and isinstance(entry[1], str)):
            raise RecordError(f"{where}, move {i}: expected [action id, text]")
        action, text = entry
        try:
            actual = state.action_to_string(action)
        except _core.SalonError as err:
            raise RecordError(f"{where}, move {i} ({text!r}): {err}") from None
        if actual != text:
            raise RecordError(f"{where}, move {i}: action {action} is {actual!r} here, the record says {text!r}")
        try:
            state.apply_action(action)
        except _core.SalonError as err:
            raise RecordError(f"{where}, move {i} ({text!r}): {err}") from None
    if "scores" in record and record["scores"] != state.scores():
        raise RecordError(f"{where}: final scores {state.scores()} differ from the record's {record['scores']}")
    return state
