//! Observation tensor and information state (the observation string is written in `render`,
//! from the observer's view of the position).
//!
//! Hidden information: the painting deck and the bonus deck are face down, and bonus cards
//! are held face down. Draws are chance nodes over the cards not yet out, so the state holds
//! no deck order; what a player cannot see is (a) which cards are still in the painting deck
//! (known anyway: every card out of it is public) and (b) the identity of the other players'
//! bonus cards. The observation shows the player's own bonus cards and only the number held
//! by the others (all are revealed once the game is over). Player slots in the tensor are
//! relative: slot 0 is the observer, slot 1 the next player in seat order, and so on.
//!
//! `resample` draws a full state consistent with what one player knows.
//!
//! The information state string is the observation string headed by the observer's seat:
//! every public fact of the past that matters for the future (cards removed, paintings
//! finished, whites used, tokens taken) is kept in the state itself.

use salon_core::{TensorWriter, Xoshiro256StarStar};

use crate::components::*;
use crate::game::ColorsOfParis;
use crate::state::*;

const GLOBAL: usize = 9 + 7 + 1 + MAX_SECTORS + 4 + 4 + 1 + 1 + 3 + 4 + 4 + 1;
const SUPPLY_LEN: usize = NUM_COLOURS + 3;
const PER_PLAYER: usize = NUM_COLOURS + 3 * TRACK_LEN + 3 * 5 + 9 + NUM_PAINTERS;
const PER_SPACE: usize = 4 + 1 + 1 + 10;
const PER_CARD: usize = 3 + 4 + 4 + MAX_EASELS + 9 + 9;
const PER_BONUS: usize = 4;
/// Length of the flat observation tensor.
pub const TENSOR_SIZE: usize = GLOBAL
    + SUPPLY_LEN
    + MAX_P * PER_PLAYER
    + (NUM_SPACES - 1) * PER_SPACE
    + NUM_PAINTINGS * PER_CARD
    + NUM_BONUS * PER_BONUS;

fn rel(st: &ColorsOfParisState, player: usize, q: u8) -> usize {
    if q == NONE || q >= st.n {
        return usize::MAX;
    }
    // q and player are below np, so one conditional subtraction replaces a division.
    let r = q as usize + st.np() - player;
    if r >= st.np() {
        r - st.np()
    } else {
        r
    }
}

