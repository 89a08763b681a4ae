//! The moves: action ids (families, encoding and decoding), who acts, what may be done
//! (legality and legal-move generation, chance outcomes), the texts of moves (and what each
//! player may read of them) with their parsing, and the dispatch of an id to the state's
//! transition (`apply`).
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

use salon_core::{Action, ActionList, Actor, ChanceOutcomes, SalonError, SalonResult};

use crate::components::{Power, COLOUR_NAMES, NUM_COLOURS, NUM_PAINTINGS, NUM_PATRONS};
use crate::dice::faces_string;
use crate::state::{AtelierStudioState, Phase, NONE, PAT_DEALT, PAT_DECK, P_DECK};
use crate::{game::AtelierStudio, game::DISPLAY};

// ----- ids -----------------------------------------------------------------------------

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

// ----- who acts, and what may be done ------------------------------------------------

/// Chance at the deals, rolls and draws; the player to move elsewhere; nobody at the end.
pub(crate) fn actor(s: &AtelierStudioState) -> Actor {
    match s.phase {
        Phase::ChooseStart
        | Phase::DealDisplay
        | Phase::DealPatrons
        | Phase::Roll
        | Phase::DrawPatron
        | Phase::Refill => Actor::Chance,
        Phase::Terminal => Actor::Terminal,
        _ => Actor::Player(s.current),
    }
}

/// Player `p` holds the paint that painting `card` costs.
pub(crate) fn can_afford(s: &AtelierStudioState, game: &AtelierStudio, p: usize, card: u8) -> bool {
    match game.data.paintings.get(card as usize) {
        Some(c) => (0..NUM_COLOURS).all(|k| s.cyl[p][k] >= c.cost[k]),
        None => false,
    }
}

/// An owned painting with turn power `power` not yet used this turn.
pub(crate) fn unused_turn_power(
    s: &AtelierStudioState,
    game: &AtelierStudio,
    p: usize,
    power: Power,
) -> Option<usize> {
    (0..NUM_PAINTINGS).find(|&i| {
        s.painting_loc[i] as usize == p
            && s.turn_power_used & (1u64 << i) == 0
            && game.data.paintings.get(i).map(|c| c.power) == Some(power)
    })
}

/// True when a player after the current die-3 player still has a student on a pile.
pub(crate) fn later_mover_exists(s: &AtelierStudioState) -> bool {
    let n = s.num_players();
    ((s.sub_offset as usize + 1)..n).any(|o| s.on_piles((s.cur() + o) % n) > 0)
}

