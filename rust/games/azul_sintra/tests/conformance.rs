//! The conformance harness for every player count and side, with the conservation
//! invariant: exactly 100 glass pieces (20 of each colour) across bag, tower, factories,
//! centre, strips, windows and the round track at every step.

use salon_azul_sintra::{AzulSintra, AzulSintraState, Phase};
use salon_core::{Game, ParamValue, Params};

fn game(players: i64, side: &str) -> AzulSintra {
    let params = Params::new()
        .with("players", ParamValue::Int(players))
        .with("side", ParamValue::Str(side.into()));
    AzulSintra::with_params(&params, None).unwrap()
}

fn invariant(game: &AzulSintra, s: &AzulSintraState) -> Result<(), String> {
    let census = s.piece_census();
    if census.iter().any(|&n| n != 20) {
        return Err(format!(
            "piece census {census:?}, expected 20 of each colour"
        ));
    }
    for p in 0..game.num_players() {
        let b = s.board(p);
        if b.glazier as usize >= 8 {
            return Err(format!("player {p} glazier out of range"));
        }
        if b.track as usize >= game.data().broken_glass_track.len() {
            return Err(format!("player {p} broken-glass marker out of range"));
        }
        // A window's bottom space is only filled after its top one; a complete window has no strip.
        for w in 0..8 {
            if b.window[w][1] != 0 && (b.window[w][0] == 0 || b.has_strip(w)) {
                return Err(format!("player {p} window {w} inconsistent"));
            }
            if b.window[w][1] == 0 && !b.has_strip(w) && b.placed == 0xFF {
                return Err(format!(
                    "player {p} slot {w} lost its strip without completing its window"
                ));
            }
            if !b.has_strip(w) && b.filled[w].iter().any(|&v| v != 0) {
                return Err(format!("player {p} pieces on a removed strip {w}"));
            }
        }
        // Only the strip awaiting the keep decision may be full.
        for w in 0..8 {
            if b.filled[w].iter().all(|&v| v != 0)
                && !(s.phase() == Phase::Keep
                    && s.current_player() == p
                    && s.keep_slot() == Some(w))
            {
                return Err(format!("player {p} strip {w} full outside a keep decision"));
            }
        }
    }
    Ok(())
}

// Debug builds play fewer games to keep the crate's test run short; `--release` plays 40.
#[cfg(debug_assertions)]
const GAMES: u64 = 10;
#[cfg(not(debug_assertions))]
const GAMES: u64 = 40;

#[test]
fn conformance_2_players_side_a() {
    salon_core::conformance::check_game(&game(2, "A"), GAMES, 1, invariant);
}
#[test]
fn conformance_3_players_side_a() {
    salon_core::conformance::check_game(&game(3, "A"), GAMES, 100, invariant);
}
#[test]
fn conformance_4_players_side_a() {
    salon_core::conformance::check_game(&game(4, "A"), GAMES, 200, invariant);
}
#[test]
fn conformance_2_players_side_b() {
    salon_core::conformance::check_game(&game(2, "B"), GAMES, 300, invariant);
}
#[test]
fn conformance_3_players_side_b() {
    salon_core::conformance::check_game(&game(3, "B"), GAMES, 400, invariant);
}
#[test]
fn conformance_4_players_side_b() {
    salon_core::conformance::check_game(&game(4, "B"), GAMES, 500, invariant);
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
    salon_core::conformance::check_game(&g, GAMES, 600, invariant);
}
