//! The table as an SVG picture: the circle of eight face-up cards, the deck, the discard
//! pile, the objectives, and every player's hand and palette (canvases with the cards
//! stacked on them), points and whose turn.
//!
//! Drawn from the position (`position::to_position`, what `to_dict` and `observation_dict`
//! give), never from the state; only the points come from the scoring rules. Hands and the
//! deck are the hidden information: `viewer: Some(p)` draws p's view, where the cards p may
//! not see are `null`, drawn as card backs.
//!
//! Clickable parts carry move fields (`docs/pictures.md`): the circle's cards (`source`
//! `circle` and `slot`), the deck (`source` `deck`), and the cards of the player to act (hand
//! and palette) and the card being played (`card`).

use std::fmt::Write;

use salon_core::svg::{escape, open_document, open_field, text, viewer_label};

use crate::components::{kind_of, Kind};
use crate::position::{self, PaletteCard, PhaseName, Position};
use crate::scoring::tally;
use crate::state::AtelierCanvasState;
use crate::{game::AtelierCanvas, game::END_PAINTINGS};

const FILL: [&str; 9] = [
    "#29b6d8", "#d63384", "#f2c531", "#ffffff", "#333333", "#9e9e9e", "#d6402f", "#2f6fd0",
    "#3a9a4a",
];
const WIDTH: i32 = 1000;
const CW: i32 = 50;
const CH: i32 = 70;

fn colour(c: u8) -> &'static str {
    FILL.get(c as usize).copied().unwrap_or("#eeeeee")
}

/// A face-up card at (x, y): its colour band, id, type and cost.
fn card(out: &mut String, game: &AtelierCanvas, c: usize, x: i32, y: i32, note: &str) {
    let Some(info) = game.set.cards.get(c) else {
        return;
    };
    let kind = kind_of(c);
    let body = match kind {
        Kind::Joker => "#fff4d6",
        _ => "#fffdf7",
    };
    let _ = write!(
        out,
        "<g><title>{}</title><rect x=\"{x}\" y=\"{y}\" width=\"{CW}\" height=\"{CH}\" rx=\"5\" fill=\"{body}\" stroke=\"#555\"/>",
        escape(&info.label)
    );
    let band = if kind == Kind::Joker {
        "#f0c040"
    } else {
        colour(info.colour)
    };
    let _ = write!(out, "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"14\" rx=\"3\" fill=\"{band}\" stroke=\"#777\" stroke-width=\"0.5\"/>", x + 2, y + 2, CW - 4);
    text(out, x + CW / 2, y + 27, 11, "middle", "bold", &info.id);
    text(out, x + CW / 2, y + 39, 8, "middle", "normal", kind.name());
    let mut k = 0;
    for (col, &units) in info.cost.iter().enumerate() {
        for _ in 0..units {
            let _ = write!(
                out,
                "<circle cx=\"{}\" cy=\"{}\" r=\"4\" fill=\"{}\" stroke=\"#333\" stroke-width=\"0.6\"/>",
                x + 8 + (k % 5) * 9,
                y + 50 + (k / 5) * 9,
                FILL.get(col).copied().unwrap_or("#eee")
            );
            k += 1;
        }
    }
    if !note.is_empty() {
        text(out, x + CW / 2, y + CH - 3, 8, "middle", "bold", note);
    }
    out.push_str("</g>");
}

const MINI_W: i32 = 34;
const MINI_H: i32 = 27;
const MINI_PITCH: i32 = MINI_W + 3;
/// Rows of small tiles for the discard pile, between its title and the objectives.
const MINI_ROWS: usize = 6;

/// A small face-up tile: colour band and id (the full label in its tooltip).
fn mini_card(out: &mut String, game: &AtelierCanvas, c: usize, x: i32, y: i32) {
    let Some(info) = game.set.cards.get(c) else {
        return;
    };
    let kind = kind_of(c);
    let body = if kind == Kind::Joker {
        "#fff4d6"
    } else {
        "#fffdf7"
    };
    let band = if kind == Kind::Joker {
        "#f0c040"
    } else {
        colour(info.colour)
    };
    let _ = write!(
        out,
        "<g><title>{}</title><rect x=\"{x}\" y=\"{y}\" width=\"{MINI_W}\" height=\"{MINI_H}\" rx=\"3\" fill=\"{body}\" stroke=\"#777\"/>\
         <rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"7\" rx=\"2\" fill=\"{band}\" stroke=\"#999\" stroke-width=\"0.5\"/>",
        escape(&info.label),
        x + 2,
        y + 2,
        MINI_W - 4
    );
    text(out, x + MINI_W / 2, y + 22, 10, "middle", "bold", &info.id);
    out.push_str("</g>");
}

