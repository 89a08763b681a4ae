//! The lock-step driver: many roots searched together, their leaves evaluated in one call.
//!
//! Each step backs up the evaluation of the previous leaves and selects the next ones in
//! every tree, then writes the leaves' observations and legal masks into the caller's
//! buffers, compacted (tree 0's leaves first). The caller evaluates them in one call and
//! hands the logits and values to the next step. Trees are independent (each has its own
//! generator, drawn from one number of the search's generator and the root's index), so the
//! results never depend on the number of threads, nor on how a batch is split between
//! searches ([`BatchedSearch::start_at`]).

use std::time::Instant;

use super::analysis::RootAnalysis;
use super::config::SearchConfig;
use super::gumbel::considered_visits;
use super::tree_search::{Context, TreeSearch};
use super::workers::Workers;
use salon_core::action::Action;
use salon_core::actor::Actor;
use salon_core::error::{SalonError, SalonResult};
use salon_core::game::{Game, State};
use salon_core::rng::Xoshiro256StarStar;

/// The answer of a search, one row per root.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchResults {
    pub num_roots: usize,
    pub num_actions: usize,
    pub num_players: usize,
    /// The chosen action of each root.
    pub actions: Vec<i64>,
    /// `num_roots * num_actions`: the visits of each root action.
    pub visit_counts: Vec<u32>,
    /// `num_roots * num_actions`: the policy target (visit distribution for PUCT, improved
    /// policy for Gumbel); 0 on illegal actions.
    pub policy: Vec<f32>,
    /// `num_roots * num_players`: the mean backed-up value of each player at the root (the
    /// root's own evaluation included), in the scale of the values (win shares).
    pub root_values: Vec<f32>,
}

/// Where the last search spent its time inside the engine (wall clock, all threads
/// together): the trees (selection, moves, expansion, backup) and the leaves' observations
/// and masks. The evaluator's time is the caller's to measure.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchTimings {
    pub tree_seconds: f64,
    pub observation_seconds: f64,
    /// Lock steps (evaluator calls) of the search.
    pub steps: u64,
}

/// Why [`BatchedSearch::run`] stopped.
#[derive(Debug)]
pub enum SearchError<E> {
    Salon(SalonError),
    Evaluator(E),
}

impl<E> From<SalonError> for SearchError<E> {
    fn from(e: SalonError) -> Self {
        SearchError::Salon(e)
    }
}

/// A piece of the write pass: consecutive trees and their rows of the two buffers.
type WritePiece<'a, S> = (&'a [TreeSearch<S>], &'a mut [f32], &'a mut [bool]);

/// Trees per piece of work handed to a thread.
const PIECE: usize = 16;

pub struct BatchedSearch<G: Game> {
    game: G,
    config: SearchConfig,
    considered: Vec<Vec<u32>>,
    trees: Vec<TreeSearch<G::State>>,
    num_roots: usize,
    rng: Xoshiro256StarStar,
    /// Leaves selected in the current step (0 once the search is over).
    rows: usize,
    first_step: bool,
    /// The threads the trees are stepped on.
    workers: Workers,
    results: SearchResults,
    /// Observation size, action count and player count, read once (the game computes the
    /// observation size from a freshly built shape).
    sizes: (usize, usize, usize),
    timings: SearchTimings,
}

impl<G: Game> BatchedSearch<G> {
    /// The helper threads of this search (`threads - 1` of them), idle between its steps.
    pub(crate) fn pool(&self) -> Option<&rayon::ThreadPool> {
        self.workers.pool()
    }

