"""`salon ladder`: the round robin, the Bradley-Terry fit, the table and the command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import salon
from salon import agents, ladder, records


def expected_scores(theta: np.ndarray, games: int) -> np.ndarray:
    """Each pair's expected win shares under the Bradley-Terry model of log-strengths ``theta``."""
    p = 1 / (1 + np.exp(theta[None, :] - theta[:, None]))
    np.fill_diagonal(p, 0)
    return p * games


def test_the_fit_recovers_known_strengths() -> None:
    theta = np.array([0.0, 0.7, 1.5, -0.4])
    games = 100_000
    played = np.full((4, 4), games) - np.eye(4, dtype=int) * games
    fitted, errors = ladder.fit_bradley_terry(expected_scores(theta, games), played)
    np.testing.assert_allclose(fitted, theta, atol=1e-3)
    assert errors[0] == 0 and np.all(errors[1:] > 0) and np.all(errors[1:] < 0.02)


def test_a_bot_that_wins_every_game_gets_a_finite_rating() -> None:
    scores = np.array([[0.0, 0.0], [10.0, 0.0]])
    played = np.array([[0, 10], [10, 0]])
    fitted, errors = ladder.fit_bradley_terry(scores, played)
    assert np.isfinite(fitted).all() and fitted[1] > 2 and np.isfinite(errors).all()
    # More games of the same result: a higher rating, a narrower interval.
    more, more_errors = ladder.fit_bradley_terry(scores * 10, played * 10)
    assert more[1] > fitted[1] and more_errors[1] < errors[1]


def test_a_small_round_robin() -> None:
    game = salon.load_game("azul_sintra")
    out = ladder.run_ladder(game, ["random", "greedy", "mcts:30"], games=4, seed=3)
    assert out.bots == ["random", "greedy", "mcts:30"] and len(out.records) == 3 * 4
    scores, played = np.array(out.scores), np.array(out.games)
    np.testing.assert_allclose(scores + scores.T, played)
    assert (played[~np.eye(3, dtype=bool)] == 4).all()
    by_bot = {r.bot: r for r in out.ratings}
    assert by_bot["random"].elo == 0 and by_bot["random"].low == 0 == by_bot["random"].high
    assert [r.elo for r in out.ratings] == sorted((r.elo for r in out.ratings), reverse=True)
    # Each rating's order agrees with its total score when every pair played the same games.
    totals = {b: scores[i].sum() for i, b in enumerate(out.bots)}
    assert [r.bot for r in out.ratings] == sorted(totals, key=lambda b: -totals[b])
    table = ladder.ladder_table(out)
    assert "| mcts:30 |" in table and "Bradley-Terry" in table
    for rec in out.records:
        records.replay(rec)


def test_networks_salon_does_not_ship_are_left_out_with_the_reason() -> None:
    game = salon.load_game("colors_of_paris", players=2)
    if f"{game.name}-2p" in agents.shipped_agents():
        pytest.skip("a network is shipped for this game")
    out = ladder.run_ladder(game, ["random", "greedy", "net:50"], games=2)
    assert out.bots == ["random", "greedy"] and "ships no network" in out.skipped["net:50"]
    assert "left out: net:50" in ladder.ladder_table(out)


@pytest.mark.parametrize("bots, games, message", [
    (["random"], 2, "two bots"),
    (["random", "random"], 2, "named twice"),
    (["random", "greedy"], 1, "at least 2 games"),
])
def test_bad_ladders_are_refused(bots: list[str], games: int, message: str) -> None:
    with pytest.raises(salon.InvalidParameterError, match=message):
        ladder.run_ladder(salon.load_game("azul_sintra"), bots, games)


def test_the_ladder_rates_two_player_games_only() -> None:
    with pytest.raises(salon.InvalidParameterError, match="at 2 players"):
        ladder.run_ladder(salon.load_game("azul_sintra", players=3), ["random", "greedy"], 2)


def test_the_command_writes_the_table_and_the_records(tmp_path: Path) -> None:
    table, recs = tmp_path / "ladder.md", tmp_path / "games.jsonl"
    done = subprocess.run([sys.executable, "-m", "salon", "ladder", "azul_sintra", "--bots", "random,greedy", "--games", "2",
                           "--out", str(table), "--records", str(recs)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "| greedy |" in table.read_text() and "random against greedy" in done.stderr
    assert len(list(records.read_records(recs))) == 2
    bad = subprocess.run([sys.executable, "-m", "salon", "ladder", "azul_sintra", "--bots", "wizard"], capture_output=True, text=True)
    assert bad.returncode != 0 and "unknown bot" in bad.stderr


LADDERS = Path(__file__).resolve().parents[2] / "results" / "ladders"


@pytest.mark.parametrize("table", sorted(LADDERS.glob("*.md")), ids=lambda p: p.stem)
def test_a_committed_ladder_is_recomputed_from_its_records(table: Path) -> None:
    """Every figure of a ladder table in results/ladders (and docs/bots.md, which shows them)
    follows from the records beside it: the pairs' win shares and the Bradley-Terry fit."""
    import gzip
    import json

    text = table.read_text(encoding="utf-8").strip()
    games_records = [json.loads(line) for line in gzip.open(table.with_suffix(".jsonl.gz"), "rt") if line.strip()]
    header = next(line for line in text.splitlines() if line.startswith("| | "))
    bots = [cell.strip() for cell in header.strip("|").split("|")[1:]]
    index = {bot: i for i, bot in enumerate(bots)}
    scores = np.zeros((len(bots), len(bots)))
    played = np.zeros((len(bots), len(bots)), dtype=int)
    for rec in games_records:
        (a, b), (ra, rb) = [index[p] for p in rec["players"]], rec["returns"]
        scores[a, b] += ra
        scores[b, a] += rb
        played[a, b] += 1
        played[b, a] += 1
    first_line = text.splitlines()[0]
    per_pair = int(first_line.split(": ")[1].split(" games a pair")[0])
    recomputed = ladder.Ladder(game=first_line.split(": ")[0], bots=bots, games_per_pair=per_pair,
                               scores=scores.tolist(), games=played.tolist(), ratings=ladder.rate(bots, scores, played))
    left_out = [line[len("(left out: "):-1].split(": ", 1) for line in text.splitlines() if line.startswith("(left out: ")]
    recomputed.skipped = {bot: why for bot, why in left_out}
    recomputed.seconds = float(first_line.split(" games, ")[1].split(" s;")[0])  # the run's, not a figure of play
    assert ladder.ladder_table(recomputed) == text
    assert text in (LADDERS.parents[1] / "docs" / "bots.md").read_text(encoding="utf-8"), \
        f"docs/bots.md does not show {table.name} as it is"
