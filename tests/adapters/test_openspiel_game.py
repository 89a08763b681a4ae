"""OpenSpiel: every game registered as a pyspiel Python game; OpenSpiel's own tools run on it."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python import observation
from open_spiel.python.algorithms import evaluate_bots, mcts
from open_spiel.python.bots.uniform_random import UniformRandomBot

import salon
from salon.adapters.openspiel_game import PREFIX, SalonSpielGame, load, register_pyspiel_games

NAMES = register_pyspiel_games()


def _spiel(game: salon.Game) -> SalonSpielGame:
    g = pyspiel.load_game(PREFIX + game.name, dict(game.get_parameters()))
    assert isinstance(g, SalonSpielGame)
    return g


def test_every_game_is_registered() -> None:
    registered = set(pyspiel.registered_names())
    assert NAMES == [PREFIX + n for n in salon.game_names()]
    assert set(NAMES) <= registered
    assert register_pyspiel_games() == NAMES  # idempotent


def test_random_sim_test_every_configuration(game: salon.Game) -> None:
    g = _spiel(game)
    assert g.num_players() == game.num_players()
    assert g.salon_game == game
    pyspiel.random_sim_test(g, num_sims=1, serialize=True, verbose=False)


def test_parameters_pass_through_strings_and_dicts() -> None:
    g = pyspiel.load_game("salon_atelier_canvas(players=4,expert=True)")
    canvas_defaults = {"expert_draw": False, "expert_secondary": False, "joker_colours": "primary"}
    assert g.salon_game.get_parameters() == {"expert": True, "players": 4, **canvas_defaults}
    assert g.get_parameters() == {"expert": True, "players": 4, **canvas_defaults}
    # The rules variants of issue 15 pass through the game string too.
    g = pyspiel.load_game("salon_atelier_canvas(players=3,expert_draw=True,joker_colours=basic)")
    assert g.salon_game.get_parameters() == {**canvas_defaults, "expert": False, "players": 3, "expert_draw": True, "joker_colours": "basic"}
    assert g.num_distinct_actions() == 486
    g = load("azul_sintra", players=3, side="B")
    assert g.salon_game.get_parameters() == {"players": 3, "side": "B", "glass_reset": "past_bottom"}
    assert load("azul_sintra", glass_reset="at_bottom").salon_game.get_parameters()["glass_reset"] == "at_bottom"
    t = g.get_type()
    assert t.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert load("colors_of_paris").get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    with pytest.raises(Exception):
        pyspiel.load_game("salon_azul_sintra(players=7)")


def test_observer_tensors_and_strings(default_game: salon.Game) -> None:
    g = _spiel(default_game)
    state = g.new_initial_state()
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        state.apply_action(outcomes[-1][0])
    s = state.salon_state
    obs = observation.make_observation(g)
    for player in range(g.num_players()):
        obs.set_from(state, player)
        assert np.array_equal(obs.tensor, s.observation_tensor(player).ravel())
        assert obs.string_from(state, player) == s.observation_string(player)
        assert np.array_equal(np.asarray(state.observation_tensor(player)), obs.tensor)
        info = state.information_state_string(player)
        assert isinstance(info, str) and info
    assert state.legal_actions() == s.legal_actions()
    assert state.legal_actions(state.current_player()) == s.legal_actions()
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert clone.salon_state != state.salon_state
    assert state.salon_state == s


def test_resample_from_infostate_keeps_the_players_view() -> None:
    g = load("atelier_canvas")
    state = g.new_initial_state()
    rng = np.random.default_rng(0)
    while state.is_chance_node() or state.move_number() < 20:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    other = state.resample_from_infostate(player, lambda: 0.25)
    assert other.information_state_string(player) == state.information_state_string(player)
    assert other.legal_actions() == state.legal_actions()


@pytest.mark.parametrize(
    ("name", "simulations"),
    [("azul_sintra", 8), ("atelier_studio", 4), ("atelier_canvas", 2), ("colors_of_paris", 2)],
)
def test_mcts_bot_plays_full_games(name: str, simulations: int) -> None:
    g = load(name)
    rng = np.random.RandomState(7)
    bot = mcts.MCTSBot(
        g,
        uct_c=2.0,
        max_simulations=simulations,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        random_state=rng,
    )
    bots = [bot] + [UniformRandomBot(p, rng) for p in range(1, g.num_players())]
    returns = evaluate_bots.evaluate_bots(g.new_initial_state(), bots, rng)
    assert sum(returns) == pytest.approx(1.0)
    assert all(0.0 <= r <= 1.0 for r in returns)


@pytest.mark.parametrize("name", ["atelier_studio", "atelier_canvas", "colors_of_paris"])
def test_python_ismcts_bot_plays_every_hidden_information_game(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The OpenSpiel bot docs/adapters.md recommends for hidden information: the Python
    ``open_spiel.python.algorithms.ismcts.ISMCTSBot``, searching worlds the engine resamples."""
    from open_spiel.python.algorithms import ismcts

    from salon.adapters.openspiel_game import SalonSpielState

    resampled: list[int] = []
    original = SalonSpielState.resample_from_infostate

    def counting(self: SalonSpielState, player_id: int, probability_sampler: object = None) -> SalonSpielState:
        world = original(self, player_id, probability_sampler)
        # The sampled world looks the same to the searching player.
        assert world.information_state_string(player_id) == self.information_state_string(player_id)
        resampled.append(player_id)
        return world

    monkeypatch.setattr(SalonSpielState, "resample_from_infostate", counting)
    g = load(name)
    rng = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(g, mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng), 2.0, 3, random_state=rng)
    state = g.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert decisions > 0 and sum(state.returns()) == pytest.approx(1.0)
    assert resampled and set(resampled) == {0}


def test_pyspiel_uniform_random_bot_runs_in_cpp() -> None:
    """A C++ bot that never clones the state works through the Python-game bridge."""
    g = load("colors_of_paris", players=3)
    bots = [pyspiel.make_uniform_random_bot(p, 7 + p) for p in range(3)]
    returns = evaluate_bots.evaluate_bots(g.new_initial_state(), bots, np.random.RandomState(0))
    assert sum(returns) == pytest.approx(1.0)
