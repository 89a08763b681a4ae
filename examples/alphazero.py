"""AlphaZero-style training on a salon game: self-play with salon.BatchedSearch guided by a small
JAX/optax policy-value network, a replay buffer, training, and evaluation against salon's native
MCTS (random rollouts) and greedy bots. Checkpoints every iteration; ``--resume`` continues.

    pip install -e ".[train]"          # or: pip install -r requirements/train.txt
    python examples/alphazero.py --game atelier_studio --hours 2 --out runs/atelier_studio
    python examples/alphazero.py --game atelier_studio --out runs/atelier_studio --resume

The network (``--hidden`` units x ``--layers``, ReLU, default 2 x 128) reads the flat observation
of the player to move and has two heads:

- policy: one logit per action id; illegal actions are masked (-inf) before the softmax, in the
  loss as in the search (the search reads logits of legal actions only);
- value: one logit per player, **softmax over the players = predicted final win shares**, which is
  the scale of ``State.returns()`` and of the values ``BatchedSearch`` expects (win shares in
  [0, 1], summing to 1 since the win is shared on a tie). ``--value-frame mover`` (the default):
  output 0 = the player to move, output k = the player k seats after them, the frame of an
  observation that lists the players from the observer on (azul_sintra, atelier_canvas,
  colors_of_paris); the evaluator turns it back into seats with the seat to move that the
  search passes (``BatchedSearch(..., pass_players=True)`` calls ``evaluator(obs, mask,
  players)``). ``--value-frame seat``: output p = seat p, the frame of an observation that lists
  the players in seat order with the observer as a one-hot (atelier_studio), where a mover-frame
  head has to learn to rotate the seats by the observer before it can judge anything. The
  frame is written in the network file (``salon.value_frame``) and kept by ``--resume``.

Loss: cross-entropy to the search's policy target + cross-entropy of the value head to the value
target + ``--l2`` x the sum of squared weights; Adam (optax). The value target is
``--value-mix`` x the game's final win shares + (1 - ``--value-mix``) x the search's root value of
the position: the final result alone is the same for every position of a game, and a network
seeing a few hundred games' positions over and over learns to recognise the games instead of
judging positions (on the 2026-12-01 runs its value loss on fresh games ended worse than a
constant guess; see docs/learning.md). Each iteration logs ``fresh_value_loss``, the value loss
on the iteration's new games before training on them, which shows that. ``--score-share S``
replaces S of the final win shares by a softmax of the final scores over ``--score-temperature``
points: in games of 300-600 decisions with hidden cards the winner alone is nearly unpredictable
for a small network (atelier_studio at 3 players: fresh value loss 1.03 against 1.10 for a
constant guess), while the score margins say who is ahead and by how much.

See docs/learning.md, "Training example".
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

import salon
from salon.onnx_mlp import mlp_to_onnx
from salon.selfplay import Examples, load_shards, self_play

Forward = Callable[[npt.NDArray[np.float32]], tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]]

CHECKPOINT = "checkpoint.npz"
NETWORK = "network.onnx"
BUFFER = "buffer.npz"
LOG = "log.jsonl"


# ---------------------------------------------------------------------------------------------
# The evaluator adapter: any framework's forward pass, batched to a few fixed sizes.


def bucket_sizes(largest: int) -> list[int]:
    """Powers of two from 16 up to ``largest`` (and ``largest`` itself)."""
    sizes, size = [], 16
    while size < largest:
        sizes.append(size)
        size *= 2
    sizes.append(max(largest, 1))
    return sizes


class BucketedEvaluator:
    """Adapts ``forward(obs) -> (logits [B, A], mover-relative win shares [B, players])`` on numpy
    arrays to the ``evaluator(obs, mask, players) -> (logits, values by seat)`` that
    :class:`salon.BatchedSearch` calls with ``pass_players=True``.

    The batch is zero-padded to the next of ``sizes`` (so a framework that compiles per shape,
    as JAX does, compiles a few times only; larger batches are cut into pieces of the largest
    size). In the mover's frame output ``k`` of the value head goes to seat ``(players + k) %
    num_players``; in the seat frame output ``p`` is seat ``p`` already.
    Picklable when ``forward`` is (for Ray workers).
    """

    def __init__(self, forward: Forward, num_players: int, sizes: Sequence[int], value_frame: str = "mover") -> None:
        self.forward, self.num_players, self.value_frame = forward, num_players, value_frame
        self.sizes = sorted(sizes)
        self.calls = self.rows = 0
        self.seconds = 0.0

    def _padded(self, obs: npt.NDArray[np.float32]) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        n = len(obs)
        size = next(s for s in self.sizes if s >= n)
        x = np.zeros((size, *obs.shape[1:]), np.float32)
        x[:n] = obs
        logits, shares = self.forward(x)
        return np.asarray(logits, np.float32)[:n], np.asarray(shares, np.float32)[:n]

    def __call__(self, obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_],
                 players: npt.NDArray[np.int32]) -> tuple[Any, Any]:
        start = time.perf_counter()
        n, top = len(obs), self.sizes[-1]
        pieces = [self._padded(obs[i : i + top]) for i in range(0, n, top)]
        logits = np.concatenate([p[0] for p in pieces])
        values = np.concatenate([p[1] for p in pieces])
        if self.value_frame == "mover":
            relative = values
            seats = (players[:, None].astype(np.int64) + np.arange(self.num_players)[None, :]) % self.num_players
            values = np.empty_like(relative)
            np.put_along_axis(values, seats, relative, axis=1)
        self.calls += 1
        self.rows += n
        self.seconds += time.perf_counter() - start
        return logits, values


# ---------------------------------------------------------------------------------------------
# The network: parameters as a dict of arrays, the same forward pass in JAX and in numpy.


def init_params(rng: np.random.Generator, inputs: int, actions: int, players: int, hidden: int, layers: int
                ) -> dict[str, npt.NDArray[np.float32]]:
    params: dict[str, npt.NDArray[np.float32]] = {}
    width = inputs
    for i in range(layers):
        params[f"w{i}"] = (rng.standard_normal((width, hidden)) * math.sqrt(2.0 / width)).astype(np.float32)
        params[f"b{i}"] = np.zeros(hidden, np.float32)
        width = hidden
    params["wp"] = (rng.standard_normal((width, actions)) * 0.01).astype(np.float32)
    params["bp"] = np.zeros(actions, np.float32)
    params["wv"] = (rng.standard_normal((width, players)) * 0.01).astype(np.float32)
    params["bv"] = np.zeros(players, np.float32)
    return params


def transferred_params(source: dict[str, npt.NDArray[Any]], inputs: int, actions: int, players: int,
                       fresh_value_head: tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]] | None = None,
                       ) -> dict[str, npt.NDArray[np.float32]]:
    """Another run's weights as the start of this one: the same game at another player count (same
    observation layout and actions). Trunk and policy head are copied. When both value heads are
    in the mover's frame, output 0 (the mover) is copied and each opponent's output starts as the
    source's nearest opponent output (with two players, the one opponent); otherwise (a seat-frame
    head on either side: seat p of one player count is no seat of the other) the value head is
    ``fresh_value_head``, newly initialised weights and biases."""
    if source["w0"].shape[0] != inputs or source["wp"].shape[1] != actions:
        raise ValueError(f"--init-from: the network reads {source['w0'].shape[0]} inputs and scores "
                         f"{source['wp'].shape[1]} actions; this game has {inputs} and {actions}")
    params = {k: np.asarray(v, np.float32) for k, v in source.items() if k not in ("wv", "bv")}
    if fresh_value_head is not None:
        params["wv"], params["bv"] = fresh_value_head
        return params
    columns = [min(k, source["wv"].shape[1] - 1) for k in range(players)]
    params["wv"] = np.asarray(source["wv"][:, columns], np.float32)
    params["bv"] = np.asarray(source["bv"][columns], np.float32)
    return params


def num_layers(params: dict[str, Any]) -> int:
    return sum(1 for k in params if k.startswith("w") and k[1:].isdigit())


class NumpyForward:
    """The network's forward pass in numpy (picklable: ships to Ray workers with its params)."""

    def __init__(self, params: dict[str, npt.NDArray[np.float32]]) -> None:
        self.params = {k: np.asarray(v, np.float32) for k, v in params.items()}

    def __call__(self, obs: npt.NDArray[np.float32]) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        p = self.params
        h = obs.reshape(len(obs), -1)
        for i in range(num_layers(p)):
            h = np.maximum(h @ p[f"w{i}"] + p[f"b{i}"], 0.0)
        v = h @ p["wv"] + p["bv"]
        v = np.exp(v - v.max(axis=1, keepdims=True))
        return h @ p["wp"] + p["bp"], v / v.sum(axis=1, keepdims=True)


