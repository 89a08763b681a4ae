"""The bad-input catalogue: every public function and method given wrong types,
out-of-range ids, the wrong player, the wrong phase, NaN and huge numbers, None, bools
where ints go, and truncated, oversized or hostile files.

The contract: each answer is a specific typed exception (a ``salon.SalonError``, or at
least a ``ValueError``) with a clear message, never a crash, and no half-applied change:
every state the call could touch serializes the same afterwards. ``TypeError`` is only
expected where Python itself raises it for a wrong argument count.

Cases where the package does not keep the contract today are *findings*: they carry the
contract's exception and are marked ``xfail(strict=True)`` with what happens instead, so the
table shows every known gap and the test turns red (XPASS) once the gap is closed, when
the mark must be removed.
"""

from __future__ import annotations

import io
import json
import math
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import pytest

import salon
from salon import records
from salon.testing.configurations import configurations

GAMES = salon.game_names()
HUGE = 2**80


@dataclass
class Ctx:
    """A game and one state of each kind of node, from a fixed seed."""

    game: salon.Game
    start: salon.State  # the first node, nothing to undo
    decision: salon.State  # a player to move
    chance: salon.State  # a chance node (the start node when the game begins with chance)
    terminal: salon.State  # a finished game

    @property
    def n(self) -> int:
        return self.game.num_players()

    @property
    def limit(self) -> int:
        return max(self.game.num_distinct_actions(), self.game.max_chance_outcomes())

    def illegal_id(self) -> int:
        legal = set(self.decision.legal_actions())
        return next(a for a in range(self.game.num_distinct_actions()) if a not in legal)

    def states(self) -> list[salon.State]:
        return [self.start, self.decision, self.chance, self.terminal]


def make_ctx(name: str) -> Ctx:
    game = salon.load_game(name)
    start = game.new_initial_state(seed=11)
    chance: salon.State | None = start.clone() if start.is_chance_node() else None
    decision = start.clone()
    while decision.is_chance_node():
        decision.apply_random_chance()
    # Walk on until a chance node if the start was not one.
    probe = decision.clone()
    k = 0
    while chance is None and not probe.is_terminal():
        if probe.is_chance_node():
            chance = probe.clone()
            break
        legal = probe.legal_actions()
        probe.apply_action(legal[k % len(legal)])
        k += 1
    assert chance is not None, f"{name}: no chance node found"
    terminal = salon.random_playout(game, seed=5)
    return Ctx(game, start, decision, chance, terminal)


@dataclass
class Case:
    id: str
    call: Callable[[Ctx], Any]
    raises: type[BaseException] | tuple[type[BaseException], ...]
    match: str | None = None
    # A known gap: what happens today instead (an exception type, or None when the call
    # is accepted), and why it breaks the contract.
    finding: str | None = None
    today: type[BaseException] | tuple[type[BaseException], ...] | None = None
    games: list[str] = field(default_factory=lambda: GAMES)


def ovf(what: str) -> str:
    return f"{what} raises OverflowError (not a ValueError) from PyO3's integer conversion"


def typ(what: str) -> str:
    return f"{what} raises TypeError from PyO3's argument conversion instead of a salon error"


def boolean(what: str) -> str:
    return f"{what} accepts a bool as an int (True is read as 1) where apply_action and load_game reject bools"


