"""Every salon game as an OpenSpiel (``pyspiel``) Python game, so that OpenSpiel's tools run on it.

>>> from salon.adapters.openspiel_game import register_pyspiel_games
>>> register_pyspiel_games()            # ['salon_azul_sintra', 'salon_atelier_studio', ...]
>>> import pyspiel
>>> game = pyspiel.load_game("salon_azul_sintra", {"players": 3, "side": "B"})
>>> game = pyspiel.load_game("salon_atelier_canvas(players=4,expert=True)")

* Short names are ``salon_<engine name>``; every parameter of the engine game is declared with
  its default, and the values given to ``pyspiel.load_game`` reach :func:`salon.load_game`.
* Sequential, explicit stochastic chance (the engine's chance nodes and their probabilities:
  OpenSpiel's tools sample them), terminal rewards, constant sum: the returns are win shares in
  [0, 1] summing to 1.
* Information: perfect for ``azul_sintra``, imperfect for the others. The observer (``make_observation``,
  ``state.observation_tensor`` / ``observation_string``) gives the engine's observation tensor and string;
  with perfect recall (``information_state_string``) the engine's information state string (for
  perfect-information games, the engine's observation string plus the action history). No
  information-state tensor is declared.
* ``resample_from_infostate(player, sampler)`` uses the engine's own resampling (seeded from the
  sampler), so OpenSpiel's IS-MCTS can run on the hidden-information games.
* The wrapped engine state is ``state.salon_state``; ``SalonSpielState.from_salon(game, s)``
  wraps an existing one.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-untyped,import-not-found,unused-ignore]

import salon
from salon import _core

__all__ = ["PREFIX", "SalonSpielGame", "SalonSpielState", "SalonObserver", "register_pyspiel_games", "load"]

PREFIX = "salon_"

assert _core.CHANCE == int(pyspiel.PlayerId.CHANCE) and _core.TERMINAL == int(pyspiel.PlayerId.TERMINAL)

_REGISTERED: dict[str, pyspiel.GameType] = {}
_CREATORS: list[type] = []


def _game_type(entry: dict[str, Any]) -> pyspiel.GameType:
    params = {pname: spec["default"] for pname, spec in sorted(entry["parameters"].items())}
    perfect = bool(entry["perfect_information"])
    return pyspiel.GameType(
        short_name=PREFIX + entry["name"],
        long_name=f"salon {entry['long_name']}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if perfect
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=int(entry["max_players"]),
        min_num_players=int(entry["min_players"]),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
        default_loadable=True,
        provides_factored_observation_string=False,
    )


class SalonSpielGame(pyspiel.Game):  # type: ignore[misc,type-arg,unused-ignore]
    """A pyspiel game wrapping one salon game (built by ``pyspiel.load_game``)."""

    def __init__(self, game_type: pyspiel.GameType, params: dict[str, Any] | None = None) -> None:
        engine_name = game_type.short_name[len(PREFIX) :]
        values = {k: (v.value() if hasattr(v, "value") else v) for k, v in (params or {}).items()}
        self.salon_game: _core.Game = salon.load_game(engine_name, **values)
        g = self.salon_game
        info = pyspiel.GameInfo(
            num_distinct_actions=g.num_distinct_actions(),
            max_chance_outcomes=g.max_chance_outcomes(),
            num_players=g.num_players(),
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=g.max_game_length(),
        )
        super().__init__(game_type, info, dict(g.get_parameters()))

    def new_initial_state(self) -> SalonSpielState:
        return SalonSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SalonObserver:
        return SalonObserver(self, iig_obs_type, params)


class SalonSpielState(pyspiel.State):  # type: ignore[misc,type-arg,unused-ignore]
    """A pyspiel state wrapping a salon state (``self.salon_state``)."""

    def __init__(self, game: SalonSpielGame, salon_state: _core.State | None = None) -> None:
        super().__init__(game)
        self.salon_state: _core.State = (
            salon_state if salon_state is not None else game.salon_game.new_initial_state(seed=0)
        )

    @classmethod
    def from_salon(cls, game: SalonSpielGame, state: _core.State) -> SalonSpielState:
        return cls(game, state.clone())

    def current_player(self) -> int:
        # salon uses OpenSpiel's values (CHANCE == -1, TERMINAL == -4); checked at import below.
        return self.salon_state.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.salon_state.current_player():
            return []
        return self.salon_state.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.salon_state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.salon_state.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            if 0 <= player < self.salon_state.num_players():
                return self.salon_state.action_to_string(int(player), int(action))
            return self.salon_state.action_to_string(int(action))
        except _core.SalonError:
            return f"action {action}"

    def is_terminal(self) -> bool:
        return self.salon_state.is_terminal()

    def returns(self) -> list[float]:
        return list(self.salon_state.returns())

    def rewards(self) -> list[float]:
        return self.returns() if self.salon_state.is_terminal() else [0.0] * self.salon_state.num_players()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> SalonSpielState:
        """A state consistent with ``player_id``'s information (the engine's resampling).

        ``probability_sampler`` (OpenSpiel passes a callable returning floats in [0, 1)) seeds it.
        """
        if probability_sampler is not None and callable(probability_sampler):
            seed = int(float(probability_sampler()) * 2**53)
        else:
            seed = int(np.random.default_rng().integers(0, 2**53))
        return SalonSpielState(self.get_game(), self.salon_state.resample_from_infostate(player_id, seed))

    def __str__(self) -> str:
        return str(self.salon_state)


class SalonObserver:
    """OpenSpiel's PyObserver interface over the engine's observations.

    Without perfect recall: ``tensor`` is the engine's observation tensor (flat float32, also in
    ``dict["observation"]`` with its declared shape) and ``string_from`` the observation string.
    With perfect recall: ``string_from`` is the information state string (no tensor).
    """

    def __init__(self, game: SalonSpielGame, iig_obs_type: Any = None, params: Any = None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self._perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self._perfect_information = game.salon_game.perfect_information
        if iig_obs_type is not None and not self._perfect_information:
            private = iig_obs_type.private_info
            if private != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
                raise ValueError("salon observers give one player's view (public and own private information) only")
        if self._perfect_recall:
            self.tensor = np.zeros(0, np.float32)
            self.dict: dict[str, np.ndarray] = {}
        else:
            shape = tuple(game.salon_game.observation_tensor_shape())
            self.tensor = np.zeros(int(np.prod(shape)), np.float32)
            self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: SalonSpielState, player: int) -> None:
        if not self._perfect_recall:
            self.tensor[:] = np.asarray(state.salon_state.observation_tensor(player), dtype=np.float32).ravel()

    def string_from(self, state: SalonSpielState, player: int) -> str:
        s = state.salon_state
        if not self._perfect_recall:
            return s.observation_string(player)
        info = s.information_state_string(player) if not self._perfect_information else None
        if info is None:
            history = " ".join(str(a) for a in s.history())
            return f"{s.observation_string(player)}\nhistory: {history}"
        return str(info)


def _make_init(game_type: pyspiel.GameType) -> Any:
    def __init__(self: SalonSpielGame, params: dict[str, Any] | None = None) -> None:
        SalonSpielGame.__init__(self, game_type, params)

    return __init__


def register_pyspiel_games() -> list[str]:
    """Registers every salon game with pyspiel (idempotent); returns the short names."""
    names = []
    for entry in salon.registered_games():
        short = PREFIX + entry["name"]
        if short not in _REGISTERED:
            game_type = _game_type(entry)

            # One subclass per game, registered as the creator (as OpenSpiel's own Python games do):
            # a class outlives interpreter shutdown, whereas a plain function registered here is freed
            # by pyspiel's registry after the interpreter is gone (a fatal error at exit).
            creator = type(
                f"SalonSpielGame_{entry['name']}",
                (SalonSpielGame,),
                {"__init__": _make_init(game_type), "__module__": __name__},
            )
            pyspiel.register_game(game_type, creator)
            _CREATORS.append(creator)
            _REGISTERED[short] = game_type
        names.append(short)
    return names


def load(name: str, **params: Any) -> SalonSpielGame:
    """``pyspiel.load_game`` of a salon game by its engine name (registering the games first)."""
    register_pyspiel_games()
    game: SalonSpielGame = pyspiel.load_game(PREFIX + name if not name.startswith(PREFIX) else name, params)
    return game
