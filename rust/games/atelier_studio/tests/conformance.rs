//! The shared conformance harness for every player count, with the conservation invariant
//! (cylinders by colour, students, inspiration tokens, paintings and patrons), and the check
//! that no move's text, as each player reads it, names a patron hidden from that player.

use salon_atelier_studio::{invariants, AtelierStudio};
use salon_core::conformance::{check_component_labels, check_game, check_hidden_action_texts};
use salon_core::{Game, ParamValue, Params};

/// Games per player count: 40 in release; fewer in debug builds (longer games at more players)
/// to keep the crate's debug test run well under a minute.
#[cfg(not(debug_assertions))]
const GAMES: [u64; 3] = [40, 40, 40];
#[cfg(debug_assertions)]
const GAMES: [u64; 3] = [20, 16, 12];
/// Games per player count for the hidden-text check (it reads every seat's view at every
/// node): the same in release, fewer in debug builds.
#[cfg(not(debug_assertions))]
const HIDDEN_GAMES: [u64; 3] = GAMES;
#[cfg(debug_assertions)]
const HIDDEN_GAMES: [u64; 3] = [8, 6, 5];

fn game(players: i64) -> AtelierStudio {
    AtelierStudio::with_params(
        &Params::new().with("players", ParamValue::Int(players)),
        None,
    )
    .unwrap()
}

#[test]
fn conformance_2_players() {
    check_game(&game(2), GAMES[0], 1, invariants::check_conservation);
    check_hidden_action_texts(&game(2), HIDDEN_GAMES[0], 1);
    check_component_labels(&game(2));
}

#[test]
fn conformance_3_players() {
    check_game(&game(3), GAMES[1], 100, invariants::check_conservation);
    check_hidden_action_texts(&game(3), HIDDEN_GAMES[1], 100);
}

#[test]
fn conformance_4_players() {
    check_game(&game(4), GAMES[2], 200, invariants::check_conservation);
    check_hidden_action_texts(&game(4), HIDDEN_GAMES[2], 200);
}
