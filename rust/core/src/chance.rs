//! Explicit chance nodes: outcomes with exact integer weights.
//!
//! Weights are integers so that sampling is the same on every machine: a uniform integer
//! below the total picks the outcome, with no floating point involved.

use crate::action::Action;
use crate::fixed_vec::FixedVec;
use crate::rng::Xoshiro256StarStar;

/// The most outcomes one chance node may list.
pub const MAX_CHANCE_OUTCOMES: usize = 256;

#[derive(Clone)]
pub struct ChanceOutcomes {
    total: u64,
    actions: FixedVec<Action, MAX_CHANCE_OUTCOMES>,
    weights: FixedVec<u32, MAX_CHANCE_OUTCOMES>,
}

impl ChanceOutcomes {
    pub const fn new() -> Self {
        ChanceOutcomes {
            total: 0,
            actions: FixedVec::new(),
            weights: FixedVec::new(),
        }
    }

    pub fn clear(&mut self) {
        self.actions.clear();
        self.weights.clear();
        self.total = 0;
    }

    /// Adds an outcome with a positive weight; a zero weight is skipped (an impossible
    /// outcome is not listed). Games push outcomes in ascending action order.
    #[inline]
    pub fn push(&mut self, action: Action, weight: u32) {
        debug_assert!(
            self.actions.len() < MAX_CHANCE_OUTCOMES,
            "ChanceOutcomes overflow"
        );
        if weight == 0 || self.actions.len() >= MAX_CHANCE_OUTCOMES {
            return;
        }
        self.actions.push(action);
        self.weights.push(weight);
        self.total += weight as u64;
    }

    pub fn len(&self) -> usize {
        self.actions.len()
    }

    pub fn is_empty(&self) -> bool {
        self.actions.len() == 0
    }

    pub fn total_weight(&self) -> u64 {
        self.total
    }

    pub fn actions(&self) -> &[Action] {
        self.actions.as_slice()
    }

    pub fn weights(&self) -> &[u32] {
        self.weights.as_slice()
    }

    pub fn contains(&self, action: Action) -> bool {
        self.actions().contains(&action)
    }

    /// `(outcome, probability)` pairs.
    pub fn probabilities(&self) -> impl Iterator<Item = (Action, f64)> + '_ {
        let total = self.total as f64;
        self.actions()
            .iter()
            .zip(self.weights())
            .map(move |(&a, &w)| (a, w as f64 / total))
    }

    /// Draws one outcome with its exact probability. `None` when the node lists nothing.
    pub fn sample(&self, rng: &mut Xoshiro256StarStar) -> Option<Action> {
        if self.total == 0 {
            return None;
        }
        let mut ticket = rng.below(self.total);
        for (&action, &weight) in self.actions().iter().zip(self.weights()) {
            if ticket < weight as u64 {
                return Some(action);
            }
            ticket -= weight as u64;
        }
        None
    }
}

impl Default for ChanceOutcomes {
    fn default() -> Self {
        Self::new()
    }
}
