//! Moves as data: the kind and fields of each decision id (`docs/positions.md`). Spaces are
//! the indices of the position's `spaces` list (bottom spaces 0..23, then first player 24,
//! copy 25, rotate 26) and 27 for the white space.

use salon_core::{Action, MoveFields};

use crate::actions::{decode, Decoded, PAIRS};
use crate::components::{COLOUR_NAMES, NUM_COLOURS, TOOL_NAMES};
use crate::game::ColorsOfParis;

fn colour(c: usize) -> &'static str {
    COLOUR_NAMES[c % NUM_COLOURS]
}

pub(crate) fn move_fields(game: &ColorsOfParis, action: Action) -> MoveFields {
    let painting = |c: usize| game.data.paintings.get(c).map_or("?", |p| p.name.as_str());
    match decode(action as usize) {
        Decoded::Place(s) => MoveFields::new("place").int("space", s as i64),
        Decoded::Use(s) => MoveFields::new("use").int("space", s as i64),
        Decoded::Forgo(s) => MoveFields::new("forgo").int("space", s as i64),
        Decoded::Copy(b) => MoveFields::new("copy").int("space", b as i64),
        Decoded::Upgrade(tool, pair) => {
            let (a, b) = PAIRS[pair % PAIRS.len()];
            MoveFields::new("upgrade")
                .text("tool", TOOL_NAMES[tool % 3])
                .text("pay_1", colour(a as usize))
                .text("pay_2", colour(b as usize))
        }
        Decoded::Hire => MoveFields::new("hire"),
        Decoded::Token => MoveFields::new("token"),
        Decoded::Easel(e) => MoveFields::new("take_painting").int("easel", e as i64),
        Decoded::TakeBonus => MoveFields::new("take_bonus"),
        Decoded::Paint(card, square, white) => MoveFields::new("paint")
            .text("painting", painting(card))
            .int("square", square as i64)
            .flag("white", white),
        Decoded::StopPaint => MoveFields::new("stop_painting"),
        Decoded::Rotate(steps) => MoveFields::new("rotate").int("steps", steps),
        Decoded::Discard(c) => MoveFields::new("discard").text("colour", colour(c as usize)),
        Decoded::Keep(b) => MoveFields::new("keep").int("space", b as i64),
        Decoded::Invalid => MoveFields::new("invalid").int("id", action),
    }
}
