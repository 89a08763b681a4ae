"""Installs a training run's network as the shipped agent of its game and player count, with
its model card.

    python scripts/ship_agent.py runs/azul_sintra-2p [--evaluation results/agents/azul_sintra-2p/eval.jsonl.gz]

Copies ``RUN/network.onnx`` (or ``--network FILE``, e.g. a float16 export) to ``python/salon/agents/<game>-<players>p.onnx`` (with
``--rollout-mix X``, the file says ``salon.rollout_mix = X``: the agent values its leaves with
that share of a random playout) and writes the card
``<game>-<players>p.json`` beside it: the training command (from the checkpoint's settings),
wall time, machine, iterations, games, seed, the in-training evaluations (20 games each, at
the training's simulations) and, with ``--evaluation``, the strength table recomputed from that
file's records (``scripts/agent_strength.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import sys
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
AGENTS = ROOT / "python" / "salon" / "agents"
sys.path.insert(0, str(ROOT / "scripts"))


def checkpoint_state(run: Path) -> dict[str, Any]:
    with np.load(run / "checkpoint.npz") as d:
        state: dict[str, Any] = json.loads(bytes(d["state"]).decode())
    return state


def training_command(meta: dict[str, Any]) -> str:
    flags = []
    for key, value in meta.items():
        if key in ("game_name", "evaluate_only", "iterations") or value is None or value is False or value == []:
            continue
        flag = "--" + key.replace("_", "-")
        flags.append(flag if value is True else f"{flag} {json.dumps(value) if isinstance(value, str) else value}")
    return "OPENBLAS_NUM_THREADS=1 python examples/alphazero.py " + " ".join(flags) + " --out RUN --resume"


def example_settings(flags: list[str]) -> dict[str, Any]:
    """What ``examples/alphazero.py`` makes of ``flags``: its checkpoint's ``meta``, less the
    per-run budget."""
    import importlib.util
    import shlex

    spec = importlib.util.spec_from_file_location("alphazero_example", ROOT / "examples" / "alphazero.py")
    assert spec and spec.loader
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    settings = dict(vars(example.parse_args(shlex.split(" ".join(flags)))))
    return {k: v for k, v in settings.items() if k not in ("resume", "out", "hours", "iterations", "game_name")}


def training_stages(path: Path, meta: dict[str, Any], iterations: int) -> list[dict[str, Any]]:
    """The stages of a run whose recipe changed on the way (``--stages FILE``): a JSON list of
    ``{"until_iteration": N, "flags": "...", "fresh_buffer": false}`` in order, the last one
    ending at the checkpoint's iteration; each becomes the card's command for its iterations."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise SystemExit(f"--stages {path}: not a readable JSON file ({e})") from None
    if not isinstance(raw, list) or not raw:
        raise SystemExit(f"--stages {path}: a non-empty list of stages")
    game_spec = meta["game"]
    stages, last = [], 0
    for i, stage in enumerate(raw):
        if not isinstance(stage, dict) or set(stage) - {"until_iteration", "flags", "fresh_buffer"}:
            raise SystemExit(f"--stages {path}: stage {i} must have until_iteration, flags and fresh_buffer only")
        until, flags = stage.get("until_iteration"), stage.get("flags")
        if not isinstance(until, int) or until <= last or not isinstance(flags, str) or "--out" in flags:
            raise SystemExit(f"--stages {path}: stage {i} needs until_iteration above {last} and flags (without --out)")
        stages.append({
            "iterations": f"{last + 1}-{until}",
            "until_iteration": until,
            "fresh_buffer": bool(stage.get("fresh_buffer", False)),
            "command": "OPENBLAS_NUM_THREADS=1 python examples/alphazero.py --game "
                       f"{json.dumps(game_spec)} {flags} --out RUN --resume",
        })
        last = until
    if last != iterations:
        raise SystemExit(f"--stages {path}: the last stage ends at iteration {last}, the checkpoint is of {iterations}")
    # The last stage must be the run that wrote the checkpoint: the same settings, flag for flag.
    wanted = {k: v for k, v in meta.items() if k not in ("hours", "iterations", "game_name")}
    got = example_settings(["--game", json.dumps(game_spec), raw[-1]["flags"], "--out", "RUN"])
    if got != wanted:
        differ = sorted(k for k in set(got) | set(wanted) if got.get(k) != wanted.get(k))
        raise SystemExit(f"--stages {path}: the last stage's flags differ from the checkpoint's settings in {differ}")
    return stages


def run_ends(log: list[dict[str, Any]]) -> list[float]:
    """Each run's wall seconds: a resumed run counts its ``wall_seconds`` from its own start."""
    ends: list[float] = []
    previous = 0.0
    for entry in log:
        seconds = float(entry.get("wall_seconds", 0))
        if seconds < previous:
            ends.append(previous)
        previous = seconds
    return ends + [previous]


