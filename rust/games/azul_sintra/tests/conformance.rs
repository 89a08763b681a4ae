//! The conformance harness for every player count and side, with the conservation
//! invariant: exactly 100 glass pieces (20 of each colour) across bag, tower, factories,
//! centre, strips, windows and the round track at every step.

use salon_azul_sintra::invariants::check_invariants;
use salon_azul_sintra::AzulSintra;
use salon_core::{Game, ParamValue, Params};

fn game(players: i64, side: &str) -> AzulSintra {
    let params = Params::new()
        .with("players", ParamValue::Int(players))
        .with("side", ParamValue::Str(side.into()));
    AzulSintra::with_params(&params, None).unwrap()
}

/// The conformance harness with the game's invariant (`invariants::check_invariants`), then
/// the check that no move's text names what a player may not see (none here: perfect
/// information, every text reads the same to everyone).
fn check(game: &AzulSintra, first_seed: u64) {
    salon_core::conformance::check_game(game, GAMES, first_seed, check_invariants);
    salon_core::conformance::check_hidden_action_texts(game, GAMES, first_seed);
    salon_core::conformance::check_component_labels(game);
}

// Debug builds play fewer games to keep the crate's test run short; `--release` plays 40.
#[cfg(debug_assertions)]
const GAMES: u64 = 10;
#[cfg(not(debug_assertions))]
const GAMES: u64 = 40;

#[test]
fn conformance_2_players_side_a() {
    check(&game(2, "A"), 1);
}
#[test]
fn conformance_3_players_side_a() {
    check(&game(3, "A"), 100);
}
#[test]
fn conformance_4_players_side_a() {
    check(&game(4, "A"), 200);
}
#[test]
fn conformance_2_players_side_b() {
    check(&game(2, "B"), 300);
}
#[test]
fn conformance_3_players_side_b() {
    check(&game(3, "B"), 400);
}
#[test]
fn conformance_4_players_side_b() {
    check(&game(4, "B"), 500);
}

#[test]
fn declared_sizes() {
    for (players, length, obs) in [(2, 415, 1414), (3, 583, 2053), (4, 751, 2692)] {
        for side in ["A", "B"] {
            let g = game(players, side);
            assert_eq!(g.num_distinct_actions(), 456);
            assert_eq!(g.max_chance_outcomes(), 16);
            assert_eq!(g.max_game_length(), length);
            assert_eq!(g.observation_tensor_shape(), vec![obs]);
        }
    }
}

#[test]
fn conformance_3_players_glass_reset_at_bottom() {
    let params = Params::new()
        .with("players", ParamValue::Int(3))
        .with("glass_reset", ParamValue::Str("at_bottom".into()));
    let g = AzulSintra::with_params(&params, None).unwrap();
    check(&g, 600);
}
