//! The greedy bot: the best immediate gain under a documented heuristic.
//!
//! For each legal action of the mover, a small depth-first search follows the mover's own
//! consecutive decisions (a turn split into several decisions: a die then its target, a
//! card then each payment) and stops at a chance node, at another player's decision or at
//! the end of the game. The value of a line is, in order:
//!
//! 1. the end of the game with a positive win share for the mover (larger share first);
//! 2. a line where the game goes on;
//! 3. the end of the game with no win share for the mover (a loss);
//!
//! and within each class the mover's score gain `scores()[p]` at the end of the line minus
//! before the action. An action is worth its best line. Ties between actions are broken
//! uniformly at random from the generator.
//!
//! The search is bounded: at most [`NODE_BUDGET`] states in all, shared equally between
//! the legal actions (each action is always evaluated at least by itself), and at most
//! [`MAX_DEPTH`] consecutive decisions. In a game with hidden information the search runs
//! on one determinization drawn from the mover's information state, never on the true state.

use std::cmp::Ordering;

use salon_core::action::{Action, ActionList};
use salon_core::actor::Actor;
use salon_core::error::SalonResult;
use salon_core::game::{Game, State};
use salon_core::rng::Xoshiro256StarStar;

/// The most states the greedy bot looks at for one decision.
pub const NODE_BUDGET: usize = 4096;
/// The most consecutive decisions of the mover it follows.
pub const MAX_DEPTH: usize = 32;

/// The value of a line for the mover: (class, win share, score gain), compared in order.
#[derive(Copy, Clone, Debug, PartialEq)]
struct Value {
    class: u8,
    share: f64,
    gain: i64,
}

impl Value {
    const LOWEST: Value = Value {
        class: 0,
        share: 0.0,
        gain: i64::MIN,
    };

    fn cmp(&self, other: &Value) -> Ordering {
        self.class
            .cmp(&other.class)
            .then(
                self.share
                    .partial_cmp(&other.share)
                    .unwrap_or(Ordering::Equal),
            )
            .then(self.gain.cmp(&other.gain))
    }
}

struct Search<'a, G: Game> {
    game: &'a G,
    player: usize,
    before: i64,
    budget: usize,
    /// Legal actions of the frames being searched, as a stack (no recursion-sized buffers).
    stack: Vec<Action>,
    scratch: ActionList,
}

impl<G: Game> Search<'_, G> {
    fn leaf(&self, state: &G::State) -> Value {
        let gain = state.scores(self.game)[self.player] as i64 - self.before;
        if state.is_terminal(self.game) {
            let share = state.returns(self.game)[self.player];
            if share > 0.0 {
                Value {
                    class: 2,
                    share,
                    gain,
                }
            } else {
                Value {
                    class: 0,
                    share: 0.0,
                    gain,
                }
            }
        } else {
            Value {
                class: 1,
                share: 0.0,
                gain,
            }
        }
    }

    /// The best value of the lines from `state` (reached by one of the mover's actions).
    fn value(&mut self, state: &G::State, depth: usize) -> Value {
        if self.budget == 0
            || depth >= MAX_DEPTH
            || state.actor(self.game) != Actor::Player(self.player as u8)
        {
            return self.leaf(state);
        }
        self.scratch.clear();
        state.legal_actions(self.game, &mut self.scratch);
        if self.scratch.is_empty() {
            return self.leaf(state);
        }
        let start = self.stack.len();
        self.stack.extend_from_slice(&self.scratch);
        let end = self.stack.len();
        let mut best = None::<Value>;
        for i in start..end {
            if self.budget == 0 {
                break;
            }
            self.budget -= 1;
            let mut next = state.clone();
            next.apply_unchecked(self.game, self.stack[i]);
            let v = self.value(&next, depth + 1);
            if best.is_none_or(|b| v.cmp(&b) == Ordering::Greater) {
                best = Some(v);
            }
        }
        self.stack.truncate(start);
        best.unwrap_or_else(|| self.leaf(state))
    }
}

/// The greedy choice among `legal` (not empty, legal for `player` in `state`).
pub fn choose<G: Game>(
    game: &G,
    state: &G::State,
    player: usize,
    legal: &[Action],
    rng: &mut Xoshiro256StarStar,
) -> SalonResult<Action> {
    if legal.len() <= 1 {
        return Ok(legal.first().copied().unwrap_or(0));
    }
    let root = super::observable_state(game, state, player, rng)?;
    let per_action = NODE_BUDGET.saturating_sub(legal.len()) / legal.len();
    let mut search = Search {
        game,
        player,
        before: root.scores(game)[player] as i64,
        budget: 0,
        stack: Vec::new(),
        scratch: ActionList::new(),
    };
    let mut best = Value::LOWEST;
    let mut chosen = legal[0];
    let mut ties = 0u64;
    for &a in legal {
        let mut next = root.clone();
        next.apply_unchecked(game, a);
        search.budget = per_action;
        let v = search.value(&next, 1);
        match v.cmp(&best) {
            Ordering::Greater => {
                best = v;
                chosen = a;
                ties = 1;
            }
            Ordering::Equal => {
                ties += 1;
                if rng.below(ties) == 0 {
                    chosen = a;
                }
            }
            Ordering::Less => {}
        }
    }
    Ok(chosen)
}
