"""Who sits where: a person, or a bot (random, greedy, MCTS with a time or simulation budget,
or salon's shipped network for the game with a simulation budget)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from salon import _core
from salon.play import make_bot
from salon.serve.errors import BadRequestError

KINDS = ("human", "random", "greedy", "mcts", "network")
# The bots that search (on the bot workers, bounded in time); the others answer at once.
SEARCHERS = ("mcts", "network")
MIN_SECONDS, MAX_SECONDS = 0.05, 60.0
MAX_SIMULATIONS = 100_000
# A bot's move is bounded by time whatever its budget says: a search of a time budget ends by
# itself (the engine's clock), one of a simulation budget is waited for MAX_SECONDS at most (the
# server's, see bots.py); GRACE covers the engine's last simulation and a busy machine.
GRACE_SECONDS = 2.0
MAX_NAME = 40
DEFAULT_MCTS_SECONDS = 1.0
DEFAULT_NETWORK_SIMULATIONS = 200


@dataclass(frozen=True)
class SeatSpec:
    """One seat of a table. An MCTS bot thinks ``seconds`` per move, or runs ``simulations``
    per move when no time is given (deterministic for a seed); a network bot runs
    ``simulations`` per move with the network salon ships for the game and player count
    (never a file a request names)."""

    kind: str
    seconds: float | None = None
    simulations: int | None = None
    name: str = ""

    @property
    def human(self) -> bool:
        return self.kind == "human"

    def label(self) -> str:
        """What the page shows for the seat."""
        if self.human:
            return self.name or "a person"
        if self.kind == "mcts":
            if self.seconds is not None:
                return f"MCTS bot, {self.seconds:g} s per move"
            return f"MCTS bot, {self.simulations} simulations per move"
        if self.kind == "network":
            return f"network bot, {self.simulations} simulations per move"
        return f"{self.kind} bot"

    def record_name(self) -> str:
        """The seat in the record's ``players`` (a bot spec as `salon arena` writes them)."""
        if self.human:
            return self.name or "human"
        if self.kind == "mcts":
            return f"mcts:{self.seconds:g}s" if self.seconds is not None else f"mcts:{self.simulations}"
        if self.kind == "network":
            return f"net:{self.simulations}"
        return self.kind

    def budget(self) -> dict[str, Any] | None:
        """The search budget shown while the bot thinks (``None`` for a person or a fast bot)."""
        if self.kind not in SEARCHERS:
            return None
        return {"seconds": self.seconds, "simulations": None if self.seconds is not None else self.simulations}

    def move_seconds(self, cap: float = MAX_SECONDS) -> float:
        """How long the table waits for this bot's move, at most (``cap``: the server's limit
        for a search of a simulation budget)."""
        if self.seconds is not None:
            return min(self.seconds, cap) + GRACE_SECONDS
        return cap

    @property
    def searches(self) -> bool:
        """Whether the seat's bot searches (on the bot workers, its move bounded in time)."""
        return self.kind in SEARCHERS

    def make_bot(self, seed: int, game: _core.Game) -> _core.Bot:
        """The seat's bot, made by :func:`salon.play.make_bot` from its spec (``record_name``:
        never a file, so a request cannot make the server open one); a time budget, which the
        spec grammar has no word for, is given to the engine's MCTS directly."""
        if self.kind == "mcts" and self.seconds is not None:
            return _core.Bot("mcts", time_limit=self.seconds, seed=seed)
        return make_bot(self.record_name(), seed, game)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seconds": self.seconds, "simulations": self.simulations, "name": self.name}


def _number(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise BadRequestError(f"{where} must be a number, got {value!r}")
    return float(value)


def _simulations(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_SIMULATIONS:
        raise BadRequestError(f"{where}.simulations must be an integer from 1 to {MAX_SIMULATIONS}, got {value!r}")
    return value


def parse_seat(data: Any, where: str) -> SeatSpec:
    """A seat from the JSON of a request: ``{"kind": "mcts", "seconds": 1}``, ``{"kind": "human"}``..."""
    if isinstance(data, str):
        data = {"kind": data}
    if not isinstance(data, dict):
        raise BadRequestError(f"{where} must be an object such as {{\"kind\": \"random\"}}")
    unknown = sorted(set(data) - {"kind", "seconds", "simulations", "name"})
    if unknown:
        raise BadRequestError(f"{where}: unknown field {unknown[0]!r} (fields: kind, seconds, simulations, name)")
    kind = data.get("kind")
    if kind not in KINDS:
        raise BadRequestError(f"{where}.kind must be one of {', '.join(KINDS)}, got {kind!r}")
    name = data.get("name", "")
    if not isinstance(name, str) or len(name) > MAX_NAME or not name.isprintable():
        raise BadRequestError(f"{where}.name must be a printable text of at most {MAX_NAME} characters")
    seconds = data.get("seconds")
    simulations = data.get("simulations")
    if kind == "network":
        if seconds is not None:
            raise BadRequestError(f"{where}: a network bot searches a number of simulations, not seconds")
        simulations = DEFAULT_NETWORK_SIMULATIONS if simulations is None else _simulations(simulations, where)
        return SeatSpec("network", simulations=simulations)
    if kind != "mcts":
        if seconds is not None or simulations is not None:
            raise BadRequestError(f"{where}: only an MCTS or network bot takes simulations, only an MCTS bot seconds")
        return SeatSpec(kind, name=name.strip() if kind == "human" else "")
    if seconds is not None and simulations is not None:
        raise BadRequestError(f"{where}: give an MCTS bot seconds or simulations, not both")
    if simulations is not None:
        return SeatSpec("mcts", simulations=_simulations(simulations, where))
    secs = DEFAULT_MCTS_SECONDS if seconds is None else _number(seconds, f"{where}.seconds")
    if not MIN_SECONDS <= secs <= MAX_SECONDS:
        raise BadRequestError(f"{where}.seconds must be from {MIN_SECONDS:g} to {MAX_SECONDS:g}, got {secs:g}")
    return SeatSpec("mcts", seconds=secs)
