"""Table sessions: one game at a table, its seats, its log, and the task that moves bots and chance.

All changes to a table happen on the event loop's thread; a bot thinks on a worker thread on a
clone of the state (``bots.BotWorkers``). Every change bumps ``version``, and pages wait for a
version above the one they show (long polling, ``wait_change``), so a bot's moves reach the page
one at a time, ``pace`` seconds apart.

Each table and each of its seats has its own unguessable key (``secrets.token_urlsafe``): a
seat's page can ask for that seat's view only, and tables never see each other.

What a seat may do to the others (no seat can cheat another):

- **Undo** takes back only the asking seat's own last moves, and only while no other person has
  moved since (the bots' replies and chance go with them).
- **Chance stays drawn**: an outcome the table drew is remembered by its place in the history
  (the ply and the chance node's outcomes); when the same chance node comes again after an
  undo, the same outcome comes again, so undoing cannot re-roll dice nor peek at a new card.
- **A new game** starts when the game is over, or when every person at the table has asked for
  one; until then an ask is recorded and shown to the others.
- A **hint** (what salon's network for the game thinks of the position) is given to the person
  to move only, on their turn, from a search that reads only that seat's information; it is
  computed once per position, on the bot workers, with a budget the server sets.
- A table of bots only has one key, given to its creator: that page may **stop** the game
  (and deal a new one). It plays only while someone watches: unseen for ``watch_seconds``, it
  pauses until its page is looked at again.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from salon import _core, records
from salon.agents import agent_file, shipped_network
from salon.serve import visibility
from salon.serve.bots import BotWorkers, Thought
from salon.serve.errors import (
    BadRequestError,
    GameNotOverError,
    GameOverError,
    NotAllowedError,
    NotYourTurnError,
    SearchTimeoutError,
    StaleViewError,
    TableNotFoundError,
    TooManyTablesError,
    UndoRefusedError,
)
from salon.serve.seats import MAX_SECONDS, SeatSpec

log = logging.getLogger("salon.serve")

SPECTATOR = -1
MAX_PACE = 5.0
KEY_BYTES = 16
MAX_UNDOS = 500  # per game: bounds the chance outcomes remembered across undos
WATCH_SECONDS = 120.0
HINT_SIMULATIONS = 200


MAX_NAME_TEXT = 64


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:60] + "..."


def _key() -> str:
    return secrets.token_urlsafe(KEY_BYTES)


@dataclass
class LogEntry:
    """One move of the game: who made it, its text, and the text each seat may read."""

    actor: int
    text: str
    shown: list[str]


@dataclass
class Thinking:
    """A bot searching for its move (shown with its budget while it thinks)."""

    seat: int
    started: float
    budget: dict[str, Any] | None


@dataclass
class Table:
    """A game played at one table, from its set-up to the end, then again on "new game"."""

    game: _core.Game
    seats: list[SeatSpec]
    workers: BotWorkers
    pace: float = 0.0
    seed: int | None = None
    move_seconds: float = MAX_SECONDS
    watch_seconds: float = WATCH_SECONDS
    id: str = field(default_factory=_key)
    version: int = 0
    games_played: int = 0

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed if self.seed is not None else secrets.randbits(64))
        # A key per human seat; a table of bots only gets a spectator key (the whole table).
        self.keys: dict[str, int] = {_key(): p for p, spec in enumerate(self.seats) if spec.human}
        if not self.keys:
            self.keys[_key()] = SPECTATOR
        self.last_seen = time.monotonic()
        self._changed = asyncio.Event()
        self._think_lock = asyncio.Lock()
        self._epoch = 0
        self._driver: asyncio.Task[None] | None = None
        self._driver_epoch = 0
        self.paused = False
        # A file the server names itself (never a request): whether salon ships a network here.
        self.hints = agent_file(self.game).is_file()
        self._hint_lock = asyncio.Lock()
        self._hint: tuple[int, dict[str, Any]] | None = None
        self._start_game()

    # ------------------------------------------------------------------ the game's life

    def _start_game(self) -> None:
        self._epoch += 1
        self.game_seed = self._rng.getrandbits(63)
        self.state = self.game.new_initial_state(seed=self.game_seed)
        self.bots: list[_core.Bot | None] = [
            None if spec.human else spec.make_bot(self._rng.getrandbits(63), self.game) for spec in self.seats
        ]
        self.log: list[LogEntry] = []
        self.resigned: int | None = None
        self.stopped = False
        self.thinking: Thinking | None = None
        self.last_thought: dict[int, Thought] = {}
        self.failure: str | None = None
        self.new_game_asks: set[int] = set()
        # Chance outcomes drawn in this game, by (ply, hash of the node's outcomes).
        self._drawn: dict[tuple[int, int], int] = {}
        self.undos = 0
        self.games_played += 1

    @property
    def over(self) -> bool:
        return self.resigned is not None or self.stopped or self.state.is_terminal()

    @property
    def has_humans(self) -> bool:
        return any(spec.human for spec in self.seats)

    @property
    def bot_only(self) -> bool:
        return not self.has_humans

    @property
    def people(self) -> set[int]:
        """The seats of persons."""
        return {p for p, spec in enumerate(self.seats) if spec.human}

    def seat_of(self, key: str) -> int:
        # compare_digest takes ASCII text only (a key is URL-safe base64); anything else is no key.
        raw = key.encode("utf-8", "surrogateescape")
        for known, seat in self.keys.items():
            if secrets.compare_digest(known.encode("ascii"), raw):
                return seat
        raise TableNotFoundError("no such seat at this table (the address is wrong or the table has expired)")

    def key_of(self, seat: int) -> str:
        return next(k for k, s in self.keys.items() if s == seat)

    def _bump(self) -> None:
        self.version += 1
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_change(self, after: int, timeout: float) -> None:
        """Returns once ``version`` is above ``after``, or after ``timeout`` seconds."""
        if self.version > after or timeout <= 0:
            return
        event = self._changed
        try:
            await asyncio.wait_for(event.wait(), timeout)
        except asyncio.TimeoutError:
            pass

    def _apply(self, action: int) -> None:
        """Applies a legal action (checked by the engine) and logs it with each seat's text."""
        state = self.state
        actor = state.current_player()
        text = state.action_to_string(action)
        shown = visibility.move_texts(state, action, len(self.seats))
        state.apply_action(action)
        self.log.append(LogEntry(actor, text, shown))

    # --------------------------------------------------------------- bots and chance

    def start(self) -> None:
        """Lets chance and the bots play until a person is to move (or the game ends)."""
        if self._driver is not None and not self._driver.done():
            if self._driver_epoch == self._epoch:
                return
        self._driver_epoch = self._epoch
        self._driver = asyncio.get_running_loop().create_task(self._drive(self._epoch))

    async def _drive(self, epoch: int) -> None:
        try:
            while epoch == self._epoch and not self.over:
                state = self.state
                if state.is_chance_node():
                    self._apply(self._chance_outcome(state))
                    self._bump()
                    continue
                seat = state.current_player()
                bot = self.bots[seat]
                if bot is None:
                    return
                if self.bot_only and time.monotonic() - self.last_seen > self.watch_seconds:
                    self.paused = True  # nobody watches: resumed by the next look (TableRegistry.seat)
                    self._bump()
                    return
                async with self._think_lock:
                    if epoch != self._epoch:
                        return
                    spec = self.seats[seat]
                    self.thinking = Thinking(seat, time.monotonic(), spec.budget())
                    self._bump()
                    thought = await self.workers.choose(
                        bot, state.clone(), table=self.id, bot_only=self.bot_only,
                        limit=spec.move_seconds(self.move_seconds) if spec.searches else None,
                    )
                if epoch != self._epoch:
                    return
                self.thinking = None
                self.last_thought[seat] = thought
                if thought.cut:
                    # Its search still runs on a worker with this bot: the next one gets another.
                    self.bots[seat] = spec.make_bot(self._rng.getrandbits(63), self.game)
                self._apply(thought.action)
                self._bump()
                if self.pace > 0 and not self.over:
                    await asyncio.sleep(self.pace)
        except asyncio.CancelledError:
            raise
        except Exception as err:  # a bug, not a user's mistake: shown on the page, the server goes on
            log.exception("table %s: the bot or chance driver failed", self.id)
            self.failure = f"{type(err).__name__}: {err}"
            self.thinking = None
            self._bump()

    def _chance_outcome(self, state: _core.State) -> int:
        """The outcome at a chance node: the one drawn before at this node (same ply, same
        outcomes: the position came again after an undo), else a fresh draw, remembered."""
        outcomes = state.chance_outcomes()
        key = (state.ply, hash(tuple(outcomes)))
        action = self._drawn.get(key)
        if action is None:
            action = self._rng.choices([a for a, _ in outcomes], weights=[w for _, w in outcomes])[0]
            self._drawn[key] = action
        return action

    def resume(self) -> None:
        """Someone looks at the table: a paused table of bots plays on."""
        self.last_seen = time.monotonic()
        if self.paused:
            self.paused = False
            self._bump()
            self.start()

    def close(self) -> None:
        self._epoch += 1
        if self._driver is not None:
            self._driver.cancel()

    # ------------------------------------------------------------ what a person does

    def _check_turn(self, seat: int, version: Any) -> None:
        if self.over:
            raise GameOverError("the game is over: start a new game")
        if version is not None:
            if isinstance(version, bool) or not isinstance(version, int):
                raise BadRequestError(f"version must be an integer, got {_shown(version)}")
            if version != self.version:
                raise StaleViewError(
                    f"the table has changed since your view (version {version}, now {self.version}): look again"
                )
        if seat == SPECTATOR or self.state.is_chance_node() or self.state.current_player() != seat:
            raise NotYourTurnError("it is not your turn")

    def play(self, seat: int, body: Any) -> None:
        """A person's move: ``{"action": id}`` or ``{"kind": ..., "fields": {...}}``, optionally
        with the ``version`` of the view it was chosen on."""
        if not isinstance(body, dict):
            raise BadRequestError('a move is a JSON object: {"action": 12} or {"kind": "take", "fields": {...}}')
        self._check_turn(seat, body.get("version"))
        if "action" in body:
            action = body["action"]
            if isinstance(action, bool) or not isinstance(action, int):
                raise BadRequestError(f"action must be an integer id, got {_shown(action)}")
        elif "kind" in body:
            kind, fields = body["kind"], body.get("fields", {})
            if not isinstance(kind, str) or not isinstance(fields, dict):
                raise BadRequestError("kind must be a text and fields an object")
            if len(kind) > MAX_NAME_TEXT or any(len(k) > MAX_NAME_TEXT for k in fields):
                raise BadRequestError(f"a move's kind and field names are at most {MAX_NAME_TEXT} characters")
            if not all(isinstance(v, (bool, int, str)) for v in fields.values()):
                raise BadRequestError("field values must be texts, integers or booleans")
            if "kind" in fields:
                # The move's kind is given beside its fields (no game's move has a field "kind").
                raise BadRequestError('a move\'s fields cannot hold "kind": it is given beside them')
            action = self.state.find_move(kind, **fields).action
        else:
            raise BadRequestError('a move needs "action" (an id) or "kind" and "fields"')
        self._apply(action)
        self._bump()
        self.start()

    def may_hint(self, seat: int) -> bool:
        """Whether ``seat`` may ask for a hint now: a person, on their turn, at a game salon
        ships a network for."""
        state = self.state
        return (self.hints and not self.over and seat != SPECTATOR and self.seats[seat].human
                and not state.is_chance_node() and state.current_player() == seat)

    async def hint(self, seat: int) -> dict[str, Any]:
        """What the shipped network's search thinks of the position, for the person to move:
        every legal move with its prior, visits and value, the move it would play, the root
        values; from that seat's information only (``visibility.hint_payload``)."""
        if not self.hints:
            raise NotAllowedError(f"no hints at this table: salon ships no network for {self.game.name} "
                                  f"at {self.game.num_players()} players")
        if not self.may_hint(seat):
            raise NotYourTurnError("a hint is for the person to move, on their turn")
        async with self._hint_lock:
            if self._hint is not None and self._hint[0] == self.version:
                return self._hint[1]
            version = self.version
            state = self.state.clone()
            # Not the table's generator: asking for a hint must not change the cards to come.
            bot = _core.Bot("network", network=shipped_network(self.game), simulations=HINT_SIMULATIONS,
                            seed=(self.game_seed + version) % 2**63)
            done = await self.workers.search(lambda: bot.analyse(state), table=self.id, bot_only=False)
            try:
                analysis = await asyncio.wait_for(asyncio.shield(done), self.move_seconds)
            except asyncio.TimeoutError:
                raise SearchTimeoutError(f"the hint took more than {self.move_seconds:g} s: try again later") from None
            if version != self.version:
                raise StaleViewError("the table changed while the hint was thought out: ask again")
            payload = visibility.hint_payload(analysis, self.game.perfect_information)
            self._hint = (version, payload)
            return payload

    def undo_refusal(self, seat: int) -> Exception | None:
        """Why ``seat`` may not undo now (``None``: it may)."""
        if self.over:
            return GameOverError("the game is over: start a new game")
        if seat == SPECTATOR:
            return NotYourTurnError("a spectator cannot take moves back")
        last = max((i for i, e in enumerate(self.log) if e.actor == seat), default=None)
        if last is None:
            return _core.NothingToUndoError("you have made no move to take back")
        people = self.people
        if any(e.actor in people and e.actor != seat for e in self.log[last + 1 :]):
            return UndoRefusedError("another person has moved since your last move: it stays")
        if self.undos >= MAX_UNDOS:
            return UndoRefusedError(f"at most {MAX_UNDOS} undos in one game")
        return None

    def undo(self, seat: int) -> None:
        """Takes back the seat's last decision and everything after it (bots' moves, chance),
        while no other person has moved since."""
        refusal = self.undo_refusal(seat)
        if refusal is not None:
            raise refusal
        last = max(i for i, e in enumerate(self.log) if e.actor == seat)
        self._epoch += 1  # a bot thinking now is forgotten
        self.thinking = None
        self.undos += 1
        while len(self.log) > last:
            self.state.pop()
            self.log.pop()
        self._bump()
        self.start()

    def resign(self, seat: int) -> None:
        if self.over:
            raise GameOverError("the game is over already")
        if seat == SPECTATOR:
            raise NotYourTurnError("a spectator cannot resign")
        self._epoch += 1
        self.thinking = None
        self.resigned = seat
        self._bump()

    def new_game(self, seat: int) -> bool:
        """A new deal at the same table (same game and seats, fresh seeds) once the game is
        over or every person has asked (a table of bots: at its creator's word). ``False``: the
        seat's ask is recorded, the others have not asked yet."""
        if not (self.over or self.bot_only):
            if seat == SPECTATOR:
                raise NotAllowedError("a spectator cannot start a new game")
            self.new_game_asks.add(seat)
            if not self.people <= self.new_game_asks:
                self._bump()
                return False
        self._start_game()
        self._bump()
        self.start()
        return True

    def stop(self, seat: int) -> None:
        """Stops a table of bots (its creator's page: the only key of such a table)."""
        if not self.bot_only or seat != SPECTATOR:
            raise NotAllowedError("only a table of bots is stopped, by its creator; a person resigns")
        if self.over:
            raise GameOverError("the game is over already")
        self._epoch += 1
        self.thinking = None
        self.stopped = True
        self.paused = False
        self._bump()

    def record(self) -> dict[str, Any]:
        """The game's record (``salon-record``); only once it is over, as it holds every hidden card."""
        if not self.over:
            raise GameNotOverError("the record is available at the end of the game (it shows every hidden card)")
        rec = records.record_of(self.state, [spec.record_name() for spec in self.seats])
        if self.resigned is not None:
            rec["resigned"] = self.resigned
        if self.stopped and not self.state.is_terminal():
            rec["stopped"] = True
        return rec


