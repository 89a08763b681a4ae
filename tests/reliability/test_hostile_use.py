"""Issue 14: each failure seen under hostile or everyday use, as a regression test.

The numbers in the test names follow the issue's list: 1 crashes on long resample chains,
2 component data lost by copies, 3 and 4 panics (locked arrays, threads), 5 numpy integers,
6 Ctrl-C, 7 fork, 8 records, 9 smaller ones.
"""

from __future__ import annotations

import io
import json
import multiprocessing
import os
import pickle
import signal
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable

import numpy as np
import pytest

import salon
from salon import records

GAMES = salon.game_names()


def _past_chance(game: salon.Game, seed: int = 1, decisions: int = 0) -> salon.State:
    """A state at a decision node after the opening chance and `decisions` first-legal moves."""
    state = game.new_initial_state(seed=seed)
    made = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_random_chance()
        elif made < decisions:
            state.apply_action(state.legal_actions()[made % len(state.legal_actions())])
            made += 1
        else:
            break
    return state


# 1. Long resample chains -------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_1_a_12000_link_resample_chain_clones_serializes_and_pickles(name: str) -> None:
    game = salon.load_game(name)
    state = _past_chance(game)
    chained = state
    for i in range(12_000):
        chained = chained.resample_from_infostate(i % game.num_players(), i)
    copy = chained.clone()
    assert copy == chained
    back = game.deserialize_state(chained.serialize())
    assert back == chained
    assert pickle.loads(pickle.dumps(chained)) == chained
    assert back.legal_actions() == chained.legal_actions()


def test_1_a_serialized_state_with_12000_resample_segments_loads() -> None:
    game = salon.load_game("colors_of_paris")
    state = _past_chance(game)
    doc = json.loads(state.serialize())
    doc["segments"] += [{"resample": {"player": i % 2, "seed": i}, "actions": []} for i in range(12_000)]
    text = json.dumps(doc)
    assert len(text) > 500_000
    loaded = game.deserialize_state(text)
    assert json.loads(loaded.serialize())["segments"] == doc["segments"] or loaded.ply == state.ply
    assert loaded.ply == state.ply
    assert pickle.loads(pickle.dumps(loaded)) == loaded


# 2. User component data survives every copy ---------------------------------------------


def _user_azul() -> salon.Game:
    data = json.loads(salon.load_game("azul_sintra").components_json())
    data["broken_glass_track"] = [0, -2, -3, -5, -7, -9, -12, -15, -18]
    game = salon.load_game("azul_sintra", components=data)
    assert game.components["hash"] != salon.load_game("azul_sintra").components["hash"]
    return game


def test_2_pickled_game_keeps_the_users_component_set() -> None:
    game = _user_azul()
    back = pickle.loads(pickle.dumps(game))
    assert back.components["hash"] == game.components["hash"]
    assert back == game


def test_2_pickled_state_of_a_user_component_game_round_trips() -> None:
    game = _user_azul()
    state = _past_chance(game, decisions=5)
    back = pickle.loads(pickle.dumps(state))
    assert back == state
    assert back.game().components["hash"] == game.components["hash"]


def test_2_builtin_games_pickle_without_their_component_text() -> None:
    game = salon.load_game("atelier_canvas")
    assert game.components_json() not in pickle.dumps(game).decode("latin-1")


def test_2_arena_worker_processes_play_the_users_component_set() -> None:
    from salon.arena import run_arena

    game = _user_azul()
    one = run_arena(game, ["greedy", "random"], 2, seed=5, jobs=1)
    two = run_arena(game, ["greedy", "random"], 2, seed=5, jobs=2)
    assert [r["scores"] for r in one.records] == [r["scores"] for r in two.records]
    assert {r["components"]["hash"] for r in two.records} == {game.components["hash"]}
    for rec in two.records:
        assert records.replay(rec, game=game).scores() == rec["scores"]
    with pytest.raises(records.RecordError, match="component set"):
        records.replay(two.records[0])


# 3. Locked or aliased arrays ----------------------------------------------------------------


def test_3_step_into_an_output_made_read_only_raises_and_changes_nothing() -> None:
    env = salon.VectorEnv("azul_sintra", 8, seed=1)
    obs, masks, players = env.reset()
    seeds_before = env.episode_seeds.copy()
    actions = env.random_actions(0)
    masks.flags.writeable = False
    with pytest.raises(salon.ArrayAccessError, match="masks"):
        env.step(actions)
    masks.flags.writeable = True
    np.testing.assert_array_equal(env.episode_seeds, seeds_before)
    env.step(actions)  # the same actions are still legal: nothing was applied


