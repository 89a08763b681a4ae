//! The table as data: the position format of azul_sintra (`docs/positions.md`), written
//! from a state and read back into one with every invariant checked.
//!
//! Indices in lists are 0-based (factory 0 is "factory 1" in action strings, slot 0 the
//! leftmost strip slot); players are seats 0..n.

use salon_core::position::{self as pos, invalid};
use salon_core::SalonResult;
use serde::{Deserialize, Serialize};

use crate::components::{JOKER, NUM_COLOURS, NUM_SLOTS, STRIP_SPACES};
use crate::invariants;
use crate::state::{AzulSintraState, Board, Phase, NO_PLAYER};
use crate::{game::AzulSintra, game::NUM_ROUNDS};

#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Blue,
    Yellow,
    Red,
    Green,
    Violet,
}

const COLOURS: [Colour; NUM_COLOURS] = [
    Colour::Blue,
    Colour::Yellow,
    Colour::Red,
    Colour::Green,
    Colour::Violet,
];

impl Colour {
    pub(crate) fn index(self) -> usize {
        self as usize
    }
    /// A stored piece (`colour + 1`, 0 = empty) as an optional colour.
    fn of_cell(v: u8) -> Option<Colour> {
        (v != 0).then(|| COLOURS[(v as usize - 1) % NUM_COLOURS])
    }
    fn cell(c: Option<Colour>) -> u8 {
        c.map_or(0, |c| c.index() as u8 + 1)
    }
}

/// Pieces per colour.
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct ColourCounts {
    pub blue: u8,
    pub yellow: u8,
    pub red: u8,
    pub green: u8,
    pub violet: u8,
}

impl ColourCounts {
    fn of(a: &[u8; NUM_COLOURS]) -> Self {
        ColourCounts {
            blue: a[0],
            yellow: a[1],
            red: a[2],
            green: a[3],
            violet: a[4],
        }
    }
    pub(crate) fn array(&self) -> [u8; NUM_COLOURS] {
        [self.blue, self.yellow, self.red, self.green, self.violet]
    }
    fn total(&self) -> usize {
        self.array().iter().map(|&n| n as usize).sum()
    }
}

#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "snake_case")]
pub enum PhaseName {
    /// Chance: who starts.
    StartPlayer,
    /// Chance: the strips are laid out, player by player, slot by slot.
    Strips,
    /// Chance: the round-track pieces.
    RoundTrack,
    /// Chance: the factories are filled from the bag.
    Fill,
    /// A player takes pieces or moves the glazier back.
    Play,
    /// A player chooses the piece to keep from a completed strip.
    Keep,
    End,
}

const PHASES: [(PhaseName, Phase); 7] = [
    (PhaseName::StartPlayer, Phase::StartPlayer),
    (PhaseName::Strips, Phase::Strips),
    (PhaseName::RoundTrack, Phase::RoundTrack),
    (PhaseName::Fill, Phase::Fill),
    (PhaseName::Play, Phase::Play),
    (PhaseName::Keep, Phase::Keep),
    (PhaseName::End, Phase::End),
];

#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "lowercase")]
pub enum FaceName {
    A,
    B,
}

/// The start-player tile: in the centre, or taken this round by `holder`.
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(deny_unknown_fields)]
pub struct StartTile {
    pub in_centre: bool,
    pub holder: Option<u8>,
}

/// One strip slot of a palace board.
#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug)]
#[serde(deny_unknown_fields)]
pub struct Slot {
    /// The strip laid in this slot (0..7; `null` while set-up has not reached it).
    pub strip: Option<u8>,
    /// The face showing (it turns over when the top window space is filled).
    pub face: FaceName,
    /// False once the window below is complete (the strip leaves the board).
    pub present: bool,
    /// The five spaces of the strip, left to right: the piece on each, or `null`.
    pub pieces: Vec<Option<Colour>>,
    /// The window below: top and bottom space.
    pub window: Vec<Option<Colour>>,
}

