"""Random states of every configuration, reached by random play (seeded)."""

from __future__ import annotations

import random

import salon


def random_states(game: salon.Game, games: int = 3, every: int = 7, seed: int = 0) -> list[salon.State]:
    """States along `games` random games: the first, every `every`-th and the last."""
    rng = random.Random(seed)
    out: list[salon.State] = []
    for g in range(games):
        state = game.new_initial_state(seed=seed * 1000 + g)
        out.append(state.clone())
        ply = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_random_chance()
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            ply += 1
            if ply % every == 0:
                out.append(state.clone())
        out.append(state.clone())
    return out
