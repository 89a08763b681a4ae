//! Long histories of resamples: nothing in the tracked state walks them recursively (clone,
//! drop, history, serialization and deserialization would overflow the stack) or copies the
//! whole chain per link (which made a chain quadratic to build).

#[path = "toy_games/mod.rs"]
mod bots_toys;

use std::sync::Arc;

use bots_toys::Parity;
use salon_core::TrackedState;

/// A state after the deal, then `links` resamples in a row, alternating players.
fn chain(links: usize) -> TrackedState<Parity> {
    let mut state = TrackedState::new(Arc::new(Parity::default_game()), 7);
    state.apply_random_chance().unwrap();
    state.apply_random_chance().unwrap();
    for i in 0..links {
        state = state
            .resample_from_infostate((i % 2) as i64, i as u64)
            .unwrap();
    }
    state
}

#[test]
fn a_chain_of_100k_resamples_clones_drops_and_round_trips_without_recursion() {
    // Run on a thread with a small stack, so that a recursion per link fails here even
    // where the main thread's stack is large.
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let state = chain(100_000);
            assert_eq!(state.ply(), 2);
            assert_eq!(state.history().len(), 2);
            let copy = state.clone();
            drop(state);
            let text = copy.serialize();
            let back = TrackedState::deserialize(Arc::new(Parity::default_game()), &text).unwrap();
            assert!(back == copy);
            assert_eq!(back.serialize(), text);
            drop(copy);
            drop(back);
        })
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn a_chain_keeps_every_segment_in_order() {
    let mut state = TrackedState::new(Arc::new(Parity::default_game()), 3);
    state.apply_random_chance().unwrap();
    state.apply_random_chance().unwrap();
    let first_two = state.history();
    let mut r = state.resample_from_infostate(0, 11).unwrap();
    r.apply_action(1).unwrap();
    let mut r2 = r.resample_from_infostate(1, 12).unwrap();
    r2.apply_action(0).unwrap();
    let mut expected = first_two.clone();
    expected.extend([1, 0]);
    assert_eq!(r2.history(), expected);
    assert_eq!(r2.ply(), 4);
    let json: serde_json::Value = serde_json::from_str(&r2.serialize()).unwrap();
    let segments = json["segments"].as_array().unwrap();
    assert_eq!(segments.len(), 3);
    assert_eq!(segments[0]["actions"], serde_json::json!(first_two));
    assert_eq!(
        segments[1]["resample"],
        serde_json::json!({"player": 0, "seed": 11})
    );
    assert_eq!(segments[1]["actions"], serde_json::json!([1]));
    assert_eq!(
        segments[2]["resample"],
        serde_json::json!({"player": 1, "seed": 12})
    );
    assert_eq!(segments[2]["actions"], serde_json::json!([0]));
    assert_eq!(json["seed"], 3);
}

#[test]
fn serialized_text_is_canonical_json() {
    for links in [0, 1, 2, 5, 40] {
        let mut state = chain(links);
        if links % 2 == 0 {
            state.apply_action(1).unwrap();
        }
        let text = state.serialize();
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(value.to_string(), text, "{links} links");
        assert_eq!(value["segments"].as_array().unwrap().len(), links + 1);
    }
}

#[test]
fn a_stop_check_interrupts_serialization_of_a_long_chain_and_its_reading() {
    let state = chain(20_000);
    let mut calls = 0;
    let stopped = state.serialize_with_stop(&mut || {
        calls += 1;
        true
    });
    assert_eq!(stopped, Err(salon_core::SalonError::Interrupted));
    assert_eq!(calls, 1);
    let text = state.serialize();
    let read =
        TrackedState::deserialize_with_stop(Arc::new(Parity::default_game()), &text, &mut || true);
    assert!(matches!(read, Err(salon_core::SalonError::Interrupted)));
}

#[test]
fn play_random_with_stop_leaves_the_state_as_it_was() {
    let mut state = TrackedState::new(Arc::new(Parity::default_game()), 5);
    state.apply_random_chance().unwrap();
    let before = state.serialize();
    let mut rng = salon_core::Xoshiro256StarStar::seed_from_u64(9);
    let next_draw = rng.clone().next_u64();
    let stopped = state.play_random_with_stop(&mut rng, &mut || true);
    assert_eq!(stopped, Err(salon_core::SalonError::Interrupted));
    assert_eq!(state.serialize(), before);
    assert_eq!(rng.next_u64(), next_draw);
    // Without a stop it plays to the end.
    assert!(
        state
            .play_random_with_stop(&mut rng, &mut || false)
            .unwrap()
            > 0
    );
    assert!(state.is_terminal());
}
