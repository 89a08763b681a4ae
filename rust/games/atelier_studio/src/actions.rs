//! Action ids, legal-move generation and action strings.
//!
//! Decision ids (130 in all) fall into families; colours and piles are numbered
//! blue 0, green 1, red 2, yellow 3; die faces 1-6 are `face - 1` = 0-5; display slots 0-6.
//!
//! | ids | family | when |
//! |---|---|---|
//! | 0-15 | `keep patron c` (c = patron card) | setup: keep 1 of your 2 dealt patrons, the other goes under the deck |
//! | 16-19 | `place first student on <pile>` | setup placement |
//! | 20 | `reroll` (1 inspiration) | turn, after rolling, before any die is spent |
//! | 21-26 | `spend <f> for inspiration` (f = face) | turn option B (only if no die spent yet) |
//! | 27-34 | `spend <1/2>: place student on <pile>` = 27 + (face-1)*4 + pile | die 1 or 2 |
//! | 35 | `spend 3: move students` | die 3, then the `move` sub-decisions |
//! | 36 | `spend 4: collect paint` | die 4 |
//! | 37-43 | `spend 5: paint slot s` | die 5, then the painting's sub-decisions |
//! | 44-47 | `spend 6: gain <colour>` | die 6 |
//! | 48-54 | `pay 2 inspiration: paint slot s` | inspiration action |
//! | 55 | `pay 3 inspiration: draw patron` | inspiration action |
//! | 56-71 | `power: swap <give> for <take>` = 56 + give*4 + take | turn power |
//! | 72-83 | `power: turn <f> into <f±1>` = 72 + face*2 + (1 if up) | turn power |
//! | 84-99 | `power: shift student from <a> to <b>` = 84 + a*4 + b | turn power |
//! | 100 | `end turn` | after option A or B |
//! | 101-116 | `move <player>'s student from <a> to <b>` = 101 + a*4 + b | die 3 sub-decision, one player at a time |
//! | 117 | `move no student of <player>` | die 3 sub-decision |
//! | 118-121 | `return student from <pile>` | painting sub-decision (students returned) |
//! | 122-125 | `power: place student on <pile>` | immediate power |
//! | 126-129 | `power: gain <colour>` | immediate power |
//!
//! Chance outcome ids: the start player (0..n), a painting card (0-39), a patron card (0-15),
//! or a dice roll: the index of the sorted multiset of faces among all multisets of that
//! many dice, in lexicographic order (126 for 4 dice), weighted by its number of orderings.

use salon_core::{Action, ActionList};

use crate::components::{Power, COLOUR_NAMES, NUM_COLOURS, NUM_PATRONS};
use crate::state::{AtelierStudioState, Phase, DISPLAY, NONE, PAT_DEALT};
use crate::AtelierStudio;

pub const KEEP: u32 = 0;
pub const PLACE_INITIAL: u32 = 16;
pub const REROLL: u32 = 20;
pub const INSPIRE_DIE: u32 = 21;
pub const PLACE: u32 = 27;
pub const MOVE_DIE: u32 = 35;
pub const COLLECT: u32 = 36;
pub const PAINT_DIE: u32 = 37;
pub const GAIN: u32 = 44;
pub const PAINT_INSPIRATION: u32 = 48;
pub const DRAW_PATRON: u32 = 55;
pub const SWAP: u32 = 56;
pub const ADJUST: u32 = 72;
pub const SHIFT: u32 = 84;
pub const END_TURN: u32 = 100;
pub const MOVE_STEP: u32 = 101;
pub const MOVE_SKIP: u32 = 117;
pub const RETURN: u32 = 118;
pub const POWER_PLACE: u32 = 122;
pub const POWER_GAIN: u32 = 126;
pub const NUM_ACTIONS: usize = 130;

/// A decoded decision id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decoded {
    Keep(usize),
    PlaceInitial(usize),
    Reroll,
    InspireDie(usize),
    /// (face index 0 or 1, pile)
    Place(usize, usize),
    MoveDie,
    Collect,
    PaintDie(usize),
    Gain(usize),
    PaintInspiration(usize),
    DrawPatron,
    Swap(usize, usize),
    /// (face index, up)
    Adjust(usize, bool),
    Shift(usize, usize),
    EndTurn,
    MoveStep(usize, usize),
    MoveSkip,
    Return(usize),
    PowerPlace(usize),
    PowerGain(usize),
    Invalid,
}

