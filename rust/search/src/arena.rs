//! The one tree arena of every search in salon: every node of a tree in one `Vec`, indexed by
//! `u32`-sized positions, reused from one search to the next (`reset` keeps the allocation).
//! Nodes hold no game state, so one arena serves every game. Two searches store their own
//! node in it: the batched search with an evaluator (`search_node.rs`: priors, values per
//! player, chance outcomes that never move) and the MCTS bots (`bots/tree.rs`: UCT counts,
//! children that grow as information-set search meets new actions).

use std::ops::Range;

#[derive(Clone, Debug)]
pub struct Arena<N> {
    nodes: Vec<N>,
}

impl<N> Default for Arena<N> {
    fn default() -> Self {
        Arena { nodes: Vec::new() }
    }
}

impl<N: Copy> Arena<N> {
    /// Empties the tree down to `root` (index 0), keeping the allocation.
    pub fn reset(&mut self, root: N) {
        self.nodes.clear();
        self.nodes.push(root);
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    #[inline]
    pub fn node(&self, i: usize) -> &N {
        &self.nodes[i]
    }

    #[inline]
    pub fn node_mut(&mut self, i: usize) -> &mut N {
        &mut self.nodes[i]
    }

    /// Adds a node at the end; returns its index.
    #[inline]
    pub fn push(&mut self, node: N) -> usize {
        self.nodes.push(node);
        self.nodes.len() - 1
    }

    /// Adds `nodes` at the end, contiguous; returns the index of the first.
    #[inline]
    pub fn extend(&mut self, nodes: impl Iterator<Item = N>) -> usize {
        let first = self.nodes.len();
        self.nodes.extend(nodes);
        first
    }

    /// Adds `count` copies of `filler` at the end (room for children to come); returns the
    /// index of the first.
    pub fn grow(&mut self, count: usize, filler: N) -> usize {
        let first = self.nodes.len();
        self.nodes.resize(first + count, filler);
        first
    }

    #[inline]
    pub fn slice(&self, range: Range<usize>) -> &[N] {
        &self.nodes[range]
    }

    #[inline]
    pub fn slice_mut(&mut self, range: Range<usize>) -> &mut [N] {
        &mut self.nodes[range]
    }
}
