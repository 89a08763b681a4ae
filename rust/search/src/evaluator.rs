//! A network the search calls itself, with no caller in the loop, driven by the lock-step
//! loop of `lockstep.rs`: one search, or the two halves of a batch with one half's trees
//! advancing on a helper thread while the evaluator works on the other half's leaves.

use std::time::Instant;

use super::driver::{BatchedSearch, SearchResults, SearchTimings};
use super::lockstep::{self, Half, Next};
use salon_core::error::{SalonError, SalonResult};
use salon_core::game::Game;

/// Evaluates leaves of a search: `rows` observations (`rows * observation size` floats, the
/// observation of the player to move at each leaf) and the seat to move at each; writes
/// `rows * num_actions` logits and `rows * num_players` values, **by seat** (win shares).
pub trait Evaluator: Sync {
    fn evaluate(
        &self,
        rows: usize,
        observations: &[f32],
        players: &[i32],
        logits: &mut [f32],
        values: &mut [f32],
    ) -> SalonResult<()>;

    /// As [`Evaluator::evaluate`], free to share the rows out between the calling thread and
    /// `pool`'s threads (the search's own, idle while the network runs). The results must not
    /// depend on how the rows were shared out. By default, the calling thread alone.
    fn evaluate_on(
        &self,
        pool: Option<&rayon::ThreadPool>,
        rows: usize,
        observations: &[f32],
        players: &[i32],
        logits: &mut [f32],
        values: &mut [f32],
    ) -> SalonResult<()> {
        let _ = pool;
        self.evaluate(rows, observations, players, logits, values)
    }
}

/// The buffers of one search's leaves and their evaluation.
#[derive(Default)]
struct Leaves {
    observations: Vec<f32>,
    masks: Vec<bool>,
    players: Vec<i32>,
    logits: Vec<f32>,
    values: Vec<f32>,
    /// Leaves written and not yet backed up (0: the search is over).
    rows: usize,
    /// Whether `logits` and `values` hold the evaluation of those leaves.
    evaluated: bool,
    /// Observation size, action count and player count.
    sizes: (usize, usize, usize),
}

/// A batched search run by an [`Evaluator`] of its own.
pub struct EvaluatorSearch<G: Game> {
    halves: Vec<BatchedSearch<G>>,
    leaves: Vec<Leaves>,
    helper: Option<rayon::ThreadPool>,
    results: SearchResults,
    timings: SearchTimings,
    network_seconds: f64,
    /// Halves used by the last run.
    active: usize,
}

impl<G: Game> EvaluatorSearch<G> {
    /// With `overlap`, a batch of two or more roots is searched in two halves (the results
    /// are those of one search: see [`BatchedSearch::start_at`]).
    pub fn new(
        game: G,
        config: crate::config::SearchConfig,
        threads: usize,
        seed: u64,
        overlap: bool,
    ) -> SalonResult<Self> {
        let mut halves = vec![BatchedSearch::new(
            game.clone(),
            config.clone(),
            threads,
            seed,
        )?];
        let mut helper = None;
        if overlap {
            halves.push(BatchedSearch::new(game, config, threads, seed)?);
            helper = Some(lockstep::helper_thread()?);
        }
        let leaves = halves.iter().map(|_| Leaves::default()).collect();
        Ok(EvaluatorSearch {
            halves,
            leaves,
            helper,
            results: SearchResults::default(),
            timings: SearchTimings::default(),
            network_seconds: 0.0,
            active: 0,
        })
    }

    pub fn config(&self) -> &crate::config::SearchConfig {
        self.halves[0].config()
    }

    pub fn game(&self) -> &G {
        self.halves[0].game()
    }

    pub fn results(&self) -> &SearchResults {
        &self.results
    }

    /// Restarts the generator from `seed`, as a new search with that seed.
    pub fn reseed(&mut self, seed: u64) {
        self.halves.iter_mut().for_each(|h| h.reseed(seed));
    }

    /// The trees' and observations' time of the last run (both halves added up) and the
    /// evaluator's own time.
    pub fn timings(&self) -> (SearchTimings, f64) {
        (self.timings, self.network_seconds)
    }