def test_3_actions_that_alias_an_env_buffer_are_read_before_it_is_written() -> None:
    env = salon.VectorEnv("azul_sintra", 4, seed=1)
    env.reset()
    with pytest.raises(salon.IllegalActionError, match="game 0"):
        env.step(env.episode_seeds.view(np.int64))
    obs, masks, *_ = env.reset()
    legal = np.argmax(masks, axis=1).astype(np.int64)
    env.step(legal)


# 4. Threads ---------------------------------------------------------------------------------


def _while_busy(target: Callable[[], Any], probe: Callable[[], Any], tries: int = 400) -> list[str]:
    """Runs `probe` repeatedly while `target` runs on another thread; returns the outcomes."""
    outcomes: list[str] = []
    done = threading.Event()

    def run() -> None:
        try:
            target()
        finally:
            done.set()

    worker = threading.Thread(target=run)
    worker.start()
    try:
        for _ in range(tries):
            if done.is_set():
                break
            try:
                probe()
                outcomes.append("ok")
            except salon.ConcurrentUseError:
                outcomes.append("busy")
            time.sleep(0.0005)
    finally:
        worker.join()
    return outcomes


def test_4_a_change_during_a_long_read_on_another_thread_is_refused_typed() -> None:
    game = salon.load_game("atelier_studio")
    state = _past_chance(game)
    before = state.serialize()
    action = state.legal_actions()[0]
    bot = salon.Bot("mcts", simulations=20_000, seed=1)
    started = threading.Event()

    def search() -> None:
        started.set()
        bot.step(state)

    worker = threading.Thread(target=search)
    worker.start()
    started.wait()
    time.sleep(0.2)
    try:
        with pytest.raises(salon.ConcurrentUseError, match="another thread"):
            state.apply_action(action)
        with pytest.raises(salon.ConcurrentUseError):
            state.push(action)
        with pytest.raises(salon.ConcurrentUseError):
            state.play_random(seed=1)
        # Reading alongside a reader is fine.
        assert state.legal_actions()
        assert state == state.clone()
    finally:
        worker.join()
    assert state.serialize() == before


def test_4_calls_during_play_random_on_another_thread_succeed_or_raise_concurrent_use() -> None:
    game = salon.load_game("colors_of_paris")
    state = game.new_initial_state(seed=3)
    other = state.clone()
    bot = salon.Bot("random", seed=0)
    seen: set[str] = set()

    def churn() -> None:
        for i in range(300):
            state.play_random(seed=i)
            while state.ply > 40:
                state.pop()

    def probe() -> None:
        for call in (lambda: state == other, lambda: bot.step(state) if state.current_player() >= 0 else None,
                     state.legal_actions, state.serialize, lambda: state.observation_tensor(0)):
            call()

    outcomes = _while_busy(churn, probe)
    seen.update(outcomes)
    assert seen <= {"ok", "busy"}


# 5. numpy integers ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_5_numpy_integers_are_accepted_wherever_an_int_is(name: str) -> None:
    game = salon.load_game(name, players=np.int64(2))
    state = _past_chance(game, seed=int(np.uint8(4)))
    mask = state.legal_actions_mask()
    chosen = state.clone()
    chosen.apply_action(np.argmax(mask))
    by_int = state.clone()
    by_int.apply_action(int(np.argmax(mask)))
    assert chosen == by_int
    for kind in (np.int8, np.int32, np.uint16, np.int64):
        assert state.legal_actions(kind(state.current_player())) == state.legal_actions()
        assert state.observation_string(kind(0)) == state.observation_string(0)
        assert state.action_to_string(kind(state.legal_actions()[0])) == state.action_to_string(state.legal_actions()[0])
    assert state.resample_from_infostate(np.int64(0), np.uint64(7)).ply == state.ply
    env = salon.VectorEnv(game, np.int32(3), seed=np.uint64(2), threads=np.int64(1))
    env.reset()
    env.step(env.random_actions(np.int64(1)))
    bot = salon.Bot("mcts", simulations=np.int64(8), seed=np.uint32(3))
    assert bot.simulations == 8
    assert game.random_playouts(np.int16(2), seed=np.int64(1))[0] > 0


@pytest.mark.parametrize("bad", [True, np.True_, 2.0, np.float32(2.0), "3", None])
def test_5_bools_floats_and_strings_are_still_refused_as_ids(bad: Any) -> None:
    state = _past_chance(salon.load_game("azul_sintra"))
    before = state.serialize()
    with pytest.raises(salon.SalonError):
        state.apply_action(bad)
    with pytest.raises(salon.SalonError):
        state.observation_tensor(bad) if bad is not None else state.action_to_string(bad)
    assert state.serialize() == before


