//! N games of one game stepped together, writing into caller-owned buffers.
//!
//! Chance nodes are resolved inside, each game drawing its outcomes exactly as a
//! [`salon_core::TrackedState`] with the same seed would (`chance_rng(seed, ply)`), so a batched
//! episode can be replayed one state at a time from its recorded seed.
//!
//! Auto-reset happens in the same step: a game that ends reports its rewards and
//! `terminated = true`, and its observation, mask and player already belong to the next
//! episode (whose seed is in `episode_seeds`).

use salon_core::action::{Action, ActionList};
use salon_core::actor::Actor;
use salon_core::chance::ChanceOutcomes;
use salon_core::error::{SalonError, SalonResult};
use salon_core::game::{Game, State};
use salon_core::tracked::chance_rng;

use crate::workers::Workers;

/// Output buffers of one step, all with a leading batch dimension.
pub struct StepBuffers<'a> {
    /// `n * observation_tensor_size()`: the observation of the player to move.
    pub observations: &'a mut [f32],
    /// `n * num_distinct_actions()`: legal decisions of the player to move.
    pub masks: &'a mut [bool],
    /// `n`: the player to move, or `TERMINAL` for a finished game without auto-reset.
    pub players: &'a mut [i32],
    /// `n * num_players()`: what each player received this step (win shares at the end).
    pub rewards: &'a mut [f32],
    /// `n`: true where a game ended this step.
    pub terminated: &'a mut [bool],
    /// `n`: the seed of each game's current episode.
    pub episode_seeds: &'a mut [u64],
}

#[derive(Clone)]
struct Slot<S> {
    state: S,
    seed: u64,
    ply: u32,
    episode: u64,
}

/// One bit per action id: the legal decisions of each game, kept from the last step so that
/// checking a batch of actions costs a bit test per game.
const BITS: usize = 64;

pub struct BatchEnv<G: Game> {
    game: G,
    slots: Vec<Slot<G::State>>,
    /// `words` u64 per game: the legal decisions at the game's current node.
    legal_bits: Vec<u64>,
    words: usize,
    base_seed: u64,
    auto_reset: bool,
    /// The threads that step the batch, kept for its life.
    workers: Workers,
}

/// How many threads a batch of `num_envs` games can use: one below the size that is split
/// at all, and never more than there are pieces of `PIECE_MIN` games.
pub fn usable_threads(num_envs: usize, threads: usize) -> usize {
    if num_envs < SPLIT_MIN {
        1
    } else {
        threads.clamp(1, num_envs / PIECE_MIN)
    }
}

fn episode_seed(base: u64, index: usize, episode: u64) -> u64 {
    let mut rng = salon_core::rng::Xoshiro256StarStar::seed_from_u64(
        base ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
    );
    for _ in 0..(episode % 4) {
        rng.next_u64();
    }
    rng.next_u64() ^ episode.wrapping_mul(0xD6E8_FEB8_6659_FD93)
}

