//! Observation tensor and string, information state.
//!
//! Hidden information: the painting deck and the bonus deck are face down, and bonus cards
//! are held face down. Draws are chance nodes over the cards not yet out, so the state holds
//! no deck order; what a player cannot see is (a) which cards are still in the painting deck
//! (known anyway: every card out of it is public) and (b) the identity of the other players'
//! bonus cards. The observation shows the player's own bonus cards and only the number held
//! by the others (all are revealed once the game is over). Player slots in the tensor are
//! relative: slot 0 is the observer, slot 1 the next player in seat order, and so on.
//!
//! The information state string is the observation string headed by the observer's seat:
//! every public fact of the past that matters for the future (cards removed, paintings
//! finished, whites used, tokens taken) is kept in the state itself.

use std::fmt::Write;

use salon_core::TensorWriter;

use crate::components::*;
use crate::scoring;
use crate::state::*;
use crate::ColorsOfParis;

const GLOBAL: usize = 9 + 7 + 1 + MAX_SECTORS + 4 + 4 + 1 + 1 + 3 + 4 + 4 + 1;
const SUPPLY_LEN: usize = NUM_COLOURS + 3;
const PER_PLAYER: usize = NUM_COLOURS + 3 * TRACK_LEN + 3 * 5 + 9 + NUM_PAINTERS;
const PER_SPACE: usize = 4 + 1 + 1 + 10;
const PER_CARD: usize = 3 + 4 + 4 + MAX_EASELS + 9 + 9;
const PER_BONUS: usize = 4;
/// Length of the flat observation tensor.
pub const TENSOR_SIZE: usize = GLOBAL + SUPPLY_LEN + MAX_P * PER_PLAYER + (NUM_SPACES - 1) * PER_SPACE + NUM_PAINTINGS * PER_CARD + NUM_BONUS * PER_BONUS;

fn rel(st: &ColorsOfParisState, player: usize, q: u8) -> usize {
    if q == NONE || q >= st.n {
        return usize::MAX;
    }
    // q and player are below np, so one conditional subtraction replaces a division.
    let r = q as usize + st.np() - player;
    if r >= st.np() {
        r - st.np()
    } else {
        r
    }
}

pub(crate) fn observation_tensor(st: &ColorsOfParisState, g: &ColorsOfParis, player: usize, out: &mut [f32]) {
    let mut w = TensorWriter::new(out);
    let over = st.phase == PH_OVER;
    // Global.
    w.one_hot(9, st.phase as usize);
    w.one_hot(7, if st.phase == PH_RESOLVE { st.sub as usize } else { usize::MAX });
    w.put(st.round as f32 / MAX_ROUNDS as f32);
    w.one_hot(MAX_SECTORS, st.rot as usize);
    w.one_hot(4, rel(st, player, st.first));
    let mover = match st.actor_kind() {
        salon_core::Actor::Player(p) => rel(st, player, p),
        _ => usize::MAX,
    };
    w.one_hot(4, mover);
    w.put(st.end_triggered as u8 as f32);
    w.put(st.paint_left as f32 / 10.0);
    w.one_hot(3, if st.sub == SUB_DEV_BONUS { st.sub_arg as usize } else { usize::MAX });
    w.one_hot(4, rel(st, player, st.rotate_player));
    w.one_hot(4, rel(st, player, st.fp_claim));
    w.put(st.half_turn as u8 as f32);
    // Supply and tokens.
    for c in 0..NUM_COLOURS {
        w.put(st.supply[c] as f32 / 40.0);
    }
    for t in 0..3 {
        w.put(st.tokens[t] as f32 / TOKENS_PER_TOOL as f32);
    }
    // Players, relative to the observer.
    for slot in 0..MAX_P {
        if slot >= st.np() {
            w.skip(PER_PLAYER);
            continue;
        }
        let q = (player + slot) % st.np();
        for c in 0..NUM_COLOURS {
            w.put(st.pig[q][c] as f32 / 12.0);
        }
        for t in 0..3 {
            w.one_hot(TRACK_LEN, (st.tools[q][t] as usize).wrapping_sub(1));
        }
        for t in 0..3 {
            w.one_hot(5, st.dev[q][t] as usize);
        }
        w.put(st.assistants[q] as f32 / 6.0);
        w.put(st.hired[q] as f32 / 6.0);
        w.put(st.to_place[q] as f32 / 6.0);
        w.put(st.unresolved[q] as f32 / 6.0);
        w.put(st.white_placed[q] as f32 / 6.0);
        w.put(st.white_open[q] as f32 / 6.0);
        w.put(st.finished[q] as f32 / 2.0);
        w.put(st.whites_used[q] as f32 / 6.0);
        let held = st.bonus_loc.iter().filter(|&&l| l == 1 + q as u8).count();
        w.put(held as f32 / 5.0);
        w.one_hot(NUM_PAINTERS, if st.advanced { st.painter[q] as usize } else { usize::MAX });
    }
    // Spaces (all but the white one, whose counts are per player above).
    for s in 0..NUM_SPACES - 1 {
        w.one_hot(4, rel(st, player, st.occ[s]));
        w.put((st.done >> s & 1) as f32);
        let unusable = if s < MAX_BOTTOM_SPACES { s >= g.data.num_bottom_spaces || g.is_covered(s) } else { false };
        w.put(unusable as u8 as f32);
        let kind = if s < g.data.num_bottom_spaces { st.kind_at(g, s).index() } else { usize::MAX };
        w.one_hot(WheelAction::COUNT, kind);
    }
    // Paintings.
    for c in 0..NUM_PAINTINGS {
        let l = st.card_loc[c];
        w.one_hot(3, if l < LOC_HELD { l as usize } else { usize::MAX });
        w.one_hot(4, if (LOC_HELD..LOC_DONE).contains(&l) { rel(st, player, l - LOC_HELD) } else { usize::MAX });
        w.one_hot(4, if l >= LOC_DONE { rel(st, player, l - LOC_DONE) } else { usize::MAX });
        let e = st.easel.iter().position(|&x| x == c as u8).unwrap_or(usize::MAX);
        w.one_hot(MAX_EASELS, e);
        w.bits(9, st.fill[c] as u64);
        w.bits(9, st.whites[c] as u64);
    }
    // Bonus cards: the observer's own, or everyone's once the game is over.
    for b in 0..NUM_BONUS {
        let l = st.bonus_loc[b];
        let owner = if l == 0 { NONE } else { l - 1 };
        let visible = owner == player as u8 || (over && owner != NONE);
        w.one_hot(4, if visible { rel(st, player, owner) } else { usize::MAX });
    }
    debug_assert_eq!(w.position(), TENSOR_SIZE);
}

