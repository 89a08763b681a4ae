"""salon.BatchedSearch: the batched PUCT / Gumbel search with a numpy evaluator, on every
game (the algorithms themselves are pinned on hand-worked toy trees in
rust/search/tests/search_batched.rs)."""

from __future__ import annotations

from typing import Any, Callable

import numpy as np
import numpy.typing as npt
import pytest

import salon
from salon.testing import decision_states

Arrays = tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]


def uniform(game: salon.Game, value: float = 0.0) -> Callable[[Any, Any], Arrays]:
    players = game.num_players()

    def evaluate(obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> Arrays:
        n = mask.shape[0]
        return np.zeros(mask.shape, np.float32), np.full((n, players), value, np.float32)

    return evaluate


@pytest.mark.parametrize("policy", ["gumbel", "puct"])
def test_budget_policy_and_shapes_on_every_game(game: salon.Game, policy: str) -> None:
    states = decision_states(game, 6)
    search = salon.BatchedSearch(game, uniform(game), simulations=12, policy=policy, leaves_per_step=2)
    r = search.run(states)
    n, a, p = len(states), game.num_distinct_actions(), game.num_players()
    assert r.actions.shape == (n,) and r.actions.dtype == np.int64
    assert r.visit_counts.shape == (n, a) and r.policy.shape == (n, a) and r.root_values.shape == (n, p)
    assert r.policy.dtype == np.float32 and r.root_values.dtype == np.float32
    assert (r.visit_counts.sum(axis=1) == 12).all()
    np.testing.assert_allclose(r.policy.sum(axis=1), 1.0, rtol=1e-5)
    for i, s in enumerate(states):
        legal = np.zeros(a, bool)
        legal[s.legal_actions()] = True
        assert legal[r.actions[i]]
        assert (r.visit_counts[i][~legal] == 0).all() and (r.policy[i][~legal] == 0).all()
    # Zero values and no terminal in reach keep every root value at 0 (or at the win shares
    # of the few terminal leaves met).
    assert ((r.root_values >= 0) & (r.root_values <= 1)).all()


def test_gumbel_with_a_uniform_evaluator_and_equal_values_returns_the_prior(default_game: salon.Game) -> None:
    # Every completed Q is equal (0.5 everywhere, no terminal within reach of a few
    # simulations), so sigma is 0 and the improved policy is the uniform prior.
    states = decision_states(default_game, 4, plies=6)
    r = salon.BatchedSearch(default_game, uniform(default_game, 0.5), simulations=4).run(states)
    for i, s in enumerate(states):
        legal = s.legal_actions()
        np.testing.assert_allclose(r.policy[i][legal], 1.0 / len(legal), rtol=1e-5)


def winning_moves(state: salon.State, mover: int, depth: int = 1) -> set[int]:
    """The actions after which the mover has won, at once or (with depth above 1) after more
    moves of their own that win in every case."""
    out = set()
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        if child.is_terminal():
            if child.returns()[mover] == 1.0:
                out.add(a)
        elif depth > 1 and not child.is_chance_node() and child.current_player() == mover:
            if winning_moves(child, mover, depth - 1):
                out.add(a)
    return out


def immediate_win(game: salon.Game, tries: int = 400) -> tuple[salon.State, set[int]] | None:
    """A decision node where some action ends the game at once with the mover the sole
    winner in every state the mover cannot tell apart from it (checked on 8 draws), and
    every other action never does: (state, winning actions)."""
    for seed in range(tries):
        s = game.new_initial_state(seed=seed)
        rng = np.random.default_rng(seed)
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_random_chance()
                continue
            mover = s.current_player()
            legal = s.legal_actions()
            wins = winning_moves(s, mover)
            if wins and len(wins) < len(legal):
                worlds = [s.resample_from_infostate(mover, seed=k) for k in range(8)]
                sets = [winning_moves(w, mover) for w in worlds]
                if all(x == wins for x in sets):
                    return s, wins
            s.apply_action(int(rng.choice(legal)))
    return None


@pytest.mark.parametrize("policy", ["gumbel", "puct"])
def test_the_search_takes_an_immediate_win(default_game: salon.Game, policy: str) -> None:
    found = immediate_win(default_game)
    if found is None:
        pytest.skip("no decision in reach ends the game with a win for the mover")
    state, _ = found
    # A move that keeps the turn and then wins is as good as the immediate win.
    wins = winning_moves(state, state.current_player(), depth=3)
    # Zero values elsewhere: the terminal win (return 1) is the only good news.
    legal = len(state.legal_actions())
    r = salon.BatchedSearch(default_game, uniform(default_game), simulations=max(64, 4 * legal), policy=policy,
                            dirichlet_fraction=0.0).run([state])
    assert int(r.actions[0]) in wins


def test_same_seed_same_answer_and_neither_threads_nor_overlap_matter(default_game: salon.Game) -> None:
    states = decision_states(default_game, 40)
    players = default_game.num_players()
    ramp = np.arange(default_game.num_distinct_actions(), dtype=np.float32) * 0.01

    def evaluate(obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> Arrays:
        # Row by row (a matrix product's rounding may depend on the batch's size, which
        # differs with `overlap`), and depending on the observation.
        flat = obs.reshape(obs.shape[0], -1)
        logits = np.sin(flat.sum(axis=1, keepdims=True) * ramp).astype(np.float32)
        values = np.tile(np.tanh(flat.sum(axis=1, keepdims=True)) * 0.5 + 0.5, (1, players)).astype(np.float32)
        return logits, values

    answers = []
    for threads, overlap in ((1, False), (2, False), (1, True), (2, True), (1, False)):
        search = salon.BatchedSearch(default_game, evaluate, simulations=16, threads=threads, seed=7, leaves_per_step=2,
                                     overlap=overlap)
        r = search.run(states)
        answers.append((r.actions, r.visit_counts, r.policy, r.root_values))
    for other in answers[1:]:
        for x, y in zip(answers[0], other):
            np.testing.assert_array_equal(x, y)


def canonical_resampling(game: salon.Game, state: salon.State, other: salon.State, player: int) -> bool:
    """True when the game's resample_from_infostate draws the same world from two states the
    player cannot tell apart (given the same seed): then a search that only reads the true
    state through it must see exactly the same observations from both."""
    a, b = state.resample_from_infostate(player, seed=5), other.resample_from_infostate(player, seed=5)
    return all(
        np.array_equal(a.observation_tensor(q), b.observation_tensor(q)) for q in range(game.num_players())
    )


def test_hidden_information_never_reaches_the_evaluator(default_game: salon.Game) -> None:
    info = next(g for g in salon.registered_games() if g["name"] == default_game.name)
    if info["perfect_information"]:
        pytest.skip("nothing is hidden in this game")
    checked = 0
    for one_determinization in (False, True):
        for k, state in enumerate(decision_states(default_game, 3, plies=20, seed=11)):
            player = state.current_player()
            # Another true state that the player to move cannot tell from this one.
            other = state.resample_from_infostate(player, seed=99 + k)
            assert other.information_state_string(player) == state.information_state_string(player)
            if not canonical_resampling(default_game, state, other, player):
                continue
            checked += 1
            seen: list[list[npt.NDArray[np.float32]]] = []
            answers = []
            for s in (state, other):
                log: list[npt.NDArray[np.float32]] = []

                def spy(obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> Arrays:
                    log.append(obs.copy())
                    return uniform(default_game, 0.5)(obs, mask)

                search = salon.BatchedSearch(default_game, spy, simulations=24, seed=3,
                                             one_determinization=one_determinization)
                r = search.run([s])
                seen.append(log)
                answers.append((r.actions.copy(), r.visit_counts.copy()))
            assert len(seen[0]) == len(seen[1])
            for a, b in zip(*seen):
                np.testing.assert_array_equal(a, b)
            np.testing.assert_array_equal(answers[0][1], answers[1][1])
    # Every game draws its determinizations from the mover's information alone (the same
    # world from two states the mover cannot tell apart), so the streams can be compared.
    assert checked > 0, "no position where resample_from_infostate depends on the mover's information only"


def test_evaluator_exceptions_propagate() -> None:
    game = salon.load_game("azul_sintra")

    def broken(obs: Any, mask: Any) -> Arrays:
        raise KeyError("the network is down")

    with pytest.raises(KeyError, match="network is down"):
        salon.BatchedSearch(game, broken).run(decision_states(game, 2))


@pytest.mark.parametrize(
    "answer, message",
    [
        (lambda n, a, p: (np.zeros((n, a + 1), np.float32), np.zeros((n, p), np.float32)), "logits must have shape"),
        (lambda n, a, p: (np.zeros((n, a), np.float32), np.zeros((n,), np.float32)), "values must have shape"),
        (lambda n, a, p: (np.zeros((n, a), np.int64), np.zeros((n, p), np.float32)), "floating point"),
        (lambda n, a, p: (np.zeros((n, a), np.float32), np.full((n, p), np.nan, np.float32)), "finite"),
        (lambda n, a, p: (np.full((n, a), np.nan, np.float32), np.zeros((n, p), np.float32)), "NaN"),
        (lambda n, a, p: np.zeros((n, a), np.float32), "must return"),
        (lambda n, a, p: None, "must return"),
    ],
)
def test_bad_evaluator_outputs_raise_evaluator_error(answer: Any, message: str) -> None:
    game = salon.load_game("atelier_studio")
    a, p = game.num_distinct_actions(), game.num_players()

    def evaluate(obs: Any, mask: Any) -> Any:
        return answer(mask.shape[0], a, p)

    with pytest.raises(salon.EvaluatorError, match=message):
        salon.BatchedSearch(game, evaluate).run(decision_states(game, 3))
    assert issubclass(salon.EvaluatorError, salon.SalonError)


def test_float64_outputs_and_lists_are_accepted() -> None:
    game = salon.load_game("colors_of_paris")
    p = game.num_players()

    def evaluate(obs: Any, mask: Any) -> Any:
        return [np.zeros(mask.shape), np.full((mask.shape[0], p), 0.5)]

    r = salon.BatchedSearch(game, evaluate, simulations=4).run(decision_states(game, 2))
    assert (r.visit_counts.sum(axis=1) == 4).all()


def test_the_evaluator_gets_observations_shaped_like_the_game_and_masks_of_legal_actions() -> None:
    game = salon.load_game("azul_sintra")
    states = decision_states(game, 3)
    shapes = []

    def evaluate(obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> Arrays:
        shapes.append((obs.shape, obs.dtype, mask.shape, mask.dtype))
        assert mask.any(axis=1).all()
        return uniform(game)(obs, mask)

    salon.BatchedSearch(game, evaluate, simulations=3).run(states)
    # The first call evaluates the roots: their observations and masks are the states' own.
    obs_shape = tuple(game.observation_tensor_shape())
    assert shapes[0] == ((3, *obs_shape), np.dtype(np.float32), (3, game.num_distinct_actions()), np.dtype(np.bool_))


def test_root_rows_are_the_states_own_observations_and_masks() -> None:
    game = salon.load_game("atelier_canvas")
    states = decision_states(game, 4)
    first: list[Any] = []

    def evaluate(obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> Arrays:
        if not first:
            first.append((obs.copy(), mask.copy()))
        return uniform(game)(obs, mask)

    salon.BatchedSearch(game, evaluate, simulations=2).run(states)
    obs, mask = first[0]
    for i, s in enumerate(states):
        np.testing.assert_array_equal(obs[i].ravel(), np.asarray(s.observation_tensor(s.current_player()), np.float32).ravel())
        expected = np.zeros(game.num_distinct_actions(), bool)
        expected[s.legal_actions()] = True
        np.testing.assert_array_equal(mask[i], expected)


def test_numpy_integers_are_accepted_and_bools_refused() -> None:
    game = salon.load_game("azul_sintra")
    search = salon.BatchedSearch(game, uniform(game), simulations=np.int64(5), seed=np.uint64(3),
                                 threads=np.int32(1), leaves_per_step=np.int16(2), c_init=np.float32(1.5))
    assert search.simulations == 5 and search.seed == 3
    r = search.run(decision_states(game, 2))
    assert (r.visit_counts.sum(axis=1) == 5).all()
    for bad in ({"simulations": True}, {"simulations": 0}, {"threads": 0}, {"seed": -1}, {"simulations": 2.5},
                {"policy": "alphabeta"}, {"dirichlet_fraction": 2.0}, {"c_init": float("nan")}, {"gumbel_scale": False},
                {"max_considered_actions": 65}):
        with pytest.raises(salon.InvalidParameterError):
            salon.BatchedSearch(game, uniform(game), **bad)
    with pytest.raises(salon.InvalidParameterError):
        salon.BatchedSearch(game, "not callable")  # type: ignore[arg-type]


def test_bad_roots_are_refused_and_leave_the_search_usable() -> None:
    game = salon.load_game("azul_sintra")
    search = salon.BatchedSearch(game, uniform(game), simulations=4)
    chance = game.new_initial_state(seed=1)
    assert chance.is_chance_node()
    with pytest.raises(salon.WrongNodeError, match="state 0"):
        search.run([chance])
    with pytest.raises(salon.InvalidParameterError, match="state 0"):
        search.run(decision_states(salon.load_game("azul_sintra", players=3), 1))
    with pytest.raises(salon.InvalidParameterError):
        search.run([1, 2])  # type: ignore[list-item]
    with pytest.raises(salon.InvalidParameterError):
        search.run([])
    r = search.run(decision_states(game, 2))
    assert (r.visit_counts.sum(axis=1) == 4).all()


def test_searching_does_not_change_the_states() -> None:
    game = salon.load_game("colors_of_paris")
    states = decision_states(game, 3)
    before = [s.serialize() for s in states]
    salon.BatchedSearch(game, uniform(game), simulations=8).run(states)
    assert [s.serialize() for s in states] == before


def test_minus_infinity_logits_mean_probability_zero() -> None:
    game = salon.load_game("colors_of_paris")
    states = decision_states(game, 3)
    players = game.num_players()

    def only_the_first_legal(obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> Arrays:
        logits = np.full(mask.shape, -np.inf, np.float32)
        logits[np.arange(mask.shape[0]), mask.argmax(axis=1)] = 0.0
        return logits, np.full((mask.shape[0], players), 0.5, np.float32)

    # PUCT without noise and equal values follows the prior: every simulation goes to the
    # only action of probability 1.
    r = salon.BatchedSearch(game, only_the_first_legal, simulations=8, policy="puct", dirichlet_fraction=0.0).run(states)
    for i, s in enumerate(states):
        first = min(s.legal_actions())
        assert r.actions[i] == first and r.visit_counts[i][first] == 8


def test_a_search_called_from_its_own_evaluator_is_refused() -> None:
    game = salon.load_game("atelier_studio")
    states = decision_states(game, 2)
    holder: list[salon.BatchedSearch] = []

    def reentrant(obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]) -> Arrays:
        holder[0].run(states)
        return uniform(game)(obs, mask)

    holder.append(salon.BatchedSearch(game, reentrant, simulations=2))
    with pytest.raises(RuntimeError):
        holder[0].run(states)


def test_pass_players_gives_the_evaluator_the_seat_to_move_at_each_leaf() -> None:
    """atelier_studio's observation begins with the observer's seat, one-hot: the players the
    search passes must be those seats, leaf by leaf (the search writes each leaf's
    observation for its player to move)."""
    game = salon.load_game("atelier_studio", players=3)
    states = decision_states(game, 12, plies=20)
    seen: list[npt.NDArray[np.int32]] = []
    calls = 0

    def evaluate(obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_], players: npt.NDArray[np.int32]) -> Arrays:
        nonlocal calls
        calls += 1
        assert players.dtype == np.int32 and players.shape == (obs.shape[0],)
        seats = obs.reshape(obs.shape[0], -1)[:, :3].argmax(axis=1)
        np.testing.assert_array_equal(players, seats)
        seen.append(players.copy())
        n = obs.shape[0]
        return np.zeros(mask.shape, np.float32), np.full((n, 3), 1 / 3, np.float32)

    search = salon.BatchedSearch(game, evaluate, simulations=24, leaves_per_step=2, pass_players=True)
    assert search.pass_players
    search.run(states)
    np.testing.assert_array_equal(seen[0], [s.current_player() for s in states])
    assert calls > 1 and len(set(np.concatenate(seen).tolist())) == 3


def test_pass_players_values_by_mover_are_searched_the_same_with_overlap_and_threads(default_game: salon.Game) -> None:
    """An evaluator whose values depend on the seat to move (mover-relative win shares put
    back in seat order, as a network trained in the mover's frame does): the overlapped
    halves and the threads must hand each half's leaves their own players."""
    game = default_game
    states = decision_states(game, 30)
    n_players = game.num_players()
    ramp = np.arange(game.num_distinct_actions(), dtype=np.float32) * 0.01

    def evaluate(obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_], players: npt.NDArray[np.int32]) -> Arrays:
        flat = obs.reshape(obs.shape[0], -1)
        logits = np.sin(flat.sum(axis=1, keepdims=True) * ramp).astype(np.float32)
        values = np.full((obs.shape[0], n_players), 0.2 / max(1, n_players - 1), np.float32)
        values[np.arange(obs.shape[0]), players] = 0.8
        return logits, values

    answers = []
    for threads, overlap in ((1, False), (2, True), (1, True)):
        search = salon.BatchedSearch(game, evaluate, simulations=16, threads=threads, seed=3, leaves_per_step=2,
                                     overlap=overlap, pass_players=True)
        r = search.run(states)
        answers.append((r.actions, r.visit_counts, r.policy, r.root_values))
    for other in answers[1:]:
        for x, y in zip(answers[0], other):
            np.testing.assert_array_equal(x, y)
    # Not vacuous: the same evaluator told that seat 0 is always to move searches otherwise.
    search = salon.BatchedSearch(game, lambda o, m, p: evaluate(o, m, np.zeros_like(p)), simulations=16, seed=3,
                                 leaves_per_step=2, pass_players=True)
    assert not np.array_equal(search.run(states).root_values, answers[0][3])


def test_without_pass_players_the_evaluator_gets_two_arguments() -> None:
    game = salon.load_game("azul_sintra")
    got: list[int] = []

    def evaluate(*args: Any) -> Arrays:
        got.append(len(args))
        return uniform(game)(args[0], args[1])

    salon.BatchedSearch(game, evaluate, simulations=4).run(decision_states(game, 2))
    assert got and set(got) == {2}