impl<G: Game> BatchEnv<G> {
    pub fn new(
        game: G,
        num_envs: usize,
        seed: u64,
        auto_reset: bool,
        threads: usize,
    ) -> SalonResult<Self> {
        if num_envs == 0 {
            return Err(SalonError::param("num_envs", "must be at least 1"));
        }
        if threads == 0 {
            return Err(SalonError::param("threads", "must be at least 1"));
        }
        let workers = Workers::new(usable_threads(num_envs, threads), "salon-batch")?;
        let initial = game.new_initial_state();
        let slots = (0..num_envs)
            .map(|i| Slot {
                state: initial.clone(),
                seed: episode_seed(seed, i, 0),
                ply: 0,
                episode: 0,
            })
            .collect();
        let words = game.num_distinct_actions().div_ceil(BITS);
        let legal_bits = vec![0; words * num_envs];
        let mut env = BatchEnv {
            game,
            slots,
            legal_bits,
            words,
            base_seed: seed,
            auto_reset,
            workers,
        };
        env.refresh_legal_bits();
        Ok(env)
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    pub fn num_envs(&self) -> usize {
        self.slots.len()
    }

    /// The threads that step this batch, the calling one included.
    pub fn threads(&self) -> usize {
        self.workers.threads()
    }

    pub fn state(&self, index: usize) -> Option<&G::State> {
        self.slots.get(index).map(|s| &s.state)
    }

    fn check_buffers(&self, b: &StepBuffers<'_>) -> SalonResult<()> {
        let n = self.slots.len();
        let g = &self.game;
        let sizes = [
            (
                "observations",
                b.observations.len(),
                n * g.observation_tensor_size(),
            ),
            ("masks", b.masks.len(), n * g.num_distinct_actions()),
            ("players", b.players.len(), n),
            ("rewards", b.rewards.len(), n * g.num_players()),
            ("terminated", b.terminated.len(), n),
            ("episode_seeds", b.episode_seeds.len(), n),
        ];
        for (name, got, want) in sizes {
            if got != want {
                return Err(SalonError::wrong_node(format!(
                    "buffer {name} has {got} elements, expected {want}"
                )));
            }
        }
        Ok(())
    }

    /// Starts a new episode in every game and writes the first observations.
    pub fn reset(&mut self, b: StepBuffers<'_>) -> SalonResult<()> {
        self.check_buffers(&b)?;
        let initial = self.game.new_initial_state();
        for (i, slot) in self.slots.iter_mut().enumerate() {
            slot.episode += 1;
            *slot = Slot {
                state: initial.clone(),
                seed: episode_seed(self.base_seed, i, slot.episode),
                ply: 0,
                episode: slot.episode,
            };
        }
        self.run(None, b);
        Ok(())
    }

    /// Starts a new episode in each game where `which` is true, from its seed in `seeds`, and
    /// writes those games' rows of the outputs (first observation, mask, player, seed; zero
    /// rewards, not terminated). The other games and their rows are left as they are. Adapters
    /// use it to autoreset the games they choose, when they choose (e.g. Gymnasium's next-step
    /// autoreset, per-game seeds); it costs nothing for the games it does not touch.
    pub fn reset_games(
        &mut self,
        which: &[bool],
        seeds: &[u64],
        b: StepBuffers<'_>,
    ) -> SalonResult<()> {
        self.check_buffers(&b)?;
        let n = self.slots.len();
        if which.len() != n || seeds.len() != n {
            return Err(SalonError::param(
                "reset_games",
                format!(
                    "got {} flags and {} seeds for {n} games",
                    which.len(),
                    seeds.len()
                ),
            ));
        }
        let g = &self.game;
        let (obs_size, mask_size, np, words) = (
            g.observation_tensor_size(),
            g.num_distinct_actions(),
            g.num_players(),
            self.words,
        );
        let initial = g.new_initial_state();
        let mut outcomes = ChanceOutcomes::new();
        let mut legal = ActionList::new();
        for (k, (slot, (&reset, &seed))) in self
            .slots
            .iter_mut()
            .zip(which.iter().zip(seeds))
            .enumerate()
        {
            if !reset {
                continue;
            }
            *slot = Slot {
                state: initial.clone(),
                seed,
                ply: 0,
                episode: slot.episode + 1,
            };
            advance_chance(g, slot, &mut outcomes);
            b.rewards[k * np..(k + 1) * np].fill(0.0);
            b.terminated[k] = false;
            b.episode_seeds[k] = seed;
            b.players[k] = write_node(
                g,
                &slot.state,
                &mut b.observations[k * obs_size..(k + 1) * obs_size],
                &mut b.masks[k * mask_size..(k + 1) * mask_size],
                &mut self.legal_bits[k * words..(k + 1) * words],
                &mut legal,
            );
        }
        Ok(())
    }

    /// The observation tensor of game `index` for `player` (also at a terminal state), and
    /// that game's returns in full precision (zero until it ends): what an adapter reports
    /// as a finished game's final observation and outcome.
    pub fn final_outputs(
        &self,
        index: usize,
        player: usize,
        observation: &mut [f32],
    ) -> SalonResult<salon_core::Returns> {
        let slot = self.slots.get(index).ok_or_else(|| {
            SalonError::param(
                "index",
                format!("{index} is not a game of the batch of {}", self.slots.len()),
            )
        })?;
        if player >= self.game.num_players() {
            return Err(SalonError::param(
                "player",
                format!("{player} is not a seat of this game"),
            ));
        }
        if observation.len() != self.game.observation_tensor_size() {
            return Err(SalonError::wrong_node(
                "observation buffer has the wrong size",
            ));
        }
        observation.fill(0.0);
        slot.state
            .observation_tensor(&self.game, player, observation);
        Ok(if slot.state.actor(&self.game) == Actor::Terminal {
            slot.state.returns(&self.game)
        } else {
            [0.0; salon_core::MAX_PLAYERS]
        })
    }

    /// Applies one decision per game (ignored for finished games without auto-reset),
    /// then resolves chance nodes. Every action is checked before any is applied: on
    /// error nothing changes and the error names the game index.
    pub fn step(&mut self, actions: &[i64], b: StepBuffers<'_>) -> SalonResult<()> {
        self.check_buffers(&b)?;
        if actions.len() != self.slots.len() {
            return Err(SalonError::wrong_node(format!(
                "got {} actions for {} games",
                actions.len(),
                self.slots.len()
            )));
        }
        for (i, (slot, &a)) in self.slots.iter().zip(actions).enumerate() {
            match slot.state.actor(&self.game) {
                Actor::Player(_) => {
                    let bits = &self.legal_bits[i * self.words..(i + 1) * self.words];
                    let legal = a >= 0
                        && (a as usize) < self.game.num_distinct_actions()
                        && bits[a as usize / BITS] >> (a as usize % BITS) & 1 == 1;
                    if !legal {
                        let count: u32 = bits.iter().map(|w| w.count_ones()).sum();
                        return Err(SalonError::IllegalAction {
                            action: a,
                            message: format!(
                                "not legal in game {i} of the batch ({count} legal actions)"
                            ),
                        });
                    }
                }
                Actor::Terminal => {}
                Actor::Chance => {
                    return Err(SalonError::wrong_node(format!(
                        "game {i} of the batch is at a chance node; call reset first"
                    )));
                }
            }
        }
        self.run(Some(actions), b);
        Ok(())
    }

    /// Writes a uniformly random legal decision for each game into `out` (-1 for a game
    /// with no decision to make), drawn from `rng`: a cheap random policy for baselines.
    /// Reads the legal sets kept from the last step, so it costs no move generation; the
    /// pick is the same as indexing the sorted legal-action list.
    pub fn random_actions(
        &self,
        rng: &mut salon_core::rng::Xoshiro256StarStar,
        out: &mut [i64],
    ) -> SalonResult<()> {
        if out.len() != self.slots.len() {
            return Err(SalonError::wrong_node(format!(
                "buffer has {} elements, expected {}",
                out.len(),
                self.slots.len()
            )));
        }
        for (bits, o) in self.legal_bits.chunks(self.words).zip(out.iter_mut()) {
            let count: u32 = bits.iter().map(|w| w.count_ones()).sum();
            *o = if count == 0 {
                -1
            } else {
                nth_set_bit(bits, rng.below(count as u64) as u32) as i64
            };
        }
        Ok(())
    }

    fn refresh_legal_bits(&mut self) {
        let mut legal = ActionList::new();
        for (slot, bits) in self
            .slots
            .iter()
            .zip(self.legal_bits.chunks_mut(self.words))
        {
            bits.fill(0);
            legal.clear();
            slot.state.legal_actions(&self.game, &mut legal);
            for &a in legal.iter() {
                bits[a as usize / BITS] |= 1 << (a as usize % BITS);
            }
        }
    }

    fn run(&mut self, actions: Option<&[i64]>, b: StepBuffers<'_>) {
        self.workers.after_fork();
        let n = self.slots.len();
        let g = &self.game;
        let sizes = Sizes {
            obs: g.observation_tensor_size(),
            mask: g.num_distinct_actions(),
            players: g.num_players(),
            words: self.words,
        };
        let ctx = StepContext {
            game: g,
            actions,
            auto_reset: self.auto_reset,
            base_seed: self.base_seed,
            sizes,
        };
        // Small batches stay on the calling thread (waking a worker costs more than they do).
        let threads = self.workers.threads();
        if threads == 1 || n < SPLIT_MIN {
            ctx.step_chunk(0, ChunkOut::all(&mut self.slots, &mut self.legal_bits, b));
            return;
        }
        // The list of pieces is one small allocation per multi-threaded step, beside the boxed
        // jobs rayon's spawns make anyway; a step on one thread allocates nothing.
        let piece = n.div_ceil(threads * PIECES_PER_THREAD).max(PIECE_MIN);
        let w = sizes.words;
        let pieces = self
            .slots
            .chunks_mut(piece)
            .zip(self.legal_bits.chunks_mut(piece * w))
            .zip(b.observations.chunks_mut(piece * sizes.obs))
            .zip(b.masks.chunks_mut(piece * sizes.mask))
            .zip(b.players.chunks_mut(piece))
            .zip(b.rewards.chunks_mut(piece * sizes.players))
            .zip(b.terminated.chunks_mut(piece))
            .zip(b.episode_seeds.chunks_mut(piece))
            .map(
                |(((((((slots, bits), obs), masks), players), rewards), terminated), seeds)| {
                    ChunkOut {
                        slots,
                        bits,
                        obs,
                        masks,
                        players,
                        rewards,
                        terminated,
                        seeds,
                    }
                },
            );
        self.workers
            .run_pieces(pieces, &|i, out| ctx.step_chunk(i * piece, out));
    }
}

/// Pieces per thread a large batch is cut into (see `run`).
const PIECES_PER_THREAD: usize = 8;
/// The fewest games in a piece, so that claiming one stays negligible.
const PIECE_MIN: usize = 32;

/// The smallest batch split across threads: on the 2-core test machine, waking a sleeping
/// worker cost about as much as stepping 64 to 128 games (docs/benchmarks.md).
const SPLIT_MIN: usize = 256;

#[derive(Clone, Copy)]
struct Sizes {
    obs: usize,
    mask: usize,
    players: usize,
    words: usize,
}

/// What every game of a step shares.
struct StepContext<'a, G: Game> {
    game: &'a G,
    actions: Option<&'a [i64]>,
    auto_reset: bool,
    base_seed: u64,
    sizes: Sizes,
}

