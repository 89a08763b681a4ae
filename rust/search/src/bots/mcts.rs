//! Monte Carlo tree search for any number of players.
//!
//! * **Selection**: UCT on the mean return of the player to move at the node,
//!   `mean + c * sqrt(ln(avail) / visits)`, where `avail` counts the simulations through the
//!   parent in which the child was legal (for perfect information: the parent's visits
//!   since the child was listed). Unvisited legal children are tried first, in random order;
//!   remaining ties go to the lowest action id.
//! * **Expansion**: one new node per simulation (the first unvisited node reached).
//! * **Chance nodes** are in the tree, one child per outcome met: the descent samples the
//!   outcome with its exact weight (`ChanceOutcomes::sample`), so outcomes are visited in
//!   proportion to their probability and a chance node's value is a sampled expectation.
//! * **Rollout**: uniformly random decisions and chance outcomes to the end
//!   ([`salon_core::playout::random_playout`]). If `max_rollout_moves` is below the game's
//!   declared `max_game_length`, a capped copy of the same loop runs instead and a rollout
//!   stopped by the cap is scored as the win shares of the current scores.
//! * **Backup (max^n)**: the full returns vector is added to every node of the path; each
//!   player maximises their own component when it is their turn.
//! * **Final choice**: the most visited root action, ties by mean return of the mover, then
//!   lowest action id.
//! * **Hidden information** (`perfect_information == false`): single-observer information-set
//!   MCTS. Each simulation starts from a fresh determinization
//!   `resample_from_infostate(game, player, rng)` of the root for the searching player, and
//!   nodes are keyed by the action path. At every decision node the children legal in the
//!   current determinization are merged into the node (so its children grow as new
//!   determinizations allow new actions) and only those compete, with availability counts.
//!   The true state is read only for the root player's own legal actions.

use std::fmt;
use std::time::Instant;

use super::tree::{Tree, MAX_NODES};
use super::{BotConfig, RootActionStats, SearchStats};
use salon_core::action::{Action, ActionList};
use salon_core::actor::{Actor, MAX_PLAYERS};
use salon_core::chance::ChanceOutcomes;
use salon_core::error::SalonResult;
use salon_core::game::{Game, State};
use salon_core::interrupt::StopCheck;
use salon_core::playout::random_playout;
use salon_core::rng::Xoshiro256StarStar;
use salon_core::shares::{win_shares, Returns};

/// The MCTS searcher. Keep one to reuse the tree's allocation across decisions.
#[derive(Clone)]
pub struct Mcts {
    tree: Tree,
    path: Vec<u32>,
    legal: Box<ActionList>,
    outcomes: Box<ChanceOutcomes>,
}

impl fmt::Debug for Mcts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Mcts")
            .field("tree_nodes", &self.tree.len())
            .finish()
    }
}

impl Default for Mcts {
    fn default() -> Self {
        Self::new()
    }
}

impl Mcts {
    pub fn new() -> Mcts {
        Mcts {
            tree: Tree::new(),
            path: Vec::new(),
            legal: Box::new(ActionList::new()),
            outcomes: Box::new(ChanceOutcomes::new()),
        }
    }

    /// Searches from `state`, where `player` is to move with the (ascending, non-empty)
    /// actions `legal`, and returns the statistics with the chosen action.
    pub fn search<G: Game>(
        &mut self,
        game: &G,
        state: &G::State,
        player: usize,
        legal: &[Action],
        config: &BotConfig,
        rng: &mut Xoshiro256StarStar,
        stop: StopCheck<'_>,
    ) -> SalonResult<SearchStats> {
        self.tree.reset();
        if legal.len() == 1 {
            return Ok(SearchStats {
                simulations: 0,
                tree_nodes: 1,
                root: Vec::new(),
                chosen: legal[0],
            });
        }
        let n = game.num_players().min(MAX_PLAYERS);
        let capped = (config.max_rollout_moves as usize) < game.max_game_length();
        let start = config.time_limit.map(|_| Instant::now());
        let mut simulations: u32 = 0;
        loop {
            let done = match (config.time_limit, start) {
                (Some(limit), Some(t0)) => simulations > 0 && t0.elapsed() >= limit,
                _ => simulations >= config.simulations,
            };
            if done || simulations == u32::MAX || (simulations > 0 && self.tree.len() >= MAX_NODES)
            {
                break;
            }
            salon_core::interrupt::check(stop)?;
            let mut s = super::observable_state(game, state, player, rng)?;
            self.simulate(game, &mut s, n, config, capped, rng);
            simulations += 1;
        }
        Ok(self.stats(player, legal, simulations))
    }