pub fn decode(a: Action) -> Decoded {
    let x = a as usize;
    match a {
        KEEP..=15 => Decoded::Keep(x),
        PLACE_INITIAL..=19 => Decoded::PlaceInitial(x - 16),
        REROLL => Decoded::Reroll,
        INSPIRE_DIE..=26 => Decoded::InspireDie(x - 21),
        PLACE..=34 => Decoded::Place((x - 27) / 4, (x - 27) % 4),
        MOVE_DIE => Decoded::MoveDie,
        COLLECT => Decoded::Collect,
        PAINT_DIE..=43 => Decoded::PaintDie(x - 37),
        GAIN..=47 => Decoded::Gain(x - 44),
        PAINT_INSPIRATION..=54 => Decoded::PaintInspiration(x - 48),
        DRAW_PATRON => Decoded::DrawPatron,
        SWAP..=71 => Decoded::Swap((x - 56) / 4, (x - 56) % 4),
        ADJUST..=83 => Decoded::Adjust((x - 72) / 2, (x - 72) % 2 == 1),
        SHIFT..=99 => Decoded::Shift((x - 84) / 4, (x - 84) % 4),
        END_TURN => Decoded::EndTurn,
        MOVE_STEP..=116 => Decoded::MoveStep((x - 101) / 4, (x - 101) % 4),
        MOVE_SKIP => Decoded::MoveSkip,
        RETURN..=121 => Decoded::Return(x - 118),
        POWER_PLACE..=125 => Decoded::PowerPlace(x - 122),
        POWER_GAIN..=129 => Decoded::PowerGain(x - 126),
        _ => Decoded::Invalid,
    }
}

/// Fills `out` with the legal decisions, ascending.
pub fn legal_actions(s: &AtelierStudioState, game: &AtelierStudio, out: &mut ActionList) {
    let p = s.cur();
    match s.phase {
        Phase::KeepPatron => {
            for k in 0..NUM_PATRONS {
                if s.patron_loc[k] == PAT_DEALT + p as u8 {
                    out.push(KEEP + k as u32);
                }
            }
        }
        Phase::PlaceInitial => {
            for c in 0..NUM_COLOURS {
                out.push(PLACE_INITIAL + c as u32);
            }
        }
        Phase::Main => main_actions(s, game, p, out),
        Phase::MoveStudents => {
            let q = s.move_player();
            for a in 0..NUM_COLOURS {
                if s.students[q][a] == 0 {
                    continue;
                }
                for b in 0..NUM_COLOURS {
                    if a != b {
                        out.push(MOVE_STEP + (a * 4 + b) as u32);
                    }
                }
            }
            if s.sub_moved || s.later_mover_exists() {
                out.push(MOVE_SKIP);
            }
        }
        Phase::ReturnStudents => {
            for c in 0..NUM_COLOURS {
                if s.students[p][c] > 0 {
                    out.push(RETURN + c as u32);
                }
            }
        }
        Phase::PowerPlace => {
            for c in 0..NUM_COLOURS {
                out.push(POWER_PLACE + c as u32);
            }
        }
        Phase::PowerGain => {
            for c in 0..NUM_COLOURS {
                if s.piles[c] > 0 {
                    out.push(POWER_GAIN + c as u32);
                }
            }
        }
        _ => {}
    }
}

