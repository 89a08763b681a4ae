//! Text rendering of the whole table, read from the position (`position::to_position`).

use std::fmt::Write;

use crate::components::{colour_name, space_name, NUM_COLOURS, NUM_SLOTS, STRIP_SPACES};
use crate::game::AzulSintra;
use crate::position::{self, Colour, ColourCounts, FaceName, PhaseName};
use crate::state::AzulSintraState;

const SHORT: [char; NUM_COLOURS] = ['B', 'Y', 'R', 'G', 'V'];

fn counts(c: &ColourCounts) -> String {
    let c = c.array();
    let parts: Vec<String> = (0..NUM_COLOURS)
        .filter(|&i| c[i] > 0)
        .map(|i| format!("{} {}", c[i], colour_name(i)))
        .collect();
    if parts.is_empty() {
        "-".to_string()
    } else {
        parts.join(", ")
    }
}

fn piece(v: Option<Colour>) -> char {
    v.map_or('.', |c| SHORT[c.index()])
}

pub(crate) fn render(s: &AzulSintraState, game: &AzulSintra) -> String {
    let p = position::to_position(s, game);
    let mut out = String::new();
    let pd = &p.pending;
    let mover = p.to_move.unwrap_or(0);
    let phase = match p.phase {
        PhaseName::StartPlayer => "set-up: choosing the start player".to_string(),
        PhaseName::Strips => format!(
            "set-up: strips of player {} slot {}",
            pd.setup_player.unwrap_or(0),
            pd.setup_slot.unwrap_or(0)
        ),
        PhaseName::RoundTrack => "set-up: round track".to_string(),
        PhaseName::Fill => format!("filling factory {}", pd.fill_factory.unwrap_or(0)),
        PhaseName::Play => format!("player {mover} to play"),
        PhaseName::Keep => format!(
            "player {mover} chooses the piece to keep from slot {}",
            pd.keep_slot.unwrap_or(0)
        ),
        PhaseName::End => "game over".to_string(),
    };
    let side = if game.side_b() { "B" } else { "A" };
    let _ = writeln!(
        out,
        "Azul: Stained Glass of Sintra; {}; side {side}; round {} of 6; {phase}",
        game.info.label(),
        p.round
    );
    let track: Vec<String> = p
        .round_track
        .iter()
        .map(|c| c.map_or_else(|| "-".to_string(), |c| colour_name(c.index()).to_string()))
        .collect();
    let _ = writeln!(out, "round track I-VI: {}", track.join(" "));
    let start = p
        .start_player
        .map_or_else(|| "-".to_string(), |sp| sp.to_string());
    let _ = writeln!(
        out,
        "start player: {start}; start tile: {}",
        match (p.start_tile.in_centre, p.start_tile.holder) {
            (true, _) => "centre".to_string(),
            (false, Some(h)) => format!("player {h}"),
            (false, None) => "-".to_string(),
        }
    );
    let _ = writeln!(out, "bag: {} | tower: {}", counts(&p.bag), counts(&p.tower));
    for (f, c) in p.factories.iter().enumerate() {
        let _ = writeln!(out, "factory {f}: {}", counts(c));
    }
    let _ = writeln!(out, "centre: {}", counts(&p.centre));
    for (pl, b) in p.boards.iter().enumerate() {
        let _ = writeln!(
            out,
            "player {pl}: score {}, broken glass space {} ({}), resets {}, glazier over slot {}",
            b.score,
            b.broken_glass,
            game.track_value(b.broken_glass as usize),
            b.resets,
            b.glazier
        );
        for (slot, sl) in b.slots.iter().enumerate().take(NUM_SLOTS) {
            let face = if sl.face == FaceName::A { 0 } else { 1 };
            let strip = match (sl.present, sl.strip) {
                (true, Some(st)) => {
                    let kinds = game.faces[st as usize % NUM_SLOTS][face];
                    let layout: Vec<String> = (0..STRIP_SPACES)
                        .map(|i| {
                            format!(
                                "{}:{}",
                                space_name(kinds[i]),
                                piece(sl.pieces.get(i).copied().flatten())
                            )
                        })
                        .collect();
                    format!(
                        "strip {st} face {} [{}]",
                        if face == 0 { 'a' } else { 'b' },
                        layout.join(" ")
                    )
                }
                (_, None) => "(not set up)".to_string(),
                (false, Some(_)) => "(removed)".to_string(),
            };
            let g = if b.glazier as usize == slot { "*" } else { " " };
            let window = |k: usize| piece(sl.window.get(k).copied().flatten());
            let _ = writeln!(
                out,
                "  {g}slot {slot}: {strip} window {}{} (value {})",
                window(0),
                window(1),
                game.window_values[slot]
            );
        }
    }
    out
}