fn pigments_text(st: &ColorsOfParisState, q: usize) -> String {
    let mut parts = Vec::new();
    for (c, name) in COLOUR_NAMES.iter().enumerate() {
        if st.pig[q][c] > 0 {
            parts.push(format!("{} {name}", st.pig[q][c]));
        }
    }
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join(", ")
    }
}

pub(crate) fn card_text(st: &ColorsOfParisState, g: &ColorsOfParis, c: usize) -> String {
    let p = &g.data.paintings[c];
    let mut grid = String::new();
    for sq in 0..9 {
        let col = COLOUR_NAMES[p.grid[sq] as usize];
        let cell = if st.whites[c] >> sq & 1 == 1 {
            "W".to_string()
        } else if st.fill[c] >> sq & 1 == 1 {
            col[..1].to_uppercase()
        } else {
            col[..1].to_string()
        };
        grid.push_str(&cell);
        if sq % 3 == 2 && sq < 8 {
            grid.push('/');
        }
    }
    format!("#{c} {:?} {}pts [{grid}]", p.name, p.points)
}

fn bonus_text(g: &ColorsOfParis, b: usize) -> String {
    g.data.bonus_cards.get(b).map(|x| format!("#{b} {:?}", x.name)).unwrap_or_default()
}

/// The public table plus what `player` alone may see (their bonus cards).
pub(crate) fn observation_string(st: &ColorsOfParisState, g: &ColorsOfParis, player: usize) -> String {
    let mut s = String::new();
    write_public(st, g, &mut s);
    let over = st.phase == PH_OVER;
    for q in 0..st.np() {
        let _ = write!(s, "player {q}{}:", if q == player { " (you)" } else { "" });
        let held: Vec<usize> = (0..NUM_BONUS).filter(|&b| st.bonus_loc[b] == 1 + q as u8).collect();
        if st.advanced {
            if q == player || over {
                let names: Vec<String> = held.iter().map(|&b| bonus_text(g, b)).collect();
                let _ = write!(s, " bonus cards [{}]", names.join(", "));
            } else {
                let _ = write!(s, " {} bonus cards face down", held.len());
            }
        }
        let _ = writeln!(s, " public score {}", scoring::score(st, g, q, over));
    }
    s
}

pub(crate) fn information_state_string(st: &ColorsOfParisState, g: &ColorsOfParis, player: usize) -> String {
    format!("observer: player {player}\n{}", observation_string(st, g, player))
}