#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug)]
#[serde(deny_unknown_fields)]
pub struct PlayerBoard {
    pub slots: Vec<Slot>,
    /// The slot the glazier stands above.
    pub glazier: u8,
    /// The broken-glass marker's space (0 = top).
    pub broken_glass: u8,
    /// Times the marker passed the last space.
    pub resets: u8,
    pub score: i16,
}

/// Where a set-up or a sub-decision stands.
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct Pending {
    /// `strips` phase: the player and slot the next strip is laid for.
    pub setup_player: Option<u8>,
    pub setup_slot: Option<u8>,
    /// `round_track` phase: pieces already drawn for spaces II..VI (0..5; 5 = space I next).
    pub round_track_step: Option<u8>,
    /// `fill` phase: the factory being filled and the pieces already drawn into it.
    pub fill_factory: Option<u8>,
    pub fill_draws: Option<u8>,
    /// `keep` phase: the completed strip's slot on the board of the player to move.
    pub keep_slot: Option<u8>,
}

#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug)]
#[serde(deny_unknown_fields)]
pub struct Position {
    pub game: String,
    pub version: u32,
    pub num_players: u8,
    pub phase: PhaseName,
    /// The round being played, 1..6 (6 once the game is over; 1 during set-up).
    pub round: u8,
    /// The player to decide (`null` at chance nodes and at the end).
    pub to_move: Option<u8>,
    /// The player who starts this round (`null` before it is drawn).
    pub start_player: Option<u8>,
    pub bag: ColourCounts,
    pub tower: ColourCounts,
    pub factories: Vec<ColourCounts>,
    pub centre: ColourCounts,
    pub start_tile: StartTile,
    /// Round-track spaces I..VI: the piece on each, or `null` (spent or not yet drawn).
    pub round_track: Vec<Option<Colour>>,
    pub boards: Vec<PlayerBoard>,
    pub pending: Pending,
}

fn face_name(f: u8) -> FaceName {
    if f & 1 == 0 {
        FaceName::A
    } else {
        FaceName::B
    }
}

/// True when set-up has laid the strip of `slot` on player `p`'s board.
fn slot_laid(s: &AzulSintraState, p: usize, slot: usize) -> bool {
    match s.phase {
        Phase::StartPlayer => false,
        Phase::Strips => {
            p < s.setup_player as usize
                || (p == s.setup_player as usize && slot < s.setup_slot as usize)
        }
        _ => true,
    }
}

pub(crate) fn to_position(s: &AzulSintraState, game: &AzulSintra) -> Position {
    let n = game.num_players;
    let phase = PHASES
        .iter()
        .find(|(_, p)| *p == s.phase)
        .map_or(PhaseName::End, |(name, _)| *name);
    let deciding = matches!(s.phase, Phase::Play | Phase::Keep);
    let boards = (0..n)
        .map(|p| {
            let b = &s.boards[p];
            PlayerBoard {
                slots: (0..NUM_SLOTS)
                    .map(|slot| Slot {
                        strip: slot_laid(s, p, slot).then_some(b.strip[slot]),
                        face: face_name(b.face[slot]),
                        present: b.has_strip(slot),
                        pieces: b.filled[slot].iter().map(|&v| Colour::of_cell(v)).collect(),
                        window: b.window[slot].iter().map(|&v| Colour::of_cell(v)).collect(),
                    })
                    .collect(),
                glazier: b.glazier,
                broken_glass: b.track,
                resets: b.resets,
                score: b.score,
            }
        })
        .collect();
    let mut pending = Pending::default();
    match s.phase {
        Phase::Strips => {
            pending.setup_player = Some(s.setup_player);
            pending.setup_slot = Some(s.setup_slot);
        }
        Phase::RoundTrack => pending.round_track_step = Some(s.track_step),
        Phase::Fill => {
            pending.fill_factory = Some(s.fill_factory);
            pending.fill_draws = Some(s.fill_draw);
        }
        Phase::Keep => pending.keep_slot = Some(s.keep_slot),
        _ => {}
    }
    Position {
        game: "azul_sintra".into(),
        version: pos::POSITION_VERSION,
        num_players: n as u8,
        phase,
        round: (s.round as usize + 1).min(NUM_ROUNDS) as u8,
        to_move: deciding.then_some(s.current),
        start_player: (s.phase != Phase::StartPlayer).then_some(s.start_player),
        bag: ColourCounts::of(&s.bag),
        tower: ColourCounts::of(&s.tower),
        factories: s.factories[..game.num_factories()]
            .iter()
            .map(ColourCounts::of)
            .collect(),
        centre: ColourCounts::of(&s.centre),
        start_tile: StartTile {
            in_centre: s.tile_in_centre,
            holder: (s.tile_holder != NO_PLAYER).then_some(s.tile_holder),
        },
        round_track: s.round_track.iter().map(|&v| Colour::of_cell(v)).collect(),
        boards,
        pending,
    }
}