/// A card under another in a stack (18 px of it show): a colour chip and the id on its top strip.
fn covered_card(out: &mut String, game: &AtelierCanvas, c: usize, x: i32, y: i32) {
    let Some(info) = game.set.cards.get(c) else {
        return;
    };
    let chip = if kind_of(c) == Kind::Joker {
        "#f0c040"
    } else {
        colour(info.colour)
    };
    let _ = write!(
        out,
        "<g><title>{}</title><rect x=\"{x}\" y=\"{y}\" width=\"{CW}\" height=\"{CH}\" rx=\"5\" fill=\"#fffdf7\" stroke=\"#555\"/>\
         <rect x=\"{}\" y=\"{}\" width=\"11\" height=\"11\" rx=\"2\" fill=\"{chip}\" stroke=\"#777\" stroke-width=\"0.5\"/>",
        escape(&info.label),
        x + 3,
        y + 3
    );
    text(out, x + 17, y + 13, 10, "start", "bold", &info.id);
    out.push_str("</g>");
}

fn back(out: &mut String, x: i32, y: i32, title: &str) {
    let _ = write!(
        out,
        "<g><title>{title}</title><rect x=\"{x}\" y=\"{y}\" width=\"{CW}\" height=\"{CH}\" rx=\"5\" fill=\"#3f5b7a\" stroke=\"#1d2c3d\"/>\
         <rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"3\" fill=\"none\" stroke=\"#b8cde3\"/></g>",
        x + 5,
        y + 5,
        CW - 10,
        CH - 10
    );
}

fn phase_text(p: &Position) -> String {
    let playing = p.turn.playing.as_deref().unwrap_or("?");
    let c = p.current_player;
    match p.phase {
        PhaseName::Deal => format!("dealing to player {}", p.deal_player),
        PhaseName::Refill => "refilling the circle".to_string(),
        PhaseName::Start => format!("player {c} to draw or play"),
        PhaseName::SecondTake => format!("player {c} takes a second card"),
        PhaseName::DeckDraw => format!("player {c} draws from the deck"),
        PhaseName::Discard => format!("player {c} discards down to 10"),
        PhaseName::Target => format!("player {c} chooses where {playing} goes"),
        PhaseName::Pay => format!("player {c} pays for {playing}"),
        PhaseName::More => format!("player {c} may play another card"),
        PhaseName::End => "game over".to_string(),
    }
}

/// Points: the only figures not read from the position (from the scoring rules): per player (points, originals, fakes, drawings), all public.
pub(crate) type Tallies = Vec<(i32, i32, i32, i32)>;

pub(crate) fn render(
    s: &AtelierCanvasState,
    game: &AtelierCanvas,
    viewer: Option<usize>,
) -> String {
    let tallies: Tallies = (0..game.players).map(|j| tally(s, game, j)).collect();
    draw(
        &position::to_position(s, game, viewer),
        &tallies,
        game,
        viewer,
    )
}

/// Painted canvases on the palettes (originals and fakes): the count the end waits for.
fn paintings(p: &Position, game: &AtelierCanvas) -> usize {
    p.players
        .iter()
        .flat_map(|pl| pl.palette.iter().flatten())
        .filter(|pc| {
            game.card_id(&pc.card)
                .is_some_and(|c| kind_of(c) == Kind::Painted)
        })
        .count()
}

/// The player whose turn it is (`None` during set-up chance and at the end).
fn acting(p: &Position) -> Option<usize> {
    (!matches!(
        p.phase,
        PhaseName::Deal | PhaseName::Refill | PhaseName::End
    ))
    .then_some(p.current_player as usize)
}

/// Draws a card named by the position, as a `card` field when `clickable`.
fn card_named(
    out: &mut String,
    game: &AtelierCanvas,
    name: &str,
    x: i32,
    y: i32,
    note: &str,
    clickable: bool,
) {
    let Some(c) = game.card_id(name) else { return };
    if clickable {
        open_field(out, "card", name);
    }
    card(out, game, c, x, y, note);
    if clickable {
        out.push_str("</g>");
    }
}

