//! The table as an SVG picture: the action wheel with its placement spaces and assistants,
//! the special spaces, the supply, the easels with their 3x3 paintings, and every player's
//! pigments, tools, assistants, paintings in progress and finished, bonus cards and score.
//!
//! Drawn from the position (`position::to_position`, what `to_dict` and `observation_dict`
//! give), never from the state; only the scores come from the scoring rules. Bonus cards in
//! hand are the hidden information: `viewer: Some(p)` draws p's view, where the others' cards
//! are `null` (drawn as backs) until the end.
//!
//! Clickable parts carry move fields (`docs/pictures.md`): every open placement space
//! (`space`, 0..23 on the wheel, 24 first player, 25 copy, 26 rotate, 27 white), the easels
//! (`easel`), the tools of the player to act (`tool`), their pigments (`pay_1`, `pay_2`,
//! `colour`) and their paintings in progress (`painting`) with each square (`square`).

use std::fmt::Write;

use salon_core::svg::{escape, open_document, open_field, text, text_width, viewer_label, wrap};

use crate::components::{COLOUR_NAMES, NUM_COLOURS, TOOL_NAMES, TRACK_LEN, WHITE};
use crate::game::ColorsOfParis;
use crate::position::{self, acting, Canvas, PhaseName, Position};
use crate::scoring;
use crate::state::*;