    /// Searches every root (decision nodes) with `evaluator`.
    pub fn run(
        &mut self,
        roots: &[G::State],
        evaluator: &dyn Evaluator,
    ) -> SalonResult<&SearchResults> {
        let (parts, active) = lockstep::split(roots.len(), self.halves.len());
        self.active = active;
        self.network_seconds = 0.0;
        for ((search, leaves), &(from, to)) in self
            .halves
            .iter_mut()
            .zip(self.leaves.iter_mut())
            .zip(&parts)
            .take(active)
        {
            search.start_at(&roots[from..to], from)?;
            leaves.size_for(search, to - from);
            leaves.evaluated = false;
            leaves.rows = 0;
            leaves.rows = step(search, leaves, true)?;
        }
        loop {
            let halves = [0, 1].map(|g| {
                self.leaves.get(g).map_or(Half::default(), |l| Half {
                    rows: l.rows,
                    evaluated: l.evaluated,
                })
            });
            match lockstep::next(&halves[..active]) {
                Next::Done => break,
                Next::Step(x) => {
                    let rows = step(&mut self.halves[x], &mut self.leaves[x], false)?;
                    self.leaves[x].rows = rows;
                    self.leaves[x].evaluated = false;
                }
                Next::Evaluate(y) => {
                    self.network_seconds +=
                        evaluate(&mut self.leaves[y], evaluator, self.halves[y].pool())?
                }
                Next::StepBeside { step: x, .. } => {
                    let (halves_a, halves_b) = self.halves.split_at_mut(1);
                    let (leaves_a, leaves_b) = self.leaves.split_at_mut(1);
                    let ((sx, lx), ly) = if x == 0 {
                        ((&mut halves_a[0], &mut leaves_a[0]), &mut leaves_b[0])
                    } else {
                        ((&mut halves_b[0], &mut leaves_b[0]), &mut leaves_a[0])
                    };
                    let (search, written) = (&mut *sx, &mut *lx);
                    let (stepped, evaluated) = lockstep::beside(
                        self.helper.as_ref(),
                        move || step(search, written, false),
                        || evaluate(ly, evaluator, None),
                    );
                    lx.rows = stepped.unwrap_or_else(|| {
                        Err(SalonError::wrong_node(
                            "the search thread stopped unexpectedly",
                        ))
                    })?;
                    lx.evaluated = false;
                    self.network_seconds += evaluated?;
                }
            }
        }
        self.collect();
        Ok(&self.results)
    }

    /// The analysis of root `index` of the last run.
    pub fn root_analysis(&self, index: usize) -> Option<crate::analysis::RootAnalysis> {
        let first_half = self.halves[0].results().num_roots;
        if index < first_half {
            self.halves[0].root_analysis(index)
        } else if self.active == 2 {
            self.halves[1].root_analysis(index - first_half)
        } else {
            None
        }
    }

    fn collect(&mut self) {
        let r = &mut self.results;
        let first = self.halves[0].results();
        r.num_actions = first.num_actions;
        r.num_players = first.num_players;
        r.num_roots = 0;
        r.actions.clear();
        r.visit_counts.clear();
        r.policy.clear();
        r.root_values.clear();
        self.timings = SearchTimings::default();
        for h in &self.halves[..self.active] {
            let part = h.results();
            r.num_roots += part.num_roots;
            r.actions.extend_from_slice(&part.actions);
            r.visit_counts.extend_from_slice(&part.visit_counts);
            r.policy.extend_from_slice(&part.policy);
            r.root_values.extend_from_slice(&part.root_values);
            let t = h.timings();
            self.timings.tree_seconds += t.tree_seconds;
            self.timings.observation_seconds += t.observation_seconds;
            self.timings.steps += t.steps;
        }
    }
}

impl Leaves {
    fn size_for<G: Game>(&mut self, search: &BatchedSearch<G>, roots: usize) {
        let rows = search.max_rows(roots);
        let (o, a, p) = search.sizes();
        self.sizes = (o, a, p);
        self.observations.resize(rows * o, 0.0);
        self.masks.resize(rows * a, false);
        self.players.resize(rows, 0);
        self.logits.resize(rows * a, 0.0);
        self.values.resize(rows * p, 0.0);
    }
}

/// Backs up the leaves' evaluation (none on the first step) and writes the next leaves.
fn step<G: Game>(
    search: &mut BatchedSearch<G>,
    leaves: &mut Leaves,
    first: bool,
) -> SalonResult<usize> {
    let (_, a, p) = search.sizes();
    let rows = leaves.rows;
    let evaluation = (!first).then(|| (&leaves.logits[..rows * a], &leaves.values[..rows * p]));
    let next = search.step(evaluation, &mut leaves.observations, &mut leaves.masks)?;
    search.write_leaf_players(&mut leaves.players)?;
    Ok(next)
}

/// Evaluates the written leaves; returns the evaluator's seconds.
fn evaluate(
    leaves: &mut Leaves,
    evaluator: &dyn Evaluator,
    pool: Option<&rayon::ThreadPool>,
) -> SalonResult<f64> {
    let clock = Instant::now();
    let rows = leaves.rows;
    let (o, a, p) = leaves.sizes;
    leaves.logits[..rows * a].fill(0.0);
    leaves.values[..rows * p].fill(0.0);
    evaluator.evaluate_on(
        pool,
        rows,
        &leaves.observations[..rows * o],
        &leaves.players[..rows],
        &mut leaves.logits[..rows * a],
        &mut leaves.values[..rows * p],
    )?;
    leaves.evaluated = true;
    Ok(clock.elapsed().as_secs_f64())
}
