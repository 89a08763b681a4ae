"""Records round-trip and verify (stored records of earlier versions too); the command line
works as documented in docs/cli.md, tested through a subprocess."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import salon
from salon import records
from salon.arena import play_game, wilson

STORED = Path(__file__).parent / "records"


def _record(game: salon.Game, seed: int = 21) -> dict[str, Any]:
    n = game.num_players()
    seats = ["greedy", "random", "greedy", "random", "greedy"][:n]
    state = play_game(game, seats, seed)
    return records.record_of(state, seats)


# ----------------------------------------------------------------------------- records


def test_every_configuration_round_trips_and_verifies(game: salon.Game, tmp_path: Path) -> None:
    rec = _record(game)
    assert rec["format"] == records.RECORD_FORMAT
    assert len(rec["players"]) == game.num_players()
    assert any(isinstance(a, list) and len(a) == 2 for a in rec["actions"])
    path = tmp_path / "games.jsonl"
    records.write_records(path, [rec, rec])
    replayed = [(i, records.replay(r, line=i)) for i, r in records.read_records(path)]
    assert [i for i, _ in replayed] == [1, 2]
    assert all(s.scores() == rec["scores"] and s.is_terminal() for _, s in replayed)
    assert json.loads(path.read_text().splitlines()[0]) == rec


def test_chance_outcomes_are_in_the_record(default_game: salon.Game) -> None:
    rec = _record(default_game, seed=3)
    state = default_game.new_initial_state(seed=rec["seed"])
    chance = 0
    for action, _text in rec["actions"]:
        chance += state.is_chance_node()
        state.apply_action(action)
    assert chance > 0


def test_tampered_records_fail_naming_the_line_and_move(default_game: salon.Game) -> None:
    rec = _record(default_game)
    k = len(rec["actions"]) // 2

    bad = json.loads(json.dumps(rec))
    bad["actions"][k][1] = "something else"
    with pytest.raises(records.RecordError, match=rf"^line 3, move {k}: action \d+ is .* the record says 'something else'"):
        records.replay(bad, line=3)

    # A different but well-formed move: the text no longer matches, or the move is illegal.
    bad = json.loads(json.dumps(rec))
    bad["actions"][k][0] = bad["actions"][k][0] + 1
    with pytest.raises(records.RecordError, match=rf"^line 1, move {k}"):
        records.replay(bad)

    bad = json.loads(json.dumps(rec))
    bad["actions"][k] = [10**30, "huge"]
    with pytest.raises(records.RecordError, match=rf"move {k}"):
        records.replay(bad)

    bad = json.loads(json.dumps(rec))
    bad["actions"][k] = "not a pair"
    with pytest.raises(records.RecordError, match=rf"move {k}: expected \[action id, text\]"):
        records.replay(bad)

    bad = json.loads(json.dumps(rec))
    bad["scores"] = [s + 1 for s in bad["scores"]]
    with pytest.raises(records.RecordError, match="final scores"):
        records.replay(bad)

    bad = json.loads(json.dumps(rec))
    del bad["actions"][-5:]
    with pytest.raises(records.RecordError, match="final scores|final returns"):
        records.replay(bad)

    bad = json.loads(json.dumps(rec))
    bad["actions"].append(bad["actions"][-1])
    with pytest.raises(records.RecordError, match=rf"move {len(rec['actions'])} .*already over"):
        records.replay(bad)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "salon-record/0"}, "format must be"),
        ({"game": "no_such_game"}, "unknown game"),
        ({"game": 7}, "game must be a string"),
        ({"params": {"players": 9}}, "players"),
        ({"params": {"players": [2]}}, "params must be"),
        ({"components": {"name": "x", "hash": "0"}}, "component set 'x'"),
        ({"seed": -1}, "seed must be"),
        ({"seed": "1"}, "seed must be"),
        ({"players": ["a"]}, "players named"),
        ({"actions": {}}, "actions must be a list"),
    ],
)
def test_malformed_records_fail_clearly(change: dict[str, Any], message: str) -> None:
    rec = _record(salon.load_game("azul_sintra"))
    rec.update(change)
    with pytest.raises(records.RecordError, match=rf"^line 4: .*{message}"):
        records.replay(rec, line=4)


def test_unknown_fields_are_ignored_for_later_versions() -> None:
    rec = _record(salon.load_game("azul_sintra"))
    rec["future_field"] = {"anything": [1, 2]}
    assert records.replay(rec).scores() == rec["scores"]


def test_reader_streams_and_names_bad_lines(tmp_path: Path) -> None:
    rec = _record(salon.load_game("azul_sintra"))
    path = tmp_path / "mixed.jsonl"
    path.write_text(json.dumps(rec) + "\n\n" + json.dumps(rec) + "\n{not json\n", encoding="utf-8")
    stream = records.read_records(path)
    assert next(stream)[0] == 1
    assert next(stream)[0] == 3
    with pytest.raises(records.RecordError, match="^line 4: not valid JSON"):
        next(stream)
    with pytest.raises(records.RecordError, match="line 1: a record must be a JSON object"):
        list(records.read_records(io.StringIO("[1, 2]\n")))


def test_replay_steps_names_each_actor() -> None:
    rec = _record(salon.load_game("atelier_studio", players=3))
    actors = [actor for _, actor, _, _ in records.replay_steps(rec)]
    assert len(actors) == len(rec["actions"])
    assert salon.CHANCE in actors and set(actors) - {salon.CHANCE} == {0, 1, 2}


@pytest.mark.parametrize("path", sorted(STORED.glob("*.jsonl")), ids=lambda p: p.stem)
def test_stored_records_of_earlier_versions_still_replay(path: Path) -> None:
    """Records written by earlier versions (salon 0.1.0, one per configuration, and main 2de9cee):
    later versions must replay them, by their action ids when the wording changed (a rules or
    component change that breaks them needs a new component set name and hash)."""
    count = 0
    for lineno, rec, state in records.replay_file(path):
        assert state.is_terminal(), f"{path.name} line {lineno}"
        count += 1
    assert count > 0


def test_a_record_of_main_before_the_renumbering_replays_by_its_ids() -> None:
    """main_2de9cee.jsonl was written by salon 0.1.0 before azul_sintra's strings counted
    factories and slots from 0: its texts differ from today's, yet it replays and verifies (ids,
    final scores), while the same record claiming today's version is refused at the first
    reworded text."""
    reworded = 0
    for lineno, rec in records.read_records(STORED / "main_2de9cee.jsonl"):
        if rec["game"] != "azul_sintra":
            continue
        assert rec["salon"] == "0.1.0"
        game = records.load_record_game(rec, line=lineno)
        state = game.new_initial_state(seed=rec["seed"])
        for action, text in rec["actions"]:
            reworded += state.action_to_string(action) != text
            state.apply_action(action)
        assert records.replay(rec, line=lineno).scores() == rec["scores"]
        with pytest.raises(records.RecordError, match="the record says"):
            records.replay({**rec, "salon": salon.__version__}, line=lineno)
    assert reworded > 0


def test_stored_records_cover_every_game_and_player_count() -> None:
    from salon.testing.configurations import all_configurations

    stored = set()
    for path in STORED.glob("*.jsonl"):
        for _, rec in records.read_records(path):
            # Parameters added later take their defaults, as replay does.
            params = salon.load_game(rec["game"], **rec["params"]).get_parameters()
            stored.add((rec["game"], json.dumps(params, sort_keys=True)))
    wanted = {(name, json.dumps(salon.load_game(name, **params).get_parameters(), sort_keys=True)) for name, params in all_configurations()}
    assert wanted <= stored


def test_arena_in_worker_processes_gives_the_same_records() -> None:
    from salon.arena import run_arena

    game = salon.load_game("azul_sintra", players=3)
    one = run_arena(game, ["greedy", "random"], 3, seed=7)
    two = run_arena(game, ["greedy", "random"], 3, seed=7, jobs=2)
    assert one.records == two.records
    assert [r["players"] for r in one.records] == [["greedy", "random", "greedy"], ["random", "greedy", "random"], ["greedy", "random", "greedy"]]
    assert one.bots["greedy"].games == 5 and one.bots["random"].games == 4
    assert sum(b.share for b in one.bots.values()) == pytest.approx(3.0)


def test_wilson_interval() -> None:
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-3) and hi == pytest.approx(0.7634, abs=1e-3)
    assert wilson(0, 10)[0] == pytest.approx(0.0) and wilson(10, 10)[1] == pytest.approx(1.0)


# ------------------------------------------------------------------------- command line


def _salon(*args: str, cwd: Path, stdin: str | None = None, timeout: int = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "salon", *args], cwd=cwd, capture_output=True, text=True, timeout=timeout, input=stdin
    )


def _one_line_error(out: subprocess.CompletedProcess[str], *needles: str) -> None:
    assert out.returncode == 2, (out.returncode, out.stdout, out.stderr)
    assert "Traceback" not in out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("salon: error: "), out.stderr
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])


def test_cli_help(tmp_path: Path) -> None:
    out = _salon("--help", cwd=tmp_path)
    assert out.returncode == 0
    for command in ("games", "play", "arena", "replay", "view", "bench"):
        assert command in out.stdout
    for command in ("play", "arena", "replay", "view", "bench", "games"):
        out = _salon(command, "--help", cwd=tmp_path)
        assert out.returncode == 0 and "usage: salon " + command in out.stdout


def test_cli_games(tmp_path: Path) -> None:
    out = _salon("games", cwd=tmp_path)
    assert out.returncode == 0
    for name in salon.game_names():
        assert name in out.stdout
    assert "components:" in out.stdout and "substitute" in out.stdout and "players =" in out.stdout


def test_cli_arena_replay_and_view(tmp_path: Path) -> None:
    out = _salon("arena", "atelier_studio", "-p", "players=3", "--bots", "greedy,random", "--games", "4",
                 "--out", str(tmp_path / "r"), "--html", str(tmp_path / "first.html"), cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "win share" in out.stdout and "95% CI (Wilson)" in out.stdout
    assert "greedy" in out.stdout and "random" in out.stdout
    assert "4/4 games" in out.stderr  # the progress bar
    path = tmp_path / "r" / "atelier_studio.jsonl"
    recs = [r for _, r in records.read_records(path)]
    assert len(recs) == 4
    # Seat rotation: game g seats bot (g + p) mod 2 in seat p.
    assert [r["players"] for r in recs[:2]] == [["greedy", "random", "greedy"], ["random", "greedy", "random"]]
    assert (tmp_path / "first.html").stat().st_size > 1000

    out = _salon("replay", str(path), "-v", cwd=tmp_path)
    assert out.returncode == 0 and "4 records verified" in out.stdout and "line 4:" in out.stdout
    out = _salon("replay", str(path), "--line", "2", cwd=tmp_path)
    assert out.returncode == 0 and "1 records verified" in out.stdout

    out = _salon("view", str(path), "--line", "3", "-o", str(tmp_path / "g3.html"), cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    page = (tmp_path / "g3.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "DecompressionStream" in page
    assert "http://" not in page.replace("http://www.w3.org", "") and "https://" not in page  # self-contained

    out = _salon("replay", str(path), "--step", "--line", "2", cwd=tmp_path, stdin="\n\nb\n7\nq\n")
    assert out.returncode == 0, out.stderr
    assert "=== move 2 of" in out.stdout and "=== move 7 of" in out.stdout and "verified" in out.stdout


def test_cli_arena_all_games(tmp_path: Path) -> None:
    out = _salon("arena", "--all-games", "--bots", "greedy,random", "--games", "1", "--out", str(tmp_path / "all"),
                 "--html", str(tmp_path / "all" / "game.html"), "--html-game", "colors_of_paris", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    for name in salon.game_names():
        assert (tmp_path / "all" / f"{name}.jsonl").is_file()
        assert name in out.stdout
    assert (tmp_path / "all" / "game.html").is_file()
    assert "viewer of the first game of" in out.stdout and "colors_of_paris.jsonl" in out.stdout


def test_cli_play_against_bots(tmp_path: Path) -> None:
    # Always the first listed move; a wrong entry and 'list' on the way.
    answers = "nonsense\nlist\nhelp\n" + "1\n" * 3000
    out = _salon("play", "azul_sintra", "--bots", "random", "--seed", "4", "--record", str(tmp_path / "me.jsonl"),
                 cwd=tmp_path, stdin=answers)
    assert out.returncode == 0, out.stderr
    assert "not a legal move here: 'nonsense'" in out.stdout
    assert "  1. " in out.stdout and "final scores" in out.stdout
    [(_, rec)] = list(records.read_records(tmp_path / "me.jsonl"))
    assert rec["players"] == ["you", "random"]
    records.replay(rec)


def test_cli_play_by_text_undo_and_quit(tmp_path: Path) -> None:
    game = salon.load_game("atelier_studio")
    state = game.new_initial_state(seed=2)
    while state.is_chance_node():
        state.apply_random_chance()
    # Seat of the first decision: type that move's text, undo it, then quit.
    seat = state.current_player()
    text = state.legal_moves[-1].text
    out = _salon("play", "atelier_studio", "--seat", str(seat), "--bots", "greedy", "--seed", "2", cwd=tmp_path,
                 stdin=f"{text}\nundo\nquit\n")
    assert out.returncode == 0, out.stderr
    assert f"P{seat} (you): {text}" in out.stdout
    assert "game abandoned" in out.stdout
    # The person sees their own view only.
    assert f"observer P{seat}" in out.stdout


def test_cli_bench_runs_the_workloads(tmp_path: Path) -> None:
    out = _salon("bench", "--seconds", "0.01", "--section", "single", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    for name in salon.game_names():
        assert name in out.stdout


def test_cli_demo_still_works(tmp_path: Path) -> None:
    out = _salon("demo", "--games", "1", "--game", "azul_sintra", "--bots", "greedy,random", "--out", str(tmp_path / "r"), cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    out = _salon("replay", str(tmp_path / "r" / "azul_sintra.jsonl"), cwd=tmp_path)
    assert out.returncode == 0 and "records verified" in out.stdout


def test_cli_user_errors_are_one_line(tmp_path: Path) -> None:
    _one_line_error(_salon("replay", str(tmp_path / "missing.jsonl"), cwd=tmp_path), "no such file", "missing.jsonl")
    _one_line_error(_salon("view", str(tmp_path / "missing.jsonl"), cwd=tmp_path), "no such file")
    _one_line_error(_salon("arena", "no_such_game", cwd=tmp_path), "unknown game")
    _one_line_error(_salon("play", "no_such_game", cwd=tmp_path), "unknown game")
    _one_line_error(_salon("demo", "--game", "no_such_game", "--out", str(tmp_path), cwd=tmp_path), "unknown game")
    _one_line_error(_salon("arena", "azul_sintra", "-p", "players=9", cwd=tmp_path), "players")
    _one_line_error(_salon("arena", "azul_sintra(players=9)", cwd=tmp_path), "players")
    _one_line_error(_salon("arena", "azul_sintra", "-p", "colour", cwd=tmp_path), "key=value")
    _one_line_error(_salon("arena", "azul_sintra", "-p", "speed=3", cwd=tmp_path))
    _one_line_error(_salon("arena", "azul_sintra", "--bots", "alphazero", cwd=tmp_path), "unknown bot")
    _one_line_error(_salon("arena", cwd=tmp_path), "--all-games")
    _one_line_error(_salon("arena", "--all-games", "--html-game", "chess", cwd=tmp_path), "chess")
    _one_line_error(_salon("arena", "azul_sintra", "--games", "many", cwd=tmp_path), "--games")
    _one_line_error(_salon("play", "azul_sintra", "--seat", "5", cwd=tmp_path), "seat 5")
    _one_line_error(_salon("frobnicate", cwd=tmp_path), "invalid choice")
    _one_line_error(_salon(cwd=tmp_path))

    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json}\n", encoding="utf-8")
    _one_line_error(_salon("replay", str(bad), cwd=tmp_path), "line 1", "not valid JSON")
    bad.write_bytes(b"\xff\xfe\x00garbage\n")
    _one_line_error(_salon("replay", str(bad), cwd=tmp_path))

    rec = _record(salon.load_game("azul_sintra"))
    k = len(rec["actions"]) // 3
    rec["actions"][k][1] = "take everything"
    tampered = tmp_path / "tampered.jsonl"
    records.write_records(tampered, [_record(salon.load_game("azul_sintra"), seed=5), rec])
    _one_line_error(_salon("replay", str(tampered), cwd=tmp_path), f"line 2, move {k}", "take everything")
    _one_line_error(_salon("view", str(tampered), "--line", "2", "-o", str(tmp_path / "x.html"), cwd=tmp_path), f"line 2, move {k}")
    _one_line_error(_salon("view", str(tampered), "--line", "9", cwd=tmp_path), "no record on line 9")
    assert not (tmp_path / "x.html").exists()


def test_a_record_replayed_for_one_seat_names_only_the_patrons_that_seat_sees() -> None:
    """replay_steps(viewer=p) gives each move as the engine says p may read it: a patron dealt
    to the other player is not named; the whole record still names it."""
    rec = json.loads((Path(__file__).parent / "records" / "atelier_studio.jsonl").read_text().splitlines()[0])
    whole = [t for _, _, t, _ in records.replay_steps(rec)]
    seen = {p: [t for _, _, t, _ in records.replay_steps(rec, viewer=p)] for p in (0, 1)}
    dealt = [i for i, t in enumerate(whole) if t.startswith("deal patron ")]
    assert dealt, "the record deals patrons"
    for i in dealt:
        owner = int(whole[i].rsplit("P", 1)[1])
        assert seen[owner][i] == whole[i]
        assert seen[1 - owner][i] == f"deal a patron to P{owner}"
    public = [i for i, t in enumerate(whole) if t.startswith("reveal painting ")]
    assert public and all(seen[0][i] == seen[1][i] == whole[i] for i in public)
    with pytest.raises(ValueError, match="viewer"):
        next(records.replay_steps(rec, viewer=2))
