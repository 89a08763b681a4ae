use salon_core::SalonResult;
use salon_search::{BatchedSearch, SearchConfig, SearchResults, SearchTimings};

use crate::any_state::AnyState;
use crate::registry::AnyGame;
use crate::registry::{each_game, AnySearcher};

/// A batched search (`salon_search`) of one built game, taking [`AnyState`] roots.
pub struct AnySearch {
    game: AnyGame,
    searcher: AnySearcher,
}

impl AnySearch {
    pub fn new(
        game: &AnyGame,
        config: SearchConfig,
        threads: usize,
        seed: u64,
    ) -> SalonResult<AnySearch> {
        let searcher = each_game!(game, AnyGame, g => AnySearcher::from(BatchedSearch::new(g.as_ref().clone(), config, threads, seed)?));
        Ok(AnySearch {
            game: game.clone(),
            searcher,
        })
    }

    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    pub fn config(&self) -> &SearchConfig {
        each_game!(&self.searcher, AnySearcher, s => s.config())
    }

    pub fn max_rows(&self, roots: usize) -> usize {
        each_game!(&self.searcher, AnySearcher, s => s.max_rows(roots))
    }

    /// Starts a search of every state, which must all be decision nodes of this search's
    /// game (same parameters and components).
    pub fn start(&mut self, states: &[&AnyState]) -> SalonResult<()> {
        self.start_at(states, 0)
    }

    /// [`Self::start`] for the roots `first_index..` of a larger batch (see
    /// `BatchedSearch::start_at`).
    pub fn start_at(&mut self, states: &[&AnyState], first_index: usize) -> SalonResult<()> {
        each_game!(&mut self.searcher, AnySearcher, s => {
            let roots = crate::any_state::search_roots(s.game(), &self.game, states)?;
            s.start_at(&roots, first_index)
        })
    }

    /// One lock step (see `BatchedSearch::step`).
    pub fn step(
        &mut self,
        evaluation: Option<(&[f32], &[f32])>,
        observations: &mut [f32],
        masks: &mut [bool],
    ) -> SalonResult<usize> {
        each_game!(&mut self.searcher, AnySearcher, s => s.step(evaluation, observations, masks))
    }

    /// The seat to move at each leaf of the current step (see `BatchedSearch::write_leaf_players`).
    pub fn write_leaf_players(&self, players: &mut [i32]) -> SalonResult<()> {
        each_game!(&self.searcher, AnySearcher, s => s.write_leaf_players(players))
    }

    pub fn timings(&self) -> SearchTimings {
        each_game!(&self.searcher, AnySearcher, s => s.timings())
    }

    pub fn results(&self) -> &SearchResults {
        each_game!(&self.searcher, AnySearcher, s => s.results())
    }
}
