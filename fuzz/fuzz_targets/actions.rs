//! Random action sequences on every game and parameter set: any action id at any node,
//! undo, resampling, action strings, serialization. Never a panic; illegal ids rejected
//! with the state unchanged; the contract holds at every node reached.
#![no_main]

use arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use salon_engine::salon_core::SalonError;
use salon_engine::AnyState;
use salon_fuzz::*;

fn run(data: &[u8]) -> Result<()> {
    let mut u = Unstructured::new(data);
    let game = pick(&mut u, all_games())?.clone();
    let mut state = game.new_initial_state(u.arbitrary()?);
    // States before each applied action, to check `pop` against.
    let mut stack: Vec<AnyState> = Vec::new();
    let limit = id_limit(&game);
    let mut steps = 0;
    let mut played_out = false;
    while !u.is_empty() && steps < 600 {
        steps += 1;
        match u.int_in_range(0..=15u8)? {
            // Mostly legal progress, so that deep nodes are reached.
            0..=5 => {
                if state.is_terminal() {
                    continue;
                }
                stack.push(state.clone());
                if state.is_chance_node() && u.ratio(1u8, 2u8)? {
                    state.apply_random_chance().expect("random chance at a chance node");
                } else {
                    let list = legal(&state);
                    let a = list[u.choose_index(list.len())?];
                    apply_checked(&mut state, a as i64);
                }
            }
            // Any id at all.
            6 => {
                let a: i64 = u.arbitrary()?;
                let applied = legal(&state).contains(&(a as u32)) && a >= 0 && a <= u32::MAX as i64;
                let before = state.clone();
                apply_checked(&mut state, a);
                if applied {
                    stack.push(before);
                }
            }
            // Any id within (or just past) the id range.
            7 | 8 => {
                let a = u.int_in_range(-2..=limit + 2)?;
                let before = state.clone();
                apply_checked(&mut state, a);
                if state.ply() != before.ply() {
                    stack.push(before);
                }
            }
            9 => {
                let before = state.clone();
                match state.pop() {
                    Ok(a) => {
                        let prev = stack.pop().expect("pop succeeded with nothing applied since the origin");
                        assert!(state.same_as(&prev), "pop did not restore the previous state");
                        assert_eq!(before.history().last().copied(), Some(a), "pop returned another action");
                    }
                    Err(e) => {
                        assert!(matches!(e, SalonError::NothingToUndo), "pop failed with {e:?}");
                        assert!(stack.is_empty(), "pop refused with actions to undo");
                        assert!(state.same_as(&before), "a failed pop changed the state");
                    }
                }
            }
            10 => {
                let n = game.num_players() as i64;
                let player = if u.ratio(1u8, 5u8)? { u.arbitrary::<i64>()? } else { u.int_in_range(-1..=n)? };
                let seed: u64 = u.arbitrary()?;
                let before = state.serialize();
                match state.resample_from_infostate(player, seed) {
                    Ok(r) => {
                        assert!((0..n).contains(&player), "resample accepted player {player}");
                        assert_eq!(r.current_player(), state.current_player(), "resample changed the player to move");
                        assert_eq!(r.ply(), state.ply(), "resample changed the ply");
                        assert_eq!(
                            r.information_state_string(player).unwrap(),
                            state.information_state_string(player).unwrap(),
                            "resample changed the player's information state at {before}"
                        );
                        let size = game.observation_tensor_size();
                        let (mut a, mut b) = (vec![0.0f32; size], vec![0.0f32; size]);
                        r.observation_tensor(player, &mut a).unwrap();
                        state.observation_tensor(player, &mut b).unwrap();
                        assert!(a == b, "resample changed the player's observation at {before}");
                        check_state(&r, "resampled");
                        check_round_trip(&r);
                        if u.ratio(1u8, 2u8)? {
                            // A perfect-information game (or a node with nothing hidden)
                            // gives a plain clone, which keeps its undo history.
                            if r.serialize() != state.serialize() {
                                stack.clear();
                            }
                            state = r;
                        }
                    }
                    Err(e) => {
                        assert!(!(0..n).contains(&player), "resample failed for player {player}: {e}");
                        assert!(matches!(e, SalonError::InvalidPlayer { .. }), "resample failed with {e:?}");
                    }
                }
                assert_eq!(state.serialize().len() > 0, true);
            }
            11 => {
                let text: String = if u.ratio(1u8, 2u8)? {
                    u.arbitrary()?
                } else {
                    // A legal action's text, perhaps with spaces or changed case.
                    let list = legal(&state);
                    if list.is_empty() {
                        String::new()
                    } else {
                        let s = state.action_to_string(list[u.choose_index(list.len())?] as i64).unwrap();
                        match u.int_in_range(0..=3u8)? {
                            0 => s,
                            1 => format!("  {s}\n"),
                            2 => s.to_uppercase(),
                            _ => s[..s.len() / 2].to_string(),
                        }
                    }
                };
                let before = state.serialize();
                match state.string_to_action(&text) {
                    Ok(a) => {
                        assert!(legal(&state).contains(&a), "string {text:?} parsed to illegal action {a}");
                        assert_eq!(state.action_to_string(a as i64).unwrap(), text.trim(), "string parsed to another action");
                    }
                    Err(e) => assert!(matches!(e, SalonError::UnknownActionString { .. }), "string_to_action failed with {e:?}"),
                }
                assert_eq!(state.serialize(), before, "string_to_action changed the state");
            }
            12 => {
                let a: i64 = if u.ratio(1u8, 2u8)? { u.arbitrary()? } else { u.int_in_range(-1..=limit)? };
                match state.action_to_string(a) {
                    Ok(s) => assert!((0..limit).contains(&a), "action_to_string accepted {a}: {s:?}"),
                    Err(e) => {
                        assert!(!(0..limit).contains(&a), "action_to_string({a}) failed: {e}");
                        assert!(matches!(e, SalonError::IllegalAction { .. }), "action_to_string failed with {e:?}");
                    }
                }
            }
            13 => check_round_trip(&state),
            14 => {
                let before = state.clone();
                match state.apply_random_chance() {
                    Ok(a) => {
                        assert!(before.is_chance_node(), "random chance applied at a decision node");
                        assert!(legal(&before).contains(&a), "random chance outcome {a} not listed");
                        stack.push(before);
                    }
                    Err(e) => {
                        assert!(!before.is_chance_node(), "random chance failed at a chance node: {e}");
                        assert!(state.same_as(&before), "a failed apply_random_chance changed the state");
                    }
                }
            }
            _ => {
                if !played_out && u.ratio(1u8, 4u8)? {
                    // At most one whole playout per input: they dominate the time.
                    played_out = true;
                    let mut copy = state.clone();
                    play_out(&mut copy, &mut u, "play_out");
                    check_round_trip(&copy);
                } else {
                    check_state(&state, "step");
                }
            }
        }
    }
    check_state(&state, "final");
    check_round_trip(&state);
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(data);
});