@pytest.mark.parametrize(
    "actions",
    [np.full(4, 3.7), np.ones(4, dtype=bool), np.array(["1"] * 4), [1.0, 2.0, 3.0, 4.0], [True] * 4],
    ids=["float", "bool", "numeric-str", "float-list", "bool-list"],
)
def test_5_vector_step_refuses_a_non_integer_dtype(actions: Any) -> None:
    env = salon.VectorEnv("azul_sintra", 4, seed=0)
    env.reset()
    seeds = env.episode_seeds.copy()
    with pytest.raises(salon.IllegalActionError, match="integer"):
        env.step(actions)
    np.testing.assert_array_equal(env.episode_seeds, seeds)


def test_5_vector_step_takes_any_integer_dtype_alike() -> None:
    results = []
    for dtype in (np.int64, np.int32, np.uint16):
        env = salon.VectorEnv("atelier_canvas", 6, seed=9)
        env.reset()
        for i in range(20):
            out = env.step(env.random_actions(i).astype(dtype))
        results.append(out[0].copy())
    for r in results[1:]:
        np.testing.assert_array_equal(r, results[0])


# 6. Ctrl-C --------------------------------------------------------------------------------


def _interrupt_after(seconds: float) -> threading.Timer:
    timer = threading.Timer(seconds, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    return timer


@pytest.mark.parametrize(
    "call",
    ["random_playouts", "mcts_step", "deserialize"],
)
def test_6_ctrl_c_stops_long_native_calls_and_leaves_things_as_they_were(call: str) -> None:
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signals reach the main thread only")
    game = salon.load_game("atelier_canvas")
    state = _past_chance(game)
    before = state.serialize()
    bot = salon.Bot("mcts", simulations=10**8, seed=2)
    long_text = ""
    if call == "deserialize":
        doc = json.loads(before)
        doc["segments"] += [{"resample": {"player": i % 2, "seed": i}, "actions": []} for i in range(1_000_000)]
        long_text = json.dumps(doc)
    run = {
        "random_playouts": lambda: game.random_playouts(10**9),
        "mcts_step": lambda: bot.step(state),
        "deserialize": lambda: game.deserialize_state(long_text),
    }[call]
    timer = _interrupt_after(0.3)
    started = time.perf_counter()
    # A call that ignored the signal would run for minutes: finishing at all within a
    # minute means it stopped at the signal (the latency is measured in docs/reliability.md).
    with pytest.raises(KeyboardInterrupt):
        run()
    timer.join()
    assert time.perf_counter() - started < 60
    assert state.serialize() == before
    # The bot's generator did not advance: the same call gives what a fresh bot gives.
    if call == "mcts_step":
        small = salon.Bot("mcts", simulations=50, seed=2)
        fresh = salon.Bot("mcts", simulations=50, seed=2)
        timer = _interrupt_after(0.05)
        try:
            bot_interrupted = salon.Bot("mcts", simulations=10**8, seed=2)
            with pytest.raises(KeyboardInterrupt):
                bot_interrupted.step(state)
        finally:
            timer.join()
        assert small.step(state) == fresh.step(state)


def test_6_an_interrupt_during_a_loop_of_play_random_leaves_no_half_played_state() -> None:
    """A guard rather than a regression (it passed before the fix too): one random game is
    milliseconds, so a Ctrl-C lands between calls or inside one, and either way the state
    being played is whole. That `play_random` itself stops on the check and restores the
    state is tested in Rust (`play_random_with_stop_leaves_the_state_as_it_was`)."""
    game = salon.load_game("azul_sintra")
    state = game.new_initial_state(seed=1)
    before = state.serialize()
    timer = _interrupt_after(0.2)
    calls = 0
    with pytest.raises(KeyboardInterrupt):
        while True:
            probe = state.clone()
            probe.play_random(seed=calls)
            assert probe.is_terminal()
            calls += 1
    timer.join()
    assert state.serialize() == before


# 7. fork ----------------------------------------------------------------------------------


def _step_in_child(env: salon.VectorEnv, out: Any) -> None:
    obs, *_ = env.step(env.random_actions(5))
    out.put(obs.sum(dtype=np.float64))


@pytest.mark.skipif(sys.platform != "linux", reason="fork is the Linux default")
def test_7_a_threaded_vector_env_steps_in_a_forked_child() -> None:
    env = salon.VectorEnv("azul_sintra", 512, seed=1, threads=2)
    assert env.threads == 2
    env.reset()
    env.step(env.random_actions(4))
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    child = ctx.Process(target=_step_in_child, args=(env, queue))
    child.start()
    child.join(120)
    if child.is_alive():
        child.kill()
        pytest.fail("the forked child hung on its first step")
    assert child.exitcode == 0
    expected, *_ = env.step(env.random_actions(5))
    assert queue.get(timeout=10) == expected.sum(dtype=np.float64)


# 8. Records -------------------------------------------------------------------------------


def _a_record() -> dict[str, Any]:
    game = salon.load_game("azul_sintra")
    state = game.new_initial_state(seed=3)
    state.play_random(seed=3)
    return records.record_of(state, ["random", "random"])


def test_8_a_record_with_a_huge_integer_is_a_record_error_naming_the_line() -> None:
    line = json.dumps(_a_record()).replace('"seed": 3', '"seed": ' + "9" * 5000)
    with pytest.raises(records.RecordError, match="line 2"):
        list(records.read_records(io.StringIO("\n" + line + "\n")))


def test_8_the_cli_answers_a_huge_integer_with_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from salon.__main__ import main

    path = tmp_path / "huge.jsonl"
    path.write_text(json.dumps(_a_record()).replace('"seed": 3', '"seed": ' + "9" * 5000) + "\n")
    assert main(["replay", str(path)]) == 2
    assert "line 1" in capsys.readouterr().err
    assert main(["view", str(path), "--out", str(tmp_path / "v.html")]) == 2


@pytest.mark.parametrize("bad", [None, [], "azul_sintra", 3])
def test_8_replay_of_a_non_record_is_a_record_error(bad: Any) -> None:
    with pytest.raises(records.RecordError, match="a record is a dict"):
        salon.replay(bad)


def test_8_a_game_string_that_contradicts_the_params_is_refused() -> None:
    rec = _a_record()
    rec["game"] = "azul_sintra(players=3)"
    with pytest.raises(records.RecordError, match="players"):
        salon.replay(rec)


def test_8_duplicate_keys_in_a_record_are_refused() -> None:
    line = json.dumps(_a_record())
    doubled = line[:-1] + ',"seed":4}'
    with pytest.raises(records.RecordError, match="duplicate key 'seed'"):
        list(records.read_records(io.StringIO(doubled)))


# 9. Smaller ones ------------------------------------------------------------------------------


def test_9_a_lone_surrogate_is_named_as_such() -> None:
    state = _past_chance(salon.load_game("azul_sintra"))
    with pytest.raises(salon.InvalidActionStringError, match="surrogate"):
        state.string_to_action("take \ud800")
    with pytest.raises(salon.InvalidActionStringError, match="surrogate"):
        state.apply_action("\udc00")
    with pytest.raises(salon.UnknownGameError, match="surrogate"):
        salon.load_game("azul_\ud800")
    with pytest.raises(salon.InvalidParameterError, match="surrogate"):
        salon.load_game("azul_sintra", side="\ud800")
    with pytest.raises(salon.DeserializationError, match="surrogate"):
        salon.load_game("azul_sintra").deserialize_state("\ud800")


def test_9_a_negative_action_is_reported_as_itself() -> None:
    state = _past_chance(salon.load_game("azul_sintra"))
    with pytest.raises(salon.IllegalActionError, match="illegal action -1"):
        state.apply_action(-1)


def test_9_auto_reset_must_be_a_bool() -> None:
    with pytest.raises(salon.InvalidParameterError, match="auto_reset"):
        salon.VectorEnv("azul_sintra", 2, auto_reset="no")  # type: ignore[arg-type]
    assert salon.VectorEnv("azul_sintra", 2, auto_reset=np.False_).num_envs == 2  # type: ignore[arg-type]


def test_9_a_parameter_given_twice_differently_is_an_error() -> None:
    with pytest.raises(salon.InvalidParameterError, match="players"):
        salon.load_game("azul_sintra(players=3)", players=4)
    assert salon.load_game("azul_sintra(players=3)", players=3).num_players() == 3


def test_9_duplicate_keys_are_refused_in_component_files_and_serialized_states() -> None:
    text = salon.load_game("azul_sintra").components_json()
    doubled = text[:-1] + ',"name":"twice"}'
    with pytest.raises(salon.ComponentError, match="duplicate key"):
        salon._core.load_game("azul_sintra", doubled)
    game = salon.load_game("azul_sintra")
    state_text = game.new_initial_state(seed=1).serialize()
    with pytest.raises(salon.DeserializationError, match="duplicate key"):
        game.deserialize_state(state_text[:-1] + ',"seed":2}')


def test_9_threads_are_capped_at_what_the_batch_can_use() -> None:
    before = threading.active_count()
    env = salon.VectorEnv("azul_sintra", 4, threads=256)
    assert env.threads == 1
    assert salon.VectorEnv("azul_sintra", 512, threads=256).threads == 512 // 32
    assert threading.active_count() == before  # native threads are not Python threads; see below
    task_dir = Path("/proc/self/task")
    if task_dir.exists():
        count = len(list(task_dir.iterdir()))
        salon.VectorEnv("azul_sintra", 4, threads=256)
        assert len(list(task_dir.iterdir())) <= count