/// The position with nothing hidden: azul_sintra is a perfect-information game.
pub(crate) fn position_json(s: &AzulSintraState, game: &AzulSintra) -> String {
    pos::write(&to_position(s, game))
}

fn need<T: Copy>(value: Option<T>, field: &str, phase: &str) -> SalonResult<T> {
    value.ok_or_else(|| invalid(field, format!("required in the {phase} phase")))
}

fn none_outside<T>(value: &Option<T>, field: &str, phase: &str) -> SalonResult<()> {
    if value.is_some() {
        return Err(invalid(
            field,
            format!("must be null outside the {phase} phase"),
        ));
    }
    Ok(())
}

fn fixed_len<T>(list: &[T], len: usize, field: &str) -> SalonResult<()> {
    if list.len() != len {
        return Err(invalid(
            field,
            format!("must have {len} entries, has {}", list.len()),
        ));
    }
    Ok(())
}

/// Builds a state from a position, checking every invariant.
pub(crate) fn from_position(game: &AzulSintra, text: &str) -> SalonResult<AzulSintraState> {
    let p: Position = pos::parse(text)?;
    let n = game.num_players;
    pos::check_header(
        pos::Header {
            game: &p.game,
            version: p.version,
            num_players: p.num_players as u64,
        },
        "azul_sintra",
        n,
    )?;
    let mut s = AzulSintraState::new(game);
    s.phase = PHASES
        .iter()
        .find(|(name, _)| *name == p.phase)
        .map(|(_, ph)| *ph)
        .unwrap_or(Phase::End);
    let setup_done = !matches!(s.phase, Phase::StartPlayer | Phase::Strips);

    // Round.
    if !(1..=NUM_ROUNDS as u8).contains(&p.round) {
        return Err(invalid(
            "round",
            format!("{} is not a round: rounds are 1 to {NUM_ROUNDS}", p.round),
        ));
    }
    s.round = if s.phase == Phase::End {
        NUM_ROUNDS as u8
    } else {
        p.round - 1
    };
    if s.phase == Phase::End && p.round as usize != NUM_ROUNDS {
        return Err(invalid("round", "the game ends after the last round"));
    }
    if !matches!(
        s.phase,
        Phase::Fill | Phase::Play | Phase::Keep | Phase::End
    ) && p.round != 1
    {
        return Err(invalid("round", "set-up happens before round 1"));
    }

    // Pending sub-decisions and set-up progress.
    let pd = &p.pending;
    if s.phase == Phase::Strips {
        let sp = need(pd.setup_player, "pending.setup_player", "strips")?;
        let ss = need(pd.setup_slot, "pending.setup_slot", "strips")?;
        pos::player_in_range("pending.setup_player", sp as u64, n)?;
        pos::at_most("pending.setup_slot", ss as u64, NUM_SLOTS as u64 - 1)?;
        s.setup_player = sp;
        s.setup_slot = ss;
    } else {
        none_outside(&pd.setup_player, "pending.setup_player", "strips")?;
        none_outside(&pd.setup_slot, "pending.setup_slot", "strips")?;
        s.setup_player = if setup_done { n as u8 } else { 0 };
    }
    if s.phase == Phase::RoundTrack {
        let step = need(
            pd.round_track_step,
            "pending.round_track_step",
            "round_track",
        )?;
        pos::at_most("pending.round_track_step", step as u64, 5)?;
        s.track_step = step;
    } else {
        none_outside(
            &pd.round_track_step,
            "pending.round_track_step",
            "round_track",
        )?;
    }
    if s.phase == Phase::Fill {
        let f = need(pd.fill_factory, "pending.fill_factory", "fill")?;
        let d = need(pd.fill_draws, "pending.fill_draws", "fill")?;
        if f as usize >= game.num_factories() {
            return Err(invalid(
                "pending.fill_factory",
                format!(
                    "factory {f} does not exist (0 to {})",
                    game.num_factories() - 1
                ),
            ));
        }
        pos::at_most("pending.fill_draws", d as u64, 3)?;
        s.fill_factory = f;
        s.fill_draw = d;
    } else {
        none_outside(&pd.fill_factory, "pending.fill_factory", "fill")?;
        none_outside(&pd.fill_draws, "pending.fill_draws", "fill")?;
    }
    if s.phase == Phase::Keep {
        let k = need(pd.keep_slot, "pending.keep_slot", "keep")?;
        pos::at_most("pending.keep_slot", k as u64, NUM_SLOTS as u64 - 1)?;
        s.keep_slot = k;
    } else {
        none_outside(&pd.keep_slot, "pending.keep_slot", "keep")?;
    }

    // Players.
    match (s.phase, p.start_player) {
        (Phase::StartPlayer, None) => {}
        (Phase::StartPlayer, Some(_)) => {
            return Err(invalid(
                "start_player",
                "must be null before the start player is drawn",
            ))
        }
        (_, None) => {
            return Err(invalid(
                "start_player",
                "required once the start player is drawn",
            ))
        }
        (_, Some(sp)) => {
            pos::player_in_range("start_player", sp as u64, n)?;
            s.start_player = sp;
        }
    }
    match (matches!(s.phase, Phase::Play | Phase::Keep), p.to_move) {
        (true, Some(m)) => {
            pos::player_in_range("to_move", m as u64, n)?;
            s.current = m;
        }
        (true, None) => {
            return Err(invalid(
                "to_move",
                "a player must be to move in the play and keep phases",
            ))
        }
        (false, Some(_)) => {
            return Err(invalid(
                "to_move",
                "must be null at chance nodes and at the end",
            ))
        }
        (false, None) => s.current = s.start_player,
    }

    // Supply.
    s.bag = p.bag.array();
    s.tower = p.tower.array();
    s.centre = p.centre.array();
    fixed_len(&p.factories, game.num_factories(), "factories")?;
    for (f, counts) in p.factories.iter().enumerate() {
        if counts.total() > 4 {
            return Err(invalid(
                format!("factories.{f}"),
                format!("holds {} pieces, a factory holds at most 4", counts.total()),
            ));
        }
        s.factories[f] = counts.array();
    }
    if s.phase == Phase::Fill {
        for f in 0..game.num_factories() {
            let held = p.factories[f].total();
            let expected = match (f as u8).cmp(&s.fill_factory) {
                std::cmp::Ordering::Less => 4,
                std::cmp::Ordering::Equal => s.fill_draw as usize,
                std::cmp::Ordering::Greater => 0,
            };
            if held != expected {
                return Err(invalid(format!("factories.{f}"), format!("holds {held} pieces while factory {} is filled after {} draws: expected {expected}", s.fill_factory, s.fill_draw)));
            }
        }
        if p.centre.total() > 0 {
            return Err(invalid(
                "centre",
                "the centre is empty while the factories are filled",
            ));
        }
        if p.bag.total() == 0 {
            return Err(invalid(
                "bag",
                "an empty bag is refilled from the tower before the next draw",
            ));
        }
    }
    if !setup_done || s.phase == Phase::RoundTrack {
        if p.factories.iter().any(|f| f.total() > 0) || p.centre.total() > 0 {
            return Err(invalid(
                "factories",
                "factories and centre are empty during set-up",
            ));
        }
    }

    // Start-player tile.
    s.tile_in_centre = p.start_tile.in_centre;
    s.tile_holder = match p.start_tile.holder {
        None => NO_PLAYER,
        Some(h) => {
            pos::player_in_range("start_tile.holder", h as u64, n)?;
            h
        }
    };
    if p.start_tile.in_centre && p.start_tile.holder.is_some() {
        return Err(invalid(
            "start_tile.holder",
            "the tile cannot be in the centre and held by a player",
        ));
    }
    if matches!(s.phase, Phase::Play | Phase::Keep)
        && !p.start_tile.in_centre
        && p.start_tile.holder.is_none()
    {
        return Err(invalid(
            "start_tile",
            "during a round the tile is in the centre or held by the player who took it",
        ));
    }
    if s.phase == Phase::End && p.start_tile.in_centre {
        return Err(invalid(
            "start_tile.in_centre",
            "the tile leaves the centre when the game ends",
        ));
    }

    // Round track.
    fixed_len(&p.round_track, NUM_ROUNDS, "round_track")?;
    for (i, c) in p.round_track.iter().enumerate() {
        s.round_track[i] = Colour::cell(*c);
        let should_hold = match s.phase {
            Phase::StartPlayer | Phase::Strips => false,
            Phase::RoundTrack => i >= 1 && i <= s.track_step as usize,
            _ => i >= s.round as usize,
        };
        if c.is_some() != should_hold {
            let what = if should_hold {
                "must hold a piece"
            } else {
                "must be empty"
            };
            return Err(invalid(
                format!("round_track.{i}"),
                format!("{what} in this phase and round"),
            ));
        }
    }
    if matches!(s.phase, Phase::RoundTrack) || setup_done {
        // Spaces II..VI hold distinct colours (drawn without repeats).
        let mut seen = [false; NUM_COLOURS];
        for (i, c) in p.round_track.iter().enumerate().skip(1) {
            if let Some(c) = c {
                if std::mem::replace(&mut seen[c.index()], true) {
                    return Err(invalid(
                        format!("round_track.{i}"),
                        "spaces II to VI hold five different colours",
                    ));
                }
            }
        }
    }

    // Boards.
    fixed_len(&p.boards, n, "boards")?;
    for (pl, bp) in p.boards.iter().enumerate() {
        let field = |rest: &str| format!("boards.{pl}.{rest}");
        fixed_len(&bp.slots, NUM_SLOTS, &field("slots"))?;
        let mut b: Board = s.boards[pl];
        let mut strips_seen = 0u8;
        for (slot, sl) in bp.slots.iter().enumerate() {
            let f = |rest: &str| format!("boards.{pl}.slots.{slot}.{rest}");
            fixed_len(&sl.pieces, STRIP_SPACES, &f("pieces"))?;
            fixed_len(&sl.window, 2, &f("window"))?;
            let laid = slot_laid(&s, pl, slot);
            match (laid, sl.strip) {
                (true, None) => {
                    return Err(invalid(f("strip"), "set-up has laid a strip in this slot"))
                }
                (false, Some(_)) => {
                    return Err(invalid(
                        f("strip"),
                        "set-up has not laid this slot yet: must be null",
                    ))
                }
                (false, None) => {
                    if sl.present
                        || sl.face != FaceName::A
                        || sl.pieces.iter().chain(&sl.window).any(Option::is_some)
                    {
                        return Err(invalid(
                            f("present"),
                            "an empty slot has no strip, face a, no pieces",
                        ));
                    }
                    continue;
                }
                (true, Some(st)) => {
                    pos::at_most(&f("strip"), st as u64, NUM_SLOTS as u64 - 1)?;
                    if strips_seen & (1 << st) != 0 {
                        return Err(invalid(
                            f("strip"),
                            format!("strip {st} is laid twice on this board"),
                        ));
                    }
                    strips_seen |= 1 << st;
                    b.strip[slot] = st;
                    b.placed |= 1 << st;
                }
            }
            b.face[slot] = sl.face as u8;
            if sl.present {
                b.present |= 1 << slot;
            }
            for (i, c) in sl.pieces.iter().enumerate() {
                b.filled[slot][i] = Colour::cell(*c);
            }
            for (j, c) in sl.window.iter().enumerate() {
                b.window[slot][j] = Colour::cell(*c);
            }
            // The window fills top first; the strip leaves when the bottom is filled.
            let (top, bottom) = (sl.window[0].is_some(), sl.window[1].is_some());
            if bottom && !top {
                return Err(invalid(
                    f("window"),
                    "the bottom space fills after the top one",
                ));
            }
            if sl.present == bottom {
                return Err(invalid(
                    f("present"),
                    "a strip stays until its window's bottom space is filled, then leaves",
                ));
            }
            if !sl.present && sl.pieces.iter().any(Option::is_some) {
                return Err(invalid(
                    f("pieces"),
                    "a strip that left the board holds no pieces",
                ));
            }
            for (i, c) in sl.pieces.iter().enumerate() {
                if let Some(c) = c {
                    let kind = game.faces[st_of(&b, slot)][b.face[slot] as usize & 1][i];
                    if kind != JOKER && kind as usize != c.index() {
                        return Err(invalid(
                            format!("boards.{pl}.slots.{slot}.pieces.{i}"),
                            format!("a {:?} piece on a space of another colour", c).to_lowercase(),
                        ));
                    }
                }
            }
            let full = sl.pieces.iter().all(Option::is_some);
            let awaiting_keep =
                s.phase == Phase::Keep && pl == s.current as usize && slot == s.keep_slot as usize;
            if full != awaiting_keep {
                let problem = if full {
                    "a full strip is emptied at once unless it awaits this player's keep decision"
                } else {
                    "the strip awaiting the keep decision must be full"
                };
                return Err(invalid(f("pieces"), problem));
            }
            if awaiting_keep {
                let first = sl.pieces[0];
                if sl.pieces.iter().all(|c| *c == first) {
                    return Err(invalid(
                        f("pieces"),
                        "a strip of one colour needs no keep decision",
                    ));
                }
            }
        }
        if setup_done && strips_seen != 0xFF {
            return Err(invalid(
                field("slots"),
                "each board holds the eight strips once set-up is done",
            ));
        }
        pos::at_most(&field("glazier"), bp.glazier as u64, NUM_SLOTS as u64 - 1)?;
        pos::at_most(
            &field("broken_glass"),
            bp.broken_glass as u64,
            game.track_last() as u64,
        )?;
        pos::at_most(&field("resets"), bp.resets as u64, 100)?;
        b.glazier = bp.glazier;
        b.track = bp.broken_glass;
        b.resets = bp.resets;
        b.score = bp.score;
        s.boards[pl] = b;
    }

    // Every piece in exactly one place.
    invariants::check_conservation(&s)?;

    // A decision node must offer a decision; a chance node an outcome.
    invariants::check_something_can_happen(&s, game)?;
    Ok(s)
}

fn st_of(b: &Board, slot: usize) -> usize {
    b.strip[slot] as usize % NUM_SLOTS
}
