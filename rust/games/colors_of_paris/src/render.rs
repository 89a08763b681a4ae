//! The text of the table, read from the position (`position::to_position`): the whole table
//! (every bonus card shown) for `render` (`__str__`), one player's view for the observation
//! string. Only the scores come from the scoring rules (`scoring`).

use std::fmt::Write;

use crate::components::{COLOUR_NAMES, TRACK_LEN, WHITE};
use crate::game::ColorsOfParis;
use crate::position::{self, acting, Canvas, PhaseName, Position, SubDecision};
use crate::scoring;
use crate::state::{ColorsOfParisState, PHASE_NAMES, SP_COPY, SP_FIRST, SP_ROTATE, SUB_NAMES};

/// The whole table, every bonus card named.
pub(crate) fn render(st: &ColorsOfParisState, g: &ColorsOfParis) -> String {
    let p = position::to_position(st, g, None);
    let mut s = String::new();
    write_public(&p, g, &mut s);
    for (q, pl) in p.players.iter().enumerate() {
        let _ = write!(s, "player {q}:");
        if p.advanced {
            let _ = write!(s, " bonus cards [{}]", bonus_list(g, &pl.bonus_cards));
        }
        let _ = writeln!(s, " score {}", scoring::score(st, g, q, true));
    }
    s
}

/// The public table plus what `player` alone may see (their bonus cards; everyone's once
/// the game is over).
pub(crate) fn observation_string(
    st: &ColorsOfParisState,
    g: &ColorsOfParis,
    player: usize,
) -> String {
    let p = position::to_position(st, g, Some(player));
    let mut s = String::new();
    write_public(&p, g, &mut s);
    let over = p.phase == PhaseName::End;
    for (q, pl) in p.players.iter().enumerate() {
        let _ = write!(s, "player {q}{}:", if q == player { " (you)" } else { "" });
        if p.advanced {
            if q == player || over {
                let _ = write!(s, " bonus cards [{}]", bonus_list(g, &pl.bonus_cards));
            } else {
                let _ = write!(s, " {} bonus cards face down", pl.bonus_cards.len());
            }
        }
        let _ = writeln!(s, " public score {}", scoring::score(st, g, q, over));
    }
    s
}

/// `#3 "name", #7 "name"`: the named cards with their ids (hidden ones are never listed).
fn bonus_list(g: &ColorsOfParis, cards: &[Option<String>]) -> String {
    let names: Vec<String> = cards
        .iter()
        .flatten()
        .map(|name| {
            format!(
                "#{} {name:?}",
                g.bonus_id(name)
                    .map_or_else(|| "?".to_string(), |b| b.to_string())
            )
        })
        .collect();
    names.join(", ")
}

/// `#12 "name" 3pts [rYb/...]`: a painting's grid row by row, a square's colour initial in
/// lower case while empty, upper case once painted, `W` for a white used in its place.
fn card_text(g: &ColorsOfParis, name: &str, squares: &[Option<String>]) -> String {
    let Some((c, card)) = g
        .painting_id(name)
        .and_then(|c| g.data.paintings.get(c).map(|card| (c, card)))
    else {
        return format!("{name:?}");
    };
    let mut grid = String::new();
    for sq in 0..9 {
        let col = COLOUR_NAMES[card.grid[sq] as usize % COLOUR_NAMES.len()];
        match squares.get(sq).and_then(|v| v.as_deref()) {
            Some(on) if on == COLOUR_NAMES[WHITE as usize] => grid.push('W'),
            Some(_) => grid.push_str(&col[..1].to_uppercase()),
            None => grid.push_str(&col[..1]),
        }
        if sq % 3 == 2 && sq < 8 {
            grid.push('/');
        }
    }
    format!("#{c} {:?} {}pts [{grid}]", card.name, card.points)
}

/// `3 red, 1 white`, or `none`.
fn pigments_text(counts: &[u8]) -> String {
    let parts: Vec<String> = COLOUR_NAMES
        .iter()
        .zip(counts)
        .filter(|(_, &k)| k > 0)
        .map(|(name, k)| format!("{k} {name}"))
        .collect();
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join(", ")
    }
}

fn occupant_text(p: &Position, space: usize) -> String {
    match p
        .spaces
        .get(space)
        .and_then(|sp| sp.occupant.map(|o| (o, sp.laid_down)))
    {
        None => "free".to_string(),
        Some((o, done)) => format!("P{o}{}", if done { " done" } else { "" }),
    }
}

