//! Plays whole random games on the raw state for a while and prints the rate: a target for
//! `perf record` when tuning a game's move generation and transitions (what MCTS rollouts
//! spend their time on).
//!
//! ```text
//! cargo run --release -p salon-engine --example playout_profile -- atelier_canvas [seconds]
//! ```

use salon_engine::salon_core::Params;
use salon_engine::AnyGame;

const USAGE: &str = "usage: playout_profile <game> [seconds]";

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [name, rest @ ..] = args.as_slice() else {
        return Err(USAGE.into());
    };
    let seconds: f64 = match rest.first() {
        Some(s) => s.parse().map_err(|_| USAGE.to_string())?,
        None => 2.0,
    };
    let game = AnyGame::load(name, &Params::new(), None).map_err(|e| e.to_string())?;
    let start = std::time::Instant::now();
    let (mut games, mut actions, mut decisions, mut seed) = (0u64, 0u64, 0u64, 0u64);
    while start.elapsed().as_secs_f64() < seconds {
        let (a, d) = game.raw_random_playouts(16, seed);
        games += 16;
        actions += a;
        decisions += d;
        seed += 1;
    }
    let t = start.elapsed().as_secs_f64();
    println!(
        "{name}: {games} games, {:.0} actions/s, {:.0} decisions/s, {:.1} actions per game",
        actions as f64 / t,
        decisions as f64 / t,
        actions as f64 / games as f64
    );
    Ok(())
}