    fn simulate<G: Game>(
        &mut self,
        game: &G,
        s: &mut G::State,
        n: usize,
        config: &BotConfig,
        capped: bool,
        rng: &mut Xoshiro256StarStar,
    ) {
        let perfect = G::info().perfect_information;
        self.path.clear();
        self.path.push(0);
        let mut node = 0usize;
        loop {
            let child = match s.actor(game) {
                Actor::Terminal => break,
                Actor::Chance => {
                    self.outcomes.clear();
                    s.chance_outcomes(game, &mut self.outcomes);
                    let Some(a) = self.outcomes.sample(rng) else {
                        break;
                    };
                    self.tree.child_for(node, a)
                }
                Actor::Player(q) => {
                    let q = q as usize;
                    if !perfect || !self.tree.node(node).listed {
                        self.legal.clear();
                        s.legal_actions(game, &mut self.legal);
                        self.legal.sort();
                        self.tree.merge_children(node, &self.legal);
                    }
                    match self.select(node, q, perfect, config.exploration, rng) {
                        Some(c) => c,
                        None => break,
                    }
                }
            };
            s.apply_unchecked(game, self.tree.node(child).action);
            self.path.push(child as u32);
            node = child;
            if self.tree.node(child).visits == 0 {
                break;
            }
        }
        let returns = self.rollout(game, s, n, config, capped, rng);
        for &i in &self.path {
            let nd = self.tree.node_mut(i as usize);
            nd.visits = nd.visits.saturating_add(1);
            for (v, r) in nd.value[..n].iter_mut().zip(&returns[..n]) {
                *v += r;
            }
        }
    }

    /// UCT among the children of `node` legal now (all of them under perfect information,
    /// otherwise those in `self.legal`); counts their availability.
    fn select(
        &mut self,
        node: usize,
        mover: usize,
        perfect: bool,
        exploration: f64,
        rng: &mut Xoshiro256StarStar,
    ) -> Option<usize> {
        let range = self.tree.children(node);
        let mut best: Option<usize> = None;
        let mut best_score = f64::NEG_INFINITY;
        let mut unvisited: Option<usize> = None;
        let mut unvisited_count = 0u64;
        let legal = self.legal.as_slice();
        let mut k = 0usize;
        for c in range {
            let child = self.tree.node_mut(c);
            if !perfect {
                // Both lists ascend: advance through the legal actions of this determinization.
                while k < legal.len() && legal[k] < child.action {
                    k += 1;
                }
                if k >= legal.len() || legal[k] != child.action {
                    continue;
                }
            }
            child.avail = child.avail.saturating_add(1);
            if child.visits == 0 {
                unvisited_count += 1;
                if rng.below(unvisited_count) == 0 {
                    unvisited = Some(c);
                }
                continue;
            }
            if unvisited_count > 0 {
                continue;
            }
            let visits = child.visits as f64;
            let score = child.value[mover] / visits
                + exploration * ((child.avail as f64).ln() / visits).sqrt();
            if score > best_score {
                best_score = score;
                best = Some(c);
            }
        }
        unvisited.or(best)
    }

    /// Plays `s` to the end at random and returns its returns.
    fn rollout<G: Game>(
        &mut self,
        game: &G,
        s: &mut G::State,
        n: usize,
        config: &BotConfig,
        capped: bool,
        rng: &mut Xoshiro256StarStar,
    ) -> Returns {
        if !capped {
            random_playout(game, s, rng);
        } else {
            let mut moves = 0u32;
            while moves < config.max_rollout_moves {
                match s.actor(game) {
                    Actor::Terminal => break,
                    Actor::Chance => {
                        self.outcomes.clear();
                        s.chance_outcomes(game, &mut self.outcomes);
                        match self.outcomes.sample(rng) {
                            Some(a) => s.apply_unchecked(game, a),
                            None => break,
                        }
                    }
                    Actor::Player(_) => {
                        self.legal.clear();
                        s.legal_actions(game, &mut self.legal);
                        if self.legal.is_empty() {
                            break;
                        }
                        let a = self.legal[rng.below(self.legal.len() as u64) as usize];
                        s.apply_unchecked(game, a);
                    }
                }
                moves += 1;
            }
        }
        if s.is_terminal(game) {
            s.returns(game)
        } else {
            let scores = s.scores(game);
            win_shares(&scores[..n])
        }
    }

    fn stats(&self, player: usize, legal: &[Action], simulations: u32) -> SearchStats {
        let mut root = Vec::new();
        let mut chosen = None::<(u32, f64, Action)>;
        for c in self.tree.children(0) {
            let nd = self.tree.node(c);
            let mean = nd.mean(player);
            root.push(RootActionStats {
                action: nd.action,
                visits: nd.visits,
                mean_return: mean,
            });
            if legal.binary_search(&nd.action).is_err() {
                continue;
            }
            // Children ascend by action, so keeping only strict improvements breaks the
            // remaining ties towards the lowest id.
            if chosen.is_none_or(|(v, m, _)| nd.visits > v || (nd.visits == v && mean > m)) {
                chosen = Some((nd.visits, mean, nd.action));
            }
        }
        SearchStats {
            simulations,
            tree_nodes: self.tree.len(),
            root,
            chosen: chosen.map(|(_, _, a)| a).unwrap_or(legal[0]),
        }
    }
}
