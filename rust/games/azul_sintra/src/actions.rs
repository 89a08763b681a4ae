//! Action ids, legality and legal-move generation, chance outcomes, action strings and their
//! parsing, and the dispatch of an id to its transition ([`apply`]).
//!
//! # Decision ids (456)
//!
//! | ids | family | meaning |
//! |---|---|---|
//! | 0..450 | take | `source*45 + colour*9 + dest`: take every piece of `colour` (0 blue, 1 yellow, 2 red, 3 green, 4 violet) from `source` (0..9 factory displays, 9 = the centre) and place them on the strip in slot `dest` (0..8, left to right), or `dest = 8`: break them all (legal only when no strip the glazier can reach has a free space of that colour or a free joker space) |
//! | 450 | move back | move the glazier back above the leftmost remaining strip (legal when he stands right of it) |
//! | 451..456 | keep | `451 + colour`: keep a piece of that colour from the completed strip (asked only when it holds more than one colour) |
//!
//! Strings: `take red from factory 2 to slot 1`, `take red from centre, break all`,
//! `move glazier back`, `keep red` (factories and slots count from 0, as the ids do).
//!
//! # Chance outcomes (16)
//!
//! | node | outcome ids | weights |
//! |---|---|---|
//! | start player | player 0..n | 1 each |
//! | strip set-up (per player, per slot) | `strip*2 + face` | 1 per face of each strip not placed yet; a strip with a joker face lists only its other face, weight 2 |
//! | round track II..VI | colour 0..5 | 1 per colour not placed yet |
//! | round track I, factory draws | colour 0..5 | pieces of that colour in the bag |

use salon_core::{Action, ActionList, ChanceOutcomes};

use crate::components::{colour_name, JOKER, NUM_COLOURS, NUM_SLOTS, STRIP_SPACES};
use crate::scoring;
use crate::state::{AzulSintraState, Phase};
use crate::{game::AzulSintra, game::MAX_SEATS};

/// The source id of the centre of the table.
pub use crate::state::CENTRE;
/// The destination id of "break all".
pub const BREAK_ALL: usize = 8;
/// Ids per source (5 colours x 9 destinations).
pub const PER_SOURCE: usize = 45;
/// The number of take ids.
pub const NUM_TAKE: usize = 450;
/// The id of "move the glazier back".
pub const MOVE_BACK: Action = 450;
/// The first keep id (`KEEP + colour`).
pub const KEEP: Action = 451;
pub const NUM_DISTINCT_ACTIONS: usize = 456;
pub const MAX_CHANCE_OUTCOMES: usize = 16;

/// A decision id, decoded.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Decoded {
    Take {
        source: usize,
        colour: usize,
        dest: usize,
    },
    MoveBack,
    Keep(usize),
    Invalid,
}

/// The id of a take.
pub const fn take(source: usize, colour: usize, dest: usize) -> Action {
    (source * PER_SOURCE + colour * 9 + dest) as Action
}

/// Decodes a decision id.
pub fn decode(action: Action) -> Decoded {
    let a = action as usize;
    if a < NUM_TAKE {
        Decoded::Take {
            source: a / PER_SOURCE,
            colour: (a % PER_SOURCE) / 9,
            dest: a % 9,
        }
    } else if action == MOVE_BACK {
        Decoded::MoveBack
    } else if a < NUM_DISTINCT_ACTIONS {
        Decoded::Keep(a - KEEP as usize)
    } else {
        Decoded::Invalid
    }
}

/// True when the strip in `slot` has an empty space of `colour` or an empty joker space.
#[inline]
pub(crate) fn can_take(
    s: &AzulSintraState,
    game: &AzulSintra,
    p: usize,
    slot: usize,
    colour: usize,
) -> bool {
    let b = &s.boards[p];
    if b.present & (1 << slot) == 0 {
        return false;
    }
    let layout = &game.faces[b.strip[slot] as usize % NUM_SLOTS][b.face[slot] as usize & 1];
    (0..STRIP_SPACES)
        .any(|i| b.filled[slot][i] == 0 && (layout[i] == colour as u8 || layout[i] == JOKER))
}

/// True when the player to move may move the glazier back.
#[inline]
pub(crate) fn can_move_back(s: &AzulSintraState, p: usize) -> bool {
    let b = &s.boards[p];
    matches!(b.leftmost(), Some(l) if (b.glazier as usize) > l)
}