const FILL: [&str; NUM_COLOURS] = [
    "#d6402f", "#f2c531", "#2f6fd0", "#ef8a24", "#3a9a4a", "#8a4fc0", "#ffffff", "#222222",
];
const PALE: [&str; NUM_COLOURS] = [
    "#f6d0cb", "#fbf0c6", "#cfe0f7", "#fbdcbd", "#d2ecd5", "#e4d4f2", "#ffffff", "#bbbbbb",
];
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
/// `squares` is what lies on the squares (`None`: a card with nothing on it); with
/// `clickable` each square is a `square` field.
#[allow(clippy::too_many_arguments)]
fn painting(
    out: &mut String,
    g: &ColorsOfParis,
    c: usize,
    squares: Option<&[Option<String>]>,
    x: i32,
    y: i32,
    w: i32,
    clickable: bool,
) {
    let Some(p) = g.data.paintings.get(c) else {
        return;
    };
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
        text(
            out,
            x + 5,
            y + 12 + 10 * i as i32,
            size,
            "start",
            "bold",
            line,
        );
    }
    out.push_str("</g>");
    text(out, x + w - 5, y + 13, 10, "end", "bold", &points);
    for sq in 0..9 {
        let colour = p.grid[sq] as usize;
        let on = squares.and_then(|s| s.get(sq)).and_then(|v| v.as_deref());
        let white = on == Some(COLOUR_NAMES[WHITE as usize]);
        let filled = on.is_some();
        let (fill, mark) = if white {
            ("#ffffff", "W")
        } else if filled {
            (FILL.get(colour).copied().unwrap_or("#888"), "")
        } else {
            (PALE.get(colour).copied().unwrap_or("#eee"), "")
        };
        let cx = x + 8 + (sq as i32 % 3) * cell;
        let cy = y + 32 + (sq as i32 / 3) * cell;
        if clickable {
            open_field(out, "square", sq);
        }
        let _ = write!(
            out,
            "<rect x=\"{cx}\" y=\"{cy}\" width=\"{}\" height=\"{}\" fill=\"{fill}\" stroke=\"#555\" stroke-width=\"0.8\"><title>{}{}</title></rect>",
            cell - 2,
            cell - 2,
            COLOUR_NAMES.get(colour).copied().unwrap_or("?"),
            if filled { " (painted)" } else { "" }
        );
        if !mark.is_empty() {
            text(
                out,
                cx + cell / 2 - 1,
                cy + cell / 2 + 3,
                10,
                "middle",
                "bold",
                mark,
            );
        }
        if clickable {
            out.push_str("</g>");
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

/// Scores: the only figures not read from the position (the scoring rules live in
/// `scoring`): each player's points as the viewer may know them.
pub(crate) struct Scores {
    pub points: Vec<i32>,
    /// Whether `points` include the player's bonus cards (the viewer sees them).
    pub full: Vec<bool>,
}

pub(crate) fn render(st: &ColorsOfParisState, g: &ColorsOfParis, viewer: Option<usize>) -> String {
    let n = st.np();
    let full: Vec<bool> = (0..n)
        .map(|q| viewer.is_none() || viewer == Some(q) || st.phase == PH_OVER)
        .collect();
    let scores = Scores {
        points: (0..n).map(|q| scoring::score(st, g, q, full[q])).collect(),
        full,
    };
    draw(&position::to_position(st, g, viewer), &scores, g, viewer)
}

/// A placement space drawn by `body`, inside its `space` field.
fn space_field(out: &mut String, space: usize, body: impl FnOnce(&mut String)) {
    open_field(out, "space", space);
    body(out);
    out.push_str("</g>");
}

/// The picture of a position (`viewer` only labels it: the position is already the view).
pub(crate) fn draw(
    p: &Position,
    scores: &Scores,
    g: &ColorsOfParis,
    viewer: Option<usize>,
) -> String {
    let d = &g.data;
    let n = p.players.len();
    let top = 486;
    let height = top + n as i32 * (ROW_H + 8) + 10;
    let mut out = String::with_capacity(40_000);
    open_document(&mut out, WIDTH, height, "#f1ede4");
    let who = viewer_label(viewer);
    text(
        &mut out,
        12,
        22,
        16,
        "start",
        "bold",
        &format!(
            "Colors of Paris - round {}{}",
            p.round,
            if p.end_triggered { " (last round)" } else { "" }
        ),
    );
    let actor = acting(p);
    let mover = match (actor, p.phase) {
        (Some(q), _) => format!("; player {q} to move"),
        (None, PhaseName::End) => String::new(),
        (None, _) => "; chance".to_string(),
    };
    let pending = match (p.phase, p.pending.sub_decision) {
        (PhaseName::Resolution, Some(sub)) => {
            format!(" ({})", SUB_NAMES[sub as usize % SUB_NAMES.len()])
        }
        _ => String::new(),
    };
    text(
        &mut out,
        12,
        42,
        13,
        "start",
        "normal",
        &format!(
            "{}{pending}{mover}; first player {}",
            PHASE_NAMES[p.phase as usize % PHASE_NAMES.len()],
            p.first_player
        ),
    );
    text(
        &mut out,
        WIDTH - 12,
        22,
        11,
        "end",
        "normal",
        &format!("{who}; {}", salon_core::Game::components(g).label()),
    );

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
        let kind = g.action_facing(p.wheel_rotation, b).name();
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
        let label = if k == 0 {
            format!("blocked: {kind}")
        } else {
            kind.to_string()
        };
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
            let sp = p.spaces.get(space).copied();
            if g.is_covered(space) {
                let _ = write!(out, "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"16\" height=\"16\" fill=\"#8d6e63\"><title>covered by a tile</title></rect>", sx - 8.0, sy - 8.0);
            } else {
                space_field(&mut out, space, |out| {
                    match sp.and_then(|sp| sp.occupant.map(|o| (o, sp.laid_down))) {
                        None => {
                            let _ = write!(out, "<circle cx=\"{sx:.1}\" cy=\"{sy:.1}\" r=\"8\" fill=\"#fff\" stroke=\"#999\"><title>space {space}: free</title></circle>");
                        }
                        Some((o, done)) => assistant(out, sx, sy, o as usize, done),
                    }
                });
            }
            space += 1;
        }
    }
    text(
        &mut out,
        cx as i32,
        (cy + r + 16.0) as i32,
        10,
        "middle",
        "normal",
        &format!("wheel offset {}", p.wheel_rotation),
    );

    // Special spaces and supply.
    let x0 = 440;
    let mut y = 64;
    for (name, sp) in [
        ("first player", SP_FIRST),
        ("copy", SP_COPY),
        ("rotate the wheel", SP_ROTATE),
    ] {
        let space = p.spaces.get(sp).copied();
        space_field(&mut out, sp, |out| {
            match space.and_then(|s| s.occupant.map(|o| (o, s.laid_down))) {
                None => {
                    let _ = write!(
                        out,
                        "<circle cx=\"{}\" cy=\"{}\" r=\"8\" fill=\"#fff\" stroke=\"#999\"/>",
                        x0 + 8,
                        y - 4
                    );
                }
                Some((o, done)) => {
                    assistant(out, (x0 + 8) as f64, (y - 4) as f64, o as usize, done)
                }
            }
            text(out, x0 + 22, y, 11, "start", "normal", name);
        });
        y += 22;
    }
    let whites: Vec<String> = p
        .players
        .iter()
        .enumerate()
        .map(|(q, pl)| {
            format!(
                "P{q} {}/{}",
                pl.on_white_space_unresolved, pl.on_white_space
            )
        })
        .collect();
    space_field(&mut out, SP_WHITE, |out| {
        text(
            out,
            x0,
            y,
            11,
            "start",
            "normal",
            &format!("white space (open/placed): {}", whites.join(", ")),
        )
    });
    y += 22;
    text(&mut out, x0, y, 11, "start", "bold", "supply");
    for (c, count) in p.supply.array().iter().enumerate() {
        let xx = x0 + 50 + c as i32 * 62;
        pigment(&mut out, xx, y - 4, c);
        text(
            &mut out,
            xx + 9,
            y,
            11,
            "start",
            "normal",
            &format!("{count}"),
        );
    }
    y += 20;
    let tokens = p.prestige_tokens.array();
    text(
        &mut out,
        x0,
        y,
        11,
        "start",
        "normal",
        &format!(
            "tool tokens: tube {}, palette {}, brush {} | painting deck {} | bonus deck {}",
            tokens[0],
            tokens[1],
            tokens[2],
            p.painting_deck.len(),
            p.bonus_deck.len()
        ),
    );
    let removed = p.removed_paintings.len();
    if removed > 0 {
        text(
            &mut out,
            x0,
            y + 16,
            10,
            "start",
            "normal",
            &format!("{removed} paintings removed from the game"),
        );
    }
    // Easels.
    y += 40;
    text(&mut out, x0, y, 12, "start", "bold", "easels");
    for (e, card) in p.easels.iter().enumerate().take(MAX_EASELS) {
        let ex = x0 + e as i32 * 136;
        match card.as_deref().and_then(|name| g.painting_id(name)) {
            None => {
                let _ = write!(out, "<rect x=\"{ex}\" y=\"{}\" width=\"128\" height=\"148\" rx=\"5\" fill=\"none\" stroke=\"#bbb\" stroke-dasharray=\"4,3\"/>", y + 8);
                text(&mut out, ex + 64, y + 80, 10, "middle", "normal", "empty");
            }
            Some(c) => {
                open_field(&mut out, "easel", e);
                painting(&mut out, g, c, None, ex, y + 8, 128, false);
                out.push_str("</g>");
            }
        }
    }

    for q in 0..n {
        player_row(
            &mut out,
            p,
            scores,
            g,
            q,
            top + q as i32 * (ROW_H + 8),
            viewer,
            actor == Some(q),
        );
    }
    out.push_str("</svg>");
    out
}

