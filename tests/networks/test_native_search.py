"""BatchedSearch with a salon.Network: the lock steps run in Rust, and the answer is that of the
callable path given the same network in numpy; Bot("network") and its analysis."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import salon
from salon.onnx_mlp import mlp_to_onnx
from salon.testing import advance, decision_states
from tests.networks.mlp import mlp_params, numpy_evaluator


@pytest.mark.parametrize("policy", ["gumbel", "puct"])
def test_native_and_callable_paths_give_the_same_search(game: salon.Game, policy: str) -> None:
    params = mlp_params(game, hidden=24, seed=3)
    net = salon.Network.load(mlp_to_onnx(params, game), game)
    states = decision_states(game, 6)
    kw: dict[str, Any] = {"simulations": 24, "policy": policy, "seed": 5, "leaves_per_step": 2}
    native = salon.BatchedSearch(game, net, **kw).run(states)
    callable_ = salon.BatchedSearch(game, numpy_evaluator(params), pass_players=True, **kw).run(states)
    np.testing.assert_array_equal(native.visit_counts, callable_.visit_counts)
    np.testing.assert_array_equal(native.actions, callable_.actions)
    np.testing.assert_allclose(native.policy, callable_.policy, atol=1e-5)
    np.testing.assert_allclose(native.root_values, callable_.root_values, atol=1e-5)


def test_overlap_and_threads_do_not_change_the_native_search(default_game: salon.Game) -> None:
    net = salon.Network.load(mlp_to_onnx(mlp_params(default_game), default_game), default_game)
    states = decision_states(default_game, 9)
    runs = [salon.BatchedSearch(default_game, net, simulations=16, seed=2, **kw).run(states)
            for kw in ({}, {"overlap": True}, {"threads": 2}, {"overlap": True, "threads": 2, "leaves_per_step": 1})]
    for r in runs[1:]:
        np.testing.assert_array_equal(r.visit_counts, runs[0].visit_counts)
        np.testing.assert_array_equal(r.actions, runs[0].actions)
    timings = salon.BatchedSearch(default_game, net, simulations=8).last_timings()
    assert set(timings) == {"tree", "observations", "steps", "network"}


def test_native_search_timings_name_the_network() -> None:
    game = salon.load_game("azul_sintra")
    net = salon.Network.load(mlp_to_onnx(mlp_params(game), game), game)
    search = salon.BatchedSearch(game, net, simulations=16)
    search.run(decision_states(game, 4))
    t = search.last_timings()
    assert t["steps"] >= 16 and t["network"] > 0 and t["tree"] > 0


def test_a_network_of_another_game_is_refused_by_the_search() -> None:
    studio = salon.load_game("atelier_studio")
    net = salon.Network.load(mlp_to_onnx(mlp_params(studio), studio), studio)
    with pytest.raises(salon.NetworkError, match="loaded for atelier_studio"):
        salon.BatchedSearch(salon.load_game("atelier_studio", players=3), net)
    search = salon.BatchedSearch(studio, net)
    with pytest.raises(salon.InvalidParameterError, match="state 0 is a state of"):
        search.run([salon.load_game("azul_sintra").new_initial_state(seed=1)])
    assert search.run(decision_states(studio, 2)).actions.shape == (2,)


def test_hidden_information_native_search_depends_only_on_the_movers_information(default_game: salon.Game) -> None:
    """Two true states the mover cannot tell apart get the same native search, wherever the
    game draws its determinizations from the mover's information alone."""
    if default_game.perfect_information:
        pytest.skip("nothing is hidden in this game")
    net = salon.Network.load(mlp_to_onnx(mlp_params(default_game), default_game), default_game)
    checked = 0
    for k, state in enumerate(decision_states(default_game, 4, plies=20, seed=11)):
        player = state.current_player()
        other = state.resample_from_infostate(player, seed=99 + k)
        assert other.information_state_string(player) == state.information_state_string(player)
        np.testing.assert_array_equal(state.observation_tensor(player), other.observation_tensor(player))
        a = salon.BatchedSearch(default_game, net, simulations=24, seed=3).run([state])
        b = salon.BatchedSearch(default_game, net, simulations=24, seed=3).run([other])
        draws = [(state.resample_from_infostate(player, seed=s), other.resample_from_infostate(player, seed=s)) for s in range(3)]
        same_draws = all(np.array_equal(x.observation_tensor(q), y.observation_tensor(q))
                         for x, y in draws for q in range(default_game.num_players()))
        if same_draws:
            np.testing.assert_array_equal(a.visit_counts, b.visit_counts)
            checked += 1
    assert checked > 0, "no position where resample_from_infostate depends on the mover's information only"


