//! The text rendering of the whole table (every hand and the deck included), read from the
//! position (`position::to_position`); only the points come from the scoring rules.

use std::fmt::Write;

use crate::components::{kind_of, Kind, COLOUR_NAMES, NUM_BASIC};
use crate::position::{self, phase_of, PaletteCard};
use crate::scoring::tally;
use crate::state::{AtelierCanvasState, Phase, NONE, TAKE_FROM_DECK};
use crate::{game::AtelierCanvas, game::END_PAINTINGS};

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
                    } else if game
                        .card_id(&pc.card)
                        .is_some_and(|c| kind_of(c) == Kind::Painted)
                    {
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
        .filter(|pc| {
            game.card_id(&pc.card)
                .is_some_and(|c| kind_of(c) == Kind::Painted)
        })
        .count();
    let mut o = String::new();
    let _ =
        writeln!(
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
    let circle: Vec<String> = p
        .circle
        .iter()
        .enumerate()
        .map(|(i, c)| format!("{i}:{}", c.as_deref().unwrap_or("--")))
        .collect();
    let _ = writeln!(o, "circle: {}", circle.join(" "));
    let _ = writeln!(
        o,
        "deck ({}, epoch {}): {}",
        p.deck.len(),
        p.deck_epoch,
        listed(p.deck.iter().map(|c| c.clone().unwrap_or_default()))
    );
    let _ = writeln!(
        o,
        "discard ({}): {}",
        p.discard.len(),
        listed(p.discard.iter().cloned())
    );
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
            format!(
                "{} {} ({} pts): {}",
                ob.id,
                ob.name,
                ob.points,
                owner.map_or_else(|| "open".to_string(), |w| format!("player {w}"))
            )
        })
        .collect();
    let _ = writeln!(o, "objectives: {}", obj.join("; "));
    for (j, pl) in p.players.iter().enumerate() {
        let (pts, orig, fake, draw) = tally(s, game, j);
        let _ = writeln!(
            o,
            "player {j}: {pts} points ({orig} originals, {fake} fakes, {draw} drawings visible)"
        );
        let hand = listed(pl.hand.iter().map(|h| {
            format!(
                "{}{}",
                h.card.as_deref().unwrap_or("?"),
                if h.known { "!" } else { "" }
            )
        }));
        let _ = writeln!(o, "  hand ({}): {hand}", pl.hand.len());
        let _ = writeln!(o, "  palette: {}", palette_text(game, &pl.palette));
    }
    o
}

/// The public table plus `p`'s own hand, read from `p`'s view of the position (so nothing `p`
/// may not see can appear); only the points come from the scoring rules.
pub(crate) fn observation_string(s: &AtelierCanvasState, game: &AtelierCanvas, p: usize) -> String {
    let v = position::to_position(s, game, Some(p));
    let n = v.players.len();
    let t = &v.turn;
    let playing = t.playing.as_deref().unwrap_or("?");
    let mut o = String::new();
    let _ = writeln!(o, "I am player {p}");
    let current = v.current_player;
    let phase = match phase_of(v.phase) {
        Phase::Deal => format!("dealing to player {}", v.deal_player),
        Phase::Refill => "refilling the circle".to_string(),
        Phase::Start => format!("player {current} to draw or play"),
        Phase::Second => {
            let first = match t.first_take {
                Some(TAKE_FROM_DECK) => "the deck".to_string(),
                Some(slot) => format!("slot {slot}"),
                None => format!("slot {NONE}"),
            };
            format!("player {current} second take (first from {first})")
        }
        Phase::DeckDraw => format!("player {current} draws from the deck"),
        Phase::Discard => format!("player {current} discards down to 10"),
        Phase::Target => format!("player {current} chooses where {playing} goes"),
        Phase::Pay => format!("player {current} pays for {playing}"),
        Phase::More => format!("player {current} may play another card"),
        Phase::End => "game over".to_string(),
    };
    let _ = writeln!(
        o,
        "turn {} (round {}): {phase}; paintings {}/{}{}",
        v.turns,
        v.turns as usize / n + 1,
        painted_in_palettes(game, &v),
        END_PAINTINGS.get(n).copied().unwrap_or(0),
        if v.end_triggered {
            ", end triggered"
        } else {
            ""
        }
    );
    if matches!(phase_of(v.phase), Phase::Target | Phase::Pay | Phase::More) {
        let (plain, halves, pairs) = (
            t.needs.plain.array(),
            t.needs.halves.array(),
            t.needs.pairs.array(),
        );
        let mut need = Vec::new();
        for c in 0..NUM_BASIC {
            need.extend(std::iter::repeat_n(
                COLOUR_NAMES[c],
                (plain[c] + halves[c]) as usize,
            ));
        }
        for (k, &count) in pairs.iter().enumerate() {
            need.extend(std::iter::repeat_n(
                COLOUR_NAMES[NUM_BASIC + k],
                count as usize,
            ));
        }
        let _ = writeln!(
            o,
            "playing {} type, {} placed; unpaid: {}; target {}",
            t.play_kind.as_deref().unwrap_or("-"),
            t.played,
            if need.is_empty() {
                "-".to_string()
            } else {
                need.join("+")
            },
            t.target.as_deref().unwrap_or("-")
        );
    }
    let circle: Vec<String> = v
        .circle
        .iter()
        .enumerate()
        .map(|(i, c)| format!("{i}:{}", c.as_deref().unwrap_or("--")))
        .collect();
    let _ = writeln!(o, "circle {}", circle.join(" "));
    let _ = writeln!(
        o,
        "deck {} cards; discard pile {}: {}",
        v.deck.len(),
        v.discard.len(),
        listed(v.discard.iter().cloned())
    );
    let objectives: Vec<String> = game
        .set
        .objectives
        .iter()
        .enumerate()
        .map(|(i, ob)| {
            let owner = v.objectives.get(i).copied().flatten();
            format!(
                "{}={}",
                ob.id,
                owner.map_or_else(|| "open".to_string(), |w| format!("p{w}"))
            )
        })
        .collect();
    let _ = writeln!(o, "objectives {}", objectives.join(" "));
    if let Some(card) = &t.playing {
        let _ = writeln!(o, "being played: {card}");
    }
    for (j, pl) in v.players.iter().enumerate() {
        let hand = if j == p {
            format!(
                "hand {}",
                listed(pl.hand.iter().map(|h| h.card.clone().unwrap_or_default()))
            )
        } else {
            let known = pl
                .hand
                .iter()
                .filter(|h| h.known)
                .filter_map(|h| h.card.clone());
            format!("{} cards in hand, known: {}", pl.hand.len(), listed(known))
        };
        let _ = writeln!(o, "player {j}: score {}; {hand}", tally(s, game, j).0);
        let _ = writeln!(o, "  palette {}", palette_text(game, &pl.palette));
    }
    o
}

/// Paintings on the palettes (originals and fakes): the count that ends the game.
fn painted_in_palettes(game: &AtelierCanvas, v: &position::Position) -> usize {
    v.players
        .iter()
        .flat_map(|pl| pl.palette.iter().flatten())
        .filter(|pc| {
            game.card_id(&pc.card)
                .is_some_and(|c| kind_of(c) == Kind::Painted)
        })
        .count()
}
