//! The table as an SVG picture: round track, factories, centre, bag and tower, and every
//! player's palace board (eight strips over eight windows, glazier, broken-glass track, score).
//!
//! Drawn from the position (`position::to_position`, what `to_dict` gives), never from the
//! state: the picture shows what the data says is on the table. Perfect information: every
//! viewer sees the whole table (`viewer` only labels the picture).
//!
//! Clickable parts carry move fields (`docs/pictures.md`): each factory (`source`, `factory`)
//! and the centre (`source`) with their pieces grouped by `colour`, and the strip slots
//! (`slot`) of the player to move; during a keep decision the completed strip's pieces carry
//! their `colour`.

use std::fmt::Write;

use salon_core::svg::{open_document, open_field, text};

use crate::components::{colour_name, JOKER, NUM_COLOURS, NUM_SLOTS, STRIP_SPACES};
use crate::position::{self, ColourCounts, FaceName, PhaseName, PlayerBoard, Position};
use crate::state::AzulSintraState;
use crate::{game::AzulSintra, game::NUM_ROUNDS};

const FILL: [&str; NUM_COLOURS] = ["#2f6fd0", "#f2c531", "#d6402f", "#3a9a4a", "#8a4fc0"];
const PALE: [&str; NUM_COLOURS] = ["#cfe0f7", "#fbf0c6", "#f6d0cb", "#d2ecd5", "#e4d4f2"];
const WIDTH: i32 = 980;
const BOARD_H: i32 = 200;

fn fill(c: usize) -> &'static str {
    FILL.get(c).copied().unwrap_or("#888")
}

fn pale(v: u8) -> &'static str {
    if v == JOKER {
        "#ffffff"
    } else {
        PALE.get(v as usize).copied().unwrap_or("#eee")
    }
}

/// A glass piece: a rounded square of its colour with a title for hovering.
fn piece(out: &mut String, x: i32, y: i32, size: i32, colour: usize) {
    let _ = write!(
        out,
        "<rect x=\"{x}\" y=\"{y}\" width=\"{size}\" height=\"{size}\" rx=\"3\" fill=\"{}\" stroke=\"#333\" stroke-width=\"0.8\"><title>{}</title></rect>",
        fill(colour),
        colour_name(colour)
    );
}

/// A pile of pieces by colour: one piece per colour present, with its count (each colour a
/// `colour` field when `clickable`).
fn counts_row(out: &mut String, x: i32, y: i32, counts: &ColourCounts, clickable: bool) {
    let mut cx = x;
    let mut any = false;
    for (c, &n) in counts.array().iter().enumerate() {
        if n == 0 {
            continue;
        }
        any = true;
        if clickable {
            open_field(out, "colour", colour_name(c));
        }
        piece(out, cx, y, 16, c);
        text(out, cx + 19, y + 13, 12, "start", "normal", &format!("{n}"));
        if clickable {
            out.push_str("</g>");
        }
        cx += 38;
    }
    if !any {
        text(out, x, y + 13, 12, "start", "normal", "empty");
    }
}

fn phase_text(p: &Position) -> String {
    let pd = &p.pending;
    let mover = p.to_move.unwrap_or(0);
    match p.phase {
        PhaseName::StartPlayer => "set-up: choosing the start player".to_string(),
        PhaseName::Strips => format!("set-up: strips of player {}", pd.setup_player.unwrap_or(0)),
        PhaseName::RoundTrack => "set-up: round track".to_string(),
        PhaseName::Fill => format!("filling factory {}", pd.fill_factory.unwrap_or(0)),
        PhaseName::Play => format!("player {mover} to play"),
        PhaseName::Keep => format!(
            "player {mover} keeps a piece of slot {}",
            pd.keep_slot.unwrap_or(0)
        ),
        PhaseName::End => "game over".to_string(),
    }
}

pub(crate) fn render(s: &AzulSintraState, game: &AzulSintra, viewer: Option<usize>) -> String {
    draw(&position::to_position(s, game), game, viewer)
}

