//! The table as an SVG picture: the action wheel with its placement spaces and assistants,
//! the special spaces, the supply, the easels with their 3x3 paintings, and every player's
//! pigments, tools, assistants, paintings in progress and finished, bonus cards and score.
//!
//! Bonus cards in hand are the hidden information: `viewer: Some(p)` shows p's own cards and
//! only the backs of the others' (all are revealed at the end), as the observation string does.

use std::fmt::Write;

use salon_core::svg::{escape, text, text_width, wrap};

use crate::components::{COLOUR_NAMES, NUM_BONUS, NUM_COLOURS, NUM_PAINTINGS, TOOL_NAMES};
use crate::scoring;
use crate::state::*;
use crate::ColorsOfParis;

const FILL: [&str; NUM_COLOURS] = ["#d6402f", "#f2c531", "#2f6fd0", "#ef8a24", "#3a9a4a", "#8a4fc0", "#ffffff", "#222222"];
const PALE: [&str; NUM_COLOURS] = ["#f6d0cb", "#fbf0c6", "#cfe0f7", "#fbdcbd", "#d2ecd5", "#e4d4f2", "#ffffff", "#bbbbbb"];
const SEAT: [&str; MAX_P] = ["#1f4e79", "#9c2a2a", "#2e7d32", "#6a1b9a"];
const WIDTH: i32 = 1000;
const ROW_H: i32 = 150;


fn seat(p: usize) -> &'static str {
    SEAT.get(p).copied().unwrap_or("#777")
}

fn assistant(out: &mut String, x: f64, y: f64, p: usize, done: bool) {
    let _ = write!(
        out,
        "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"8\" fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\"><title>assistant of P{p}{}</title></circle>",
        seat(p),
        if done { "#999" } else { "#000" },
        if done { 1 } else { 2 },
        if done { " (resolved)" } else { "" }
    );
    let _ = write!(out, "<text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"9\" text-anchor=\"middle\" fill=\"#fff\">{p}</text>", y + 3.0);
}

fn pigment(out: &mut String, x: i32, y: i32, c: usize) {
    let _ = write!(
        out,
        "<circle cx=\"{x}\" cy=\"{y}\" r=\"6\" fill=\"{}\" stroke=\"#333\" stroke-width=\"0.8\"><title>{}</title></circle>",
        FILL.get(c).copied().unwrap_or("#888"),
        COLOUR_NAMES.get(c).copied().unwrap_or("?")
    );
}

/// A painting card with its 3x3 grid: pale = still to paint, full colour = painted, W = white.
fn painting(out: &mut String, st: &ColorsOfParisState, g: &ColorsOfParis, c: usize, x: i32, y: i32, w: i32) {
    let Some(p) = g.data.paintings.get(c) else { return };
    let cell = (w - 16) / 3;
    let _ = write!(out, "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{}\" rx=\"5\" fill=\"#fffaf0\" stroke=\"#7a6a4a\"/>", 3 * cell + 40);
    // The title in two lines; the first leaves room for the points at its right.
    let name = format!("#{c} {}", p.name);
    let points = format!("{} pts", p.points);
    let widths = [w - 14 - text_width(&points, 10, true), w - 10];
    let mut size = 8;
    let mut lines = wrap(&name, &widths, size, true);
    if lines.last().is_some_and(|l| l.ends_with('\u{2026}')) {
        size = 7; // a long name: one size smaller rather than cut
        lines = wrap(&name, &widths, size, true);
    }
    let _ = write!(out, "<g><title>{}</title>", escape(&name));
    for (i, line) in lines.iter().enumerate() {
        text(out, x + 5, y + 12 + 10 * i as i32, size, "start", "bold", line);
    }
    out.push_str("</g>");
    text(out, x + w - 5, y + 13, 10, "end", "bold", &points);
    for sq in 0..9 {
        let colour = p.grid[sq] as usize;
        let white = st.whites[c] >> sq & 1 == 1;
        let filled = st.fill[c] >> sq & 1 == 1;
        let (fill, mark) = if white {
            ("#ffffff", "W")
        } else if filled {
            (FILL.get(colour).copied().unwrap_or("#888"), "")
        } else {
            (PALE.get(colour).copied().unwrap_or("#eee"), "")
        };
        let cx = x + 8 + (sq as i32 % 3) * cell;
        let cy = y + 32 + (sq as i32 / 3) * cell;
        let _ = write!(
            out,
            "<rect x=\"{cx}\" y=\"{cy}\" width=\"{}\" height=\"{}\" fill=\"{fill}\" stroke=\"#555\" stroke-width=\"0.8\"><title>{}{}</title></rect>",
            cell - 2,
            cell - 2,
            COLOUR_NAMES.get(colour).copied().unwrap_or("?"),
            if filled { " (painted)" } else { "" }
        );
        if !mark.is_empty() {
            text(out, cx + cell / 2 - 1, cy + cell / 2 + 3, 10, "middle", "bold", mark);
        }
    }
}

