//! The shared conformance harness for every player count, with the conservation invariant
//! (cylinders by colour, students, inspiration tokens, paintings and patrons).

use salon_atelier_studio::{testing, AtelierStudio};
use salon_core::{conformance::check_game, Game, ParamValue, Params};

#[cfg(debug_assertions)]
const GAMES: u64 = 20;
#[cfg(not(debug_assertions))]
const GAMES: u64 = 40;

fn game(players: i64) -> AtelierStudio {
    AtelierStudio::with_params(&Params::new().with("players", ParamValue::Int(players)), None).unwrap()
}

#[test]
fn conformance_2_players() {
    check_game(&game(2), GAMES, 1, testing::check_conservation);
}

#[test]
fn conformance_3_players() {
    check_game(&game(3), GAMES, 100, testing::check_conservation);
}

#[test]
fn conformance_4_players() {
    check_game(&game(4), GAMES, 200, testing::check_conservation);
}