E = salon
CASES: list[Case] = [
    # ---- Game.new_initial_state ----
    Case("new_initial_state(seed=-1)", lambda c: c.game.new_initial_state(seed=-1), E.InvalidParameterError, "seed"),
    Case("new_initial_state(seed=2**64)", lambda c: c.game.new_initial_state(seed=2**64), E.InvalidParameterError, "seed"),
    Case("new_initial_state(seed=nan)", lambda c: c.game.new_initial_state(seed=math.nan), E.InvalidParameterError, "seed"),
    Case("new_initial_state(seed=1.5)", lambda c: c.game.new_initial_state(seed=1.5), E.InvalidParameterError, "seed"),
    Case("new_initial_state(seed='x')", lambda c: c.game.new_initial_state(seed="x"), E.InvalidParameterError, "seed"),
    Case("new_initial_state(seed=True)", lambda c: c.game.new_initial_state(seed=True), E.InvalidParameterError, "seed"),
    Case("new_initial_state(1, 2)", lambda c: c.game.new_initial_state(1, 2), TypeError),
    # ---- Game.deserialize_state ----
    Case("deserialize_state('')", lambda c: c.game.deserialize_state(""), E.DeserializationError, "not valid JSON"),
    Case("deserialize_state('{')", lambda c: c.game.deserialize_state("{"), E.DeserializationError, "not valid JSON"),
    Case("deserialize_state('null')", lambda c: c.game.deserialize_state("null"), E.DeserializationError, "object"),
    Case("deserialize_state([[[...)", lambda c: c.game.deserialize_state("[" * 100_000), E.DeserializationError, "recursion"),
    Case("deserialize_state(truncated)", lambda c: c.game.deserialize_state(c.decision.serialize()[:-7]), E.DeserializationError),
    Case("deserialize_state(other game)", lambda c: other_game(c).deserialize_state(c.decision.serialize()), E.DeserializationError, "game"),
    Case("deserialize_state(action -1)", lambda c: c.game.deserialize_state(with_actions(c.decision, [-1])), E.DeserializationError, "action"),
    Case("deserialize_state(action 2**80)", lambda c: c.game.deserialize_state(with_actions(c.decision, [HUGE])), E.DeserializationError, "action"),
    Case("deserialize_state(action 1.5)", lambda c: c.game.deserialize_state(with_actions(c.decision, [1.5])), E.DeserializationError, "action"),
    Case("deserialize_state(seed -1)", lambda c: c.game.deserialize_state(edit_state(c.decision, seed=-1)), E.DeserializationError, "seed"),
    Case("deserialize_state(params <script>)", lambda c: c.game.deserialize_state(edit_state(c.decision, params={"<script>": "alert(1)"})),
         E.DeserializationError),
    Case("deserialize_state(format 2)", lambda c: c.game.deserialize_state(edit_state(c.decision, format="salon-state/2")), E.DeserializationError, "format"),
    Case("deserialize_state(components hash)", lambda c: c.game.deserialize_state(edit_state(c.decision, components={"hash": "0"})),
         E.DeserializationError, "component"),
    Case("deserialize_state(100 resamples, bad player)", lambda c: c.game.deserialize_state(nested_origin(c.decision, 100)), E.DeserializationError),
    Case("deserialize_state(unknown field)", lambda c: c.game.deserialize_state(edit_state(c.decision, origin=None)), E.DeserializationError, "unknown field"),
    Case("deserialize_state(params players=1.5)", lambda c: c.game.deserialize_state(edit_state(c.decision, params={"players": 1.5})),
         E.DeserializationError),
    Case("deserialize_state(params players=[2])", lambda c: c.game.deserialize_state(edit_state(c.decision, params={"players": [2]})),
         E.DeserializationError),
    Case("deserialize_state(None)", lambda c: c.game.deserialize_state(None), E.DeserializationError),
    Case("deserialize_state(b'...')", lambda c: c.game.deserialize_state(c.decision.serialize().encode()), E.DeserializationError),
    # ---- Game.random_playouts ----
    Case("random_playouts(-1)", lambda c: c.game.random_playouts(-1), E.InvalidParameterError),
    Case("random_playouts(1, seed=-1)", lambda c: c.game.random_playouts(1, -1), E.InvalidParameterError),
    Case("random_playouts(2**80)", lambda c: c.game.random_playouts(HUGE), E.InvalidParameterError),
    Case("random_playouts(nan)", lambda c: c.game.random_playouts(math.nan), E.InvalidParameterError),
    Case("random_playouts('x')", lambda c: c.game.random_playouts("x"), E.InvalidParameterError),
    Case("random_playouts(True)", lambda c: c.game.random_playouts(True), E.InvalidParameterError),
    # ---- State.apply_action / push / apply ----
    Case("apply_action(None)", lambda c: c.decision.apply_action(None), E.IllegalActionError, "NoneType"),
    Case("apply_action(nan)", lambda c: c.decision.apply_action(math.nan), E.IllegalActionError, "float"),
    Case("apply_action(1.0)", lambda c: c.decision.apply_action(1.0), E.IllegalActionError, "float"),
    Case("apply_action(True)", lambda c: c.decision.apply_action(True), E.IllegalActionError, "bool"),
    Case("apply_action(-1)", lambda c: c.decision.apply_action(-1), E.IllegalActionError, "-1"),
    Case("apply_action(2**80)", lambda c: c.decision.apply_action(HUGE), E.IllegalActionError, "outside"),
    Case("apply_action(-2**80)", lambda c: c.decision.apply_action(-HUGE), E.IllegalActionError, "outside"),
    Case("apply_action(limit)", lambda c: c.decision.apply_action(c.limit), E.IllegalActionError, "action ids"),
    Case("apply_action(illegal id)", lambda c: c.decision.apply_action(c.illegal_id()), E.IllegalActionError, "not legal"),
    Case("apply_action(id) at chance", lambda c: c.chance.apply_action(c.game.max_chance_outcomes() - 1)
         if c.game.max_chance_outcomes() - 1 not in c.chance.legal_actions() else raise_(E.IllegalActionError("skip")),
         E.IllegalActionError),
    Case("apply_action(0) at the end", lambda c: c.terminal.apply_action(0), E.IllegalActionError, "over"),
    Case("apply_action('no such move')", lambda c: c.decision.apply_action("no such move"), E.InvalidActionStringError),
    Case("apply_action('<script>')", lambda c: c.decision.apply_action("<script>alert(1)</script>"), E.InvalidActionStringError, "script"),
    Case("apply_action(Move of another node)", lambda c: c.terminal.apply_action(c.decision.legal_moves[0]), E.IllegalActionError, "over"),
    Case("apply_action([1])", lambda c: c.decision.apply_action([1]), E.IllegalActionError, "list"),
    Case("apply_action()", lambda c: c.decision.apply_action(), TypeError),
    Case("push(None)", lambda c: c.decision.push(None), E.IllegalActionError),
    Case("push(2**80)", lambda c: c.decision.push(HUGE), E.IllegalActionError),
    Case("push(-1)", lambda c: c.decision.push(-1), E.IllegalActionError),
    Case("push('') ", lambda c: c.decision.push(""), E.InvalidActionStringError),
    Case("push(0) at the end", lambda c: c.terminal.push(0), E.IllegalActionError),
    Case("apply('')", lambda c: c.decision.apply(""), E.InvalidActionStringError),
    Case("apply('x' * 10**6)", lambda c: c.decision.apply("x" * 10**6), E.InvalidActionStringError),
    Case("apply(5)", lambda c: c.decision.apply(5), E.InvalidActionStringError),
    # ---- pop / chance ----
    Case("pop() at the start", lambda c: c.start.pop(), E.NothingToUndoError),
    Case("apply_random_chance() at a decision", lambda c: c.decision.apply_random_chance(), E.WrongNodeError, "chance"),
    Case("apply_random_chance() at the end", lambda c: c.terminal.apply_random_chance(), E.WrongNodeError),
    Case("chance_outcomes() at a decision", lambda c: c.decision.chance_outcomes(), E.WrongNodeError),
    Case("chance_outcomes() at the end", lambda c: c.terminal.chance_outcomes(), E.WrongNodeError),
    Case("play_random(seed=-1)", lambda c: c.decision.play_random(seed=-1), E.InvalidParameterError, "seed"),
    Case("play_random(seed=nan)", lambda c: c.decision.play_random(seed=math.nan), E.InvalidParameterError, "seed"),
    Case("play_random(seed='x')", lambda c: c.decision.play_random(seed="x"), E.InvalidParameterError, "seed"),
    # ---- players ----
    Case("legal_actions(-1)", lambda c: c.decision.legal_actions(-1), E.InvalidPlayerError, "out of range"),
    Case("legal_actions(n)", lambda c: c.decision.legal_actions(c.n), E.InvalidPlayerError, "out of range"),
    Case("legal_actions(2**80)", lambda c: c.decision.legal_actions(HUGE), E.InvalidPlayerError),
    Case("legal_actions('0')", lambda c: c.decision.legal_actions("0"), E.InvalidPlayerError),
    Case("legal_actions(1.0)", lambda c: c.decision.legal_actions(1.0), E.InvalidPlayerError),
    Case("legal_actions(True)", lambda c: c.decision.legal_actions(True), E.InvalidPlayerError),
    Case("legal_actions_mask(n)", lambda c: c.decision.legal_actions_mask(c.n), E.InvalidPlayerError),
    Case("legal_actions_mask(-2**80)", lambda c: c.decision.legal_actions_mask(-HUGE), E.InvalidPlayerError),
    Case("observation_string(n)", lambda c: c.decision.observation_string(c.n), E.InvalidPlayerError, "out of range"),
    Case("observation_string(-1)", lambda c: c.decision.observation_string(-1), E.InvalidPlayerError),
    Case("observation_string() at chance", lambda c: c.chance.observation_string(), E.InvalidPlayerError, "chance"),
    Case("observation_string() at the end", lambda c: c.terminal.observation_string(), E.InvalidPlayerError),
    Case("observation_string(2**80)", lambda c: c.decision.observation_string(HUGE), E.InvalidPlayerError),
    Case("observation_string(nan)", lambda c: c.decision.observation_string(math.nan), E.InvalidPlayerError),
    Case("observation_string(True)", lambda c: c.decision.observation_string(True), E.InvalidPlayerError),
    Case("observation_tensor(n)", lambda c: c.decision.observation_tensor(c.n), E.InvalidPlayerError),
    Case("observation_tensor(-1)", lambda c: c.decision.observation_tensor(-1), E.InvalidPlayerError),
    Case("observation_tensor() at chance", lambda c: c.chance.observation_tensor(), E.InvalidPlayerError),
    Case("observation_tensor(2**80)", lambda c: c.decision.observation_tensor(HUGE), E.InvalidPlayerError),
    Case("information_state_string(n)", lambda c: c.decision.information_state_string(c.n), E.InvalidPlayerError),
    Case("information_state_string(-5)", lambda c: c.decision.information_state_string(-5), E.InvalidPlayerError),
    Case("information_state_string() at the end", lambda c: c.terminal.information_state_string(), E.InvalidPlayerError),
    Case("information_state_string('0')", lambda c: c.decision.information_state_string("0"), E.InvalidPlayerError),
    Case("resample_from_infostate(n, 1)", lambda c: c.decision.resample_from_infostate(c.n, 1), E.InvalidPlayerError),
    Case("resample_from_infostate(-1, 1)", lambda c: c.decision.resample_from_infostate(-1, 1), E.InvalidPlayerError),
    Case("resample_from_infostate(0, -1)", lambda c: c.decision.resample_from_infostate(0, -1), E.InvalidParameterError, "seed"),
    Case("resample_from_infostate(0, nan)", lambda c: c.decision.resample_from_infostate(0, math.nan), E.InvalidParameterError, "seed"),
    Case("resample_from_infostate(0, 2**64)", lambda c: c.decision.resample_from_infostate(0, 2**64), E.InvalidParameterError, "seed"),
    Case("resample_from_infostate(2**80, 1)", lambda c: c.decision.resample_from_infostate(HUGE, 1), E.InvalidPlayerError),
    Case("resample_from_infostate(None, 1)", lambda c: c.decision.resample_from_infostate(None, 1), E.InvalidPlayerError),
    Case("resample_from_infostate(0)", lambda c: c.decision.resample_from_infostate(0), TypeError),
    # ---- action strings ----
    Case("action_to_string(-1)", lambda c: c.decision.action_to_string(-1), E.IllegalActionError, "-1"),
    Case("action_to_string(limit)", lambda c: c.decision.action_to_string(c.limit), E.IllegalActionError),
    Case("action_to_string(n + 3, 0)", lambda c: c.decision.action_to_string(c.n + 3, 0), E.InvalidPlayerError),
    Case("action_to_string(2**80)", lambda c: c.decision.action_to_string(HUGE), E.IllegalActionError),
    Case("action_to_string(None)", lambda c: c.decision.action_to_string(None), E.IllegalActionError),
    Case("action_to_string(nan)", lambda c: c.decision.action_to_string(math.nan), E.IllegalActionError),
    Case("action_to_string(True)", lambda c: c.decision.action_to_string(True), E.IllegalActionError),
    Case("string_to_action('zzz')", lambda c: c.decision.string_to_action("zzz"), E.InvalidActionStringError, "zzz"),
    Case("string_to_action('<script>')", lambda c: c.decision.string_to_action("<script>alert(1)</script>"), E.InvalidActionStringError),
    Case("string_to_action('\\x00')", lambda c: c.decision.string_to_action("\x00"), E.InvalidActionStringError),
    Case("string_to_action(0, 'zzz')", lambda c: c.decision.string_to_action(0, "zzz"), E.InvalidActionStringError),
    Case("string_to_action(5)", lambda c: c.decision.string_to_action(5), E.InvalidActionStringError),
    Case("string_to_action(None)", lambda c: c.decision.string_to_action(None), E.InvalidActionStringError),
    # ---- load_game and the helpers ----
    Case("load_game('nope')", lambda c: salon.load_game("nope"), E.UnknownGameError, "registered games"),
    Case("load_game('')", lambda c: salon.load_game(""), E.UnknownGameError),
    Case("load_game('<script>')", lambda c: salon.load_game("<script>alert</script>"), E.UnknownGameError),
    Case("load_game('<script>(1)')", lambda c: salon.load_game("<script>alert(1)</script>"), E.InvalidParameterError, "must end"),
    Case("load_game(name + '(')", lambda c: salon.load_game(c.game.name + "(players=2"), E.InvalidParameterError, r"\)"),
    Case("load_game(name(players))", lambda c: salon.load_game(c.game.name + "(players)"), E.InvalidParameterError, "name=value"),
    Case("load_game(name(players=99))", lambda c: salon.load_game(c.game.name + "(players=99)"), E.InvalidParameterError, "players"),
    Case("load_game(players=99)", lambda c: salon.load_game(c.game.name, players=99), E.InvalidParameterError, "players"),
    Case("load_game(players=-1)", lambda c: salon.load_game(c.game.name, players=-1), E.InvalidParameterError, "players"),
    Case("load_game(players=2**80)", lambda c: salon.load_game(c.game.name, players=HUGE), E.InvalidParameterError, "range"),
    Case("load_game(players=nan)", lambda c: salon.load_game(c.game.name, players=math.nan), E.InvalidParameterError, "float"),
    Case("load_game(players=None)", lambda c: salon.load_game(c.game.name, players=None), E.InvalidParameterError),
    Case("load_game(players=True)", lambda c: salon.load_game(c.game.name, players=True), E.InvalidParameterError, "bool"),
    Case("load_game(players='3')", lambda c: salon.load_game(c.game.name, players="3"), E.InvalidParameterError),
    Case("load_game(bogus=1)", lambda c: salon.load_game(c.game.name, bogus=1), E.InvalidParameterError, "unknown parameter"),
    Case("load_game(None)", lambda c: salon.load_game(None), E.UnknownGameError),
    Case("load_game(5)", lambda c: salon.load_game(5), E.UnknownGameError),
    Case("load_game(components={})", lambda c: salon.load_game(c.game.name, components={}), E.ComponentError, "missing field"),
    Case("load_game(components=[] dict)", lambda c: salon.load_game(c.game.name, components={"name": []}), E.ComponentError),
    Case("load_game(components=missing path)", lambda c: salon.load_game(c.game.name, components="/nonexistent/c.json"), E.ComponentError, "cannot read"),
    Case("load_game(components=a folder)", lambda c: salon.load_game(c.game.name, components="/"), E.ComponentError, "cannot read"),
    Case("load_game(components=5)", lambda c: salon.load_game(c.game.name, components=5), E.ComponentError),
    Case("load_game(components={'x': {1}})", lambda c: salon.load_game(c.game.name, components={"name": {1}}), E.ComponentError),
    Case("random_playout('nope')", lambda c: salon.random_playout("nope"), E.UnknownGameError),
    Case("random_playout(game, seed=-1)", lambda c: salon.random_playout(c.game, seed=-1), E.InvalidParameterError, "seed"),
    Case("configurations('nope')", lambda c: configurations("nope"), E.UnknownGameError),
    Case("_game_from_parts(name, {'players': 1.5})", lambda c: salon._core._game_from_parts(c.game.name, {"players": 1.5}), E.InvalidParameterError),
    Case("_state_from_serialized(game, 'x')", lambda c: salon._core._state_from_serialized(c.game, "x"), E.DeserializationError),
    # ---- VectorEnv ----
    Case("VectorEnv(game, 0)", lambda c: salon.VectorEnv(c.game, 0), E.InvalidParameterError),
    Case("VectorEnv(game, 2, threads=0)", lambda c: salon.VectorEnv(c.game, 2, threads=0), E.InvalidParameterError),
    Case("VectorEnv(game, -1)", lambda c: salon.VectorEnv(c.game, -1), E.InvalidParameterError),
    Case("VectorEnv(game, 2**70)", lambda c: salon.VectorEnv(c.game, 2**70), E.InvalidParameterError),
    Case("VectorEnv(game, 2, seed=-1)", lambda c: salon.VectorEnv(c.game, 2, seed=-1), E.InvalidParameterError),
    Case("VectorEnv(5, 2)", lambda c: salon.VectorEnv(5, 2), E.InvalidParameterError),
    Case("VectorEnv.step before reset", lambda c: salon.VectorEnv(c.game, 2).step([0, 0]), E.WrongNodeError, "reset"),
    Case("VectorEnv.step(None)", lambda c: reset_env(c).step(None), E.IllegalActionError),
    Case("VectorEnv.step([nan, nan])", lambda c: reset_env(c).step([math.nan, math.nan]), E.IllegalActionError),
    Case("VectorEnv.step([2**80, 0])", lambda c: reset_env(c).step([HUGE, 0]), E.IllegalActionError),
    Case("VectorEnv.step([-1, -1])", lambda c: reset_env(c).step([-1, -1]), E.IllegalActionError),
    Case("VectorEnv.step(wrong length)", lambda c: reset_env(c).step([0]), E.SalonError, "2 games"),
    Case("VectorEnv.step(2-d)", lambda c: reset_env(c).step([[0], [0]]), E.IllegalActionError),
    Case("VectorEnv.random_actions(-1)", lambda c: reset_env(c).random_actions(-1), E.InvalidParameterError),
    # ---- Bot ----
    Case("Bot('nope')", lambda c: salon.Bot("nope"), E.InvalidParameterError, "kind"),
    Case("Bot(simulations=0)", lambda c: salon.Bot("mcts", simulations=0), E.InvalidParameterError, "simulations"),
    Case("Bot(time_limit=nan)", lambda c: salon.Bot("mcts", time_limit=math.nan), E.InvalidParameterError, "time_limit"),
    Case("Bot(time_limit=-1)", lambda c: salon.Bot("mcts", time_limit=-1.0), E.InvalidParameterError, "time_limit"),
    Case("Bot(time_limit=inf)", lambda c: salon.Bot("mcts", time_limit=math.inf), E.InvalidParameterError, "time_limit"),
    Case("Bot(exploration=nan)", lambda c: salon.Bot("mcts", exploration=math.nan), E.InvalidParameterError, "exploration"),
    Case("Bot(exploration=-1)", lambda c: salon.Bot("mcts", exploration=-1.0), E.InvalidParameterError, "exploration"),
    Case("Bot(simulations=-1)", lambda c: salon.Bot("mcts", simulations=-1), E.InvalidParameterError),
    Case("Bot(seed=-1)", lambda c: salon.Bot("random", seed=-1), E.InvalidParameterError),
    Case("Bot.step(chance node)", lambda c: salon.Bot("random").step(c.chance), E.WrongNodeError, "chance"),
    Case("Bot.step(finished game)", lambda c: salon.Bot("random").step(c.terminal), E.WrongNodeError, "over"),
    Case("Bot.step(None)", lambda c: salon.Bot("random").step(None), E.InvalidParameterError),
    # ---- classes that are not built directly ----
    Case("State()", lambda c: salon.State(), TypeError),
    Case("Game()", lambda c: salon.Game(), TypeError),
]


