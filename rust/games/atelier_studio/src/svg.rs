//! The table as an SVG picture: the paint piles with the students on them, the seven
//! face-up paintings, the decks and supplies, the rolled dice, and every player's paint,
//! students, inspiration, paintings and patrons.
//!
//! Patrons are the hidden information: `viewer: Some(p)` shows only the patrons whose place
//! `p` knows (the same knowledge as the observation string, `observation::known_location`);
//! the others are drawn as card backs.

use std::fmt::Write;

use salon_core::svg::{escape, text, text_width, wrap};

use crate::actions::faces_string;
use crate::components::{CATEGORY_NAMES, COLOUR_NAMES, NUM_COLOURS, NUM_PATRONS};
use crate::observation::{known_location, Known};
use crate::state::{AtelierStudioState, Phase, DISPLAY, PAT_BOTTOM, PAT_DEALT, PAT_DECK, STUDENTS, TOKENS};
use crate::AtelierStudio;

const PAINT: [&str; NUM_COLOURS] = ["#2f6fd0", "#3a9a4a", "#d6402f", "#f2c531"];
const SEAT: [&str; 4] = ["#222222", "#f7f7f7", "#e67e22", "#e84393"];
const CATEGORY: [&str; 4] = ["#dfe9f7", "#fbeedd", "#e4efe0", "#efe0ef"];
const WIDTH: i32 = 990;
const ROW_H: i32 = 164;


fn cylinder(out: &mut String, x: i32, y: i32, colour: usize) {
    let _ = write!(
        out,
        "<rect x=\"{x}\" y=\"{y}\" width=\"9\" height=\"14\" rx=\"3\" fill=\"{}\" stroke=\"#333\" stroke-width=\"0.7\"/>",
        PAINT.get(colour).copied().unwrap_or("#888")
    );
}

fn student(out: &mut String, x: i32, y: i32, seat: usize) {
    let _ = write!(
        out,
        "<circle cx=\"{x}\" cy=\"{y}\" r=\"6\" fill=\"{}\" stroke=\"#555\"><title>student of P{seat}</title></circle>",
        SEAT.get(seat).copied().unwrap_or("#999")
    );
}

/// The power text in two short lines.
fn power_lines(desc: &str) -> (String, String) {
    match desc.split_once(": ") {
        Some((a, b)) => (format!("{a}:"), b.to_string()),
        None => (desc.to_string(), String::new()),
    }
}

/// A painting card of 130 x 104 at (x, y).
fn painting(out: &mut String, game: &AtelierStudio, card: u8, x: i32, y: i32, highlight: bool) {
    let Some(c) = game.data.paintings.get(card as usize) else {
        let _ = write!(out, "<rect x=\"{x}\" y=\"{y}\" width=\"130\" height=\"104\" rx=\"6\" fill=\"none\" stroke=\"#bbb\" stroke-dasharray=\"4,3\"/>");
        text(out, x + 65, y + 56, 11, "middle", "normal", "(empty)");
        return;
    };
    let cat = c.category as usize % CATEGORY.len();
    let _ = write!(
        out,
        "<rect x=\"{x}\" y=\"{y}\" width=\"130\" height=\"104\" rx=\"6\" fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\"/>",
        CATEGORY[cat],
        if highlight { "#c0392b" } else { "#7a6a4a" },
        if highlight { 3 } else { 1 }
    );
    // The name in up to two lines beside the points; a second line moves the rest down.
    let lines = wrap(&c.name, &[104, 104], 10, true);
    let _ = write!(out, "<g><title>{}</title>", escape(&c.name));
    for (i, line) in lines.iter().enumerate() {
        text(out, x + 6, y + 15 + 11 * i as i32, 10, "start", "bold", line);
    }
    out.push_str("</g>");
    let down = 11 * (lines.len().max(1) as i32 - 1);
    text(out, x + 6, y + 28 + down, 9, "start", "normal", CATEGORY_NAMES[cat]);
    text(out, x + 124, y + 30, 16, "end", "bold", &format!("{}", c.points));
    if c.masterpiece {
        text(out, x + 124, y + 50, 14, "end", "bold", "\u{2605}");
    }
    let mut cx = x + 6;
    for colour in 0..NUM_COLOURS {
        for _ in 0..c.cost[colour] {
            cylinder(out, cx, y + 33 + down, colour);
            cx += 11;
        }
    }
    if c.students > 0 {
        text(out, x + 6, y + 66, 9, "start", "normal", &format!("returns {} student{}", c.students, if c.students == 1 { "" } else { "s" }));
    }
    let (a, b) = power_lines(&c.power.describe());
    text(out, x + 6, y + 82, 9, "start", "normal", &wrap(&a, &[120], 9, false).concat());
    if text_width(&b, 9, false) <= 120 {
        text(out, x + 6, y + 95, 9, "start", "normal", &b);
    } else {
        // A long power in two smaller lines rather than cut.
        for (i, line) in wrap(&b, &[120, 120], 8, false).iter().enumerate() {
            text(out, x + 6, y + 92 + 9 * i as i32, 8, "start", "normal", line);
        }
    }
}

