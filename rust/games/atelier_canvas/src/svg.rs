//! The table as an SVG picture: the circle of eight face-up cards, the deck, the discard
//! pile, the objectives, and every player's hand and palette (canvases with the cards
//! stacked on them), points and whose turn.
//!
//! Hands and the deck are the hidden information: `viewer: Some(p)` shows p's own hand and,
//! of the other hands, only the cards p saw taken face up (the `F_KNOWN` flag the observation
//! string uses); the rest are card backs.

use std::fmt::Write;

use salon_core::svg::{escape, text};

use crate::components::{kind_of, Kind, NUM_BLANK, NUM_CARDS};
use crate::state::*;
use crate::{AtelierCanvas, CIRCLE, END_PAINTINGS};

const FILL: [&str; 9] = ["#29b6d8", "#d63384", "#f2c531", "#ffffff", "#333333", "#9e9e9e", "#d6402f", "#2f6fd0", "#3a9a4a"];
const WIDTH: i32 = 1000;
const CW: i32 = 50;
const CH: i32 = 70;


fn colour(c: u8) -> &'static str {
    FILL.get(c as usize).copied().unwrap_or("#eeeeee")
}

/// A face-up card at (x, y): its colour band, id, type and cost.
fn card(out: &mut String, game: &AtelierCanvas, c: usize, x: i32, y: i32, note: &str) {
    let Some(info) = game.set.cards.get(c) else { return };
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
    let band = if kind == Kind::Joker { "#f0c040" } else { colour(info.colour) };
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
    let Some(info) = game.set.cards.get(c) else { return };
    let kind = kind_of(c);
    let body = if kind == Kind::Joker { "#fff4d6" } else { "#fffdf7" };
    let band = if kind == Kind::Joker { "#f0c040" } else { colour(info.colour) };
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
    let Some(info) = game.set.cards.get(c) else { return };
    let chip = if kind_of(c) == Kind::Joker { "#f0c040" } else { colour(info.colour) };
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

fn phase_text(s: &AtelierCanvasState, game: &AtelierCanvas) -> String {
    let id = |c: u8| game.set.cards.get(c as usize).map(|x| x.id.clone()).unwrap_or_else(|| "?".to_string());
    match s.phase {
        Phase::Deal => format!("dealing to player {}", s.deal_player),
        Phase::Refill => "refilling the circle".to_string(),
        Phase::Start => format!("player {} to draw or play", s.current),
        Phase::Second => format!("player {} takes a second card", s.current),
        Phase::DeckDraw => format!("player {} draws from the deck", s.current),
        Phase::Discard => format!("player {} discards down to 10", s.current),
        Phase::Target => format!("player {} chooses where {} goes", s.current, id(s.sel_card)),
        Phase::Pay => format!("player {} pays for {}", s.current, id(s.sel_card)),
        Phase::More => format!("player {} may play another card", s.current),
        Phase::End => "game over".to_string(),
    }
}

pub(crate) fn render(s: &AtelierCanvasState, game: &AtelierCanvas, viewer: Option<usize>) -> String {
    let n = game.players;
    // Player rows grow with the largest palette stack.
    let rows: Vec<i32> = (0..n).map(|j| row_height(s, j)).collect();
    let top = 330;
    let height = top + rows.iter().map(|h| h + 8).sum::<i32>() + 10;
    let mut out = String::with_capacity(40_000);
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{height}\" viewBox=\"0 0 {WIDTH} {height}\" font-family=\"sans-serif\" fill=\"#222\">\
         <rect width=\"100%\" height=\"100%\" fill=\"#eef0f2\"/>"
    );
    let who = match viewer {
        Some(p) => format!("view of player {p}"),
        None => "full table".to_string(),
    };
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
            s.turns,
            s.paintings,
            END_PAINTINGS.get(n).copied().unwrap_or(0),
            if s.end_triggered { " (end triggered)" } else { "" }
        ),
    );
    text(&mut out, 12, 42, 13, "start", "normal", &phase_text(s, game));
    // On the second line: the title grows long late in the game (turn, paintings, end triggered).
    text(&mut out, WIDTH - 12, 42, 11, "end", "normal", &format!("{who}; {}", salon_core::Game::components(game).label()));

    // The circle.
    text(&mut out, 12, 66, 12, "start", "bold", "circle");
    for i in 0..CIRCLE {
        let x = 12 + i as i32 * (CW + 8);
        text(&mut out, x + CW / 2, 82, 9, "middle", "normal", &format!("slot {i}"));
        if s.circle[i] == NONE {
            let _ = write!(out, "<rect x=\"{x}\" y=\"86\" width=\"{CW}\" height=\"{CH}\" rx=\"5\" fill=\"none\" stroke=\"#aaa\" stroke-dasharray=\"4,3\"/>");
        } else {
            card(&mut out, game, s.circle[i] as usize, x, 86, "");
        }
    }
    // Deck and discard pile.
    let dx = 12 + CIRCLE as i32 * (CW + 8) + 20;
    text(&mut out, dx, 66, 12, "start", "bold", "deck");
    if s.deck_count > 0 {
        back(&mut out, dx, 86, "the deck (face down)");
    }
    text(&mut out, dx + CW / 2, 172, 11, "middle", "normal", &format!("{} cards", s.deck_count));
    let px = dx + CW + 24;
    text(&mut out, px, 66, 12, "start", "bold", &format!("discard pile ({})", s.discard_count));
    // The discard pile is face up but unordered (the rules never ask which card is on top):
    // every card as a small tile with its colour and id, in rows, so each one can be read.
    let discard: Vec<usize> = (0..NUM_CARDS).filter(|&c| s.loc[c] == LOC_DISCARD).collect();
    let per_row = ((WIDTH - 12 - px) / MINI_PITCH) as usize;
    let capacity = per_row * MINI_ROWS;
    for (i, &c) in discard.iter().enumerate() {
        if i + 1 == capacity && discard.len() > capacity {
            let (x, y) = (px + (i % per_row) as i32 * MINI_PITCH, 76 + (i / per_row) as i32 * (MINI_H + 3));
            text(&mut out, x + MINI_W / 2, y + 18, 10, "middle", "bold", &format!("+{}", discard.len() - i));
            break;
        }
        mini_card(&mut out, game, c, px + (i % per_row) as i32 * MINI_PITCH, 76 + (i / per_row) as i32 * (MINI_H + 3));
    }
    // Cards being played.
    let playing: Vec<usize> = (0..NUM_CARDS).filter(|&c| s.loc[c] == LOC_PLAYING).collect();
    if !playing.is_empty() {
        text(&mut out, 12, 188, 12, "start", "bold", "being played:");
        for (i, &c) in playing.iter().enumerate() {
            card(&mut out, game, c, 110 + i as i32 * (CW + 6), 176, "");
        }
    }
    // Objectives.
    let oy = 262;
    text(&mut out, 12, oy - 6, 12, "start", "bold", "objectives");
    for (i, ob) in game.set.objectives.iter().enumerate() {
        let x = 12 + i as i32 * 196;
        let owner = s.objective_owner.get(i).copied().unwrap_or(NONE);
        let _ = write!(
            out,
            "<rect x=\"{x}\" y=\"{oy}\" width=\"188\" height=\"50\" rx=\"6\" fill=\"{}\" stroke=\"#8a7a5a\"/>",
            if owner == NONE { "#fffaf0" } else { "#e0e0e0" }
        );
        text(&mut out, x + 6, oy + 16, 10, "start", "bold", &format!("{} {}", ob.id, ob.name));
        text(&mut out, x + 6, oy + 30, 10, "start", "normal", &format!("{} points", ob.points));
        let claim = if owner == NONE { "open".to_string() } else { format!("claimed by player {owner}") };
        text(&mut out, x + 6, oy + 44, 10, "start", "normal", &claim);
    }

    let mut y = top;
    for j in 0..n {
        player_row(&mut out, s, game, j, y, rows[j], viewer);
        y += rows[j] + 8;
    }
    out.push_str("</svg>");
    out
}