pub(crate) fn observation_tensor(
    st: &ColorsOfParisState,
    g: &ColorsOfParis,
    player: usize,
    out: &mut [f32],
) {
    let mut w = TensorWriter::new(out);
    let over = st.phase == PH_OVER;
    // Global.
    w.one_hot(9, st.phase as usize);
    w.one_hot(
        7,
        if st.phase == PH_RESOLVE {
            st.sub as usize
        } else {
            usize::MAX
        },
    );
    w.put(st.round as f32 / MAX_ROUNDS as f32);
    w.one_hot(MAX_SECTORS, st.rot as usize);
    w.one_hot(4, rel(st, player, st.first));
    let mover = match st.actor_kind() {
        salon_core::Actor::Player(p) => rel(st, player, p),
        _ => usize::MAX,
    };
    w.one_hot(4, mover);
    w.put(st.end_triggered as u8 as f32);
    w.put(st.paint_left as f32 / 10.0);
    w.one_hot(
        3,
        if st.sub == SUB_DEV_BONUS {
            st.sub_arg as usize
        } else {
            usize::MAX
        },
    );
    w.one_hot(4, rel(st, player, st.rotate_player));
    w.one_hot(4, rel(st, player, st.fp_claim));
    w.put(st.half_turn as u8 as f32);
    // Supply and tokens.
    for c in 0..NUM_COLOURS {
        w.put(st.supply[c] as f32 / 40.0);
    }
    for t in 0..3 {
        w.put(st.tokens[t] as f32 / TOKENS_PER_TOOL as f32);
    }
    // Players, relative to the observer.
    for slot in 0..MAX_P {
        if slot >= st.np() {
            w.skip(PER_PLAYER);
            continue;
        }
        let q = (player + slot) % st.np();
        for c in 0..NUM_COLOURS {
            w.put(st.pig[q][c] as f32 / 12.0);
        }
        for t in 0..3 {
            w.one_hot(TRACK_LEN, (st.tools[q][t] as usize).wrapping_sub(1));
        }
        for t in 0..3 {
            w.one_hot(5, st.dev[q][t] as usize);
        }
        w.put(st.assistants[q] as f32 / 6.0);
        w.put(st.hired[q] as f32 / 6.0);
        w.put(st.to_place[q] as f32 / 6.0);
        w.put(st.unresolved[q] as f32 / 6.0);
        w.put(st.white_placed[q] as f32 / 6.0);
        w.put(st.white_open[q] as f32 / 6.0);
        w.put(st.finished[q] as f32 / 2.0);
        w.put(st.whites_used[q] as f32 / 6.0);
        let held = st.bonus_loc.iter().filter(|&&l| l == 1 + q as u8).count();
        w.put(held as f32 / 5.0);
        w.one_hot(
            NUM_PAINTERS,
            if st.advanced {
                st.painter[q] as usize
            } else {
                usize::MAX
            },
        );
    }
    // Spaces (all but the white one, whose counts are per player above).
    for s in 0..NUM_SPACES - 1 {
        w.one_hot(4, rel(st, player, st.occ[s]));
        w.put((st.done >> s & 1) as f32);
        let unusable = if s < MAX_BOTTOM_SPACES {
            s >= g.data.num_bottom_spaces || g.is_covered(s)
        } else {
            false
        };
        w.put(unusable as u8 as f32);
        let kind = if s < g.data.num_bottom_spaces {
            st.kind_at(g, s).index()
        } else {
            usize::MAX
        };
        w.one_hot(WheelAction::COUNT, kind);
    }
    // Paintings.
    for c in 0..NUM_PAINTINGS {
        let l = st.card_loc[c];
        w.one_hot(3, if l < LOC_HELD { l as usize } else { usize::MAX });
        w.one_hot(
            4,
            if (LOC_HELD..LOC_DONE).contains(&l) {
                rel(st, player, l - LOC_HELD)
            } else {
                usize::MAX
            },
        );
        w.one_hot(
            4,
            if l >= LOC_DONE {
                rel(st, player, l - LOC_DONE)
            } else {
                usize::MAX
            },
        );
        let e = st
            .easel
            .iter()
            .position(|&x| x == c as u8)
            .unwrap_or(usize::MAX);
        w.one_hot(MAX_EASELS, e);
        w.bits(9, st.fill[c] as u64);
        w.bits(9, st.whites[c] as u64);
    }
    // Bonus cards: the observer's own, or everyone's once the game is over.
    for b in 0..NUM_BONUS {
        let l = st.bonus_loc[b];
        let owner = if l == 0 { NONE } else { l - 1 };
        let visible = owner == player as u8 || (over && owner != NONE);
        w.one_hot(
            4,
            if visible {
                rel(st, player, owner)
            } else {
                usize::MAX
            },
        );
    }
    debug_assert_eq!(w.position(), TENSOR_SIZE);
}

pub(crate) fn information_state_string(
    st: &ColorsOfParisState,
    g: &ColorsOfParis,
    player: usize,
) -> String {
    format!(
        "observer: player {player}\n{}",
        crate::render::observation_string(st, g, player)
    )
}

/// Redraws the bonus cards `player` cannot see: the cards in the deck and in the other
/// players' hands are pooled, and each other player gets as many as they hold, drawn
/// uniformly without replacement (a uniform draw over the consistent assignments).
pub(crate) fn resample(
    state: &ColorsOfParisState,
    player: usize,
    rng: &mut Xoshiro256StarStar,
) -> ColorsOfParisState {
    let mut st = *state;
    if state.phase == PH_OVER || !state.advanced {
        return st;
    }
    let mut pool = [0u8; NUM_BONUS];
    let mut len = 0usize;
    for b in 0..NUM_BONUS {
        let l = state.bonus_loc[b];
        if l == 0 || l != 1 + player as u8 {
            pool[len] = b as u8;
            len += 1;
        }
    }
    // Fisher-Yates on the pool.
    for i in (1..len).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        pool.swap(i, j);
    }
    let mut k = 0usize;
    for q in 0..state.np() {
        if q == player {
            continue;
        }
        let count = state
            .bonus_loc
            .iter()
            .filter(|&&l| l == 1 + q as u8)
            .count();
        for _ in 0..count {
            st.bonus_loc[pool[k] as usize] = 1 + q as u8;
            k += 1;
        }
    }
    for &b in &pool[k..len] {
        st.bonus_loc[b as usize] = 0;
    }
    st
}
