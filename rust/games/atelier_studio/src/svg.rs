//! The table as an SVG picture: the paint piles with the students on them, the seven
//! face-up paintings, the decks and supplies, the rolled dice, and every player's paint,
//! students, inspiration, paintings and patrons.
//!
//! Drawn from the position (`position::to_position`, what `to_dict` and `observation_dict`
//! give), never from the state; only the scores come from the scoring rules. Patrons are the
//! hidden information: `viewer: Some(p)` draws p's view, where the patrons p does not know are
//! `null`, drawn as card backs.
//!
//! Clickable parts carry move fields (`docs/pictures.md`): the rolled dice (`die`), each paint
//! pile (`pile`, `to`; its cylinder `colour`, `take`), the students of the player to act on a
//! pile (`from`), the mover's paint (`give`), the display slots (`slot`) and the mover's dealt
//! patrons (`patron`).

use std::fmt::Write;

use salon_core::svg::{escape, open_document, open_field, text, text_width, viewer_label, wrap};

use crate::components::{CATEGORY_NAMES, COLOUR_NAMES, NUM_COLOURS};
use crate::game::AtelierStudio;
use crate::position::{self, acting, phase_of, PhaseName, Position, Stage};
use crate::scoring::Scores;
use crate::state::{AtelierStudioState, Phase, STUDENTS, TOKENS};

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
        text(
            out,
            x + 6,
            y + 15 + 11 * i as i32,
            10,
            "start",
            "bold",
            line,
        );
    }
    out.push_str("</g>");
    let down = 11 * (lines.len().max(1) as i32 - 1);
    text(
        out,
        x + 6,
        y + 28 + down,
        9,
        "start",
        "normal",
        CATEGORY_NAMES[cat],
    );
    text(
        out,
        x + 124,
        y + 30,
        16,
        "end",
        "bold",
        &format!("{}", c.points),
    );
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
        text(
            out,
            x + 6,
            y + 66,
            9,
            "start",
            "normal",
            &format!(
                "returns {} student{}",
                c.students,
                if c.students == 1 { "" } else { "s" }
            ),
        );
    }
    let (a, b) = power_lines(&c.power.describe());
    text(
        out,
        x + 6,
        y + 82,
        9,
        "start",
        "normal",
        &wrap(&a, &[120], 9, false).concat(),
    );
    if text_width(&b, 9, false) <= 120 {
        text(out, x + 6, y + 95, 9, "start", "normal", &b);
    } else {
        // A long power in two smaller lines rather than cut.
        for (i, line) in wrap(&b, &[120, 120], 8, false).iter().enumerate() {
            text(
                out,
                x + 6,
                y + 92 + 9 * i as i32,
                8,
                "start",
                "normal",
                line,
            );
        }
    }
}

fn patron_card(out: &mut String, game: &AtelierStudio, c: usize, x: i32, y: i32, note: &str) {
    let Some(p) = game.data.patrons.get(c) else {
        return;
    };
    let _ = write!(
        out,
        "<g><title>{}: {}</title>",
        escape(&p.name),
        escape(&p.describe())
    );
    let _ = write!(out, "<rect x=\"{x}\" y=\"{y}\" width=\"150\" height=\"38\" rx=\"5\" fill=\"#fff7e0\" stroke=\"#a8842c\"/>");
    text(
        out,
        x + 5,
        y + 12,
        10,
        "start",
        "bold",
        &wrap(&p.name, &[140], 10, true).concat(),
    );
    // The scoring rule in two lines (one beside a note such as "dealt, to choose").
    let widths: &[i32] = if note.is_empty() {
        &[140, 140]
    } else {
        &[140, 136 - text_width(note, 8, false)]
    };
    for (i, line) in wrap(&p.describe(), widths, 8, false).iter().enumerate() {
        text(
            out,
            x + 5,
            y + 23 + 10 * i as i32,
            8,
            "start",
            "normal",
            line,
        );
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
    let _ = write!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"8\" text-anchor=\"middle\" fill=\"#f5e6c8\">{}</text>",
        x + 20,
        y + 24,
        escape(label)
    );
}

pub(crate) fn render(
    s: &AtelierStudioState,
    game: &AtelierStudio,
    viewer: Option<usize>,
) -> String {
    draw(
        &position::to_position(s, game, viewer),
        &Scores::of(s, game),
        game,
        viewer,
    )
}

