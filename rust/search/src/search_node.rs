//! The node of the batched search's tree, in the one arena (`arena.rs`).
//!
//! A decision node's children are listed once, when the node is expanded with the
//! evaluator's priors: a contiguous index range sorted by action id. A chance node's
//! children are added one outcome at a time, as the descent samples them, and linked
//! through `next` (newest first): nodes never move, so the paths of leaves still waiting
//! for their evaluation stay valid while the tree grows.

use std::ops::Range;

use salon_core::action::Action;
use salon_core::actor::MAX_PLAYERS;

use super::arena::Arena;

/// The end of a chance node's list of children.
pub const NONE: u32 = u32::MAX;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// Reached but not yet expanded (waiting for, or never given, an evaluation).
    Leaf,
    Decision,
    Chance,
    Terminal,
}

#[derive(Copy, Clone, Debug)]
pub struct Node {
    /// The action (or chance outcome) from the parent to this node.
    pub action: Action,
    /// Simulations through this node, its own evaluation included, and the simulations
    /// selected but not yet backed up (a virtual loss: a visit that has added no value yet).
    pub visits: u32,
    /// Decision node: children `first..first + len`. Chance node: the newest child (or
    /// [`NONE`]) and the number of children.
    pub first: u32,
    pub len: u32,
    /// The next child of the same chance node ([`NONE`] at the end).
    pub next: u32,
    /// The evaluator's probability of this action at the parent (noise included at the
    /// root of a PUCT search); for a chance outcome its probability.
    pub prior: f32,
    /// `ln(prior)` (floored as `mctx` floors probabilities), kept for the Gumbel rules.
    pub logit: f32,
    /// The evaluator's value of this node for the player to move here, from its expansion.
    pub raw_value: f32,
    pub kind: NodeKind,
    /// The player to move at a decision node.
    pub mover: u8,
    /// Sums of the backed-up values of every player.
    pub value: [f32; MAX_PLAYERS],
}

/// The logarithm of a prior, floored at the smallest positive float so that a prior of 0
/// stays comparable (as `mctx` floors probabilities).
#[inline]
pub fn log_prior(prior: f32) -> f32 {
    prior.max(f32::MIN_POSITIVE).ln()
}

impl Node {
    pub fn new(action: Action, prior: f32) -> Node {
        Node {
            action,
            visits: 0,
            first: NONE,
            len: 0,
            next: NONE,
            prior,
            logit: log_prior(prior),
            raw_value: 0.0,
            kind: NodeKind::Leaf,
            mover: 0,
            value: [0.0; MAX_PLAYERS],
        }
    }

    /// The mean backed-up value of `player` (0 before any visit).
    #[inline]
    pub fn q(&self, player: usize) -> f32 {
        if self.visits == 0 {
            0.0
        } else {
            self.value[player] / self.visits as f32
        }
    }
}

impl Node {
    /// An unexpanded root.
    pub fn root() -> Node {
        Node::new(0, 1.0)
    }
}

/// The tree of one root of the batched search.
pub type SearchArena = Arena<Node>;

impl Arena<Node> {
    /// The children of a decision node.
    #[inline]
    pub fn children(&self, i: usize) -> Range<usize> {
        let n = self.node(i);
        if n.kind == NodeKind::Decision {
            n.first as usize..(n.first + n.len) as usize
        } else {
            0..0
        }
    }

    /// Expands leaf `i` into a decision node of `mover` with one child per action of
    /// `actions` (ascending), whose priors `priors` gives in the same order.
    pub fn expand_decision(
        &mut self,
        i: usize,
        mover: usize,
        raw_value: f32,
        actions: &[Action],
        priors: &[f32],
    ) {
        let first = self.extend(actions.iter().zip(priors).map(|(&a, &p)| Node::new(a, p)));
        let n = self.node_mut(i);
        n.kind = NodeKind::Decision;
        n.mover = mover as u8;
        n.raw_value = raw_value;
        n.first = first as u32;
        n.len = actions.len() as u32;
    }

    /// Marks leaf `i` as a chance node (its children come with [`Self::chance_child`]).
    pub fn mark_chance(&mut self, i: usize) {
        let n = self.node_mut(i);
        n.kind = NodeKind::Chance;
        n.first = NONE;
        n.len = 0;
    }

    /// The child of chance node `i` for `outcome`, added if this is its first draw.
    pub fn chance_child(&mut self, i: usize, outcome: Action, probability: f32) -> usize {
        let mut c = self.node(i).first;
        while c != NONE {
            if self.node(c as usize).action == outcome {
                return c as usize;
            }
            c = self.node(c as usize).next;
        }
        let mut node = Node::new(outcome, probability);
        node.next = self.node(i).first;
        let new = self.push(node);
        let parent = self.node_mut(i);
        parent.first = new as u32;
        parent.len += 1;
        new
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decision_children_are_contiguous_and_chance_children_never_move() {
        let mut t = SearchArena::default();
        t.reset(Node::root());
        t.expand_decision(0, 1, 0.5, &[2, 5, 9], &[0.2, 0.3, 0.5]);
        let actions: Vec<Action> = t.children(0).map(|c| t.node(c).action).collect();
        assert_eq!(actions, vec![2, 5, 9]);
        let c5 = t.children(0).start + 1;
        t.mark_chance(c5);
        let a = t.chance_child(c5, 7, 0.25);
        let b = t.chance_child(c5, 3, 0.75);
        assert_eq!(t.chance_child(c5, 7, 0.25), a);
        assert_eq!(t.node(a).action, 7);
        assert_eq!(t.node(b).action, 3);
        assert_eq!(t.node(c5).len, 2);
        assert_eq!(t.node(0).mover, 1);
        assert!(t.children(c5).is_empty());
    }
}