/// Cards in the tallest stack of player `j`'s palette.
fn tallest_stack(s: &AtelierCanvasState, j: usize) -> i32 {
    let pal = LOC_PALETTE + j as u8;
    let mut best = 0;
    for b in 0..NUM_BLANK {
        if s.loc[b] != pal {
            continue;
        }
        let mut h = 1;
        let mut c = b;
        while s.on[c] != NONE && h < 16 {
            c = s.on[c] as usize;
            h += 1;
        }
        best = best.max(h);
    }
    best
}

/// Canvases side by side in one row of a palette.
const PER_ROW: i32 = 15;

fn canvases(s: &AtelierCanvasState, j: usize) -> i32 {
    let pal = LOC_PALETTE + j as u8;
    (0..NUM_BLANK).filter(|&b| s.loc[b] == pal).count() as i32
}

/// The height of one row of palette stacks.
fn stack_pitch(s: &AtelierCanvasState, j: usize) -> i32 {
    CH + (tallest_stack(s, j).max(1) - 1) * 18 + 8
}

fn row_height(s: &AtelierCanvasState, j: usize) -> i32 {
    let rows = ((canvases(s, j) + PER_ROW - 1) / PER_ROW).max(1);
    // Title, hand row, palette label, rows of stacks of offset cards.
    40 + CH + 24 + rows * stack_pitch(s, j) + 2
}

