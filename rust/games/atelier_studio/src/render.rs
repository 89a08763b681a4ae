//! The text rendering of the whole table, hidden cards included (used by `__str__`).

use crate::observation::describe;
use crate::state::AtelierStudioState;
use crate::AtelierStudio;

pub fn render(s: &AtelierStudioState, game: &AtelierStudio) -> String {
    describe(s, game, None)
}
