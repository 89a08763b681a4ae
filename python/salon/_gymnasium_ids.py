"""The Gymnasium ids ``salon/<game>-v0``, registered with entry points named by string.

Kept apart from :mod:`salon.adapters.gymnasium_env` so that ``import salon`` can register the ids
when Gymnasium is already loaded without importing the adapter (which imports ``salon`` back).
"""

from __future__ import annotations

import gymnasium  # type: ignore[import-untyped,import-not-found,unused-ignore]

import salon._core as _core


def register_gymnasium_envs() -> list[str]:
    """Registers ``salon/<game>-v0`` for every game (keywords of ``gymnasium.make`` reach the env)."""
    ids = []
    for entry in _core.registered_games():
        name = entry["name"]
        env_id = f"salon/{name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="salon.adapters.gymnasium_env:SalonGymEnv",
                kwargs={"game": name},
                vector_entry_point="salon.adapters.gymnasium_env:SalonVectorEnv",
            )
        ids.append(env_id)
    return ids
