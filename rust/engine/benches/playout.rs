//! Criterion benchmarks of the core, without Python: random playouts on the raw fixed-size
//! state (no history), clone, legal-move generation and observation, per registered game.
//!
//! `cargo bench -p salon-engine` (or `make bench-rust`).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use salon_engine::salon_core::{ActionList, Params, Xoshiro256StarStar};
use salon_engine::{catalogue, AnyGame};

fn bench_game(c: &mut Criterion, game: &AnyGame) {
    let name = game.name();
    let mut group = c.benchmark_group(name);
    // Measure the number of actions in a typical game so throughput is reported per move.
    let mut probe = game.new_initial_state(1);
    let moves_per_game = probe.play_random(1).max(1) as u64;
    group.throughput(Throughput::Elements(moves_per_game));
    let mut seed = 0u64;
    group.bench_function("random_playout_tracked", |b| {
        b.iter(|| {
            seed += 1;
            let mut s = game.new_initial_state(seed);
            s.play_random(seed)
        })
    });
    group.throughput(Throughput::Elements(1));
    let mut mid = game.new_initial_state(3);
    let mut rng = Xoshiro256StarStar::seed_from_u64(3);
    let mut legal = ActionList::new();
    for _ in 0..60 {
        if mid.is_terminal() {
            break;
        }
        if mid.is_chance_node() {
            let _ = mid.apply_random_chance();
        } else {
            mid.legal_actions(&mut legal);
            let a = legal[rng.below(legal.len() as u64) as usize];
            let _ = mid.apply_action(a as i64);
        }
    }
    group.bench_function("legal_actions", |b| {
        b.iter(|| {
            mid.legal_actions(&mut legal);
            legal.len()
        })
    });
    let mut obs = vec![0.0f32; game.observation_tensor_size()];
    group.bench_function("observation_tensor", |b| {
        b.iter(|| mid.observation_tensor(0, &mut obs))
    });
    group.bench_function("clone_tracked", |b| b.iter(|| mid.clone()));
    group.finish();
}

fn benches(c: &mut Criterion) {
    for entry in catalogue() {
        if let Ok(game) = AnyGame::load(entry.name, &Params::new(), None) {
            bench_game(c, &game);
        }
    }
}

criterion_group!(core, benches);
criterion_main!(core);
