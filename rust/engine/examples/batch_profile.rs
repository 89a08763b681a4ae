//! Steps a batch of random games for a while and prints the rate: a target for `perf record`
//! when tuning a game's observation or move generation (the Python benchmarks add the
//! bindings' cost on top).
//!
//! ```text
//! cargo run --release -p salon-engine --example batch_profile -- atelier_canvas 1024 2 [seconds]
//! ```

use salon_engine::salon_core::{Params, Xoshiro256StarStar};
use salon_engine::salon_search::batch::StepBuffers;
use salon_engine::{AnyBatch, AnyGame};

const USAGE: &str = "usage: batch_profile <game> <num_envs> <threads> [seconds]";

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [name, n, threads, rest @ ..] = args.as_slice() else {
        return Err(USAGE.into());
    };
    let n: usize = n.parse().map_err(|_| USAGE.to_string())?;
    let threads: usize = threads.parse().map_err(|_| USAGE.to_string())?;
    let seconds: f64 = match rest.first() {
        Some(s) => s.parse().map_err(|_| USAGE.to_string())?,
        None => 2.0,
    };
    let game = AnyGame::load(name, &Params::new(), None).map_err(|e| e.to_string())?;
    let mut batch = AnyBatch::new(&game, n, 1, true, threads).map_err(|e| e.to_string())?;
    let (obs, acts, np) = (
        batch.observation_size(),
        batch.num_distinct_actions(),
        batch.num_players(),
    );
    let mut observations = vec![0f32; n * obs];
    let mut masks = vec![false; n * acts];
    let mut players = vec![0i32; n];
    let mut rewards = vec![0f32; n * np];
    let mut terminated = vec![false; n];
    let mut episode_seeds = vec![0u64; n];
    macro_rules! buffers {
        () => {
            StepBuffers {
                observations: &mut observations,
                masks: &mut masks,
                players: &mut players,
                rewards: &mut rewards,
                terminated: &mut terminated,
                episode_seeds: &mut episode_seeds,
            }
        };
    }
    batch.reset(buffers!()).map_err(|e| e.to_string())?;
    let mut rng = Xoshiro256StarStar::seed_from_u64(5);
    let mut actions = vec![0i64; n];
    let start = std::time::Instant::now();
    let (mut steps, mut stepping) = (0u64, std::time::Duration::ZERO);
    while start.elapsed().as_secs_f64() < seconds {
        batch
            .random_actions(&mut rng, &mut actions)
            .map_err(|e| e.to_string())?;
        let t = std::time::Instant::now();
        batch
            .step(&actions, buffers!())
            .map_err(|e| e.to_string())?;
        stepping += t.elapsed();
        steps += n as u64;
    }
    println!(
        "{name}: {n} games, {threads} thread(s): {:.0} steps/s (observation {obs} values, {acts} actions)",
        steps as f64 / stepping.as_secs_f64()
    );
    Ok(())
}
