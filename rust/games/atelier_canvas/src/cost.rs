//! Costs as units to pay: what a card's cost still asks for ([`Needs`]), what a player can pay
//! with ([`Sources`]), and whether those sources can pay those needs.
//!
//! Pure arithmetic on colour counts, below the state: the card facts keep each card's needs,
//! the state keeps the unpaid needs of the card being played, and legality asks whether the
//! rest of a cost can still be paid.

use crate::components::{NUM_BASIC, SECONDARY_PARTS};

/// Counts by basic colour, one byte each: the five colours and three bytes that stay zero,
/// so that a count reads as one 64-bit word (see [`Needs::feasible`]).
pub(crate) const LANES: usize = 8;

/// Counts of the sources a player can pay with now.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Sources {
    pub hand: [u8; LANES],
    pub jokers: u8,
    /// `joker_colours=basic`: jokers pay white and black units too.
    pub jokers_pay_white_black: bool,
    pub palette: [u8; LANES],
    pub pairs: [u8; 4],
}

/// Needs still to pay.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Needs {
    pub plain: [u8; LANES],
    pub comp: [u8; LANES],
    pub pair: [u8; 4],
}

/// A joker in a count of sources by colour: the byte after the colours'.
pub(crate) const JOKER_UNIT: u64 = 1 << (8 * NUM_BASIC);
/// The colours' bytes of a count.
pub(crate) const COLOUR_BYTES: u64 = JOKER_UNIT - 1;

/// The high bit of every byte.
const HIGH: u64 = 0x8080_8080_8080_8080;
/// Bytes of 32 and above: [`Needs::feasible`] reads words only when every count is below.
const LARGE: u64 = 0xe0e0_e0e0_e0e0_e0e0;
/// The white and black bytes.
const WHITE_BLACK: u64 = 0xffff << 24;

/// Each secondary's two basic colours, as bytes.
const PART_BYTES: [u64; 4] = {
    let mut parts = [0u64; 4];
    let mut s = 0;
    while s < 4 {
        let (a, b) = SECONDARY_PARTS[s];
        parts[s] = (1 << (8 * a as u32)) | (1 << (8 * b as u32));
        s += 1;
    }
    parts
};

/// `x - y` in each byte, or 0 where `y` is larger, for bytes below 128.
#[inline]
fn saturating_sub_bytes(x: u64, y: u64) -> u64 {
    let d = (x | HIGH) - y;
    // Bytes where `x >= y` kept their high bit: it spreads into the byte's mask.
    let keep = ((d & HIGH) >> 7) * 0xff;
    d & !HIGH & keep
}

impl Needs {
    pub fn is_zero(&self) -> bool {
        self.plain
            .iter()
            .chain(self.comp.iter())
            .chain(self.pair.iter())
            .all(|&x| x == 0)
    }

    /// The needs of a card's cost.
    pub fn of_cost(cost: &[u8; 9], expert: bool) -> Needs {
        let mut n = Needs::default();
        n.plain[..NUM_BASIC].copy_from_slice(&cost[..NUM_BASIC]);
        for (s, &(a, b)) in SECONDARY_PARTS.iter().enumerate() {
            let k = cost[NUM_BASIC + s];
            if expert {
                n.pair[s] += k;
            } else {
                n.comp[a as usize] += k;
                n.comp[b as usize] += k;
            }
        }
        n
    }

    /// Whether the sources can pay these needs: non-joker cards of a colour pay halves of
    /// secondaries first, jokers only pay plain cyan, magenta or yellow units, expert pairs
    /// pay their secondary (using up both cards' colours).
    ///
    /// Move generation asks this for every card in hand and every payment, so the counts are
    /// read as words, a byte per colour, and compared all at once: below 32 no byte of any
    /// step reaches 128 (two secondaries at most share a colour, five deficits of at most 31
    /// sum below 256), so no borrow or carry crosses bytes and the answer is the colour by
    /// colour one, [`Self::feasible_by_colour`], which larger counts (a user's card set with
    /// many cards of one colour) still take.
    #[inline]
    pub fn feasible(&self, src: &Sources) -> bool {
        let plain = u64::from_le_bytes(self.plain);
        let comp = u64::from_le_bytes(self.comp);
        let pair = u32::from_le_bytes(self.pair) as u64;
        let hand = u64::from_le_bytes(src.hand);
        let mut palette = u64::from_le_bytes(src.palette);
        let pairs = u32::from_le_bytes(src.pairs) as u64;
        if (plain | comp | pair | hand | palette | pairs) & LARGE != 0 {
            return self.feasible_by_colour(src);
        }
        if pair != 0 {
            // Each secondary from a pair of its own, and the pair's colours used up.
            if ((pairs | HIGH) - pair) & HIGH & 0x8080_8080 != 0x8080_8080 {
                return false;
            }
            let mut used = 0u64;
            for (s, part) in PART_BYTES.iter().enumerate() {
                used += (self.pair[s] as u64) * part;
            }
            palette = saturating_sub_bytes(palette, used);
        }
        // The halves of secondaries from cards of their colour, then the plain units; what
        // is missing comes from jokers.
        let have = hand + palette;
        let after_halves = (have | HIGH) - comp;
        if after_halves & HIGH != HIGH {
            return false;
        }
        let deficit = saturating_sub_bytes(plain, after_halves & !HIGH);
        if deficit & WHITE_BLACK != 0 && !src.jokers_pay_white_black {
            return false; // white and black: no joker (the default reading)
        }
        let jokers_needed = deficit.wrapping_mul(0x0101_0101_0101_0101) >> 56;
        jokers_needed <= src.jokers as u64
    }

