//! The invariants of a position: conservation (exactly 100 glass pieces, 20 of each colour,
//! across bag, tower, factories, centre, strips, windows and the round track), the shape of
//! each board, and that a node offers something to happen. Position loading checks them on
//! every position it reads; the conformance tests check them at every step of their playouts.

use salon_core::position::invalid;
use salon_core::{ActionList, Actor, ChanceOutcomes, SalonResult};

use crate::actions;
use crate::components::{colour_name, NUM_COLOURS};
use crate::state::{AzulSintraState, Phase};
use crate::{game::AzulSintra, game::PIECES_PER_COLOUR};

/// Counts of pieces everywhere (bag, tower, factories, centre, strips, windows, round track).
pub fn piece_census(s: &AzulSintraState) -> [usize; NUM_COLOURS] {
    let mut out = [0usize; NUM_COLOURS];
    for c in 0..NUM_COLOURS {
        out[c] += s.bag[c] as usize + s.tower[c] as usize + s.centre[c] as usize;
        for f in &s.factories {
            out[c] += f[c] as usize;
        }
    }
    let mut add = |v: u8| {
        if v != 0 {
            out[(v - 1) as usize % NUM_COLOURS] += 1;
        }
    };
    for &v in &s.round_track {
        add(v);
    }
    for b in &s.boards {
        for &v in b.filled.iter().flatten() {
            add(v);
        }
        for &v in b.window.iter().flatten() {
            add(v);
        }
    }
    out
}

/// Position loading: every piece in exactly one place.
pub(crate) fn check_conservation(s: &AzulSintraState) -> SalonResult<()> {
    let census = piece_census(s);
    for (c, &count) in census.iter().enumerate() {
        if count != PIECES_PER_COLOUR as usize {
            let name = colour_name(c);
            return Err(invalid("bag", format!("the table holds {count} {name} pieces in all; the game has {PIECES_PER_COLOUR}")));
        }
    }
    Ok(())
}

/// Position loading: a decision node must offer a decision; a chance node an outcome.
pub(crate) fn check_something_can_happen(
    s: &AzulSintraState,
    game: &AzulSintra,
) -> SalonResult<()> {
    if s.phase != Phase::End {
        let mut legal = ActionList::new();
        let mut outcomes = ChanceOutcomes::new();
        actions::legal_actions(s, game, &mut legal);
        actions::chance_outcomes(s, game, &mut outcomes);
        if legal.is_empty() && outcomes.actions().is_empty() {
            let field = if s.actor_kind() == Actor::Chance {
                "bag"
            } else {
                "phase"
            };
            return Err(invalid(
                field,
                "nothing can happen from this position (no legal move, no chance outcome)",
            ));
        }
    }
    Ok(())
}

/// The conformance invariant, checked at every step of a playout: conservation, pieces and
/// markers in range, windows filled top first, and only the strip awaiting the keep decision
/// full.
pub fn check_invariants(game: &AzulSintra, s: &AzulSintraState) -> Result<(), String> {
    let census = piece_census(s);
    if census.iter().any(|&n| n != 20) {
        return Err(format!(
            "piece census {census:?}, expected 20 of each colour"
        ));
    }
    for p in 0..game.num_players {
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