/// Opens the fields a pigment of the player to act stands for: paying an upgrade, discarding.
fn open_pigment_fields(out: &mut String, colour: &str) {
    open_field(out, "pay_1", colour);
    open_field(out, "pay_2", colour);
    open_field(out, "colour", colour);
}

#[allow(clippy::too_many_arguments)]
fn player_row(
    out: &mut String,
    p: &Position,
    scores: &Scores,
    g: &ColorsOfParis,
    q: usize,
    y: i32,
    viewer: Option<usize>,
    to_move: bool,
) {
    let pl = &p.players[q];
    let _ = write!(
        out,
        "<rect x=\"6\" y=\"{y}\" width=\"{}\" height=\"{ROW_H}\" rx=\"8\" fill=\"#fffdf7\" stroke=\"{}\" stroke-width=\"{}\"/>",
        WIDTH - 12,
        if to_move { "#c0392b" } else { seat(q) },
        if to_move { 3 } else { 1 }
    );
    let _ = write!(
        out,
        "<rect x=\"6\" y=\"{y}\" width=\"8\" height=\"{ROW_H}\" fill=\"{}\"/>",
        seat(q)
    );
    let you = if viewer == Some(q) { " (you)" } else { "" };
    let turn = if to_move { " - to move" } else { "" };
    // The public score, plus hidden bonus points only where the viewer may see them.
    let full = scores.full.get(q).copied().unwrap_or(false);
    let score = scores.points.get(q).copied().unwrap_or(0);
    let label = if full { "points" } else { "public points" };
    text(
        out,
        22,
        y + 20,
        14,
        "start",
        "bold",
        &format!("P{q}{you}: {score} {label}{turn}"),
    );
    let mut x = 22;
    for (c, &count) in pl.pigments.array().iter().enumerate() {
        if count == 0 {
            continue;
        }
        if to_move {
            open_pigment_fields(out, COLOUR_NAMES[c]);
        }
        for _ in 0..count {
            pigment(out, x + 6, y + 34, c);
            x += 14;
        }
        if to_move {
            out.push_str("</g></g></g>");
        }
    }
    if x == 22 {
        text(out, 22, y + 38, 10, "start", "normal", "no pigments");
    }
    // The tools in one line, each tool its own span (clickable for the player to act).
    let levels = pl.tools.array();
    let _ = write!(
        out,
        "<text x=\"22\" y=\"{}\" font-size=\"11\" text-anchor=\"start\" font-weight=\"normal\">",
        y + 58
    );
    for t in 0..3 {
        if t > 0 {
            out.push_str(", ");
        }
        let value = g.data.tracks[t][levels[t].clamp(1, TRACK_LEN as u8) as usize - 1];
        let body = escape(&format!("{} {} ({value})", TOOL_NAMES[t], levels[t]));
        if to_move {
            let _ = write!(
                out,
                "<tspan data-field=\"tool\" data-value=\"{}\">{body}</tspan>",
                TOOL_NAMES[t]
            );
        } else {
            out.push_str(&body);
        }
    }
    out.push_str("</text>");
    let hired = if pl.hired > 0 {
        format!(" +{} next round", pl.hired)
    } else {
        String::new()
    };
    let dev = pl.development.array().map(|d| d as u8);
    text(
        out,
        22,
        y + 74,
        11,
        "start",
        "normal",
        &format!(
            "assistants {}{hired} ({} to place, {} open) | development {dev:?}",
            pl.assistants, pl.to_place, pl.unresolved
        ),
    );
    let whites_used: usize = pl
        .finished_paintings
        .iter()
        .map(|c| {
            c.squares
                .iter()
                .filter(|s| s.as_deref() == Some(COLOUR_NAMES[WHITE as usize]))
                .count()
        })
        .sum();
    let mut line = format!(
        "finished {} (whites used {whites_used})",
        pl.finished_paintings.len()
    );
    if p.advanced {
        line.push_str(&format!(
            " | painter {}",
            pl.painter.as_deref().unwrap_or("none")
        ));
    }
    text(out, 22, y + 90, 11, "start", "normal", &line);
    // Bonus cards: the named ones face up, the hidden ones as backs.
    if p.advanced {
        text(out, 22, y + 108, 11, "start", "bold", "bonus cards:");
        let hidden = pl.bonus_cards.iter().any(Option::is_none);
        if !hidden {
            let names: Vec<String> = pl
                .bonus_cards
                .iter()
                .flatten()
                .map(
                    |name| match g.data.bonus_cards.iter().position(|c| c.name == *name) {
                        Some(b) => format!("#{b} {name}"),
                        None => name.clone(),
                    },
                )
                .collect();
            text(
                out,
                110,
                y + 108,
                11,
                "start",
                "normal",
                if names.is_empty() { "none" } else { "" },
            );
            for (i, name) in names.iter().enumerate().take(4) {
                let bx = 22 + i as i32 * 130;
                let _ = write!(out, "<rect x=\"{bx}\" y=\"{}\" width=\"124\" height=\"22\" rx=\"4\" fill=\"#efe6fa\" stroke=\"#5a3d7a\"/>", y + 114);
                let _ = write!(out, "<g><title>{}</title>", escape(name));
                text(
                    out,
                    bx + 4,
                    y + 129,
                    9,
                    "start",
                    "normal",
                    &wrap(name, &[116], 9, false).concat(),
                );
                out.push_str("</g>");
            }
        } else {
            for i in 0..pl.bonus_cards.len().min(8) {
                card_back(out, 110 + i as i32 * 34, y + 98);
            }
        }
    }
    // Paintings in progress: as many as fit in the row's right part (at least 64 px wide
    // each), then a count of the rest, so nothing runs past the picture's edge.
    let held: Vec<(usize, &Canvas)> = pl
        .paintings_in_progress
        .iter()
        .filter_map(|c| g.painting_id(&c.card).map(|id| (id, c)))
        .collect();
    let room = WIDTH - 12 - 560;
    // What does not fit is counted in a column of this width at the right.
    const REST: i32 = 84;
    let fit = (room / (64 + 6)) as usize;
    let shown = if held.len() <= fit {
        held.len()
    } else {
        ((room - REST) / (64 + 6)) as usize
    };
    let w = ((if shown < held.len() {
        room - REST
    } else {
        room
    }) / shown.max(1) as i32
        - 6)
    .clamp(64, 100);
    let mut px = 560;
    for &(c, canvas) in held.iter().take(shown) {
        text(out, px, y + 14, 9, "start", "normal", "in progress");
        if to_move {
            open_field(out, "painting", &canvas.card);
        }
        painting(out, g, c, Some(&canvas.squares), px, y + 18, w, to_move);
        if to_move {
            out.push_str("</g>");
        }
        px += w + 6;
    }
    if shown < held.len() {
        let rest: Vec<String> = held[shown..].iter().map(|(c, _)| format!("#{c}")).collect();
        text(
            out,
            px,
            y + 40,
            10,
            "start",
            "bold",
            &format!("+{} in progress", rest.len()),
        );
        for (i, line) in wrap(&rest.join(" "), &[WIDTH - 18 - px; 4], 9, false)
            .iter()
            .enumerate()
        {
            text(out, px, y + 54 + 12 * i as i32, 9, "start", "normal", line);
        }
    }
    let done: Vec<String> = pl
        .finished_paintings
        .iter()
        .map(|c| {
            match g
                .painting_id(&c.card)
                .and_then(|id| g.data.paintings.get(id))
            {
                Some(card) => format!("{} ({})", card.name, card.points),
                None => c.card.clone(),
            }
        })
        .collect();
    if !done.is_empty() {
        let shown = if done.len() > 3 {
            format!("{} and {} more", done[..3].join(", "), done.len() - 3)
        } else {
            done.join(", ")
        };
        text(
            out,
            22,
            y + ROW_H - 6,
            9,
            "start",
            "normal",
            &wrap(&format!("finished: {shown}"), &[530], 9, false).concat(),
        );
    }
}
