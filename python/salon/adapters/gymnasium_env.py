"""Gymnasium environments: one learner against chosen bots, and a vector environment on the batched core.

Single agent (:class:`SalonGymEnv`)
    The learner sits in one seat (``learner``, default 0); the other seats are played by
    ``opponents``: policies ``(state) -> action`` or objects with ``step(state)`` (OpenSpiel-style
    bots), uniformly random by default. Chance nodes are resolved inside from the game's seeded
    generator; ``reset(seed=s)`` fixes the chance sequence and reseeds every opponent (``salon.Bot``
    through ``reseed(int)``, others through a ``seed(int)`` method, as the default random ones have),
    so equal seeds and actions replay exactly.

    Observation: the learner's observation tensor (a ``Box``, float32), with the legal actions in
    ``info["action_mask"]`` (int8); or, with ``dict_observation=True``, a ``Dict`` with
    ``"observation"`` and ``"action_mask"`` (as in PettingZoo). Reward: 0 until the end, then the
    learner's win share (in [0, 1]). ``truncated`` is always False (the engines bound game length).

    Illegal actions (``illegal_action=``), since a learner - or Gymnasium's own checker - may send any
    action of the ``Discrete`` space:

    * ``"penalty"`` (default): the episode ends at once (``terminated=True``) with reward
      ``illegal_action_penalty`` (default -1.0), the state is left unchanged, and
      ``info["illegal_action"]`` is True;
    * ``"random"``: the action is replaced by a uniformly random legal one (from the env's
      generator) and ``info["illegal_action"]`` is True;
    * ``"raise"``: :class:`salon.IllegalActionError` is raised and nothing changes.

Vector (:class:`SalonVectorEnv`)
    Backed by :class:`salon.VectorEnv` (the games step in Rust, no Python loop over games).
    Self-play: every seat is the learner; each observation is that of the player to move
    (``info["player"]``). ``rewards[i]`` is the reward of the player who acted in game ``i``
    (its win share when the game ends there, else 0); ``info["returns"]`` holds every player's
    rewards of the step (shape ``(num_envs, players)``) so that the other seats' outcomes are not lost.
    Autoreset (``autoreset_mode=``): ``NEXT_STEP`` (default; the step that ends a game shows its last
    observation, the next one starts a new game and ignores that game's action), ``SAME_STEP`` (the
    new game starts at once; ``info["final_obs"]`` and ``info["final_info"]`` keep the finished one)
    or ``DISABLED`` (``reset(options={"reset_mask": ...})`` restarts finished games). Rewards and
    ``info["returns"]`` are float64, read from the finished game. ``reset(seed=s)`` seeds game ``i``
    with ``s + i``; ``reset(seed=[...])`` gives one seed per game; ``info["episode_seed"]`` gives
    each game's engine seed.
    Illegal actions raise (``illegal_action="raise"``, default) or are replaced by random legal
    ones (``"random"``, flagged in ``info["illegal_action"]``).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import gymnasium  # type: ignore[import-untyped,import-not-found,unused-ignore]
import numpy as np
from gymnasium.vector.vector_env import AutoresetMode  # type: ignore[import-untyped,import-not-found,unused-ignore]

import salon
from salon import _core
from salon._gymnasium_ids import register_gymnasium_envs
from salon.adapters import _render
from salon.adapters.policies import PolicyLike, UniformRandomPolicy, as_policy, derive_seed, reseed

__all__ = ["SalonGymEnv", "SalonVectorEnv", "register_gymnasium_envs"]

_ILLEGAL_POLICIES = ("penalty", "random", "raise")
_RENDER_MODES = _render.RENDER_MODES


def _load(game: str | _core.Game, params: dict[str, Any]) -> _core.Game:
    if isinstance(game, _core.Game):
        if params:
            raise salon.InvalidParameterError("pass parameters either in the Game or as keywords, not both")
        return game
    return salon.load_game(game, **params)


class SalonGymEnv(gymnasium.Env):  # type: ignore[misc,type-arg,unused-ignore]
    """One learner in one seat, chosen bots in the others (see the module documentation)."""

    metadata = {"render_modes": list(_RENDER_MODES), "render_fps": 1}

    def __init__(
        self,
        game: str | _core.Game = "azul_sintra",
        *,
        learner: int = 0,
        opponents: PolicyLike | Sequence[PolicyLike] | Mapping[int, PolicyLike] | None = None,
        seed: int | None = None,
        dict_observation: bool = False,
        illegal_action: str = "penalty",
        illegal_action_penalty: float = -1.0,
        render_mode: str | None = None,
        render_width: int | None = None,
        **params: Any,
    ) -> None:
        self.game = _load(game, params)
        n = self.game.num_players()
        if not 0 <= learner < n:
            raise salon.InvalidPlayerError(f"learner seat {learner} is not in 0..{n - 1}")
        if illegal_action not in _ILLEGAL_POLICIES:
            raise ValueError(f"illegal_action must be one of {_ILLEGAL_POLICIES}, not {illegal_action!r}")
        _render.check_mode(render_mode)
        self.learner = learner
        self.render_mode = render_mode
        self.render_width = render_width
        self.dict_observation = dict_observation
        self.illegal_action = illegal_action
        self.illegal_action_penalty = float(illegal_action_penalty)
        self._opponents_raw = self._seat_opponents(opponents, n)
        self._opponents = {seat: as_policy(p) for seat, p in self._opponents_raw.items()}
        self._num_actions = self.game.num_distinct_actions()
        self._obs_shape = tuple(self.game.observation_tensor_shape())
        tensor_space = gymnasium.spaces.Box(-np.inf, np.inf, self._obs_shape, np.float32)
        mask_space = gymnasium.spaces.Box(0, 1, (self._num_actions,), np.int8)
        self.observation_space = (
            gymnasium.spaces.Dict({"observation": tensor_space, "action_mask": mask_space})
            if dict_observation
            else tensor_space
        )
        self.action_space = gymnasium.spaces.Discrete(self._num_actions)
        self.state: _core.State | None = None
        self._done = False
        if seed is not None:
            self._np_random, self._np_random_seed = gymnasium.utils.seeding.np_random(seed)

    def _seat_opponents(self, opponents: Any, n: int) -> dict[int, PolicyLike]:
        seats = [s for s in range(n) if s != self.learner]
        if opponents is None:
            return {s: UniformRandomPolicy(s) for s in seats}
        if isinstance(opponents, Mapping):
            missing = [s for s in seats if s not in opponents]
            if missing:
                raise ValueError(f"no opponent policy for seats {missing}")
            return {s: opponents[s] for s in seats}
        if isinstance(opponents, Sequence) and not isinstance(opponents, str):
            if len(opponents) == n:
                return {s: opponents[s] for s in seats}
            if len(opponents) == n - 1:
                return dict(zip(seats, opponents))
            raise ValueError(f"give {n - 1} opponent policies (or {n}, one per seat), not {len(opponents)}")
        return {s: opponents for s in seats}

    # -- helpers --------------------------------------------------------------------------------

    def _mask(self) -> np.ndarray:
        assert self.state is not None
        mask = np.zeros(self._num_actions, np.int8)
        if not self.state.is_terminal() and self.state.current_player() == self.learner:
            mask[self.state.legal_actions()] = 1
        return mask

    def _observation(self, mask: np.ndarray) -> Any:
        assert self.state is not None
        obs = np.array(self.state.observation_tensor(self.learner), dtype=np.float32).reshape(self._obs_shape)
        if self.dict_observation:
            return {"observation": obs, "action_mask": mask.copy()}
        return obs

    def _advance(self) -> None:
        """Plays chance and the opponents until the learner is to move or the game is over."""
        state = self.state
        assert state is not None
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_random_chance()
                continue
            player = state.current_player()
            if player == self.learner:
                return
            state.apply_action(self._opponents[player](state))

    def _info(self, mask: np.ndarray, **extra: Any) -> dict[str, Any]:
        assert self.state is not None
        return {"action_mask": mask, "current_player": self.state.current_player(), **extra}

    # -- the Gymnasium API ----------------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            for seat, policy in self._opponents_raw.items():
                reseed(policy, int(self.np_random.integers(0, 2**63 - 1)) ^ seat)
        game_seed = int(self.np_random.integers(0, 2**63 - 1))
        self.state = self.game.new_initial_state(seed=game_seed)
        self._done = False
        self._advance()
        mask = self._mask()
        return self._observation(mask), self._info(mask, episode_seed=game_seed)

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        state = self.state
        if state is None:
            raise salon.WrongNodeError("call reset() before step()")
        if self._done or state.is_terminal():
            raise salon.WrongNodeError("the episode is over: call reset()")
        action = int(action)
        legal = state.legal_actions()
        illegal = action not in legal
        if illegal:
            if self.illegal_action == "raise":
                raise salon.IllegalActionError(
                    f"action {action} is not legal for the learner (seat {self.learner}); legal: {legal}"
                )
            if self.illegal_action == "penalty":
                self._done = True
                mask = self._mask()
                return (
                    self._observation(mask),
                    self.illegal_action_penalty,
                    True,
                    False,
                    self._info(mask, illegal_action=True),
                )
            action = legal[int(self.np_random.integers(len(legal)))]
        state.apply_action(action)
        self._advance()
        terminated = state.is_terminal()
        self._done = terminated
        reward = float(state.returns()[self.learner]) if terminated else 0.0
        mask = self._mask()
        info = self._info(mask, illegal_action=illegal)
        if terminated:
            info["returns"] = state.returns()
            info["scores"] = state.scores()
        return self._observation(mask), reward, terminated, False, info

    def render(self) -> Any:
        if self.render_mode is None:
            gymnasium.logger.warn(f"render() called without a render_mode (choose one of {_RENDER_MODES})")
            return None
        if self.state is None:
            raise salon.WrongNodeError("call reset() before render()")
        return _render.render(self.state, self.render_mode, width=self.render_width)

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions as a boolean vector (the name sb3-contrib's MaskablePPO calls)."""
        return self._mask().astype(bool)