fn main_actions(s: &AtelierStudioState, game: &AtelierStudio, p: usize, out: &mut ActionList) {
    let no_option_yet = !s.did_dice_action && !s.did_inspire;
    let any_spent = s.did_dice_action || s.did_inspire;
    if !any_spent && s.tokens[p] >= 1 {
        out.push(REROLL);
    }
    if no_option_yet {
        for f in 0..6 {
            if s.rolled[f] > 0 {
                out.push(INSPIRE_DIE + f as u32);
            }
        }
    }
    let dice_ok = !s.did_inspire;
    if dice_ok {
        for f in 0..2 {
            if s.rolled[f] > 0 && s.pool[p] > 0 {
                for c in 0..NUM_COLOURS {
                    out.push(PLACE + (f * 4 + c) as u32);
                }
            }
        }
        if s.rolled[2] > 0 && (0..s.num_players()).any(|q| s.on_piles(q) > 0) {
            out.push(MOVE_DIE);
        }
        if s.rolled[3] > 0 {
            out.push(COLLECT);
        }
        if s.rolled[4] > 0 {
            for slot in 0..DISPLAY {
                if s.display[slot] != NONE && s.can_afford(game, p, s.display[slot]) {
                    out.push(PAINT_DIE + slot as u32);
                }
            }
        }
        if s.rolled[5] > 0 {
            for c in 0..NUM_COLOURS {
                if s.piles[c] > 0 {
                    out.push(GAIN + c as u32);
                }
            }
        }
    }
    if s.tokens[p] >= 2 {
        for slot in 0..DISPLAY {
            if s.display[slot] != NONE && s.can_afford(game, p, s.display[slot]) {
                out.push(PAINT_INSPIRATION + slot as u32);
            }
        }
    }
    if s.tokens[p] >= 3 && s.patron_draw_possible() {
        out.push(DRAW_PATRON);
    }
    if s.unused_turn_power(game, p, Power::SwapPaint).is_some() {
        for give in 0..NUM_COLOURS {
            if s.cyl[p][give] == 0 {
                continue;
            }
            for take in 0..NUM_COLOURS {
                if take != give && s.piles[take] > 0 {
                    out.push(SWAP + (give * 4 + take) as u32);
                }
            }
        }
    }
    if s.unused_turn_power(game, p, Power::AdjustDie).is_some() {
        for f in 0..6 {
            if s.rolled[f] == 0 {
                continue;
            }
            if f > 0 {
                out.push(ADJUST + (f * 2) as u32);
            }
            if f < 5 {
                out.push(ADJUST + (f * 2 + 1) as u32);
            }
        }
    }
    if s.unused_turn_power(game, p, Power::ShiftStudent).is_some() {
        for a in 0..NUM_COLOURS {
            if s.students[p][a] == 0 {
                continue;
            }
            for b in 0..NUM_COLOURS {
                if a != b {
                    out.push(SHIFT + (a * 4 + b) as u32);
                }
            }
        }
    }
    if any_spent {
        out.push(END_TURN);
    }
}

fn colour(c: usize) -> &'static str {
    COLOUR_NAMES.get(c).copied().unwrap_or("?")
}

fn slot_name(s: &AtelierStudioState, game: &AtelierStudio, slot: usize) -> String {
    let card = s.display.get(slot).copied().unwrap_or(NONE);
    match game.data.paintings.get(card as usize) {
        Some(c) => format!("slot {slot} {}", c.name),
        None => format!("slot {slot}"),
    }
}

/// The faces of a roll outcome, as text ("1,2,3,6").
pub fn faces_string(faces: &[u8; 6]) -> String {
    let mut out = String::with_capacity(8);
    for (f, &k) in faces.iter().enumerate() {
        for _ in 0..k {
            if !out.is_empty() {
                out.push(',');
            }
            out.push((b'1' + f as u8) as char);
        }
    }
    out
}

/// The roll outcome written `text` ("roll 1,2,3,6", faces in any order) at a roll node.
pub fn parse_roll(s: &AtelierStudioState, game: &AtelierStudio, text: &str) -> Option<Action> {
    let rest = text.strip_prefix("roll ")?;
    let mut faces = [0u8; 6];
    let mut k = 0usize;
    for part in rest.split(',') {
        let f: usize = part.trim().parse().ok()?;
        if !(1..=6).contains(&f) {
            return None;
        }
        faces[f - 1] += 1;
        k += 1;
    }
    if k != s.active.get(s.cur()).copied().unwrap_or(0) as usize {
        return None;
    }
    game.rolls
        .get(k)?
        .iter()
        .position(|(c, _)| *c == faces)
        .map(|i| i as Action)
}

