//! The card facts the hot loops read, packed by card id.
//!
//! The card set's `Card`s also carry names and labels, so one card's colour is 70-odd bytes
//! from the next; move generation and placement read colours, artworks and costs of many
//! cards per call. Built once per game from the validated card set.

use crate::components::{CardSet, NUM_BASIC, NUM_CARDS, NUM_PLAYABLE};
use crate::cost::{Needs, JOKER_UNIT};

#[derive(Clone, Debug)]
pub(crate) struct CardFacts {
    /// Basic colour index (255 for jokers).
    pub colour: [u8; NUM_CARDS],
    /// Artwork index (255 for blanks and jokers).
    pub artwork: [u8; NUM_CARDS],
    /// What each playable card's cost asks for, in the game's variant.
    pub needs: [Needs; NUM_PLAYABLE],
    /// What each card adds to a count of sources by colour (a byte per colour, see
    /// [`crate::cost::Sources`]): one in its colour's byte, a joker one in the jokers' byte.
    pub unit: [u64; NUM_CARDS],
    /// The cards of each basic colour, as sets (jokers have none).
    pub colour_cards: [u128; NUM_BASIC],
}

impl CardFacts {
    /// `set` has exactly `NUM_CARDS` cards (checked by the game's constructor).
    pub fn of(set: &CardSet, expert: bool) -> CardFacts {
        let mut f = CardFacts {
            colour: [255; NUM_CARDS],
            artwork: [255; NUM_CARDS],
            needs: [Needs::default(); NUM_PLAYABLE],
            unit: [JOKER_UNIT; NUM_CARDS],
            colour_cards: [0; NUM_BASIC],
        };
        for (c, card) in set.cards.iter().enumerate().take(NUM_CARDS) {
            f.colour[c] = card.colour;
            f.artwork[c] = card.artwork;
            if (card.colour as usize) < NUM_BASIC {
                f.unit[c] = 1 << (8 * card.colour as u32);
                f.colour_cards[card.colour as usize] |= 1u128 << c;
            }
            if let Some(n) = f.needs.get_mut(c) {
                *n = Needs::of_cost(&card.cost, expert);
            }
        }
        f
    }
}
