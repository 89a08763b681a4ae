//! Native bots: uniform random, greedy, MCTS (and IS-MCTS for hidden information).
//!
//! Every bot is generic over the [`Game`] and [`State`] traits and chooses a legal decision
//! for the player to move. All randomness comes from the caller's generator, so the same
//! game, state, configuration (with a simulation budget, not a time limit) and generator
//! seed always give the same action. A bot never reads what its player may not see: in a
//! game without perfect information it only looks at the true state to list its own legal
//! actions, and otherwise works on states drawn by `resample_from_infostate` for its player.
//!
//! | file | concept |
//! |---|---|
//! | `random.rs` | uniform random legal action |
//! | `greedy.rs` | best score gain over the rest of the mover's turn |
//! | `mcts.rs` | UCT with max^n backup; single-observer IS-MCTS for hidden information |
//! | `tree.rs` | the search tree arena (nodes in one `Vec`, children as index ranges) |
//!
//! The heuristics and choices are documented in `docs/bots.md`.

pub mod greedy;
pub mod mcts;
pub mod random;
pub mod tree;

use std::time::Duration;

use salon_core::action::{Action, ActionList};
use salon_core::actor::Actor;
use salon_core::error::{SalonError, SalonResult};
use salon_core::game::{Game, State};
use salon_core::rng::Xoshiro256StarStar;

pub use mcts::Mcts;

/// Which bot chooses the action.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    /// A uniformly random legal action.
    Random,
    /// The best score gain over the rest of the mover's turn (see [`greedy`]).
    Greedy,
    /// Monte Carlo tree search (UCT, max^n backup; IS-MCTS when information is hidden).
    Mcts,
}

impl BotKind {
    /// The lower-case name used by the bindings: `random`, `greedy` or `mcts`.
    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Greedy => "greedy",
            BotKind::Mcts => "mcts",
        }
    }

    /// Parses [`Self::name`] (case-insensitive).
    pub fn from_name(name: &str) -> SalonResult<BotKind> {
        match name.trim().to_ascii_lowercase().as_str() {
            "random" => Ok(BotKind::Random),
            "greedy" => Ok(BotKind::Greedy),
            "mcts" => Ok(BotKind::Mcts),
            _ => Err(SalonError::param(
                "kind",
                format!("unknown bot {name:?}; bots are random, greedy, mcts"),
            )),
        }
    }
}

/// How a bot plays. Only MCTS reads the search fields.
#[derive(Clone, Debug, PartialEq)]
pub struct BotConfig {
    pub kind: BotKind,
    /// MCTS budget: simulations per decision (default 1000). Ignored when `time_limit` is set.
    pub simulations: u32,
    /// Optional wall-clock budget per decision, used instead of `simulations`. A search cut
    /// by the clock is NOT deterministic: the number of simulations depends on the machine.
    pub time_limit: Option<Duration>,
    /// UCT exploration constant (default sqrt(2) ~ 1.41, for returns that are win shares in [0, 1]).
    pub exploration: f64,
    /// Safety cap on the number of actions of one random rollout (default 1,000,000). A
    /// rollout stopped by the cap is scored as win shares of the current scores.
    pub max_rollout_moves: u32,
}

impl Default for BotConfig {
    fn default() -> Self {
        BotConfig {
            kind: BotKind::Mcts,
            simulations: 1000,
            time_limit: None,
            exploration: std::f64::consts::SQRT_2,
            max_rollout_moves: 1_000_000,
        }
    }
}

impl BotConfig {
    pub fn random() -> Self {
        BotConfig {
            kind: BotKind::Random,
            ..Default::default()
        }
    }

    pub fn greedy() -> Self {
        BotConfig {
            kind: BotKind::Greedy,
            ..Default::default()
        }
    }

    /// MCTS with `simulations` simulations per decision.
    pub fn mcts(simulations: u32) -> Self {
        BotConfig {
            kind: BotKind::Mcts,
            simulations,
            ..Default::default()
        }
    }

    /// Checks the fields a user can get wrong.
    pub fn validate(&self) -> SalonResult<()> {
        if !(self.exploration.is_finite() && self.exploration >= 0.0) {
            return Err(SalonError::param(
                "exploration",
                format!(
                    "the UCT constant must be a finite number at least 0, got {}",
                    self.exploration
                ),
            ));
        }
        if self.kind == BotKind::Mcts && self.time_limit.is_none() && self.simulations == 0 {
            return Err(SalonError::param(
                "simulations",
                "MCTS needs at least 1 simulation (or a time limit)",
            ));
        }
        Ok(())
    }
}

/// What one root action got in the last search.
#[derive(Clone, Debug, PartialEq)]
pub struct RootActionStats {
    pub action: Action,
    /// Simulations that went through this action.
    pub visits: u32,
    /// Mean return (win share) of the player to move over those simulations.
    pub mean_return: f64,
}