fn patron_card(out: &mut String, game: &AtelierStudio, c: usize, x: i32, y: i32, note: &str) {
    let Some(p) = game.data.patrons.get(c) else { return };
    let _ = write!(out, "<g><title>{}: {}</title>", escape(&p.name), escape(&p.describe()));
    let _ = write!(out, "<rect x=\"{x}\" y=\"{y}\" width=\"150\" height=\"38\" rx=\"5\" fill=\"#fff7e0\" stroke=\"#a8842c\"/>");
    text(out, x + 5, y + 12, 10, "start", "bold", &wrap(&p.name, &[140], 10, true).concat());
    // The scoring rule in two lines (one beside a note such as "dealt, to choose").
    let widths: &[i32] = if note.is_empty() { &[140, 140] } else { &[140, 136 - text_width(note, 8, false)] };
    for (i, line) in wrap(&p.describe(), widths, 8, false).iter().enumerate() {
        text(out, x + 5, y + 23 + 10 * i as i32, 8, "start", "normal", line);
    }
    if !note.is_empty() {
        text(out, x + 145, y + 33, 8, "end", "bold", note);
    }
    out.push_str("</g>");
}

fn card_back(out: &mut String, x: i32, y: i32, label: &str) {
    let _ = write!(
        out,
        "<rect x=\"{x}\" y=\"{y}\" width=\"40\" height=\"36\" rx=\"5\" fill=\"#6b4f2a\" stroke=\"#3b2a10\"><title>patron card (face down)</title></rect>\
         <rect x=\"{}\" y=\"{}\" width=\"32\" height=\"28\" rx=\"3\" fill=\"none\" stroke=\"#d9b77a\"/>",
        x + 4,
        y + 4
    );
    let _ = write!(out, "<text x=\"{}\" y=\"{}\" font-size=\"8\" text-anchor=\"middle\" fill=\"#f5e6c8\">{}</text>", x + 20, y + 24, escape(label));
}