    /// [`Self::feasible`], colour by colour.
    pub fn feasible_by_colour(&self, src: &Sources) -> bool {
        let mut palette = src.palette;
        for (s, &(a, b)) in SECONDARY_PARTS.iter().enumerate() {
            let k = self.pair[s];
            if k > src.pairs[s] {
                return false;
            }
            palette[a as usize] = palette[a as usize].saturating_sub(k);
            palette[b as usize] = palette[b as usize].saturating_sub(k);
        }
        let mut jokers_needed = 0u32;
        for c in 0..NUM_BASIC {
            let have = src.hand[c] as u32 + palette[c] as u32;
            if (self.comp[c] as u32) > have {
                return false;
            }
            let left = have - self.comp[c] as u32;
            let deficit = (self.plain[c] as u32).saturating_sub(left);
            if deficit > 0 {
                if c >= 3 && !src.jokers_pay_white_black {
                    return false; // white and black: no joker (the default reading)
                }
                jokers_needed += deficit;
            }
        }
        jokers_needed <= src.jokers as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The word-wide answer is the colour-by-colour one, counts small and large.
    #[test]
    fn feasible_by_words_agrees_with_colour_by_colour() {
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        let mut next = |below: u64| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            (rng % below) as u8
        };
        let (mut yes, mut no) = (0, 0);
        for round in 0..200_000 {
            // Mostly small counts, sometimes up to the limit of words and beyond it.
            let top = [4, 8, 32, 40, 256][round % 5];
            let mut n = Needs::default();
            let mut s = Sources::default();
            for c in 0..NUM_BASIC {
                n.plain[c] = next(top.min(9));
                n.comp[c] = next(top.min(5));
                s.hand[c] = next(top.min(6));
                s.palette[c] = next(top);
            }
            for k in 0..4 {
                if round % 3 == 0 {
                    n.pair[k] = next(3);
                    s.pairs[k] = next(3);
                }
            }
            s.jokers = next(12);
            s.jokers_pay_white_black = round % 7 == 0;
            let want = n.feasible_by_colour(&s);
            assert_eq!(n.feasible(&s), want, "{n:?} {s:?}");
            if want {
                yes += 1;
            } else {
                no += 1;
            }
        }
        assert!(yes > 10_000 && no > 10_000, "{yes} feasible, {no} not");
    }

    const YELLOW_I: usize = 2;
    const MAGENTA_I: usize = 1;

    #[test]
    fn joker_cannot_pay_secondary_halves() {
        let mut cost = [0u8; 9];
        cost[6] = 1; // red = yellow + magenta
        let needs = Needs::of_cost(&cost, false);
        let src = Sources {
            jokers: 2,
            ..Sources::default()
        };
        assert!(!needs.feasible(&src));
        let mut src = Sources {
            jokers: 2,
            ..Sources::default()
        };
        src.hand[YELLOW_I] = 1;
        src.palette[MAGENTA_I] = 1;
        assert!(needs.feasible(&src));
    }

    #[test]
    fn joker_pays_primary_but_not_white() {
        let mut cost = [0u8; 9];
        cost[0] = 1;
        let src = Sources {
            jokers: 1,
            ..Sources::default()
        };
        assert!(Needs::of_cost(&cost, false).feasible(&src));
        let mut cost = [0u8; 9];
        cost[3] = 1;
        assert!(!Needs::of_cost(&cost, false).feasible(&src));
    }
}
