//! Component-file loading: `AnyGame::load(name, params, Some(text))` on arbitrary text and
//! on the game's own valid file (`components().json`) mutated structurally or byte by byte.
//! Never a panic; a file either fails with `InvalidComponents` (or `InvalidParameter` for a
//! parameter the file cannot serve) or gives a game whose random games keep the contract and
//! end within `max_game_length`.
#![no_main]

use arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use salon_engine::salon_core::SalonError;
use salon_engine::AnyGame;
use salon_fuzz::*;

fn run(data: &[u8]) -> Result<()> {
    let mut u = Unstructured::new(data);
    let base = pick(&mut u, all_games())?.clone();
    let valid = base.components().json.clone();
    let text = match u.int_in_range(0..=4u8)? {
        0 => { let n = u.len(); String::from_utf8_lossy(u.bytes(n)?).into_owned() },
        1 => mutate_bytes(&valid, &mut u)?,
        _ => {
            let mut value: serde_json::Value = serde_json::from_str(&valid).expect("components().json is JSON");
            for _ in 0..u.int_in_range(1..=4u8)? {
                mutate_json(&mut value, &mut u)?;
            }
            value.to_string()
        }
    };
    match AnyGame::load(base.name(), base.params(), Some(&text)) {
        Ok(game) => {
            assert_eq!(game.name(), base.name());
            // The file the game reports loads back to the same set.
            let again = AnyGame::load(base.name(), base.params(), Some(&game.components().json))
                .unwrap_or_else(|e| panic!("components().json of a loaded file does not load back: {e}\n{text}"));
            assert_eq!(again.components().hash, game.components().hash, "reloaded file has another hash");
            for _ in 0..2 {
                let mut state = game.new_initial_state(u.arbitrary().unwrap_or(0));
                play_out(&mut state, &mut u, "game from a fuzzed component file");
                check_round_trip(&state);
            }
        }
        Err(e) => assert!(
            matches!(e, SalonError::InvalidComponents { .. } | SalonError::InvalidParameter { .. }),
            "component file rejected with {e:?}"
        ),
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(data);
});
