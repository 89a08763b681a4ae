"""Hostile sequences of public calls (hypothesis): whatever the arguments, the thread or the
signal, a call succeeds, raises a ``salon.SalonError`` subclass, or raises
``KeyboardInterrupt`` where one was sent. Never a ``PanicException``, ``TypeError``,
``RuntimeError``, ``AttributeError`` or a crash.

Arguments mix valid values (legal ids, players in range) with numpy scalars of every
integer type, bools, floats, strings with lone surrogates, huge integers, ``None``, arrays
of wrong dtypes or shapes, read-only arrays and views of the env's own buffers. Calls that
could run for a long time (many playouts, big searches) are sent a SIGINT after 0.15 s;
some calls run on a second thread while the next one runs on the main thread.
"""

from __future__ import annotations

import json
import os
import pickle
import signal
import threading
import time
from typing import Any, Callable

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import salon

SCALE = float(os.environ.get("SALON_HYPOTHESIS_SCALE", "1"))
GAMES = salon.game_names()
_GAMES = {name: salon.load_game(name) for name in GAMES}

INT_TYPES = [int, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]


def _typed_int(value: int, kind: Any) -> Any:
    info = np.iinfo(kind) if kind is not int else None
    if info is not None and not info.min <= value <= info.max:
        return value
    return kind(value)


def small_ints(lo: int, hi: int) -> st.SearchStrategy[Any]:
    return st.builds(_typed_int, st.integers(lo, hi), st.sampled_from(INT_TYPES))


hostile = st.one_of(
    st.integers(-(2**70), 2**70),
    small_ints(-3, 3000),
    st.booleans(),
    st.sampled_from([np.True_, np.False_, np.float64(1.0), np.float32(2.5), float("nan"), float("inf"), 1.0]),
    st.text(max_size=12),
    st.sampled_from(["\ud800", "take \udc00", "", " ", "0", "-1"]),
    st.none(),
    st.sampled_from([[], [1], (1, 2), {}, b"1", object()]),
)


# An argument is drawn as a descriptor, resolved against the state when the call runs, so
# that what hypothesis draws never depends on how earlier calls (or signals) turned out.
descriptor = st.one_of(
    st.tuples(st.just("valid"), st.integers(0, 2**16)),
    st.tuples(st.just("valid"), st.integers(0, 2**16)),
    st.tuples(st.just("hostile"), hostile),
)


def resolve(desc: tuple[str, Any], valid: list[Any]) -> Any:
    kind, value = desc
    if kind == "valid" and valid:
        return valid[value % len(valid)]
    return value if kind == "hostile" else None


def guarded(call: Callable[[], Any], *, interrupt: bool = False) -> str:
    """Runs `call`; returns how it ended. Anything but success, a SalonError or (when sent)
    KeyboardInterrupt fails the test."""
    timer = None
    if interrupt:
        timer = threading.Timer(0.15, lambda: os.kill(os.getpid(), signal.SIGINT))
        timer.start()
    try:
        try:
            call()
            outcome = "ok"
        except salon.SalonError:
            outcome = "error"
        finally:
            if timer is not None:
                # Wait inside the try, so that a signal sent after a quick call lands here.
                timer.join()
                deadline = time.monotonic() + 0.05
                while time.monotonic() < deadline:
                    pass
    except KeyboardInterrupt:
        assert interrupt, "KeyboardInterrupt without a signal"
        outcome = "interrupted"
    return outcome


STATE_CALLS = [
    "apply_action", "push", "apply", "legal_actions", "legal_actions_mask", "observation_tensor",
    "observation_string", "information_state_string", "resample_from_infostate", "action_to_string",
    "action_to_string2", "string_to_action", "string_to_action2", "pop", "peek", "apply_random_chance",
    "chance_outcomes", "render_svg", "play_random", "pickle", "eq", "deserialize", "bot", "random_playouts",
]
ENV_CALLS = ["step", "random_actions", "reset", "new_env"]
LONG_CALLS = {"play_random", "bot", "random_playouts"}
ACTION_FORMS = ["legal", "int32", "uint8", "list", "float", "bool", "str", "2d", "short", "strided", "alias",
                "readonly", "hostile"]


def serialized_text(state: salon.State, form: int, cut: int, hostile_value: Any) -> Any:
    text = state.serialize()
    if form == 0:
        return text
    if form == 1:
        doc = json.loads(text)
        doc["segments"] += [{"resample": {"player": 0, "seed": 1}, "actions": []}] * 300
        return json.dumps(doc)
    if form == 2:
        return text[:-1] + ',"seed":1}'
    if form == 3:
        return text[: cut % (len(text) + 1)]
    return hostile_value


