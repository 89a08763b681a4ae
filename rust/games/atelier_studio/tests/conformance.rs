//! The shared conformance harness for every player count, with the conservation invariant
//! (cylinders by colour, students, inspiration tokens, paintings and patrons).

use salon_atelier_studio::{testing, AtelierStudio};
use salon_core::{conformance::check_game, Game, ParamValue, Params};

/// Games per player count: 40 in release; fewer in debug builds (longer games at more players)
/// to keep the crate's debug test run well under a minute.
#[cfg(not(debug_assertions))]
const GAMES: [u64; 3] = [40, 40, 40];
#[cfg(debug_assertions)]
const GAMES: [u64; 3] = [20, 16, 12];

fn game(players: i64) -> AtelierStudio {
    AtelierStudio::with_params(
        &Params::new().with("players", ParamValue::Int(players)),
        None,
    )
    .unwrap()
}

#[test]
fn conformance_2_players() {
    check_game(&game(2), GAMES[0], 1, testing::check_conservation);
}

#[test]
fn conformance_3_players() {
    check_game(&game(3), GAMES[1], 100, testing::check_conservation);
}

#[test]
fn conformance_4_players() {
    check_game(&game(4), GAMES[2], 200, testing::check_conservation);
}