/// Everything public: the wheel, spaces, easels, players' pigments, tools and paintings.
pub(crate) fn write_public(st: &ColorsOfParisState, g: &ColorsOfParis, s: &mut String) {
    let d = &g.data;
    let _ = writeln!(s, "round {} | {} | first player {} | wheel offset {}", st.round, PHASE_NAMES[st.phase as usize % 9], st.first, st.rot);
    if st.phase == PH_RESOLVE {
        let _ = writeln!(s, "pending: {}{}", SUB_NAMES[st.sub as usize % 7], if st.sub == SUB_PAINT { format!(" ({} left)", st.paint_left) } else { String::new() });
    }
    if let salon_core::Actor::Player(p) = st.actor_kind() {
        let _ = writeln!(s, "to move: player {p}");
    }
    if st.end_triggered {
        let _ = writeln!(s, "end triggered: this is the last round");
    }
    let _ = write!(s, "supply:");
    for (name, v) in COLOUR_NAMES.iter().zip(st.supply) {
        let _ = write!(s, " {name} {v}");
    }
    let _ = writeln!(s, " | tokens tube {} palette {} brush {}", st.tokens[0], st.tokens[1], st.tokens[2]);
    let mut space = 0usize;
    for b in 0..d.num_sectors {
        let k = d.bottom[b] as usize;
        if k == 0 {
            let _ = writeln!(s, "sector {b}: FORBIDDEN (blocks {})", st.kind_of_sector(g, b).name());
            continue;
        }
        let _ = write!(s, "sector {b}: {} |", st.kind_of_sector(g, b).name());
        for _ in 0..k {
            let occ = if g.is_covered(space) {
                "tile".to_string()
            } else if st.occ[space] == NONE {
                "free".to_string()
            } else {
                format!("P{}{}", st.occ[space], if st.done >> space & 1 == 1 { " done" } else { "" })
            };
            let _ = write!(s, " space {space}: {occ};");
            space += 1;
        }
        let _ = writeln!(s);
    }
    for (name, sp) in [("first player", SP_FIRST), ("copy", SP_COPY), ("rotate", SP_ROTATE)] {
        let occ = if st.occ[sp] == NONE { "free".to_string() } else { format!("P{}{}", st.occ[sp], if st.done >> sp & 1 == 1 { " done" } else { "" }) };
        let _ = write!(s, "{name}: {occ}; ");
    }
    let _ = write!(s, "white:");
    for q in 0..st.np() {
        let _ = write!(s, " P{q} {}/{} open", st.white_open[q], st.white_placed[q]);
    }
    let _ = writeln!(s);
    for e in 0..g.num_easels {
        let c = st.easel[e];
        if c == NONE {
            let _ = writeln!(s, "easel {e}: empty");
        } else {
            let _ = writeln!(s, "easel {e}: {}", card_text(st, g, c as usize));
        }
    }
    let removed: Vec<String> = (0..NUM_PAINTINGS).filter(|&c| st.card_loc[c] == LOC_REMOVED).map(|c| c.to_string()).collect();
    let _ = writeln!(s, "painting deck {} | removed [{}] | bonus deck {}", st.deck_len(), removed.join(","), st.bonus_deck_len());
    for q in 0..st.np() {
        let t = st.tools[q];
        let _ = write!(
            s,
            "P{q}: pigments {} | tube {} ({}) palette {} ({}) brush {} ({}) | dev {:?} | assistants {}{} ({} to place, {} open)",
            pigments_text(st, q),
            t[0],
            st.tool_value(g, q, TUBE),
            t[1],
            st.tool_value(g, q, PALETTE),
            t[2],
            st.tool_value(g, q, BRUSH),
            st.dev[q],
            st.assistants[q],
            if st.hired[q] > 0 { format!(" +{} next round", st.hired[q]) } else { String::new() },
            st.to_place[q],
            st.unresolved[q],
        );
        if st.advanced {
            let name = d.painters.get(st.painter[q] as usize).map(|x| x.name.as_str()).unwrap_or("none");
            let _ = write!(s, " | painter {name}");
        }
        let _ = writeln!(s, " | finished {} (whites {})", st.finished[q], st.whites_used[q]);
        for c in 0..NUM_PAINTINGS {
            if st.card_loc[c] == LOC_HELD + q as u8 {
                let _ = writeln!(s, "  painting {}", card_text(st, g, c));
            } else if st.card_loc[c] == LOC_DONE + q as u8 {
                let _ = writeln!(s, "  finished {}", card_text(st, g, c));
            }
        }
    }
}
