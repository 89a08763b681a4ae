"""Writes a multilayer perceptron's weights as an ONNX network file, with numpy only.

The network is the one of ``examples/alphazero.py`` (and of the shipped agents): the flat
observation, ``layers`` x (dense + ReLU), a policy head (one logit per action id) and a value
head (one logit per player, softmax = win shares in the mover's frame). ONNX files are
protocol buffers; this module writes the few messages such a graph needs, so exporting needs
no ``onnx`` package (tests check its output with ``onnx.checker`` where that is installed).

>>> import numpy as np, salon
>>> from salon.onnx_mlp import mlp_to_onnx
>>> game = salon.load_game("azul_sintra")
>>> rng = np.random.default_rng(0)
>>> size = int(np.prod(game.observation_tensor_shape()))
>>> params = {"w0": rng.normal(size=(size, 8)).astype(np.float32), "b0": np.zeros(8, np.float32),
...           "wp": rng.normal(size=(8, game.num_distinct_actions())).astype(np.float32),
...           "bp": np.zeros(game.num_distinct_actions(), np.float32),
...           "wv": rng.normal(size=(8, 2)).astype(np.float32), "bv": np.zeros(2, np.float32)}
>>> net = salon.Network.load(mlp_to_onnx(params, game), game)
>>> net.value_frame
'mover'
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import numpy.typing as npt

from salon._core import Game

__all__ = ["mlp_to_onnx", "mlp_layers"]

# ONNX's numbers: TensorProto.FLOAT and FLOAT16, AttributeProto.INT, the IR version and operator set.
_FLOAT = 1
_FLOAT16 = 10
_ATTRIBUTE_INT = 2
_IR_VERSION = 8
_OPSET = 13


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _key(field: int, wire: int) -> bytes:
    return _varint(field << 3 | wire)


def _int(field: int, value: int) -> bytes:
    return _key(field, 0) + _varint(value & 0xFFFFFFFFFFFFFFFF)


def _bytes(field: int, data: bytes) -> bytes:
    return _key(field, 2) + _varint(len(data)) + data


def _str(field: int, text: str) -> bytes:
    return _bytes(field, text.encode("utf-8"))


def _tensor(name: str, array: npt.NDArray[np.float32], half: bool = False) -> bytes:
    dims = b"".join(_int(1, d) for d in array.shape)
    data = np.ascontiguousarray(array, "<f2" if half else "<f4").tobytes()
    return dims + _int(2, _FLOAT16 if half else _FLOAT) + _str(8, name) + _bytes(9, data)


def _value_info(name: str, dims: list[int | str]) -> bytes:
    shape = b"".join(_bytes(1, _str(2, d) if isinstance(d, str) else _int(1, d)) for d in dims)
    tensor_type = _int(1, _FLOAT) + _bytes(2, shape)
    return _str(1, name) + _bytes(2, _bytes(1, tensor_type))


def _node(op: str, inputs: list[str], outputs: list[str], name: str, ints: Mapping[str, int] = {}) -> bytes:
    out = b"".join(_str(1, i) for i in inputs) + b"".join(_str(2, o) for o in outputs)
    out += _str(3, name) + _str(4, op)
    for key, value in ints.items():
        out += _bytes(5, _str(1, key) + _int(3, value) + _int(20, _ATTRIBUTE_INT))
    return out


def mlp_layers(params: Mapping[str, npt.ArrayLike]) -> int:
    """The number of hidden layers (``w0``, ``w1``...) of an MLP's weights."""
    return sum(1 for k in params if k.startswith("w") and k[1:].isdigit())