/// The legal decisions of the player to move, ascending (`out` is cleared first).
pub(crate) fn legal_actions(s: &AzulSintraState, game: &AzulSintra, out: &mut ActionList) {
    out.clear();
    let p = s.current as usize;
    match s.phase {
        Phase::Play => {
            let glazier = s.boards[p].glazier as usize;
            // Slots at or right of the glazier that can take each colour.
            let mut fits = [0u16; NUM_COLOURS];
            for (colour, mask) in fits.iter_mut().enumerate() {
                for dest in glazier..NUM_SLOTS {
                    if can_take(s, game, p, dest, colour) {
                        *mask |= 1 << dest;
                    }
                }
            }
            let nf = game.num_factories();
            for source in (0..nf).chain(std::iter::once(CENTRE)) {
                let counts = if source == CENTRE {
                    &s.centre
                } else {
                    &s.factories[source]
                };
                for (colour, &n) in counts.iter().enumerate() {
                    if n == 0 {
                        continue;
                    }
                    let mut mask = fits[colour];
                    if mask == 0 {
                        out.push(take(source, colour, BREAK_ALL));
                    }
                    while mask != 0 {
                        let dest = mask.trailing_zeros() as usize;
                        mask &= mask - 1;
                        out.push(take(source, colour, dest));
                    }
                }
            }
            if can_move_back(s, p) {
                out.push(MOVE_BACK);
            }
        }
        Phase::Keep => {
            let slot = s.keep_slot as usize % NUM_SLOTS;
            let filled = &s.boards[p].filled[slot];
            for c in 0..NUM_COLOURS {
                if filled.iter().any(|&v| v as usize == c + 1) {
                    out.push(KEEP + c as Action);
                }
            }
        }
        _ => {}
    }
}

/// The outcomes of a chance node with their weights (`out` is cleared first).
pub(crate) fn chance_outcomes(s: &AzulSintraState, game: &AzulSintra, out: &mut ChanceOutcomes) {
    out.clear();
    match s.phase {
        Phase::StartPlayer => {
            for p in 0..game.num_players {
                out.push(p as Action, 1);
            }
        }
        Phase::Strips => {
            let placed = s.boards[s.setup_player as usize % MAX_SEATS].placed;
            for strip in 0..NUM_SLOTS {
                if placed & (1 << strip) != 0 {
                    continue;
                }
                let j = game.joker_face[strip];
                match (j[0], j[1]) {
                    (false, false) => {
                        out.push((strip * 2) as Action, 1);
                        out.push((strip * 2 + 1) as Action, 1);
                    }
                    (true, _) => out.push((strip * 2 + 1) as Action, 2),
                    (false, true) => out.push((strip * 2) as Action, 2),
                }
            }
        }
        Phase::RoundTrack => {
            if s.track_step < 5 {
                for c in 0..NUM_COLOURS {
                    if !s.round_track[1..].contains(&(c as u8 + 1)) {
                        out.push(c as Action, 1);
                    }
                }
            } else {
                push_bag(s, out);
            }
        }
        Phase::Fill => push_bag(s, out),
        _ => {}
    }
}

fn push_bag(s: &AzulSintraState, out: &mut ChanceOutcomes) {
    for (c, &n) in s.bag.iter().enumerate() {
        out.push(c as Action, n as u32);
    }
}

/// Applies a legal decision or chance outcome: decodes the id and calls the transition it
/// names; once a transition has ended the game, the final scoring.
#[inline]
pub(crate) fn apply(s: &mut AzulSintraState, game: &AzulSintra, action: Action) {
    match s.phase {
        Phase::StartPlayer => s.choose_start_player((action as u8) % s.num_players),
        Phase::Strips => {
            let strip = (action / 2) as usize % NUM_SLOTS;
            let face = (action % 2) as u8;
            s.lay_strip(strip, face);
        }
        Phase::RoundTrack => s.place_round_track_piece(game, action as usize % NUM_COLOURS),
        Phase::Fill => s.draw_into_factory(game, action as usize % NUM_COLOURS),
        Phase::Play => match decode(action) {
            Decoded::Take {
                source,
                colour,
                dest,
            } => s.take(game, source, colour, dest),
            Decoded::MoveBack => s.move_glazier_back(game),
            Decoded::Keep(_) | Decoded::Invalid => {}
        },
        Phase::Keep => {
            if let Decoded::Keep(c) = decode(action) {
                s.keep_chosen(game, c);
            }
        }
        Phase::End => return,
    }
    scoring::score_if_over(s, game);
}