/// The picture of a position (`viewer` only labels it: the position is already the view).
pub(crate) fn draw(
    p: &Position,
    scores: &Scores,
    game: &AtelierStudio,
    viewer: Option<usize>,
) -> String {
    let n = p.players.len();
    let phase = phase_of(p.phase);
    let top = 330;
    let height = top + n as i32 * (ROW_H + 8) + 40;
    let mut out = String::with_capacity(30_000);
    open_document(&mut out, WIDTH, height, "#f3eee2");
    let in_turn = matches!(
        phase,
        Phase::Main
            | Phase::MoveStudents
            | Phase::ReturnStudents
            | Phase::PowerPlace
            | Phase::PowerGain
    );
    let who = viewer_label(viewer);
    let end = p.last_round.map_or_else(String::new, |last| {
        format!("; end triggered, last round {last}")
    });
    text(
        &mut out,
        12,
        22,
        16,
        "start",
        "bold",
        &format!("Atelier: The Painter's Studio - round {}{end}", p.round),
    );
    let mover = if phase == Phase::Terminal {
        "game over".to_string()
    } else if phase == Phase::MoveStudents {
        format!(
            "phase: {}; P{} moves a student (turn of P{})",
            phase.name(),
            acting(p),
            p.current_player
        )
    } else {
        format!("phase: {}; P{} to move", phase.name(), p.current_player)
    };
    text(
        &mut out,
        12,
        42,
        13,
        "start",
        "normal",
        &format!("{mover}; start player P{}", p.start_player),
    );
    text(
        &mut out,
        WIDTH - 12,
        22,
        11,
        "end",
        "normal",
        &format!("{who}; {}", salon_core::Game::components(game).label()),
    );
    if in_turn {
        text(&mut out, 12, 64, 12, "start", "bold", "dice:");
        let mut x = 50;
        for (face, &count) in p.turn.rolled.iter().enumerate() {
            for _ in 0..count {
                open_field(&mut out, "die", face + 1);
                let _ = write!(out, "<rect x=\"{x}\" y=\"50\" width=\"20\" height=\"20\" rx=\"4\" fill=\"#fff\" stroke=\"#333\"/>");
                text(
                    &mut out,
                    x + 10,
                    65,
                    13,
                    "middle",
                    "bold",
                    &format!("{}", face + 1),
                );
                out.push_str("</g>");
                x += 26;
            }
        }
        let used = format!(
            "dice action {}; inspiration bought {}",
            if p.turn.dice_action_used {
                "used"
            } else {
                "open"
            },
            if p.turn.inspiration_die_used {
                "yes"
            } else {
                "no"
            }
        );
        text(&mut out, x + 10, 65, 11, "start", "normal", &used);
    }

    // Paint piles with the students on them.
    let actor = (phase != Phase::Terminal).then(|| acting(p));
    let piles = p.paint_piles.array();
    for c in 0..NUM_COLOURS {
        let x = 12 + c as i32 * 175;
        open_field(&mut out, "pile", COLOUR_NAMES[c]);
        open_field(&mut out, "to", COLOUR_NAMES[c]);
        let _ = write!(out, "<rect x=\"{x}\" y=\"80\" width=\"165\" height=\"64\" rx=\"8\" fill=\"#fffdf7\" stroke=\"{}\" stroke-width=\"2\"/>", PAINT[c]);
        open_field(&mut out, "colour", COLOUR_NAMES[c]);
        open_field(&mut out, "take", COLOUR_NAMES[c]);
        cylinder(&mut out, x + 8, 88, c);
        out.push_str("</g></g>");
        text(
            &mut out,
            x + 22,
            100,
            12,
            "start",
            "bold",
            &format!("{} pile: {}", COLOUR_NAMES[c], piles[c]),
        );
        let mut k = 0;
        for (q, pl) in p.players.iter().enumerate() {
            let on = pl.students_on_piles.array()[c];
            if on == 0 {
                continue;
            }
            let mine = actor == Some(q);
            if mine {
                open_field(&mut out, "from", COLOUR_NAMES[c]);
            }
            for _ in 0..on {
                student(&mut out, x + 14 + (k % 12) * 13, 116 + (k / 12) * 13, q);
                k += 1;
            }
            if mine {
                out.push_str("</g>");
            }
        }
        out.push_str("</g></g>");
    }
    let x = 12 + 4 * 175;
    let under = p
        .patrons_under_deck
        .iter()
        .filter(|u| u.drawn_by.is_none())
        .count();
    text(
        &mut out,
        x,
        96,
        12,
        "start",
        "normal",
        &format!("inspiration supply {}/{TOKENS}", p.inspiration_supply),
    );
    text(
        &mut out,
        x,
        114,
        12,
        "start",
        "normal",
        &format!("painting deck: {} cards", p.painting_deck.len()),
    );
    text(
        &mut out,
        x,
        132,
        12,
        "start",
        "normal",
        &format!("patron deck: {} + {under} under", p.patron_deck.len()),
    );

    // The display.
    text(
        &mut out,
        12,
        166,
        12,
        "start",
        "bold",
        "paintings on display",
    );
    // A painting being resolved (once only the refill draw is left, it is done).
    let painting_slot = p
        .pending
        .painting
        .as_ref()
        .filter(|pt| pt.stage != Stage::Refill)
        .map(|pt| pt.slot as usize);
    for (slot, card) in p.display.iter().enumerate() {
        let hl = painting_slot == Some(slot);
        let id = card.as_deref().and_then(|name| game.painting_id(name));
        if id.is_some() {
            open_field(&mut out, "slot", slot);
        }
        painting(
            &mut out,
            game,
            id.map_or(u8::MAX, |i| i as u8),
            12 + slot as i32 * 138,
            174,
            hl,
        );
        if id.is_some() {
            out.push_str("</g>");
        }
    }
    if let Some(slot) = painting_slot {
        text(
            &mut out,
            12,
            298,
            11,
            "start",
            "normal",
            &format!(
                "P{} is painting (slot {slot}), {} left to resolve",
                p.current_player, p.pending.count
            ),
        );
    }

    for q in 0..n {
        player_row(
            &mut out,
            p,
            scores,
            game,
            q,
            top + q as i32 * (ROW_H + 8),
            viewer,
        );
    }
    if let Some(last) = &scores.last {
        let all: Vec<String> = last
            .iter()
            .enumerate()
            .map(|(q, v)| format!("P{q} {v}"))
            .collect();
        text(
            &mut out,
            12,
            height - 14,
            14,
            "start",
            "bold",
            &format!("final scores: {}", all.join(", ")),
        );
    }
    out.push_str("</svg>");
    out
}

