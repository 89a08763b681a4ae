//! Costs as units to pay: what a card's cost still asks for ([`Needs`]), what a player can pay
//! with ([`Sources`]), and whether those sources can pay those needs.
//!
//! Pure arithmetic on colour counts, below the state: the card facts keep each card's needs,
//! the state keeps the unpaid needs of the card being played, and legality asks whether the
//! rest of a cost can still be paid.

use crate::components::{NUM_BASIC, SECONDARY_PARTS};

/// Counts of the sources a player can pay with now.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Sources {
    pub hand: [u8; NUM_BASIC],
    pub jokers: u8,
    /// `joker_colours=basic`: jokers pay white and black units too.
    pub jokers_pay_white_black: bool,
    pub palette: [u8; NUM_BASIC],
    pub pairs: [u8; 4],
}

/// Needs still to pay.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Needs {
    pub plain: [u8; NUM_BASIC],
    pub comp: [u8; NUM_BASIC],
    pub pair: [u8; 4],
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
        n.plain.copy_from_slice(&cost[..NUM_BASIC]);
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
    pub fn feasible(&self, src: &Sources) -> bool {
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
