//! Test support: building positions directly (for scenario tests and the documentation's
//! examples). Not part of the stable API. The invariants of a state are in
//! [`crate::invariants`].

use crate::components::{kind_of, Kind, NUM_BLANK, NUM_CARDS};
use crate::holdings::{F_FAKE, F_KNOWN, LOC_CIRCLE, LOC_DECK, LOC_DISCARD, LOC_HAND, LOC_PALETTE};
use crate::state::AtelierCanvasState;
use crate::{game::AtelierCanvas, game::CIRCLE};

pub use crate::state::Phase;

/// A position at the start of `current`'s turn. Cards are named by their id in the
/// component file; every card not placed is in the deck.
#[derive(Clone, Debug, Default)]
pub struct Position<'a> {
    pub current: usize,
    /// Hand of each player (face-down cards).
    pub hands: Vec<Vec<&'a str>>,
    /// Hand cards every player knows (taken face up), by player.
    pub known: Vec<Vec<&'a str>>,
    /// Stacks of each player's palette, bottom (blank canvas) first.
    pub palettes: Vec<Vec<Vec<&'a str>>>,
    /// Painted canvases (in palettes) that are fakes.
    pub fakes: Vec<&'a str>,
    /// The circle, slot by slot (`None` for an empty slot).
    pub circle: Vec<Option<&'a str>>,
    pub discard: Vec<&'a str>,
    /// Objective index and owner.
    pub objectives: Vec<(usize, usize)>,
    /// Turns already played.
    pub turns: usize,
    pub end_triggered: bool,
}

fn id(game: &AtelierCanvas, name: &str) -> Result<usize, String> {
    game.card_id(name)
        .ok_or_else(|| format!("no card named {name:?}"))
}

/// Builds the position; errors name a card that is unknown or placed twice.
pub fn position(game: &AtelierCanvas, pos: &Position) -> Result<AtelierCanvasState, String> {
    let mut s = AtelierCanvasState::new(game);
    let mut placed = [false; NUM_CARDS];
    let mut put = |s: &mut AtelierCanvasState, name: &str, loc: u8| -> Result<usize, String> {
        let c = id(game, name)?;
        if placed[c] {
            return Err(format!("card {name} placed twice"));
        }
        placed[c] = true;
        s.loc[c] = loc;
        Ok(c)
    };
    for (p, hand) in pos.hands.iter().enumerate() {
        for name in hand {
            put(&mut s, name, LOC_HAND + p as u8)?;
        }
    }
    for (p, hand) in pos.known.iter().enumerate() {
        for name in hand {
            let c = put(&mut s, name, LOC_HAND + p as u8)?;
            s.flags[c] = F_KNOWN;
        }
    }
    for (p, stacks) in pos.palettes.iter().enumerate() {
        for stack in stacks {
            let mut below: Option<usize> = None;
            for name in stack {
                let c = put(&mut s, name, LOC_PALETTE + p as u8)?;
                match below {
                    None if c >= NUM_BLANK => {
                        return Err(format!("stack must start with a blank canvas, not {name}"))
                    }
                    Some(b) => s.on[b] = c as u8,
                    None => {}
                }
                if kind_of(c) == Kind::Painted {
                    s.paintings += 1;
                    s.artworks_done |= 1u64 << game.set.cards[c].artwork;
                }
                below = Some(c);
            }
        }
    }
    for name in &pos.fakes {
        let c = id(game, name)?;
        s.flags[c] |= F_FAKE;
    }
    for (i, slot) in pos.circle.iter().enumerate().take(CIRCLE) {
        if let Some(name) = slot {
            let c = put(&mut s, name, LOC_CIRCLE + i as u8)?;
            s.circle[i] = c as u8;
        }
    }
    for name in &pos.discard {
        put(&mut s, name, LOC_DISCARD)?;
    }
    for &(o, owner) in &pos.objectives {
        if o < s.objective_owner.len() {
            s.objective_owner[o] = owner as u8;
        }
    }
    s.deck_count = 0;
    s.discard_count = 0;
    s.hand_count = [0; 5];
    for c in 0..NUM_CARDS {
        let l = s.loc[c];
        if l == LOC_DECK {
            s.deck_count += 1;
        } else if l == LOC_DISCARD {
            s.discard_count += 1;
        } else if (LOC_HAND..LOC_HAND + 5).contains(&l) {
            s.hand_count[(l - LOC_HAND) as usize] += 1;
        }
    }
    s.setup = false;
    s.current = pos.current as u8;
    s.turns = pos.turns as u16;
    s.end_triggered = pos.end_triggered;
    s.phase = Phase::Start;
    s.deal_player = game.players as u8;
    s.deal_left = 0;
    s.sync_sets();
    Ok(s)
}

/// Empties the deck into the discard pile (to test reshuffling).
pub fn move_deck_to_discard(s: &mut AtelierCanvasState) {
    for c in 0..NUM_CARDS {
        if s.loc[c] == LOC_DECK {
            s.loc[c] = LOC_DISCARD;
        }
    }
    s.discard_count += s.deck_count;
    s.deck_count = 0;
    s.sync_sets();
}

/// The deck epoch (number of reshuffles so far).
pub fn epoch(s: &AtelierCanvasState) -> u16 {
    s.epoch_now
}

/// Swaps the places of two cards (for hidden-information tests: swap a hidden hand card
/// with a deck card). Flags and epochs go with the place.
pub fn swap_cards(s: &mut AtelierCanvasState, a: usize, b: usize) {
    if a >= NUM_CARDS || b >= NUM_CARDS {
        return;
    }
    s.loc.swap(a, b);
    s.flags.swap(a, b);
    s.epoch.swap(a, b);
    for slot in s.circle.iter_mut() {
        if *slot == a as u8 {
            *slot = b as u8;
        } else if *slot == b as u8 {
            *slot = a as u8;
        }
    }
    s.sync_sets();
}

/// Moves every deck card into `player`'s hand (to build positions with an empty deck).
pub fn move_deck_to_hand(s: &mut AtelierCanvasState, player: usize) {
    for c in 0..NUM_CARDS {
        if s.loc[c] == LOC_DECK {
            s.loc[c] = LOC_HAND + player as u8;
            s.hand_count[player] += 1;
        }
    }
    s.deck_count = 0;
    s.sync_sets();
}
