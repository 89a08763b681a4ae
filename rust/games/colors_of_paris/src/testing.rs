//! Test support (not part of the stable API): helpers that set up positions for the scenario
//! tests while keeping every piece accounted for (the conservation check itself is
//! [`crate::invariants::conservation`]).

use salon_core::{Action, Game, State};

use crate::components::*;
use crate::game::ColorsOfParis;
use crate::state::*;

/// Plays chance nodes with the first listed outcome of the given order preferences:
/// `draw(state)` returns the outcome to apply, or `None` for the lowest listed.
pub fn settle_chance(
    g: &ColorsOfParis,
    st: &mut ColorsOfParisState,
    pick: impl Fn(&ColorsOfParisState, &[Action]) -> Option<Action>,
) {
    let mut outcomes = salon_core::ChanceOutcomes::new();
    while st.is_chance_node(g) {
        st.chance_outcomes(g, &mut outcomes);
        let list = outcomes.actions().to_vec();
        let a = pick(st, &list)
            .filter(|a| list.contains(a))
            .unwrap_or(list[0]);
        st.apply_unchecked(g, a);
    }
}

/// A new game past set-up: player 0 first, painters 0..n (advanced), easels with
/// paintings 0, 1, 2(, 3).
pub fn start(g: &ColorsOfParis) -> ColorsOfParisState {
    let mut st = g.new_initial_state();
    settle_chance(g, &mut st, |_, _| None);
    st
}

/// Moves `k` pigments of colour `c` from the supply to player `p` (fewer if short).
pub fn give(st: &mut ColorsOfParisState, p: usize, c: u8, k: u8) {
    let k = k.min(st.supply[c as usize]);
    st.supply[c as usize] -= k;
    st.pig[p][c as usize] += k;
}

/// Returns all of player `p`'s pigments of colour `c` to the supply.
pub fn clear(st: &mut ColorsOfParisState, p: usize, c: u8) {
    st.supply[c as usize] += st.pig[p][c as usize];
    st.pig[p][c as usize] = 0;
}

pub fn pigments(st: &ColorsOfParisState, p: usize) -> [u8; NUM_COLOURS] {
    st.pig[p]
}

pub fn supply(st: &ColorsOfParisState) -> [u8; NUM_COLOURS] {
    st.supply
}

pub fn set_tool(st: &mut ColorsOfParisState, p: usize, tool: usize, space: u8) {
    st.tools[p][tool] = space;
}

pub fn tool(st: &ColorsOfParisState, p: usize, tool: usize) -> u8 {
    st.tools[p][tool]
}

pub fn dev(st: &ColorsOfParisState, p: usize, tool: usize) -> u8 {
    st.dev[p][tool]
}

pub fn phase(st: &ColorsOfParisState) -> u8 {
    st.phase
}

pub fn sub(st: &ColorsOfParisState) -> u8 {
    st.sub
}

pub fn round(st: &ColorsOfParisState) -> u8 {
    st.round
}

pub fn first_player(st: &ColorsOfParisState) -> u8 {
    st.first
}

pub fn rotation(st: &ColorsOfParisState) -> u8 {
    st.rot
}

pub fn easels(st: &ColorsOfParisState) -> [u8; MAX_EASELS] {
    st.easel
}

pub fn card_location(st: &ColorsOfParisState, card: usize) -> u8 {
    st.card_loc[card]
}

pub fn assistants(st: &ColorsOfParisState, p: usize) -> (u8, u8) {
    (st.assistants[p], st.hired[p])
}

pub fn occupant(st: &ColorsOfParisState, s: usize) -> u8 {
    st.occ[s]
}

pub fn end_triggered(st: &ColorsOfParisState) -> bool {
    st.end_triggered
}

pub fn finished(st: &ColorsOfParisState, p: usize) -> (u8, u8) {
    (st.finished[p], st.whites_used[p])
}

pub fn bonus_location(st: &ColorsOfParisState, b: usize) -> u8 {
    st.bonus_loc[b]
}

pub fn painter(st: &ColorsOfParisState, p: usize) -> u8 {
    st.painter[p]
}

/// The wheel action the bottom space `s` faces now.
pub fn action_at(g: &ColorsOfParis, st: &ColorsOfParisState, s: usize) -> WheelAction {
    st.kind_at(g, s)
}

/// Moves painting `card` from wherever it is to player `p`'s table (unpainted); an easel
/// it leaves stays empty.
pub fn hand_painting(st: &mut ColorsOfParisState, p: usize, card: usize) {
    for e in st.easel.iter_mut() {
        if *e == card as u8 {
            *e = NONE;
        }
    }
    st.card_loc[card] = LOC_HELD + p as u8;
}

/// Fills squares of a held painting from `p`'s pigments (`white` marks which are white).
pub fn prefill(
    g: &ColorsOfParis,
    st: &mut ColorsOfParisState,
    card: usize,
    squares: u16,
    white: u16,
) {
    let p = (st.card_loc[card] - LOC_HELD) as usize;
    for sq in 0..9 {
        if squares >> sq & 1 == 1 {
            let c = if white >> sq & 1 == 1 {
                WHITE
            } else {
                g.data.paintings[card].grid[sq]
            };
            give(st, p, c, 1);
            st.pig[p][c as usize] -= 1;
            st.fill[card] |= 1 << sq;
            if c == WHITE {
                st.whites[card] |= 1 << sq;
            }
        }
    }
}

/// The number of squares filled on a painting.
pub fn filled(st: &ColorsOfParisState, card: usize) -> u32 {
    st.fill[card].count_ones()
}

/// Takes `k` black pigments from the supply for player `p` (to test the end trigger).
pub fn give_black(st: &mut ColorsOfParisState, p: usize, k: u8) {
    give(st, p, BLACK, k);
}

/// The first legal action whose string starts with `prefix` (panics if none: tests only).
pub fn find(g: &ColorsOfParis, st: &ColorsOfParisState, prefix: &str) -> Action {
    let mut legal = salon_core::ActionList::new();
    st.legal_actions(g, &mut legal);
    for &a in legal.iter() {
        if st.action_to_string(g, a).starts_with(prefix) {
            return a;
        }
    }
    let all: Vec<String> = legal.iter().map(|&a| st.action_to_string(g, a)).collect();
    panic!("no legal action starting with {prefix:?}; legal: {all:?}");
}

/// All legal action strings at a node.
pub fn legal_strings(g: &ColorsOfParis, st: &ColorsOfParisState) -> Vec<String> {
    let mut legal = salon_core::ActionList::new();
    st.legal_actions(g, &mut legal);
    legal.iter().map(|&a| st.action_to_string(g, a)).collect()
}

/// Applies the legal action whose string starts with `prefix`.
pub fn play(g: &ColorsOfParis, st: &mut ColorsOfParisState, prefix: &str) {
    let a = find(g, st, prefix);
    st.apply_action(g, a).unwrap_or_else(|e| panic!("{e}"));
}

/// The player to move at a decision node.
pub fn mover(st: &ColorsOfParisState) -> usize {
    st.mover()
}

/// The filled-square mask of a painting.
pub fn filled_mask(st: &ColorsOfParisState, card: usize) -> u16 {
    st.fill[card]
}