fn card_back(out: &mut String, x: i32, y: i32) {
    let _ = write!(
        out,
        "<rect x=\"{x}\" y=\"{y}\" width=\"30\" height=\"42\" rx=\"4\" fill=\"#5a3d7a\" stroke=\"#2d1e3d\"><title>bonus card (face down)</title></rect>\
         <rect x=\"{}\" y=\"{}\" width=\"22\" height=\"34\" rx=\"2\" fill=\"none\" stroke=\"#d0b8ee\"/>",
        x + 4,
        y + 4
    );
}

pub(crate) fn render(st: &ColorsOfParisState, g: &ColorsOfParis, viewer: Option<usize>) -> String {
    let d = &g.data;
    let n = st.np();
    let top = 486;
    let height = top + n as i32 * (ROW_H + 8) + 10;
    let mut out = String::with_capacity(40_000);
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{height}\" viewBox=\"0 0 {WIDTH} {height}\" font-family=\"sans-serif\" fill=\"#222\">\
         <rect width=\"100%\" height=\"100%\" fill=\"#f1ede4\"/>"
    );
    let over = st.phase == PH_OVER;
    let who = match viewer {
        Some(p) => format!("view of player {p}"),
        None => "full table".to_string(),
    };
    text(&mut out, 12, 22, 16, "start", "bold", &format!("Colors of Paris - round {}{}", st.round, if st.end_triggered { " (last round)" } else { "" }));
    let mover = match st.actor_kind() {
        salon_core::Actor::Player(p) => format!("; player {p} to move"),
        salon_core::Actor::Terminal => String::new(),
        salon_core::Actor::Chance => "; chance".to_string(),
    };
    let pending = if st.phase == PH_RESOLVE {
        format!(" ({})", SUB_NAMES[st.sub as usize % SUB_NAMES.len()])
    } else {
        String::new()
    };
    text(
        &mut out,
        12,
        42,
        13,
        "start",
        "normal",
        &format!("{}{pending}{mover}; first player {}", PHASE_NAMES[st.phase as usize % PHASE_NAMES.len()], st.first),
    );
    text(&mut out, WIDTH - 12, 22, 11, "end", "normal", &format!("{who}; {}", salon_core::Game::components(g).label()));

    // The wheel: one wedge per sector, the action it faces now, and its placement spaces.
    let (cx, cy, r) = (215.0f64, 260.0f64, 195.0f64);
    let ns = d.num_sectors.max(1);
    let _ = write!(out, "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"#fffaf0\" stroke=\"#7a6a4a\" stroke-width=\"2\"/>");
    let mut space = 0usize;
    for b in 0..d.num_sectors {
        let a0 = (b as f64 / ns as f64) * std::f64::consts::TAU - std::f64::consts::FRAC_PI_2;
        let a1 = ((b + 1) as f64 / ns as f64) * std::f64::consts::TAU - std::f64::consts::FRAC_PI_2;
        let am = (a0 + a1) / 2.0;
        let k = d.bottom[b] as usize;
        let kind = st.kind_of_sector(g, b).name();
        let fill = if k == 0 { "#d8d2c4" } else { "none" };
        let _ = write!(
            out,
            "<path d=\"M{cx:.1},{cy:.1} L{:.1},{:.1} A{r},{r} 0 0,1 {:.1},{:.1} Z\" fill=\"{fill}\" stroke=\"#a89a7a\"/>",
            cx + r * a0.cos(),
            cy + r * a0.sin(),
            cx + r * a1.cos(),
            cy + r * a1.sin()
        );
        let (tx, ty) = (cx + 0.5 * r * am.cos(), cy + 0.5 * r * am.sin());
        let label = if k == 0 { format!("blocked: {kind}") } else { kind.to_string() };
        let _ = write!(
            out,
            "<text x=\"{tx:.1}\" y=\"{ty:.1}\" font-size=\"9\" text-anchor=\"middle\" transform=\"rotate({:.1} {tx:.1} {ty:.1})\">{}</text>",
            am.to_degrees() + if am.cos() < 0.0 { 180.0 } else { 0.0 },
            escape(&label)
        );
        for j in 0..k {
            let frac = (j as f64 + 1.0) / (k as f64 + 1.0);
            let a = a0 + (a1 - a0) * frac;
            let (sx, sy) = (cx + 0.85 * r * a.cos(), cy + 0.85 * r * a.sin());
            if g.is_covered(space) {
                let _ = write!(out, "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"16\" height=\"16\" fill=\"#8d6e63\"><title>covered by a tile</title></rect>", sx - 8.0, sy - 8.0);
            } else if st.occ[space] == NONE {
                let _ = write!(out, "<circle cx=\"{sx:.1}\" cy=\"{sy:.1}\" r=\"8\" fill=\"#fff\" stroke=\"#999\"><title>space {space}: free</title></circle>");
            } else {
                assistant(&mut out, sx, sy, st.occ[space] as usize, st.done >> space & 1 == 1);
            }
            space += 1;
        }
    }
    text(&mut out, cx as i32, (cy + r + 16.0) as i32, 10, "middle", "normal", &format!("wheel offset {}", st.rot));

    // Special spaces and supply.
    let x0 = 440;
    let mut y = 64;
    for (name, sp) in [("first player", SP_FIRST), ("copy", SP_COPY), ("rotate the wheel", SP_ROTATE)] {
        if st.occ[sp] == NONE {
            let _ = write!(out, "<circle cx=\"{}\" cy=\"{}\" r=\"8\" fill=\"#fff\" stroke=\"#999\"/>", x0 + 8, y - 4);
        } else {
            assistant(&mut out, (x0 + 8) as f64, (y - 4) as f64, st.occ[sp] as usize, st.done >> sp & 1 == 1);
        }
        text(&mut out, x0 + 22, y, 11, "start", "normal", name);
        y += 22;
    }
    let whites: Vec<String> = (0..n).map(|q| format!("P{q} {}/{}", st.white_open[q], st.white_placed[q])).collect();
    text(&mut out, x0, y, 11, "start", "normal", &format!("white space (open/placed): {}", whites.join(", ")));
    y += 22;
    text(&mut out, x0, y, 11, "start", "bold", "supply");
    for c in 0..NUM_COLOURS {
        let xx = x0 + 50 + c as i32 * 62;
        pigment(&mut out, xx, y - 4, c);
        text(&mut out, xx + 9, y, 11, "start", "normal", &format!("{}", st.supply[c]));
    }
    y += 20;
    text(
        &mut out,
        x0,
        y,
        11,
        "start",
        "normal",
        &format!(
            "tool tokens: tube {}, palette {}, brush {} | painting deck {} | bonus deck {}",
            st.tokens[0],
            st.tokens[1],
            st.tokens[2],
            st.deck_len(),
            st.bonus_deck_len()
        ),
    );
    let removed = (0..NUM_PAINTINGS).filter(|&c| st.card_loc[c] == LOC_REMOVED).count();
    if removed > 0 {
        text(&mut out, x0, y + 16, 10, "start", "normal", &format!("{removed} paintings removed from the game"));
    }
    // Easels.
    y += 40;
    text(&mut out, x0, y, 12, "start", "bold", "easels");
    for e in 0..g.num_easels.min(MAX_EASELS) {
        let ex = x0 + e as i32 * 136;
        let c = st.easel[e];
        if c == NONE {
            let _ = write!(out, "<rect x=\"{ex}\" y=\"{}\" width=\"128\" height=\"148\" rx=\"5\" fill=\"none\" stroke=\"#bbb\" stroke-dasharray=\"4,3\"/>", y + 8);
            text(&mut out, ex + 64, y + 80, 10, "middle", "normal", "empty");
        } else {
            painting(&mut out, st, g, c as usize, ex, y + 8, 128);
        }
    }

    for q in 0..n {
        player_row(&mut out, st, g, q, top + q as i32 * (ROW_H + 8), viewer, over);
    }
    out.push_str("</svg>");
    out
}

