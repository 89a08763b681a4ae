//! Random playouts on the raw fixed-size state: the inner loop of search and of the
//! speed benchmarks. No history is kept and nothing is allocated.

use crate::action::ActionList;
use crate::actor::Actor;
use crate::chance::ChanceOutcomes;
use crate::game::{Game, State};
use crate::rng::Xoshiro256StarStar;

/// Plays uniformly random decisions and chance outcomes (both from `rng`) until the end;
/// returns the number of actions applied.
pub fn random_playout<G: Game>(game: &G, state: &mut G::State, rng: &mut Xoshiro256StarStar) -> usize {
    random_playout_counts(game, state, rng).0
}

/// [`random_playout`], also counting the decisions among the actions: returns
/// `(actions, decisions)`.
pub fn random_playout_counts<G: Game>(game: &G, state: &mut G::State, rng: &mut Xoshiro256StarStar) -> (usize, usize) {
    let mut decisions = 0;
    let mut legal = ActionList::new();
    let mut outcomes = ChanceOutcomes::new();
    let mut applied = 0;
    loop {
        match state.actor(game) {
            Actor::Terminal => return (applied, decisions),
            Actor::Chance => {
                outcomes.clear();
                state.chance_outcomes(game, &mut outcomes);
                match outcomes.sample(rng) {
                    Some(a) => state.apply_unchecked(game, a),
                    None => return (applied, decisions),
                }
            }
            Actor::Player(_) => {
                legal.clear();
                state.legal_actions(game, &mut legal);
                if legal.is_empty() {
                    return (applied, decisions);
                }
                let a = legal[rng.below(legal.len() as u64) as usize];
                state.apply_unchecked(game, a);
                decisions += 1;
            }
        }
        applied += 1;
    }
}
