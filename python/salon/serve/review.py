"""Uploaded records, reviewed move by move: validated by replaying them (``salon.records``),
kept as their moves only, and redrawn at any position on request.

An upload is untrusted: its texts are checked at the door (``inputs.check_texts``), and of a
record only what the review shows is kept (the start position, the action ids, the engine's
text of each move, the players' names, the final scores), never the record itself: padding in
an upload costs nothing once it is read. The store is bounded by count and by an estimate of
the bytes it keeps (``Review.cost``), the least recently used dropped first.
"""

from __future__ import annotations

import io
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from salon import _core, records
from salon.serve.errors import BadRequestError, RecordTooLargeError, ReviewNotFoundError
from salon.serve.inputs import check_texts

MAX_RECORD_BYTES = 2 * 1024 * 1024
MAX_REVIEWS = 64
MAX_REVIEW_BYTES = 64 * 1024 * 1024
# The estimate of a review's memory: a fixed part (the objects, the start position) and per
# move and per text what CPython spends on a list slot, an int and a str (measured with
# tracemalloc in tests/serve/test_hostile.py).
_BASE_COST = 16 * 1024
_MOVE_COST = 16 + 8 + 32
_TEXT_COST = 56


@dataclass
class Review:
    """One record, checked: the state it starts from and its moves."""

    game: _core.Game
    start: _core.State
    actions: list[int]
    actors: list[int]
    texts: list[str]
    players: list[str]
    seed: int
    resigned: int | None
    scores: list[int]
    returns: list[float]
    terminal: bool
    id: str = field(default_factory=lambda: secrets.token_urlsafe(16))
    last_seen: float = field(default_factory=time.monotonic)

    @property
    def cost(self) -> int:
        """An estimate of the bytes the review keeps."""
        texts = sum(len(t) + _TEXT_COST for t in self.texts) + sum(len(p) + _TEXT_COST for p in self.players)
        return _BASE_COST + _MOVE_COST * len(self.actions) + texts

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
        check_texts(record, f"line {line}: the record", records.RecordError)
        game = records.load_record_game(record, line=line)
        start = records.start_state(record, game, line=line)
        actors: list[int] = []
        texts: list[str] = []
        final = start
        for _, actor, text, state in records.replay_steps(record, line=line):
            actors.append(actor)
            texts.append(text)
            final = state
        actions = [int(entry[0]) for entry in record["actions"]]
        n = game.num_players()
        players = record.get("players")
        names = [str(p) for p in players] if isinstance(players, list) else [f"player {p}" for p in range(n)]
        resigned = record.get("resigned")
        return cls(
            game,
            start.clone(),
            actions,
            actors,
            texts,
            names,
            int(record["seed"]),
            resigned if isinstance(resigned, int) and not isinstance(resigned, bool) and 0 <= resigned < n else None,
            final.scores(),
            final.returns(),
            final.is_terminal(),
        )

    def state_at(self, position: int) -> _core.State:
        """The state after ``position`` moves (0: the start)."""
        if not 0 <= position <= len(self.actions):
            raise BadRequestError(f"position must be from 0 to {len(self.actions)}, got {position}")
        state = self.start.clone()
        for action in self.actions[:position]:
            state.apply_action(action)
        return state

    def summary(self) -> dict[str, Any]:
        return {
            "review": self.id,
            "game": {"name": self.game.name, "title": self.game.long_name, "spec": str(self.game)},
            "players": self.players,
            "seed": self.seed,
            "moves": [{"actor": a, "text": t} for a, t in zip(self.actors, self.texts)],
            "scores": self.scores,
            "returns": self.returns,
            "terminal": self.terminal,
            "resigned": self.resigned,
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
    """The uploaded records, the most recently used kept (a record is cheap to upload again):
    at most ``max_reviews`` of them, and at most ``max_bytes`` by their ``cost``."""

    def __init__(self, max_reviews: int = MAX_REVIEWS, max_bytes: int = MAX_REVIEW_BYTES) -> None:
        self.max_reviews = max_reviews
        self.max_bytes = max_bytes
        self._reviews: OrderedDict[str, Review] = OrderedDict()
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._reviews)

    def add(self, review: Review) -> Review:
        if review.cost > self.max_bytes:
            raise RecordTooLargeError(f"the record is too large to review here (about {review.cost // 1024} KiB kept)")
        self._reviews[review.id] = review
        self.bytes += review.cost
        while len(self._reviews) > self.max_reviews or self.bytes > self.max_bytes:
            _, dropped = self._reviews.popitem(last=False)
            self.bytes -= dropped.cost
        return review

    def get(self, review_id: str) -> Review:
        review = self._reviews.get(review_id)
        if review is None:
            raise ReviewNotFoundError("no such record (the address is wrong or the upload has expired): upload it again")
        self._reviews.move_to_end(review_id)
        review.last_seen = time.monotonic()
        return review
