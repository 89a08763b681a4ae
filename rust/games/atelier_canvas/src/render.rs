//! The text rendering of the whole table (every hand and the deck included), read from the
//! position (`position::to_position`); only the points come from the scoring rules.

use std::fmt::Write;

use crate::components::{kind_of, Kind};
use crate::position::{self, phase_of, PaletteCard};
use crate::state::AtelierCanvasState;
use crate::{AtelierCanvas, END_PAINTINGS};

/// A palette's stacks, each from its blank canvas up: `[B01<D07*]` (`*`: turned this turn).
fn palette_text(game: &AtelierCanvas, palette: &[Vec<PaletteCard>]) -> String {
    let stacks: Vec<String> = palette
        .iter()
        .map(|stack| {
            let cards: Vec<String> = stack
                .iter()
                .map(|pc| {
                    let mut out = pc.card.clone();
                    if pc.fake {
                        out.push_str("(fake)");
                    } else if game.card_id(&pc.card).is_some_and(|c| kind_of(c) == Kind::Painted) {
                        out.push_str("(original)");
                    }
                    if pc.turned {
                        out.push('*');
                    }
                    out
                })
                .collect();
            format!("[{}]", cards.join("<"))
        })
        .collect();
    if stacks.is_empty() {
        "-".to_string()
    } else {
        stacks.join(" ")
    }
}

/// Cards separated by spaces, `-` for none.
fn listed<'a>(cards: impl Iterator<Item = String> + 'a) -> String {
    let all: Vec<String> = cards.collect();
    if all.is_empty() {
        "-".to_string()
    } else {
        all.join(" ")
    }
}

pub(crate) fn render(s: &AtelierCanvasState, game: &AtelierCanvas) -> String {
    let p = position::to_position(s, game, None);
    let n = p.players.len();
    let paintings = p
        .players
        .iter()
        .flat_map(|pl| pl.palette.iter().flatten())
        .filter(|pc| game.card_id(&pc.card).is_some_and(|c| kind_of(c) == Kind::Painted))
        .count();
    let mut o = String::new();
    let _ = writeln!(
        o,
        "Atelier (canvas) {n} players{}; turn {}; phase {:?}; player to act {}; paintings {}/{}{}",
        game.variant_label(),
        p.turns,
        phase_of(p.phase),
        p.current_player,
        paintings,
        END_PAINTINGS.get(n).copied().unwrap_or(0),
        if p.end_triggered { " (end triggered)" } else { "" }
    );
    let circle: Vec<String> =
        p.circle.iter().enumerate().map(|(i, c)| format!("{i}:{}", c.as_deref().unwrap_or("--"))).collect();
    let _ = writeln!(o, "circle: {}", circle.join(" "));
    let _ = writeln!(o, "deck ({}, epoch {}): {}", p.deck.len(), p.deck_epoch, listed(p.deck.iter().map(|c| c.clone().unwrap_or_default())));
    let _ = writeln!(o, "discard ({}): {}", p.discard.len(), listed(p.discard.iter().cloned()));
    if let Some(card) = &p.turn.playing {
        let _ = writeln!(o, "being played: {card}");
    }
    let obj: Vec<String> = game
        .set
        .objectives
        .iter()
        .enumerate()
        .map(|(i, ob)| {
            let owner = p.objectives.get(i).copied().flatten();
            format!("{} {} ({} pts): {}", ob.id, ob.name, ob.points, owner.map_or_else(|| "open".to_string(), |w| format!("player {w}")))
        })
        .collect();
    let _ = writeln!(o, "objectives: {}", obj.join("; "));
    for (j, pl) in p.players.iter().enumerate() {
        let (pts, orig, fake, draw) = s.tally(game, j);
        let _ = writeln!(o, "player {j}: {pts} points ({orig} originals, {fake} fakes, {draw} drawings visible)");
        let hand = listed(pl.hand.iter().map(|h| format!("{}{}", h.card.as_deref().unwrap_or("?"), if h.known { "!" } else { "" })));
        let _ = writeln!(o, "  hand ({}): {hand}", pl.hand.len());
        let _ = writeln!(o, "  palette: {}", palette_text(game, &pl.palette));
    }
    o
}
