"""Finding hidden cards in what a seat's page received (used by tests/serve and tests/browser).

The hidden values of a position for a seat are the texts (card and patron names) that the
whole position, ``to_dict()``, holds more often than the seat's view, ``observation_dict(seat)``.
A payload leaks when it names, as a whole word, a value hidden at that moment that the seat
has never seen in its own view before (a card seen in the discard pile and later shuffled into
the deck may be named by the log of the move that discarded it).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import salon
from salon import records


def texts(value: Any, out: Counter[str] | None = None) -> Counter[str]:
    out = Counter() if out is None else out
    if isinstance(value, dict):
        for v in value.values():
            texts(v, out)
    elif isinstance(value, list):
        for v in value:
            texts(v, out)
    elif isinstance(value, str):
        out[value] += 1
    return out


def hidden_at(state: salon.State, seat: int) -> set[str]:
    return set((texts(state.to_dict()) - texts(state.observation_dict(seat))).keys())


def named(text: str, value: str) -> bool:
    return value in text and re.search(r"(?<!\w)" + re.escape(value) + r"(?!\w)", text) is not None


@dataclass
class Payloads:
    """Every payload one seat's page received during one game, with the ply it was made at."""

    seat: int
    bodies: list[tuple[int, str]] = field(default_factory=list)

    def add(self, ply: int, body: str) -> None:
        self.bodies.append((ply, body))

    def leaks(self, record: dict[str, Any]) -> list[str]:
        """Replays the game's record and lists every hidden value a payload names (empty: none),
        after checking that each payload's view is the seat's view of the position at its ply."""
        states = positions(record)
        secret: list[set[str]] = []
        seen: set[str] = set()
        for state in states:
            seen |= set(texts(state.observation_dict(self.seat)))
            secret.append(hidden_at(state, self.seat) - seen)
        found = []
        for ply, body in self.bodies:
            try:
                data = json.loads(body)
            except ValueError:
                data = None
            if isinstance(data, dict) and "observation" in data:
                assert data["observation"] == states[ply].observation_dict(self.seat), f"view at ply {ply} is not the seat's"
            for value in secret[ply]:
                if named(body, value):
                    found.append(f"ply {ply}: {value!r} in {body[max(0, body.find(value) - 80):body.find(value) + 80]!r}")
        return found

    def hidden_count(self, record: dict[str, Any]) -> int:
        """How many (ply, hidden value) pairs the check looked for: a game with none checks nothing."""
        return sum(len(hidden_at(s, self.seat)) for s in positions(record))


def positions(record: dict[str, Any]) -> list[salon.State]:
    """Every position of a recorded game, from the start (index = ply)."""
    states = [records.start_state(record, records.load_record_game(record))]
    for _, _, _, state in records.replay_steps(record):
        states.append(state.clone())
    return states