def raise_(err: BaseException) -> None:
    raise err


def other_game(c: Ctx) -> salon.Game:
    return salon.load_game(next(n for n in GAMES if n != c.game.name))


def edit_state(state: salon.State, **fields: Any) -> str:
    value = json.loads(state.serialize())
    value.update(fields)
    return json.dumps(value)


def with_actions(state: salon.State, actions: list[Any]) -> str:
    """The state's text with the actions of its last segment replaced."""
    value = json.loads(state.serialize())
    value["segments"][-1]["actions"] = actions
    return json.dumps(value)


def nested_origin(state: salon.State, depth: int) -> str:
    """``depth`` resample segments for player 0 on top of the state, the last one with an
    out-of-range player."""
    value = json.loads(state.serialize())
    value["segments"] += [{"actions": [], "resample": {"player": 0, "seed": i}} for i in range(depth)]
    value["segments"].append({"actions": [], "resample": {"player": 99, "seed": 0}})
    return json.dumps(value)


def reset_env(c: Ctx) -> salon.VectorEnv:
    env = salon.VectorEnv(c.game, 2, seed=3)
    env.reset()
    return env


def _params() -> list[Any]:
    out = []
    for case in CASES:
        for name in case.games:
            marks = []
            if case.finding is not None:
                marks.append(pytest.mark.xfail(strict=True, raises=case.today, reason="finding: " + case.finding))
            out.append(pytest.param(name, case, id=f"{name}:{case.id}", marks=marks))
    return out