def state_call(name: str, state: salon.State, d: list[tuple[str, Any]], extra: dict[str, Any]) -> Callable[[], Any]:
    game = state.game()
    players = list(range(game.num_players()))
    legal = state.legal_actions()
    texts = [m.text for m in state.legal_moves]
    a, p, t = resolve(d[0], legal), resolve(d[1], players), resolve(d[2], texts)
    seed = resolve(d[3], [0, 1, 2**64 - 1])
    calls: dict[str, Callable[[], Any]] = {
        "apply_action": lambda: state.apply_action(a),
        "push": lambda: state.push(a),
        "apply": lambda: state.apply(t),
        "legal_actions": lambda: state.legal_actions(p),
        "legal_actions_mask": lambda: state.legal_actions_mask(p),
        "observation_tensor": lambda: state.observation_tensor(p),
        "observation_string": lambda: state.observation_string(p),
        "information_state_string": lambda: state.information_state_string(p),
        "resample_from_infostate": lambda: state.resample_from_infostate(p, seed),
        "action_to_string": lambda: state.action_to_string(a),
        "action_to_string2": lambda: state.action_to_string(p, a),
        "string_to_action": lambda: state.string_to_action(t),
        "string_to_action2": lambda: state.string_to_action(p, t),
        "pop": state.pop,
        "peek": state.peek,
        "apply_random_chance": state.apply_random_chance,
        "chance_outcomes": state.chance_outcomes,
        "render_svg": lambda: state.render_svg(p),
        "play_random": lambda: state.play_random(seed),
        "pickle": lambda: pickle.loads(pickle.dumps(state)),
        "eq": lambda: state == state.clone(),
        "deserialize": lambda: game.deserialize_state(
            serialized_text(state, extra["form"], extra["cut"], extra["hostile"])
        ),
        "bot": lambda: salon.Bot(
            resolve(d[4], ["random", "greedy", "mcts"]), simulations=resolve(d[5], [1, 50, 10**9]), seed=seed
        ).step(state),
        "random_playouts": lambda: game.random_playouts(resolve(d[5], [1, 10**9]), seed=seed),
    }
    return calls[name]


def env_call(name: str, env: salon.VectorEnv, d: list[tuple[str, Any]], extra: dict[str, Any]) -> Callable[[], Any]:
    n = env.num_envs
    seed = resolve(d[3], [0, 7])
    if name == "random_actions":
        return lambda: env.random_actions(seed)
    if name == "reset":
        return env.reset
    if name == "new_env":
        return lambda: salon.VectorEnv(
            env.game, resolve(d[0], [1, 3, n]), seed=seed, auto_reset=resolve(d[1], [True, False]),
            threads=resolve(d[2], [1, 2]),
        )

    def step() -> None:
        obs, masks, players = env.reset()
        legal = np.argmax(masks, axis=1)
        forms: dict[str, Any] = {
            "legal": legal.astype(np.int64),
            "int32": legal.astype(np.int32),
            "uint8": legal.astype(np.uint8),
            "list": [int(x) for x in legal],
            "float": legal.astype(np.float64) + 0.5,
            "bool": legal.astype(bool),
            "str": legal.astype(str),
            "2d": legal.reshape(1, -1),
            "short": legal[:-1],
            "strided": np.repeat(legal, 2)[::2],
            "alias": env.episode_seeds.view(np.int64),
            "readonly": np.frombuffer(legal.astype(np.int64).tobytes(), dtype=np.int64),
            "hostile": extra["hostile"],
        }
        lock = [None, obs, masks, players][extra["lock"]]
        if lock is not None:
            lock.flags.writeable = False
        try:
            env.step(forms[extra["actions"]])
        finally:
            if lock is not None:
                lock.flags.writeable = True

    return step


step_strategy = st.fixed_dictionaries(
    {
        "call": st.sampled_from(STATE_CALLS + ENV_CALLS),
        "args": st.lists(descriptor, min_size=6, max_size=6),
        "background": st.integers(0, 4),
        "extra": st.fixed_dictionaries(
            {
                "form": st.integers(0, 4),
                "cut": st.integers(0, 2**16),
                "hostile": hostile,
                "lock": st.integers(0, 3),
                "actions": st.sampled_from(ACTION_FORMS),
            }
        ),
    }
)


@settings(
    max_examples=max(1, int(40 * SCALE)),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=os.environ.get("SALON_HYPOTHESIS_RANDOM") is None,
)
@given(data=st.data(), name=st.sampled_from(GAMES), seed=st.integers(0, 2**32))
def test_hostile_sequences_of_public_calls(data: st.DataObject, name: str, seed: int) -> None:
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signals reach the main thread only")
    game = _GAMES[name]
    state = game.new_initial_state(seed=seed)
    env = salon.VectorEnv(game, data.draw(st.sampled_from([1, 4, 300])), seed=seed, threads=data.draw(st.sampled_from([1, 2])))
    env.reset()
    background: list[threading.Thread] = []
    outcomes: list[str] = []
    failures: list[BaseException] = []

    def in_background(call: Callable[[], Any]) -> None:
        def run() -> None:
            try:
                call()
            except salon.SalonError:
                pass
            except BaseException as err:  # noqa: BLE001 - reported to the main thread
                failures.append(err)

        thread = threading.Thread(target=run)
        thread.start()
        background.append(thread)

    try:
        for step in data.draw(st.lists(step_strategy, min_size=1, max_size=12)):
            name = step["call"]
            if name in ENV_CALLS:
                call = env_call(name, env, step["args"], step["extra"])
            else:
                call = state_call(name, state, step["args"], step["extra"])
            long = name in LONG_CALLS
            if not long and step["background"] == 0:
                in_background(call)
                continue
            outcomes.append(guarded(call, interrupt=long))
    finally:
        for thread in background:
            thread.join()
    assert not failures, failures
    assert set(outcomes) <= {"ok", "error", "interrupted"}