/// Parses a decision string (`take red from factory 2 to slot 1`, `move glazier back`,
/// `keep red`) into its id, without checking legality.
pub fn parse_decision(text: &str) -> Option<Action> {
    if text == "move glazier back" {
        return Some(MOVE_BACK);
    }
    let colour_id = |name: &str| {
        crate::components::COLOUR_NAMES
            .iter()
            .position(|&c| c == name)
    };
    if let Some(c) = text.strip_prefix("keep ") {
        return colour_id(c).map(|c| KEEP + c as Action);
    }
    let rest = text.strip_prefix("take ")?;
    let (colour, rest) = rest.split_once(" from ")?;
    let colour = colour_id(colour)?;
    let (source, dest) = match rest.strip_suffix(", break all") {
        Some(src) => (src, BREAK_ALL),
        None => {
            let (src, d) = rest.split_once(" to slot ")?;
            let d: usize = d.parse().ok()?;
            if d >= NUM_SLOTS {
                return None;
            }
            (src, d)
        }
    };
    let source = if source == "centre" {
        CENTRE
    } else {
        let k: usize = source.strip_prefix("factory ")?.parse().ok()?;
        if k >= crate::game::MAX_FACTORIES {
            return None;
        }
        k
    };
    Some(take(source, colour, dest))
}

const ROMAN: [&str; 6] = ["I", "II", "III", "IV", "V", "VI"];

pub(crate) fn action_to_string(s: &AzulSintraState, game: &AzulSintra, action: Action) -> String {
    match s.phase {
        Phase::StartPlayer => format!("player {action} starts"),
        Phase::Strips => {
            let strip = action / 2;
            let face = if action % 2 == 0 { "a" } else { "b" };
            format!(
                "player {} slot {}: strip {} face {}",
                s.setup_player, s.setup_slot, strip, face
            )
        }
        Phase::RoundTrack => {
            let space = if s.track_step < 5 {
                ROMAN[1 + s.track_step as usize]
            } else {
                ROMAN[0]
            };
            format!("round {space} colour: {}", colour_name(action as usize))
        }
        Phase::Fill => {
            format!(
                "draw {} for factory {}",
                colour_name(action as usize),
                s.fill_factory
            )
        }
        Phase::End => format!("action {action} (game over)"),
        Phase::Play | Phase::Keep => match decode(action) {
            Decoded::Take {
                source,
                colour,
                dest,
            } => {
                let from = if source == CENTRE {
                    "centre".to_string()
                } else {
                    format!("factory {source}")
                };
                if dest == BREAK_ALL {
                    format!("take {} from {from}, break all", colour_name(colour))
                } else {
                    format!("take {} from {from} to slot {dest}", colour_name(colour))
                }
            }
            Decoded::MoveBack => "move glazier back".to_string(),
            Decoded::Keep(c) => format!("keep {}", colour_name(c)),
            Decoded::Invalid => {
                let _ = game;
                format!("invalid action {action}")
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn take_ids_are_dense_and_decode_back() {
        let mut next = 0;
        for source in 0..10 {
            for colour in 0..NUM_COLOURS {
                for dest in 0..9 {
                    let id = take(source, colour, dest);
                    assert_eq!(id, next);
                    next += 1;
                    assert_eq!(
                        decode(id),
                        Decoded::Take {
                            source,
                            colour,
                            dest
                        }
                    );
                }
            }
        }
        assert_eq!(next as usize, NUM_TAKE);
        assert_eq!(decode(MOVE_BACK), Decoded::MoveBack);
        for c in 0..NUM_COLOURS {
            assert_eq!(decode(KEEP + c as Action), Decoded::Keep(c));
        }
        assert_eq!(decode(NUM_DISTINCT_ACTIONS as Action), Decoded::Invalid);
        assert_eq!(decode(u32::MAX), Decoded::Invalid);
    }

    #[test]
    fn decision_strings_parse_to_their_ids() {
        assert_eq!(
            parse_decision("take red from factory 2 to slot 1"),
            Some(take(2, 2, 1))
        );
        assert_eq!(
            parse_decision("take red from factory 0 to slot 0"),
            Some(take(0, 2, 0))
        );
        assert_eq!(
            parse_decision("take violet from centre, break all"),
            Some(take(CENTRE, 4, BREAK_ALL))
        );
        assert_eq!(parse_decision("move glazier back"), Some(MOVE_BACK));
        assert_eq!(parse_decision("keep green"), Some(KEEP + 3));
        for bad in [
            "take red from factory 9 to slot 2",
            "take red from factory 3 to slot 8",
            "take red from factory 3 to strip 2",
            "take pink from centre, break all",
            "keep",
            "",
            "take red from centre to slot x",
        ] {
            assert_eq!(parse_decision(bad), None, "{bad}");
        }
    }
}
