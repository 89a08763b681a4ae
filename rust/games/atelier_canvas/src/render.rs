//! The text rendering of the whole table (every hand and the deck included).

use std::fmt::Write;

use crate::components::NUM_CARDS;
use crate::observation::palette_text;
use crate::state::*;
use crate::{AtelierCanvas, CIRCLE, END_PAINTINGS};

fn name(game: &AtelierCanvas, c: usize) -> &str {
    game.set.cards.get(c).map(|x| x.id.as_str()).unwrap_or("?")
}

pub(crate) fn render(s: &AtelierCanvasState, game: &AtelierCanvas) -> String {
    let n = game.players;
    let mut o = String::new();
    let _ = writeln!(
        o,
        "Atelier (canvas) {n} players{}; turn {}; phase {:?}; player to act {}; paintings {}/{}{}",
        game.variant_label(),
        s.turns,
        s.phase,
        s.current,
        s.paintings,
        END_PAINTINGS[n],
        if s.end_triggered { " (end triggered)" } else { "" }
    );
    let circle: Vec<String> = (0..CIRCLE)
        .map(|i| if s.circle[i] == NONE { format!("{i}:--") } else { format!("{i}:{}", name(game, s.circle[i] as usize)) })
        .collect();
    let _ = writeln!(o, "circle: {}", circle.join(" "));
    let cards_at = |l: u8| -> String {
        let mut out = String::new();
        for c in (0..NUM_CARDS).filter(|&c| s.loc[c] == l) {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(name(game, c));
            if s.flags[c] & F_KNOWN != 0 && (LOC_HAND..LOC_HAND + 5).contains(&l) {
                out.push('!');
            }
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    };
    let _ = writeln!(o, "deck ({}, epoch {}): {}", s.deck_count, s.epoch_now, cards_at(LOC_DECK));
    let _ = writeln!(o, "discard ({}): {}", s.discard_count, cards_at(LOC_DISCARD));
    if s.loc.contains(&LOC_PLAYING) {
        let _ = writeln!(o, "being played: {}", cards_at(LOC_PLAYING));
    }
    let obj: Vec<String> = game
        .set
        .objectives
        .iter()
        .enumerate()
        .map(|(i, ob)| {
            let w = s.objective_owner[i];
            format!("{} {} ({} pts): {}", ob.id, ob.name, ob.points, if w == NONE { "open".to_string() } else { format!("player {w}") })
        })
        .collect();
    let _ = writeln!(o, "objectives: {}", obj.join("; "));
    for j in 0..n {
        let (pts, orig, fake, draw) = s.tally(game, j);
        let _ = writeln!(o, "player {j}: {pts} points ({orig} originals, {fake} fakes, {draw} drawings visible)");
        let _ = writeln!(o, "  hand ({}): {}", s.hand_count[j], cards_at(LOC_HAND + j as u8));
        let _ = writeln!(o, "  palette: {}", palette_text(s, game, j));
    }
    o
}