_CTX: dict[str, Ctx] = {}


def ctx_of(name: str) -> Ctx:
    if name not in _CTX:
        _CTX[name] = make_ctx(name)
    # Fresh copies, so that no case sees another's changes.
    c = _CTX[name]
    return Ctx(c.game, c.start.clone(), c.decision.clone(), c.chance.clone(), c.terminal.clone())


@pytest.mark.parametrize(("name", "case"), _params())
def test_bad_input_raises_a_typed_error_and_changes_nothing(name: str, case: Case) -> None:
    c = ctx_of(name)
    before = [s.serialize() for s in c.states()]
    with pytest.raises(case.raises, match=case.match) as info:
        case.call(c)
    err = info.value
    if not isinstance(err, TypeError):
        assert isinstance(err, ValueError), f"{type(err).__name__} is not a ValueError"
        assert str(err).strip(), "empty error message"
        assert "Traceback" not in str(err) and "panicked" not in str(err)
    assert [s.serialize() for s in c.states()] == before, "a failed call changed a state"


# ---- files: truncated, oversized, hostile ----

MB50 = 50 * 2**20


@pytest.fixture(scope="module")
def big_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("hostile")


@pytest.mark.parametrize("name", GAMES)
def test_component_files_truncated_nested_binary_and_huge(name: str, big_dir: Path) -> None:
    game = salon.load_game(name)
    valid = game.components_json()
    bad_files = {
        "truncated": valid[: len(valid) // 2],
        "empty": "",
        "nested": "[" * 200_000 + "]" * 200_000,
        "nested-object": '{"a":' * 100_000 + "1" + "}" * 100_000,
        "list": "[]",
        "null": "null",
        "number": "1e999",
        "bom": "\ufeff" + valid,
    }
    for label, text in bad_files.items():
        path = big_dir / f"{name}-{label}.json"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(salon.ComponentError):
            salon.load_game(name, components=path)
    binary = big_dir / f"{name}-binary.json"
    binary.write_bytes(b"\xff\xfe\x00{" + bytes(range(256)))
    with pytest.raises(salon.ComponentError, match="cannot read"):
        salon.load_game(name, components=binary)
    huge = big_dir / f"{name}-50MB-garbage.json"
    with open(huge, "w", encoding="utf-8") as f:
        f.write("x" * MB50)
    with pytest.raises(salon.ComponentError):
        salon.load_game(name, components=huge)
    # 50 MB of whitespace around a valid file: the same set.
    padded = big_dir / f"{name}-50MB-padded.json"
    with open(padded, "w", encoding="utf-8") as f:
        f.write(" " * MB50 + valid + "\n")
    assert salon.load_game(name, components=padded).components["hash"] == game.components["hash"]
    for p in big_dir.glob(f"{name}-50MB-*"):
        p.unlink()


@pytest.mark.parametrize(
    "name",
    [
        n
        for n in GAMES
    ],
)
def test_component_files_with_unknown_fields_are_rejected(name: str) -> None:
    game = salon.load_game(name)
    data = json.loads(game.components_json())
    data["<script>"] = "alert(1)"
    with pytest.raises(salon.ComponentError, match="script"):
        salon.load_game(name, components=data)


@pytest.mark.parametrize("name", GAMES)
def test_hostile_names_in_component_files_stay_plain_text(name: str) -> None:
    game = salon.load_game(name)
    data = json.loads(game.components_json())
    data["name"] = '<script>alert("x")</script>\u202e\x00'
    custom = salon.load_game(name, components=data)
    assert custom.components["name"] == data["name"]
    assert custom.components["substitute"] is False or custom.components["substitute"] is True
    assert custom.components["hash"] != game.components["hash"]
    assert "<script>" in repr(custom)
    state = custom.new_initial_state(seed=1)
    state.play_random(seed=1)
    assert custom.deserialize_state(state.serialize()) == state
    with pytest.raises(salon.DeserializationError, match="component"):
        game.deserialize_state(state.serialize())
    rec = records.record_of(state, ["a", "b"][: 1] * custom.num_players())
    with pytest.raises(records.RecordError, match="component"):
        records.replay(json.loads(json.dumps(rec)))  # the substitute set is loaded, not the custom one


@pytest.mark.parametrize("name", GAMES)
def test_serialized_states_oversized_and_hostile(name: str) -> None:
    game = salon.load_game(name)
    state = game.new_initial_state(seed=2)
    state.play_random(seed=2)
    text = state.serialize()
    with pytest.raises(salon.DeserializationError):
        game.deserialize_state(" " * MB50)
    with pytest.raises(salon.DeserializationError):
        game.deserialize_state(text + " " * 1000 + "x")
    with pytest.raises(salon.DeserializationError, match="does not replay"):
        game.deserialize_state(with_actions(state, state.history() + [0] * 100_000))
    for cut in (1, len(text) // 3, len(text) - 1):
        with pytest.raises(salon.DeserializationError):
            game.deserialize_state(text[:cut])


def _record(name: str, players: list[str] | None = None) -> dict[str, Any]:
    game = salon.load_game(name)
    state = salon.random_playout(game, seed=8)
    return records.record_of(state, players or ["p"] * game.num_players())


@pytest.mark.parametrize("name", GAMES)
def test_records_with_markup_in_player_names_replay_verbatim(name: str, tmp_path: Path) -> None:
    hostile = ['<script>alert("owned")</script>', "'; DROP TABLE games; --", "\u202eevil", "a\nb\tc", "{{7*7}}"]
    n = salon.load_game(name).num_players()
    rec = _record(name, (hostile * 2)[:n])
    path = tmp_path / "hostile.jsonl"
    records.write_records(path, [rec])
    [(line, back)] = list(records.read_records(path))
    assert back["players"] == rec["players"]
    final = records.replay(back, line=line)
    assert final.scores() == rec["scores"]
    out = subprocess.run([sys.executable, "-m", "salon", "replay", str(path)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr


RECORD_EDITS: list[tuple[str, Callable[[dict[str, Any]], Any]]] = [
    ("format", lambda r: r.update(format="salon-record/9")),
    ("no format", lambda r: r.pop("format")),
    ("game None", lambda r: r.update(game=None)),
    ("game <script>", lambda r: r.update(game="<script>alert(1)</script>")),
    ("params list", lambda r: r.update(params=[1])),
    ("params nan", lambda r: r.update(params={"players": math.nan})),
    ("params 2**80", lambda r: r.update(params={"players": HUGE})),
    ("components list", lambda r: r.update(components=[1])),
    ("components hash", lambda r: r.update(components={"name": "x", "hash": "<script>"})),
    ("seed -1", lambda r: r.update(seed=-1)),
    ("seed 2**64", lambda r: r.update(seed=2**64)),
    ("seed True", lambda r: r.update(seed=True)),
    ("seed 1.5", lambda r: r.update(seed=1.5)),
    ("actions dict", lambda r: r.update(actions={"0": 1})),
    ("action 2**80", lambda r: r["actions"].insert(0, [HUGE, "x"])),
    ("action -1", lambda r: r["actions"].insert(0, [-1, "x"])),
    ("action True", lambda r: r["actions"].insert(0, [True, "x"])),
    ("action nan", lambda r: r["actions"].insert(0, [math.nan, "x"])),
    ("action text", lambda r: r["actions"].__setitem__(0, [r["actions"][0][0], "<script>alert(1)</script>"])),
    ("action shape", lambda r: r["actions"].__setitem__(0, [1, "x", 3])),
    ("truncated actions", lambda r: r.update(actions=r["actions"][: len(r["actions"]) // 2])),
    ("extra action", lambda r: r["actions"].append([0, "x"])),
    ("scores", lambda r: r.update(scores=[s + 1 for s in r["scores"]])),
]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(("label", "edit"), RECORD_EDITS, ids=[e[0] for e in RECORD_EDITS])
def test_corrupt_records_raise_record_errors(name: str, label: str, edit: Callable[[dict[str, Any]], Any]) -> None:
    rec = json.loads(json.dumps(_record(name)))
    edit(rec)
    with pytest.raises(records.RecordError, match="line 7"):
        records.replay(rec, line=7)


def test_record_files_truncated_binary_and_huge(tmp_path: Path) -> None:
    rec = _record(GAMES[0])
    text = json.dumps(rec)
    with pytest.raises(records.RecordError, match="line 1"):
        list(records.read_records(io.StringIO(text[: len(text) // 2] + "\n")))
    with pytest.raises(records.RecordError, match="line 2"):
        list(records.read_records(io.StringIO(text + "\n[1, 2]\n")))
    with pytest.raises(records.RecordError):
        list(records.read_records(io.StringIO("[" * 100_000 + "\n")))
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(b"\xff\xfe\x00" + bytes(range(256)))
    with pytest.raises(ValueError):  # UnicodeDecodeError (a ValueError) from the file reader
        list(records.read_records(binary))
    huge = tmp_path / "huge.jsonl"
    with open(huge, "w", encoding="utf-8") as f:
        f.write("{" + "x" * MB50 + "\n")
    with pytest.raises(records.RecordError, match="line 1"):
        list(records.read_records(huge))
    out = subprocess.run([sys.executable, "-m", "salon", "replay", str(huge)], capture_output=True, text=True, timeout=120)
    assert out.returncode != 0 and "Traceback" not in out.stderr, out.stderr


def test_huge_batch_size_is_a_typed_error_not_an_abort() -> None:
    """Was a finding: VectorEnv(game, 10**12) aborted the interpreter on the failed allocation
    (fixed in commit f805bc7); run in a subprocess so that a regression cannot kill pytest."""
    code = (
        "import salon\n"
        "g = salon.load_game('azul_sintra')\n"
        "try:\n"
        "    salon.VectorEnv(g, 10**12)\n"
        "except salon.SalonError as e:\n"
        "    print('typed', type(e).__name__)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, f"exit {out.returncode}: {out.stderr[-300:]}"
    assert "typed" in out.stdout
