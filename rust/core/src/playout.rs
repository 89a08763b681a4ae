//! Random playouts on the raw fixed-size state: the inner loop of search and of the
//! speed benchmarks. No history is kept and nothing is allocated.

use crate::action::{Action, ActionList};
use crate::actor::Actor;
use crate::chance::ChanceOutcomes;
use crate::game::{Game, State};
use crate::rng::Xoshiro256StarStar;

/// Plays uniformly random decisions and chance outcomes (both from `rng`) until the end;
/// returns the number of actions applied.
pub fn random_playout<G: Game>(
    game: &G,
    state: &mut G::State,
    rng: &mut Xoshiro256StarStar,
) -> usize {
    random_playout_counts(game, state, rng).0
}

/// [`random_playout`], also counting the decisions among the actions: returns
/// `(actions, decisions)`.
pub fn random_playout_counts<G: Game>(
    game: &G,
    state: &mut G::State,
    rng: &mut Xoshiro256StarStar,
) -> (usize, usize) {
    let (mut legal, mut outcomes) = (ActionList::new(), ChanceOutcomes::new());
    let (mut applied, mut decisions) = (0, 0);
    while let Some((a, decision)) = random_action(game, state, rng, &mut legal, &mut outcomes) {
        state.apply_unchecked(game, a);
        applied += 1;
        decisions += decision as usize;
    }
    (applied, decisions)
}

/// Calls `visit` on every state of `games` random playouts from the initial state, the last
/// one included: realistic positions for tests that compare two ways of computing something.
pub fn visit_random_states<G: Game>(
    game: &G,
    games: usize,
    rng: &mut Xoshiro256StarStar,
    mut visit: impl FnMut(&G::State),
) {
    let (mut legal, mut outcomes) = (ActionList::new(), ChanceOutcomes::new());
    for _ in 0..games {
        let mut state = game.new_initial_state();
        visit(&state);
        while let Some((a, _)) = random_action(game, &state, rng, &mut legal, &mut outcomes) {
            state.apply_unchecked(game, a);
            visit(&state);
        }
    }
}

/// A uniformly random decision or chance outcome (by its weight) at `state`, and whether it is
/// a decision; `None` at the end, or when nothing can be chosen.
fn random_action<G: Game>(
    game: &G,
    state: &G::State,
    rng: &mut Xoshiro256StarStar,
    legal: &mut ActionList,
    outcomes: &mut ChanceOutcomes,
) -> Option<(Action, bool)> {
    match state.actor(game) {
        Actor::Terminal => None,
        Actor::Chance => {
            outcomes.clear();
            state.chance_outcomes(game, outcomes);
            outcomes.sample(rng).map(|a| (a, false))
        }
        Actor::Player(_) => {
            legal.clear();
            state.legal_actions(game, legal);
            if legal.is_empty() {
                return None;
            }
            Some((legal[rng.below(legal.len() as u64) as usize], true))
        }
    }
}
