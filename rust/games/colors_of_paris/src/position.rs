//! The table as data: the position format of colors_of_paris (`docs/positions.md`), written
//! from a state (whole, or as one player sees it) and read back with every invariant checked.
//!
//! Cards and tiles are named by their component-file names. Decks are drawn at random (any
//! card of them), so they are written as sorted lists. Bonus cards in other players' hands
//! and in the deck are `null` in a player's view.

use salon_core::position::{self as pos, invalid};
use salon_core::{ActionList, ChanceOutcomes, SalonResult, Xoshiro256StarStar};
use serde::{Deserialize, Serialize};

use crate::components::{
    COLOUR_NAMES, MAX_BOTTOM_SPACES, NUM_BONUS, NUM_COLOURS, NUM_PAINTERS, NUM_PAINTINGS,
    TOOL_NAMES, TRACK_LEN, WHITE,
};
use crate::state::*;
use crate::{actions, game::ColorsOfParis, invariants};

/// Pigments per colour.
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct Pigments {
    pub red: u8,
    pub yellow: u8,
    pub blue: u8,
    pub orange: u8,
    pub green: u8,
    pub violet: u8,
    pub white: u8,
    pub black: u8,
}

impl Pigments {
    fn of(a: &[u8; NUM_COLOURS]) -> Self {
        Pigments {
            red: a[0],
            yellow: a[1],
            blue: a[2],
            orange: a[3],
            green: a[4],
            violet: a[5],
            white: a[6],
            black: a[7],
        }
    }
    pub(crate) fn array(&self) -> [u8; NUM_COLOURS] {
        [
            self.red,
            self.yellow,
            self.blue,
            self.orange,
            self.green,
            self.violet,
            self.white,
            self.black,
        ]
    }
}

/// A value per tool.
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct PerTool<T> {
    pub tube: T,
    pub palette: T,
    pub brush: T,
}

impl<T: Copy> PerTool<T> {
    fn of(a: [T; 3]) -> Self {
        PerTool {
            tube: a[0],
            palette: a[1],
            brush: a[2],
        }
    }
    pub(crate) fn array(&self) -> [T; 3] {
        [self.tube, self.palette, self.brush]
    }
}

#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "snake_case")]
pub enum Development {
    None,
    Hired,
    Token6,
    TenHired,
    TenFlipped,
}

const DEVELOPMENTS: [Development; 5] = [
    Development::None,
    Development::Hired,
    Development::Token6,
    Development::TenHired,
    Development::TenFlipped,
];

#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "snake_case")]
pub enum PhaseName {
    FirstPlayer,
    Painters,
    Refill,
    Placement,
    Resolution,
    Rotation,
    Discard,
    Keep,
    End,
}

const PHASES: [PhaseName; 9] = [
    PhaseName::FirstPlayer,
    PhaseName::Painters,
    PhaseName::Refill,
    PhaseName::Placement,
    PhaseName::Resolution,
    PhaseName::Rotation,
    PhaseName::Discard,
    PhaseName::Keep,
    PhaseName::End,
];

#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "snake_case")]
pub enum SubDecision {
    ChooseAssistant,
    Copy,
    Upgrade,
    DevelopmentBonus,
    Take,
    Paint,
    DrawBonus,
}

const SUBS: [SubDecision; 7] = [
    SubDecision::ChooseAssistant,
    SubDecision::Copy,
    SubDecision::Upgrade,
    SubDecision::DevelopmentBonus,
    SubDecision::Take,
    SubDecision::Paint,
    SubDecision::DrawBonus,
];

/// A painting on a player's table or finished: what lies on each of its 9 squares (row by
/// row): `null` empty, the square's own colour, or `"white"` (a white used in its place).
#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug)]
#[serde(deny_unknown_fields)]
pub struct Canvas {
    pub card: String,
    pub squares: Vec<Option<String>>,
}