/// Everything public: the wheel, spaces, easels, players' pigments, tools and paintings.
fn write_public(p: &Position, g: &ColorsOfParis, s: &mut String) {
    let d = &g.data;
    let _ = writeln!(
        s,
        "round {} | {} | first player {} | wheel offset {}",
        p.round,
        PHASE_NAMES[p.phase as usize % PHASE_NAMES.len()],
        p.first_player,
        p.wheel_rotation
    );
    if let Some(sub) = p.pending.sub_decision {
        let left = if sub == SubDecision::Paint {
            format!(" ({} left)", p.pending.paint_left)
        } else {
            String::new()
        };
        let _ = writeln!(
            s,
            "pending: {}{left}",
            SUB_NAMES[sub as usize % SUB_NAMES.len()]
        );
    }
    if let Some(q) = acting(p) {
        let _ = writeln!(s, "to move: player {q}");
    }
    if p.end_triggered {
        let _ = writeln!(s, "end triggered: this is the last round");
    }
    let _ = write!(s, "supply:");
    for (name, v) in COLOUR_NAMES.iter().zip(p.supply.array()) {
        let _ = write!(s, " {name} {v}");
    }
    let tokens = p.prestige_tokens.array();
    let _ = writeln!(
        s,
        " | tokens tube {} palette {} brush {}",
        tokens[0], tokens[1], tokens[2]
    );
    let mut space = 0usize;
    for b in 0..d.num_sectors {
        let kind = g.action_facing(p.wheel_rotation, b).name();
        let k = d.bottom[b] as usize;
        if k == 0 {
            let _ = writeln!(s, "sector {b}: FORBIDDEN (blocks {kind})");
            continue;
        }
        let _ = write!(s, "sector {b}: {kind} |");
        for _ in 0..k {
            let occ = if g.is_covered(space) {
                "tile".to_string()
            } else {
                occupant_text(p, space)
            };
            let _ = write!(s, " space {space}: {occ};");
            space += 1;
        }
        let _ = writeln!(s);
    }
    for (name, sp) in [
        ("first player", SP_FIRST),
        ("copy", SP_COPY),
        ("rotate", SP_ROTATE),
    ] {
        let _ = write!(s, "{name}: {}; ", occupant_text(p, sp));
    }
    let _ = write!(s, "white:");
    for (q, pl) in p.players.iter().enumerate() {
        let _ = write!(
            s,
            " P{q} {}/{} open",
            pl.on_white_space_unresolved, pl.on_white_space
        );
    }
    let _ = writeln!(s);
    for (e, card) in p.easels.iter().enumerate() {
        match card {
            None => {
                let _ = writeln!(s, "easel {e}: empty");
            }
            Some(name) => {
                let _ = writeln!(s, "easel {e}: {}", card_text(g, name, &[]));
            }
        }
    }
    let removed: Vec<String> = p
        .removed_paintings
        .iter()
        .filter_map(|name| g.painting_id(name))
        .map(|c| c.to_string())
        .collect();
    let _ = writeln!(
        s,
        "painting deck {} | removed [{}] | bonus deck {}",
        p.painting_deck.len(),
        removed.join(","),
        p.bonus_deck.len()
    );
    for (q, pl) in p.players.iter().enumerate() {
        let levels = pl.tools.array();
        let value = |t: usize| d.tracks[t][levels[t].clamp(1, TRACK_LEN as u8) as usize - 1];
        let dev = pl.development.array().map(|dv| dv as u8);
        let _ = write!(
            s,
            "P{q}: pigments {} | tube {} ({}) palette {} ({}) brush {} ({}) | dev {dev:?} | assistants {}{} ({} to place, {} open)",
            pigments_text(&pl.pigments.array()),
            levels[0],
            value(0),
            levels[1],
            value(1),
            levels[2],
            value(2),
            pl.assistants,
            if pl.hired > 0 { format!(" +{} next round", pl.hired) } else { String::new() },
            pl.to_place,
            pl.unresolved,
        );
        if p.advanced {
            let _ = write!(s, " | painter {}", pl.painter.as_deref().unwrap_or("none"));
        }
        // Whites used: the whites on the finished paintings (those in progress score no
        // penalty yet).
        let whites = |cv: &Canvas| {
            cv.squares
                .iter()
                .filter(|v| v.as_deref() == Some(COLOUR_NAMES[WHITE as usize]))
                .count()
        };
        let whites_used: usize = pl.finished_paintings.iter().map(whites).sum();
        let _ = writeln!(
            s,
            " | finished {} (whites {whites_used})",
            pl.finished_paintings.len()
        );
        // Paintings in card order, in progress and finished mixed as on the table.
        let mut cards: Vec<(usize, &str, &Canvas)> = pl
            .paintings_in_progress
            .iter()
            .map(|cv| ("painting", cv))
            .chain(pl.finished_paintings.iter().map(|cv| ("finished", cv)))
            .map(|(label, cv)| (g.painting_id(&cv.card).unwrap_or(usize::MAX), label, cv))
            .collect();
        cards.sort_by_key(|(c, _, _)| *c);
        for (_, label, cv) in cards {
            let _ = writeln!(s, "  {label} {}", card_text(g, &cv.card, &cv.squares));
        }
    }
}
