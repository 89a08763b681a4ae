"""Native bots through Python: legal, deterministic, typed errors. Strength is measured in
docs/bots.md; here only a small sanity check against random play."""

from __future__ import annotations

import pytest

import salon
from salon.testing import advance


@pytest.mark.parametrize("kind,sims", [("random", 1), ("greedy", 1), ("mcts", 30)])
def test_bots_choose_legal_moves_deterministically(default_game: salon.Game, kind: str, sims: int) -> None:
    state = advance(default_game.new_initial_state(seed=8), 50)
    while state.is_chance_node():
        state.apply_random_chance()
    before = state.serialize()
    a = salon.Bot(kind, simulations=sims, seed=4).step(state)
    b = salon.Bot(kind, simulations=sims, seed=4).step(state)
    assert a == b
    assert a in state.legal_actions()
    assert state.serialize() == before


def test_mcts_reports_its_search(default_game: salon.Game) -> None:
    state = default_game.new_initial_state(seed=2)
    while state.is_chance_node():
        state.apply_random_chance()
    bot = salon.Bot("mcts", simulations=50, seed=1)
    action = bot.step(state)
    stats = bot.last_stats()
    assert stats is not None and stats["chosen"] == action
    if len(state.legal_actions()) > 1:
        assert stats["simulations"] == 50
        assert sum(r["visits"] for r in stats["root"]) == 50


def test_bot_errors() -> None:
    with pytest.raises(salon.InvalidParameterError):
        salon.Bot("alphazero")
    with pytest.raises(salon.InvalidParameterError):
        salon.Bot("mcts", simulations=0)
    with pytest.raises(salon.InvalidParameterError):
        salon.Bot("mcts", time_limit=-1.0)
    state = salon.load_game("azul_sintra").new_initial_state(seed=0)
    assert state.is_chance_node()
    with pytest.raises(salon.WrongNodeError):
        salon.Bot("random").step(state)


def test_a_whole_game_between_bots(default_game: salon.Game) -> None:
    bots = [salon.Bot("greedy", seed=p) for p in range(default_game.num_players())]
    state = default_game.new_initial_state(seed=6)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_random_chance()
        else:
            state.apply_action(bots[state.current_player()].step(state))
    assert sum(state.returns()) == pytest.approx(1.0)