fn player_row(out: &mut String, st: &ColorsOfParisState, g: &ColorsOfParis, q: usize, y: i32, viewer: Option<usize>, over: bool) {
    let to_move = matches!(st.actor_kind(), salon_core::Actor::Player(p) if p as usize == q);
    let _ = write!(
        out,
        "<rect x=\"6\" y=\"{y}\" width=\"{}\" height=\"{ROW_H}\" rx=\"8\" fill=\"#fffdf7\" stroke=\"{}\" stroke-width=\"{}\"/>",
        WIDTH - 12,
        if to_move { "#c0392b" } else { seat(q) },
        if to_move { 3 } else { 1 }
    );
    let _ = write!(out, "<rect x=\"6\" y=\"{y}\" width=\"8\" height=\"{ROW_H}\" fill=\"{}\"/>", seat(q));
    let you = if viewer == Some(q) { " (you)" } else { "" };
    let turn = if to_move { " - to move" } else { "" };
    // The public score, plus hidden bonus points only where the viewer may see them.
    let full = viewer.is_none() || viewer == Some(q) || over;
    let score = scoring::score(st, g, q, full);
    let label = if full { "points" } else { "public points" };
    text(out, 22, y + 20, 14, "start", "bold", &format!("P{q}{you}: {score} {label}{turn}"));
    let mut x = 22;
    for c in 0..NUM_COLOURS {
        for _ in 0..st.pig[q][c] {
            pigment(out, x + 6, y + 34, c);
            x += 14;
        }
    }
    if x == 22 {
        text(out, 22, y + 38, 10, "start", "normal", "no pigments");
    }
    let tools: Vec<String> = (0..3).map(|t| format!("{} {} ({})", TOOL_NAMES[t], st.tools[q][t], st.tool_value(g, q, t))).collect();
    text(out, 22, y + 58, 11, "start", "normal", &tools.join(", "));
    let hired = if st.hired[q] > 0 { format!(" +{} next round", st.hired[q]) } else { String::new() };
    text(
        out,
        22,
        y + 74,
        11,
        "start",
        "normal",
        &format!("assistants {}{hired} ({} to place, {} open) | development {:?}", st.assistants[q], st.to_place[q], st.unresolved[q], st.dev[q]),
    );
    let mut line = format!("finished {} (whites used {})", st.finished[q], st.whites_used[q]);
    if st.advanced {
        let name = g.data.painters.get(st.painter[q] as usize).map(|x| x.name.as_str()).unwrap_or("none");
        line.push_str(&format!(" | painter {name}"));
    }
    text(out, 22, y + 90, 11, "start", "normal", &line);
    // Bonus cards.
    if st.advanced {
        let held: Vec<usize> = (0..NUM_BONUS).filter(|&b| st.bonus_loc[b] == 1 + q as u8).collect();
        text(out, 22, y + 108, 11, "start", "bold", "bonus cards:");
        if full {
            let names: Vec<String> =
                held.iter().map(|&b| g.data.bonus_cards.get(b).map(|c| format!("#{b} {}", c.name)).unwrap_or_default()).collect();
            text(out, 110, y + 108, 11, "start", "normal", if names.is_empty() { "none" } else { "" });
            for (i, name) in names.iter().enumerate().take(4) {
                let bx = 22 + i as i32 * 130;
                let _ = write!(out, "<rect x=\"{bx}\" y=\"{}\" width=\"124\" height=\"22\" rx=\"4\" fill=\"#efe6fa\" stroke=\"#5a3d7a\"/>", y + 114);
                let _ = write!(out, "<g><title>{}</title>", escape(name));
                text(out, bx + 4, y + 129, 9, "start", "normal", &wrap(name, &[116], 9, false).concat());
                out.push_str("</g>");
            }
        } else {
            for i in 0..held.len().min(8) {
                card_back(out, 110 + i as i32 * 34, y + 98);
            }
            if held.is_empty() {
                text(out, 110, y + 108, 11, "start", "normal", "none");
            }
        }
    }
    // Paintings in progress and finished.
    // Paintings in progress: as many as fit in the row's right part (at least 64 px wide
    // each), then a count of the rest, so nothing runs past the picture's edge.
    let held: Vec<usize> = (0..NUM_PAINTINGS).filter(|&c| st.card_loc[c] == LOC_HELD + q as u8).collect();
    let room = WIDTH - 12 - 560;
    // What does not fit is counted in a column of this width at the right.
    const REST: i32 = 84;
    let fit = (room / (64 + 6)) as usize;
    let shown = if held.len() <= fit { held.len() } else { ((room - REST) / (64 + 6)) as usize };
    let w = ((if shown < held.len() { room - REST } else { room }) / shown.max(1) as i32 - 6).clamp(64, 100);
    let mut px = 560;
    for &c in held.iter().take(shown) {
        text(out, px, y + 14, 9, "start", "normal", "in progress");
        painting(out, st, g, c, px, y + 18, w);
        px += w + 6;
    }
    if shown < held.len() {
        let rest: Vec<String> = held[shown..].iter().map(|c| format!("#{c}")).collect();
        text(out, px, y + 40, 10, "start", "bold", &format!("+{} in progress", rest.len()));
        for (i, line) in wrap(&rest.join(" "), &[WIDTH - 18 - px; 4], 9, false).iter().enumerate() {
            text(out, px, y + 54 + 12 * i as i32, 9, "start", "normal", line);
        }
    }
    let done: Vec<String> = (0..NUM_PAINTINGS)
        .filter(|&c| st.card_loc[c] == LOC_DONE + q as u8)
        .map(|c| g.data.paintings.get(c).map(|p| format!("{} ({})", p.name, p.points)).unwrap_or_default())
        .collect();
    if !done.is_empty() {
        let shown = if done.len() > 3 { format!("{} and {} more", done[..3].join(", "), done.len() - 3) } else { done.join(", ") };
        text(out, 22, y + ROW_H - 6, 9, "start", "normal", &wrap(&format!("finished: {shown}"), &[530], 9, false).concat());
    }
}