def test_the_native_network_sees_exactly_the_callable_paths_inputs(default_game: salon.Game) -> None:
    """The callable path shows what the search gives its evaluator; the native path, with the
    same network, searches identically, so it was given the same rows. Each row is checked
    here to be an observation of the player to move: the root's is its observation_tensor."""
    params = mlp_params(default_game)
    net = salon.Network.load(mlp_to_onnx(params, default_game), default_game)
    states = decision_states(default_game, 3, plies=14, seed=4)
    seen: list[tuple[np.ndarray, np.ndarray]] = []
    inner = numpy_evaluator(params)

    def spy(obs: Any, mask: Any, players: Any) -> Any:
        seen.append((obs.copy(), players.copy()))
        return inner(obs, mask, players)

    a = salon.BatchedSearch(default_game, spy, pass_players=True, simulations=16, seed=1).run(states)
    b = salon.BatchedSearch(default_game, net, simulations=16, seed=1).run(states)
    np.testing.assert_array_equal(a.visit_counts, b.visit_counts)
    first_obs, first_players = seen[0]
    for i, s in enumerate(states):
        assert first_players[i] == s.current_player()
        np.testing.assert_array_equal(first_obs[i], s.observation_tensor(s.current_player()))


def test_network_bot_is_deterministic_and_analyse_matches_step(default_game: salon.Game) -> None:
    net = salon.Network.load(mlp_to_onnx(mlp_params(default_game), default_game), default_game)
    state = decision_states(default_game, 1, plies=6)[0]
    bot = salon.Bot("network", network=net, simulations=32, seed=9)
    assert bot.kind == "network" and bot.simulations == 32 and bot.network is net
    analysis = bot.analyse(state)
    assert analysis.chosen == bot.step(state)
    again = salon.Bot("network", network=net, simulations=32, seed=9)
    assert again.step(state) == analysis.chosen
    legal = state.legal_actions()
    assert sorted(m.action for m in analysis.moves) == sorted(legal)
    assert abs(sum(m.prior for m in analysis.moves) - 1.0) < 1e-4
    assert sum(m.visits for m in analysis.moves) == 32
    assert analysis.player == state.current_player()
    assert analysis.principal_variation[0] == analysis.chosen
    assert analysis.principal_variation_text[0] == state.action_to_string(analysis.chosen)
    assert len(analysis.root_values) == default_game.num_players()
    assert all(0.0 <= v <= 1.0 for v in analysis.root_values)
    for m in analysis.moves:
        assert (m.value is None) == (m.visits == 0)
    assert analysis.chosen_text in str(analysis)
    assert analysis.to_dict()["chosen"] == analysis.chosen


def test_network_bot_plays_a_whole_game_against_mcts() -> None:
    game = salon.load_game("azul_sintra")
    net = salon.Network.load(mlp_to_onnx(mlp_params(game), game), game)
    bots = [salon.Bot("network", network=net, simulations=8, seed=1), salon.Bot("mcts", simulations=8, seed=2)]
    state = game.new_initial_state(seed=3)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            state.apply_action(bots[state.current_player()].step(state))
    assert abs(sum(state.returns()) - 1.0) < 1e-9