pub(crate) fn render(s: &AtelierStudioState, game: &AtelierStudio, viewer: Option<usize>) -> String {
    let n = s.num_players();
    let top = 330;
    let height = top + n as i32 * (ROW_H + 8) + 40;
    let mut out = String::with_capacity(30_000);
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{height}\" viewBox=\"0 0 {WIDTH} {height}\" font-family=\"sans-serif\" fill=\"#222\">\
         <rect width=\"100%\" height=\"100%\" fill=\"#f3eee2\"/>"
    );
    let in_turn = matches!(s.phase, Phase::Main | Phase::MoveStudents | Phase::ReturnStudents | Phase::PowerPlace | Phase::PowerGain);
    let who = match viewer {
        Some(p) => format!("view of player {p}"),
        None => "full table".to_string(),
    };
    let end = if s.end_round != 0 { format!("; end triggered, last round {}", s.end_round) } else { String::new() };
    text(&mut out, 12, 22, 16, "start", "bold", &format!("Atelier: The Painter's Studio - round {}{end}", s.round));
    let mover = if s.phase == Phase::Terminal {
        "game over".to_string()
    } else if s.phase == Phase::MoveStudents {
        format!("phase: {}; P{} moves a student (turn of P{})", s.phase.name(), s.move_player(), s.current)
    } else {
        format!("phase: {}; P{} to move", s.phase.name(), s.current)
    };
    text(&mut out, 12, 42, 13, "start", "normal", &format!("{mover}; start player P{}", s.start));
    text(&mut out, WIDTH - 12, 22, 11, "end", "normal", &format!("{who}; {}", salon_core::Game::components(game).label()));
    if in_turn {
        text(&mut out, 12, 64, 12, "start", "bold", "dice:");
        let faces = faces_string(&s.rolled);
        let mut x = 50;
        for f in faces.split(',').filter(|f| !f.is_empty()) {
            let _ = write!(out, "<rect x=\"{x}\" y=\"50\" width=\"20\" height=\"20\" rx=\"4\" fill=\"#fff\" stroke=\"#333\"/>");
            text(&mut out, x + 10, 65, 13, "middle", "bold", f);
            x += 26;
        }
        let used = format!(
            "dice action {}; inspiration bought {}",
            if s.did_dice_action { "used" } else { "open" },
            if s.did_inspire { "yes" } else { "no" }
        );
        text(&mut out, x + 10, 65, 11, "start", "normal", &used);
    }

    // Paint piles with the students on them.
    for c in 0..NUM_COLOURS {
        let x = 12 + c as i32 * 175;
        let _ = write!(out, "<rect x=\"{x}\" y=\"80\" width=\"165\" height=\"64\" rx=\"8\" fill=\"#fffdf7\" stroke=\"{}\" stroke-width=\"2\"/>", PAINT[c]);
        cylinder(&mut out, x + 8, 88, c);
        text(&mut out, x + 22, 100, 12, "start", "bold", &format!("{} pile: {}", COLOUR_NAMES[c], s.piles[c]));
        let mut k = 0;
        for p in 0..n {
            for _ in 0..s.students[p][c] {
                student(&mut out, x + 14 + (k % 12) * 13, 116 + (k / 12) * 13, p);
                k += 1;
            }
        }
    }
    let x = 12 + 4 * 175;
    text(&mut out, x, 96, 12, "start", "normal", &format!("inspiration supply {}/{TOKENS}", s.token_supply));
    text(&mut out, x, 114, 12, "start", "normal", &format!("painting deck: {} cards", s.deck_count()));
    text(&mut out, x, 132, 12, "start", "normal", &format!("patron deck: {} + {} under", s.patron_deck_count(), s.bottom_len - s.bottom_head));

    // The display.
    text(&mut out, 12, 166, 12, "start", "bold", "paintings on display");
    for slot in 0..DISPLAY {
        let hl = s.paint_stage != 0 && s.paint_slot as usize == slot;
        painting(&mut out, game, s.display[slot], 12 + slot as i32 * 138, 174, hl);
    }
    if s.paint_stage != 0 {
        text(&mut out, 12, 298, 11, "start", "normal", &format!("P{} is painting (slot {}), {} left to resolve", s.current, s.paint_slot, s.sub_count));
    }

    for p in 0..n {
        player_row(&mut out, s, game, p, top + p as i32 * (ROW_H + 8), viewer);
    }
    if s.phase == Phase::Terminal {
        let scores: Vec<String> = (0..n).map(|p| format!("P{p} {}", s.full_score(game, p))).collect();
        text(&mut out, 12, height - 14, 14, "start", "bold", &format!("final scores: {}", scores.join(", ")));
    }
    out.push_str("</svg>");
    out
}

