use std::sync::Arc;

use salon_core::SalonResult;
use salon_network::{Network, NetworkExpectation, Runtime};
use salon_search::{
    Evaluator, EvaluatorSearch, RootAnalysis, SearchConfig, SearchResults, SearchTimings,
};

use crate::any_state::AnyState;
use crate::registry::AnyGame;
use crate::registry::{each_game, AnyEvaluatorSearcher};

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
        self.load_network_with(bytes, Runtime::Auto)
    }

    /// Loads with a chosen runtime (`Runtime::Auto`: salon's dense kernel where it applies).
    pub fn load_network_with(&self, bytes: &[u8], runtime: Runtime) -> SalonResult<Arc<Network>> {
        Network::load_with(bytes, &self.network_expectation(), runtime).map(Arc::new)
    }
}

/// A batched search of one built game that calls its evaluator itself (a native network):
/// no caller in the loop.
pub struct AnyNetworkSearch {
    game: AnyGame,
    searcher: AnyEvaluatorSearcher,
}

impl AnyNetworkSearch {
    pub fn new(
        game: &AnyGame,
        config: SearchConfig,
        threads: usize,
        seed: u64,
        overlap: bool,
    ) -> SalonResult<Self> {
        let searcher = each_game!(game, AnyGame, g => AnyEvaluatorSearcher::from(EvaluatorSearch::new(g.as_ref().clone(), config, threads, seed, overlap)?));
        Ok(AnyNetworkSearch {
            game: game.clone(),
            searcher,
        })
    }

    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    pub fn config(&self) -> &SearchConfig {
        each_game!(&self.searcher, AnyEvaluatorSearcher, s => s.config())
    }

    /// Searches every state (decision nodes of this game) with `evaluator`.
    pub fn run(
        &mut self,
        states: &[&AnyState],
        evaluator: &dyn Evaluator,
    ) -> SalonResult<&SearchResults> {
        each_game!(&mut self.searcher, AnyEvaluatorSearcher, s => {
            let roots = crate::any_state::search_roots(s.game(), &self.game, states)?;
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