fn player_row(
    out: &mut String,
    p: &Position,
    scores: &Scores,
    game: &AtelierStudio,
    q: usize,
    y: i32,
    viewer: Option<usize>,
) {
    let pl = &p.players[q];
    let to_move = p.phase != PhaseName::End && p.current_player as usize == q;
    let _ = write!(
        out,
        "<rect x=\"6\" y=\"{y}\" width=\"{}\" height=\"{ROW_H}\" rx=\"8\" fill=\"#fffdf7\" stroke=\"{}\" stroke-width=\"{}\"/>",
        WIDTH - 12,
        if to_move { "#c0392b" } else { "#8a7a5a" },
        if to_move { 3 } else { 1 }
    );
    student(out, 20, y + 16, q);
    let you = if viewer == Some(q) { " (you)" } else { "" };
    let fm = if p.first_master == Some(q as u8) {
        ", First Master (+4)"
    } else {
        ""
    };
    let turn = if to_move { " - to move" } else { "" };
    let public = scores.public.get(q).copied().unwrap_or(0);
    text(
        out,
        32,
        y + 21,
        14,
        "start",
        "bold",
        &format!("P{q}{you}: {public} public points{fm}{turn}"),
    );
    text(
        out,
        16,
        y + 40,
        11,
        "start",
        "normal",
        &format!(
            "dice {} | students on board {}/{STUDENTS} | inspiration {}",
            pl.dice, pl.students_on_board, pl.inspiration
        ),
    );
    // The paint of the player to move is what a swap gives.
    let mut cx = 16;
    for (c, &count) in pl.paint.array().iter().enumerate() {
        if count == 0 {
            continue;
        }
        if to_move {
            open_field(out, "give", COLOUR_NAMES[c]);
        }
        for _ in 0..count {
            cylinder(out, cx, y + 48, c);
            cx += 11;
        }
        if to_move {
            out.push_str("</g>");
        }
    }
    if cx == 16 {
        text(out, 16, y + 60, 10, "start", "normal", "no paint");
    }
    // Paintings owned: small tiles (name in two lines, then points and category), five to a
    // row, two rows, then a count.
    let owned: Vec<usize> = pl
        .paintings
        .iter()
        .filter_map(|name| game.painting_id(name))
        .collect();
    for (k, &i) in owned.iter().enumerate().take(10) {
        if let Some(c) = game.data.paintings.get(i) {
            let cat = c.category as usize % CATEGORY.len();
            let (px, py) = (16 + (k as i32 % 5) * 108, y + 66 + (k as i32 / 5) * 40);
            let _ = write!(out, "<g><title>{}</title>", escape(&c.name));
            let _ = write!(out, "<rect x=\"{px}\" y=\"{py}\" width=\"104\" height=\"36\" rx=\"4\" fill=\"{}\" stroke=\"#7a6a4a\"/>", CATEGORY[cat]);
            for (l, line) in wrap(&c.name, &[96, 96], 8, true).iter().enumerate() {
                text(
                    out,
                    px + 4,
                    py + 11 + 9 * l as i32,
                    8,
                    "start",
                    "bold",
                    line,
                );
            }
            let star = if c.masterpiece { " \u{2605}" } else { "" };
            let tail = format!("{}vp{star} {}", c.points, CATEGORY_NAMES[cat]);
            text(
                out,
                px + 4,
                py + 32,
                7,
                "start",
                "normal",
                &wrap(&tail, &[96], 7, false).concat(),
            );
            out.push_str("</g>");
        }
    }
    if owned.len() > 10 {
        text(
            out,
            16 + 5 * 108,
            y + 130,
            10,
            "start",
            "normal",
            &format!("+{}", owned.len() - 10),
        );
    }
    // Patrons: held (also those drawn from under the deck) and dealt, the known ones face up
    // in card order, the unknown ones as backs.
    let px0 = 560;
    text(out, px0, y + 21, 11, "start", "bold", "patrons");
    let drawn = p
        .patrons_under_deck
        .iter()
        .filter(|u| u.drawn_by == Some(q as u8))
        .map(|u| &u.patron);
    let held: Vec<&Option<String>> = pl.patrons.iter().chain(drawn).collect();
    let mut faces: Vec<(usize, bool)> = held
        .iter()
        .filter_map(|c| c.as_deref().and_then(|name| game.patron_id(name)))
        .map(|c| (c, false))
        .chain(
            pl.dealt_patrons
                .iter()
                .filter_map(|c| c.as_deref().and_then(|name| game.patron_id(name)))
                .map(|c| (c, true)),
        )
        .collect();
    faces.sort_unstable();
    // A player chooses among their own dealt patrons.
    let choosing = p.phase == PhaseName::KeepPatron && to_move;
    for (shown, &(c, dealt)) in faces.iter().enumerate().take(6) {
        let shown = shown as i32;
        let note = if dealt { "dealt, to choose" } else { "" };
        let (xx, yy) = (px0 + (shown % 2) * 156, y + 28 + (shown / 2) * 40);
        let clickable = dealt && choosing;
        if clickable {
            open_field(out, "patron", &game.data.patrons[c].name);
        }
        patron_card(out, game, c, xx, yy, note);
        if clickable {
            out.push_str("</g>");
        }
    }
    let backs = (held.iter().filter(|c| c.is_none()).count()
        + pl.dealt_patrons.iter().filter(|c| c.is_none()).count()) as i32;
    for k in 0..backs.min(6) {
        card_back(
            out,
            px0 + 318 + (k % 2) * 46,
            y + 28 + (k / 2) * 40,
            "patron",
        );
    }
    if faces.is_empty() && backs == 0 {
        text(out, px0, y + 40, 10, "start", "normal", "none");
    }
    // The patron this player put under the deck, while it is there.
    let n = p.players.len();
    let first = position::first_start_player(p, n);
    for (i, u) in p.patrons_under_deck.iter().enumerate() {
        if (first + i) % n != q || u.drawn_by.is_some() {
            continue;
        }
        let label = match &u.patron {
            Some(name) => format!("put under the patron deck: {name}"),
            None => "put a patron under the deck".to_string(),
        };
        text(out, 16, y + ROW_H - 8, 9, "start", "normal", &label);
    }
}
