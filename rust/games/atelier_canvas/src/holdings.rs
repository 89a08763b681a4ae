//! Cards as bit sets by card id: one player's holdings, the cards at a place, the cards with
//! a flag; and the place and flag codes a state keeps for every card.
//!
//! Move generation asks "which cards are in this hand" and "which stacks are in this palette"
//! several times per call (sources, each playable card, each target); scanning all 105
//! locations for each question was most of its cost. The state keeps the sets it asks most
//! (the deck, each hand, each palette, the turned cards) next to its per-card bytes; the
//! others, and those sets where a position is built card by card, are read here eight cards
//! at a time from the bytes alone (the location and flag arrays), so this file sits below
//! the state and knows only those bytes.

use crate::components::{FIRST_PAINTED, NUM_BLANK, NUM_CARDS, NUM_PLAYABLE};

// Card locations.
pub const LOC_DECK: u8 = 0;
pub const LOC_DISCARD: u8 = 1;
/// `LOC_HAND + player`.
pub const LOC_HAND: u8 = 2;
/// `LOC_PALETTE + player`.
pub const LOC_PALETTE: u8 = 7;
/// `LOC_CIRCLE + slot`.
pub const LOC_CIRCLE: u8 = 12;
/// Chosen to be played this turn, its cost not yet paid.
pub const LOC_PLAYING: u8 = 20;

// Card flags.
/// A hand card every player knows (it was taken face up from the circle).
pub const F_KNOWN: u8 = 1;
/// A palette card turned this turn (its colour is used).
pub const F_TAPPED: u8 = 2;
/// A painted canvas that is a fake.
pub const F_FAKE: u8 = 4;

/// Cards with an id below `NUM_PLAYABLE` (jokers are never played or placed).
pub(crate) const PLAYABLE: u128 = (1u128 << NUM_PLAYABLE) - 1;
/// Blank canvases: the bottom card of every palette stack.
pub(crate) const BLANK_CARDS: u128 = (1u128 << NUM_BLANK) - 1;
pub(crate) const DRAWN_CARDS: u128 = ((1u128 << FIRST_PAINTED) - 1) & !BLANK_CARDS;
pub(crate) const PAINTED_CARDS: u128 = PLAYABLE & !BLANK_CARDS & !DRAWN_CARDS;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Holdings {
    /// Cards in the player's hand.
    pub hand: u128,
    /// Cards in the player's palette.
    pub palette: u128,
    /// Palette cards not turned this turn.
    pub untapped: u128,
}

impl Holdings {
    #[inline]
    pub fn holds(&self, card: usize) -> bool {
        card < NUM_CARDS && self.hand >> card & 1 != 0
    }

    /// Hand cards that can be played (not jokers), ascending.
    #[inline]
    pub fn playable_in_hand(&self) -> Bits {
        Bits::of(self.hand & PLAYABLE)
    }

    /// The blank canvases at the bottom of the player's stacks, ascending.
    #[inline]
    pub fn stacks(&self) -> Bits {
        Bits::of(self.palette & BLANK_CARDS)
    }
}

/// The cards at location `place` (of every card's location `loc`), as a set.
pub(crate) fn cards_at(loc: &[u8; NUM_CARDS], place: u8) -> u128 {
    select(
        loc,
        |word| byte_mask(equal_bytes(word, place)),
        |byte| byte == place,
    )
}

/// The cards with any of the `flag` bits set (of every card's `flags`), as a set.
pub(crate) fn cards_flagged(flags: &[u8; NUM_CARDS], flag: u8) -> u128 {
    select(
        flags,
        |word| !byte_mask(zero_bytes(word & splat(flag))) & 0xff,
        |byte| byte & flag != 0,
    )
}

/// The cards whose byte in `bytes` passes a test, as a set. Eight cards per step: `word_test`
/// answers for the eight bytes of a little-endian word at once (bits 0-7), where a loop over
/// single cards cost about half of move generation; `byte_test` answers for the cards past
/// the last whole word.
#[inline]
fn select(
    bytes: &[u8; NUM_CARDS],
    word_test: impl Fn(u64) -> u64,
    byte_test: impl Fn(u8) -> bool,
) -> u128 {
    let mut set = 0u128;
    for (k, word) in bytes.chunks_exact(8).enumerate() {
        let word = u64::from_le_bytes(word.try_into().unwrap_or_default());
        set |= (word_test(word) as u128) << (8 * k);
    }
    for c in NUM_CARDS / 8 * 8..NUM_CARDS {
        set |= (byte_test(bytes[c]) as u128) << c;
    }
    set
}