pub fn action_to_string(s: &AtelierStudioState, game: &AtelierStudio, a: Action) -> String {
    let n = s.num_players();
    match s.phase {
        Phase::ChooseStart => return format!("start player P{a}"),
        Phase::DealDisplay | Phase::Refill => {
            let name = game
                .data
                .paintings
                .get(a as usize)
                .map_or("?", |c| c.name.as_str());
            return if s.phase == Phase::Refill {
                format!("refill slot {} with {name}", s.paint_slot)
            } else {
                format!("reveal painting {name}")
            };
        }
        Phase::DealPatrons => {
            let name = game
                .data
                .patrons
                .get(a as usize)
                .map_or("?", |c| c.name.as_str());
            let to = (s.start as usize + s.step as usize / 2) % n.max(1);
            return format!("deal patron {name} to P{to}");
        }
        Phase::DrawPatron => {
            let name = game
                .data
                .patrons
                .get(a as usize)
                .map_or("?", |c| c.name.as_str());
            return format!("draw patron {name}");
        }
        Phase::Roll => {
            let k = s.active.get(s.cur()).copied().unwrap_or(0) as usize;
            return match game.rolls.get(k).and_then(|t| t.get(a as usize)) {
                Some((faces, _)) => format!("roll {}", faces_string(faces)),
                None => format!("roll #{a}"),
            };
        }
        _ => {}
    }
    match decode(a) {
        Decoded::Keep(k) => {
            format!(
                "keep patron {}",
                game.data.patrons.get(k).map_or("?", |c| c.name.as_str())
            )
        }
        Decoded::PlaceInitial(c) => format!("place first student on {}", colour(c)),
        Decoded::Reroll => "reroll (1 inspiration)".to_string(),
        Decoded::InspireDie(f) => format!("spend {} for inspiration", f + 1),
        Decoded::Place(f, c) => format!("spend {}: place student on {}", f + 1, colour(c)),
        Decoded::MoveDie => "spend 3: move students".to_string(),
        Decoded::Collect => "spend 4: collect paint".to_string(),
        Decoded::PaintDie(slot) => format!("spend 5: paint {}", slot_name(s, game, slot)),
        Decoded::Gain(c) => format!("spend 6: gain {}", colour(c)),
        Decoded::PaintInspiration(slot) => {
            format!("pay 2 inspiration: paint {}", slot_name(s, game, slot))
        }
        Decoded::DrawPatron => "pay 3 inspiration: draw patron".to_string(),
        Decoded::Swap(g, t) => format!("power: swap {} for {}", colour(g), colour(t)),
        Decoded::Adjust(f, up) => {
            let to = if up { f + 2 } else { f };
            format!("power: turn {} into {}", f + 1, to)
        }
        Decoded::Shift(x, y) => format!("power: shift student from {} to {}", colour(x), colour(y)),
        Decoded::EndTurn => "end turn".to_string(),
        Decoded::MoveStep(x, y) => {
            format!(
                "move P{}'s student from {} to {}",
                s.move_player(),
                colour(x),
                colour(y)
            )
        }
        Decoded::MoveSkip => format!("move no student of P{}", s.move_player()),
        Decoded::Return(c) => format!("return student from {}", colour(c)),
        Decoded::PowerPlace(c) => format!("power: place student on {}", colour(c)),
        Decoded::PowerGain(c) => format!("power: gain {}", colour(c)),
        Decoded::Invalid => format!("action {a}"),
    }
}

/// All multisets of `k` dice (k = 0..4) in lexicographic order of their sorted faces, with
/// their number of orderings (the exact weight out of 6^k).
pub fn roll_table() -> Vec<Vec<([u8; 6], u32)>> {
    let fact = |x: u32| (1..=x).product::<u32>();
    let mut out = Vec::new();
    for k in 0..=4u32 {
        let mut table = Vec::new();
        // Sorted sequences f1 <= f2 <= ... <= fk in lexicographic order.
        let mut seq = vec![0usize; k as usize];
        loop {
            let mut faces = [0u8; 6];
            for &f in &seq {
                faces[f] += 1;
            }
            let denom: u32 = faces.iter().map(|&c| fact(c as u32)).product();
            table.push((faces, fact(k) / denom));
            // Next non-decreasing sequence.
            let mut i = k as usize;
            let mut done = true;
            while i > 0 {
                i -= 1;
                if seq[i] < 5 {
                    seq[i] += 1;
                    for j in i + 1..k as usize {
                        seq[j] = seq[i];
                    }
                    done = false;
                    break;
                }
            }
            if done {
                break;
            }
        }
        out.push(table);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roll_tables_have_exact_weights() {
        let t = roll_table();
        assert_eq!(t[4].len(), 126);
        assert_eq!(t[1].len(), 6);
        for k in 0..=4 {
            let total: u32 = t[k].iter().map(|x| x.1).sum();
            assert_eq!(total, 6u32.pow(k as u32));
        }
    }

    #[test]
    fn decode_covers_every_id() {
        for a in 0..NUM_ACTIONS as u32 {
            assert_ne!(decode(a), Decoded::Invalid, "{a}");
        }
        assert_eq!(decode(NUM_ACTIONS as u32), Decoded::Invalid);
    }
}
