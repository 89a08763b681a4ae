//! Action ids and the allocation-free list that legal-move generation fills.

use crate::fixed_vec::FixedVec;

/// A dense action id in `[0, num_distinct_actions)`, or a chance outcome id in
/// `[0, max_chance_outcomes)` at a chance node.
pub type Action = u32;

/// Capacity of an [`ActionList`]. Every game keeps `num_distinct_actions()` at or below it,
/// so a list of distinct legal actions can never overflow (checked by the conformance tests).
pub const MAX_LEGAL_ACTIONS: usize = 2048;

/// A fixed-capacity list of actions on the stack. Creating or filling it never allocates
/// nor touches more memory than the actions pushed.
#[derive(Clone)]
pub struct ActionList {
    items: FixedVec<Action, MAX_LEGAL_ACTIONS>,
}

impl ActionList {
    pub const fn new() -> Self {
        ActionList {
            items: FixedVec::new(),
        }
    }

    #[inline]
    pub fn clear(&mut self) {
        self.items.clear();
    }

    /// Adds an action. Past the capacity the action is dropped: that would be a bug in a
    /// game's declared action space, which `debug_assert` reports in tests.
    #[inline]
    pub fn push(&mut self, action: Action) {
        let pushed = self.items.push(action);
        debug_assert!(pushed, "ActionList overflow");
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.items.len()
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.items.len() == 0
    }

    #[inline]
    pub fn as_slice(&self) -> &[Action] {
        self.items.as_slice()
    }

    #[inline]
    pub fn contains(&self, action: Action) -> bool {
        self.as_slice().contains(&action)
    }

    /// Sorts ascending; games that push in id order never need it.
    pub fn sort(&mut self) {
        self.items.as_mut_slice().sort_unstable();
    }
}

impl Default for ActionList {
    fn default() -> Self {
        Self::new()
    }
}

impl std::ops::Deref for ActionList {
    type Target = [Action];
    fn deref(&self) -> &[Action] {
        self.as_slice()
    }
}

impl std::fmt::Debug for ActionList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}
