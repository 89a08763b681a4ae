//! Observations, information states and resampling of hidden cards.
//!
//! Hidden-information model. Public: the circle, every palette (with turned cards and
//! fakes), the discard pile, the number of cards in the deck and in each hand, the objective
//! owners, the card being played and the unpaid cost, and the hand cards someone took face
//! up from the circle (marked "known" until they leave the hand). Hidden: the deck's order
//! and contents, and the cards a player drew face down (or was dealt), which only that player
//! sees.
//!
//! Every card a player drew face down is tagged with the deck *epoch* it came from (the
//! number of reshuffles of the discard pile before the draw). From a player's point of view
//! the unseen cards fall into groups by epoch: the cards of the current epoch are in the deck
//! or in opponents' hands (drawn this epoch); the cards of an earlier epoch are in opponents'
//! hands only (the deck was empty when it was reshuffled). Within a group every assignment
//! of cards to places is equally likely under the rules, so [`resample`] shuffles each group
//! uniformly over its places (deck, and each opponent's face-down cards of that epoch). The
//! information state lists each group's cards and each opponent's count per epoch, which a
//! resample keeps exactly. (Not modelled: what a forced "pass" reveals about a hand, a
//! position that needs the deck, the discard pile and the circle all empty.)

use std::fmt::Write;

use salon_core::Xoshiro256StarStar;

use crate::actions::mover_can_go_on;
use crate::components::{NUM_BASIC, NUM_CARDS, NUM_OBJECTIVES};
use crate::holdings::{
    F_FAKE, F_KNOWN, F_TAPPED, LOC_CIRCLE, LOC_DECK, LOC_DISCARD, LOC_HAND, LOC_PALETTE,
    LOC_PLAYING,
};
use crate::render::observation_string;
use crate::scoring;
use crate::state::{AtelierCanvasState, Phase, NONE};
use crate::{game::AtelierCanvas, game::CIRCLE, game::END_PAINTINGS, game::MAX_ROUNDS};

pub use crate::state::hidden_from;

/// Per-card features.
pub const CARD_FEATURES: usize = 25;
/// Global features after the card block.
pub const GLOBAL_FEATURES: usize =
    5 + 2 + 2 + 5 + 10 + NUM_OBJECTIVES * 6 + 14 + 1 + 4 + 1 + 9 + 1 + 1 + 5 + 1;
/// Size of the flat observation tensor.
pub const TENSOR_SIZE: usize = NUM_CARDS * CARD_FEATURES + GLOBAL_FEATURES;

/// The epoch group of a card hidden from a player.
fn group_of(s: &AtelierCanvasState, card: usize) -> u16 {
    if s.loc[card] == LOC_DECK {
        s.epoch_now
    } else {
        s.epoch[card]
    }
}

fn rel(p: usize, j: usize, n: usize) -> usize {
    (j + n - p) % n
}

fn phase_index(ph: Phase) -> usize {
    match ph {
        Phase::Deal => 0,
        Phase::Refill => 1,
        Phase::Start => 2,
        Phase::Second => 3,
        Phase::DeckDraw => 4,
        Phase::Discard => 5,
        Phase::Target => 6,
        Phase::Pay => 7,
        Phase::More | Phase::End => 8,
    }
}

/// The location column (0..=20) of a card row for each location id, as `p` sees it; a
/// hidden card's column (0) is decided per card. One table per call keeps the per-card work
/// free of branches on the location.
fn location_columns(p: usize, n: usize) -> [u8; 32] {
    let mut column = [NONE; 32];
    column[LOC_DECK as usize] = 0;
    column[LOC_DISCARD as usize] = 19;
    column[LOC_PLAYING as usize] = 20;
    for j in 0..n {
        column[(LOC_HAND as usize) + j] = 1 + rel(p, j, n) as u8; // 1: own hand, 2..5: others'
        column[(LOC_PALETTE as usize) + j] = 14 + rel(p, j, n) as u8;
    }
    for c in 0..CIRCLE {
        column[LOC_CIRCLE as usize + c] = 6 + c as u8;
    }
    column
}

