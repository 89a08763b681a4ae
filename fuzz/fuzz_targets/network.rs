//! Network files: any bytes given to the loader of any game end in a network or a
//! `NetworkError`, never a crash, a hang or a memory blow-up.
//!
//! The loader catches panics of the ONNX runtime itself (the bindings rely on that: no panic
//! reaches Python). libFuzzer's panic hook would abort before that catch, so this target
//! takes the hook back: a panic that escapes the loader still ends the run as a finding.
#![no_main]

use std::sync::Once;

use libfuzzer_sys::fuzz_target;
use salon_engine::salon_core::Params;
use salon_engine::AnyGame;

static QUIET_PANICS: Once = Once::new();

const GAMES: [&str; 4] = ["azul_sintra", "atelier_studio", "atelier_canvas", "colors_of_paris"];

fuzz_target!(|data: &[u8]| {
    QUIET_PANICS.call_once(|| std::panic::set_hook(Box::new(|_| {})));
    let Some((&pick, file)) = data.split_first() else { return };
    let Ok(game) = AnyGame::load(GAMES[pick as usize % GAMES.len()], &Params::new(), None) else {
        panic!("a built-in game failed to load");
    };
    if let Ok(network) = game.load_network(file) {
        let e = network.expectation();
        let rows = 3;
        let obs = vec![0.5f32; rows * e.observation_size()];
        let mut logits = vec![0.0f32; rows * e.num_actions];
        let mut values = vec![0.0f32; rows * e.num_players];
        let _ = network.evaluate_rows(rows, &obs, &[0, 0, 0], &mut logits, &mut values);
    }
});
