//! Moves as data: the kind and fields of each decision id (`docs/positions.md`). Dice are
//! named by their face (1..6), piles and paint by colour, display slots 0..6.

use salon_core::{Action, MoveFields};

use crate::actions::{decode, Decoded};
use crate::components::COLOUR_NAMES;
use crate::game::AtelierStudio;

fn colour(c: usize) -> &'static str {
    COLOUR_NAMES[c % COLOUR_NAMES.len()]
}

pub(crate) fn move_fields(game: &AtelierStudio, action: Action) -> MoveFields {
    match decode(action) {
        Decoded::Keep(card) => MoveFields::new("keep_patron").text(
            "patron",
            game.data.patrons.get(card).map_or("?", |p| p.name.as_str()),
        ),
        Decoded::PlaceInitial(pile) => {
            MoveFields::new("place_first_student").text("pile", colour(pile))
        }
        Decoded::Reroll => MoveFields::new("reroll"),
        Decoded::InspireDie(face) => MoveFields::new("inspire").int("die", face as i64 + 1),
        Decoded::Place(face, pile) => MoveFields::new("place_student")
            .int("die", face as i64 + 1)
            .text("pile", colour(pile)),
        Decoded::MoveDie => MoveFields::new("move_students").int("die", 3),
        Decoded::Collect => MoveFields::new("collect").int("die", 4),
        Decoded::PaintDie(slot) => MoveFields::new("paint")
            .int("slot", slot as i64)
            .text("payment", "die"),
        Decoded::Gain(c) => MoveFields::new("gain")
            .int("die", 6)
            .text("colour", colour(c)),
        Decoded::PaintInspiration(slot) => MoveFields::new("paint")
            .int("slot", slot as i64)
            .text("payment", "inspiration"),
        Decoded::DrawPatron => MoveFields::new("draw_patron"),
        Decoded::Swap(give, take) => MoveFields::new("swap")
            .text("give", colour(give))
            .text("take", colour(take)),
        Decoded::Adjust(face, up) => MoveFields::new("adjust_die")
            .int("die", face as i64 + 1)
            .flag("up", up),
        Decoded::Shift(from, to) => MoveFields::new("shift_student")
            .text("from", colour(from))
            .text("to", colour(to)),
        Decoded::EndTurn => MoveFields::new("end_turn"),
        Decoded::MoveStep(from, to) => MoveFields::new("move_student")
            .text("from", colour(from))
            .text("to", colour(to)),
        Decoded::MoveSkip => MoveFields::new("move_no_student"),
        Decoded::Return(pile) => MoveFields::new("return_student").text("pile", colour(pile)),
        Decoded::PowerPlace(pile) => MoveFields::new("power_place").text("pile", colour(pile)),
        Decoded::PowerGain(c) => MoveFields::new("power_gain").text("colour", colour(c)),
        Decoded::Invalid => MoveFields::new("invalid").int("id", action),
    }
}