pub(crate) fn observation_tensor(
    s: &AtelierCanvasState,
    game: &AtelierCanvas,
    p: usize,
    out: &mut [f32],
) {
    if out.len() < TENSOR_SIZE {
        return;
    }
    let n = game.players;
    let column = location_columns(p, n);
    let own_hand = LOC_HAND + p as u8;
    // Non-short-circuit `&` and stores of zeros keep this loop free of branches on where the
    // card is, which no predictor guesses well.
    for (c, row) in out[..NUM_CARDS * CARD_FEATURES]
        .chunks_exact_mut(CARD_FEATURES)
        .enumerate()
    {
        let l = s.loc[c];
        let flags = s.flags[c];
        let in_hand = l.wrapping_sub(LOC_HAND) < 5;
        let hidden = in_hand & (l != own_hand) & (flags & F_KNOWN == 0);
        let col = column[(l & 31) as usize] * !hidden as u8;
        if let Some(x) = row.get_mut(col as usize) {
            *x = 1.0;
        }
        let in_palette = l.wrapping_sub(LOC_PALETTE) < 5;
        row[21] = (in_palette & (s.on[c] != NONE)) as u8 as f32;
        row[22] = (in_palette & (flags & F_TAPPED != 0)) as u8 as f32;
        row[23] = (in_palette & (flags & F_FAKE != 0)) as u8 as f32;
        row[24] = (s.sel_target as usize == c) as u8 as f32;
    }
    let mut i = NUM_CARDS * CARD_FEATURES;
    let mut put = |v: f32, out: &mut [f32]| {
        out[i] = v;
        i += 1;
    };
    for r in 0..5 {
        let j = (p + r) % n;
        put(
            if r < n {
                s.hand_count[j] as f32 / 10.0
            } else {
                0.0
            },
            out,
        );
    }
    put(s.deck_count as f32 / NUM_CARDS as f32, out);
    put(s.discard_count as f32 / NUM_CARDS as f32, out);
    put(s.paintings as f32 / 10.0, out);
    put(END_PAINTINGS[n] as f32 / 10.0, out);
    for r in 0..5 {
        put(
            if r < n && rel(p, s.current as usize, n) == r {
                1.0
            } else {
                0.0
            },
            out,
        );
    }
    let ph = phase_index(s.phase);
    for k in 0..9 {
        put(if k == ph { 1.0 } else { 0.0 }, out);
    }
    put(if s.phase == Phase::End { 1.0 } else { 0.0 }, out);
    for o in 0..NUM_OBJECTIVES {
        let owner = s.objective_owner[o];
        let slot = if owner == NONE {
            5
        } else {
            rel(p, owner as usize, n)
        };
        for k in 0..6 {
            put(if k == slot { 1.0 } else { 0.0 }, out);
        }
    }
    for c in 0..NUM_BASIC {
        put(s.need_plain[c] as f32, out);
    }
    for c in 0..NUM_BASIC {
        put(s.need_comp[c] as f32, out);
    }
    for k in 0..4 {
        put(s.need_pair[k] as f32, out);
    }
    put(s.played as f32 / 3.0, out);
    for k in 0..4 {
        put(if s.play_kind as usize == k { 1.0 } else { 0.0 }, out);
    }
    put(if s.end_triggered { 1.0 } else { 0.0 }, out);
    for k in 0..9 {
        put(if s.first_take as usize == k { 1.0 } else { 0.0 }, out);
    }
    put(s.takes as f32 / 2.0, out);
    put(s.turns as f32 / (MAX_ROUNDS * n) as f32, out);
    let scores = scoring::scores(s, game);
    for r in 0..5 {
        let j = (p + r) % n;
        put(if r < n { scores[j] as f32 / 20.0 } else { 0.0 }, out);
    }
    // The secondary-colour rule (it changes what pays); `expert=true` sets it.
    put(if game.expert_secondary { 1.0 } else { 0.0 }, out);
    debug_assert_eq!(i, TENSOR_SIZE);
}

fn name(game: &AtelierCanvas, c: usize) -> &str {
    game.set.cards.get(c).map(|x| x.id.as_str()).unwrap_or("?")
}

