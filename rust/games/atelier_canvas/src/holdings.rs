//! One player's cards as bit sets by card id, gathered in one pass over the card locations.
//!
//! Move generation asks "which cards are in this hand" and "which stacks are in this palette"
//! several times per call (sources, each playable card, each target); scanning all 105
//! locations for each question was most of its cost.

use crate::components::{NUM_BLANK, NUM_CARDS, NUM_PLAYABLE};
use crate::state::{AtelierCanvasState, F_TAPPED, LOC_HAND, LOC_PALETTE};

/// Cards with an id below `NUM_PLAYABLE` (jokers are never played or placed).
const PLAYABLE: u128 = (1u128 << NUM_PLAYABLE) - 1;
/// Blank canvases: the bottom card of every palette stack.
const BLANKS: u128 = (1u128 << NUM_BLANK) - 1;

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
    pub fn of(s: &AtelierCanvasState, player: usize) -> Holdings {
        let hand_loc = LOC_HAND + player as u8;
        let palette_loc = LOC_PALETTE + player as u8;
        let mut h = Holdings::default();
        for c in 0..NUM_CARDS {
            let bit = 1u128 << c;
            let l = s.loc[c];
            h.hand |= if l == hand_loc { bit } else { 0 };
            if l == palette_loc {
                h.palette |= bit;
                h.untapped |= if s.flags[c] & F_TAPPED == 0 { bit } else { 0 };
            }
        }
        h
    }

    #[inline]
    pub fn holds(&self, card: usize) -> bool {
        card < NUM_CARDS && self.hand >> card & 1 != 0
    }

    /// Hand cards that can be played (not jokers), ascending.
    #[inline]
    pub fn playable_in_hand(&self) -> Bits {
        Bits(self.hand & PLAYABLE)
    }

    /// The blank canvases at the bottom of the player's stacks, ascending.
    #[inline]
    pub fn stacks(&self) -> Bits {
        Bits(self.palette & BLANKS)
    }
}

/// The set bits of a card set, ascending.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bits(pub u128);

impl Iterator for Bits {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_are_ascending_and_complete() {
        let set = (1u128 << 0) | (1u128 << 63) | (1u128 << 64) | (1u128 << 104);
        assert_eq!(Bits(set).collect::<Vec<_>>(), vec![0, 63, 64, 104]);
        assert_eq!(Bits(0).next(), None);
    }
}