    pub fn new(game: G, config: SearchConfig, threads: usize, seed: u64) -> SalonResult<Self> {
        config.validate()?;
        if threads == 0 {
            return Err(SalonError::param("threads", "must be at least 1"));
        }
        let workers = Workers::new(threads, "salon-search")?;
        let m = config.max_considered_actions as usize;
        let considered = (0..=m)
            .map(|k| considered_visits(k, config.simulations as usize))
            .collect();
        Ok(BatchedSearch {
            config,
            considered,
            trees: Vec::new(),
            num_roots: 0,
            rng: Xoshiro256StarStar::seed_from_u64(seed),
            rows: 0,
            first_step: false,
            workers,
            results: SearchResults::default(),
            timings: SearchTimings::default(),
            sizes: (
                game.observation_tensor_size(),
                game.num_distinct_actions(),
                game.num_players(),
            ),
            game,
        })
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// The most leaves one step can give (`roots * leaves_per_step`): the rows the
    /// caller's buffers need.
    pub fn max_rows(&self, roots: usize) -> usize {
        roots * self.config.leaves_per_step as usize
    }

    pub fn results(&self) -> &SearchResults {
        &self.results
    }

    /// Restarts the search's generator from `seed`, as a new search with that seed.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = Xoshiro256StarStar::seed_from_u64(seed);
    }

    /// Observation size, action count and player count.
    pub fn sizes(&self) -> (usize, usize, usize) {
        self.sizes
    }

    /// What the last search thinks of root `index` (`None` before a search ends).
    pub fn root_analysis(&self, index: usize) -> Option<RootAnalysis> {
        if index >= self.results.num_roots {
            return None;
        }
        let chosen = Action::try_from(self.results.actions[index]).ok()?;
        let tree = &self.trees[index];
        RootAnalysis::of_tree(tree.arena(), tree.player(), self.sizes.2, chosen)
    }

    pub fn timings(&self) -> SearchTimings {
        self.timings
    }

