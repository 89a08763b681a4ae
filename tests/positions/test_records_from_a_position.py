"""Records of games that start from a position (format salon-record/2) write, read, replay
and view; records of the first format still read."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import salon
from salon import records, viewer
from tests.positions.conftest import random_states


def game_from_a_position(game: salon.Game, seed: int) -> salon.State:
    states = random_states(game, games=1, every=25, seed=seed)
    start = game.state_from_dict(states[len(states) // 2].to_dict(), seed=seed)
    rng = random.Random(seed)
    while not start.is_terminal():
        if start.is_chance_node():
            start.apply_random_chance()
        else:
            start.apply_action(rng.choice(start.legal_actions()))
    return start


def test_records_from_a_position_replay(default_game: salon.Game, tmp_path: Path) -> None:
    final = game_from_a_position(default_game, seed=2)
    rec = records.record_of(final, [f"p{i}" for i in range(default_game.num_players())])
    assert rec["format"] == "salon-record/2"
    assert rec["start"]["game"] == default_game.name
    path = tmp_path / "games.jsonl"
    records.write_records(path, [rec])
    (_, read), = list(records.read_records(path))
    replayed = records.replay(read)
    assert replayed.to_dict() == final.to_dict()
    assert replayed.history() == final.history()
    payload = viewer.viewer_payload(read)
    assert len(payload["positions"]) == len(final.history()) + 1


def test_a_record_of_the_first_node_keeps_format_1(default_game: salon.Game) -> None:
    state = default_game.new_initial_state(seed=1)
    state.play_random(seed=1)
    rec = records.record_of(state, [f"p{i}" for i in range(default_game.num_players())])
    assert rec["format"] == "salon-record/1" and "start" not in rec
    assert records.replay(rec).history() == state.history()


def test_a_bad_start_is_a_record_error() -> None:
    game = salon.load_game("azul_sintra")
    rec = records.record_of(game_from_a_position(game, seed=3), ["a", "b"])
    rec["start"]["bag"]["blue"] += 1
    with pytest.raises(salon.RecordError, match="start: invalid position: bag"):
        records.replay(rec)
    rec["format"] = "salon-record/1"
    with pytest.raises(salon.RecordError, match="needs format"):
        records.replay(rec)


def test_the_shipped_records_of_format_1_still_replay() -> None:
    for path in sorted(Path(__file__).resolve().parents[1].joinpath("records").glob("*.jsonl")):
        for line, rec in records.read_records(path):
            assert rec["format"] == "salon-record/1"
            records.replay(rec, line=line)
            break
