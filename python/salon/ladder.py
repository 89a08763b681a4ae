"""A strength ladder: a round robin of bots at a 2-player game, rated by a Bradley-Terry fit.

Every pair of bots plays ``games`` games (seats alternate: :func:`salon.arena.run_arena` with
the pair as its line-up); each game gives the first bot of the pair its win share (1, 0.5 on
a tie, 0). The ratings maximise the Bradley-Terry likelihood (a draw counted as half a win
and half a loss), with one virtual draw between every pair (a weak prior that keeps the
ratings finite when a bot wins every game), and are written as Elo: 400 / ln 10 times the
log-strength, the first bot of the ladder at 0. The 95% intervals are +-1.96 standard errors
from the inverse of the observed information (the first bot's rating fixed).

    salon ladder azul_sintra --games 20
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

import salon
from salon import arena, play

DEFAULT_LADDER = ["random", "greedy", "mcts:100", "mcts:1000", "net:50", "net:200"]
ELO = 400.0 / math.log(10.0)
PRIOR_DRAWS = 1.0


@dataclass
class Rating:
    bot: str
    elo: float
    low: float
    high: float
    games: int
    score: float


@dataclass
class Ladder:
    game: str
    bots: list[str]
    games_per_pair: int
    #: ``scores[i][j]``: bot i's total win share against bot j (``games[i][j]`` games).
    scores: list[list[float]]
    games: list[list[int]]
    ratings: list[Rating] = field(default_factory=list)
    seconds: float = 0.0
    records: list[dict[str, Any]] = field(default_factory=list)
    #: Bots left out, with the reason (a network salon does not ship for this game).
    skipped: dict[str, str] = field(default_factory=dict)


def available_bots(game: salon.Game, bots: list[str]) -> tuple[list[str], dict[str, str]]:
    """The bots of ``bots`` that can play ``game``, and the reasons for the others."""
    kept: list[str] = []
    skipped: dict[str, str] = {}
    for spec in bots:
        try:
            play.check_lineup(game, [spec])
        except salon.NetworkError as err:
            skipped[spec] = str(err)
            continue
        kept.append(spec)
    return kept, skipped


def fit_bradley_terry(scores: np.ndarray, games: np.ndarray, prior_draws: float = PRIOR_DRAWS) -> tuple[np.ndarray, np.ndarray]:
    """Log-strengths (the first fixed at 0) and their standard errors, from ``scores[i, j]``
    (i's win share in its ``games[i, j]`` games against j), by Newton's method."""
    k = len(scores)
    n = games + prior_draws * (1 - np.eye(k))
    w = scores + prior_draws / 2 * (1 - np.eye(k))
    theta = np.zeros(k)
    hessian = np.eye(k)
    for _ in range(100):
        p = 1 / (1 + np.exp(theta[None, :] - theta[:, None]))  # p[i, j]: i beats j
        grad = (w - n * p).sum(axis=1)
        info = n * p * (1 - p)
        hessian = np.diag(info.sum(axis=1)) - info
        step = np.zeros(k)
        step[1:] = np.linalg.solve(hessian[1:, 1:], grad[1:])
        theta += step
        if np.max(np.abs(step)) < 1e-10:
            break
    errors = np.zeros(k)
    errors[1:] = np.sqrt(np.diag(np.linalg.inv(hessian[1:, 1:])))
    return theta, errors


def run_ladder(
    game: salon.Game,
    bots: list[str] | None = None,
    games: int = 20,
    *,
    seed: int = 0,
    jobs: int = 1,
    on_pair: Callable[[str, str, arena.ArenaResult], None] | None = None,
) -> Ladder:
    """The round robin of ``bots`` (default :data:`DEFAULT_LADDER`, less the networks salon
    does not ship for this game) at a 2-player ``game``, ``games`` games a pair."""
    if game.num_players() != 2:
        raise salon.InvalidParameterError(
            f"the ladder rates bots at 2 players; {game} has {game.num_players()} (load it with players=2)")
    if games < 2:
        raise salon.InvalidParameterError("a ladder needs at least 2 games a pair (each bot in each seat)")
    wanted = list(DEFAULT_LADDER if bots is None else bots)
    if len(set(wanted)) != len(wanted):
        raise salon.InvalidParameterError("a bot is named twice in the ladder")
    kept, skipped = available_bots(game, wanted)
    if len(kept) < 2:
        raise salon.InvalidParameterError(f"a ladder needs two bots that can play {game}; left: {', '.join(kept) or 'none'}")
    k = len(kept)
    scores = np.zeros((k, k))
    played = np.zeros((k, k), dtype=int)
    out = Ladder(game=str(game), bots=kept, games_per_pair=games, scores=[], games=[], skipped=skipped)
    for pair, (i, j) in enumerate(itertools.combinations(range(k), 2)):
        result = arena.run_arena(game, [kept[i], kept[j]], games, seed=seed + pair * games, jobs=jobs)
        first, second = result.bots[kept[i]], result.bots[kept[j]]
        scores[i, j], scores[j, i] = first.share, second.share
        played[i, j] = played[j, i] = first.games
        out.seconds += result.seconds
        out.records.extend(result.records)
        if on_pair is not None:
            on_pair(kept[i], kept[j], result)
    out.scores, out.games = scores.tolist(), played.tolist()
    out.ratings = rate(kept, scores, played)
    return out


def rate(bots: list[str], scores: np.ndarray, played: np.ndarray) -> list[Rating]:
    """The bots' Elo ratings (the first at 0) with 95% intervals, best first, from the round
    robin's ``scores[i, j]`` (i's win share in its ``played[i, j]`` games against j)."""
    theta, errors = fit_bradley_terry(scores, played)
    ratings = []
    for b, bot in enumerate(bots):
        elo, half = ELO * theta[b], 1.959963984540054 * ELO * errors[b]
        ratings.append(Rating(bot, elo, elo - half, elo + half, int(played[b].sum()), float(scores[b].sum())))
    return sorted(ratings, key=lambda r: -r.elo)


def ladder_table(ladder: Ladder) -> str:
    """The ratings and the table of pairwise results, in Markdown."""
    first = ladder.bots[0]
    lines = [f"{ladder.game}: {ladder.games_per_pair} games a pair, {sum(r.games for r in ladder.ratings) // 2} games, "
             f"{ladder.seconds:.0f} s; Elo from a Bradley-Terry fit, {first} at 0, 95% intervals", "",
             "| bot | Elo | 95% interval | games | win share |", "|---|---:|---|---:|---:|"]
    for r in ladder.ratings:
        lines.append(f"| {r.bot} | {r.elo:.0f} | [{r.low:.0f}, {r.high:.0f}] | {r.games} | {r.score / r.games:.3f} |")
    lines += ["", "win share of the row's bot against the column's:", "",
              "| | " + " | ".join(ladder.bots) + " |", "|---|" + "---:|" * len(ladder.bots)]
    for i, bot in enumerate(ladder.bots):
        cells = ["-" if i == j else f"{ladder.scores[i][j] / ladder.games[i][j]:.2f}" for j in range(len(ladder.bots))]
        lines.append(f"| {bot} | " + " | ".join(cells) + " |")
    for bot, why in ladder.skipped.items():
        lines.append(f"\n(left out: {bot}: {why})")
    return "\n".join(lines)
