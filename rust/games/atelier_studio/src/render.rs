//! The text of the table, read from the position (`position::to_position`): the whole table
//! for `render` (`__str__`), one player's view for the observation and information-state
//! strings. Only the points come from the scoring rules (`scoring::Scores`).

use std::fmt::Write;

use crate::components::{CATEGORY_NAMES, COLOUR_NAMES, NUM_COLOURS};
use crate::dice::faces_string;
use crate::game::AtelierStudio;
use crate::position::{self, acting, phase_of, Paint, Position, Stage};
use crate::scoring::Scores;
use crate::state::{AtelierStudioState, Phase, STUDENTS, TOKENS};

/// The whole table, every patron named.
pub(crate) fn render(s: &AtelierStudioState, game: &AtelierStudio) -> String {
    describe(
        &position::to_position(s, game, None),
        &Scores::of(s, game),
        game,
        None,
    )
}

/// The table as `player` sees it.
pub(crate) fn observation_string(
    s: &AtelierStudioState,
    game: &AtelierStudio,
    player: usize,
) -> String {
    let p = position::to_position(s, game, Some(player));
    format!(
        "observer P{player}\n{}",
        describe(&p, &Scores::of(s, game), game, Some(player))
    )
}

/// The observation plus the order of the patrons under the deck, where the player's own is
/// named (everything else they remember is on the table).
pub(crate) fn information_state_string(
    s: &AtelierStudioState,
    game: &AtelierStudio,
    player: usize,
) -> String {
    let p = position::to_position(s, game, Some(player));
    let mut t = format!(
        "observer P{player}\n{}",
        describe(&p, &Scores::of(s, game), game, Some(player))
    );
    let under: Vec<String> = p
        .patrons_under_deck
        .iter()
        .filter(|u| u.drawn_by.is_none())
        .map(|u| {
            u.patron
                .as_ref()
                .map_or_else(|| "unknown".to_string(), |name| format!("{name} (mine)"))
        })
        .collect();
    let _ = writeln!(
        t,
        "under the patron deck, top first: [{}]",
        under.join(", ")
    );
    t
}

fn painting_label(game: &AtelierStudio, name: Option<&str>) -> String {
    match name
        .and_then(|name| game.painting_id(name))
        .and_then(|i| game.data.paintings.get(i))
    {
        Some(c) => format!(
            "{} [{} {}vp cost {} students {}{}; {}]",
            c.name,
            CATEGORY_NAMES[c.category as usize % CATEGORY_NAMES.len()],
            c.points,
            c.cost_string(),
            c.students,
            if c.masterpiece { " masterpiece" } else { "" },
            c.power.describe()
        ),
        None => "(empty)".to_string(),
    }
}

/// `3b 0g 1r 2y`: a count and the colour's initial, per colour.
fn paint_text(paint: &Paint) -> String {
    let a = paint.array();
    let parts: Vec<String> = (0..NUM_COLOURS)
        .map(|c| format!("{}{}", a[c], &COLOUR_NAMES[c][..1]))
        .collect();
    parts.join(" ")
}

/// Where each patron the position names is, in card order; `viewer` words the places the
/// way that player knows them.
fn patron_places(
    p: &Position,
    game: &AtelierStudio,
    viewer: Option<usize>,
) -> Vec<(usize, String)> {
    let mut places = Vec::new();
    let mut add = |name: &Option<String>, place: String| {
        if let Some(id) = name.as_deref().and_then(|name| game.patron_id(name)) {
            places.push((id, place));
        }
    };
    for (q, pl) in p.players.iter().enumerate() {
        for name in &pl.patrons {
            add(name, format!("held by P{q}"));
        }
        for name in &pl.dealt_patrons {
            add(
                name,
                if viewer == Some(q) {
                    "dealt to me".to_string()
                } else {
                    format!("dealt to P{q}")
                },
            );
        }
    }
    for (i, u) in p.patrons_under_deck.iter().enumerate() {
        let place = match (u.drawn_by, viewer) {
            (Some(by), _) => format!("held by P{by}"),
            (None, None) => format!("under the deck, position {i}"),
            (None, Some(_)) => "under the deck (put there by me)".to_string(),
        };
        add(&u.patron, place);
    }
    for name in &p.patron_deck {
        add(name, "in the deck".to_string());
    }
    places.sort_by_key(|(id, _)| *id);
    places
}