/// The picture of a position (`viewer` only labels it: the position is already the view).
pub(crate) fn draw(
    p: &Position,
    tallies: &Tallies,
    game: &AtelierCanvas,
    viewer: Option<usize>,
) -> String {
    let n = p.players.len();
    // Player rows grow with the largest palette stack.
    let rows: Vec<i32> = p.players.iter().map(|pl| row_height(&pl.palette)).collect();
    let top = 330;
    let height = top + rows.iter().map(|h| h + 8).sum::<i32>() + 10;
    let actor = acting(p);
    let mut out = String::with_capacity(40_000);
    open_document(&mut out, WIDTH, height, "#eef0f2");
    let who = viewer_label(viewer);
    text(
        &mut out,
        12,
        22,
        16,
        "start",
        "bold",
        &format!(
            "Atelier (canvas card game), {n} players{} - turn {}; paintings {}/{}{}",
            game.variant_label(),
            p.turns,
            paintings(p, game),
            END_PAINTINGS.get(n).copied().unwrap_or(0),
            if p.end_triggered {
                " (end triggered)"
            } else {
                ""
            }
        ),
    );
    text(&mut out, 12, 42, 13, "start", "normal", &phase_text(p));
    // On the second line: the title grows long late in the game (turn, paintings, end triggered).
    text(
        &mut out,
        WIDTH - 12,
        42,
        11,
        "end",
        "normal",
        &format!("{who}; {}", salon_core::Game::components(game).label()),
    );

    // The circle.
    text(&mut out, 12, 66, 12, "start", "bold", "circle");
    for (i, slot) in p.circle.iter().enumerate() {
        let x = 12 + i as i32 * (CW + 8);
        text(
            &mut out,
            x + CW / 2,
            82,
            9,
            "middle",
            "normal",
            &format!("slot {i}"),
        );
        match slot.as_deref().and_then(|name| game.card_id(name)) {
            None => {
                let _ = write!(out, "<rect x=\"{x}\" y=\"86\" width=\"{CW}\" height=\"{CH}\" rx=\"5\" fill=\"none\" stroke=\"#aaa\" stroke-dasharray=\"4,3\"/>");
            }
            Some(c) => {
                open_field(&mut out, "source", "circle");
                open_field(&mut out, "slot", i);
                card(&mut out, game, c, x, 86, "");
                out.push_str("</g></g>");
            }
        }
    }
    // Deck and discard pile.
    let dx = 12 + p.circle.len() as i32 * (CW + 8) + 20;
    open_field(&mut out, "source", "deck");
    text(&mut out, dx, 66, 12, "start", "bold", "deck");
    if !p.deck.is_empty() {
        back(&mut out, dx, 86, "the deck (face down)");
    }
    text(
        &mut out,
        dx + CW / 2,
        172,
        11,
        "middle",
        "normal",
        &format!("{} cards", p.deck.len()),
    );
    out.push_str("</g>");
    let px = dx + CW + 24;
    text(
        &mut out,
        px,
        66,
        12,
        "start",
        "bold",
        &format!("discard pile ({})", p.discard.len()),
    );
    // The discard pile is face up but unordered (the rules never ask which card is on top):
    // every card as a small tile with its colour and id, in rows, so each one can be read.
    let discard: Vec<usize> = p
        .discard
        .iter()
        .filter_map(|name| game.card_id(name))
        .collect();
    let per_row = ((WIDTH - 12 - px) / MINI_PITCH) as usize;
    let capacity = per_row * MINI_ROWS;
    for (i, &c) in discard.iter().enumerate() {
        if i + 1 == capacity && discard.len() > capacity {
            let (x, y) = (
                px + (i % per_row) as i32 * MINI_PITCH,
                76 + (i / per_row) as i32 * (MINI_H + 3),
            );
            text(
                &mut out,
                x + MINI_W / 2,
                y + 18,
                10,
                "middle",
                "bold",
                &format!("+{}", discard.len() - i),
            );
            break;
        }
        mini_card(
            &mut out,
            game,
            c,
            px + (i % per_row) as i32 * MINI_PITCH,
            76 + (i / per_row) as i32 * (MINI_H + 3),
        );
    }
    // The card being played.
    if let Some(name) = &p.turn.playing {
        text(&mut out, 12, 188, 12, "start", "bold", "being played:");
        card_named(&mut out, game, name, 110, 176, "", actor.is_some());
    }
    // Objectives.
    let oy = 262;
    text(&mut out, 12, oy - 6, 12, "start", "bold", "objectives");
    for (i, ob) in game.set.objectives.iter().enumerate() {
        let x = 12 + i as i32 * 196;
        let owner = p.objectives.get(i).copied().flatten();
        let _ = write!(
            out,
            "<rect x=\"{x}\" y=\"{oy}\" width=\"188\" height=\"50\" rx=\"6\" fill=\"{}\" stroke=\"#8a7a5a\"/>",
            if owner.is_none() { "#fffaf0" } else { "#e0e0e0" }
        );
        text(
            &mut out,
            x + 6,
            oy + 16,
            10,
            "start",
            "bold",
            &format!("{} {}", ob.id, ob.name),
        );
        text(
            &mut out,
            x + 6,
            oy + 30,
            10,
            "start",
            "normal",
            &format!("{} points", ob.points),
        );
        let claim = owner.map_or_else(|| "open".to_string(), |o| format!("claimed by player {o}"));
        text(&mut out, x + 6, oy + 44, 10, "start", "normal", &claim);
    }

    let mut y = top;
    for j in 0..n {
        player_row(
            &mut out,
            p,
            tallies,
            game,
            j,
            y,
            rows[j],
            viewer,
            actor == Some(j),
        );
        y += rows[j] + 8;
    }
    out.push_str("</svg>");
    out
}