/// The games of one chunk and their rows of the output buffers.
struct ChunkOut<'a, S> {
    slots: &'a mut [Slot<S>],
    bits: &'a mut [u64],
    obs: &'a mut [f32],
    masks: &'a mut [bool],
    players: &'a mut [i32],
    rewards: &'a mut [f32],
    terminated: &'a mut [bool],
    seeds: &'a mut [u64],
}

impl<'a, S> ChunkOut<'a, S> {
    fn all(slots: &'a mut [Slot<S>], bits: &'a mut [u64], b: StepBuffers<'a>) -> Self {
        ChunkOut {
            slots,
            bits,
            obs: b.observations,
            masks: b.masks,
            players: b.players,
            rewards: b.rewards,
            terminated: b.terminated,
            seeds: b.episode_seeds,
        }
    }
}

impl<G: Game> StepContext<'_, G> {
    /// Steps the games of one chunk, whose first game has index `offset` in the batch.
    fn step_chunk(&self, offset: usize, out: ChunkOut<'_, G::State>) {
        let g = self.game;
        let Sizes {
            obs: obs_size,
            mask: mask_size,
            players: np,
            words,
        } = self.sizes;
        let mut legal = ActionList::new();
        let mut outcomes = ChanceOutcomes::new();
        for (k, slot) in out.slots.iter_mut().enumerate() {
            let rew = &mut out.rewards[k * np..(k + 1) * np];
            rew.fill(0.0);
            out.terminated[k] = false;
            let was_over = slot.state.actor(g) == Actor::Terminal;
            if let Some(actions) = self.actions {
                if !was_over {
                    slot.state.apply_unchecked(g, actions[offset + k] as Action);
                    slot.ply += 1;
                }
            }
            advance_chance(g, slot, &mut outcomes);
            if !was_over && slot.state.actor(g) == Actor::Terminal && self.actions.is_some() {
                let r = slot.state.returns(g);
                for (p, x) in rew.iter_mut().enumerate() {
                    *x = r[p] as f32;
                }
                out.terminated[k] = true;
                if self.auto_reset {
                    slot.episode += 1;
                    slot.state = g.new_initial_state();
                    slot.seed = episode_seed(self.base_seed, offset + k, slot.episode);
                    slot.ply = 0;
                    advance_chance(g, slot, &mut outcomes);
                }
            }
            out.seeds[k] = slot.seed;
            out.players[k] = write_node(
                g,
                &slot.state,
                &mut out.obs[k * obs_size..(k + 1) * obs_size],
                &mut out.masks[k * mask_size..(k + 1) * mask_size],
                &mut out.bits[k * words..(k + 1) * words],
                &mut legal,
            );
        }
    }
}