/// The table of a position (the whole one, or `viewer`'s view).
fn describe(p: &Position, scores: &Scores, game: &AtelierStudio, viewer: Option<usize>) -> String {
    let phase = phase_of(p.phase);
    let mut t = String::new();
    let _ = writeln!(
        t,
        "round {} | phase: {} | start player P{} | to move P{}{}",
        p.round,
        phase.name(),
        p.start_player,
        p.current_player,
        p.last_round.map_or_else(String::new, |last| format!(
            " | end triggered: last round {last}"
        ))
    );
    if matches!(
        phase,
        Phase::Main
            | Phase::MoveStudents
            | Phase::ReturnStudents
            | Phase::PowerPlace
            | Phase::PowerGain
    ) {
        let mut rolled = [0u8; 6];
        for (r, &k) in rolled.iter_mut().zip(&p.turn.rolled) {
            *r = k;
        }
        let powers_used = p
            .turn
            .turn_powers_used
            .iter()
            .filter_map(|name| game.painting_id(name))
            .fold(0u64, |bits, i| bits | 1 << i);
        let _ = writeln!(
            t,
            "dice rolled: [{}] | option A used: {} | option B used: {} | turn powers used: {powers_used:#x}",
            faces_string(&rolled),
            p.turn.dice_action_used,
            p.turn.inspiration_die_used,
        );
    }
    if phase == Phase::MoveStudents {
        let _ = writeln!(
            t,
            "moving a student of P{} (moved already: {})",
            acting(p),
            p.pending.moved
        );
    }
    // A painting is shown while its students, power or refill are being resolved (the
    // position keeps it until the refill is drawn, its stage then `refill`).
    if let Some(pt) = p.pending.painting.as_ref().filter(|pt| {
        pt.stage != Stage::Refill || matches!(phase, Phase::ReturnStudents | Phase::PowerGain)
    }) {
        let _ = writeln!(
            t,
            "painting {} from slot {} | count left {}",
            painting_label(game, Some(&pt.card)),
            pt.slot,
            p.pending.count
        );
    }
    let piles = p.paint_piles.array();
    let piles: Vec<String> = (0..NUM_COLOURS)
        .map(|c| format!("{} {}", COLOUR_NAMES[c], piles[c]))
        .collect();
    let _ = writeln!(
        t,
        "piles: {} | inspiration supply {}/{}",
        piles.join(", "),
        p.inspiration_supply,
        TOKENS
    );
    for (slot, card) in p.display.iter().enumerate() {
        let _ = writeln!(
            t,
            "  slot {slot}: {}",
            painting_label(game, card.as_deref())
        );
    }
    let under_left = p
        .patrons_under_deck
        .iter()
        .filter(|u| u.drawn_by.is_none())
        .count();
    let _ = writeln!(
        t,
        "painting deck {} cards | patron deck {} + {under_left} under",
        p.painting_deck.len(),
        p.patron_deck.len()
    );
    let in_turn_phase = matches!(
        phase,
        Phase::Main
            | Phase::MoveStudents
            | Phase::ReturnStudents
            | Phase::PowerPlace
            | Phase::PowerGain
            | Phase::DrawPatron
            | Phase::Refill
    );
    let unspent: u32 = p.turn.rolled.iter().map(|&k| k as u32).sum();
    for (q, pl) in p.players.iter().enumerate() {
        let held = pl.patrons.len()
            + p.patrons_under_deck
                .iter()
                .filter(|u| u.drawn_by == Some(q as u8))
                .count();
        let dice = if in_turn_phase && q == p.current_player as usize {
            format!("{} rolled, {unspent} unspent", pl.dice)
        } else {
            pl.dice.to_string()
        };
        let _ = writeln!(
            t,
            "P{q}: score {} | dice {} | paint {} | students on piles {} board {}/{} | inspiration {} | patrons {} (drawn {}){}",
            scores.public.get(q).copied().unwrap_or(0),
            dice,
            paint_text(&pl.paint),
            paint_text(&pl.students_on_piles),
            pl.students_on_board,
            STUDENTS,
            pl.inspiration,
            held,
            pl.patrons_drawn,
            if p.first_master == Some(q as u8) { " | FIRST MASTER" } else { "" }
        );
        for name in &pl.paintings {
            let _ = writeln!(t, "    painted {}", painting_label(game, Some(name)));
        }
    }
    for (id, place) in patron_places(p, game, viewer) {
        let patron = &game.data.patrons[id];
        let _ = writeln!(t, "patron {} ({}): {place}", patron.name, patron.describe());
    }
    if let Some(last) = &scores.last {
        let finals: Vec<String> = last
            .iter()
            .enumerate()
            .map(|(q, s)| format!("P{q} {s}"))
            .collect();
        let _ = writeln!(t, "final scores: {}", finals.join(", "));
    }
    t
}
