"""salon.Network: ONNX files checked against their game on load, evaluated natively, and every
bad file refused with a NetworkError naming the problem."""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import salon
from salon import onnx_mlp
from salon.onnx_mlp import mlp_to_onnx
from tests.networks.mlp import by_seat, forward, mlp_params, network


def random_observations(game: salon.Game, n: int, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return rng.random((n, *game.observation_tensor_shape()), dtype=np.float32)


def test_a_network_loads_on_every_game_and_agrees_with_numpy(game: salon.Game) -> None:
    params = mlp_params(game, hidden=16)
    net = salon.Network.load(mlp_to_onnx(params, game), game)
    assert net.value_frame == "mover" and not net.takes_players
    assert net.metadata["salon.game"] == game.name
    assert net.parameters == sum(v.size for v in params.values())
    obs = random_observations(game, 5)
    players = np.arange(5) % game.num_players()
    logits, values = net.evaluate(obs, players)
    want_logits, shares = forward(params, obs)
    np.testing.assert_allclose(logits, want_logits, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(values, by_seat(shares, players), rtol=1e-5, atol=1e-6)


def test_the_writer_makes_files_the_onnx_checker_accepts() -> None:
    onnx = pytest.importorskip("onnx")
    game = salon.load_game("atelier_studio", players=3)
    model = onnx.load_from_string(mlp_to_onnx(mlp_params(game), game))
    onnx.checker.check_model(model, full_check=True)
    assert [i.name for i in model.graph.input] == ["obs"]
    assert [o.name for o in model.graph.output] == ["logits", "values"]


def test_load_from_a_path_and_pickle(tmp_path: Path) -> None:
    game = salon.load_game("azul_sintra")
    data = mlp_to_onnx(mlp_params(game), game)
    path = tmp_path / "net.onnx"
    path.write_bytes(data)
    for source in (path, str(path), data, bytearray(data), memoryview(data)):
        net = salon.Network.load(source, game)
        assert net.to_bytes() == data
    again = pickle.loads(pickle.dumps(net))
    obs = random_observations(game, 3)
    np.testing.assert_array_equal(again.evaluate(obs)[0], net.evaluate(obs)[0])
    assert again.sha256 == net.sha256 and len(net.sha256) == 64


def onnx_or_skip() -> Any:
    return pytest.importorskip("onnx")


def edited(game: salon.Game, edit: Any) -> bytes:
    onnx = onnx_or_skip()
    model = onnx.load_from_string(mlp_to_onnx(mlp_params(game), game))
    edit(model, onnx)
    out: bytes = model.SerializeToString()
    return out


def _nan_weight(m: Any, onnx: Any) -> None:
    w = onnx.numpy_helper.to_array(m.graph.initializer[0]).copy()
    w[0, 0] = np.nan
    m.graph.initializer[0].CopyFrom(onnx.numpy_helper.from_array(w, m.graph.initializer[0].name))


def _unknown_op(m: Any, onnx: Any) -> None:
    m.graph.node[1].op_type = "FancyRelu"


def _foreign_domain(m: Any, onnx: Any) -> None:
    m.graph.node[1].domain = "com.example"


def _external(m: Any, onnx: Any) -> None:
    t = m.graph.initializer[0]
    t.ClearField("raw_data")
    t.data_location = onnx.TensorProto.EXTERNAL
    entry = t.external_data.add()
    entry.key, entry.value = "location", "/etc/passwd"


def _other_game(m: Any, onnx: Any) -> None:
    for p in m.metadata_props:
        if p.key == "salon.game":
            p.value = "colors_of_paris"


def _three_inputs(m: Any, onnx: Any) -> None:
    for name in ("extra", "more"):
        m.graph.input.append(onnx.helper.make_tensor_value_info(name, onnx.TensorProto.FLOAT, [1]))


def _float_players(m: Any, onnx: Any) -> None:
    m.graph.input.append(onnx.helper.make_tensor_value_info("players", onnx.TensorProto.FLOAT, ["N"]))


def _one_output(m: Any, onnx: Any) -> None:
    del m.graph.output[1]


def _bad_frame(m: Any, onnx: Any) -> None:
    for p in m.metadata_props:
        if p.key == "salon.value_frame":
            p.value = "sideways"


def _subgraph(m: Any, onnx: Any) -> None:
    m.graph.node[1].attribute.append(onnx.helper.make_attribute("body", onnx.helper.make_graph([], "g", [], [])))


@pytest.mark.parametrize("edit, message", [
    (_nan_weight, "NaN or infinite weights"),
    (_unknown_op, "operator \"FancyRelu\" is not supported"),
    (_foreign_domain, "domain \"com.example\""),
    (_external, "another file"),
    (_other_game, "network of \"colors_of_paris\", not of azul_sintra"),
    (_three_inputs, r'inputs \["obs", "extra", "more"\]'),
    (_float_players, "input \"players\" \\(the seat to move\\) must be int32"),
    (_one_output, "one output"),
    (_bad_frame, "value_frame"),
    (_subgraph, "subgraph"),
])
def test_bad_networks_raise_network_error(edit: Any, message: str) -> None:
    game = salon.load_game("azul_sintra")
    with pytest.raises(salon.NetworkError, match=message):
        salon.Network.load(edited(game, edit), game)


def test_a_network_of_other_shapes_is_refused_naming_the_shapes() -> None:
    studio = salon.load_game("atelier_studio")
    azul = salon.load_game("azul_sintra")
    data = mlp_to_onnx(mlp_params(studio), studio)
    with pytest.raises(salon.NetworkError, match="network of \"atelier_studio\", not of azul_sintra"):
        salon.Network.load(data, azul)
    three = salon.load_game("atelier_studio", players=3)
    with pytest.raises(salon.NetworkError, match="2\" players, the game has 3"):
        salon.Network.load(data, three)

    def no_metadata(m: Any, onnx: Any) -> None:
        del m.metadata_props[:]

    with pytest.raises(salon.NetworkError, match=r'input "obs" has shape \[\?, 781\]; azul_sintra needs \[N, '):
        salon.Network.load(edited(studio, no_metadata), azul)


def test_a_network_without_metadata_must_still_fit_the_shapes() -> None:
    """Shapes are checked from the graph itself: a values head of the wrong width is refused
    (atelier_studio's observation is the same at every player count)."""
    two, three = salon.load_game("atelier_studio"), salon.load_game("atelier_studio", players=3)

    def strip(m: Any, onnx: Any) -> None:
        del m.metadata_props[:]
        m.graph.output[1].type.tensor_type.shape.dim[1].ClearField("dim_value")

    with pytest.raises(salon.NetworkError, match=r"the values have shape \[N, 3\]; atelier_studio needs \[N, 2\]"):
        salon.Network.load(edited(three, strip), two)


@pytest.mark.parametrize("data", [b"", b"\x00" * 10, b"not an onnx file at all", bytes(range(256)) * 4])
def test_garbage_is_refused(data: bytes) -> None:
    with pytest.raises(salon.NetworkError):
        salon.Network.load(data, "azul_sintra")


def test_truncated_files_are_refused_or_lose_only_metadata() -> None:
    """Protocol buffers have no end marker: a cut inside a field is refused; a cut between the
    trailing metadata entries leaves a valid file, which must then compute the same network."""
    game = salon.load_game("azul_sintra")
    data = mlp_to_onnx(mlp_params(game, hidden=8), game)
    obs = random_observations(game, 2)
    whole = salon.Network.load(data, game).evaluate(obs)
    refused = 0
    for cut in list(range(1, 200, 7)) + list(range(len(data) - 200, len(data) - 1, 3)):
        try:
            net = salon.Network.load(data[:cut], game)
        except salon.NetworkError:
            refused += 1
            continue
        assert cut > len(data) - 200, f"a cut at byte {cut} loaded"
        np.testing.assert_array_equal(net.evaluate(obs)[0], whole[0])
    assert refused > 40


def test_paths_that_are_not_networks(tmp_path: Path) -> None:
    with pytest.raises(salon.NetworkError, match="cannot read"):
        salon.Network.load(tmp_path / "missing.onnx", "azul_sintra")
    with pytest.raises(salon.NetworkError, match="not a file"):
        salon.Network.load(tmp_path, "azul_sintra")
    with pytest.raises(salon.InvalidParameterError):
        salon.Network.load(12, "azul_sintra")  # type: ignore[arg-type]


def test_evaluate_checks_its_arguments() -> None:
    game = salon.load_game("azul_sintra")
    net = network(game)
    with pytest.raises(salon.InvalidParameterError, match="shape"):
        net.evaluate(np.zeros((2, 3), np.float32))
    with pytest.raises(salon.InvalidPlayerError):
        net.evaluate(random_observations(game, 2), np.array([0, 5]))
    flat = random_observations(game, 2).reshape(2, -1)
    np.testing.assert_array_equal(net.evaluate(flat)[0], net.evaluate(flat.reshape(2, *game.observation_tensor_shape()))[0])


def test_the_writer_refuses_weights_that_do_not_chain() -> None:
    game = salon.load_game("azul_sintra")
    params = mlp_params(game)
    params["w1"] = params["w1"][:3]
    with pytest.raises(ValueError, match="w1"):
        onnx_mlp.mlp_to_onnx(params, game)
    with pytest.raises(ValueError, match="value_frame"):
        onnx_mlp.mlp_to_onnx(mlp_params(game), game, value_frame="diagonal")


def test_a_seat_frame_network_is_read_by_seat() -> None:
    game = salon.load_game("atelier_studio", players=3)
    params = mlp_params(game)
    net = salon.Network.load(mlp_to_onnx(params, game, value_frame="seat"), game)
    obs = random_observations(game, 4)
    _, values = net.evaluate(obs, np.array([1, 2, 0, 1]))
    np.testing.assert_allclose(values, forward(params, obs)[1], rtol=1e-5, atol=1e-6)



def test_metadata_appended_to_a_file_reads_back_and_keeps_the_rest() -> None:
    from salon.onnx_mlp import metadata_keys, with_metadata

    game = salon.load_game("azul_sintra")
    params = mlp_params(game)
    plain = mlp_to_onnx(params, game, metadata={"salon.iteration": "3"})
    assert metadata_keys(plain) == ["salon.game", "salon.players", "salon.value_frame", "salon.architecture",
                                    "salon.iteration"]
    added = with_metadata(plain, {"salon.rollout_mix": "0.25"})
    # The same bytes as a file written with the key from the start.
    assert added == mlp_to_onnx(params, game, metadata={"salon.iteration": "3", "salon.rollout_mix": "0.25"})
    network = salon.Network.load(added, game)
    assert network.metadata["salon.rollout_mix"] == "0.25"
    np.testing.assert_array_equal(network.evaluate(np.zeros((1, *game.observation_tensor_shape()), np.float32))[1],
                                  salon.Network.load(plain, game).evaluate(
                                      np.zeros((1, *game.observation_tensor_shape()), np.float32))[1])
    with pytest.raises(ValueError, match="salon.iteration"):
        with_metadata(plain, {"salon.iteration": "4"})
    with pytest.raises(ValueError, match="not an ONNX file"):
        metadata_keys(plain[:-3])
