"""Helpers for tests and notebooks that drive games through the public API (no rules here)."""

from __future__ import annotations

from salon import _core
from salon._splitmix import SplitMix64


def advance(state: _core.State, plies: int, seed: int = 0) -> _core.State:
    """Plays up to ``plies`` actions in place: uniformly random decisions drawn from ``seed``,
    chance outcomes from the state's own seed. Returns the same state."""
    rng = SplitMix64(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
    return state


def decision_states(game: _core.Game, count: int, plies: int = 12, seed: int = 0, spread: int = 7) -> list[_core.State]:
    """Decision nodes a few random plies into games of different seeds: game ``i`` (seed
    ``seed + i``) advanced ``plies + i % spread`` plies, then past its chance nodes; the games
    that ended are left out (at least one state is returned)."""
    out = []
    for i in range(count):
        s = advance(game.new_initial_state(seed=seed + i), plies + i % spread, seed=seed + i)
        while s.is_chance_node():
            s.apply_random_chance()
        if not s.is_terminal():
            out.append(s)
    if not out:
        raise ValueError(f"every one of the {count} games of {game} ended within {plies + spread} plies")
    return out
