"""Bots playing games: the bot specs of the command line, the arena and the ladder, seat
rotation, and one game, written once for every caller (``salon.arena``, ``salon.ladder``,
``salon play``, the demo, the Ray runner).

A bot spec is ``random``, ``greedy``, ``mcts[:simulations]`` or
``net[:simulations][@network.onnx]`` (the shipped network of the game, or that file).

>>> import salon
>>> from salon import play
>>> game = salon.load_game("azul_sintra")
>>> play.parse_bot("mcts:50")
('mcts', 50)
>>> state = play.play_game(game, play.rotation(["greedy", "random"], 0, 2), seed=3)
>>> state.is_terminal()
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

import salon


BOT_SPECS = "random, greedy, mcts[:simulations] or net[:simulations][@network.onnx]"


def parse_bot(spec: str) -> tuple[str, int]:
    """``random``, ``greedy``, ``mcts[:simulations]`` or ``net[:simulations][@path]`` ->
    (kind, simulations); ``net`` plays with the shipped network of the game, or the ONNX file
    after ``@`` (see :func:`network_path`)."""
    kind, _, sims = spec.strip().partition("@")[0].partition(":")
    if kind not in ("random", "greedy", "mcts", "net"):
        raise salon.SalonError(f"unknown bot {spec!r}: use {BOT_SPECS}")
    if "@" in spec and kind != "net":
        raise salon.SalonError(f"bad bot {spec!r}: only net takes a network file (net:200@file.onnx)")
    if sims:
        if not sims.isdigit() or int(sims) < 1:
            raise salon.SalonError(f"bad bot {spec!r}: the number of simulations must be a positive integer")
        return kind, int(sims)
    return kind, 200


def network_path(spec: str) -> str | None:
    """The network file of a ``net:...@path`` spec (``None``: the shipped network)."""
    _, at, path = spec.strip().partition("@")
    if at and not path.strip():
        raise salon.SalonError(f"bad bot {spec!r}: name the network file after @")
    return path.strip() or None


@functools.lru_cache(maxsize=16)
def _network(path: str, game: salon.Game) -> salon.Network:
    return salon.Network.load(path, game)


def make_bot(spec: str, seed: int, game: salon.Game | None = None) -> salon.Bot:
    """The bot of a spec. A ``net`` spec with a file needs ``game`` (the network is checked
    against it); without one it plays the shipped network of the state's game."""
    kind, sims = parse_bot(spec)
    if kind != "net":
        return salon.Bot(kind, simulations=sims, seed=seed)
    path = network_path(spec)
    if path is None:
        return salon.Bot("network", simulations=sims, seed=seed)
    if game is None:
        raise salon.SalonError(f"bot {spec!r} names a network file: give the game it plays")
    return salon.Bot("network", network=_network(path, game), simulations=sims, seed=seed)


def check_lineup(game: salon.Game, lineup: list[str]) -> None:
    """Loads every network the line-up needs for ``game`` now, so that a missing or bad
    network is reported before any game is played."""
    from salon import agents

    for spec in lineup:
        if parse_bot(spec)[0] == "net":
            path = network_path(spec)
            if path is None:
                agents.shipped_network(game)
            else:
                _network(path, game)


def parse_lineup(text: str) -> list[str]:
    lineup = [b.strip() for b in text.split(",") if b.strip()]
    if not lineup:
        raise salon.SalonError(f"no bots given: use for example --bots mcts:200,greedy,random (each one of {BOT_SPECS})")
    for spec in lineup:
        parse_bot(spec)
    return lineup


def play_game(game: salon.Game, seats: Sequence[str], seed: int) -> salon.State:
    """One game: the bot of each seat's spec (seeded ``seed * 10 + seat``), chance drawn from
    the state's own generator."""
    bots = [make_bot(spec, seed * 10 + p, game) for p, spec in enumerate(seats)]
    return play_policies(game, [b.step for b in bots], seed)


def play_policies(game: salon.Game, policies: Sequence[Callable[[salon.State], int]], seed: int) -> salon.State:
    """One game from ``game.new_initial_state(seed=seed)``: ``policies[p](state)`` chooses the
    action of seat ``p``, chance is drawn from the state's own generator."""
    state = game.new_initial_state(seed=seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            state.apply_action(policies[state.current_player()](state))
    return state


def rotation(lineup: Sequence[str], game_index: int, num_players: int) -> list[str]:
    """The seats of game ``game_index`` of a line-up: seat ``p`` gets bot ``(game_index + p)
    mod k``, so over ``k`` consecutive games every bot sits in every seat equally often."""
    return [lineup[(game_index + p) % len(lineup)] for p in range(num_players)]
