//! Moves as data: the kind and fields of each decision id (`docs/positions.md`). Indices are
//! 0-based like the position format's lists (factory 0 is "factory 1" in action strings).

use salon_core::{Action, MoveFields};

use crate::actions::{self, Decoded, BREAK_ALL, CENTRE};
use crate::components::colour_name;

pub(crate) fn move_fields(action: Action) -> MoveFields {
    match actions::decode(action) {
        Decoded::Take {
            source,
            colour,
            dest,
        } => {
            let mut m = MoveFields::new("take").text("colour", colour_name(colour));
            m = if source == CENTRE {
                m.text("source", "centre")
            } else {
                m.text("source", "factory").int("factory", source as i64)
            };
            if dest == BREAK_ALL {
                m.flag("break_all", true)
            } else {
                m.flag("break_all", false).int("slot", dest as i64)
            }
        }
        Decoded::MoveBack => MoveFields::new("move_back"),
        Decoded::Keep(colour) => MoveFields::new("keep").text("colour", colour_name(colour)),
        Decoded::Invalid => MoveFields::new("invalid").int("id", action),
    }
}