def test_network_bot_arguments_are_checked() -> None:
    game = salon.load_game("azul_sintra")
    net = salon.Network.load(mlp_to_onnx(mlp_params(game), game), game)
    with pytest.raises(salon.InvalidParameterError, match="network"):
        salon.Bot("network", network="model.onnx")  # type: ignore[arg-type]
    with pytest.raises(salon.InvalidParameterError, match="only Bot"):
        salon.Bot("mcts", network=net)
    with pytest.raises(salon.InvalidParameterError, match="time_limit"):
        salon.Bot("network", network=net, time_limit=1.0)
    with pytest.raises(salon.InvalidParameterError, match="analyse needs a network bot"):
        salon.Bot("mcts").analyse(game.new_initial_state(seed=1))
    with pytest.raises(salon.InvalidParameterError, match="leaves_per_step"):
        salon.Bot("mcts", leaves_per_step=4)
    with pytest.raises(salon.InvalidParameterError, match="leaves_per_step"):
        salon.Bot("network", network=net, leaves_per_step=0)
    bot = salon.Bot("network", network=net)
    assert bot.simulations == 200 and bot.leaves_per_step == 8
    assert salon.Bot("network", network=net, leaves_per_step=1).leaves_per_step == 1
    other = salon.load_game("atelier_studio").new_initial_state(seed=1)
    while other.is_chance_node():
        other.apply_random_chance()
    with pytest.raises(salon.NetworkError, match="loaded for azul_sintra"):
        bot.step(other)
    s = game.new_initial_state(seed=1)
    with pytest.raises(salon.WrongNodeError):
        bot.step(s) if s.is_chance_node() else bot.step(advance(s, 10_000))


def test_reseed_restarts_the_network_bot() -> None:
    game = salon.load_game("colors_of_paris")
    net = salon.Network.load(mlp_to_onnx(mlp_params(game), game), game)
    states = decision_states(game, 3, plies=8)
    bot = salon.Bot("network", network=net, simulations=16, seed=4)
    first = [bot.step(s) for s in states]
    bot.reseed(4)
    assert [bot.step(s) for s in states] == first


def test_rollout_mix_of_the_search_the_bot_and_the_network_file() -> None:
    game = salon.load_game("azul_sintra")
    params = mlp_params(game)
    plain = salon.Network.load(mlp_to_onnx(params, game), game)
    mixed = salon.Network.load(mlp_to_onnx(params, game, metadata={"salon.rollout_mix": "0.5"}), game)
    states = decision_states(game, 3)
    kw: dict[str, Any] = {"simulations": 16, "seed": 2}
    off = salon.BatchedSearch(game, plain, **kw).run(states)
    on = salon.BatchedSearch(game, plain, rollout_mix=1.0, **kw).run(states)
    # The network's values are softmaxed win shares (each row sums to 1), and so are a
    # playout's returns: the mix changes the values, not their sum.
    assert not np.allclose(off.root_values, on.root_values)
    np.testing.assert_allclose(on.root_values.sum(axis=1), 1.0, atol=1e-4)
    again = salon.BatchedSearch(game, plain, rollout_mix=1.0, **kw).run(states)
    np.testing.assert_array_equal(on.root_values, again.root_values)
    for bad in (-0.5, 1.5, float("nan")):
        with pytest.raises(salon.InvalidParameterError, match="rollout_mix"):
            salon.BatchedSearch(game, plain, rollout_mix=bad)
    four = salon.BatchedSearch(game, plain, rollout_mix=1.0, rollouts_per_leaf=4, **kw).run(states)
    assert not np.allclose(four.root_values, on.root_values)
    np.testing.assert_allclose(four.root_values.sum(axis=1), 1.0, atol=1e-4)
    for bad_count in (0, 65, 2.5):
        with pytest.raises(salon.InvalidParameterError, match="rollouts_per_leaf"):
            salon.BatchedSearch(game, plain, rollout_mix=1.0, rollouts_per_leaf=bad_count)

    state = states[0]
    # The file's salon.rollout_mix is the bot's default; an argument overrides it.
    bot = salon.Bot("network", network=mixed, simulations=8, seed=1)
    assert bot.rollout_mix is None  # the file is read at the first move
    bot.step(state)
    assert bot.rollout_mix == 0.5
    assert salon.Bot("network", network=mixed, rollout_mix=0.0).rollout_mix == 0.0
    # Held as float32, read back as the decimal given (not 0.699999988...), from a file or an argument.
    assert salon.Bot("network", network=plain, rollout_mix=0.7).rollout_mix == 0.7
    tenths = salon.Bot("network", network=salon.Network.load(
        mlp_to_onnx(params, game, metadata={"salon.rollout_mix": "0.7"}), game), simulations=8, seed=1)
    tenths.step(state)
    assert tenths.rollout_mix == 0.7
    plain_bot = salon.Bot("network", network=plain, simulations=8, seed=1)
    plain_bot.step(state)
    assert plain_bot.rollout_mix == 0.0
    # The same search either way: the file's setting or the argument.
    by_file = salon.Bot("network", network=mixed, simulations=8, seed=1).analyse(state)
    by_arg = salon.Bot("network", network=plain, simulations=8, seed=1, rollout_mix=0.5).analyse(state)
    assert by_file.root_values == by_arg.root_values
    with pytest.raises(salon.InvalidParameterError, match="rollout_mix"):
        salon.Bot("mcts", rollout_mix=0.5)
    with pytest.raises(salon.InvalidParameterError, match="rollout_mix"):
        salon.Bot("network", network=plain, rollout_mix=2)
    for text in ("lots", "1.5", "nan"):
        with pytest.raises(salon.NetworkError, match="salon.rollout_mix"):
            salon.Network.load(mlp_to_onnx(params, game, metadata={"salon.rollout_mix": text}), game)


