//! The invariants of a state, checked where a position is loaded and by the conformance
//! tests after every step: every one of the 105 deck cards is in exactly one place and the
//! counters agree, stacks are well formed, and each objective has at most one owner.

use crate::components::{kind_of, Kind, NUM_CARDS};
use crate::holdings::{
    F_TAPPED, LOC_CIRCLE, LOC_DECK, LOC_DISCARD, LOC_HAND, LOC_PALETTE, LOC_PLAYING,
};
use crate::state::{AtelierCanvasState, Phase, NONE};
use crate::{game::AtelierCanvas, game::CIRCLE, game::HAND_LIMIT};

/// Conservation and consistency: every one of the 105 deck cards is in exactly one place
/// and the counters agree; stacks are well formed; the 5 objectives have at most one owner.
pub fn check_invariants(game: &AtelierCanvas, s: &AtelierCanvasState) -> Result<(), String> {
    let n = game.players;
    let mut hand = [0usize; 5];
    let (mut deck, mut discard, mut playing, mut painted) = (0usize, 0usize, 0usize, 0usize);
    let mut seen_in_circle = [false; CIRCLE];
    let mut covered_by = [NONE; NUM_CARDS];
    for c in 0..NUM_CARDS {
        let l = s.loc[c];
        match l {
            LOC_DECK => deck += 1,
            LOC_DISCARD => discard += 1,
            LOC_PLAYING => playing += 1,
            _ if (LOC_HAND..LOC_HAND + 5).contains(&l) => {
                let j = (l - LOC_HAND) as usize;
                if j >= n {
                    return Err(format!("card {c} in the hand of absent player {j}"));
                }
                hand[j] += 1;
            }
            _ if (LOC_PALETTE..LOC_PALETTE + 5).contains(&l) => {
                let j = (l - LOC_PALETTE) as usize;
                if j >= n {
                    return Err(format!("card {c} in the palette of absent player {j}"));
                }
                if kind_of(c) == Kind::Joker {
                    return Err(format!("joker {c} in a palette"));
                }
                if kind_of(c) == Kind::Painted {
                    painted += 1;
                }
                let top = s.on[c];
                if top != NONE {
                    let t = top as usize;
                    if s.loc[t] != l {
                        return Err(format!("card {t} lies on {c} but is elsewhere"));
                    }
                    let ok = match kind_of(c) {
                        Kind::Blank => kind_of(t) == Kind::Drawn,
                        Kind::Drawn => {
                            kind_of(t) == Kind::Painted
                                && game.set.cards[t].artwork == game.set.cards[c].artwork
                        }
                        _ => false,
                    };
                    if !ok {
                        return Err(format!("card {t} may not lie on card {c}"));
                    }
                    if covered_by[t] != NONE {
                        return Err(format!("card {t} lies on two cards"));
                    }
                    covered_by[t] = c as u8;
                }
                if s.flags[c] & F_TAPPED != 0 && j != s.current as usize {
                    return Err(format!("card {c} turned outside its owner's turn"));
                }
            }
            _ if (LOC_CIRCLE..LOC_CIRCLE + CIRCLE as u8).contains(&l) => {
                let i = (l - LOC_CIRCLE) as usize;
                if s.circle[i] as usize != c || seen_in_circle[i] {
                    return Err(format!("circle slot {i} does not hold card {c}"));
                }
                seen_in_circle[i] = true;
            }
            _ => return Err(format!("card {c} has unknown location {l}")),
        }
        if s.on[c] != NONE && !(LOC_PALETTE..LOC_PALETTE + 5).contains(&l) {
            return Err(format!("card {c} is covered outside a palette"));
        }
    }
    for c in 0..NUM_CARDS {
        if (LOC_PALETTE..LOC_PALETTE + 5).contains(&s.loc[c])
            && kind_of(c) != Kind::Blank
            && covered_by[c] == NONE
        {
            return Err(format!("palette card {c} lies on nothing"));
        }
    }
    for i in 0..CIRCLE {
        if s.circle[i] != NONE && !seen_in_circle[i] {
            return Err(format!("circle slot {i} names a card that is not there"));
        }
    }
    if deck != s.deck_count as usize || discard != s.discard_count as usize {
        return Err(format!(
            "deck/discard counters {}/{} but {deck}/{discard} cards",
            s.deck_count, s.discard_count
        ));
    }
    for j in 0..n {
        if hand[j] != s.hand_count[j] as usize {
            return Err(format!(
                "player {j} hand counter {} but {} cards",
                s.hand_count[j], hand[j]
            ));
        }
        if s.phase == Phase::Start && hand[j] > HAND_LIMIT {
            return Err(format!("player {j} starts a turn with {} cards", hand[j]));
        }
    }
    let expect_playing = matches!(s.phase, Phase::Target | Phase::Pay);
    if playing != usize::from(expect_playing) {
        return Err(format!(
            "{playing} cards being played in phase {:?}",
            s.phase
        ));
    }
    if painted != s.paintings as usize {
        return Err(format!(
            "{painted} painted canvases placed but the counter says {}",
            s.paintings
        ));
    }
    let total = deck
        + discard
        + playing
        + hand.iter().sum::<usize>()
        + (0..NUM_CARDS)
            .filter(|&c| (LOC_PALETTE..LOC_PALETTE + 5).contains(&s.loc[c]))
            .count()
        + seen_in_circle.iter().filter(|&&x| x).count();
    if total != NUM_CARDS {
        return Err(format!("{total} cards accounted for, expected {NUM_CARDS}"));
    }
    for (i, &o) in s.objective_owner.iter().enumerate() {
        if o != NONE && o as usize >= n {
            return Err(format!("objective {i} owned by absent player {o}"));
        }
    }
    if !s.sets_in_sync() {
        return Err("the card sets disagree with the cards' places and flags".to_string());
    }
    Ok(())
}
