//! The shared conformance harness for every player count and both variants, with the
//! conservation invariant of all 110 cards (105 deck cards tracked card by card, 5 objectives),
//! and the check that no move's text, as each player reads it, names a card hidden from that
//! player.

use salon_atelier_canvas::invariants::check_invariants;
use salon_atelier_canvas::AtelierCanvas;
use salon_core::conformance::{check_component_labels, check_game, check_hidden_action_texts};
use salon_core::{Game, ParamValue, Params};

#[cfg(debug_assertions)]
const GAMES: u64 = 4;
#[cfg(not(debug_assertions))]
const GAMES: u64 = 30;

fn game(players: i64, expert: bool) -> AtelierCanvas {
    let params = Params::new()
        .with("players", ParamValue::Int(players))
        .with("expert", ParamValue::Bool(expert));
    AtelierCanvas::with_params(&params, None).unwrap()
}

fn run(players: i64, expert: bool) {
    let g = game(players, expert);
    let seed = 1000 * players as u64 + u64::from(expert);
    check_game(&g, GAMES, seed, check_invariants);
    check_hidden_action_texts(&g, GAMES, seed);
    check_component_labels(&g);
}

#[test]
fn conformance_2_players() {
    run(2, false);
}
#[test]
fn conformance_3_players() {
    run(3, false);
}
#[test]
fn conformance_4_players() {
    run(4, false);
}
#[test]
fn conformance_5_players() {
    run(5, false);
}
#[test]
fn conformance_2_players_expert() {
    run(2, true);
}
#[test]
fn conformance_3_players_expert() {
    run(3, true);
}
#[test]
fn conformance_4_players_expert() {
    run(4, true);
}
#[test]
fn conformance_5_players_expert() {
    run(5, true);
}

/// The rules variants alone, each from the defaults (3 players).
fn run_variant(name: &str, value: ParamValue, seed: u64) {
    let params = Params::new()
        .with("players", ParamValue::Int(3))
        .with(name, value);
    let g = AtelierCanvas::with_params(&params, None).unwrap();
    check_game(&g, GAMES, seed, check_invariants);
    check_hidden_action_texts(&g, GAMES, seed);
    check_component_labels(&g);
}
#[test]
fn conformance_3_players_expert_secondary_alone() {
    run_variant("expert_secondary", ParamValue::Bool(true), 3101);
}
#[test]
fn conformance_3_players_expert_draw_alone() {
    run_variant("expert_draw", ParamValue::Bool(true), 3102);
}
#[test]
fn conformance_3_players_jokers_pay_any_basic_colour() {
    run_variant("joker_colours", ParamValue::Str("basic".into()), 3103);
}
