//! Observation tensors, what each player knows of the patrons, and resampling of hidden
//! information (the observation and information-state strings are written in `render`).
//!
//! Hidden information is the patron cards only: a player sees the patrons they hold, the two
//! dealt to them at setup, and where the patron they put under the deck is (still under the
//! deck, or drawn by whom). Other players' patrons and the patron deck are unknown until the
//! end, when every held patron is revealed for scoring. The painting deck's contents are
//! public (every card not face up and not painted), only its order is unknown, and the
//! engine draws each refill uniformly from it, so nothing about paintings is hidden.
//!
//! `resample` keeps every card whose location the player knows, and deals the unknown ones
//! uniformly at random (a uniform permutation) over the places those unknown cards occupy:
//! other players' hands and pending deals, the shuffled deck, and the under-deck positions
//! of cards put there by other players. Every consistent assignment is equally likely.

use salon_core::{TensorWriter, Xoshiro256StarStar};

use crate::components::{NUM_COLOURS, NUM_PAINTINGS, NUM_PATRONS};
use crate::scoring::public_score;
use crate::state::{
    AtelierStudioState, Phase, DICE, MAX_P, NONE, NUM_PHASES, PAT_BOTTOM, PAT_DEALT, P_DECK,
};
use crate::{game::AtelierStudio, game::DISPLAY, game::MAX_ROUNDS};

pub const OBS_SIZE: usize = 781;

/// Where `observer` knows patron `card` to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    Held(usize),
    DealtToMe,
    UnderDeck,
}

pub fn known_location(s: &AtelierStudioState, observer: usize, card: usize) -> Option<Known> {
    let loc = s.patron_loc[card];
    let n = s.num_players();
    if (loc as usize) < n && (loc as usize == observer || s.phase == Phase::Terminal) {
        return Some(Known::Held(loc as usize));
    }
    if loc == PAT_DEALT + observer as u8 {
        return Some(Known::DealtToMe);
    }
    if s.returned[observer] as usize == card {
        if (loc as usize) < n {
            return Some(Known::Held(loc as usize));
        }
        if loc >= PAT_BOTTOM {
            return Some(Known::UnderDeck);
        }
    }
    None
}

pub fn observation_tensor(
    s: &AtelierStudioState,
    game: &AtelierStudio,
    player: usize,
    out: &mut [f32],
) {
    let mut w = TensorWriter::new(out);
    let n = s.num_players();
    w.one_hot(MAX_P, player);
    w.one_hot(MAX_P, s.cur());
    w.one_hot(MAX_P, s.start as usize);
    w.one_hot(NUM_PHASES, s.phase.index());
    w.put(s.round as f32 / MAX_ROUNDS as f32);
    w.put((s.end_round != 0) as u8 as f32);
    w.put((s.end_round != 0 && s.round >= s.end_round) as u8 as f32);
    for p in 0..MAX_P {
        w.put(s.active[p] as f32 / DICE as f32);
    }
    for f in 0..6 {
        w.put(s.rolled[f] as f32);
    }
    w.put(s.did_dice_action as u8 as f32);
    w.put(s.did_inspire as u8 as f32);
    for c in 0..NUM_COLOURS {
        w.put(s.piles[c] as f32);
    }
    for p in 0..MAX_P {
        for c in 0..NUM_COLOURS {
            w.put(s.cyl[p][c] as f32);
        }
    }
    for p in 0..MAX_P {
        for c in 0..NUM_COLOURS {
            w.put(s.students[p][c] as f32);
        }
    }
    for p in 0..MAX_P {
        w.put(s.pool[p] as f32);
    }
    for p in 0..MAX_P {
        w.put(s.tokens[p] as f32);
    }
    w.put(s.token_supply as f32);
    for slot in 0..DISPLAY {
        w.one_hot(NUM_PAINTINGS, s.display[slot] as usize);
    }
    for i in 0..NUM_PAINTINGS {
        let loc = s.painting_loc[i] as usize;
        w.one_hot(MAX_P, loc);
    }
    for i in 0..NUM_PAINTINGS {
        w.put((s.painting_loc[i] == P_DECK) as u8 as f32);
    }
    w.one_hot(MAX_P, s.first_master as usize);
    w.bits(NUM_PAINTINGS, s.turn_power_used);
    // Patrons: public counts.
    for p in 0..MAX_P {
        w.put(s.patron_loc.iter().filter(|&&l| l as usize == p).count() as f32);
    }
    for p in 0..MAX_P {
        w.put(
            s.patron_loc
                .iter()
                .filter(|&&l| l == PAT_DEALT + p as u8)
                .count() as f32,
        );
    }
    w.put(s.patron_deck_count() as f32);
    w.put((s.bottom_len - s.bottom_head) as f32);
    // Patrons: what this player knows.
    for c in 0..NUM_PATRONS {
        let k = known_location(s, player, c);
        for p in 0..MAX_P {
            w.put((k == Some(Known::Held(p))) as u8 as f32);
        }
        w.put((k == Some(Known::DealtToMe)) as u8 as f32);
        w.put((k == Some(Known::UnderDeck)) as u8 as f32);
    }
    for p in 0..MAX_P {
        w.put(s.patron_draws[p] as f32);
    }
    // Sub-decision context.
    let mover = if s.phase == Phase::MoveStudents {
        s.move_player()
    } else {
        NONE as usize
    };
    w.one_hot(MAX_P, mover);
    w.put(s.sub_moved as u8 as f32);
    w.put(s.sub_count as f32);
    w.one_hot(DISPLAY, s.paint_slot as usize);
    w.one_hot(NUM_PAINTINGS, s.paint_card as usize);
    w.one_hot(4, s.paint_stage as usize);
    for p in 0..MAX_P {
        w.put(if p < n {
            public_score(s, game, p) as f32
        } else {
            0.0
        });
    }
    debug_assert_eq!(w.position(), OBS_SIZE);
}

pub fn resample(
    s: &AtelierStudioState,
    _game: &AtelierStudio,
    player: usize,
    rng: &mut Xoshiro256StarStar,
) -> AtelierStudioState {
    let mut unknown = [0u8; NUM_PATRONS];
    let mut m = 0;
    for c in 0..NUM_PATRONS {
        if known_location(s, player, c).is_none() {
            unknown[m] = c as u8;
            m += 1;
        }
    }
    // The draw depends on the player's information only: the unseen patrons (by name) are
    // shuffled, then dealt to the unseen places in the order of the places (held by a seat,
    // in the deck, dealt, under the deck), so two states the player cannot tell apart give
    // the same state for the same generator.
    let mut target = unknown;
    for i in (1..m).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        target.swap(i, j);
    }
    unknown[..m].sort_by_key(|&c| (s.patron_loc[c as usize], c));
    // sigma(unknown[i]) = target[i]; identity elsewhere.
    let mut sigma: [u8; NUM_PATRONS] = std::array::from_fn(|c| c as u8);
    for i in 0..m {
        sigma[unknown[i] as usize] = target[i];
    }
    let mut out = *s;
    for c in 0..NUM_PATRONS {
        out.patron_loc[sigma[c] as usize] = s.patron_loc[c];
    }
    for i in 0..MAX_P {
        if (s.bottom[i] as usize) < NUM_PATRONS {
            out.bottom[i] = sigma[s.bottom[i] as usize];
        }
        if (s.returned[i] as usize) < NUM_PATRONS {
            out.returned[i] = sigma[s.returned[i] as usize];
        }
    }
    out
}
