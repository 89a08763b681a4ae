"""Uploaded records, reviewed move by move: validated by replaying them (``salon.records``),
kept as their moves only, and redrawn at any position on request."""

from __future__ import annotations

import io
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from salon import _core, records
from salon.serve.errors import BadRequestError, ReviewNotFoundError

MAX_RECORD_BYTES = 2 * 1024 * 1024


@dataclass
class Review:
    """One record, checked: the state it starts from and its moves."""

    record: dict[str, Any]
    game: _core.Game
    moves: list[dict[str, Any]]
    actions: list[int]
    scores: list[int]
    returns: list[float]
    terminal: bool
    id: str = field(default_factory=lambda: secrets.token_urlsafe(16))
    last_seen: float = field(default_factory=time.monotonic)

    @classmethod
    def from_text(cls, text: str, line: int | None = None) -> Review:
        """The record on ``line`` (or the first one) of JSON Lines text; ``RecordError`` when it
        does not parse or does not replay."""
        chosen: tuple[int, dict[str, Any]] | None = None
        for lineno, rec in records.read_records(io.StringIO(text)):
            if line is None or lineno == line:
                chosen = (lineno, rec)
                break
        if chosen is None:
            raise records.RecordError("no record in the upload" if line is None else f"no record on line {line}")
        return cls.from_record(chosen[1], line=chosen[0])

    @classmethod
    def from_record(cls, record: dict[str, Any], line: int = 1) -> Review:
        game = records.load_record_game(record, line=line)
        moves: list[dict[str, Any]] = []
        actions: list[int] = []
        final = records.start_state(record, game, line=line)
        for _, actor, text, state in records.replay_steps(record, line=line):
            moves.append({"actor": actor, "text": text})
            final = state
        actions = [int(entry[0]) for entry in record["actions"]]
        return cls(record, game, moves, actions, final.scores(), final.returns(), final.is_terminal())

    def state_at(self, position: int) -> _core.State:
        """The state after ``position`` moves (0: the start)."""
        if not 0 <= position <= len(self.actions):
            raise BadRequestError(f"position must be from 0 to {len(self.actions)}, got {position}")
        state = records.start_state(self.record, self.game)
        for action in self.actions[:position]:
            state.apply_action(action)
        return state

    def summary(self) -> dict[str, Any]:
        rec = self.record
        n = self.game.num_players()
        players = rec.get("players")
        names = [str(p) for p in players] if isinstance(players, list) else [f"player {p}" for p in range(n)]
        return {
            "review": self.id,
            "game": {"name": self.game.name, "title": self.game.long_name, "spec": str(self.game)},
            "players": names,
            "seed": rec.get("seed"),
            "moves": self.moves,
            "scores": self.scores,
            "returns": self.returns,
            "terminal": self.terminal,
            "resigned": rec.get("resigned") if isinstance(rec.get("resigned"), int) else None,
        }

    def position(self, position: int, view: int) -> dict[str, Any]:
        """The drawing after ``position`` moves: the whole table (``view`` -1) or a player's view."""
        n = self.game.num_players()
        if not -1 <= view < n:
            raise BadRequestError(f"view must be -1 (the whole table) or a player from 0 to {n - 1}, got {view}")
        state = self.state_at(position)
        svg = state.render_svg() if view < 0 else state.render_svg(view)
        return {"review": self.id, "position": position, "view": view, "svg": svg, "scores": state.scores()}


class ReviewStore:
    """The uploaded records, the most recently used kept (a record is cheap to upload again)."""

    def __init__(self, max_reviews: int = 64) -> None:
        self.max_reviews = max_reviews
        self._reviews: OrderedDict[str, Review] = OrderedDict()

    def __len__(self) -> int:
        return len(self._reviews)

    def add(self, review: Review) -> Review:
        self._reviews[review.id] = review
        while len(self._reviews) > self.max_reviews:
            self._reviews.popitem(last=False)
        return review

    def get(self, review_id: str) -> Review:
        review = self._reviews.get(review_id)
        if review is None:
            raise ReviewNotFoundError("no such record (the address is wrong or the upload has expired): upload it again")
        self._reviews.move_to_end(review_id)
        review.last_seen = time.monotonic()
        return review