/// The picture of a position.
pub(crate) fn draw(p: &Position, game: &AzulSintra, viewer: Option<usize>) -> String {
    let n = p.boards.len();
    let nf = p.factories.len();
    let top = 150;
    let height = top + 20 + n as i32 * (BOARD_H + 10);
    let mut out = String::with_capacity(24_000);
    open_document(&mut out, WIDTH, height, "#f4efe4");
    let side = if game.side_b() { "B" } else { "A" };
    let who = match viewer {
        Some(v) => format!(" (view of player {v}: perfect information)"),
        None => String::new(),
    };
    text(
        &mut out,
        12,
        22,
        16,
        "start",
        "bold",
        &format!(
            "Azul: Stained Glass of Sintra, side {side}, round {} of 6",
            p.round
        ),
    );
    text(
        &mut out,
        12,
        42,
        14,
        "start",
        "normal",
        &format!("{}{who}", phase_text(p)),
    );
    text(
        &mut out,
        WIDTH - 12,
        22,
        11,
        "end",
        "normal",
        &salon_core::Game::components(game).label(),
    );

    // Round track: the space of the round being played is ringed (none once the game is over).
    let current = (p.phase != PhaseName::End).then(|| p.round as usize - 1);
    text(&mut out, 12, 68, 12, "start", "bold", "round track");
    for i in 0..NUM_ROUNDS {
        let x = 100 + i as i32 * 30;
        let (stroke, width) = if current == Some(i) {
            ("#000", 2.5)
        } else {
            ("#999", 1.0)
        };
        let _ = write!(out, "<circle cx=\"{}\" cy=\"64\" r=\"12\" fill=\"#fff\" stroke=\"{stroke}\" stroke-width=\"{width}\"/>", x + 12);
        if let Some(c) = p.round_track.get(i).copied().flatten() {
            piece(&mut out, x + 5, 57, 14, c.index());
        }
        text(
            &mut out,
            x + 12,
            88,
            9,
            "middle",
            "normal",
            ["I", "II", "III", "IV", "V", "VI"][i],
        );
    }
    let holder = match (p.start_tile.in_centre, p.start_tile.holder) {
        (true, _) => "in the centre".to_string(),
        (false, Some(h)) => format!("taken by player {h}"),
        (false, None) => "-".to_string(),
    };
    // "-" before the start player is drawn (the line has no room for more before the bag).
    let start = p
        .start_player
        .map_or_else(|| "-".to_string(), |sp| sp.to_string());
    text(
        &mut out,
        300,
        68,
        12,
        "start",
        "normal",
        &format!("start player {start}; start tile {holder}"),
    );
    text(&mut out, 560, 62, 12, "start", "bold", "bag");
    counts_row(&mut out, 600, 50, &p.bag, false);
    text(&mut out, 560, 86, 12, "start", "bold", "tower");
    counts_row(&mut out, 600, 74, &p.tower, false);

    // Factories and centre.
    for (f, counts) in p.factories.iter().enumerate() {
        let cx = 40 + f as i32 * 78;
        open_field(&mut out, "source", "factory");
        open_field(&mut out, "factory", f);
        let _ = write!(out, "<circle cx=\"{cx}\" cy=\"122\" r=\"26\" fill=\"#fffaf0\" stroke=\"#8a7a5a\" stroke-width=\"1.5\"/>");
        text(
            &mut out,
            cx,
            146 + 12,
            9,
            "middle",
            "normal",
            &format!("factory {f}"),
        );
        let mut k = 0;
        for (c, &cnt) in counts.array().iter().enumerate() {
            if cnt == 0 {
                continue;
            }
            open_field(&mut out, "colour", colour_name(c));
            for _ in 0..cnt {
                let (dx, dy) = [(-15, -15), (1, -15), (-15, 1), (1, 1)]
                    .get(k)
                    .copied()
                    .unwrap_or((-7, -7));
                piece(&mut out, cx + dx, 122 + dy, 14, c);
                k += 1;
            }
            out.push_str("</g>");
        }
        out.push_str("</g></g>");
    }
    let cx0 = 40 + nf as i32 * 78;
    open_field(&mut out, "source", "centre");
    text(&mut out, cx0 - 20, 112, 12, "start", "bold", "centre");
    counts_row(&mut out, cx0 - 20, 118, &p.centre, true);
    out.push_str("</g>");
    if p.start_tile.in_centre {
        let _ = write!(
            out,
            "<rect x=\"{}\" y=\"98\" width=\"18\" height=\"18\" fill=\"#fff\" stroke=\"#000\"/>",
            cx0 + 40
        );
        text(&mut out, cx0 + 49, 112, 12, "middle", "bold", "1");
    }

    // Player boards.
    for (pl, b) in p.boards.iter().enumerate() {
        board(
            &mut out,
            p,
            b,
            game,
            pl,
            top + 10 + pl as i32 * (BOARD_H + 10),
            viewer,
        );
    }
    out.push_str("</svg>");
    out
}