def _autoreset_mode(mode: Any) -> Any:
    if isinstance(mode, AutoresetMode):
        return mode
    if isinstance(mode, str):
        key = mode.replace("_", "").replace("-", "").lower()
        for member in AutoresetMode:
            if key in (member.name.replace("_", "").lower(), str(member.value).lower()):
                return member
    choices = ", ".join(repr(m.name.lower()) for m in AutoresetMode)
    raise ValueError(f"autoreset_mode must be an AutoresetMode or one of {choices}, not {mode!r}")


class SalonVectorEnv(gymnasium.vector.VectorEnv):  # type: ignore[misc,type-arg,unused-ignore]
    """A Gymnasium vector environment backed by :class:`salon.VectorEnv` (self-play; see the module documentation)."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(
        self,
        game: str | _core.Game = "azul_sintra",
        num_envs: int = 8,
        *,
        seed: int = 0,
        threads: int = 1,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        illegal_action: str = "raise",
        copy: bool = True,
        **params: Any,
    ) -> None:
        if illegal_action not in ("raise", "random"):
            raise ValueError(f"illegal_action must be 'raise' or 'random', not {illegal_action!r}")
        self.autoreset_mode = _autoreset_mode(autoreset_mode)
        self.metadata = {**type(self).metadata, "autoreset_mode": self.autoreset_mode}
        self.game = _load(game, params)
        self._seed = int(seed)
        # The core never resets a game by itself: this class decides when (the autoreset mode)
        # and from which seed, and reads a finished game's last observation and exact returns first.
        self._core = salon.VectorEnv(self.game, num_envs, seed=self._seed, auto_reset=False, threads=int(threads))
        self.num_envs = num_envs
        self.illegal_action = illegal_action
        self.copy = copy
        self._num_actions = self.game.num_distinct_actions()
        self._num_players = self.game.num_players()
        size = self.game.observation_tensor_size()
        self.single_observation_space = gymnasium.spaces.Box(-np.inf, np.inf, (size,), np.float32)
        self.single_action_space = gymnasium.spaces.Discrete(self._num_actions)
        self.observation_space = gymnasium.vector.utils.batch_space(self.single_observation_space, num_envs)
        self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space, num_envs)
        self._players: np.ndarray | None = None
        self._masks: np.ndarray | None = None
        # Per game: the seed its episodes derive from and the number of episodes started.
        self._env_seeds = [derive_seed(self._seed, i) for i in range(num_envs)]
        self._episodes = np.zeros(num_envs, dtype=np.int64)
        self._finished = np.zeros(num_envs, dtype=bool)
        self._random_calls = 0

    def _out(self, array: np.ndarray) -> np.ndarray:
        return array.copy() if self.copy else array

    def _restart(self, which: np.ndarray) -> np.ndarray:
        """New episodes in the games of ``which``, each from its own seed sequence; returns the
        engine's observation buffer (every game's current observation)."""
        seeds = np.zeros(self.num_envs, dtype=np.uint64)
        for i in np.flatnonzero(which):
            seeds[i] = derive_seed(self._env_seeds[i], int(self._episodes[i]))
            self._episodes[i] += 1
        obs, self._masks, self._players = self._core.reset_games(which, seeds)
        self._finished &= ~which
        return obs

    def reset(
        self, *, seed: int | Sequence[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """New games: every one, or those of ``options["reset_mask"]`` (for ``DISABLED`` autoreset).

        ``seed`` is an int (game ``i`` is seeded with ``seed + i``, as Gymnasium's own vector
        envs do) or one seed per game (``None`` keeps that game's sequence going)."""
        which = np.ones(self.num_envs, dtype=bool)
        if options and "reset_mask" in options:
            which = np.asarray(options["reset_mask"], dtype=bool).reshape(self.num_envs)
        if seed is not None:
            seeds: list[int | None] = (
                [int(seed) + i for i in range(self.num_envs)] if isinstance(seed, (int, np.integer)) else list(seed)
            )
            if len(seeds) != self.num_envs:
                raise ValueError(f"give one seed per game ({self.num_envs}), not {len(seeds)}")
            for i, s in enumerate(seeds):
                if s is not None and which[i]:
                    self._env_seeds[i] = int(s)
                    self._episodes[i] = 0
            first = seeds[0] if seeds[0] is not None else self._seed
            self._np_random, self._np_random_seed = gymnasium.utils.seeding.np_random(int(first))
            self._random_calls = 0
        obs = self._restart(which)
        assert self._masks is not None and self._players is not None
        info = {
            "action_mask": self._out(self._masks),
            "player": self._out(self._players),
            "episode_seed": self._core.episode_seeds.copy(),
        }
        return self._out(obs), info

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        if self._players is None or self._masks is None:
            raise salon.WrongNodeError("call reset() before step()")
        n = self.num_envs
        actions = np.asarray(actions, dtype=np.int64).reshape(n)
        waiting = self._finished.copy()  # games that ended on the previous step
        if waiting.any() and self.autoreset_mode == AutoresetMode.DISABLED:
            raise salon.WrongNodeError(
                f"games {np.flatnonzero(waiting).tolist()} are over: reset them first "
                "(reset(options={'reset_mask': terminated}))"
            )
        acting = self._players.copy()
        illegal = np.zeros(n, dtype=bool)
        if self.illegal_action == "random":
            in_range = (actions >= 0) & (actions < self._num_actions)
            safe = np.where(in_range, actions, 0)
            illegal = (~in_range | ~self._masks[np.arange(n), safe]) & ~waiting
            if illegal.any():
                self._random_calls += 1
                replacement = self._core.random_actions(derive_seed(self._seed, 1_000_003, self._random_calls))
                actions = np.where(illegal, replacement, actions)
        obs, masks, players, _, terminated = self._core.step(actions)
        terminated = terminated.copy()
        self._masks, self._players = masks, players
        returns = np.zeros((n, self._num_players), dtype=np.float64)
        final_obs = {}
        for i in np.flatnonzero(terminated):
            final_obs[int(i)], returns[i] = self._core.final_outputs(int(i), int(acting[i]))
        rewards = returns[np.arange(n), np.maximum(acting, 0)]
        self._finished |= terminated
        info: dict[str, Any] = {"acting_player": acting, "returns": returns, "illegal_action": illegal}
        if self.autoreset_mode == AutoresetMode.SAME_STEP:
            if terminated.any():
                info["final_obs"] = np.array([final_obs.get(i) for i in range(n)], dtype=object)
                info["_final_obs"] = terminated.copy()
                info["final_info"] = {
                    "returns": returns.copy(),
                    "_returns": terminated.copy(),
                    "episode_seed": self._core.episode_seeds.copy(),
                    "_episode_seed": terminated.copy(),
                }
                info["_final_info"] = terminated.copy()
                obs = self._restart(terminated)
            obs = self._out(obs)
        else:
            if self.autoreset_mode == AutoresetMode.NEXT_STEP and waiting.any():
                # Those games were over: their actions are ignored and they start again.
                obs = self._restart(waiting)
            # A finished game shows its last observation: the engine leaves that row empty and
            # never reads it back, so it is filled in place (after the copy, if copies are asked).
            obs = self._out(obs)
            for k, row in final_obs.items():
                obs[k] = row
        info["action_mask"] = self._out(self._masks)
        info["player"] = self._out(self._players)
        info["episode_seed"] = self._core.episode_seeds.copy()
        return obs, rewards, terminated, np.zeros(n, dtype=bool), info


# Importing this module registers the ids, so `gymnasium.make("salon.adapters.gymnasium_env:salon/<game>-v0")`
# works as well as `gymnasium.make("salon:salon/<game>-v0")`.
register_gymnasium_envs()
