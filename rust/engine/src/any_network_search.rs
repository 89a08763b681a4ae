use std::sync::Arc;

use salon_core::search::{Evaluator, EvaluatorSearch, RootAnalysis, SearchConfig, SearchResults, SearchTimings};
use salon_core::{Game, SalonError, SalonResult, TrackedState};
use salon_network::{Network, NetworkExpectation};

use crate::registry::{each_game, AnyEvaluatorSearcher};
use crate::{AnyGame, AnyState};

impl AnyGame {
    /// What a network of this game must read and write.
    pub fn network_expectation(&self) -> NetworkExpectation {
        NetworkExpectation {
            game: self.name().to_string(),
            observation_shape: self.observation_tensor_shape(),
            num_actions: self.num_distinct_actions(),
            num_players: self.num_players(),
        }
    }

    /// Loads an ONNX file's bytes as a network of this game.
    pub fn load_network(&self, bytes: &[u8]) -> SalonResult<Arc<Network>> {
        Network::load(bytes, &self.network_expectation()).map(Arc::new)
    }
}

/// A batched search of one built game that calls its evaluator itself (a native network):
/// no caller in the loop.
pub struct AnyNetworkSearch {
    game: AnyGame,
    searcher: AnyEvaluatorSearcher,
}

impl AnyNetworkSearch {
    pub fn new(game: &AnyGame, config: SearchConfig, threads: usize, seed: u64, overlap: bool) -> SalonResult<Self> {
        let searcher = each_game!(game, AnyGame, g => AnyEvaluatorSearcher::from(EvaluatorSearch::new(g.as_ref().clone(), config, threads, seed, overlap)?));
        Ok(AnyNetworkSearch { game: game.clone(), searcher })
    }

    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    pub fn config(&self) -> &SearchConfig {
        each_game!(&self.searcher, AnyEvaluatorSearcher, s => s.config())
    }

    /// Searches every state (decision nodes of this game) with `evaluator`.
    pub fn run(&mut self, states: &[&AnyState], evaluator: &dyn Evaluator) -> SalonResult<&SearchResults> {
        for (i, st) in states.iter().enumerate() {
            if st.game() != self.game {
                return Err(SalonError::param(
                    "states",
                    format!("state {i} is a state of {}, the search is for {}", st.game().spec_string(), self.game.spec_string()),
                ));
            }
        }
        each_game!(&mut self.searcher, AnyEvaluatorSearcher, s => {
            let roots = raw_states(s, states)?;
            s.run(&roots, evaluator)
        })
    }

    pub fn results(&self) -> &SearchResults {
        each_game!(&self.searcher, AnyEvaluatorSearcher, s => s.results())
    }

    pub fn reseed(&mut self, seed: u64) {
        each_game!(&mut self.searcher, AnyEvaluatorSearcher, s => s.reseed(seed))
    }

    /// The engine's time (trees, observations) and the evaluator's, of the last run.
    pub fn timings(&self) -> (SearchTimings, f64) {
        each_game!(&self.searcher, AnyEvaluatorSearcher, s => s.timings())
    }

    pub fn root_analysis(&self, index: usize) -> Option<RootAnalysis> {
        each_game!(&self.searcher, AnyEvaluatorSearcher, s => s.root_analysis(index))
    }
}

/// The raw states of `states` for the game of `_search` (the type comes from the search).
fn raw_states<G: Game>(_search: &EvaluatorSearch<G>, states: &[&AnyState]) -> SalonResult<Vec<G::State>> {
    states
        .iter()
        .enumerate()
        .map(|(i, st)| {
            st.inner_any()
                .downcast_ref::<TrackedState<G>>()
                .map(|t| t.state().clone())
                .ok_or_else(|| SalonError::param("states", format!("state {i} is not a state of this game")))
        })
        .collect()
}