def training_seconds(log: list[dict[str, Any]]) -> float:
    return sum(run_ends(log))


def runs_of(log: list[dict[str, Any]]) -> int:
    return len(run_ends(log))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("run", type=Path)
    parser.add_argument("--evaluation", type=Path, help="a .jsonl(.gz) file of evaluation records (scripts/agent_strength.py)")
    parser.add_argument("--note", default="", help="a line for the card (what the run was, what is missing)")
    parser.add_argument("--network", type=Path, default=None,
                        help="the network file to ship, as evaluated (default RUN/network.onnx; a float16 export of "
                        "the checkpoint: scripts/export_network.py)")
    parser.add_argument("--rollout-mix", type=float, default=None,
                        help="the share of a random playout in the agent's leaf values, written into the shipped file as "
                        "salon.rollout_mix (Bot('network') plays with it; docs/bots.md); evaluate the same file")
    parser.add_argument("--search", action="append", default=[], metavar="KEY=VALUE",
                        help="a Gumbel root setting of the agent written into the shipped file as salon.KEY "
                        "(max_considered_actions, c_visit, c_scale, rollouts_per_leaf), as scripts/evaluate_agent.py --search; "
                        "evaluate the same file")
    parser.add_argument("--stages", type=Path, default=None,
                        help="a JSON list of the run's stages where its flags changed on the way "
                        "([{\"until_iteration\": N, \"flags\": \"...\", \"fresh_buffer\": false}, ...]); "
                        "the card keeps one command per stage and `make agents` replays them in order")
    args = parser.parse_args()
    if args.rollout_mix is not None and not 0.0 <= args.rollout_mix <= 1.0:
        parser.error(f"--rollout-mix must be from 0 to 1, not {args.rollout_mix}")
    import salon
    from salon.onnx_mlp import with_metadata

    state = checkpoint_state(args.run)
    meta = state["meta"]
    game = salon.load_game(meta["game"])
    data = (args.network or args.run / "network.onnx").read_bytes()
    from evaluate_agent import agent_metadata

    metadata = agent_metadata(args.rollout_mix, args.search)
    if metadata:
        data = with_metadata(data, metadata)
    network = salon.Network.load(data, game)
    log = [json.loads(line) for line in (args.run / "log.jsonl").read_text().splitlines() if line.strip()]
    name = f"{game.name}-{game.num_players()}p"
    evals = [{k: v for k, v in e.items() if k.startswith("win_share") or k in ("iteration", "wall_seconds")}
             for e in log if any(k.startswith("win_share") for k in e)]
    card: dict[str, Any] = {
        "name": name,
        "game": game.name,
        "players": game.num_players(),
        "file": f"{name}.onnx",
        "sha256": network.sha256,
        "parameters": network.parameters,
        "architecture": network.metadata.get("salon.architecture", "mlp"),
        "value_frame": network.value_frame,
        "precision": network.metadata.get("salon.precision", "float32"),
        "rollout_mix": args.rollout_mix or 0.0,
        "search": {k.removeprefix("salon."): float(v) for k, v in metadata.items() if k != "salon.rollout_mix"},
        "trained_on": str(game),
        "components": "the substitute component set (salon's own, not the publisher's)",
        "training": {
            "command": training_command(meta),
            "iterations": state["iteration"],
            "games": sum(int(e.get("games", 0)) for e in log),
            "wall_hours": round(training_seconds(log) / 3600, 2),
            "runs": runs_of(log),
            "seed": meta.get("seed"),
            "machine": f"{platform.machine()}, {os.cpu_count()} CPUs (shared with other work), {platform.system()}",
            "log": f"results/agents/{name}/log.jsonl",
        },
        "in_training_evaluations": {
            "what": f"{meta.get('eval_games')} seat-rotated games each, agent at {meta.get('simulations')} simulations "
                    f"(Gumbel, no noise), against MCTS({meta.get('eval_mcts_simulations')}) with random rollouts and greedy; "
                    "no records kept: indicative only",
            "last": evals[-5:],
        },
        "strength": None,
        "note": args.note,
    }
    if args.stages:
        card["training"]["stages"] = training_stages(args.stages, meta, int(state["iteration"]))
    if args.evaluation:
        from agent_strength import strength_table

        card["strength"] = strength_table(args.evaluation, name)
    AGENTS.mkdir(parents=True, exist_ok=True)
    (AGENTS / f"{name}.onnx").write_bytes(data)
    (AGENTS / f"{name}.json").write_text(json.dumps(card, indent=2) + "\n", encoding="utf-8")
    results = ROOT / "results" / "agents" / name
    results.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(args.run / "log.jsonl", results / "log.jsonl")
    print(f"shipped {name}: {AGENTS / (name + '.onnx')} ({network.parameters} weights), card {name}.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