def native_network(params: dict[str, npt.NDArray[np.float32]], game: salon.Game,
                   metadata: dict[str, str] | None = None, value_frame: str = "mover") -> tuple[bytes, salon.Network]:
    """The network as an ONNX file (win shares in ``value_frame``) and loaded into the engine:
    self-play and evaluation run it inside the search, with no Python call per lock step."""
    data = mlp_to_onnx(params, game, value_frame=value_frame, metadata=metadata)
    return data, salon.Network.load(data, game)


def jax_modules() -> tuple[Any, Any, Any]:
    try:
        import jax
        import jax.numpy as jnp
        import optax
    except ImportError as e:  # pragma: no cover - the message is the point
        sys.exit(f"{e}: this example needs the training extra: pip install 'salon[train]' "
                 "(or pip install -r requirements/train.txt)")
    return jax, jnp, optax


class Learner:
    """The JAX side: jitted forward pass, loss, and Adam steps."""

    def __init__(self, params: dict[str, Any], lr: float, l2: float) -> None:
        jax, jnp, optax = jax_modules()
        self.jax, self.jnp = jax, jnp
        self.params = {k: jnp.asarray(v) for k, v in params.items()}
        self.optimizer = optax.adam(lr)
        self.opt_state = self.optimizer.init(self.params)
        layers = num_layers(params)

        def forward(p: dict[str, Any], x: Any) -> tuple[Any, Any]:
            h = x.reshape(x.shape[0], -1)
            for i in range(layers):
                h = jax.nn.relu(h @ p[f"w{i}"] + p[f"b{i}"])
            return h @ p["wp"] + p["bp"], h @ p["wv"] + p["bv"]

        def predict(p: dict[str, Any], x: Any) -> tuple[Any, Any]:
            logits, v = forward(p, x)
            return logits, jax.nn.softmax(v, axis=-1)

        def loss(p: dict[str, Any], batch: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
            logits, v = forward(p, batch["obs"])
            logits = jnp.where(batch["mask"], logits, -1e9)
            policy_loss = -jnp.sum(batch["policy"] * jax.nn.log_softmax(logits), axis=-1).mean()
            value_loss = -jnp.sum(batch["value"] * jax.nn.log_softmax(v), axis=-1).mean()
            l2_loss = sum(jnp.sum(p[k] ** 2) for k in p if k.startswith("w"))
            total = policy_loss + value_loss + l2 * l2_loss
            return total, {"loss": total, "policy_loss": policy_loss, "value_loss": value_loss}

        def step(p: dict[str, Any], opt_state: Any, batch: dict[str, Any]) -> tuple[Any, Any, dict[str, Any]]:
            grads, metrics = jax.grad(loss, has_aux=True)(p, batch)
            updates, opt_state = self.optimizer.update(grads, opt_state, p)
            return optax.apply_updates(p, updates), opt_state, metrics

        self._predict = jax.jit(predict)
        self._step = jax.jit(step)

    def forward(self, obs: npt.NDArray[np.float32]) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        logits, shares = self._predict(self.params, obs)
        return np.asarray(logits), np.asarray(shares)

    def train_step(self, batch: dict[str, npt.NDArray[Any]]) -> dict[str, float]:
        self.params, self.opt_state, metrics = self._step(self.params, self.opt_state, batch)
        return {k: float(v) for k, v in metrics.items()}

    def numpy_params(self) -> dict[str, npt.NDArray[np.float32]]:
        return {k: np.asarray(v) for k, v in self.params.items()}

    def opt_leaves(self) -> list[npt.NDArray[Any]]:
        return [np.asarray(x) for x in self.jax.tree_util.tree_leaves(self.opt_state)]

    def load_opt_leaves(self, leaves: list[npt.NDArray[Any]]) -> None:
        treedef = self.jax.tree_util.tree_structure(self.opt_state)
        self.opt_state = self.jax.tree_util.tree_unflatten(treedef, [self.jnp.asarray(x) for x in leaves])


def final_scores(ex: Examples) -> npt.NDArray[np.float64]:
    """``[N, players]``: every example's final scores, from the record of its game."""
    by_game: dict[int, list[float]] = {}
    for record in ex.records:
        if "game_id" not in record or "scores" not in record:
            raise ValueError("every record needs its game_id and final scores for --score-share")
        by_game[int(record["game_id"])] = [float(x) for x in record["scores"]]
    missing = set(np.unique(ex.game_ids).tolist()) - set(by_game)
    if missing:
        raise ValueError(f"examples of games {sorted(missing)[:5]} have no record: --score-share needs their scores")
    ids = sorted(by_game)
    table = np.asarray([by_game[i] for i in ids], np.float64)
    return table[np.searchsorted(np.asarray(ids, np.int64), ex.game_ids)]


def final_outcome(ex: Examples, score_share: float = 0.0, score_temperature: float = 3.0) -> npt.NDArray[np.float32]:
    """The final win shares, or with ``score_share`` > 0 that share of them replaced by a
    softmax of the final scores over ``score_temperature`` points: a target that says by how much
    each seat finished ahead or behind, not only who won, for long games whose win/loss outcome
    a small network struggles to predict."""
    if score_share <= 0.0:
        return ex.returns
    scores = final_scores(ex) / score_temperature
    soft = np.exp(scores - scores.max(axis=1, keepdims=True))
    soft /= soft.sum(axis=1, keepdims=True)
    blended: npt.NDArray[np.float32] = ((1.0 - score_share) * ex.returns + score_share * soft).astype(np.float32)
    return blended


def value_target(ex: Examples, value_mix: float, value_frame: str = "mover", score_share: float = 0.0,
                 score_temperature: float = 3.0) -> npt.NDArray[np.float32]:
    """``value_mix`` x the final outcome (:func:`final_outcome`) + the rest x the search's root
    values, in the mover's frame (column k = the player k seats after the mover) or the seat frame
    (column p = seat p)."""
    players = ex.returns.shape[1]
    outcome = final_outcome(ex, score_share, score_temperature)
    target = outcome if value_mix >= 1.0 else value_mix * outcome + (1.0 - value_mix) * ex.root_values
    if value_frame == "seat":
        return np.asarray(target, np.float32)
    seats = (ex.players[:, None].astype(np.int64) + np.arange(players)[None, :]) % players
    return np.take_along_axis(target, seats, axis=1).astype(np.float32)


def fresh_value_loss(learner: Learner, ex: Examples, value_frame: str = "mover") -> float:
    """The network's value loss (cross-entropy to the final win shares) on examples it has not
    been trained on: a value head that only recognises the games it saw scores badly here."""
    target = value_target(ex, 1.0, value_frame)
    obs = ex.observations.reshape(len(ex), -1)
    chunk = np.zeros((4096, obs.shape[1]), np.float32)  # one shape, so JAX compiles once
    total = 0.0
    for start in range(0, len(ex), len(chunk)):
        n = len(obs[start : start + len(chunk)])
        chunk[:n] = obs[start : start + n]
        _, shares = learner.forward(chunk)
        total -= float(np.sum(target[start : start + n] * np.log(np.maximum(shares[:n], 1e-7))))
    return total / max(1, len(ex))


# ---------------------------------------------------------------------------------------------
# Replay buffer: the newest ``capacity`` examples, value targets in the run's frame.


class ReplayBuffer:
    def __init__(self, capacity: int, obs_size: int, actions: int, players: int) -> None:
        self.capacity, self.size, self.next = capacity, 0, 0
        self.obs = np.zeros((capacity, obs_size), np.float32)
        self.mask = np.zeros((capacity, actions), np.bool_)
        self.policy = np.zeros((capacity, actions), np.float32)
        self.value = np.zeros((capacity, players), np.float32)

    def add(self, ex: Examples, value_mix: float = 1.0, value_frame: str = "mover", score_share: float = 0.0,
            score_temperature: float = 3.0) -> None:
        n = len(ex)
        relative = value_target(ex, value_mix, value_frame, score_share, score_temperature)
        for start in range(0, n, self.capacity):
            rows = slice(start, min(n, start + self.capacity))
            k = rows.stop - rows.start
            at = (self.next + np.arange(k)) % self.capacity
            self.obs[at] = ex.observations[rows].reshape(k, -1)
            self.mask[at] = ex.masks[rows]
            self.policy[at] = ex.policies[rows]
            self.value[at] = relative[rows]
            self.next = int((self.next + k) % self.capacity)
            self.size = min(self.capacity, self.size + k)

    def sample(self, rng: np.random.Generator, batch: int) -> dict[str, npt.NDArray[Any]]:
        i = rng.integers(0, self.size, batch)
        return {"obs": self.obs[i], "mask": self.mask[i], "policy": self.policy[i], "value": self.value[i]}

    def save(self, path: Path) -> None:
        n = self.size
        tmp = path.with_suffix(".tmp.npz")
        np.savez(tmp, obs=self.obs[:n], mask=self.mask[:n], policy=self.policy[:n], value=self.value[:n],
                 next=np.int64(self.next))
        os.replace(tmp, path)

    def load(self, path: Path) -> None:
        with np.load(path) as d:
            n = min(len(d["obs"]), self.capacity)
            self.obs[:n], self.mask[:n], self.policy[:n], self.value[:n] = (
                d["obs"][:n], d["mask"][:n], d["policy"][:n], d["value"][:n])
            self.size, self.next = n, int(d["next"]) % self.capacity


# ---------------------------------------------------------------------------------------------
# Evaluation: the agent (search + network, no exploration noise) against a native bot.


def search_options(policy: str, explore: bool) -> dict[str, Any]:
    """The BatchedSearch settings of self-play (``explore``) and of evaluation games; the
    evaluator always gets the players to move."""
    if policy == "puct":
        return {"pass_players": True} if explore else {"pass_players": True, "dirichlet_fraction": 0.0}
    return {"pass_players": True} if explore else {"pass_players": True, "gumbel_scale": 0.0}


def evaluate(game: salon.Game, evaluator: salon.Network, opponent: Callable[[int], salon.Bot], *, games: int,
             simulations: int, policy: str, seed: int, threads: int, label: str) -> float:
    """The agent's mean win share over ``games`` seat-rotated games against ``opponent(seed)``."""
    players = game.num_players()
    search = salon.BatchedSearch(game, evaluator, simulations=simulations, policy=policy, seed=seed,
                                 threads=threads, **search_options(policy, explore=False))
    states = [game.new_initial_state(seed=seed + 7919 * g) for g in range(games)]
    seats = [g % players for g in range(games)]
    bots = [opponent(seed + g) for g in range(games)]
    done, shares, last_print = 0, 0.0, time.monotonic()
    while True:
        ours: list[int] = []
        for g, s in enumerate(states):
            while not s.is_terminal():
                if s.is_chance_node():
                    s.apply_random_chance()
                elif s.current_player() == seats[g]:
                    ours.append(g)
                    break
                else:
                    s.apply_action(bots[g].step(s))
        if not ours:
            break
        actions = search.run([states[g] for g in ours]).actions
        for g, a in zip(ours, actions):
            states[g].apply_action(int(a))
        finished = sum(s.is_terminal() for s in states)
        if finished != done and time.monotonic() - last_print > 10:
            print(f"    eval vs {label}: {finished}/{games} games", flush=True)
            last_print = time.monotonic()
        done = finished
    for g, s in enumerate(states):
        shares += s.returns()[seats[g]]
    return shares / games


def run_evaluation(game: salon.Game, evaluator: salon.Network, args: argparse.Namespace) -> dict[str, float]:
    """Win shares against MCTS(--eval-mcts-simulations) and (with --eval-greedy) greedy."""
    eval_seed = args.seed * 7_777 + 100_000
    sims = args.eval_mcts_simulations
    out = {f"win_share_vs_mcts{sims}": evaluate(
        game, evaluator, lambda s: salon.Bot("mcts", simulations=sims, seed=s), games=args.eval_games,
        simulations=args.simulations, policy=args.policy, seed=eval_seed, threads=args.threads, label=f"mcts{sims}")}
    if args.eval_greedy:
        out["win_share_vs_greedy"] = evaluate(
            game, evaluator, lambda s: salon.Bot("greedy", seed=s), games=args.eval_games,
            simulations=args.simulations, policy=args.policy, seed=eval_seed, threads=args.threads, label="greedy")
    return out


# ---------------------------------------------------------------------------------------------
# Checkpoints: params, optimizer state, iteration, generators (numpy .npz + JSON).


def start_ray(args: argparse.Namespace) -> int:
    """Connects to the Ray cluster of ``--ray`` (or starts one here for ``local``); returns the
    number of self-play workers."""
    import ray

    if args.ray == "local":
        ray.init(num_cpus=args.ray_workers, include_dashboard=False)
    else:
        ray.init(address=args.ray, include_dashboard=False)
    workers = args.ray_workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
    print(f"self-play on Ray: {workers} workers", flush=True)
    return int(workers)


def ray_self_play(game: salon.Game, network: salon.Network, args: argparse.Namespace, workers: int,
                  play: dict[str, Any]) -> Any:
    """The iteration's self-play on the Ray workers: the games cut into units, each unit a
    ``salon.selfplay.self_play`` of its games with the current network (sent to the workers
    pickled: its ONNX file), examples back in unit order (``salon.adapters.ray_runner``)."""
    from salon.adapters.ray_runner import selfplay_examples

    games = args.games_per_iteration
    unit = args.ray_unit_games or max(1, -(-games // (2 * workers)))
    first, seed = play.pop("first_game_id"), play.pop("seed")
    for _, examples in selfplay_examples(game, network, games=games, unit_games=unit, seed=seed, first_game_id=first,
                                         num_workers=workers, parallel=min(args.parallel, unit), **play):
        yield examples


def save_checkpoint(out: Path, learner: Learner, iteration: int, rng: np.random.Generator, meta: dict[str, Any],
                    game: salon.Game) -> None:
    """``checkpoint.npz`` (weights, optimizer, generator) and ``network.onnx`` (the network as
    the engine runs it: ``salon.Network.load(OUT/network.onnx, game)``)."""
    arrays: dict[str, Any] = {f"param/{k}": v for k, v in learner.numpy_params().items()}
    arrays.update({f"opt/{i:04d}": v for i, v in enumerate(learner.opt_leaves())})
    state = {"iteration": iteration, "rng": rng.bit_generator.state, "meta": meta}
    arrays["state"] = np.frombuffer(json.dumps(state).encode(), np.uint8)
    tmp = out / (CHECKPOINT + ".tmp.npz")
    np.savez(tmp, **arrays)
    os.replace(tmp, out / CHECKPOINT)
    data, _ = native_network(learner.numpy_params(), game, {"salon.iteration": str(iteration)}, meta["value_frame"])
    tmp_net = out / (NETWORK + ".tmp")
    tmp_net.write_bytes(data)
    os.replace(tmp_net, out / NETWORK)


def load_checkpoint(path: Path) -> tuple[dict[str, Any], list[npt.NDArray[Any]], dict[str, Any]]:
    with np.load(path) as d:
        params = {k.split("/", 1)[1]: d[k] for k in d.files if k.startswith("param/")}
        opt = [d[k] for k in sorted(k for k in d.files if k.startswith("opt/"))]
        state = json.loads(bytes(d["state"]).decode())
    return params, opt, state


# ---------------------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    p.add_argument("--game", default="atelier_studio", help='a game name or spec, e.g. "azul_sintra(players=2)"')
    p.add_argument("--iterations", type=int, default=1000, help="stop after this many iterations (in total)")
    p.add_argument("--hours", type=float, default=None, help="wall-time budget of this run (stops between iterations)")
    p.add_argument("--games-per-iteration", type=int, default=256)
    p.add_argument("--parallel", type=int, default=256, help="self-play games searched side by side (roots per batch)")
    p.add_argument("--simulations", type=int, default=64, help="search simulations per move (self-play and evaluation)")
    p.add_argument("--policy", choices=["gumbel", "puct"], default="gumbel")
    p.add_argument("--sample-moves", type=int, default=8, help="PUCT: first moves of a game drawn from the target")
    p.add_argument("--threads", type=int, default=1, help="search threads")
    p.add_argument("--skip-forced", action="store_true",
                   help="self-play plays a decision with one legal action without a search, and it gives no example "
                   "(a fifth of atelier_studio's decisions at 3 players)")
    p.add_argument("--rollout-mix", type=float, default=0.0,
                   help="self-play values each leaf with this share of a random playout's returns (the rest the "
                   "network's value), as the agent does with salon.rollout_mix: slower self-play whose targets carry "
                   "what the playouts know; 0: the network alone")
    p.add_argument("--hidden", type=int, default=128)
    p.add_argument("--layers", type=int, default=2)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--l2", type=float, default=1e-4)
    p.add_argument("--batch-size", type=int, default=256)
    p.add_argument("--train-steps", type=int, default=None,
                   help="train steps per iteration (default: --reuse x new examples / batch size, at least 50)")
    p.add_argument("--reuse", type=float, default=1.0,
                   help="without --train-steps: how many times, on average, each new example is trained on")
    p.add_argument("--buffer", type=int, default=100_000, help="replay buffer capacity (examples)")
    p.add_argument("--save-buffer-every", type=int, default=10,
                   help="write OUT/buffer.npz every this many iterations and when the run stops (it can be GBs)")
    p.add_argument("--value-mix", type=float, default=0.5,
                   help="value target: this share of the final win shares, the rest the search's root value")
    p.add_argument("--score-share", type=float, default=0.0,
                   help="this share of the final outcome in the value target is a softmax of the final scores "
                   "(over --score-temperature points) instead of the win shares: by how much, not only who")
    p.add_argument("--score-temperature", type=float, default=3.0,
                   help="points of final-score difference that make a factor e in the --score-share target")
    p.add_argument("--value-frame", choices=["mover", "seat"], default=None,
                   help="value head columns: 'mover' (column k = k seats after the player to move; for observations "
                   "listed from the observer on) or 'seat' (column p = seat p; for atelier_studio, whose observation "
                   "lists the seats in seat order). Default: the checkpoint's with --resume, else mover")
    p.add_argument("--eval-games", type=int, default=20, help="evaluation games per opponent (seat-rotated); 0: none")
    p.add_argument("--eval-every", type=int, default=1, help="evaluate every this many iterations")
    p.add_argument("--eval-mcts-simulations", type=int, default=1000)
    p.add_argument("--eval-greedy", action=argparse.BooleanOptionalAction, default=True)
    p.add_argument("--ray", metavar="ADDRESS", default=None,
                   help="self-play on a Ray cluster ('auto', 'ray://host:port', or 'local' for a Ray started here): "
                   "workers keep the game, the learner sends each iteration's network")
    p.add_argument("--ray-workers", type=int, default=None, help="Ray self-play workers (default: the cluster's CPUs)")
    p.add_argument("--ray-unit-games", type=int, default=None,
                   help="games per unit of work sent to a worker (default: the iteration's games over twice the workers)")
    p.add_argument("--init-from", metavar="CHECKPOINT", default=None,
                   help="start from another run's checkpoint.npz of the same game (another player count): "
                   "trunk and policy head copied, the value head widened or narrowed; ignored when --resume finds a checkpoint")
    p.add_argument("--pretrain-shards", metavar="DIR", action="append", default=[],
                   help="a fresh run first trains on these salon-selfplay/1 examples (examples/mcts_teacher.py writes "
                   "games of MCTS with random rollouts), which stay in the replay buffer until self-play replaces them; "
                   "repeatable; ignored when --resume finds a checkpoint")
    p.add_argument("--pretrain-policy", choices=["played", "visits"], default="played",
                   help="the policy target of the --pretrain-shards examples: the move the teacher played (its most "
                   "visited), or the share of the root's visits through each move (MCTS with random rollouts spreads "
                   "its visits almost evenly: at 100 simulations their entropy is 0.98 of the uniform's on atelier_studio)")
    p.add_argument("--pretrain-steps", type=int, default=None,
                   help="training steps on the --pretrain-shards examples (default: --reuse x examples / --batch-size)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", required=True, help="directory for the checkpoint, buffer and log")
    p.add_argument("--resume", action="store_true", help="continue from the checkpoint in --out")
    p.add_argument("--evaluate-only", action="store_true",
                   help="evaluate the checkpoint in --out (--eval-games per opponent) into OUT/eval.jsonl; no training")
    return p.parse_args(argv)


def pretrain(learner: Learner, buffer: ReplayBuffer, game: salon.Game, args: argparse.Namespace,
             rng: np.random.Generator) -> None:
    """Expert iteration's first step: fills the buffer with the examples of ``--pretrain-shards``
    (their value target is the final result: the teacher's root values are not kept) and trains
    on them before any self-play."""
    parts = []
    for directory in args.pretrain_shards:
        try:
            ex = load_shards(directory)
        except (OSError, KeyError, ValueError, salon.SalonError) as e:
            sys.exit(f"--pretrain-shards {directory}: not a readable salon-selfplay/1 directory ({e})")
        played = {f"{r.get('game')}" for r in ex.records}
        players = {len(r.get("players", [])) for r in ex.records}
        if played != {game.name} or players != {game.num_players()} or \
                ex.observations[0].size != int(np.prod(game.observation_tensor_shape())) or \
                ex.masks.shape[1] != game.num_distinct_actions():
            sys.exit(f"--pretrain-shards {directory} holds games of {sorted(played)} with {sorted(players)} players, "
                     f"not {game.name} with {game.num_players()}")
        parts.append(ex)
    examples = Examples.concatenate(parts)
    if args.pretrain_policy == "played":
        examples.policies = np.zeros_like(examples.policies)
        examples.policies[np.arange(len(examples)), examples.actions] = 1.0
    try:
        buffer.add(examples, 1.0, args.value_frame, args.score_share, args.score_temperature)
    except ValueError as e:
        sys.exit(f"--pretrain-shards: {e}")
    steps = args.pretrain_steps if args.pretrain_steps is not None else max(
        1, round(args.reuse * len(examples) / args.batch_size))
    t = time.monotonic()
    sums = {"loss": 0.0, "policy_loss": 0.0, "value_loss": 0.0}
    for k in range(steps):
        metrics = learner.train_step(buffer.sample(rng, args.batch_size))
        for key in sums:
            sums[key] += metrics[key]
        if (k + 1) % max(1, steps // 10) == 0 or k + 1 == steps:
            print(f"[pretrain] train {k + 1}/{steps} loss {metrics['loss']:.4f}", flush=True)
    losses = {k: round(v / max(1, steps), 4) for k, v in sums.items()}
    print(f"[pretrain] {len(examples)} examples of {len(examples.records)} games ({args.pretrain_policy}), {steps} steps in "
          f"{time.monotonic() - t:.1f} s: {json.dumps(losses)}", flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if not 0.0 <= args.value_mix <= 1.0:
        sys.exit(f"--value-mix must be between 0 and 1, not {args.value_mix}")
    if not 0.0 <= args.rollout_mix <= 1.0:
        sys.exit(f"--rollout-mix must be between 0 and 1, not {args.rollout_mix}")
    if not 0.0 <= args.score_share <= 1.0:
        sys.exit(f"--score-share must be between 0 and 1, not {args.score_share}")
    if not (args.score_temperature > 0 and math.isfinite(args.score_temperature)):
        sys.exit(f"--score-temperature must be a positive number of points, not {args.score_temperature}")
    if not args.reuse > 0:
        sys.exit(f"--reuse must be positive, not {args.reuse}")
    if args.save_buffer_every < 1:
        sys.exit(f"--save-buffer-every must be at least 1, not {args.save_buffer_every}")
    if args.pretrain_steps is not None and args.pretrain_steps < 0:
        sys.exit(f"--pretrain-steps must be at least 0, not {args.pretrain_steps}")
    started = time.monotonic()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    game = salon.load_game(args.game)
    obs_size = int(np.prod(game.observation_tensor_shape()))
    actions, players = game.num_distinct_actions(), game.num_players()

    rng = np.random.default_rng(args.seed)
    first_iteration = 1
    if args.resume and (out / CHECKPOINT).exists():
        params, opt_leaves, state = load_checkpoint(out / CHECKPOINT)
        trained_on = state["meta"].get("game_name")
        if trained_on != game.name or params["w0"].shape[0] != obs_size:
            sys.exit(f"{out / CHECKPOINT} was trained on {trained_on}, not {game.name}: use another --out")
        trained_frame = state["meta"].get("value_frame", "mover")  # runs before --value-frame were all mover
        if args.value_frame not in (None, trained_frame):
            sys.exit(f"{out / CHECKPOINT} was trained with --value-frame {trained_frame}, not {args.value_frame}: "
                     "use another --out")
        args.value_frame = trained_frame
        learner = Learner(params, args.lr, args.l2)
        learner.load_opt_leaves(opt_leaves)
        rng.bit_generator.state = state["rng"]
        first_iteration = state["iteration"] + 1
        print(f"resumed from {out / CHECKPOINT} after iteration {state['iteration']}", flush=True)
    else:
        args.value_frame = args.value_frame or "mover"
        if args.resume:
            print(f"no checkpoint in {out}: starting afresh", flush=True)
        if args.init_from:
            try:
                source, _, source_state = load_checkpoint(Path(args.init_from))
            except (OSError, KeyError, ValueError) as e:
                sys.exit(f"--init-from {args.init_from}: not a readable checkpoint.npz ({e})")
            source_game = source_state["meta"].get("game_name")
            if source_game != game.name:
                sys.exit(f"--init-from {args.init_from} was trained on {source_game}, not {game.name}")
            if num_layers(source) != args.layers or source["w0"].shape[1] != args.hidden:
                sys.exit(f"--init-from {args.init_from} has {num_layers(source)} layers of {source['w0'].shape[1]}; "
                         f"pass --layers {num_layers(source)} --hidden {source['w0'].shape[1]}")
            source_frame = source_state["meta"].get("value_frame", "mover")
            fresh_head = None
            if "seat" in (source_frame, args.value_frame):
                newly = init_params(rng, obs_size, actions, players, args.hidden, args.layers)
                fresh_head = (newly["wv"], newly["bv"])
                print(f"value head started afresh (the source's is in the {source_frame} frame, this run's in the "
                      f"{args.value_frame} frame)", flush=True)
            try:
                initial = transferred_params(source, obs_size, actions, players, fresh_head)
            except ValueError as e:
                sys.exit(str(e))
            print(f"starting from the weights of {args.init_from} (iteration {source_state['iteration']}, "
                  f"{source_state['meta'].get('game')})", flush=True)
        else:
            initial = init_params(rng, obs_size, actions, players, args.hidden, args.layers)
        learner = Learner(initial, args.lr, args.l2)
    if args.evaluate_only:
        if first_iteration == 1:
            sys.exit(f"--evaluate-only needs a checkpoint in {out} (and --resume)")
        t = time.monotonic()
        _, evaluator = native_network(learner.numpy_params(), game, value_frame=args.value_frame)
        result: dict[str, Any] = {"iteration": first_iteration - 1, "game": game.name, "eval_games": args.eval_games,
                                  "simulations": args.simulations, "policy": args.policy}
        result.update(run_evaluation(game, evaluator, args))
        result["eval_seconds"] = round(time.monotonic() - t, 2)
        with open(out / "eval.jsonl", "a", encoding="utf-8") as log:
            log.write(json.dumps(result) + "\n")
        print(json.dumps(result), flush=True)
        return 0
    buffer = ReplayBuffer(args.buffer, obs_size, actions, players)
    if first_iteration > 1 and (out / BUFFER).exists():
        buffer.load(out / BUFFER)
    if first_iteration == 1 and args.pretrain_shards:
        pretrain(learner, buffer, game, args, rng)

    workers = start_ray(args) if args.ray else 0
    meta = {k: v for k, v in vars(args).items() if k not in ("resume", "out")}
    meta["game_name"] = game.name
    meta["value_frame"] = args.value_frame
    last_iteration = args.iterations
    iteration_seconds = 0.0
    saved_buffer_at = completed = first_iteration - 1
    for iteration in range(first_iteration, last_iteration + 1):
        elapsed = time.monotonic() - started
        if args.hours is not None and elapsed + iteration_seconds > args.hours * 3600:
            print(f"wall-time budget reached ({elapsed / 3600:.2f} h)", flush=True)
            break
        t0 = time.monotonic()
        # Self-play with the current network.
        # The current network, inside the engine for self-play and evaluation.
        _, evaluator = native_network(learner.numpy_params(), game, value_frame=args.value_frame)
        moves = games_done = 0
        fresh: list[Examples] = []
        last_print = time.monotonic()
        play = dict(simulations=args.simulations, policy=args.policy, seed=args.seed * 1_000_003 + iteration,
                    threads=args.threads, sample_moves=args.sample_moves if args.policy == "puct" else 0,
                    skip_forced=args.skip_forced,
                    first_game_id=(iteration - 1) * args.games_per_iteration, **search_options(args.policy, explore=True))
        if args.rollout_mix > 0:
            play["rollout_mix"] = args.rollout_mix
        if workers:
            batches = ray_self_play(game, evaluator, args, workers, play)
        else:
            batches = self_play(game, evaluator, games=args.games_per_iteration, parallel=args.parallel, **play)
        for batch in batches:
            fresh.append(batch)
            moves += len(batch)
            games_done += len(batch.records)
            if time.monotonic() - last_print > 10 or games_done == args.games_per_iteration:
                rate = moves / max(time.monotonic() - t0, 1e-9)
                print(f"[{iteration}] self-play {games_done}/{args.games_per_iteration} games, {moves} moves, "
                      f"{rate:.0f} moves/s", flush=True)
                last_print = time.monotonic()
        examples = Examples.concatenate(fresh)
        unseen_value_loss = fresh_value_loss(learner, examples, args.value_frame)
        buffer.add(examples, args.value_mix, args.value_frame, args.score_share, args.score_temperature)
        selfplay_seconds = time.monotonic() - t0
        # Training.
        t1 = time.monotonic()
        steps = args.train_steps if args.train_steps is not None else max(
            50, round(args.reuse * len(examples) / args.batch_size))
        sums = {"loss": 0.0, "policy_loss": 0.0, "value_loss": 0.0}
        for k in range(steps):
            metrics = learner.train_step(buffer.sample(rng, args.batch_size))
            for key in sums:
                sums[key] += metrics[key]
            if (k + 1) % max(1, steps // 4) == 0 or k + 1 == steps:
                print(f"[{iteration}] train {k + 1}/{steps} loss {metrics['loss']:.4f}", flush=True)
        losses = {k: v / steps for k, v in sums.items()}
        if not all(math.isfinite(v) for v in losses.values()):
            print(f"[{iteration}] loss is not finite: {losses}", flush=True)
            return 1
        train_seconds = time.monotonic() - t1
        # Evaluation against the native bots.
        t2 = time.monotonic()
        entry: dict[str, Any] = {
            "iteration": iteration, "game": game.name, "examples": len(examples), "games": len(examples.records),
            "buffer": buffer.size, "train_steps": steps, **losses, "fresh_value_loss": round(unseen_value_loss, 4),
            "selfplay_seconds": round(selfplay_seconds, 2), "selfplay_moves_per_s": round(len(examples) / selfplay_seconds, 1),
            "simulations_per_s": round(len(examples) * args.simulations / selfplay_seconds, 1),
            "train_seconds": round(train_seconds, 2), "selfplay_workers": workers,
        }
        if args.eval_games > 0 and iteration % args.eval_every == 0:
            _, trained = native_network(learner.numpy_params(), game, value_frame=args.value_frame)
            entry.update(run_evaluation(game, trained, args))
        entry["eval_seconds"] = round(time.monotonic() - t2, 2)
        entry["wall_seconds"] = round(time.monotonic() - started, 2)
        with open(out / LOG, "a", encoding="utf-8") as log:
            log.write(json.dumps(entry) + "\n")
        if iteration % args.save_buffer_every == 0:
            buffer.save(out / BUFFER)
            saved_buffer_at = iteration
        save_checkpoint(out, learner, iteration, rng, meta, game)
        shown = {k: entry[k] for k in entry if k.startswith("win_share") or k in ("loss", "fresh_value_loss", "selfplay_moves_per_s")}
        print(f"[{iteration}] done in {time.monotonic() - t0:.1f} s: {json.dumps(shown)}", flush=True)
        iteration_seconds = max(iteration_seconds, time.monotonic() - t0)  # the longest so far: evaluations included
        completed = iteration
    if saved_buffer_at < completed:  # stopped by the time budget: keep every example for --resume
        buffer.save(out / BUFFER)
    return 0


if __name__ == "__main__":
    sys.exit(main())