fn add(out: &mut String, name: &str) {
    if !out.is_empty() {
        out.push(' ');
    }
    out.push_str(name);
}

/// The observation plus what the player has deduced: the unseen cards by deck epoch and the
/// number of face-down cards of each epoch in each opponent's hand.
pub(crate) fn information_state_string(
    s: &AtelierCanvasState,
    game: &AtelierCanvas,
    p: usize,
) -> String {
    let mut o = observation_string(s, game, p);
    // Unseen cards grouped by epoch, in one pass: (epoch, names, count per player).
    let mut groups: Vec<(u16, String, [u8; 5])> = Vec::new();
    for c in 0..NUM_CARDS {
        if !hidden_from(s, c, p) {
            continue;
        }
        let e = group_of(s, c);
        let g = match groups.iter().position(|g| g.0 == e) {
            Some(i) => i,
            None => {
                groups.push((e, String::new(), [0; 5]));
                groups.len() - 1
            }
        };
        add(&mut groups[g].1, name(game, c));
        let l = s.loc[c];
        if (LOC_HAND..LOC_HAND + 5).contains(&l) {
            groups[g].2[(l - LOC_HAND) as usize] += 1;
        }
    }
    groups.sort_unstable_by_key(|g| g.0);
    for (e, cards, per_player) in groups {
        let mut counts = String::new();
        for (j, &k) in per_player.iter().enumerate().take(game.players) {
            if k > 0 {
                if !counts.is_empty() {
                    counts.push(' ');
                }
                let _ = write!(counts, "p{j}:{k}");
            }
        }
        let deck = if e == s.epoch_now {
            format!(", deck {}", s.deck_count)
        } else {
            String::new()
        };
        let _ = writeln!(o, "unseen epoch {e} ({counts}{deck}): {cards}");
    }
    o
}

/// A state that `p` cannot tell from this one, the unseen cards redrawn uniformly within
/// their epoch groups.
/// Draws until the redealt state leaves the player to move a way to finish what they
/// started. A player who chose a card to play (choosing its target, or paying) is known to
/// be able to pay it whole (a card is only offered when its whole cost can be paid), so the
/// draws that break this are not consistent with what `p` knows: rejecting them keeps the
/// draw uniform over the consistent deals. After `RESAMPLE_TRIES` rejections (never seen in
/// testing) the true deal is returned.
const RESAMPLE_TRIES: usize = 4096;

pub(crate) fn resample(
    s: &AtelierCanvasState,
    game: &AtelierCanvas,
    p: usize,
    rng: &mut Xoshiro256StarStar,
) -> AtelierCanvasState {
    for _ in 0..RESAMPLE_TRIES {
        let out = redeal(s, p, rng);
        if mover_can_go_on(&out, game) {
            return out;
        }
    }
    *s
}

fn redeal(s: &AtelierCanvasState, p: usize, rng: &mut Xoshiro256StarStar) -> AtelierCanvasState {
    let mut out = *s;
    let mut done = [false; NUM_CARDS];
    for first in 0..NUM_CARDS {
        if done[first] || !hidden_from(s, first, p) {
            continue;
        }
        let e = group_of(s, first);
        let mut cards = [0u8; NUM_CARDS];
        let mut len = 0;
        for c in first..NUM_CARDS {
            if !done[c] && hidden_from(s, c, p) && group_of(s, c) == e {
                done[c] = true;
                cards[len] = c as u8;
                len += 1;
            }
        }
        // The places, in their own order (not the cards': the draw then depends on what `p`
        // knows only, the same for two states `p` cannot tell apart); the cards, shuffled
        // (Fisher-Yates).
        let mut places = [0u8; NUM_CARDS];
        for (place, &c) in places.iter_mut().zip(&cards[..len]) {
            *place = s.loc[c as usize];
        }
        places[..len].sort_unstable();
        let mut shuffled = cards;
        for i in (1..len).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            shuffled.swap(i, j);
        }
        for (k, &place) in places[..len].iter().enumerate() {
            let c = shuffled[k] as usize;
            out.loc[c] = place;
            out.flags[c] = 0;
            out.epoch[c] = e;
        }
    }
    out.sync_sets();
    out
}
