//! Text rendering of the whole table.

use std::fmt::Write;

use crate::components::{colour_name, space_name, NUM_COLOURS, NUM_SLOTS, STRIP_SPACES};
use crate::state::{AzulSintraState, Phase};
use crate::{AzulSintra, NUM_ROUNDS};

const SHORT: [char; NUM_COLOURS] = ['B', 'Y', 'R', 'G', 'V'];

fn counts(c: &[u8; NUM_COLOURS]) -> String {
    let parts: Vec<String> = (0..NUM_COLOURS).filter(|&i| c[i] > 0).map(|i| format!("{} {}", c[i], colour_name(i))).collect();
    if parts.is_empty() {
        "-".to_string()
    } else {
        parts.join(", ")
    }
}

fn piece(v: u8) -> char {
    if v == 0 {
        '.'
    } else {
        SHORT.get(v as usize - 1).copied().unwrap_or('?')
    }
}

pub(crate) fn render(s: &AzulSintraState, game: &AzulSintra) -> String {
    let mut out = String::new();
    let phase = match s.phase {
        Phase::StartPlayer => "set-up: choosing the start player".to_string(),
        Phase::Strips => format!("set-up: strips of player {} slot {}", s.setup_player, s.setup_slot),
        Phase::RoundTrack => "set-up: round track".to_string(),
        Phase::Fill => format!("filling factory {}", s.fill_factory),
        Phase::Play => format!("player {} to play", s.current),
        Phase::Keep => format!("player {} chooses the piece to keep from slot {}", s.current, s.keep_slot),
        Phase::End => "game over".to_string(),
    };
    let side = if game.side_b() { "B" } else { "A" };
    let _ = writeln!(
        out,
        "Azul: Stained Glass of Sintra; {}; side {side}; round {} of 6; {phase}",
        salon_core::Game::components(game).label(),
        (s.round as usize + 1).min(NUM_ROUNDS)
    );
    let track: Vec<String> = (0..NUM_ROUNDS)
        .map(|i| match s.round_track(i) {
            Some(c) => colour_name(c).to_string(),
            None => "-".to_string(),
        })
        .collect();
    let _ = writeln!(out, "round track I-VI: {}", track.join(" "));
    let _ = writeln!(out, "start player: {}; start tile: {}", s.start_player, match (s.tile_in_centre, s.tile_holder()) {
        (true, _) => "centre".to_string(),
        (false, Some(h)) => format!("player {h}"),
        (false, None) => "-".to_string(),
    });
    let _ = writeln!(out, "bag: {} | tower: {}", counts(&s.bag), counts(&s.tower));
    for f in 0..game.num_factories() {
        let _ = writeln!(out, "factory {f}: {}", counts(&s.factories[f]));
    }
    let _ = writeln!(out, "centre: {}", counts(&s.centre));
    for p in 0..game.num_players {
        let b = s.board(p);
        let _ = writeln!(
            out,
            "player {p}: score {}, broken glass space {} ({}), resets {}, glazier over slot {}",
            b.score,
            b.track,
            game.track_value(b.track as usize),
            b.resets,
            b.glazier
        );
        for slot in 0..NUM_SLOTS {
            let strip = if b.has_strip(slot) {
                let layout: Vec<String> = (0..STRIP_SPACES)
                    .map(|i| format!("{}:{}", space_name(s.space_kind(game, p, slot, i)), piece(b.filled[slot][i])))
                    .collect();
                format!("strip {} face {} [{}]", b.strip[slot], if b.face[slot] == 0 { 'a' } else { 'b' }, layout.join(" "))
            } else if b.placed == 0 {
                "(not set up)".to_string()
            } else {
                "(removed)".to_string()
            };
            let g = if b.glazier as usize == slot { "*" } else { " " };
            let _ = writeln!(
                out,
                "  {g}slot {slot}: {strip} window {}{} (value {})",
                piece(b.window[slot][0]),
                piece(b.window[slot][1]),
                game.window_values[slot]
            );
        }
    }
    out
}