    /// Nodes in the arena of each tree of the last search.
    pub fn tree_sizes(&self) -> impl Iterator<Item = usize> + '_ {
        self.trees[..self.num_roots].iter().map(|t| t.arena().len())
    }

    /// Starts a search of every root (each a decision node). The generator of root `i` is
    /// drawn from one number of the search's generator (which advances, so a second search
    /// of the same roots draws new noise) and from `i`.
    pub fn start(&mut self, roots: &[G::State]) -> SalonResult<()> {
        self.start_at(roots, 0)
    }

    /// [`Self::start`] for roots that are numbers `first_index..` of a larger batch: two
    /// searches with the same seed, given the two halves of a batch (with `first_index` 0
    /// and the first half's length), search each root exactly as one search of the whole
    /// batch would.
    pub fn start_at(&mut self, roots: &[G::State], first_index: usize) -> SalonResult<()> {
        self.workers.after_fork();
        if roots.is_empty() {
            return Err(SalonError::param("states", "give at least one state"));
        }
        let mut players = Vec::with_capacity(roots.len());
        for (i, s) in roots.iter().enumerate() {
            match s.actor(&self.game) {
                Actor::Player(p) => players.push(p as usize),
                Actor::Chance => {
                    return Err(SalonError::wrong_node(format!(
                        "state {i} is a chance node: draw its outcome before searching"
                    )))
                }
                Actor::Terminal => {
                    return Err(SalonError::wrong_node(format!(
                        "state {i} is terminal: there is nothing to search"
                    )))
                }
            }
        }
        while self.trees.len() < roots.len() {
            self.trees.push(TreeSearch::new());
        }
        self.num_roots = roots.len();
        let base = self.rng.next_u64();
        let rngs: Vec<Xoshiro256StarStar> = (0..roots.len())
            .map(|i| {
                Xoshiro256StarStar::seed_from_u64(
                    base ^ ((first_index + i) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
                )
            })
            .collect();
        let cx = context(&self.game, &self.config, &self.considered, self.sizes);
        for ((tree, root), (p, rng)) in self
            .trees
            .iter_mut()
            .zip(roots)
            .zip(players.into_iter().zip(rngs))
        {
            tree.begin(&cx, root, p, rng);
            if let Some(e) = &tree.error {
                return Err(SalonError::wrong_node(e.clone()));
            }
        }
        self.first_step = true;
        self.rows = 0;
        self.timings = SearchTimings::default();
        Ok(())
    }

    /// One lock step. `evaluation` holds the `(logits, values)` of the rows the previous
    /// step wrote (`None` on the first step after [`Self::start`]): `rows * num_actions`
    /// and `rows * num_players` floats. Writes the next leaves into `observations` and
    /// `masks` (room for [`Self::max_rows`] rows) and returns how many; 0 means the search
    /// is over and [`Self::results`] holds the answer.
    pub fn step(
        &mut self,
        evaluation: Option<(&[f32], &[f32])>,
        observations: &mut [f32],
        masks: &mut [bool],
    ) -> SalonResult<usize> {
        let cx = context(&self.game, &self.config, &self.considered, self.sizes);
        let (obs_size, num_actions, players) = (cx.obs_size, cx.num_actions, cx.players);
        let roots = self.num_roots;
        if roots == 0 {
            return Err(SalonError::wrong_node("call start before step"));
        }
        let max_rows = roots * self.config.leaves_per_step as usize;
        if observations.len() < max_rows * obs_size || masks.len() < max_rows * num_actions {
            return Err(SalonError::param(
                "buffers",
                format!(
                    "room for {max_rows} rows is needed ({} observation floats, {} mask entries)",
                    max_rows * obs_size,
                    max_rows * num_actions
                ),
            ));
        }
        let empty: (&[f32], &[f32]) = (&[], &[]);
        let (logits, values) = if self.first_step {
            // The roots' rows are not written yet: write them first.
            self.first_step = false;
            self.rows = self.assign_rows();
            self.write(observations, masks);
            return Ok(self.rows);
        } else {
            evaluation.unwrap_or(empty)
        };
        if self.rows > 0
            && (logits.len() < self.rows * num_actions || values.len() < self.rows * players)
        {
            return Err(SalonError::param(
                "evaluation",
                format!(
                    "{} rows were evaluated: expected {} logits and {} values, got {} and {}",
                    self.rows,
                    self.rows * num_actions,
                    self.rows * players,
                    logits.len(),
                    values.len()
                ),
            ));
        }
        if self.rows == 0 && self.results.num_roots == roots {
            return Ok(0);
        }
        let clock = Instant::now();
        {
            let cx = context(&self.game, &self.config, &self.considered, self.sizes);
            let trees = &mut self.trees[..roots];
            let work = |_, chunk: &mut [TreeSearch<G::State>]| {
                for t in chunk {
                    t.advance(&cx, logits, values);
                }
            };
            self.workers.run_pieces(trees.chunks_mut(PIECE), &work);
        }
        self.timings.tree_seconds += clock.elapsed().as_secs_f64();
        if let Some(e) = self.trees[..roots].iter().find_map(|t| t.error.clone()) {
            self.rows = 0;
            return Err(SalonError::wrong_node(e));
        }
        self.rows = self.assign_rows();
        if self.rows == 0 {
            self.finish();
            return Ok(0);
        }
        self.write(observations, masks);
        Ok(self.rows)
    }

    /// Writes the seat to move at each leaf of the current step (the rows the last
    /// [`Self::step`] wrote) into `players`, which needs room for that many rows: an
    /// evaluator whose values depend on whose turn it is reads them with the observations.
    pub fn write_leaf_players(&self, players: &mut [i32]) -> SalonResult<()> {
        if players.len() < self.rows {
            return Err(SalonError::param(
                "buffers",
                format!("room for {} players is needed", self.rows),
            ));
        }
        let seats = self.trees[..self.num_roots]
            .iter()
            .flat_map(|t| t.leaf_players());
        for (slot, p) in players.iter_mut().zip(seats) {
            *slot = p as i32;
        }
        Ok(())
    }

    /// Gives each tree its first row in the step; returns the number of rows.
    fn assign_rows(&mut self) -> usize {
        self.results.num_roots = 0;
        let mut offset = 0;
        for t in &mut self.trees[..self.num_roots] {
            t.row_offset = offset;
            offset += t.rows();
        }
        offset
    }

    fn write(&mut self, observations: &mut [f32], masks: &mut [bool]) {
        let clock = Instant::now();
        self.timings.steps += 1;
        let cx = context(&self.game, &self.config, &self.considered, self.sizes);
        let (obs_size, num_actions) = (cx.obs_size, cx.num_actions);
        let roots = self.num_roots;
        let trees = &self.trees[..roots];
        // Consecutive trees write consecutive rows, so a piece of trees owns one slice of
        // each buffer.
        let mut obs_rest = &mut observations[..];
        let mut mask_rest = &mut masks[..];
        let pieces = trees.chunks(PIECE).map(move |chunk| {
            let rows: usize = chunk.iter().map(|t| t.rows()).sum();
            let (o, orest) = std::mem::take(&mut obs_rest).split_at_mut(rows * obs_size);
            let (m, mrest) = std::mem::take(&mut mask_rest).split_at_mut(rows * num_actions);
            obs_rest = orest;
            mask_rest = mrest;
            (chunk, o, m)
        });
        let work = |_, (chunk, o, m): WritePiece<'_, G::State>| {
            let mut row = 0;
            for t in chunk {
                let r = t.rows();
                t.write_rows(
                    &cx,
                    &mut o[row * obs_size..(row + r) * obs_size],
                    &mut m[row * num_actions..(row + r) * num_actions],
                );
                row += r;
            }
        };
        self.workers.run_pieces(pieces, &work);
        self.timings.observation_seconds += clock.elapsed().as_secs_f64();
    }

    fn finish(&mut self) {
        let cx = context(&self.game, &self.config, &self.considered, self.sizes);
        let (n, a, p) = (self.num_roots, cx.num_actions, cx.players);
        let r = &mut self.results;
        r.num_roots = n;
        r.num_actions = a;
        r.num_players = p;
        r.actions.resize(n, -1);
        r.visit_counts.resize(n * a, 0);
        r.policy.resize(n * a, 0.0);
        r.root_values.resize(n * p, 0.0);
        for (i, t) in self.trees[..n].iter_mut().enumerate() {
            r.actions[i] = t.write_result(
                &cx,
                &mut r.visit_counts[i * a..(i + 1) * a],
                &mut r.policy[i * a..(i + 1) * a],
                &mut r.root_values[i * p..(i + 1) * p],
            );
        }
    }

    /// A whole search with an evaluator closure, on buffers of its own:
    /// `evaluate(rows, observations, masks, logits, values)` fills the first `rows` rows of
    /// `logits` (`rows * num_actions`) and `values` (`rows * num_players`).
    pub fn run<E>(
        &mut self,
        roots: &[G::State],
        mut evaluate: impl FnMut(usize, &[f32], &[bool], &mut [f32], &mut [f32]) -> Result<(), E>,
    ) -> Result<&SearchResults, SearchError<E>> {
        self.start(roots)?;
        let rows = self.max_rows(roots.len());
        let (o, a, p) = self.sizes;
        let mut obs = vec![0.0f32; rows * o];
        let mut masks = vec![false; rows * a];
        let mut logits = vec![0.0f32; rows * a];
        let mut values = vec![0.0f32; rows * p];
        let mut n = self.step(None, &mut obs, &mut masks)?;
        while n > 0 {
            logits[..n * a].fill(0.0);
            values[..n * p].fill(0.0);
            evaluate(
                n,
                &obs[..n * o],
                &masks[..n * a],
                &mut logits[..n * a],
                &mut values[..n * p],
            )
            .map_err(SearchError::Evaluator)?;
            n = self.step(
                Some((&logits[..n * a], &values[..n * p])),
                &mut obs,
                &mut masks,
            )?;
        }
        Ok(&self.results)
    }
}

fn context<'a, G: Game>(
    game: &'a G,
    config: &'a SearchConfig,
    considered: &'a [Vec<u32>],
    (obs_size, num_actions, players): (usize, usize, usize),
) -> Context<'a, G> {
    Context {
        game,
        config,
        considered,
        obs_size,
        num_actions,
        players,
        perfect: G::info().perfect_information,
    }
}