def _read_varint(data: bytes, at: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        if at >= len(data) or shift > 63:
            raise ValueError("not an ONNX file: a truncated or overlong varint")
        byte = data[at]
        value |= (byte & 0x7F) << shift
        at, shift = at + 1, shift + 7
        if byte < 0x80:
            return value, at


def metadata_keys(data: bytes) -> list[str]:
    """The keys of an ONNX file's ``metadata_props`` (the model message's field 14), in order."""
    keys, at = [], 0
    while at < len(data):
        tag, at = _read_varint(data, at)
        field, wire = tag >> 3, tag & 7
        if wire == 0:
            _, at = _read_varint(data, at)
            continue
        if wire in (1, 5):
            at += 8 if wire == 1 else 4
            continue
        if wire != 2:
            raise ValueError(f"not an ONNX file: wire type {wire}")
        size, at = _read_varint(data, at)
        body, at = data[at:at + size], at + size
        if at > len(data):
            raise ValueError("not an ONNX file: a field runs past the end")
        if field == 14:
            tag, k = _read_varint(body, 0)
            if tag == 0x0A:
                size, k = _read_varint(body, k)
                keys.append(body[k:k + size].decode("utf-8", "replace"))
    return keys


def with_metadata(data: bytes, metadata: Mapping[str, str]) -> bytes:
    """The ONNX file ``data`` with more ``metadata_props`` entries, appended to the model
    message (protobuf allows any order), so the rest of the file is byte for byte the same.
    ``ValueError`` for a key the file has already."""
    present = set(metadata_keys(data))
    for key in metadata:
        if key in present:
            raise ValueError(f"the file has metadata {key!r} already")
    return data + b"".join(_bytes(14, _str(1, k) + _str(2, v)) for k, v in metadata.items())


def mlp_to_onnx(params: Mapping[str, npt.ArrayLike], game: Game, *, value_frame: str = "mover",
                metadata: Mapping[str, str] | None = None, precision: str = "float32") -> bytes:
    """The ONNX file of an MLP of ``game``: weights ``w{i}``/``b{i}`` per hidden layer, then
    ``wp``/``bp`` (policy) and ``wv``/``bv`` (value logits, softmaxed into win shares in
    ``value_frame``, ``"mover"`` or ``"seat"``). The file's metadata names the game, its
    players and the frame (``salon.game``, ``salon.players``, ``salon.value_frame``) plus
    ``metadata``. With ``precision="float16"`` the weight matrices are stored at half
    precision (rounded to nearest) and widened by ``Cast`` nodes: a file about half the size,
    which computes exactly as the float32 file of the rounded weights. Raises ``ValueError`` on
    weights whose shapes do not chain."""
    if value_frame not in ("mover", "seat"):
        raise ValueError(f"value_frame is 'mover' or 'seat', not {value_frame!r}")
    if precision not in ("float32", "float16"):
        raise ValueError(f"precision is 'float32' or 'float16', not {precision!r}")
    half = precision == "float16"
    shape = list(game.observation_tensor_shape())
    width = int(np.prod(shape))
    arrays = {k: np.asarray(v, np.float32) for k, v in params.items()}
    if half:
        too_large = [k for k, v in arrays.items() if k.startswith("w") and np.abs(v).max(initial=0) > 65504]
        if too_large:
            raise ValueError(f"{too_large[0]} has weights beyond float16's range (65504); keep precision='float32'")
    layers = mlp_layers(arrays)
    initializers, nodes = [], [_node("Flatten", ["obs"], ["h"], "flatten", {"axis": 1})]
    current = "h"
    expected_out = {"p": game.num_distinct_actions(), "v": game.num_players()}
    for name in [str(i) for i in range(layers)] + ["p", "v"]:
        w, b = arrays.get(f"w{name}"), arrays.get(f"b{name}")
        if w is None or b is None:
            raise ValueError(f"the weights lack w{name} or b{name}")
        if w.ndim != 2 or w.shape[0] != width or b.shape != (w.shape[1],):
            raise ValueError(f"w{name} has shape {w.shape} and b{name} {b.shape}; w{name} must have {width} rows")
        if name in expected_out and w.shape[1] != expected_out[name]:
            raise ValueError(f"w{name} has {w.shape[1]} columns; {game.name} needs {expected_out[name]}")
        if half:
            initializers += [_tensor(f"w{name}_f16", w, half=True), _tensor(f"b{name}", b)]
            nodes.append(_node("Cast", [f"w{name}_f16"], [f"w{name}"], f"widen{name}", {"to": _FLOAT}))
        else:
            initializers += [_tensor(f"w{name}", w), _tensor(f"b{name}", b)]
        if name.isdigit():
            nodes += [_node("Gemm", [current, f"w{name}", f"b{name}"], [f"z{name}"], f"dense{name}"),
                      _node("Relu", [f"z{name}"], [f"a{name}"], f"relu{name}")]
            current, width = f"a{name}", w.shape[1]
    nodes += [_node("Gemm", [current, "wp", "bp"], ["logits"], "policy"),
              _node("Gemm", [current, "wv", "bv"], ["value_logits"], "value"),
              _node("Softmax", ["value_logits"], ["values"], "win_shares", {"axis": 1})]
    graph = b"".join(_bytes(1, n) for n in nodes) + _str(2, f"{game.name}_mlp")
    graph += b"".join(_bytes(5, t) for t in initializers)
    graph += _bytes(11, _value_info("obs", ["N", *shape]))
    graph += _bytes(12, _value_info("logits", ["N", game.num_distinct_actions()]))
    graph += _bytes(12, _value_info("values", ["N", game.num_players()]))
    meta = {"salon.game": game.name, "salon.players": str(game.num_players()), "salon.value_frame": value_frame,
            "salon.architecture": f"mlp {layers}x{width}", **({"salon.precision": precision} if half else {}),
            **(metadata or {})}
    model = _int(1, _IR_VERSION) + _str(2, "salon") + _bytes(7, graph)
    model += _bytes(8, _str(1, "") + _int(2, _OPSET))
    model += b"".join(_bytes(14, _str(1, k) + _str(2, v)) for k, v in meta.items())
    return model
