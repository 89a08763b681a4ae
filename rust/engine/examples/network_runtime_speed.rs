//! Times a network file on both runtimes at a few batch sizes, side by side in one run.
//! `cargo run --release -p salon-engine --example network_runtime_speed -- FILE GAME OBS_SIZE ACTIONS PLAYERS`
use std::time::Instant;

use salon_engine::salon_network::{Network, NetworkExpectation, Runtime};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let bytes = std::fs::read(&args[1])?;
    let (obs, actions, players): (usize, usize, usize) =
        (args[3].parse()?, args[4].parse()?, args[5].parse()?);
    let e = NetworkExpectation {
        game: args[2].clone(),
        observation_shape: vec![obs],
        num_actions: actions,
        num_players: players,
    };
    let tract = Network::load_with(&bytes, &e, Runtime::Tract)?;
    let dense = Network::load_with(&bytes, &e, Runtime::Dense)?;
    println!("dense kernel: {:?}", dense.kernel());
    for batch in [1usize, 8, 32, 256] {
        let x: Vec<f32> = (0..batch * obs)
            .map(|i| ((i * 7919) % 13) as f32 / 13.0)
            .collect();
        let p = vec![0i32; batch];
        let (mut l, mut v) = (vec![0.0; batch * actions], vec![0.0; batch * players]);
        let mut line = format!("batch {batch:>3}:");
        for (name, net) in [("tract", &tract), ("dense", &dense)] {
            net.evaluate_rows(batch, &x, &p, &mut l, &mut v)?;
            let reps = (20_000 / batch).max(20);
            let t = Instant::now();
            for _ in 0..reps {
                net.evaluate_rows(batch, &x, &p, &mut l, &mut v)?;
            }
            let dt = t.elapsed().as_secs_f64() / reps as f64;
            line += &format!(
                "  {name} {:.1} us/call {:.1}k rows/s",
                dt * 1e6,
                batch as f64 / dt / 1e3
            );
        }
        println!("{line}");
    }
    Ok(())
}
