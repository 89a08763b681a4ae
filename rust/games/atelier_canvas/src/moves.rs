//! Moves as data: the kind and fields of each decision id (`docs/positions.md`). Cards are
//! named by their id in the component file, circle slots 0..7.

use salon_core::{Action, MoveFields};

use crate::actions::{
    family, DISCARD, END_TURN, PASS, PAY_HAND, PAY_JOKER, PAY_JOKER_WB, PAY_PAIR, PAY_TURN, PLAY,
    TAKE_DECK, TAKE_SLOT, TARGET,
};
use crate::components::{COLOUR_NAMES, NUM_BLANK, NUM_CARDS, NUM_PLAYABLE};
use crate::{game::AtelierCanvas, game::CIRCLE};

pub(crate) fn move_fields(game: &AtelierCanvas, action: Action) -> MoveFields {
    let card = |c: usize| game.set.cards.get(c).map_or("?", |k| k.id.as_str());
    if let Some(s) = family(action, TAKE_SLOT, CIRCLE) {
        MoveFields::new("take")
            .text("source", "circle")
            .int("slot", s as i64)
    } else if action == TAKE_DECK {
        MoveFields::new("take").text("source", "deck")
    } else if let Some(c) = family(action, PLAY, NUM_PLAYABLE) {
        MoveFields::new("play").text("card", card(c))
    } else if let Some(b) = family(action, TARGET, NUM_BLANK) {
        MoveFields::new("target").text("card", card(b))
    } else if let Some(c) = family(action, PAY_HAND, NUM_PLAYABLE) {
        MoveFields::new("pay")
            .text("with", "hand")
            .text("card", card(c))
    } else if let Some(k) = family(action, PAY_JOKER, 3) {
        MoveFields::new("pay")
            .text("with", "joker")
            .text("colour", COLOUR_NAMES[k])
    } else if let Some(k) = family(action, PAY_JOKER_WB, 2) {
        // `joker_colours=basic`: a joker pays white or black too.
        MoveFields::new("pay")
            .text("with", "joker")
            .text("colour", COLOUR_NAMES[3 + k])
    } else if let Some(c) = family(action, PAY_TURN, NUM_PLAYABLE) {
        MoveFields::new("pay")
            .text("with", "palette")
            .text("card", card(c))
    } else if let Some(b) = family(action, PAY_PAIR, NUM_BLANK) {
        MoveFields::new("pay")
            .text("with", "pair")
            .text("card", card(b))
    } else if let Some(c) = family(action, DISCARD, NUM_CARDS) {
        MoveFields::new("discard").text("card", card(c))
    } else if action == END_TURN {
        MoveFields::new("end_turn")
    } else if action == PASS {
        MoveFields::new("pass")
    } else {
        MoveFields::new("invalid").int("id", action)
    }
}