fn player_row(out: &mut String, s: &AtelierStudioState, game: &AtelierStudio, p: usize, y: i32, viewer: Option<usize>) {
    let n = s.num_players();
    let to_move = s.phase != Phase::Terminal && s.current as usize == p;
    let _ = write!(
        out,
        "<rect x=\"6\" y=\"{y}\" width=\"{}\" height=\"{ROW_H}\" rx=\"8\" fill=\"#fffdf7\" stroke=\"{}\" stroke-width=\"{}\"/>",
        WIDTH - 12,
        if to_move { "#c0392b" } else { "#8a7a5a" },
        if to_move { 3 } else { 1 }
    );
    student(out, 20, y + 16, p);
    let you = if viewer == Some(p) { " (you)" } else { "" };
    let fm = if s.first_master as usize == p { ", First Master (+4)" } else { "" };
    let turn = if to_move { " - to move" } else { "" };
    text(out, 32, y + 21, 14, "start", "bold", &format!("P{p}{you}: {} public points{fm}{turn}", s.public_score(game, p)));
    text(
        out,
        16,
        y + 40,
        11,
        "start",
        "normal",
        &format!("dice {} | students on board {}/{STUDENTS} | inspiration {}", s.active[p], s.pool[p], s.tokens[p]),
    );
    let mut cx = 16;
    for c in 0..NUM_COLOURS {
        for _ in 0..s.cyl[p][c] {
            cylinder(out, cx, y + 48, c);
            cx += 11;
        }
    }
    if cx == 16 {
        text(out, 16, y + 60, 10, "start", "normal", "no paint");
    }
    // Paintings owned: small tiles (name in two lines, then points and category), five to a
    // row, two rows, then a count.
    let owned: Vec<usize> = s.paintings_of(p).collect();
    for (k, &i) in owned.iter().enumerate().take(10) {
        if let Some(c) = game.data.paintings.get(i) {
            let cat = c.category as usize % CATEGORY.len();
            let (px, py) = (16 + (k as i32 % 5) * 108, y + 66 + (k as i32 / 5) * 40);
            let _ = write!(out, "<g><title>{}</title>", escape(&c.name));
            let _ = write!(out, "<rect x=\"{px}\" y=\"{py}\" width=\"104\" height=\"36\" rx=\"4\" fill=\"{}\" stroke=\"#7a6a4a\"/>", CATEGORY[cat]);
            for (l, line) in wrap(&c.name, &[96, 96], 8, true).iter().enumerate() {
                text(out, px + 4, py + 11 + 9 * l as i32, 8, "start", "bold", line);
            }
            let star = if c.masterpiece { " \u{2605}" } else { "" };
            let tail = format!("{}vp{star} {}", c.points, CATEGORY_NAMES[cat]);
            text(out, px + 4, py + 32, 7, "start", "normal", &wrap(&tail, &[96], 7, false).concat());
            out.push_str("</g>");
        }
    }
    if owned.len() > 10 {
        text(out, 16 + 5 * 108, y + 130, 10, "start", "normal", &format!("+{}", owned.len() - 10));
    }
    // Patrons.
    let px0 = 560;
    text(out, px0, y + 21, 11, "start", "bold", "patrons");
    let mut shown = 0;
    let mut held_total = 0;
    for c in 0..NUM_PATRONS {
        let loc = s.patron_loc[c];
        let held = loc as usize == p;
        let dealt = loc == PAT_DEALT + p as u8;
        if held {
            held_total += 1;
        }
        if !(held || dealt) {
            continue;
        }
        let visible = match viewer {
            None => true,
            Some(q) => matches!(known_location(s, q, c), Some(Known::Held(h)) if h == p) || (dealt && q == p),
        };
        if visible {
            let note = if dealt { "dealt, to choose" } else { "" };
            let (xx, yy) = (px0 + (shown % 2) * 156, y + 28 + (shown / 2) * 40);
            if shown < 6 {
                patron_card(out, game, c, xx, yy, note);
            }
            shown += 1;
        }
    }
    let dealt_hidden = (0..NUM_PATRONS).filter(|&c| s.patron_loc[c] == PAT_DEALT + p as u8).count() as i32;
    let known_held = (0..NUM_PATRONS)
        .filter(|&c| {
            s.patron_loc[c] as usize == p
                && match viewer {
                    None => true,
                    Some(q) => matches!(known_location(s, q, c), Some(Known::Held(h)) if h == p),
                }
        })
        .count() as i32;
    let mut backs = held_total - known_held;
    if viewer.is_some() && viewer != Some(p) {
        backs += dealt_hidden;
    }
    for k in 0..backs.min(6) {
        card_back(out, px0 + 318 + (k % 2) * 46, y + 28 + (k / 2) * 40, "patron");
    }
    if shown == 0 && backs == 0 {
        text(out, px0, y + 40, 10, "start", "normal", "none");
    }
    let _ = n;
    // Under-deck patron this player put there.
    if let Some(r) = s.returned.get(p).copied() {
        let r = r as usize;
        if r < NUM_PATRONS && s.patron_loc[r] >= PAT_BOTTOM && s.patron_loc[r] != PAT_DECK {
            let visible = match viewer {
                None => true,
                Some(q) => q == p,
            };
            let label = if visible {
                format!("put under the patron deck: {}", game.data.patrons.get(r).map_or("?", |x| x.name.as_str()))
            } else {
                "put a patron under the deck".to_string()
            };
            text(out, 16, y + ROW_H - 8, 9, "start", "normal", &label);
        }
    }
}
