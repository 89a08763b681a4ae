"""The network bot wherever bots are: the arena and its spec grammar, the command line (arena,
analyse), the Gymnasium opponents and the Ray runner's games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import salon
from salon import arena
from salon.__main__ import main
from salon.onnx_mlp import mlp_to_onnx
from tests.networks.mlp import mlp_params


@pytest.fixture
def net_file(tmp_path: Path) -> Path:
    game = salon.load_game("azul_sintra")
    path = tmp_path / "azul.onnx"
    path.write_bytes(mlp_to_onnx(mlp_params(game), game))
    return path


def test_spec_grammar() -> None:
    assert arena.parse_bot("net") == ("net", 200)
    assert arena.parse_bot("net:50") == ("net", 50)
    assert arena.parse_bot("net:50@some/file.onnx") == ("net", 50)
    assert arena.network_path("net:50@some/file.onnx") == "some/file.onnx"
    assert arena.network_path("net:50") is None
    for bad in ("net:0", "net:x", "mcts:10@file.onnx", "nets", "net:5@"):
        with pytest.raises(salon.SalonError):
            arena.parse_bot(bad)
            arena.network_path(bad)


def test_arena_with_a_network_file(net_file: Path) -> None:
    game = salon.load_game("azul_sintra")
    result = arena.run_arena(game, [f"net:8@{net_file}", "random"], 2, seed=1)
    assert result.bots[f"net:8@{net_file}"].games == 2
    again = arena.run_arena(game, [f"net:8@{net_file}", "random"], 2, seed=1)
    assert [r["actions"] for r in again.records] == [r["actions"] for r in result.records]


def test_arena_refuses_a_network_of_another_game_before_playing(net_file: Path) -> None:
    with pytest.raises(salon.NetworkError, match="not of atelier_studio"):
        arena.run_arena(salon.load_game("atelier_studio"), [f"net:8@{net_file}", "random"], 2)


def test_arena_without_a_shipped_network_says_so() -> None:
    from salon import agents

    game = salon.load_game("atelier_canvas", players=5)
    if f"{game.name}-5p" in agents.shipped_agents():
        pytest.skip("a network is shipped for this game")
    with pytest.raises(salon.NetworkError, match="ships no network"):
        arena.run_arena(game, ["net:8", "random"], 1)


def test_command_line_arena_and_analyse(net_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    assert main(["arena", "azul_sintra", "--bots", f"net:8@{net_file},mcts:10", "--games", "2", "--out", str(out)]) == 0
    records = sorted(out.glob("*.jsonl"))
    assert records
    capsys.readouterr()
    _, record = salon.records.read_record(records[0])
    ply = next(i + 1 for i, _, _, s in salon.records.replay_steps(record) if not s.is_chance_node() and i > 10)
    assert main(["analyse", str(records[0]), "--ply", str(ply), "--bot", f"net:16@{net_file}", "--json"]) == 0
    analysis = json.loads(capsys.readouterr().out)
    assert analysis["simulations"] == 16 and analysis["ply"] == ply
    state = salon.records.start_state(record, salon.load_game("azul_sintra"))
    for action, _ in record["actions"][:ply]:
        state.apply_action(action)
    assert analysis["player"] == state.current_player()
    assert sorted(m["action"] for m in analysis["moves"]) == sorted(state.legal_actions())
    assert sum(m["visits"] for m in analysis["moves"]) == 16
    assert main(["analyse", str(records[0]), "--ply", str(ply), "--bot", "mcts:10"]) == 2
    assert "needs a network bot" in capsys.readouterr().err
    assert main(["analyse", str(records[0]), "--ply", "100000", "--bot", f"net:16@{net_file}"]) == 2


def test_gymnasium_opponent_is_a_network_bot(net_file: Path) -> None:
    pytest.importorskip("gymnasium")
    from salon.adapters.gymnasium_env import SalonGymEnv

    game = salon.load_game("azul_sintra")
    net = salon.Network.load(net_file, game)
    env = SalonGymEnv(game, opponents=salon.Bot("network", network=net, simulations=8))
    obs, info = env.reset(seed=3)
    done, steps = False, 0
    while not done:
        legal = [a for a, ok in enumerate(info["action_mask"]) if ok]
        obs, reward, terminated, truncated, info = env.step(legal[0])
        done = terminated or truncated
        steps += 1
    assert steps > 5


def test_ray_runner_games_take_net_specs(net_file: Path) -> None:
    from salon.adapters.ray_runner import play_game

    game = salon.load_game("azul_sintra")
    record = play_game(game, [f"net/8@{net_file}", "random"], 4)
    again = play_game(game, [f"net/8@{net_file}", "random"], 4)
    assert record["actions"] == again["actions"]
    assert abs(sum(record["returns"]) - 1.0) < 1e-9


def test_the_ray_runner_reads_the_arena_spec_grammar() -> None:
    from salon.adapters.ray_runner import make_policy, play_seeds

    game = salon.load_game("azul_sintra")
    state = game.new_initial_state(seed=4)
    while state.is_chance_node():
        state.apply_random_chance()
    for new, old in (("mcts:30", "mcts/30"), ("net:8", "net/8")):
        assert make_policy(new, 11, game)(state) == make_policy(old, 11, game)(state)
    a = play_seeds(game, ["mcts:20", "greedy"], range(2))
    b = play_seeds(game, ["mcts/20", "greedy"], range(2))
    assert [r["actions"] for r in a] == [r["actions"] for r in b]
