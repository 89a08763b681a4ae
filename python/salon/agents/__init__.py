"""The networks salon ships: one per game and player count, each with its model card.

``salon.Bot("network")`` (and the spec ``net:<simulations>``) plays with the shipped network
of the state's game; :func:`shipped_network` loads it, :func:`shipped_agents` lists them. A
network file is ``<game>-<players>p.onnx`` in this folder, its card ``<game>-<players>p.json``
beside it (training command, time, machine, games, strength: see ``docs/bots.md``).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from salon._core import Game, Network, NetworkError

__all__ = ["shipped_network", "shipped_agents", "model_card", "agent_file"]

_HERE = Path(__file__).parent


def agent_file(game: Game) -> Path:
    """Where the shipped network of ``game``'s name and player count is (or would be)."""
    return _HERE / f"{game.name}-{game.num_players()}p.onnx"


def shipped_agents() -> list[str]:
    """The shipped networks, as ``<game>-<players>p`` names."""
    return sorted(p.stem for p in _HERE.glob("*.onnx"))


def model_card(game: Game) -> dict[str, Any]:
    """The model card of ``game``'s shipped network."""
    card = agent_file(game).with_suffix(".json")
    if not card.is_file():
        raise NetworkError(f"network: salon ships no network for {game.name} at {game.num_players()} players "
                           f"(shipped: {', '.join(shipped_agents()) or 'none'})")
    data: dict[str, Any] = json.loads(card.read_text(encoding="utf-8"))
    return data


@lru_cache(maxsize=32)
def _load(path: str, name: str, players: int) -> Network:
    from salon import load_game

    return Network.load(path, load_game(name, players=players))


def shipped_network(game: Game) -> Network:
    """The shipped network of ``game`` (its name and player count; loaded once per game).
    Raises :class:`salon.NetworkError` when salon ships none for it. The shipped networks
    were trained on the default components and rules; a game with other components or
    variants gets the network of its name and player count all the same."""
    path = agent_file(game)
    if not path.is_file():
        raise NetworkError(f"network: salon ships no network for {game.name} at {game.num_players()} players "
                           f"(shipped: {', '.join(shipped_agents()) or 'none'}); load one with "
                           "salon.Network.load(path, game) and pass it as Bot('network', network=...)")
    return _load(str(path), game.name, game.num_players())