/// Writes one game's observation (of the player to move), legal mask and legal bits; returns
/// the player to move (or the chance/terminal id, with an empty observation and mask).
fn write_node<G: Game>(
    g: &G,
    state: &G::State,
    o: &mut [f32],
    m: &mut [bool],
    bw: &mut [u64],
    legal: &mut ActionList,
) -> i32 {
    o.fill(0.0);
    m.fill(false);
    bw.fill(0);
    match state.actor(g) {
        Actor::Player(p) => {
            state.observation_tensor(g, p as usize, o);
            legal.clear();
            state.legal_actions(g, legal);
            for &a in legal.iter() {
                if let Some(x) = m.get_mut(a as usize) {
                    *x = true;
                    bw[a as usize / BITS] |= 1 << (a as usize % BITS);
                }
            }
            p as i32
        }
        other => other.id(),
    }
}

/// Index of the `n`-th (from 0) set bit of `bits`, which has more than `n` set bits.
fn nth_set_bit(bits: &[u64], mut n: u32) -> usize {
    for (i, &word) in bits.iter().enumerate() {
        let ones = word.count_ones();
        if n < ones {
            let mut w = word;
            for _ in 0..n {
                w &= w - 1;
            }
            return i * BITS + w.trailing_zeros() as usize;
        }
        n -= ones;
    }
    bits.len() * BITS
}

/// Resolves chance nodes with the outcomes a tracked state of the same seed would draw.
fn advance_chance<G: Game>(g: &G, slot: &mut Slot<G::State>, outcomes: &mut ChanceOutcomes) {
    while slot.state.actor(g) == Actor::Chance {
        outcomes.clear();
        slot.state.chance_outcomes(g, outcomes);
        let mut rng = chance_rng(slot.seed, slot.ply as usize);
        match outcomes.sample(&mut rng) {
            Some(a) => {
                slot.state.apply_unchecked(g, a);
                slot.ply += 1;
            }
            None => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::nth_set_bit;

    #[test]
    fn nth_set_bit_counts_across_words_in_ascending_order() {
        let bits = [0b1010_0000u64, 0, 1 << 63 | 1];
        let set: Vec<usize> = (0..4).map(|n| nth_set_bit(&bits, n)).collect();
        assert_eq!(set, vec![5, 7, 128, 191]);
    }
}