def test_gumbel_settings_of_the_network_file() -> None:
    game = salon.load_game("azul_sintra")
    params = mlp_params(game)
    state = decision_states(game, 1)[0]
    assert len(state.legal_actions()) > 2

    def visited(metadata: dict[str, str]) -> int:
        network = salon.Network.load(mlp_to_onnx(params, game, metadata=metadata), game)
        analysis = salon.Bot("network", network=network, simulations=32, seed=1).analyse(state)
        return sum(1 for m in analysis.moves if m.visits > 0)

    # Gumbel-top-k at the root: the file's salon.max_considered_actions bounds the moves searched.
    assert visited({"salon.max_considered_actions": "2"}) == 2
    assert visited({}) > 2
    # c_scale 0 leaves the search's values out of the root choice: the move is the prior's best.
    network = salon.Network.load(mlp_to_onnx(params, game, metadata={"salon.c_scale": "0"}), game)
    analysis = salon.Bot("network", network=network, simulations=32, seed=1).analyse(state)
    assert analysis.chosen == max(analysis.moves, key=lambda m: m.prior).action
    for key, text in (("salon.max_considered_actions", "0"), ("salon.max_considered_actions", "65"),
                      ("salon.max_considered_actions", "2.5"), ("salon.c_visit", "-1"),
                      ("salon.c_scale", "nan"), ("salon.c_scale", "many")):
        with pytest.raises(salon.NetworkError, match=key):
            salon.Network.load(mlp_to_onnx(params, game, metadata={key: text}), game)


def test_rollouts_per_leaf_of_the_network_file() -> None:
    game = salon.load_game("azul_sintra")
    params = mlp_params(game)
    state = decision_states(game, 1)[0]

    def root_values(metadata: dict[str, str]) -> list[float]:
        network = salon.Network.load(mlp_to_onnx(params, game, metadata=metadata), game)
        return salon.Bot("network", network=network, simulations=16, seed=1).analyse(state).root_values

    # The playouts' mean is drawn from the search's own generator: more playouts, other values;
    # the same file and seed, the same values.
    one = root_values({"salon.rollout_mix": "1"})
    four = root_values({"salon.rollout_mix": "1", "salon.rollouts_per_leaf": "4"})
    assert one == root_values({"salon.rollout_mix": "1", "salon.rollouts_per_leaf": "1"})
    assert four == root_values({"salon.rollout_mix": "1", "salon.rollouts_per_leaf": "4"})
    assert four != one
    for text in ("0", "65", "2.5", "many"):
        with pytest.raises(salon.NetworkError, match="salon.rollouts_per_leaf"):
            salon.Network.load(mlp_to_onnx(params, game, metadata={"salon.rollouts_per_leaf": text}), game)
