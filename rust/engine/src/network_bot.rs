//! A bot that plays with a network inside the search: Gumbel at the root, no root noise,
//! the search's hidden-information rule (a determinization drawn from the mover's
//! information state for every simulation).

use std::sync::Arc;

use salon_core::{Action, SalonError, SalonResult};
use salon_network::Network;
use salon_search::{RootAnalysis, RootPolicy, SearchConfig};

use crate::any_network_search::AnyNetworkSearch;
use crate::any_state::AnyState;
use crate::registry::AnyGame;

pub struct NetworkBot {
    network: Arc<Network>,
    search: AnyNetworkSearch,
    seed: u64,
    /// Decisions taken since the last (re)seed: the search of decision `k` draws from
    /// `seed` and `k`, so an analysis of the next decision sees exactly what it will do.
    decisions: u64,
    /// The search of the last move chosen.
    last: Option<RootAnalysis>,
}

impl NetworkBot {
    /// Leaves per network call by default: the network is called on 8 leaves at once (the
    /// leaves in flight act as a virtual loss), which halves a 200-simulation move's time
    /// against one leaf per call (`benches/network_report.py`).
    pub const DEFAULT_LEAVES_PER_STEP: u32 = 8;

    /// The search settings of the bot: `simulations` per move, Gumbel without noise, leaves
    /// valued with `rollout_mix` of a random playout's returns.
    pub fn config(simulations: u32, leaves_per_step: u32, rollout_mix: f32) -> SearchConfig {
        SearchConfig {
            policy: RootPolicy::Gumbel,
            simulations,
            leaves_per_step,
            gumbel_scale: 0.0,
            rollout_mix,
            ..SearchConfig::default()
        }
    }

    /// `rollout_mix`: `None` takes the network file's `salon.rollout_mix` (0 where it has none).
    /// The file's `salon.max_considered_actions`, `salon.c_visit` and `salon.c_scale`, where it
    /// has them, replace the search's Gumbel defaults, and its `salon.rollouts_per_leaf` the
    /// single playout of a leaf's value.
    pub fn new(
        network: Arc<Network>,
        game: &AnyGame,
        simulations: u32,
        leaves_per_step: u32,
        rollout_mix: Option<f32>,
        seed: u64,
    ) -> SalonResult<NetworkBot> {
        let info = network.info();
        let rollout_mix = rollout_mix.or(info.rollout_mix).unwrap_or(0.0);
        let mut config = Self::config(simulations, leaves_per_step, rollout_mix);
        if let Some(k) = info.max_considered_actions {
            config.max_considered_actions = k;
        }
        if let Some(c) = info.c_visit {
            config.c_visit = c;
        }
        if let Some(c) = info.c_scale {
            config.c_scale = c;
        }
        if let Some(n) = info.rollouts_per_leaf {
            config.rollouts_per_leaf = n;
        }
        if network.expectation() != &game.network_expectation() {
            return Err(SalonError::network(format!(
                "the network was loaded for {} ({} players), not for {}",
                network.expectation().game,
                network.expectation().num_players,
                game.spec_string()
            )));
        }
        let search = AnyNetworkSearch::new(game, config, 1, seed, false)?;
        Ok(NetworkBot {
            network,
            search,
            seed,
            decisions: 0,
            last: None,
        })
    }

    pub fn game(&self) -> &AnyGame {
        self.search.game()
    }

    pub fn network(&self) -> &Arc<Network> {
        &self.network
    }

    pub fn simulations(&self) -> u32 {
        self.search.config().simulations
    }

    pub fn leaves_per_step(&self) -> u32 {
        self.search.config().leaves_per_step
    }

    pub fn rollout_mix(&self) -> f32 {
        self.search.config().rollout_mix
    }

    pub fn reseed(&mut self, seed: u64) {
        self.seed = seed;
        self.decisions = 0;
    }

    fn search(&mut self, state: &AnyState) -> SalonResult<RootAnalysis> {
        self.search
            .reseed(self.seed ^ self.decisions.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let network = Arc::clone(&self.network);
        self.search.run(&[state], network.as_ref())?;
        self.search.root_analysis(0).ok_or_else(|| {
            SalonError::wrong_node("the search ended without a decision at the root")
        })
    }

    /// The move for the player to move (advances the bot to its next decision).
    pub fn choose(&mut self, state: &AnyState) -> SalonResult<Action> {
        let analysis = self.search(state)?;
        let chosen = analysis.chosen;
        self.last = Some(analysis);
        self.decisions += 1;
        Ok(chosen)
    }

    /// The search of the last move `choose` returned (`None` before the first).
    pub fn last_choice(&self) -> Option<&RootAnalysis> {
        self.last.as_ref()
    }

    /// What the bot thinks of `state` and the move it would choose there (the next
    /// `choose` on the same state chooses it), without advancing the bot.
    pub fn analyse(&mut self, state: &AnyState) -> SalonResult<RootAnalysis> {
        self.search(state)
    }
}
