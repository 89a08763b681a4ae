//! `AnyGame::deserialize_state` on arbitrary bytes (as UTF-8, lossy), on valid
//! serializations mutated structurally or byte by byte, and on valid ones grown to hundreds of
//! kilobytes by long resample chains (up to 20,000 links) (the size at which recursion per segment once crashed).
//! Never a panic; whatever loads is a valid state that round-trips and plays on to a proper end.
#![no_main]

use arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use salon_engine::salon_core::SalonError;
use salon_fuzz::*;

fn run(data: &[u8]) -> Result<()> {
    let mut u = Unstructured::new(data);
    let game = pick(&mut u, all_games())?.clone();
    let text = match u.int_in_range(0..=4u8)? {
        0 => { let n = u.len(); String::from_utf8_lossy(u.bytes(n)?).into_owned() },
        1 => {
            let state = random_state(&game, &mut u)?;
            let mut value: serde_json::Value = serde_json::from_str(&state.serialize()).expect("serialize gives JSON");
            for _ in 0..u.int_in_range(1..=3u8)? {
                mutate_json(&mut value, &mut u)?;
            }
            value.to_string()
        }
        2 => {
            let state = random_state(&game, &mut u)?;
            mutate_bytes(&state.serialize(), &mut u)?
        }
        3 => {
            // A long resample chain: up to 20,000 segments (a megabyte of text; the recursion
            // per segment crashed from about 12,000), each with a player and seed from the
            // input, the first one sometimes out of range. Not more: the contract checks walk
            // the history at every node, so a run costs links x game length.
            let state = random_state(&game, &mut u)?;
            let mut value: serde_json::Value = serde_json::from_str(&state.serialize()).expect("serialize gives JSON");
            let links = u.int_in_range(1..=20_000u32)?;
            let players = game.num_players() as i64;
            let first_player = u.int_in_range(-1..=players)?;
            let seed: u64 = u.arbitrary()?;
            if let Some(segments) = value.get_mut("segments").and_then(serde_json::Value::as_array_mut) {
                for k in 0..links as i64 {
                    let player = if k == 0 { first_player } else { k % players };
                    segments.push(serde_json::json!({"resample": {"player": player, "seed": seed.wrapping_add(k as u64)}, "actions": []}));
                }
            }
            value.to_string()
        }
        _ => {
            // A valid state of one game given to another game (or parameter set).
            let state = random_state(&game, &mut u)?;
            let other = pick(&mut u, all_games())?.clone();
            match other.deserialize_state(&state.serialize()) {
                Ok(s) => {
                    assert!(other == game, "a {} state loaded into {}", game.spec_string(), other.spec_string());
                    assert!(s.same_as(&state));
                }
                Err(e) => assert!(matches!(e, SalonError::InvalidSerialization { .. }), "{e:?}"),
            }
            return Ok(());
        }
    };
    match game.deserialize_state(&text) {
        Ok(mut state) => {
            check_state(&state, "deserialized");
            check_round_trip(&state);
            play_out(&mut state, &mut u, "deserialized, played on");
        }
        // InvalidParameter was returned for malformed params before commit e83d569
        // (crash-af3f993d): only InvalidSerialization is right.
        Err(e) => assert!(matches!(e, SalonError::InvalidSerialization { .. }), "deserialize failed with {e:?}"),
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(data);
});
