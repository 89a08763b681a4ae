//! The shared conformance harness for every player count and rule level, with the
//! conservation invariant (pigments by colour, assistants, tokens, cards), and the check that
//! no move text a player reads names a card hidden from them.

use salon_colors_of_paris::{invariants, ColorsOfParis};
use salon_core::conformance::{check_component_labels, check_game, check_hidden_action_texts};
use salon_core::{Game, ParamValue, Params};

#[cfg(debug_assertions)]
const GAMES: u64 = 4;
#[cfg(not(debug_assertions))]
const GAMES: u64 = 30;

fn game(players: i64, advanced: bool) -> ColorsOfParis {
    let p = Params::new()
        .with("players", ParamValue::Int(players))
        .with("advanced", ParamValue::Bool(advanced));
    ColorsOfParis::with_params(&p, None).unwrap()
}

fn run(players: i64, advanced: bool, seed: u64) {
    let g = game(players, advanced);
    check_game(&g, GAMES, seed, invariants::conservation);
    check_hidden_action_texts(&g, GAMES, seed);
    check_component_labels(&g);
}

#[test]
fn conformance_2p_basic() {
    run(2, false, 100);
}

#[test]
fn conformance_3p_basic() {
    run(3, false, 200);
}

#[test]
fn conformance_4p_basic() {
    run(4, false, 300);
}

#[test]
fn conformance_2p_advanced() {
    run(2, true, 400);
}

#[test]
fn conformance_3p_advanced() {
    run(3, true, 500);
}

#[test]
fn conformance_4p_advanced() {
    run(4, true, 600);
}