fn board(
    out: &mut String,
    p: &Position,
    b: &PlayerBoard,
    game: &AzulSintra,
    pl: usize,
    y: i32,
    viewer: Option<usize>,
) {
    let to_move = p.to_move == Some(pl as u8);
    let stroke = if to_move { "#c0392b" } else { "#8a7a5a" };
    let sw = if to_move { 3 } else { 1 };
    let _ = write!(
        out,
        "<rect x=\"6\" y=\"{y}\" width=\"{}\" height=\"{BOARD_H}\" rx=\"8\" fill=\"#fffdf7\" stroke=\"{stroke}\" stroke-width=\"{sw}\"/>",
        WIDTH - 12
    );
    let you = if viewer == Some(pl) { " (you)" } else { "" };
    let turn = if to_move { " - to move" } else { "" };
    text(
        out,
        16,
        y + 20,
        14,
        "start",
        "bold",
        &format!("player {pl}{you}: {} points{turn}", b.score),
    );
    let holder = if !p.start_tile.in_centre && p.start_tile.holder == Some(pl as u8) {
        "; holds the start tile"
    } else {
        ""
    };
    text(
        out,
        16,
        y + 38,
        11,
        "start",
        "normal",
        &format!(
            "broken glass: space {} ({}), {} resets{holder}",
            b.broken_glass,
            game.track_value(b.broken_glass as usize),
            b.resets
        ),
    );
    // Broken-glass track, vertical at the right.
    let tx = WIDTH - 70;
    text(out, tx + 10, y + 16, 10, "middle", "normal", "glass");
    let step = (170 / game.track_len.max(1) as i32).min(18);
    for i in 0..game.track_len {
        let yy = y + 22 + i as i32 * step;
        let here = b.broken_glass as usize == i;
        let _ = write!(
            out,
            "<rect x=\"{tx}\" y=\"{yy}\" width=\"26\" height=\"{}\" fill=\"{}\" stroke=\"#777\"/>",
            step - 2,
            if here { "#333" } else { "#fff" }
        );
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"10\" text-anchor=\"middle\" fill=\"{}\">{}</text>",
            tx + 13,
            yy + step - 6,
            if here { "#fff" } else { "#333" },
            game.track_value(i)
        );
    }
    let keep_slot = if p.phase == PhaseName::Keep && to_move {
        p.pending.keep_slot.map(usize::from)
    } else {
        None
    };
    // Eight slots: strip (5 spaces) above the window (2 spaces).
    for (slot, sl) in b.slots.iter().enumerate().take(NUM_SLOTS) {
        let x = 24 + slot as i32 * 104;
        let sy = y + 50;
        if b.glazier as usize == slot {
            let _ = write!(
                out,
                "<polygon points=\"{},{} {},{} {},{}\" fill=\"#444\"><title>glazier</title></polygon>",
                x + 34,
                sy - 2,
                x + 50,
                sy - 2,
                x + 42,
                sy + 8
            );
        }
        let keep = keep_slot == Some(slot);
        // The strips of the player to move are where their pieces go.
        let clickable = to_move && sl.present;
        if clickable {
            open_field(out, "slot", slot);
        }
        match (sl.present, sl.strip) {
            (true, Some(strip)) => {
                let face = if sl.face == FaceName::A { 0 } else { 1 };
                let kinds = game.faces[strip as usize % NUM_SLOTS][face];
                for (i, &kind) in kinds.iter().enumerate().take(STRIP_SPACES) {
                    let xx = x + i as i32 * 18;
                    let yy = sy + 12;
                    let _ = write!(
                        out,
                        "<rect x=\"{xx}\" y=\"{yy}\" width=\"16\" height=\"22\" fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\"/>",
                        pale(kind),
                        if keep { "#c0392b" } else { "#666" },
                        if keep { 2 } else { 1 }
                    );
                    match sl.pieces.get(i).copied().flatten() {
                        // The joker mark of an empty space (a piece placed there covers the space).
                        None if kind == JOKER => {
                            text(out, xx + 8, yy + 15, 11, "middle", "bold", "*")
                        }
                        None => {}
                        Some(c) => {
                            if keep {
                                open_field(out, "colour", colour_name(c.index()));
                            }
                            piece(out, xx + 2, yy + 4, 12, c.index());
                            if keep {
                                out.push_str("</g>");
                            }
                        }
                    }
                }
                let face = if sl.face == FaceName::A { 'a' } else { 'b' };
                text(
                    out,
                    x + 44,
                    sy + 48,
                    9,
                    "middle",
                    "normal",
                    &format!("strip {strip} face {face}"),
                );
            }
            _ => {
                let label = if sl.strip.is_none() {
                    "not set up"
                } else {
                    "window done"
                };
                let _ = write!(out, "<rect x=\"{x}\" y=\"{}\" width=\"88\" height=\"22\" fill=\"none\" stroke=\"#bbb\" stroke-dasharray=\"3,3\"/>", sy + 12);
                text(out, x + 44, sy + 27, 10, "middle", "normal", label);
            }
        }
        if clickable {
            out.push_str("</g>");
        }
        // The window: two frame spaces.
        let wy = sy + 60;
        let _ = write!(out, "<rect x=\"{}\" y=\"{wy}\" width=\"40\" height=\"70\" rx=\"18\" fill=\"#e9e4d8\" stroke=\"#777\"/>", x + 24);
        for (k, v) in sl.window.iter().enumerate() {
            let yy = wy + 8 + k as i32 * 30;
            match v {
                Some(c) => piece(out, x + 32, yy, 24, c.index()),
                None => {
                    let _ = write!(out, "<rect x=\"{}\" y=\"{yy}\" width=\"24\" height=\"24\" rx=\"3\" fill=\"#fff\" stroke=\"#aaa\"/>", x + 32);
                }
            }
        }
        text(
            out,
            x + 44,
            wy + 84,
            10,
            "middle",
            "normal",
            &format!("slot {slot} window ({} pts)", game.window_values[slot]),
        );
    }
}
