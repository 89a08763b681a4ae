"""Networks stored at half precision (``mlp_to_onnx(..., precision="float16")``): half the file,
valid ONNX, read by the dense kernel, and computing exactly as the float32 file of the rounded
weights; bad half-precision tensors are refused like bad float32 ones."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import salon
from salon.onnx_mlp import mlp_to_onnx
from tests.networks.mlp import mlp_params


def rounded(params: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The weights a float16 file holds: matrices rounded to half precision, biases kept."""
    return {k: v.astype(np.float16).astype(np.float32) if k.startswith("w") else v for k, v in params.items()}


@pytest.mark.parametrize("name, players", [("azul_sintra", 3), ("atelier_canvas", 2), ("colors_of_paris", 4)])
def test_a_half_file_computes_exactly_as_its_rounded_float32_twin(name: str, players: int) -> None:
    game = salon.load_game(name, players=players)
    params = mlp_params(game, hidden=48, layers=2, seed=players)
    half_file = mlp_to_onnx(params, game, precision="float16")
    twin_file = mlp_to_onnx(rounded(params), game)
    assert len(half_file) < 0.6 * len(twin_file)
    half = salon.Network.load(half_file, game)
    twin = salon.Network.load(twin_file, game)
    assert half.runtime == "dense"
    assert half.metadata["salon.precision"] == "float16"
    obs = np.random.default_rng(1).random((37, *game.observation_tensor_shape()), dtype=np.float32)
    seats = np.arange(37) % players
    (l1, v1), (l2, v2) = half.evaluate(obs, seats), twin.evaluate(obs, seats)
    np.testing.assert_array_equal(l1, l2)
    np.testing.assert_array_equal(v1, v2)
    # the general runtime reads the same file to the same numbers, up to its own summation order
    (l3, v3) = salon.Network.load(half_file, game, runtime="tract").evaluate(obs, seats)
    np.testing.assert_allclose(l3, l1, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(v3, v1, rtol=1e-5, atol=1e-6)


def test_a_half_file_differs_from_the_float32_file_only_by_rounding() -> None:
    game = salon.load_game("azul_sintra")
    params = mlp_params(game, hidden=64)
    obs = np.random.default_rng(2).random((16, *game.observation_tensor_shape()), dtype=np.float32)
    seats = np.zeros(16, np.int32)
    (l1, v1) = salon.Network.load(mlp_to_onnx(params, game, precision="float16"), game).evaluate(obs, seats)
    (l2, v2) = salon.Network.load(mlp_to_onnx(params, game), game).evaluate(obs, seats)
    assert not np.array_equal(l1, l2)
    np.testing.assert_allclose(l1, l2, rtol=0.0, atol=0.05)
    np.testing.assert_allclose(v1, v2, rtol=0.0, atol=0.01)


def test_the_onnx_checker_accepts_a_half_file() -> None:
    onnx = pytest.importorskip("onnx")
    game = salon.load_game("atelier_studio", players=3)
    model = onnx.load_from_string(mlp_to_onnx(mlp_params(game), game, precision="float16"))
    onnx.checker.check_model(model, full_check=True)
    assert {t.data_type for t in model.graph.initializer} == {onnx.TensorProto.FLOAT16, onnx.TensorProto.FLOAT}


def test_the_writer_checks_precision_and_range() -> None:
    game = salon.load_game("azul_sintra")
    params = mlp_params(game)
    with pytest.raises(ValueError, match="precision is 'float32' or 'float16', not 'int8'"):
        mlp_to_onnx(params, game, precision="int8")
    params["w1"][0, 0] = 1e6
    with pytest.raises(ValueError, match="w1 has weights beyond float16's range"):
        mlp_to_onnx(params, game, precision="float16")


def _half_infinity(m: Any, onnx: Any) -> None:
    t = next(t for t in m.graph.initializer if t.data_type == onnx.TensorProto.FLOAT16)
    raw = bytearray(t.raw_data)
    raw[0:2] = (0x7C00).to_bytes(2, "little")
    t.raw_data = bytes(raw)


def _half_nan_unpacked(m: Any, onnx: Any) -> None:
    t = next(t for t in m.graph.initializer if t.data_type == onnx.TensorProto.FLOAT16)
    bits = np.frombuffer(t.raw_data, "<u2").astype(np.int32)
    bits[3] = 0x7E00
    t.ClearField("raw_data")
    t.int32_data.extend(bits.tolist())


def _half_short(m: Any, onnx: Any) -> None:
    t = next(t for t in m.graph.initializer if t.data_type == onnx.TensorProto.FLOAT16)
    t.raw_data = t.raw_data[:-2]


@pytest.mark.parametrize("edit, message", [
    (_half_infinity, "NaN or infinite weights"),
    (_half_nan_unpacked, "NaN or infinite weights"),
    (_half_short, "bytes of data"),
])
def test_bad_half_tensors_raise_network_error(edit: Any, message: str) -> None:
    onnx = pytest.importorskip("onnx")
    game = salon.load_game("azul_sintra")
    model = onnx.load_from_string(mlp_to_onnx(mlp_params(game), game, precision="float16"))
    edit(model, onnx)
    with pytest.raises(salon.NetworkError, match=message):
        salon.Network.load(model.SerializeToString(), game)


def test_unpacked_half_weights_read_as_packed_ones() -> None:
    onnx = pytest.importorskip("onnx")
    game = salon.load_game("azul_sintra")
    data = mlp_to_onnx(mlp_params(game), game, precision="float16")
    model = onnx.load_from_string(data)
    for t in model.graph.initializer:
        if t.data_type == onnx.TensorProto.FLOAT16:
            bits = np.frombuffer(t.raw_data, "<u2").astype(np.int32)
            t.ClearField("raw_data")
            t.int32_data.extend(bits.tolist())
    unpacked = salon.Network.load(model.SerializeToString(), game)
    assert unpacked.runtime == "dense"
    obs = np.random.default_rng(3).random((5, *game.observation_tensor_shape()), dtype=np.float32)
    seats = np.zeros(5, np.int32)
    packed = salon.Network.load(data, game)
    for a, b in zip(unpacked.evaluate(obs, seats), packed.evaluate(obs, seats)):
        np.testing.assert_array_equal(a, b)
