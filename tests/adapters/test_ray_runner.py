"""Ray: the arena and the self-play generator on a local Ray instance equal the same seeds played without Ray."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
import ray

import salon
from salon.adapters.ray_runner import PolicySpec, generate_selfplay, main, play_seeds, run_arena, seating
from salon.records import read_records, replay


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def test_arena_on_two_workers_equals_local_play(local_ray: None) -> None:
    def first_legal(seed: int) -> Callable[[salon.State], int]:
        # A factory local to the test: Ray pickles it by value for the workers.
        return lambda state: state.legal_actions()[0]

    game = salon.load_game("atelier_canvas", players=3)
    policies: dict[str, PolicySpec] = {"random": "random", "first": first_legal, "greedy": "greedy"}
    seeds = range(100, 124)
    result = run_arena(game, policies, seeds, num_workers=2, chunk_size=3)
    assert len(result.workers) >= 2, result.workers
    assert all(played for played in result.workers.values())
    assert sorted(s for played in result.workers.values() for s in played) == list(seeds)
    local = play_seeds(game, policies, seeds)
    assert result.records == local
    assert [r["seed"] for r in result.records] == list(seeds)
    for rec in result.records:
        replay(rec)
    assert {k: v["seats_played"] for k, v in result.summary.items()} == {"random": 24, "first": 24, "greedy": 24}


def test_selfplay_on_two_workers_equals_local_play(local_ray: None) -> None:
    game = salon.load_game("azul_sintra", players=2, side="B")
    seeds = list(range(7, 19))
    calls: list[tuple[int, int]] = []
    records = generate_selfplay(game, seeds, num_workers=2, chunk_size=2, progress=lambda d, t: calls.append((d, t)))
    # Progress as the chunks come back: from 0 to all 12 games, two more each time.
    assert calls[0] == (0, 12) and calls[-1] == (12, 12) and len(calls) == 7
    assert [d for d, _ in calls] == sorted(d for d, _ in calls) and all(t == 12 for _, t in calls)
    assert records == generate_selfplay(game, seeds, use_ray=False)
    assert [r["seed"] for r in records] == seeds
    assert all(r["players"] == ["random", "random"] for r in records)
    with pytest.raises(ValueError):
        generate_selfplay(game, [1, 1], use_ray=False)


def test_command_line_uses_the_running_instance(
    local_ray: None, tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    out = f"{tmp_path}/arena.jsonl"
    assert main(["arena", "--game", "colors_of_paris(players=2)", "--policy", "a=random", "--policy", "b=greedy",
                 "--seeds", "0:6", "--workers", "2", "--out", out]) == 0
    lines = capsys.readouterr().err.strip().splitlines()
    assert lines[0].startswith("arena [") and "0/6 games" in lines[0]
    assert "6/6 games" in lines[-1] and "games/s" in lines[-1] and lines[-1].endswith("done")
    records = [rec for _, rec in read_records(out)]
    game = salon.load_game("colors_of_paris", players=2)
    assert records == play_seeds(game, {"a": "random", "b": "greedy"}, range(6))


def test_local_progress_line_shows_rate_and_time_left() -> None:
    import io

    from salon.adapters.ray_runner import ProgressLine

    stream = io.StringIO()
    game = salon.load_game("azul_sintra")
    run_arena(game, ["random", "random"], range(20), use_ray=False, progress=ProgressLine("arena", stream))
    lines = stream.getvalue().splitlines()
    assert len(lines) == 11, "not a terminal: the first game, then one line per tenth"
    assert "1/20 games" in lines[0] and "4/20 games" in lines[2]
    assert "s left" in lines[0] and "s left" in lines[0] and "games/s" in lines[0]
    assert "20/20 games" in lines[-1] and lines[-1].endswith("done")


def test_seat_rotation() -> None:
    assert seating(0, 2, 2) == [0, 1] and seating(1, 2, 2) == [1, 0]
    assert seating(1, 2, 2, rotate=False) == [0, 1]
    assert sorted(seating(s, 3, 3)[0] for s in range(3)) == [0, 1, 2]
