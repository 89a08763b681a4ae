//! AlphaZero's PUCT rule (Silver et al. 2018; the pseudocode's constants).
//!
//! `score(a) = Q(s, a) + c(s) * P(s, a) * sqrt(N(s)) / (1 + N(s, a))` with
//! `c(s) = ln((1 + N(s) + c_base) / c_base) + c_init`. `Q(s, a)` is the mean backed-up value
//! of the player to move at `s`, in win shares; an unvisited child takes the evaluator's
//! value of `s` for that player (a first-play value: `mctx` completes unvisited children
//! with the parent's value too; the pseudocode's 0 would be a loss in this scale and keeps a
//! subtree on a refuted move while its alternatives are unexplored). `N(s)` counts the
//! node's earlier visits with its own evaluation (as `mctx` does), so even the first
//! simulation follows the priors. Ties go to the lowest action id.

use super::search_node::SearchArena;

/// The candidate child (an arena index from `candidates`) with the best PUCT score.
pub fn select(
    arena: &SearchArena,
    parent: usize,
    candidates: &[u32],
    c_init: f32,
    c_base: f32,
) -> Option<usize> {
    let node = arena.node(parent);
    let mover = node.mover as usize;
    // The node's visit count already includes the simulation being selected.
    let n = node.visits.saturating_sub(1) as f32;
    let first_play = node.raw_value;
    let c = ((1.0 + n + c_base) / c_base).ln() + c_init;
    let explore = c * n.sqrt();
    let mut best = None;
    let mut best_score = f32::NEG_INFINITY;
    for &i in candidates {
        let child = arena.node(i as usize);
        let q = if child.visits == 0 {
            first_play
        } else {
            child.q(mover)
        };
        let score = q + explore * child.prior / (1.0 + child.visits as f32);
        if best.is_none() || score > best_score {
            best = Some(i as usize);
            best_score = score;
        }
    }
    best
}

/// The most visited candidate (ties to the lowest action id).
pub fn most_visited(arena: &SearchArena, candidates: &[u32]) -> Option<usize> {
    let mut best: Option<usize> = None;
    for &i in candidates {
        if best.is_none_or(|b| arena.node(i as usize).visits > arena.node(b).visits) {
            best = Some(i as usize);
        }
    }
    best
}

/// Mixes Dirichlet noise into the priors of the root's children:
/// `(1 - fraction) * P + fraction * noise`.
pub fn add_noise(arena: &mut SearchArena, root: usize, noise: &[f32], fraction: f32) {
    for (c, &eta) in arena.children(root).zip(noise) {
        let child = arena.node_mut(c);
        child.prior = (1.0 - fraction) * child.prior + fraction * eta;
        child.logit = super::search_node::log_prior(child.prior);
    }
}
