//! The invariants every state keeps: each cylinder, student, inspiration token, painting
//! and patron is in exactly one place. Position loading checks them; the conformance tests
//! check them at every node.

use crate::components::{CYLINDERS_PER_COLOUR, NUM_COLOURS, NUM_PAINTINGS, NUM_PATRONS};
use crate::game::AtelierStudio;
use crate::state::{
    AtelierStudioState, MAX_P, NONE, PAT_BOTTOM, PAT_DEALT, PAT_DECK, P_DECK, P_DISPLAY, STUDENTS,
    TOKENS,
};

/// Checks that every cylinder, student, token, painting and patron is in exactly one place.
pub fn check_conservation(game: &AtelierStudio, s: &AtelierStudioState) -> Result<(), String> {
    let n = s.num_players();
    for c in 0..NUM_COLOURS {
        let total: u32 = s.piles[c] as u32 + (0..MAX_P).map(|p| s.cyl[p][c] as u32).sum::<u32>();
        if total != CYLINDERS_PER_COLOUR as u32 {
            return Err(format!(
                "colour {c}: {total} cylinders instead of {CYLINDERS_PER_COLOUR}"
            ));
        }
    }
    for p in 0..MAX_P {
        let total = s.pool[p] as u32 + s.students[p].iter().map(|&x| x as u32).sum::<u32>();
        let want = if p < n { STUDENTS as u32 } else { 0 };
        if total != want {
            return Err(format!("player {p}: {total} students instead of {want}"));
        }
        if p >= n && (s.tokens[p] != 0 || s.cyl[p].iter().any(|&x| x != 0) || s.active[p] != 0) {
            return Err(format!("seat {p} is not in the game but holds pieces"));
        }
        if s.active[p] > 4 {
            return Err(format!("player {p} has {} active dice", s.active[p]));
        }
    }
    let tokens = s.token_supply as u32 + s.tokens.iter().map(|&x| x as u32).sum::<u32>();
    if tokens != TOKENS as u32 {
        return Err(format!("{tokens} inspiration tokens instead of {TOKENS}"));
    }
    if s.rolled.iter().sum::<u8>() > 4 {
        return Err("more than 4 dice rolled".to_string());
    }
    // Paintings: each card in the deck, on the display (in exactly one slot) or owned.
    for i in 0..NUM_PAINTINGS {
        let loc = s.painting_loc[i];
        let slots = s.display.iter().filter(|&&d| d as usize == i).count();
        match loc {
            P_DISPLAY if slots != 1 => {
                return Err(format!("painting {i} on the display in {slots} slots"))
            }
            P_DECK if slots != 0 => {
                return Err(format!("painting {i} in the deck and on the display"))
            }
            l if (l as usize) < n && slots != 0 => {
                return Err(format!("painting {i} owned and on the display"))
            }
            l if l != P_DISPLAY && l != P_DECK && (l as usize) >= n => {
                return Err(format!("painting {i} has location {l}"))
            }
            _ => {}
        }
    }
    for &d in &s.display {
        if d != NONE && (d as usize >= NUM_PAINTINGS || s.painting_loc[d as usize] != P_DISPLAY) {
            return Err(format!(
                "display holds card {d} which is not marked on the display"
            ));
        }
    }
    // Patrons: each card held, dealt, in the deck or under it (at its queue position).
    for c in 0..NUM_PATRONS {
        let loc = s.patron_loc[c];
        let ok = (loc as usize) < n
            || (loc >= PAT_DEALT && ((loc - PAT_DEALT) as usize) < n)
            || loc == PAT_DECK
            || (loc >= PAT_BOTTOM
                && loc < PAT_BOTTOM + s.bottom_len
                && s.bottom[(loc - PAT_BOTTOM) as usize] as usize == c);
        if !ok {
            return Err(format!("patron {c} has location {loc}"));
        }
        if loc >= PAT_BOTTOM && loc - PAT_BOTTOM < s.bottom_head {
            return Err(format!(
                "patron {c} is under the deck at a position already drawn"
            ));
        }
    }
    for i in s.bottom_head..s.bottom_len {
        let c = s.bottom[i as usize] as usize;
        if c >= NUM_PATRONS || s.patron_loc[c] != PAT_BOTTOM + i {
            return Err(format!("under-deck position {i} is inconsistent"));
        }
    }
    let _ = game;
    Ok(())
}
