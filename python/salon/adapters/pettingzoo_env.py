"""PettingZoo AEC environments for every salon game.

>>> from salon.adapters.pettingzoo_env import env
>>> e = env("azul_sintra", players=3)
>>> e.reset(seed=42)
>>> for agent in e.agent_iter():
...     obs, reward, termination, truncation, info = e.last()
...     action = None if termination or truncation else e.action_space(agent).sample(obs["action_mask"])
...     e.step(action)

* Agents are ``player_0`` ... ``player_{n-1}`` (the engine's seats).
* Each observation is ``{"observation": float32 tensor of game.observation_tensor_shape(),
  "action_mask": int8 vector of length game.num_distinct_actions()}``; the mask is all zeros
  for an agent that is not to move (or once the game is over).
* Chance nodes (draws, shuffles, dice) are resolved inside, from the game's own seeded generator:
  ``reset(seed=s)`` fixes the whole chance sequence, so equal seeds and equal actions give equal games.
* Rewards come only at the end: each agent's win share (they sum to 1). Games end by the rules
  (the engines bound their length), so ``truncations`` stay False.
* An illegal action raises :class:`salon.IllegalActionError` (a ``ValueError``) and changes nothing.
* Render modes (all the referee's view, hidden cards included): ``"ansi"`` returns the state's
  text, ``"human"`` prints it, ``"svg"`` returns the engine's drawing (``State.render_svg()``) and
  ``"rgb_array"`` that drawing as an ``H x W x 3`` uint8 array (``State.render_rgb()``,
  ``render_width`` pixels wide, default the drawing's own width).
"""

from __future__ import annotations

from typing import Any

import gymnasium  # type: ignore[import-untyped,import-not-found,unused-ignore]
import numpy as np
from gymnasium.utils import seeding  # type: ignore[import-untyped,import-not-found,unused-ignore]
from pettingzoo import AECEnv  # type: ignore[import-untyped,import-not-found,unused-ignore]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped,import-not-found,unused-ignore]

import salon
from salon import _core
from salon.adapters import _render

__all__ = ["SalonAECEnv", "env", "raw_env"]

_RENDER_MODES = _render.RENDER_MODES


def _load(game: str | _core.Game, params: dict[str, Any]) -> _core.Game:
    if isinstance(game, _core.Game):
        if params:
            raise salon.InvalidParameterError("pass parameters either in the Game or as keywords, not both")
        return game
    return salon.load_game(game, **params)


class SalonAECEnv(AECEnv):  # type: ignore[misc,type-arg,unused-ignore]
    """An AEC environment over one salon game (see the module documentation)."""

    metadata = {"render_modes": list(_RENDER_MODES), "name": "salon_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str | _core.Game = "azul_sintra",
        *,
        render_mode: str | None = None,
        render_width: int | None = None,
        **params: Any,
    ) -> None:
        super().__init__()
        _render.check_mode(render_mode)
        self.game = _load(game, params)
        self.render_mode = render_mode
        self.render_width = render_width
        self.metadata = dict(self.metadata, name=f"salon_{self.game.name}_v0")
        n = self.game.num_players()
        self._num_actions = self.game.num_distinct_actions()
        self._obs_shape = tuple(self.game.observation_tensor_shape())
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces = {
            a: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(-np.inf, np.inf, self._obs_shape, np.float32),
                    "action_mask": gymnasium.spaces.Box(0, 1, (self._num_actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: gymnasium.spaces.Discrete(self._num_actions) for a in self.possible_agents}
        self._np_random: np.random.Generator | None = None
        self.state: _core.State | None = None
        self.agents: list[str] = []

    # -- spaces ---------------------------------------------------------------------------------

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- helpers --------------------------------------------------------------------------------

    def _resolve_chance(self) -> None:
        assert self.state is not None
        while self.state.is_chance_node():
            self.state.apply_random_chance()

    def _mask(self, player: int) -> np.ndarray:
        assert self.state is not None
        mask = np.zeros(self._num_actions, np.int8)
        if not self.state.is_terminal() and self.state.current_player() == player:
            mask[self.state.legal_actions()] = 1
        return mask

    def _select_current(self) -> None:
        assert self.state is not None
        player = self.state.current_player()
        if player >= 0:
            self.agent_selection = self.possible_agents[player]

    # -- the AEC API ----------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        game_seed = int(self._np_random.integers(0, 2**63 - 1))
        self.state = self.game.new_initial_state(seed=game_seed)
        self._resolve_chance()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._select_current()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.state is not None, "call reset() first"
        player = self.agent_name_mapping[agent]
        obs = np.asarray(self.state.observation_tensor(player), dtype=np.float32).reshape(self._obs_shape)
        return {"observation": obs, "action_mask": self._mask(player)}

    def step(self, action: Any) -> None:
        assert self.state is not None, "call reset() first"
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise salon.IllegalActionError(f"{agent} must act: None is only for finished agents")
        self.state.apply_action(int(action))
        self._resolve_chance()
        self._cumulative_rewards[agent] = 0.0
        if self.state.is_terminal():
            returns = self.state.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self.agent_name_mapping[a]])
                self.terminations[a] = True
        else:
            for a in self.agents:
                self.rewards[a] = 0.0
            self._select_current()
        self._accumulate_rewards()

    def render(self) -> Any:
        if self.render_mode is None:
            gymnasium.logger.warn(f"render() called without a render_mode (choose one of {_RENDER_MODES})")
            return None
        assert self.state is not None, "call reset() first"
        return _render.render(self.state, self.render_mode, width=self.render_width)

    def close(self) -> None:
        pass

    def __str__(self) -> str:
        return f"salon_{self.game.name}"


raw_env = SalonAECEnv


def env(
    game: str | _core.Game = "azul_sintra", *, render_mode: str | None = None, render_width: int | None = None, **params: Any
) -> AECEnv:
    """The AEC environment wrapped in PettingZoo's order-enforcing wrapper (like ``pettingzoo.classic``)."""
    return wrappers.OrderEnforcingWrapper(SalonAECEnv(game, render_mode=render_mode, render_width=render_width, **params))
