"""A small MLP of any game, its ONNX file and the same forward pass in numpy."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

import salon
from salon.onnx_mlp import mlp_to_onnx

Params = dict[str, npt.NDArray[np.float32]]


def mlp_params(game: salon.Game, hidden: int = 32, layers: int = 2, seed: int = 0, scale: float = 0.3) -> Params:
    rng = np.random.default_rng(seed)
    width = int(np.prod(game.observation_tensor_shape()))
    params: Params = {}
    for i in range(layers):
        params[f"w{i}"] = (rng.standard_normal((width, hidden)) * np.sqrt(2.0 / width)).astype(np.float32)
        params[f"b{i}"] = (rng.standard_normal(hidden) * 0.1).astype(np.float32)
        width = hidden
    params["wp"] = (rng.standard_normal((width, game.num_distinct_actions())) * scale).astype(np.float32)
    params["bp"] = np.zeros(game.num_distinct_actions(), np.float32)
    params["wv"] = (rng.standard_normal((width, game.num_players())) * scale).astype(np.float32)
    params["bv"] = np.zeros(game.num_players(), np.float32)
    return params


def forward(params: Params, obs: npt.NDArray[np.float32]) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """Logits and mover-frame win shares, as the ONNX file computes them."""
    h = obs.reshape(len(obs), -1).astype(np.float32)
    i = 0
    while f"w{i}" in params:
        h = np.maximum(h @ params[f"w{i}"] + params[f"b{i}"], 0.0)
        i += 1
    v = h @ params["wv"] + params["bv"]
    v = np.exp(v - v.max(axis=1, keepdims=True))
    return h @ params["wp"] + params["bp"], v / v.sum(axis=1, keepdims=True)


def by_seat(shares: npt.NDArray[np.float32], players: npt.NDArray[Any]) -> npt.NDArray[np.float32]:
    n = shares.shape[1]
    seats = (players[:, None].astype(np.int64) + np.arange(n)[None, :]) % n
    out = np.empty_like(shares)
    np.put_along_axis(out, seats, shares, axis=1)
    return out


def numpy_evaluator(params: Params) -> Any:
    """The callable-path evaluator of the same network (``pass_players=True``)."""

    def evaluate(obs: Any, mask: Any, players: Any) -> tuple[Any, Any]:
        logits, shares = forward(params, obs)
        return logits, by_seat(shares, players)

    return evaluate


def network(game: salon.Game, params: Params | None = None, **kw: Any) -> salon.Network:
    return salon.Network.load(mlp_to_onnx(params if params is not None else mlp_params(game), game), game)