/// Fills `out` with the legal decisions, ascending.
pub fn legal_actions(s: &AtelierStudioState, game: &AtelierStudio, out: &mut ActionList) {
    out.clear();
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
            if s.sub_moved || later_mover_exists(s) {
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
                if s.display[slot] != NONE && can_afford(s, game, p, s.display[slot]) {
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
            if s.display[slot] != NONE && can_afford(s, game, p, s.display[slot]) {
                out.push(PAINT_INSPIRATION + slot as u32);
            }
        }
    }
    if s.tokens[p] >= 3 && s.patron_draw_possible() {
        out.push(DRAW_PATRON);
    }
    if unused_turn_power(s, game, p, Power::SwapPaint).is_some() {
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
    if unused_turn_power(s, game, p, Power::AdjustDie).is_some() {
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
    if unused_turn_power(s, game, p, Power::ShiftStudent).is_some() {
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

/// Fills `out` with the chance outcomes of the node, ascending, with their weights.
pub(crate) fn chance_outcomes(
    s: &AtelierStudioState,
    game: &AtelierStudio,
    out: &mut ChanceOutcomes,
) {
    out.clear();
    match s.phase {
        Phase::ChooseStart => {
            for p in 0..s.num_players() {
                out.push(p as Action, 1);
            }
        }
        Phase::DealDisplay | Phase::Refill => {
            for i in 0..NUM_PAINTINGS {
                if s.painting_loc[i] == P_DECK {
                    out.push(i as Action, 1);
                }
            }
        }
        Phase::DealPatrons => {
            for i in 0..NUM_PATRONS {
                if s.patron_loc[i] == PAT_DECK {
                    out.push(i as Action, 1);
                }
            }
        }
        Phase::DrawPatron => {
            if s.patron_deck_count() > 0 {
                for i in 0..NUM_PATRONS {
                    if s.patron_loc[i] == PAT_DECK {
                        out.push(i as Action, 1);
                    }
                }
            } else if s.bottom_head < s.bottom_len {
                out.push(s.bottom[s.bottom_head as usize] as Action, 1);
            }
        }
        Phase::Roll => {
            let k = s.active[s.cur()] as usize;
            if let Some(table) = game.rolls.get(k) {
                for (i, (_, w)) in table.iter().enumerate() {
                    out.push(i as Action, *w);
                }
            }
        }
        _ => {}
    }
}

// ----- texts ------------------------------------------------------------------------

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

/// The text of `a` as `player` may read it: the patrons are the hidden cards, so a patron
/// dealt to another player, a patron another player keeps, and a patron another player draws
/// are not named (a drawn card is named to the player who put it under the deck, who knows
/// it); every other text is `action_to_string`.
pub(crate) fn action_to_string_for(
    s: &AtelierStudioState,
    game: &AtelierStudio,
    player: usize,
    a: Action,
) -> String {
    let n = s.num_players();
    let hidden = match s.phase {
        Phase::DealPatrons => {
            let to = (s.start as usize + s.step as usize / 2) % n.max(1);
            (player != to).then(|| format!("deal a patron to P{to}"))
        }
        Phase::DrawPatron => {
            let put_there = s.returned.get(player).is_some_and(|&c| c as Action == a);
            (player != s.cur() && !put_there).then(|| "draw a patron".to_string())
        }
        Phase::KeepPatron => (player != s.cur()).then(|| "keep a patron".to_string()),
        _ => None,
    };
    hidden.unwrap_or_else(|| action_to_string(s, game, a))
}

/// The legal action written `text` (a roll is parsed; any other text is compared with the
/// texts of the legal actions).
pub(crate) fn string_to_action(
    s: &AtelierStudioState,
    game: &AtelierStudio,
    text: &str,
) -> SalonResult<Action> {
    let wanted = text.trim();
    if s.phase == Phase::Roll {
        // 126 outcomes: parse instead of comparing every outcome's string.
        return parse_roll(s, game, wanted).ok_or_else(|| SalonError::UnknownActionString {
            text: text.to_string(),
        });
    }
    salon_core::game::match_action_string(s, game, text)
}

// ----- dispatch -------------------------------------------------------------------------

/// Applies decision or chance outcome `a`: decodes it and calls the state's transition.
pub(crate) fn apply(s: &mut AtelierStudioState, game: &AtelierStudio, a: Action) {
    match actor(s) {
        Actor::Chance => apply_chance(s, game, a),
        Actor::Player(_) => apply_decision(s, game, a),
        Actor::Terminal => {}
    }
}

fn apply_decision(s: &mut AtelierStudioState, game: &AtelierStudio, a: Action) {
    let p = s.cur();
    match decode(a) {
        Decoded::Keep(card) => s.keep_patron(card),
        Decoded::PlaceInitial(pile) => s.place_first_student(pile),
        Decoded::Reroll => s.reroll(),
        Decoded::InspireDie(face) => s.inspire(face),
        Decoded::Place(face, pile) => s.place_with_die(face, pile),
        Decoded::MoveDie => s.move_with_die(),
        Decoded::Collect => s.collect_with_die(),
        Decoded::PaintDie(slot) => s.paint_with_die(game, slot),
        Decoded::Gain(c) => s.gain_with_die(c),
        Decoded::PaintInspiration(slot) => s.paint_with_inspiration(game, slot),
        Decoded::DrawPatron => s.pay_for_patron(),
        Decoded::Swap(give, take) => {
            let power = unused_turn_power(s, game, p, Power::SwapPaint);
            s.swap_paint(power, give, take)
        }
        Decoded::Adjust(face, up) => {
            let power = unused_turn_power(s, game, p, Power::AdjustDie);
            s.adjust_die(power, face, up)
        }
        Decoded::Shift(from, to) => {
            let power = unused_turn_power(s, game, p, Power::ShiftStudent);
            s.shift_student(power, from, to)
        }
        Decoded::EndTurn => s.end_turn(),
        Decoded::MoveStep(from, to) => s.move_student(from, to),
        Decoded::MoveSkip => s.skip_mover(),
        Decoded::Return(pile) => s.return_student(game, pile),
        Decoded::PowerPlace(pile) => s.power_place(game, pile),
        Decoded::PowerGain(c) => s.power_gain(game, c),
        Decoded::Invalid => {}
    }
}

fn apply_chance(s: &mut AtelierStudioState, game: &AtelierStudio, a: Action) {
    match s.phase {
        Phase::ChooseStart => s.choose_start(a as usize),
        Phase::DealDisplay => s.deal_display(a as usize),
        Phase::DealPatrons => s.deal_patron(a as usize),
        Phase::Roll => {
            let k = s.active[s.cur()] as usize;
            let faces = game
                .rolls
                .get(k)
                .and_then(|t| t.get(a as usize))
                .map(|(faces, _)| *faces);
            s.roll(faces)
        }
        Phase::DrawPatron => s.draw_patron(game, a as usize),
        Phase::Refill => s.refill(game, a as usize),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_covers_every_id() {
        for a in 0..NUM_ACTIONS as u32 {
            assert_ne!(decode(a), Decoded::Invalid, "{a}");
        }
        assert_eq!(decode(NUM_ACTIONS as u32), Decoded::Invalid);
    }
}