/// A placement space: who stands on it and what happened to the assistant this round.
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(deny_unknown_fields)]
pub struct Space {
    pub occupant: Option<u8>,
    /// The assistant has been laid down (resolved) this round.
    pub laid_down: bool,
    /// Phase 3: the assistant kept on the board for the next round.
    pub kept: bool,
}

#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug)]
#[serde(deny_unknown_fields)]
pub struct Player {
    pub pigments: Pigments,
    /// Tool track spaces, 1..8.
    pub tools: PerTool<u8>,
    pub development: PerTool<Development>,
    pub assistants: u8,
    /// Assistants hired this round (they join at the end of the round).
    pub hired: u8,
    pub to_place: u8,
    pub unresolved: u8,
    /// Assistants on the white space this round, and of those the ones not resolved yet.
    pub on_white_space: u8,
    pub on_white_space_unresolved: u8,
    pub painter: Option<String>,
    pub paintings_in_progress: Vec<Canvas>,
    pub finished_paintings: Vec<Canvas>,
    /// Bonus cards held face down (`null`: hidden from the observer).
    pub bonus_cards: Vec<Option<String>>,
}

/// Where the round and its sub-decisions stand.
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(deny_unknown_fields)]
pub struct Pending {
    /// Phase 2: the sub-decision of the player to move (`null` outside phase 2).
    pub sub_decision: Option<SubDecision>,
    /// The tool of a pending development bonus (0 tube, 1 palette, 2 brush).
    pub tool: u8,
    /// Pigments the current paint action may still place.
    pub paint_left: u8,
    /// Position in turn order during phase 3 steps; the easel being refilled; the player
    /// receiving a painter tile.
    pub cursor: u8,
    /// The player who took the rotate space (chooses the rotation), if any.
    pub rotating_player: Option<u8>,
    /// The player who took the first-player space this round, if any.
    pub first_player_claim: Option<u8>,
    /// The last rotation passed the red half-turn mark.
    pub half_turn: bool,
}

#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Debug)]
#[serde(deny_unknown_fields)]
pub struct Position {
    pub game: String,
    pub version: u32,
    pub num_players: u8,
    pub advanced: bool,
    pub phase: PhaseName,
    /// 0 during set-up, then 1, 2, ...
    pub round: u8,
    /// Wheel sector w faces bottom sector (w + wheel_rotation) mod sectors.
    pub wheel_rotation: u8,
    pub first_player: u8,
    /// The player to decide in phases 1 to 3 (ignored by the engine at chance nodes).
    pub to_move: u8,
    pub end_triggered: bool,
    pub supply: Pigments,
    pub prestige_tokens: PerTool<u8>,
    pub easels: Vec<Option<String>>,
    pub painting_deck: Vec<String>,
    pub removed_paintings: Vec<String>,
    pub bonus_deck: Vec<Option<String>>,
    /// Every placement space: the bottom spaces 0..23, then first player, copy, rotate.
    pub spaces: Vec<Space>,
    pub players: Vec<Player>,
    pub pending: Pending,
}

const TOP_SPACES: usize = NUM_SPACES - 1; // the white space is counted per player

fn canvas(g: &ColorsOfParis, st: &ColorsOfParisState, c: usize) -> Canvas {
    let grid = &g.data.paintings[c].grid;
    Canvas {
        card: g.data.paintings[c].name.clone(),
        squares: (0..9)
            .map(|sq| {
                if st.fill[c] >> sq & 1 == 0 {
                    None
                } else if st.whites[c] >> sq & 1 == 1 {
                    Some(COLOUR_NAMES[WHITE as usize].to_string())
                } else {
                    Some(COLOUR_NAMES[grid[sq] as usize % NUM_COLOURS].to_string())
                }
            })
            .collect(),
    }
}

/// Named cards in card order, then the hidden ones: a hidden card's place among the named
/// ones would tell its id.
fn hidden_last(mut cards: Vec<Option<String>>) -> Vec<Option<String>> {
    cards.sort_by_key(Option::is_none);
    cards
}

