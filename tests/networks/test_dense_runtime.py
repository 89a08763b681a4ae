"""The dense runtime: plain MLPs (salon's own and the usual exports of other frameworks) run on
salon's kernel, agree with tract and numpy, and anything else runs on tract or is refused."""

from __future__ import annotations

import pickle
from typing import Any

import numpy as np
import pytest

import salon
from salon.onnx_mlp import mlp_to_onnx
from salon.testing import decision_states
from tests.networks.mlp import by_seat, forward, mlp_params


def observations(game: salon.Game, n: int, seed: int = 0) -> np.ndarray:
    return np.random.default_rng(seed).random((n, *game.observation_tensor_shape()), dtype=np.float32)


@pytest.mark.parametrize("hidden, layers", [(40, 1), (24, 2), (33, 3)])
def test_plain_mlps_run_on_the_dense_kernel_and_agree_with_tract_and_numpy(game: salon.Game, hidden: int, layers: int) -> None:
    params = mlp_params(game, hidden=hidden, layers=layers, seed=hidden)
    data = mlp_to_onnx(params, game)
    dense, tract = salon.Network.load(data, game), salon.Network.load(data, game, runtime="tract")
    assert (dense.runtime, tract.runtime) == ("dense", "tract")
    assert "runtime dense/" in repr(dense) and "runtime tract" in repr(tract)
    for rows in (1, 3, 4, 37):
        obs = observations(game, rows, seed=rows)
        players = np.arange(rows) % game.num_players()
        (l1, v1), (l2, v2) = dense.evaluate(obs, players), tract.evaluate(obs, players)
        np.testing.assert_allclose(l1, l2, rtol=1e-5, atol=1e-5)
        np.testing.assert_allclose(v1, v2, rtol=1e-5, atol=1e-6)
        want_logits, shares = forward(params, obs)
        np.testing.assert_allclose(l1, want_logits, rtol=1e-5, atol=1e-5)
        np.testing.assert_allclose(v1, by_seat(shares, players), rtol=1e-5, atol=1e-6)


def test_a_row_gives_the_same_bits_in_any_batch() -> None:
    game = salon.load_game("colors_of_paris", players=3)
    net = salon.Network.load(mlp_to_onnx(mlp_params(game, hidden=50), game), game)
    obs = observations(game, 41)
    players = np.arange(41) % 3
    logits, values = net.evaluate(obs, players)
    for lo, hi in ((0, 1), (5, 6), (3, 20), (40, 41)):
        part_logits, part_values = net.evaluate(obs[lo:hi], players[lo:hi])
        np.testing.assert_array_equal(part_logits, logits[lo:hi])
        np.testing.assert_array_equal(part_values, values[lo:hi])


def torch_style(game: salon.Game, seed: int = 0, softmax: bool = False) -> tuple[bytes, dict[str, np.ndarray]]:
    """An MLP written as `torch.onnx.export` writes `nn.Linear`: `Gemm` with `transB=1` and a
    `[out, in]` weight; here also a `MatMul` + `Add` layer; values by seat, raw or softmaxed."""
    onnx = pytest.importorskip("onnx")
    from onnx import TensorProto, helper, numpy_helper

    rng = np.random.default_rng(seed)
    size, a, p = game.observation_tensor_size(), game.num_distinct_actions(), game.num_players()
    w0 = (rng.standard_normal((20, size)) * 0.1).astype(np.float32)  # [out, in]
    b0 = rng.standard_normal(20).astype(np.float32) * 0.1
    w1 = (rng.standard_normal((20, 12)) * 0.3).astype(np.float32)  # [in, out]
    b1 = rng.standard_normal((1, 12)).astype(np.float32) * 0.1
    wp = (rng.standard_normal((a, 12)) * 0.3).astype(np.float32)
    wv = (rng.standard_normal((12, p)) * 0.3).astype(np.float32)
    bv = rng.standard_normal(p).astype(np.float32) * 0.1
    inits = [numpy_helper.from_array(x, n) for x, n in ((w0, "w0"), (b0, "b0"), (w1, "w1"), (b1, "b1"), (wp, "wp"), (wv, "wv"), (bv, "bv"))]
    nodes = [
        helper.make_node("Gemm", ["obs", "w0", "b0"], ["z0"], transB=1),
        helper.make_node("Relu", ["z0"], ["h0"]),
        helper.make_node("MatMul", ["h0", "w1"], ["m1"]),
        helper.make_node("Add", ["b1", "m1"], ["z1"]),
        helper.make_node("Relu", ["z1"], ["h1"]),
        helper.make_node("Gemm", ["h1", "wp"], ["logits"], transB=1),
        helper.make_node("MatMul", ["h1", "wv"], ["vm"]),
        helper.make_node("Add", ["vm", "bv"], ["vz" if softmax else "values"]),
    ]
    if softmax:
        nodes.append(helper.make_node("Softmax", ["vz"], ["values"], axis=-1))
    graph = helper.make_graph(
        nodes, "torch_like", [helper.make_tensor_value_info("obs", TensorProto.FLOAT, ["N", size])],
        [helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["N", a]),
         helper.make_tensor_value_info("values", TensorProto.FLOAT, ["N", p])], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    params = {"w0": w0, "b0": b0, "w1": w1, "b1": b1, "wp": wp, "wv": wv, "bv": bv}
    return model.SerializeToString(), params


