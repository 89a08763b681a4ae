//! Gumbel MuZero's planning rules (Danihelka et al., "Policy improvement by planning with
//! Gumbel", ICLR 2022), written from the paper and the formulas of DeepMind's `mctx`
//! (`policies.py`, `qtransforms.py`, `seq_halving.py`).
//!
//! * **Completed Q**: a visited child keeps its mean value for the player to move; an
//!   unvisited one gets the mixed value
//!   `(v_raw + N * sum_visited(p * q) / sum_visited(p)) / (1 + N)`, where `v_raw` is the
//!   evaluator's value of the parent, `N` the parent's child visits and `p` the priors.
//!   The completed values are rescaled to [0, 1] by their min and max over the legal
//!   children (`mctx` also includes the illegal actions, which carry the mixed value; here
//!   they are left out), then `sigma(q) = (c_visit + max_b N(b)) * c_scale * q`.
//! * **Root**: Gumbel-top-k and sequential halving: the simulation with index `i` goes to
//!   the best of `g(a) + logits(a) + sigma(q(a))` among the actions whose visit count equals
//!   the `i`-th entry of the considered-visits sequence (which halves the set of actions
//!   in contention over the budget).
//! * **Below the root**: the deterministic choice
//!   `argmax_a pi'(a) - N(a) / (1 + sum_b N(b))`, with the improved policy
//!   `pi' = softmax(logits + sigma(completed q))`, so that visits follow `pi'`.
//!
//! The logits are the logarithms of the stored priors (a softmax is unchanged by the shift).

use super::search_node::SearchArena;

/// `mctx`'s sequence of considered visits for `max_considered` actions and `simulations`
/// simulations: the visit count an action must have to receive simulation `i`.
pub fn considered_visits(max_considered: usize, simulations: usize) -> Vec<u32> {
    if max_considered <= 1 {
        return (0..simulations as u32).collect();
    }
    let log2max = (max_considered as f64).log2().ceil() as usize;
    let mut sequence = Vec::with_capacity(simulations + max_considered);
    let mut visits = vec![0u32; max_considered];
    let mut considered = max_considered;
    while sequence.len() < simulations {
        let extra = (simulations / (log2max * considered)).max(1);
        for _ in 0..extra {
            sequence.extend_from_slice(&visits[..considered]);
            for v in &mut visits[..considered] {
                *v += 1;
            }
        }
        considered = (considered / 2).max(2);
    }
    sequence.truncate(simulations);
    sequence
}

/// `sigma(completed q)` of each candidate child of `parent`, into `out` (same order).
pub fn transformed_q(
    arena: &SearchArena,
    parent: usize,
    candidates: &[u32],
    c_visit: f32,
    c_scale: f32,
    out: &mut [f32],
) {
    let node = arena.node(parent);
    let mover = node.mover as usize;
    let (mut sum_n, mut max_n) = (0u32, 0u32);
    let (mut sum_p, mut sum_pq) = (0.0f32, 0.0f32);
    for &i in candidates {
        let c = arena.node(i as usize);
        sum_n += c.visits;
        max_n = max_n.max(c.visits);
        if c.visits > 0 {
            let p = c.prior.max(f32::MIN_POSITIVE);
            sum_p += p;
            sum_pq += p * c.q(mover);
        }
    }
    let weighted = if sum_p > 0.0 { sum_pq / sum_p } else { 0.0 };
    let mixed = (node.raw_value + sum_n as f32 * weighted) / (1.0 + sum_n as f32);
    let (mut lo, mut hi) = (f32::INFINITY, f32::NEG_INFINITY);
    for (o, &i) in out.iter_mut().zip(candidates) {
        let c = arena.node(i as usize);
        *o = if c.visits > 0 { c.q(mover) } else { mixed };
        lo = lo.min(*o);
        hi = hi.max(*o);
    }
    let scale = (c_visit + max_n as f32) * c_scale / (hi - lo).max(1e-8);
    for o in out.iter_mut() {
        *o = (*o - lo) * scale;
    }
}

/// The improved policy `softmax(logits + sigma(completed q))` over the candidates, into
/// `out` (same order); `out` must already hold `transformed_q`.
pub fn improved_policy(arena: &SearchArena, candidates: &[u32], out: &mut [f32]) {
    let mut hi = f32::NEG_INFINITY;
    for (o, &i) in out.iter_mut().zip(candidates) {
        *o += arena.node(i as usize).logit;
        hi = hi.max(*o);
    }
    let mut total = 0.0;
    for o in out.iter_mut() {
        *o = (*o - hi).exp();
        total += *o;
    }
    for o in out.iter_mut() {
        *o /= total;
    }
}

/// The deterministic choice below the root; `scratch` holds at least `candidates.len()`.
pub fn select_interior(
    arena: &SearchArena,
    parent: usize,
    candidates: &[u32],
    c_visit: f32,
    c_scale: f32,
    scratch: &mut [f32],
) -> Option<usize> {
    let out = &mut scratch[..candidates.len()];
    transformed_q(arena, parent, candidates, c_visit, c_scale, out);
    improved_policy(arena, candidates, out);
    let sum_n: u32 = candidates
        .iter()
        .map(|&i| arena.node(i as usize).visits)
        .sum();
    let mut best = None;
    let mut best_score = f32::NEG_INFINITY;
    for (&pi, &i) in out.iter().zip(candidates) {
        let score = pi - arena.node(i as usize).visits as f32 / (1.0 + sum_n as f32);
        if best.is_none() || score > best_score {
            best = Some(i as usize);
            best_score = score;
        }
    }
    best
}

/// Among the candidates with exactly `considered_visit` visits, the best
/// `g(a) + logits(a) + sigma(q(a))`; `gumbel` is indexed like `candidates`.
#[allow(clippy::too_many_arguments)]
pub fn select_root(
    arena: &SearchArena,
    root: usize,
    candidates: &[u32],
    gumbel: &[f32],
    considered_visit: u32,
    c_visit: f32,
    c_scale: f32,
    scratch: &mut [f32],
) -> Option<usize> {
    let out = &mut scratch[..candidates.len()];
    transformed_q(arena, root, candidates, c_visit, c_scale, out);
    let mut best = None;
    let mut best_score = f32::NEG_INFINITY;
    for ((&sigma, &g), &i) in out.iter().zip(gumbel).zip(candidates) {
        let c = arena.node(i as usize);
        if c.visits != considered_visit {
            continue;
        }
        // `mctx` floors the sum at -1e9 so that an action of prior 0 stays comparable.
        let score = (g + c.logit + sigma).max(-1e9);
        if best.is_none() || score > best_score {
            best = Some(i as usize);
            best_score = score;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn considered_visits_halve_the_field() {
        // Worked by hand from the rule: 4 actions, 8 simulations, log2(4) = 2:
        // 8 / (2 * 4) = 1 round of 4 (visits 0), then 2 actions get 8 / (2 * 2) = 2 rounds
        // (visits 1, then 2): 0 0 0 0 1 1 2 2.
        assert_eq!(considered_visits(4, 8), vec![0, 0, 0, 0, 1, 1, 2, 2]);
        assert_eq!(considered_visits(1, 3), vec![0, 1, 2]);
        // 2 actions, 5 simulations: log2 = 1, 5 / 2 = 2 rounds, then 2 more, then ...
        assert_eq!(considered_visits(2, 5), vec![0, 0, 1, 1, 2]);
    }
}
