//! The production invariants: the conservation check that position loading runs on every
//! position it builds, and that the conformance tests run after every move.

use crate::components::*;
use crate::game::ColorsOfParis;
use crate::state::*;

/// Checks that every pigment, assistant, token and card is accounted for.
pub fn conservation(g: &ColorsOfParis, st: &ColorsOfParisState) -> Result<(), String> {
    let n = st.np();
    // Pigments by colour: supply + players + on unfinished paintings = box.
    let mut on_cards = [0u32; NUM_COLOURS];
    for c in 0..NUM_PAINTINGS {
        let l = st.card_loc[c];
        if (LOC_HELD..LOC_DONE).contains(&l) {
            for sq in 0..9 {
                if st.fill[c] >> sq & 1 == 1 {
                    let colour = if st.whites[c] >> sq & 1 == 1 {
                        WHITE
                    } else {
                        g.data.paintings[c].grid[sq]
                    };
                    on_cards[colour as usize] += 1;
                }
            }
        } else if l < LOC_HELD && (st.fill[c] != 0 || st.whites[c] != 0) {
            return Err(format!(
                "painting {c} is not on a player's table but holds pigments"
            ));
        }
        if st.whites[c] & !st.fill[c] != 0 || st.whites[c].count_ones() > 3 {
            return Err(format!("painting {c} has a bad white mask"));
        }
        if l >= LOC_DONE + st.n || (l >= LOC_HELD + st.n && l < LOC_DONE) {
            return Err(format!("painting {c} at a bad location {l}"));
        }
        if l >= LOC_DONE && st.fill[c] != FULL {
            return Err(format!("painting {c} finished but not full"));
        }
    }
    for c in 0..NUM_COLOURS {
        let total =
            st.supply[c] as u32 + (0..n).map(|p| st.pig[p][c] as u32).sum::<u32>() + on_cards[c];
        if total != SUPPLY[c] as u32 {
            return Err(format!(
                "{} pigments: {total} accounted for, {} in the box",
                COLOUR_NAMES[c], SUPPLY[c]
            ));
        }
    }
    // Easels and card locations.
    for e in 0..MAX_EASELS {
        let c = st.easel[e];
        if c != NONE && (e >= g.num_easels || st.card_loc[c as usize] != LOC_EASEL) {
            return Err(format!(
                "easel {e} holds painting {c} whose location is not an easel"
            ));
        }
    }
    let on_easels = (0..NUM_PAINTINGS)
        .filter(|&c| st.card_loc[c] == LOC_EASEL)
        .count();
    if on_easels != st.easel.iter().filter(|&&c| c != NONE).count() {
        return Err("paintings marked on an easel do not match the easels".into());
    }
    // Finished counts and whites.
    for p in 0..n {
        let done = (0..NUM_PAINTINGS)
            .filter(|&c| st.card_loc[c] == LOC_DONE + p as u8)
            .count();
        if done != st.finished[p] as usize {
            return Err(format!(
                "player {p}: {done} finished paintings, counter says {}",
                st.finished[p]
            ));
        }
        let w: u32 = (0..NUM_PAINTINGS)
            .filter(|&c| st.card_loc[c] == LOC_DONE + p as u8)
            .map(|c| st.whites[c].count_ones())
            .sum();
        if w != st.whites_used[p] as u32 {
            return Err(format!(
                "player {p}: {w} whites on finished paintings, counter says {}",
                st.whites_used[p]
            ));
        }
    }
    // Tokens: supply + taken = 4 per tool; each player at most one per tool.
    for (t, name) in TOOL_NAMES.iter().enumerate() {
        let taken = (0..n)
            .filter(|&p| matches!(st.dev[p][t], DEV_TOKEN6 | DEV_TEN_HIRED | DEV_TEN_FLIPPED))
            .count();
        if st.tokens[t] as usize + taken != TOKENS_PER_TOOL as usize {
            return Err(format!(
                "{name} tokens: {} in supply + {taken} taken != {TOKENS_PER_TOOL}",
                st.tokens[t]
            ));
        }
    }
    // Assistants: all of each player's assistants are on the board or still to place.
    for p in 0..n {
        if st.assistants[p] + st.hired[p] > MAX_ASSISTANTS {
            return Err(format!(
                "player {p} has more than {MAX_ASSISTANTS} assistants"
            ));
        }
        let on_spaces = (0..NUM_SPACES).filter(|&s| st.occ[s] == p as u8).count() as u8;
        let open = (0..NUM_SPACES)
            .filter(|&s| st.occ[s] == p as u8 && st.done >> s & 1 == 0)
            .count() as u8
            + st.white_open[p];
        if st.round >= 1 {
            if on_spaces + st.white_placed[p] + st.to_place[p] != st.assistants[p] {
                return Err(format!(
                    "player {p}: {on_spaces} on spaces + {} on white + {} to place != {} assistants",
                    st.white_placed[p], st.to_place[p], st.assistants[p]
                ));
            }
            if (st.phase == PH_PLACE || st.phase == PH_RESOLVE) && open != st.unresolved[p] {
                return Err(format!(
                    "player {p}: {open} assistants standing, counter says {}",
                    st.unresolved[p]
                ));
            }
        } else if on_spaces != 0 {
            return Err(format!(
                "player {p} has assistants on the board before round 1"
            ));
        }
    }
    for s in 0..NUM_SPACES {
        let o = st.occ[s];
        if o != NONE
            && (o >= st.n
                || (s < MAX_BOTTOM_SPACES && (s >= g.data.num_bottom_spaces || g.is_covered(s)))
                || s == SP_WHITE)
        {
            return Err(format!("space {s} has a bad occupant {o}"));
        }
    }
    // Bonus cards and painters.
    for b in 0..NUM_BONUS {
        if st.bonus_loc[b] > st.n || (!st.advanced && st.bonus_loc[b] != 0) {
            return Err(format!("bonus card {b} at a bad location"));
        }
    }
    if st.advanced && st.round >= 1 {
        for p in 0..n {
            let t = st.painter[p];
            if t as usize >= NUM_PAINTERS
                || st.painter[..n].iter().filter(|&&x| x == t).count() != 1
            {
                return Err(format!("player {p} has a bad painter tile {t}"));
            }
        }
    }
    if st.blacks_taken() > SUPPLY[BLACK as usize] {
        return Err("too many blacks".into());
    }
    Ok(())
}