/// Statistics of the last MCTS search, for the Python side.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchStats {
    /// Simulations run (0 when the decision was forced: a single legal action).
    pub simulations: u32,
    /// Nodes in the tree arena at the end of the search (placeholders included).
    pub tree_nodes: usize,
    /// One entry per root action ever seen in the search, ascending by action id.
    pub root: Vec<RootActionStats>,
    /// The action chosen.
    pub chosen: Action,
}

/// A bot that keeps its search tree's allocations from one decision to the next, and the
/// statistics of its last search.
#[derive(Clone, Debug)]
pub struct Bot {
    pub config: BotConfig,
    mcts: Mcts,
    stats: Option<SearchStats>,
}

impl Bot {
    pub fn new(config: BotConfig) -> Self {
        Bot {
            config,
            mcts: Mcts::new(),
            stats: None,
        }
    }

    /// Chooses a legal action for the player to move (see [`choose_action`]).
    pub fn choose_action<G: Game>(
        &mut self,
        game: &G,
        state: &G::State,
        rng: &mut Xoshiro256StarStar,
    ) -> SalonResult<Action> {
        self.choose_action_with_stop(game, state, rng, &mut salon_core::interrupt::never())
    }

    /// [`Self::choose_action`], asking `stop` between simulations; on
    /// [`SalonError::Interrupted`] the caller should discard `rng`'s advance itself.
    pub fn choose_action_with_stop<G: Game>(
        &mut self,
        game: &G,
        state: &G::State,
        rng: &mut Xoshiro256StarStar,
        stop: salon_core::interrupt::StopCheck<'_>,
    ) -> SalonResult<Action> {
        self.config.validate()?;
        let (player, legal) = decision_node(game, state)?;
        self.stats = None;
        match self.config.kind {
            BotKind::Random => Ok(random::choose(&legal, rng)),
            BotKind::Greedy => greedy::choose(game, state, player, &legal, rng),
            BotKind::Mcts => {
                let stats =
                    self.mcts
                        .search(game, state, player, &legal, &self.config, rng, stop)?;
                let chosen = stats.chosen;
                self.stats = Some(stats);
                Ok(chosen)
            }
        }
    }

    /// The statistics of the last MCTS decision (`None` after a random or greedy one).
    pub fn last_stats(&self) -> Option<&SearchStats> {
        self.stats.as_ref()
    }
}

/// Chooses a legal action for the player to move in `state` (must be a decision node;
/// otherwise an error). Deterministic for a given `rng` state unless a time limit is set.
pub fn choose_action<G: Game>(
    game: &G,
    state: &G::State,
    config: &BotConfig,
    rng: &mut Xoshiro256StarStar,
) -> SalonResult<Action> {
    Bot::new(config.clone()).choose_action(game, state, rng)
}

/// Like [`choose_action`], with the search statistics (`None` for random and greedy).
pub fn choose_action_with_stats<G: Game>(
    game: &G,
    state: &G::State,
    config: &BotConfig,
    rng: &mut Xoshiro256StarStar,
) -> SalonResult<(Action, Option<SearchStats>)> {
    let mut bot = Bot::new(config.clone());
    let action = bot.choose_action(game, state, rng)?;
    Ok((action, bot.stats))
}

/// The player to move and their legal actions (ascending), or an error at a chance node,
/// at the end of the game, or at a decision node listing no action (a game bug).
fn decision_node<G: Game>(game: &G, state: &G::State) -> SalonResult<(usize, ActionList)> {
    match state.actor(game) {
        Actor::Terminal => Err(SalonError::wrong_node(
            "the game is over: there is no action to choose",
        )),
        Actor::Chance => Err(SalonError::wrong_node(
            "this is a chance node: draw its outcome (apply_random_chance) instead of asking a bot",
        )),
        Actor::Player(p) => {
            let mut legal = ActionList::new();
            state.legal_actions(game, &mut legal);
            legal.sort();
            if legal.is_empty() {
                return Err(SalonError::wrong_node(format!(
                    "player {p} has no legal action at this node"
                )));
            }
            Ok((p as usize, legal))
        }
    }
}

/// A state the bot of `player` may look at: a determinization drawn from `player`'s
/// information state when the game hides anything, the state itself otherwise.
pub(crate) fn observable_state<G: Game>(
    game: &G,
    state: &G::State,
    player: usize,
    rng: &mut Xoshiro256StarStar,
) -> SalonResult<G::State> {
    if G::info().perfect_information {
        return Ok(state.clone());
    }
    state
        .resample_from_infostate(game, player, rng)
        .ok_or_else(|| {
            SalonError::wrong_node(format!(
                "{} declares hidden information but resample_from_infostate gave no state",
                G::info().name
            ))
        })
}
