//! The text rendering of the whole table (every bonus card shown).

use std::fmt::Write;

use crate::components::*;
use crate::observation::write_public;
use crate::scoring;
use crate::state::*;
use crate::ColorsOfParis;

pub(crate) fn render(st: &ColorsOfParisState, g: &ColorsOfParis) -> String {
    let mut s = String::new();
    write_public(st, g, &mut s);
    for q in 0..st.np() {
        let _ = write!(s, "player {q}:");
        if st.advanced {
            let held: Vec<String> = (0..NUM_BONUS)
                .filter(|&b| st.bonus_loc[b] == 1 + q as u8)
                .map(|b| format!("#{b} {:?}", g.data.bonus_cards[b].name))
                .collect();
            let _ = write!(s, " bonus cards [{}]", held.join(", "));
        }
        let _ = writeln!(s, " score {}", scoring::score(st, g, q, true));
    }
    s
}