const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// `byte` in each of the eight bytes of a word.
#[inline]
fn splat(byte: u8) -> u64 {
    u64::from_ne_bytes([byte; 8])
}

/// 0x80 in each byte of `x` that is zero and 0 elsewhere, exactly (no carry between bytes:
/// the high bit of each byte is kept out of the addition).
#[inline]
fn zero_bytes(x: u64) -> u64 {
    !(((x & LOW7).wrapping_add(LOW7)) | x | LOW7)
}

/// 0x80 in each byte of `word` equal to `byte`.
#[inline]
pub(crate) fn equal_bytes(word: u64, byte: u8) -> u64 {
    zero_bytes(word ^ splat(byte))
}

/// The high bits of the eight bytes (byte `i` of a little-endian word is card `8k + i`)
/// gathered into bits 0-7: the multiplier moves byte `i`'s bit to bit `56 + i`, and no two
/// partial products meet below it, so nothing carries into the result.
#[inline]
fn byte_mask(high_bits: u64) -> u64 {
    ((high_bits >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

/// The set bits of a card set, ascending. Kept as two words: a step is one word's lowest
/// bit, where a 128-bit step costs two of everything.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bits {
    lo: u64,
    hi: u64,
}

impl Bits {
    #[inline]
    pub fn of(set: u128) -> Bits {
        Bits {
            lo: set as u64,
            hi: (set >> 64) as u64,
        }
    }
}

impl Iterator for Bits {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.lo != 0 {
            let i = self.lo.trailing_zeros() as usize;
            self.lo &= self.lo - 1;
            return Some(i);
        }
        if self.hi != 0 {
            let i = self.hi.trailing_zeros() as usize;
            self.hi &= self.hi - 1;
            return Some(64 + i);
        }
        None
    }

    /// One tight loop per word (`for_each`, `fold`: the deck's cards for every chance node).
    #[inline]
    fn fold<B, F: FnMut(B, usize) -> B>(self, init: B, mut f: F) -> B {
        let mut acc = init;
        for (base, mut word) in [(0, self.lo), (64, self.hi)] {
            while word != 0 {
                acc = f(acc, base + word.trailing_zeros() as usize);
                word &= word - 1;
            }
        }
        acc
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_tests_match_a_byte_by_byte_loop() {
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..10_000 {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            // Bytes from a small alphabet so that equal and zero bytes are common, and the
            // edge values 0x00, 0x7f, 0x80 and 0xff appear.
            let bytes: [u8; 8] = std::array::from_fn(|i| {
                [0u8, 1, 2, 7, 0x7f, 0x80, 0xff, 9][(rng >> (3 * i) & 7) as usize]
            });
            let word = u64::from_le_bytes(bytes);
            for target in [0u8, 2, 7, 0x80, 0xff] {
                let want = (0..8)
                    .filter(|&i| bytes[i] == target)
                    .fold(0u64, |m, i| m | 1 << i);
                assert_eq!(
                    byte_mask(equal_bytes(word, target)),
                    want,
                    "{bytes:?} == {target}"
                );
            }
            let want_zero = (0..8)
                .filter(|&i| bytes[i] == 0)
                .fold(0u64, |m, i| m | 1 << i);
            assert_eq!(byte_mask(zero_bytes(word)), want_zero, "{bytes:?}");
        }
    }

    #[test]
    fn bits_are_ascending_and_complete() {
        let set = (1u128 << 0) | (1u128 << 63) | (1u128 << 64) | (1u128 << 104);
        assert_eq!(Bits::of(set).collect::<Vec<_>>(), vec![0, 63, 64, 104]);
        assert_eq!(Bits::of(0).next(), None);
        let mut folded = Vec::new();
        Bits::of(set).for_each(|c| folded.push(c));
        assert_eq!(folded, vec![0, 63, 64, 104]);
    }
}
