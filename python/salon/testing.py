"""Helpers for tests and notebooks that drive games through the public API (no rules here)."""

from __future__ import annotations

from salon import _core
from salon.splitmix import SplitMix64


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
