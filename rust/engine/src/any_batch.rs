use salon_core::{Game, SalonResult};
use salon_search::batch::{BatchEnv, StepBuffers};

use crate::registry::each_game;
pub use crate::registry::AnyBatch;
use crate::registry::AnyGame;

impl AnyBatch {
    pub fn new(
        game: &AnyGame,
        num_envs: usize,
        seed: u64,
        auto_reset: bool,
        threads: usize,
    ) -> SalonResult<AnyBatch> {
        each_game!(game, AnyGame, g => BatchEnv::new(g.as_ref().clone(), num_envs, seed, auto_reset, threads).map(Into::into))
    }

    pub fn num_envs(&self) -> usize {
        each_game!(self, AnyBatch, b => b.num_envs())
    }

    pub fn threads(&self) -> usize {
        each_game!(self, AnyBatch, b => b.threads())
    }

    pub fn observation_size(&self) -> usize {
        each_game!(self, AnyBatch, b => b.game().observation_tensor_size())
    }

    pub fn num_distinct_actions(&self) -> usize {
        each_game!(self, AnyBatch, b => b.game().num_distinct_actions())
    }

    pub fn num_players(&self) -> usize {
        each_game!(self, AnyBatch, b => b.game().num_players())
    }

    pub fn reset(&mut self, buffers: StepBuffers<'_>) -> SalonResult<()> {
        each_game!(self, AnyBatch, b => b.reset(buffers))
    }

    pub fn random_actions(
        &self,
        rng: &mut salon_core::Xoshiro256StarStar,
        out: &mut [i64],
    ) -> SalonResult<()> {
        each_game!(self, AnyBatch, b => b.random_actions(rng, out))
    }

    pub fn step(&mut self, actions: &[i64], buffers: StepBuffers<'_>) -> SalonResult<()> {
        each_game!(self, AnyBatch, b => b.step(actions, buffers))
    }

    pub fn reset_games(
        &mut self,
        which: &[bool],
        seeds: &[u64],
        buffers: StepBuffers<'_>,
    ) -> SalonResult<()> {
        each_game!(self, AnyBatch, b => b.reset_games(which, seeds, buffers))
    }

    pub fn final_outputs(
        &self,
        index: usize,
        player: usize,
        observation: &mut [f32],
    ) -> SalonResult<salon_core::Returns> {
        each_game!(self, AnyBatch, b => b.final_outputs(index, player, observation))
    }
}