fn player_row(out: &mut String, s: &AtelierCanvasState, game: &AtelierCanvas, j: usize, y: i32, h: i32, viewer: Option<usize>) {
    let to_move = s.phase != Phase::End && s.current as usize == j && !matches!(s.phase, Phase::Deal | Phase::Refill);
    let _ = write!(
        out,
        "<rect x=\"6\" y=\"{y}\" width=\"{}\" height=\"{h}\" rx=\"8\" fill=\"#fbfbfb\" stroke=\"{}\" stroke-width=\"{}\"/>",
        WIDTH - 12,
        if to_move { "#c0392b" } else { "#8a8a8a" },
        if to_move { 3 } else { 1 }
    );
    let (pts, orig, fake, draw) = s.tally(game, j);
    let you = if viewer == Some(j) { " (you)" } else { "" };
    let turn = if to_move { " - to move" } else { "" };
    text(
        out,
        16,
        y + 20,
        14,
        "start",
        "bold",
        &format!("player {j}{you}: {pts} points ({orig} originals, {fake} fakes, {draw} drawings){turn}"),
    );
    // Hand.
    let hand_loc = LOC_HAND + j as u8;
    let hand: Vec<usize> = (0..NUM_CARDS).filter(|&c| s.loc[c] == hand_loc).collect();
    text(out, 16, y + 36, 11, "start", "normal", &format!("hand ({} cards)", s.hand_count.get(j).copied().unwrap_or(0)));
    let mut x = 110;
    let mut hidden = 0;
    for &c in &hand {
        let known = s.flags[c] & F_KNOWN != 0;
        let visible = match viewer {
            None => true,
            Some(q) => q == j || known,
        };
        if visible {
            card(out, game, c, x, y + 28, if known && viewer.is_none() { "seen" } else { "" });
            x += CW + 4;
        } else {
            hidden += 1;
        }
    }
    for _ in 0..hidden {
        back(out, x, y + 28, "face-down card");
        x += CW + 4;
    }
    // Palette: each canvas with the cards on it, offset downwards.
    let py = y + 28 + CH + 20;
    text(out, 16, py, 11, "start", "normal", "palette");
    let pal = LOC_PALETTE + j as u8;
    let pitch = stack_pitch(s, j);
    let mut shown = 0;
    for b in 0..NUM_BLANK {
        if s.loc[b] != pal {
            continue;
        }
        let x = 110 + (shown % PER_ROW) * (CW + 8);
        let py = py + (shown / PER_ROW) * pitch;
        shown += 1;
        let mut c = b;
        let mut k = 0;
        loop {
            let note = if s.flags[c] & F_FAKE != 0 {
                "fake"
            } else if kind_of(c) == Kind::Painted {
                "original"
            } else if s.flags[c] & F_TAPPED != 0 {
                "used"
            } else {
                ""
            };
            if s.on[c] == NONE || k >= 15 {
                card(out, game, c, x, py - 8 + k * 18, note);
                break;
            }
            // Covered by the next card: only its top strip shows, so the colour and id go there.
            covered_card(out, game, c, x, py - 8 + k * 18);
            c = s.on[c] as usize;
            k += 1;
        }
    }
    if shown == 0 {
        text(out, 110, py, 11, "start", "normal", "empty");
    }
}