class TableRegistry:
    """Every table of the app, found by id; idle tables expire."""

    def __init__(
        self,
        workers: BotWorkers,
        *,
        max_tables: int = 500,
        idle_seconds: float = 6 * 3600,
        move_seconds: float = MAX_SECONDS,
        watch_seconds: float = WATCH_SECONDS,
    ) -> None:
        self.workers = workers
        self.max_tables = max_tables
        self.idle_seconds = idle_seconds
        self.move_seconds = move_seconds
        self.watch_seconds = watch_seconds
        self._tables: dict[str, Table] = {}

    def __len__(self) -> int:
        return len(self._tables)

    def create(self, game: _core.Game, seats: list[SeatSpec], *, pace: float, seed: int | None) -> Table:
        self.expire()
        if len(self._tables) >= self.max_tables:
            raise TooManyTablesError(f"the server holds {self.max_tables} tables already; try again later")
        table = Table(
            game, seats, self.workers, pace=pace, seed=seed,
            move_seconds=self.move_seconds, watch_seconds=self.watch_seconds,
        )
        self._tables[table.id] = table
        table.start()
        return table

    def seat(self, table_id: str, key: str) -> tuple[Table, int]:
        table = self._tables.get(table_id)
        if table is None:
            raise TableNotFoundError("no such table (the address is wrong or the table has expired)")
        seat = table.seat_of(key)
        table.resume()
        return table, seat

    def expire(self) -> None:
        now = time.monotonic()
        for tid, table in list(self._tables.items()):
            if now - table.last_seen > self.idle_seconds:
                table.close()
                del self._tables[tid]

    def close(self) -> None:
        for table in self._tables.values():
            table.close()
        self._tables.clear()
