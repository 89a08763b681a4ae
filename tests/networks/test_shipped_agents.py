"""The networks salon ships: each loads for its game, Bot("network") picks it, its card matches
the file, and the strength on its card is recomputed from the evaluation records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import salon
from salon import agents
from tests.networks.scripts import load_script

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = agents.shipped_agents()


def _strength_module():  # type: ignore[no-untyped-def]
    return load_script("agent_strength")


def test_the_shipped_networks_fit_the_wheel_budget() -> None:
    total = sum(p.stat().st_size for p in Path(agents.__file__).parent.glob("*.onnx"))
    assert total <= 30 * 1024 * 1024


@pytest.mark.parametrize("name", SHIPPED)
def test_a_shipped_network_loads_and_is_the_default(name: str) -> None:
    game_name, _, players = name.rpartition("-")
    game = salon.load_game(game_name, players=int(players.rstrip("p")))
    card = agents.model_card(game)
    network = agents.shipped_network(game)
    assert card["sha256"] == network.sha256 and card["parameters"] == network.parameters
    assert card["game"] == game.name and card["players"] == game.num_players()
    assert card["training"]["command"].startswith("OPENBLAS_NUM_THREADS=1 python examples/alphazero.py")
    state = game.new_initial_state(seed=1)
    while state.is_chance_node():
        state.apply_random_chance()
    bot = salon.Bot("network", simulations=8)
    bot.step(state)
    assert bot.network is not None and bot.network.sha256 == card["sha256"]
    # The agent plays with the rollout share its card reports (cards before it: none).
    assert bot.rollout_mix == card.get("rollout_mix", 0.0)
    if card.get("strength"):
        table = _strength_module().strength_table(ROOT / card["strength"]["records"])
        table["records"] = card["strength"]["records"]
        assert table == card["strength"]


def test_no_shipped_network_is_a_clear_error() -> None:
    missing = [g for g in (salon.load_game("atelier_canvas", players=p) for p in range(2, 6))
               if f"{g.name}-{g.num_players()}p" not in SHIPPED]
    if not missing:
        pytest.skip("every player count of atelier_canvas has a network")
    game = missing[0]
    state = game.new_initial_state(seed=1)
    while state.is_chance_node():
        state.apply_random_chance()
    with pytest.raises(salon.NetworkError, match="ships no network for atelier_canvas"):
        salon.Bot("network").step(state)


def test_the_strength_script_recomputes_an_arena(tmp_path: Path) -> None:
    """agent_strength reads arena records: here a tiny arena of a network file against random."""
    from salon import arena
    from salon.onnx_mlp import mlp_to_onnx
    from tests.networks.mlp import mlp_params

    game = salon.load_game("azul_sintra")
    path = tmp_path / "n.onnx"
    path.write_bytes(mlp_to_onnx(mlp_params(game), game))
    result = arena.run_arena(game, [f"net:4@{path}", "random"], 4, seed=2)
    records = tmp_path / "eval.jsonl"
    records.write_text("".join(json.dumps(r) + "\n" for r in result.records))
    table = _strength_module().strength_table(records)
    spec = f"net:4@{path}"
    assert table["games"] == 4
    assert table["win_share"] == round(result.bots[spec].share / result.bots[spec].games, 4)
    assert table["fair_share"] == 0.5


@pytest.mark.parametrize("name", SHIPPED)
def test_make_agents_retrains_with_the_cards_command(name: str) -> None:
    """`make agents` runs the card's command (every flag of it), for as many iterations as the
    card's run, in runs/<name>."""
    import shlex
    import subprocess
    import sys

    game_name, _, players = name.rpartition("-")
    card = json.loads((Path(agents.__file__).parent / f"{name}.json").read_text())
    printed = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "retrain_agent.py"), game_name, players.rstrip("p"), "--dry-run"],
        check=True, capture_output=True, text=True,
    ).stdout
    # One command per stage where the shipped run changed its flags on the way, else the card's one.
    stages = card["training"].get("stages") or [
        {"command": card["training"]["command"], "until_iteration": card["training"]["iterations"], "fresh_buffer": False}]
    lines = printed.splitlines()
    assert len(lines) == len(stages)
    assert stages[-1]["until_iteration"] == card["training"]["iterations"]
    for line, stage in zip(lines, stages):
        argv = shlex.split(line, comments=True)
        assert line.endswith("# without the replay buffer") == stage["fresh_buffer"]
        card_argv = shlex.split(stage["command"])
        flags = card_argv[card_argv.index("examples/alphazero.py") + 1:]
        for i, word in enumerate(flags):
            if word in ("--hours", "--out") or (i > 0 and flags[i - 1] in ("--hours", "--out")):
                continue
            assert word in argv, f"{word} of the card's command is not in {line}"
        assert argv[argv.index("--iterations") + 1] == str(stage["until_iteration"])
        assert "--hours" not in argv
        assert argv[argv.index("--out") + 1] == str(ROOT / "runs" / name)


EVALUATIONS = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "results" / "agents").rglob("eval-*.jsonl.gz"))


@pytest.mark.parametrize("records", EVALUATIONS)
def test_every_kept_evaluation_is_reported_with_its_figure(records: str) -> None:
    """Every run is reported, kept or thrown away: each evaluation's records in results/agents
    are named on a row of docs/bots.md that gives the win share recomputed from them."""
    table = _strength_module().strength_table(ROOT / records)
    name = records.rpartition("/")[2]
    folder = records.rpartition("/")[0]
    rows = [line for line in (ROOT / "docs" / "bots.md").read_text().splitlines()
            if line.startswith("|") and (records in line or (folder in line and name in line))]
    assert rows, f"{records} is named on no row of docs/bots.md"
    figure = f"{table['win_share']:.3f}"
    assert any(figure in row for row in rows), f"no row naming {records} gives its win share {figure}"


@pytest.mark.parametrize("name", SHIPPED)
def test_the_shipped_file_is_the_export_of_the_committed_checkpoint(name: str, tmp_path: Path) -> None:
    """scripts/export_network.py on results/agents/<name>/checkpoint.npz writes the shipped file
    byte for byte (plus the rollout_mix the card names): the checkpoint behind every network is kept.
    At float16 the export is about half the size and reads as the same network."""
    import subprocess
    import sys

    from salon.onnx_mlp import with_metadata

    card = json.loads((ROOT / "python" / "salon" / "agents" / f"{name}.json").read_text())
    shipped = (ROOT / "python" / "salon" / "agents" / f"{name}.onnx").read_bytes()
    stored = salon.Network.load(shipped, card["trained_on"]).metadata.get("salon.precision", "float32")
    assert card.get("precision", "float32") == stored
    for precision in ("float32", "float16"):
        out = tmp_path / f"{precision}.onnx"
        subprocess.run([sys.executable, str(ROOT / "scripts" / "export_network.py"), str(ROOT / "results" / "agents" / name),
                        "--precision", precision, "--out", str(out)], check=True, capture_output=True, timeout=300)
        data = out.read_bytes()
        if precision == "float32":
            metadata = {f"salon.{k}": f"{v:g}" for k, v in card.get("search", {}).items()}
            if card.get("rollout_mix"):
                metadata["salon.rollout_mix"] = f"{card['rollout_mix']:g}"
            if metadata:
                data = with_metadata(data, metadata)
            assert data == shipped
        else:
            assert len(data) < 0.55 * len(shipped)
            half = salon.Network.load(data, card["trained_on"])
            assert half.metadata["salon.precision"] == "float16" and half.runtime == "dense"