/// The position; `viewer: Some(q)` hides the bonus cards `q` may not see.
pub(crate) fn to_position(
    st: &ColorsOfParisState,
    g: &ColorsOfParis,
    viewer: Option<usize>,
) -> Position {
    let n = st.np();
    let bonus_name = |b: usize| g.data.bonus_cards[b].name.clone();
    let shown = |b: usize| -> Option<String> {
        match viewer {
            Some(q) if st.bonus_loc[b] != 1 + q as u8 && st.phase != PH_OVER => None,
            _ => Some(bonus_name(b)),
        }
    };
    let players = (0..n)
        .map(|p| Player {
            pigments: Pigments::of(&st.pig[p]),
            tools: PerTool::of(st.tools[p]),
            development: PerTool::of(
                st.dev[p].map(|d| DEVELOPMENTS[d as usize % DEVELOPMENTS.len()]),
            ),
            assistants: st.assistants[p],
            hired: st.hired[p],
            to_place: st.to_place[p],
            unresolved: st.unresolved[p],
            on_white_space: st.white_placed[p],
            on_white_space_unresolved: st.white_open[p],
            painter: (st.painter[p] != NONE).then(|| {
                g.data.painters[st.painter[p] as usize % NUM_PAINTERS]
                    .name
                    .clone()
            }),
            paintings_in_progress: (0..NUM_PAINTINGS)
                .filter(|&c| st.card_loc[c] == LOC_HELD + p as u8)
                .map(|c| canvas(g, st, c))
                .collect(),
            finished_paintings: (0..NUM_PAINTINGS)
                .filter(|&c| st.card_loc[c] == LOC_DONE + p as u8)
                .map(|c| canvas(g, st, c))
                .collect(),
            bonus_cards: hidden_last(
                (0..NUM_BONUS)
                    .filter(|&b| st.bonus_loc[b] == 1 + p as u8)
                    .map(shown)
                    .collect(),
            ),
        })
        .collect();
    let who = |v: u8| (v != NONE).then_some(v);
    Position {
        game: "colors_of_paris".into(),
        version: pos::POSITION_VERSION,
        num_players: n as u8,
        advanced: st.advanced,
        phase: PHASES[st.phase as usize % PHASES.len()],
        round: st.round,
        wheel_rotation: st.rot,
        first_player: st.first,
        to_move: st.to_move,
        end_triggered: st.end_triggered,
        supply: Pigments::of(&st.supply),
        prestige_tokens: PerTool::of(st.tokens),
        easels: st.easel[..g.num_easels]
            .iter()
            .map(|&c| (c != NONE).then(|| g.data.paintings[c as usize].name.clone()))
            .collect(),
        painting_deck: (0..NUM_PAINTINGS)
            .filter(|&c| st.card_loc[c] == LOC_DECK)
            .map(|c| g.data.paintings[c].name.clone())
            .collect(),
        removed_paintings: (0..NUM_PAINTINGS)
            .filter(|&c| st.card_loc[c] == LOC_REMOVED)
            .map(|c| g.data.paintings[c].name.clone())
            .collect(),
        bonus_deck: hidden_last(
            (0..NUM_BONUS)
                .filter(|&b| st.bonus_loc[b] == 0)
                .map(shown)
                .collect(),
        ),
        spaces: (0..TOP_SPACES)
            .map(|s| Space {
                occupant: who(st.occ[s]),
                laid_down: st.done >> s & 1 == 1,
                kept: st.kept >> s & 1 == 1,
            })
            .collect(),
        players,
        pending: Pending {
            sub_decision: (st.phase == PH_RESOLVE).then(|| SUBS[st.sub as usize % SUBS.len()]),
            tool: st.sub_arg,
            paint_left: st.paint_left,
            cursor: st.cursor,
            rotating_player: who(st.rotate_player),
            first_player_claim: who(st.fp_claim),
            half_turn: st.half_turn,
        },
    }
}