@pytest.mark.parametrize("softmax", [False, True])
def test_torch_style_exports_run_on_the_dense_kernel(softmax: bool) -> None:
    game = salon.load_game("atelier_studio", players=3)
    data, w = torch_style(game, softmax=softmax)
    net = salon.Network.load(data, game)
    assert net.runtime == "dense" and net.value_frame == "seat"
    obs = observations(game, 9).reshape(9, -1)
    h = np.maximum(obs @ w["w0"].T + w["b0"], 0)
    h = np.maximum(h @ w["w1"] + w["b1"], 0)
    v = h @ w["wv"] + w["bv"]
    if softmax:
        v = np.exp(v - v.max(axis=1, keepdims=True))
        v /= v.sum(axis=1, keepdims=True)
    logits, values = net.evaluate(obs)
    np.testing.assert_allclose(logits, h @ w["wp"].T, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(values, v, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(logits, salon.Network.load(data, game, runtime="tract").evaluate(obs)[0], rtol=1e-5, atol=1e-5)


def _tanh_values(m: Any, onnx: Any) -> None:
    node = next(n for n in m.graph.node if n.op_type == "Softmax")
    node.op_type = "Tanh"
    del node.attribute[:]


def _players_input(m: Any, onnx: Any) -> None:
    m.graph.input.append(onnx.helper.make_tensor_value_info("players", onnx.TensorProto.INT32, ["N"]))


def _scaled_gemm(m: Any, onnx: Any) -> None:
    node = next(n for n in m.graph.node if n.op_type == "Gemm")
    node.attribute.append(onnx.helper.make_attribute("alpha", 0.5))


@pytest.mark.parametrize("edit", [_tanh_values, _players_input, _scaled_gemm])
def test_other_graphs_run_on_tract_and_are_refused_by_the_dense_runtime(edit: Any) -> None:
    onnx = pytest.importorskip("onnx")
    game = salon.load_game("azul_sintra")
    model = onnx.load_from_string(mlp_to_onnx(mlp_params(game), game))
    edit(model, onnx)
    data = model.SerializeToString()
    assert salon.Network.load(data, game).runtime == "tract"
    with pytest.raises(salon.NetworkError, match="runtime \"dense\" reads only a plain MLP"):
        salon.Network.load(data, game, runtime="dense")


def test_the_scaled_gemm_is_still_evaluated_right_on_tract() -> None:
    onnx = pytest.importorskip("onnx")
    game = salon.load_game("azul_sintra")
    params = mlp_params(game)
    model = onnx.load_from_string(mlp_to_onnx(params, game))
    _scaled_gemm(model, onnx)
    net = salon.Network.load(model.SerializeToString(), game)
    obs = observations(game, 2)
    half = dict(params, w0=params["w0"] * 0.5)
    np.testing.assert_allclose(net.evaluate(obs)[0], forward(half, obs)[0], rtol=1e-5, atol=1e-5)


def test_the_runtime_argument_is_checked_and_survives_pickling() -> None:
    game = salon.load_game("azul_sintra")
    data = mlp_to_onnx(mlp_params(game), game)
    with pytest.raises(salon.InvalidParameterError, match="runtime"):
        salon.Network.load(data, game, runtime="gpu")
    for runtime, shown in (("auto", "dense"), ("tract", "tract"), ("dense", "dense")):
        net = pickle.loads(pickle.dumps(salon.Network.load(data, game, runtime=runtime)))
        assert net.runtime == shown


def test_threads_share_the_network_without_changing_the_search(default_game: salon.Game) -> None:
    net = salon.Network.load(mlp_to_onnx(mlp_params(default_game, hidden=36), default_game), default_game)
    states = decision_states(default_game, 70)
    runs = [salon.BatchedSearch(default_game, net, simulations=8, seed=4, leaves_per_step=2, threads=t).run(states) for t in (1, 2, 3)]
    for r in runs[1:]:
        np.testing.assert_array_equal(r.visit_counts, runs[0].visit_counts)
        np.testing.assert_array_equal(r.policy, runs[0].policy)
        np.testing.assert_array_equal(r.root_values, runs[0].root_values)


def test_the_dense_and_tract_runtimes_give_the_same_search(default_game: salon.Game) -> None:
    data = mlp_to_onnx(mlp_params(default_game, hidden=24, seed=9), default_game)
    states = decision_states(default_game, 6)
    dense, tract = (salon.BatchedSearch(default_game, salon.Network.load(data, default_game, runtime=r), simulations=24, seed=5).run(states)
                    for r in ("dense", "tract"))
    np.testing.assert_array_equal(dense.visit_counts, tract.visit_counts)
    np.testing.assert_allclose(dense.policy, tract.policy, atol=1e-5)
