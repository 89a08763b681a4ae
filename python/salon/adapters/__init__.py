"""Ecosystem adapters: PettingZoo, Gymnasium, OpenSpiel and Ray.

Each adapter lives in its own module and imports its library only when that module is imported,
so ``import salon`` (and ``import salon.adapters``) never needs the extras. Install one with
``pip install salon[pettingzoo]`` (or ``[gymnasium]``, ``[openspiel]``, ``[ray]``).

>>> from salon.adapters import policies   # no extra needed
>>> from salon.adapters.pettingzoo_env import env   # needs salon[pettingzoo]

The names below are also reachable lazily, e.g. ``salon.adapters.SalonAECEnv`` imports
:mod:`salon.adapters.pettingzoo_env` on first use.
"""

from __future__ import annotations

import importlib
from typing import Any

_LAZY: dict[str, str] = {
    # policies (no extra)
    "UniformRandomPolicy": "policies",
    "as_policy": "policies",
    # PettingZoo
    "SalonAECEnv": "pettingzoo_env",
    "pettingzoo_env": "pettingzoo_env",
    # Gymnasium
    "SalonGymEnv": "gymnasium_env",
    "SalonVectorEnv": "gymnasium_env",
    "register_gymnasium_envs": "gymnasium_env",
    # OpenSpiel
    "register_pyspiel_games": "openspiel_game",
    # Ray
    "run_arena": "ray_runner",
    "generate_selfplay": "ray_runner",
}

_MODULES = ("policies", "pettingzoo_env", "gymnasium_env", "openspiel_game", "ray_runner")

__all__ = sorted(_LAZY)


def __getattr__(name: str) -> Any:
    if name in _MODULES:
        return importlib.import_module(f"{__name__}.{name}")
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    mod = importlib.import_module(f"{__name__}.{module}")
    return mod if name == module else getattr(mod, name)


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY) | set(_MODULES))
