"""Golden playthroughs: a text file per game configuration that pins the engine's behaviour.

A file starts with the game's facts and the seed, then lists every node of one game: who acts,
the legal actions, a hash of each player's observation tensor and information state, the
action taken with its text, and the table drawn in full at regular intervals. The test replays
each file's game and requires the regenerated text to be identical, line by line.

Regenerate with ``python -m salon.testing.playthrough --write tests/playthroughs`` (``make goldens``)
and review the diff: a change is a change of behaviour.
"""

from __future__ import annotations

import argparse
import hashlib
from pathlib import Path

import salon
from salon.testing.configurations import all_configurations
from salon._splitmix import SplitMix64

DRAW_EVERY = 50
GOLDEN_SEED = 20261129


LIST_LIMIT = 32


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:10]


def _ids(ids: list[int]) -> str:
    """Short lists in full; long ones as count, ends and a digest."""
    if len(ids) <= LIST_LIMIT:
        return " ".join(map(str, ids))
    return f"{ids[0]} .. {ids[-1]} digest {_digest(' '.join(map(str, ids)).encode())}"


def file_name(game: salon.Game) -> str:
    """``name(k=v,...).txt``; a rules variant at its default is left out, like the game string."""
    specs = next(g for g in salon.registered_games() if g["name"] == game.name)["parameters"]
    params = game.get_parameters()
    parts = [f"{k}={params[k]}" for k in sorted(params) if not (specs[k].get("variant") and params[k] == specs[k]["default"])]
    return f"{game.name}({','.join(parts)}).txt"


def playthrough(game: salon.Game, seed: int = GOLDEN_SEED) -> str:
    """The golden text of one seeded game with moves chosen by SplitMix64(seed)."""
    lines = [
        f"game: {game}",
        f"long_name: {game.long_name}",
        f"components: {game.components['name']} hash {game.components['hash']} substitute {game.components['substitute']}",
        f"num_players: {game.num_players()}",
        f"num_distinct_actions: {game.num_distinct_actions()}",
        f"max_chance_outcomes: {game.max_chance_outcomes()}",
        f"max_game_length: {game.max_game_length()}",
        f"observation_tensor_shape: {game.observation_tensor_shape()}",
        f"seed: {seed}",
        "",
    ]
    chooser = SplitMix64(seed)
    state = game.new_initial_state(seed=seed)
    while True:
        ply = state.ply
        lines.append(f"# ply {ply}  player {state.current_player()}  scores {state.scores()}")
        if ply % DRAW_EVERY == 0 or state.is_terminal():
            lines.extend("  | " + row for row in str(state).splitlines())
        views = []
        for p in range(game.num_players()):
            obs = _digest(state.observation_tensor(p).astype("<f4").tobytes())
            info = _digest(state.information_state_string(p).encode())
            text = _digest(state.observation_string(p).encode())
            views.append(f"{obs}/{text}/{info}")
        lines.append("  views (tensor/string/info per player): " + " ".join(views))
        if state.is_terminal():
            lines.append(f"returns: {state.returns()}")
            break
        legal = state.legal_actions()
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            listed = outcomes if len(outcomes) <= LIST_LIMIT else outcomes[:4] + outcomes[-4:]
            more = "" if len(outcomes) <= LIST_LIMIT else f" ({len(outcomes)} outcomes, digest {_digest(repr(outcomes).encode())})"
            lines.append("  chance: " + " ".join(f"{a}:{p:.6f}" for a, p in listed) + more)
            action = state.apply_random_chance()
            lines.append(f"  -> {action} {state.peek()}")
            continue
        lines.append(f"  legal ({len(legal)}): {_ids(legal)}")
        action = legal[chooser.below(len(legal))]
        move = state.push(action)
        lines.append(f"  -> {action} {move}")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", metavar="DIR", required=True, help="folder to write the golden files into")
    args = parser.parse_args()
    out = Path(args.write)
    out.mkdir(parents=True, exist_ok=True)
    for name, params in all_configurations():
        game = salon.load_game(name, **params)
        path = out / file_name(game)
        path.write_text(playthrough(game), encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