/// The player to decide, `None` at chance nodes and at the end.
pub(crate) fn acting(p: &Position) -> Option<usize> {
    match p.phase {
        PhaseName::FirstPlayer | PhaseName::Painters | PhaseName::Refill | PhaseName::End => None,
        PhaseName::Resolution if p.pending.sub_decision == Some(SubDecision::DrawBonus) => None,
        PhaseName::Rotation => Some(p.pending.rotating_player.unwrap_or(p.to_move) as usize),
        _ => Some(p.to_move as usize),
    }
}

pub(crate) fn position_json(
    st: &ColorsOfParisState,
    g: &ColorsOfParis,
    viewer: Option<usize>,
) -> String {
    pos::write(&to_position(st, g, viewer))
}

fn optional_player(field: &str, v: Option<u8>, n: usize) -> SalonResult<u8> {
    match v {
        None => Ok(NONE),
        Some(p) => {
            pos::player_in_range(field, p as u64, n)?;
            Ok(p)
        }
    }
}

/// Builds a state from a position. `null` bonus cards are drawn from the bonus cards the
/// position does not name, shuffled with `rng`.
pub(crate) fn from_position(
    g: &ColorsOfParis,
    text: &str,
    rng: &mut Xoshiro256StarStar,
) -> SalonResult<ColorsOfParisState> {
    let p: Position = pos::parse(text)?;
    let paintings =
        pos::NameIndex::new(g.data.paintings.iter().map(|c| c.name.as_str()), "painting");
    let painting_id = |_: &ColorsOfParis, field: &str, name: &str| paintings.id(field, name);
    let n = g.num_players;
    pos::check_header(
        pos::Header {
            game: &p.game,
            version: p.version,
            num_players: p.num_players as u64,
        },
        "colors_of_paris",
        n,
    )?;
    if p.advanced != g.advanced {
        return Err(invalid(
            "advanced",
            format!("this game is played with advanced = {}", g.advanced),
        ));
    }
    let mut st = ColorsOfParisState::new(g);
    st.phase = PHASES
        .iter()
        .position(|ph| *ph == p.phase)
        .unwrap_or(PH_OVER as usize) as u8;
    let in_setup =
        matches!(st.phase, PH_FIRST_PLAYER | PH_PAINTER) || (st.phase == PH_REFILL && p.round == 0);
    pos::at_most("round", p.round as u64, MAX_ROUNDS as u64)?;
    if in_setup != (p.round == 0) {
        return Err(invalid(
            "round",
            "round 0 is set-up; play starts in round 1",
        ));
    }
    st.round = p.round;
    if p.wheel_rotation as usize >= g.data.num_sectors {
        return Err(invalid(
            "wheel_rotation",
            format!("the wheel has {} sectors", g.data.num_sectors),
        ));
    }
    st.rot = p.wheel_rotation;
    pos::player_in_range("first_player", p.first_player as u64, n)?;
    pos::player_in_range("to_move", p.to_move as u64, n)?;
    st.first = p.first_player;
    st.to_move = p.to_move;
    st.end_triggered = p.end_triggered;
    st.supply = p.supply.array();
    st.tokens = p.prestige_tokens.array();
    for (t, &k) in st.tokens.iter().enumerate() {
        pos::at_most(
            &format!("prestige_tokens.{}", TOOL_NAMES[t]),
            k as u64,
            TOKENS_PER_TOOL as u64,
        )?;
    }

    // Pending.
    let pd = &p.pending;
    match (st.phase == PH_RESOLVE, pd.sub_decision) {
        (true, Some(sub)) => st.sub = SUBS.iter().position(|s| *s == sub).unwrap_or(0) as u8,
        (true, None) => {
            return Err(invalid(
                "pending.sub_decision",
                "required in the resolution phase",
            ))
        }
        (false, Some(_)) => {
            return Err(invalid(
                "pending.sub_decision",
                "must be null outside the resolution phase",
            ))
        }
        (false, None) => st.sub = SUB_NONE,
    }
    pos::at_most("pending.tool", pd.tool as u64, 2)?;
    st.sub_arg = pd.tool;
    pos::at_most("pending.paint_left", pd.paint_left as u64, 20)?;
    st.paint_left = pd.paint_left;
    if st.sub == SUB_PAINT && pd.paint_left == 0 {
        return Err(invalid(
            "pending.paint_left",
            "a paint action in progress has pigments left to place",
        ));
    }
    pos::at_most("pending.cursor", pd.cursor as u64, n.max(MAX_EASELS) as u64)?;
    st.cursor = pd.cursor;
    if st.phase == PH_REFILL
        && (pd.cursor as usize >= g.num_easels
            || p.easels
                .get(pd.cursor as usize)
                .is_some_and(Option::is_some))
    {
        return Err(invalid(
            "pending.cursor",
            "the easel being refilled must exist and be empty",
        ));
    }
    st.rotate_player = optional_player("pending.rotating_player", pd.rotating_player, n)?;
    st.fp_claim = optional_player("pending.first_player_claim", pd.first_player_claim, n)?;
    if st.phase == PH_ROTATE && st.rotate_player == NONE {
        return Err(invalid(
            "pending.rotating_player",
            "the rotation phase needs the player who took the rotate space",
        ));
    }
    st.half_turn = pd.half_turn;

    // Paintings: each exactly once.
    let mut seen = [false; NUM_PAINTINGS];
    if p.easels.len() != g.num_easels {
        return Err(invalid(
            "easels",
            format!("must have {} entries, has {}", g.num_easels, p.easels.len()),
        ));
    }
    st.easel = [NONE; MAX_EASELS];
    for (e, name) in p.easels.iter().enumerate() {
        if let Some(name) = name {
            let field = format!("easels.{e}");
            let c = painting_id(g, &field, name)?;
            pos::claim(&mut seen, c, &field, name)?;
            st.easel[e] = c as u8;
            st.card_loc[c] = LOC_EASEL;
        }
    }
    for (list, field, loc) in [
        (&p.painting_deck, "painting_deck", LOC_DECK),
        (&p.removed_paintings, "removed_paintings", LOC_REMOVED),
    ] {
        for (k, name) in list.iter().enumerate() {
            let f = format!("{field}.{k}");
            let c = painting_id(g, &f, name)?;
            pos::claim(&mut seen, c, &f, name)?;
            st.card_loc[c] = loc;
        }
    }
    if p.players.len() != n {
        return Err(invalid(
            "players",
            format!("must have {n} entries, has {}", p.players.len()),
        ));
    }
    for (pl, player) in p.players.iter().enumerate() {
        for (kind, list, loc) in [
            (
                "paintings_in_progress",
                &player.paintings_in_progress,
                LOC_HELD,
            ),
            ("finished_paintings", &player.finished_paintings, LOC_DONE),
        ] {
            for (k, cv) in list.iter().enumerate() {
                let f = format!("players.{pl}.{kind}.{k}");
                let c = painting_id(g, &format!("{f}.card"), &cv.card)?;
                pos::claim(&mut seen, c, &format!("{f}.card"), &cv.card)?;
                st.card_loc[c] = loc + pl as u8;
                if cv.squares.len() != 9 {
                    return Err(invalid(format!("{f}.squares"), "a painting has 9 squares"));
                }
                let grid = &g.data.paintings[c].grid;
                for (sq, v) in cv.squares.iter().enumerate() {
                    let Some(v) = v else { continue };
                    st.fill[c] |= 1 << sq;
                    if v == COLOUR_NAMES[WHITE as usize] {
                        st.whites[c] |= 1 << sq;
                    } else if v != COLOUR_NAMES[grid[sq] as usize % NUM_COLOURS] {
                        return Err(invalid(
                            format!("{f}.squares.{sq}"),
                            format!(
                                "{v:?} on a {} square",
                                COLOUR_NAMES[grid[sq] as usize % NUM_COLOURS]
                            ),
                        ));
                    }
                }
                if loc == LOC_DONE && st.fill[c] != FULL {
                    return Err(invalid(
                        format!("{f}.squares"),
                        "a finished painting has every square filled",
                    ));
                }
                if loc == LOC_HELD && st.fill[c] == FULL {
                    return Err(invalid(
                        format!("{f}.squares"),
                        "a painting with every square filled is finished at once",
                    ));
                }
            }
        }
    }
    if let Some(missing) = seen.iter().position(|&b| !b) {
        return Err(invalid(
            "painting_deck",
            format!("painting {:?} is nowhere", g.data.paintings[missing].name),
        ));
    }

    // Bonus cards: named ones claimed, unknown ones drawn from the rest.
    let mut seen = [false; NUM_BONUS];
    let bonus_id = |field: &str, name: &str| -> SalonResult<usize> {
        g.data
            .bonus_cards
            .iter()
            .position(|b| b.name == name)
            .ok_or_else(|| invalid(field, format!("{name:?} is not a bonus card of this game")))
    };
    let mut lists: Vec<(String, &Vec<Option<String>>, u8)> =
        vec![("bonus_deck".to_string(), &p.bonus_deck, 0)];
    for (pl, player) in p.players.iter().enumerate() {
        lists.push((
            format!("players.{pl}.bonus_cards"),
            &player.bonus_cards,
            1 + pl as u8,
        ));
    }
    let total: usize = lists.iter().map(|(_, l, _)| l.len()).sum();
    if total != NUM_BONUS {
        return Err(invalid(
            "bonus_deck",
            format!("the position places {total} bonus cards; the game has {NUM_BONUS}"),
        ));
    }
    for (field, list, _) in &lists {
        for (k, name) in list.iter().enumerate() {
            if let Some(name) = name {
                let f = format!("{field}.{k}");
                let b = bonus_id(&f, name)?;
                pos::claim(&mut seen, b, &f, name)?;
            }
        }
    }
    let mut fill = pos::unseen_shuffled(&seen, rng).into_iter();
    for (field, list, loc) in &lists {
        if !g.advanced && *loc != 0 && !list.is_empty() {
            return Err(invalid(
                field.as_str(),
                "bonus cards are dealt only with the advanced rules",
            ));
        }
        for name in list.iter() {
            let b = match name {
                Some(name) => bonus_id(field, name)?,
                None => fill.next().unwrap_or(0),
            };
            st.bonus_loc[b] = *loc;
        }
    }

    // Spaces.
    if p.spaces.len() != TOP_SPACES {
        return Err(invalid(
            "spaces",
            format!("must have {TOP_SPACES} entries, has {}", p.spaces.len()),
        ));
    }
    st.occ = [NONE; NUM_SPACES];
    st.done = 0;
    st.kept = 0;
    for (s, sp) in p.spaces.iter().enumerate() {
        let f = format!("spaces.{s}");
        st.occ[s] = optional_player(&format!("{f}.occupant"), sp.occupant, n)?;
        if sp.occupant.is_some()
            && s < MAX_BOTTOM_SPACES
            && (s >= g.data.num_bottom_spaces || g.is_covered(s))
        {
            return Err(invalid(
                format!("{f}.occupant"),
                "no assistant can stand on a covered or missing space",
            ));
        }
        if (sp.laid_down || sp.kept) && sp.occupant.is_none() {
            return Err(invalid(
                format!("{f}.laid_down"),
                "an empty space has no assistant to lay down or keep",
            ));
        }
        if sp.kept && st.phase != PH_KEEP {
            return Err(invalid(
                format!("{f}.kept"),
                "assistants are kept only in the keep phase",
            ));
        }
        st.done |= u32::from(sp.laid_down) << s;
        st.kept |= u32::from(sp.kept) << s;
    }

    // Players.
    for (pl, player) in p.players.iter().enumerate() {
        let f = |rest: &str| format!("players.{pl}.{rest}");
        st.pig[pl] = player.pigments.array();
        let tools = player.tools.array();
        for (t, &v) in tools.iter().enumerate() {
            if !(1..=TRACK_LEN as u8).contains(&v) {
                return Err(invalid(
                    f(&format!("tools.{}", TOOL_NAMES[t])),
                    format!("{v} is not a track space (1 to {TRACK_LEN})"),
                ));
            }
        }
        st.tools[pl] = tools;
        st.dev[pl] = player
            .development
            .array()
            .map(|d| DEVELOPMENTS.iter().position(|x| *x == d).unwrap_or(0) as u8);
        pos::at_most(
            &f("assistants"),
            player.assistants as u64,
            MAX_ASSISTANTS as u64,
        )?;
        st.assistants[pl] = player.assistants;
        st.hired[pl] = player.hired;
        st.to_place[pl] = player.to_place;
        st.unresolved[pl] = player.unresolved;
        st.white_placed[pl] = player.on_white_space;
        st.white_open[pl] = player.on_white_space_unresolved;
        if player.on_white_space_unresolved > player.on_white_space {
            return Err(invalid(
                f("on_white_space_unresolved"),
                "more unresolved than placed on the white space",
            ));
        }
        st.painter[pl] = match &player.painter {
            None => NONE,
            Some(name) => g
                .data
                .painters
                .iter()
                .position(|t| &t.name == name)
                .ok_or_else(|| {
                    invalid(
                        f("painter"),
                        format!("{name:?} is not a painter tile of this game"),
                    )
                })? as u8,
        };
        if player.painter.is_some() && !g.advanced {
            return Err(invalid(
                f("painter"),
                "painter tiles are used only with the advanced rules",
            ));
        }
        st.finished[pl] = player.finished_paintings.len() as u8;
        let whites: u32 = (0..NUM_PAINTINGS)
            .filter(|&c| st.card_loc[c] == LOC_DONE + pl as u8)
            .map(|c| st.whites[c].count_ones())
            .sum();
        for (kind, list) in [
            ("finished_paintings", &player.finished_paintings),
            ("paintings_in_progress", &player.paintings_in_progress),
        ] {
            for (k, cv) in list.iter().enumerate() {
                if cv
                    .squares
                    .iter()
                    .filter(|v| v.as_deref() == Some("white"))
                    .count()
                    > 3
                {
                    return Err(invalid(
                        f(&format!("{kind}.{k}.squares")),
                        "at most 3 whites on a painting",
                    ));
                }
            }
        }
        st.whites_used[pl] = whites.min(u8::MAX as u32) as u8;
    }
    let painters_dealt = match st.phase {
        PH_FIRST_PLAYER => 0,
        PH_PAINTER => st.cursor as usize,
        _ if g.advanced => n,
        _ => 0,
    };
    for (pl, player) in p.players.iter().enumerate() {
        if player.painter.is_some() != (pl < painters_dealt) {
            return Err(invalid(
                format!("players.{pl}.painter"),
                "does not fit how many painter tiles are dealt at this point",
            ));
        }
    }
    let mut tiles = [false; NUM_PAINTERS];
    for (pl, &t) in st.painter[..n].iter().enumerate() {
        if t != NONE && std::mem::replace(&mut tiles[t as usize % NUM_PAINTERS], true) {
            return Err(invalid(
                format!("players.{pl}.painter"),
                "each painter tile is dealt once",
            ));
        }
    }

    invariants::conservation(g, &st).map_err(|e| {
        // The check names what does not add up; the field is the supply it is counted from.
        let field = if e.contains("pigments") {
            "supply"
        } else if e.contains("tokens") {
            "prestige_tokens"
        } else {
            "players"
        };
        invalid(field, e)
    })?;
    if st.phase != PH_OVER {
        let mut legal = ActionList::new();
        let mut outcomes = ChanceOutcomes::new();
        actions::legal_actions(&st, g, &mut legal);
        actions::chance_outcomes(&st, &mut outcomes);
        if legal.is_empty() && outcomes.actions().is_empty() {
            return Err(invalid(
                "phase",
                "nothing can happen from this position (no legal move, no chance outcome)",
            ));
        }
    }
    Ok(st)
}
