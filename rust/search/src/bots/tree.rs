//! The MCTS bots' tree, in the one arena (`arena.rs`): the children of a node as a contiguous
//! index range sorted by action id.
//!
//! Nodes are keyed by the action (decision or chance outcome) that leads to them from their
//! parent. A node's children can grow (a new
//! chance outcome, or in information-set search an action legal in a new determinization):
//! the range then moves to the end of the arena with doubled capacity, leaving the old slots
//! unused, so the waste stays below the live size.

use std::ops::Range;

use salon_core::action::Action;
use salon_core::actor::MAX_PLAYERS;

use crate::arena::Arena;

/// The most nodes a search grows its arena to (about 300 MB); the search stops there.
pub const MAX_NODES: usize = 1 << 22;

#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Node {
    /// The action from the parent to this node.
    pub action: Action,
    /// Simulations through this node.
    pub visits: u32,
    /// Simulations through the parent in which this node's action was legal.
    pub avail: u32,
    /// Children: `first..first + len`, with room for `cap` in place.
    pub first: u32,
    pub len: u32,
    pub cap: u32,
    /// True once the node's legal actions have been listed as children.
    pub listed: bool,
    /// Sum of the returns of every player over the simulations through this node.
    pub value: [f64; MAX_PLAYERS],
}

impl Node {
    pub const fn new(action: Action) -> Node {
        Node {
            action,
            visits: 0,
            avail: 0,
            first: 0,
            len: 0,
            cap: 0,
            listed: false,
            value: [0.0; MAX_PLAYERS],
        }
    }

    /// Mean return of `player` (0 when never visited).
    #[inline]
    pub fn mean(&self, player: usize) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.value[player] / self.visits as f64
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct Tree {
    arena: Arena<Node>,
    /// Scratch for merging children (kept to avoid allocating).
    merged: Vec<Node>,
}

impl Tree {
    pub fn new() -> Tree {
        Tree::default()
    }

    /// Empties the tree down to a fresh root (index 0), keeping the allocation.
    pub fn reset(&mut self) {
        self.arena.reset(Node::new(0));
    }

    pub fn len(&self) -> usize {
        self.arena.len()
    }

    pub fn is_empty(&self) -> bool {
        self.arena.is_empty()
    }

    #[inline]
    pub fn node(&self, i: usize) -> &Node {
        self.arena.node(i)
    }

    #[inline]
    pub fn node_mut(&mut self, i: usize) -> &mut Node {
        self.arena.node_mut(i)
    }

    #[inline]
    pub fn children(&self, i: usize) -> Range<usize> {
        let n = self.arena.node(i);
        n.first as usize..(n.first + n.len) as usize
    }

    /// The child of `i` reached by `action`, if listed.
    pub fn find_child(&self, i: usize, action: Action) -> Option<usize> {
        let range = self.children(i);
        let start = range.start;
        self.arena
            .slice(range)
            .binary_search_by_key(&action, |n| n.action)
            .ok()
            .map(|k| start + k)
    }

    /// The child of `i` reached by `action`, added (unvisited) if missing.
    pub fn child_for(&mut self, i: usize, action: Action) -> usize {
        if let Some(c) = self.find_child(i, action) {
            return c;
        }
        self.merge_children(i, &[action]);
        self.find_child(i, action).unwrap_or(0)
    }

    /// Adds the actions of `sorted` (ascending) that `i` does not list yet as unvisited
    /// children, and marks `i` as listed. The children stay sorted by action.
    pub fn merge_children(&mut self, i: usize, sorted: &[Action]) {
        let node = *self.arena.node(i);
        self.arena.node_mut(i).listed = true;
        let range = self.children(i);
        if node.len == 0 && node.cap == 0 {
            // First listing: exactly the room needed.
            let first = self.arena.extend(sorted.iter().map(|&a| Node::new(a)));
            let n = self.arena.node_mut(i);
            n.first = first as u32;
            n.len = sorted.len() as u32;
            n.cap = sorted.len() as u32;
            return;
        }
        // Two-pointer merge of the existing children and the new actions.
        self.merged.clear();
        let mut missing = 0usize;
        {
            let old = self.arena.slice(range.clone());
            let (mut x, mut y) = (0, 0);
            while x < old.len() || y < sorted.len() {
                if y >= sorted.len() || (x < old.len() && old[x].action < sorted[y]) {
                    self.merged.push(old[x]);
                    x += 1;
                } else if x >= old.len() || sorted[y] < old[x].action {
                    self.merged.push(Node::new(sorted[y]));
                    missing += 1;
                    y += 1;
                } else {
                    self.merged.push(old[x]);
                    x += 1;
                    y += 1;
                }
            }
        }
        if missing == 0 {
            return;
        }
        let new_len = self.merged.len();
        let (first, cap) = if new_len <= node.cap as usize {
            (node.first as usize, node.cap as usize)
        } else {
            let cap = new_len.max(2 * node.cap as usize).max(4);
            (self.arena.grow(cap, Node::new(0)), cap)
        };
        self.arena
            .slice_mut(first..first + new_len)
            .copy_from_slice(&self.merged);
        let n = self.arena.node_mut(i);
        n.first = first as u32;
        n.len = new_len as u32;
        n.cap = cap as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn children_stay_sorted_through_growth() {
        let mut t = Tree::new();
        t.reset();
        t.merge_children(0, &[2, 5, 9]);
        let c5 = t.find_child(0, 5).unwrap();
        t.node_mut(c5).visits = 7;
        t.merge_children(c5, &[1]);
        t.merge_children(0, &[1, 5, 7, 11]);
        let actions: Vec<Action> = t.children(0).map(|c| t.node(c).action).collect();
        assert_eq!(actions, vec![1, 2, 5, 7, 9, 11]);
        let c5 = t.find_child(0, 5).unwrap();
        assert_eq!(t.node(c5).visits, 7);
        assert_eq!(t.node(t.children(c5).start).action, 1);
        let c3 = t.child_for(0, 3);
        assert_eq!(t.node(c3).action, 3);
        assert_eq!(t.children(0).len(), 7);
        assert!(t.find_child(0, 4).is_none());
    }
}
