"""The benchmark workloads, shared by the pytest-benchmark suite and the report script."""

from __future__ import annotations

import salon
from salon._splitmix import SplitMix64
from salon.testing import advance


def native_playout(game: salon.Game, seed: int) -> int:
    """One whole random game played inside the engine; returns the number of actions."""
    state = game.new_initial_state(seed=seed)
    return state.play_random(seed=seed)


def python_loop_playout(game: salon.Game, seed: int) -> int:
    """One whole random game driven from Python through the single-state API."""
    state = game.new_initial_state(seed=seed)
    rng = SplitMix64(seed)
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
        moves += 1
    return moves


def midgame_state(game: salon.Game, seed: int = 1, plies: int = 60) -> salon.State:
    """A state some way into a game, at a decision node."""
    state = advance(game.new_initial_state(seed=seed), plies, seed)
    while state.is_chance_node():
        state.apply_random_chance()
    return state