/// Cards in the tallest stack of a palette.
fn tallest_stack(palette: &[Vec<PaletteCard>]) -> i32 {
    palette
        .iter()
        .map(|stack| stack.len().min(16) as i32)
        .max()
        .unwrap_or(0)
}

/// Canvases side by side in one row of a palette.
const PER_ROW: i32 = 15;

/// The height of one row of palette stacks.
fn stack_pitch(palette: &[Vec<PaletteCard>]) -> i32 {
    CH + (tallest_stack(palette).max(1) - 1) * 18 + 8
}

fn row_height(palette: &[Vec<PaletteCard>]) -> i32 {
    let rows = ((palette.len() as i32 + PER_ROW - 1) / PER_ROW).max(1);
    // Title, hand row, palette label, rows of stacks of offset cards.
    40 + CH + 24 + rows * stack_pitch(palette) + 2
}

#[allow(clippy::too_many_arguments)]
fn player_row(
    out: &mut String,
    p: &Position,
    tallies: &Tallies,
    game: &AtelierCanvas,
    j: usize,
    y: i32,
    h: i32,
    viewer: Option<usize>,
    to_move: bool,
) {
    let pl = &p.players[j];
    let _ = write!(
        out,
        "<rect x=\"6\" y=\"{y}\" width=\"{}\" height=\"{h}\" rx=\"8\" fill=\"#fbfbfb\" stroke=\"{}\" stroke-width=\"{}\"/>",
        WIDTH - 12,
        if to_move { "#c0392b" } else { "#8a8a8a" },
        if to_move { 3 } else { 1 }
    );
    let (pts, orig, fake, draw) = tallies.get(j).copied().unwrap_or_default();
    let you = if viewer == Some(j) { " (you)" } else { "" };
    let turn = if to_move { " - to move" } else { "" };
    text(
        out,
        16,
        y + 20,
        14,
        "start",
        "bold",
        &format!(
            "player {j}{you}: {pts} points ({orig} originals, {fake} fakes, {draw} drawings){turn}"
        ),
    );
    // Hand: the cards the view names face up, the others as backs.
    text(
        out,
        16,
        y + 36,
        11,
        "start",
        "normal",
        &format!("hand ({} cards)", pl.hand.len()),
    );
    let mut x = 110;
    for hc in &pl.hand {
        match &hc.card {
            Some(name) => {
                let note = if hc.known && viewer.is_none() {
                    "seen"
                } else {
                    ""
                };
                card_named(out, game, name, x, y + 28, note, to_move);
            }
            None => back(out, x, y + 28, "face-down card"),
        }
        x += CW + 4;
    }
    // Palette: each canvas with the cards on it, offset downwards.
    let py = y + 28 + CH + 20;
    text(out, 16, py, 11, "start", "normal", "palette");
    let pitch = stack_pitch(&pl.palette);
    for (shown, stack) in pl.palette.iter().enumerate() {
        let shown = shown as i32;
        let x = 110 + (shown % PER_ROW) * (CW + 8);
        let py = py + (shown / PER_ROW) * pitch;
        for (k, pc) in stack.iter().enumerate() {
            let Some(c) = game.card_id(&pc.card) else {
                continue;
            };
            let k = k as i32;
            let last = k + 1 == stack.len() as i32 || k >= 15;
            if to_move {
                open_field(out, "card", &pc.card);
            }
            if last {
                let note = if pc.fake {
                    "fake"
                } else if kind_of(c) == Kind::Painted {
                    "original"
                } else if pc.turned {
                    "used"
                } else {
                    ""
                };
                card(out, game, c, x, py - 8 + k * 18, note);
            } else {
                // Covered by the next card: only its top strip shows, so the colour and id go there.
                covered_card(out, game, c, x, py - 8 + k * 18);
            }
            if to_move {
                out.push_str("</g>");
            }
            if last {
                break;
            }
        }
    }
    if pl.palette.is_empty() {
        text(out, 110, py, 11, "start", "normal", "empty");
    }
}
