"""PettingZoo AEC environments: PettingZoo's own api_test and seed_test on every configuration."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import salon
from salon.adapters.pettingzoo_env import SalonAECEnv, env

# PettingZoo's checker warns about every Dict observation (its own classic games included).
pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)


def test_api_test_and_seed_test(game: salon.Game) -> None:
    api_test(env(game), num_cycles=15)
    seed_test(lambda: env(game), num_cycles=15)


def test_raw_env_passes_api_test(default_game: salon.Game) -> None:
    api_test(SalonAECEnv(default_game), num_cycles=10)


def test_whole_games_end_with_win_shares(default_game: salon.Game) -> None:
    e = SalonAECEnv(default_game)
    e.reset(seed=3)
    totals = {a: 0.0 for a in e.possible_agents}
    finished: list[str] = []
    plies = 0
    for agent in e.agent_iter():
        obs, reward, termination, truncation, _ = e.last()
        totals[agent] += reward
        assert not truncation
        if termination:
            finished.append(agent)
            e.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.dtype == np.int8 and mask.any()
        assert e.state is not None and e.state.current_player() == e.agent_name_mapping[agent]
        assert list(np.flatnonzero(mask)) == e.state.legal_actions()
        e.step(int(np.flatnonzero(mask)[plies % int(mask.sum())]))
        plies += 1
    assert sorted(finished) == sorted(e.possible_agents)
    assert e.state is not None and e.state.is_terminal()
    assert [totals[a] for a in e.possible_agents] == pytest.approx(e.state.returns())
    assert sum(totals.values()) == pytest.approx(1.0)


def test_same_seed_same_game_and_chance_inside(default_game: salon.Game) -> None:
    a, b = SalonAECEnv(default_game), SalonAECEnv(default_game)
    a.reset(seed=11)
    b.reset(seed=11)
    for _ in range(30):
        assert a.state == b.state
        assert a.state is not None and not a.state.is_chance_node()
        if a.state.is_terminal():
            break
        action = a.state.legal_actions()[-1]
        a.step(action)
        b.step(action)
    c = SalonAECEnv(default_game)
    c.reset(seed=12)
    a.reset(seed=11)
    assert a.state is not None and c.state is not None
    assert a.state.seed != c.state.seed


def test_illegal_action_raises_and_changes_nothing(default_game: salon.Game) -> None:
    e = SalonAECEnv(default_game)
    e.reset(seed=0)
    assert e.state is not None
    before = e.state.clone()
    illegal = int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(salon.IllegalActionError):
        e.step(illegal)
    assert e.state == before


@pytest.mark.parametrize("mode", ["ansi", "svg"])
def test_render(default_game: salon.Game, mode: str) -> None:
    e = SalonAECEnv(default_game, render_mode=mode)
    e.reset(seed=1)
    out = e.render()
    assert isinstance(out, str)
    if mode == "ansi":
        assert e.state is not None and out == str(e.state)
    else:
        assert out.startswith("<svg") and out.rstrip().endswith("</svg>")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert SalonAECEnv(default_game).render() is None


def test_parameters_by_keyword() -> None:
    e = SalonAECEnv("azul_sintra", players=3, side="B")
    assert e.possible_agents == ["player_0", "player_1", "player_2"]
    assert e.game.get_parameters() == {"players": 3, "side": "B", "glass_reset": "past_bottom"}
    e = SalonAECEnv("azul_sintra", glass_reset="at_bottom")
    assert e.game.get_parameters()["glass_reset"] == "at_bottom"
    assert str(e.game) == "azul_sintra(glass_reset=at_bottom,players=2,side=A)"
    with pytest.raises(salon.InvalidParameterError):
        SalonAECEnv(salon.load_game("azul_sintra"), players=3)
