//! The component schema (wheel, bottom board, tracks, paintings, bonus cards, painter tiles),
//! its validation with messages that name the card and the field, and loading.
//!
//! The JSON is read into raw structs whose fields are all optional, so that a missing field
//! is reported by name together with the card it belongs to, then checked and turned into
//! the fixed-size [`Components`] the rules use.

use salon_core::{SalonError, SalonResult};
use serde::{Deserialize, Serialize};

/// The embedded substitute set (our design, not the publisher's data).
pub const SUBSTITUTE_JSON: &str = include_str!("../components/substitute.json");

pub const NUM_PAINTINGS: usize = 32;
pub const NUM_BONUS: usize = 15;
pub const NUM_PAINTERS: usize = 8;
pub const MAX_SECTORS: usize = 16;
pub const MAX_BOTTOM_SPACES: usize = 24;
pub const TRACK_LEN: usize = 8;
/// The track space (1-based) that gives the development bonus.
pub const BONUS_SPACE: u8 = 6;
/// Forbidden-action tiles in the box.
pub const MAX_TILES: usize = 4;

/// Pigment colours: the six painting colours, white, then black.
pub const RED: u8 = 0;
pub const YELLOW: u8 = 1;
pub const BLUE: u8 = 2;
pub const ORANGE: u8 = 3;
pub const GREEN: u8 = 4;
pub const VIOLET: u8 = 5;
pub const WHITE: u8 = 6;
pub const BLACK: u8 = 7;
pub const NUM_COLOURS: usize = 8;
pub const COLOUR_NAMES: [&str; NUM_COLOURS] = [
    "red", "yellow", "blue", "orange", "green", "violet", "white", "black",
];

pub const TOOL_NAMES: [&str; 3] = ["tube", "palette", "brush"];
pub const TUBE: usize = 0;
pub const PALETTE: usize = 1;
pub const BRUSH: usize = 2;

/// The actions printed on the rotating wheel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WheelAction {
    /// Acquire a primary colour (red, yellow or blue: the colour index).
    Acquire(u8),
    /// Mix two primaries into a secondary (orange, green or violet: the colour index).
    Mix(u8),
    Black,
    Upgrade,
    TakePainting,
    Paint,
}

impl WheelAction {
    /// Number of distinct wheel actions ([`Self::index`] is below it).
    pub const COUNT: usize = 10;

    /// A dense index: the colour for acquire (0-2) and mix (3-5), then black, upgrade, take
    /// painting, paint (6-9).
    pub fn index(self) -> usize {
        match self {
            WheelAction::Acquire(c) | WheelAction::Mix(c) => c as usize % 6,
            WheelAction::Black => 6,
            WheelAction::Upgrade => 7,
            WheelAction::TakePainting => 8,
            WheelAction::Paint => 9,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            WheelAction::Acquire(RED) => "acquire red",
            WheelAction::Acquire(YELLOW) => "acquire yellow",
            WheelAction::Acquire(_) => "acquire blue",
            WheelAction::Mix(ORANGE) => "mix orange",
            WheelAction::Mix(GREEN) => "mix green",
            WheelAction::Mix(_) => "mix violet",
            WheelAction::Black => "mix black",
            WheelAction::Upgrade => "upgrade",
            WheelAction::TakePainting => "take painting",
            WheelAction::Paint => "paint",
        }
    }

    fn parse(s: &str) -> Option<WheelAction> {
        Some(match s {
            "red" => WheelAction::Acquire(RED),
            "yellow" => WheelAction::Acquire(YELLOW),
            "blue" => WheelAction::Acquire(BLUE),
            "orange" => WheelAction::Mix(ORANGE),
            "green" => WheelAction::Mix(GREEN),
            "violet" => WheelAction::Mix(VIOLET),
            "black" => WheelAction::Black,
            "upgrade" => WheelAction::Upgrade,
            "take_painting" => WheelAction::TakePainting,
            "paint" => WheelAction::Paint,
            _ => return None,
        })
    }
}

/// The two primaries a secondary is mixed from.
pub fn mix_inputs(secondary: u8) -> (u8, u8) {
    match secondary {
        ORANGE => (RED, YELLOW),
        GREEN => (YELLOW, BLUE),
        _ => (RED, BLUE),
    }
}

/// Pigments that pay one step of a development track: 2 pigments, each of a colour in `pays`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UpgradeCost {
    /// Bit `c` set: a pigment of colour `c` (red..black) pays.
    pub pays: u8,
}

/// Pigments spent per step: every reading of the rule document's sentence agrees on "gaste 2
/// pigmentos"; the action encoding pays with a pair.
pub const UPGRADE_PIGMENTS: i64 = 2;

impl UpgradeCost {
    const PRIMARY: u8 = 1 << RED | 1 << YELLOW | 1 << BLUE;
    const SECONDARY: u8 = 1 << ORANGE | 1 << GREEN | 1 << VIOLET;
    /// The substitute reading's `"primary"`: a primary or white.
    pub const PRIMARY_OR_WHITE: UpgradeCost = UpgradeCost {
        pays: Self::PRIMARY | 1 << WHITE,
    };
    /// The substitute reading's `"secondary"`: a secondary or white.
    pub const SECONDARY_OR_WHITE: UpgradeCost = UpgradeCost {
        pays: Self::SECONDARY | 1 << WHITE,
    };

    /// Whether a pigment of colour `c` pays this cost.
    pub fn accepts(self, c: u8) -> bool {
        c < 8 && self.pays & (1 << c) != 0
    }

    /// One entry of `upgrade_cost`: `"primary"` / `"secondary"` (the first schema, white paying
    /// either), or `{"pays": [kinds or colours], "pigments": 2}`.
    fn parse(v: &serde_json::Value, what: &str) -> SalonResult<UpgradeCost> {
        match v {
            serde_json::Value::String(s) => match s.as_str() {
                "primary" => Ok(Self::PRIMARY_OR_WHITE),
                "secondary" => Ok(Self::SECONDARY_OR_WHITE),
                other => Err(err(format!("{what}: {other:?} is not \"primary\" or \"secondary\" (or an object {{\"pays\": [...], \"pigments\": 2}})"))),
            },
            serde_json::Value::Object(map) => {
                if let Some(k) = map.keys().find(|k| *k != "pays" && *k != "pigments") {
                    return Err(err(format!("{what}: unknown field {k:?} (expected pays, pigments)")));
                }
                if let Some(n) = map.get("pigments") {
                    if n.as_i64() != Some(UPGRADE_PIGMENTS) {
                        return Err(err(format!("{what}.pigments: {n} is not supported; every step costs {UPGRADE_PIGMENTS} pigments (the rule document: \"gaste 2 pigmentos\")")));
                    }
                }
                let list = map.get("pays").and_then(|p| p.as_array()).ok_or_else(|| err(format!("{what}.pays: missing list of pigment kinds")))?;
                let mut pays = 0u8;
                for (i, kind) in list.iter().enumerate() {
                    let name = kind.as_str().unwrap_or("");
                    pays |= match name {
                        "primary" => Self::PRIMARY,
                        "secondary" => Self::SECONDARY,
                        _ => match COLOUR_NAMES.iter().position(|&c| c == name) {
                            Some(c) => 1 << c,
                            None => return Err(err(format!("{what}.pays[{i}]: {kind} is not primary, secondary or a colour ({})", COLOUR_NAMES.join(", ")))),
                        },
                    };
                }
                if pays == 0 {
                    return Err(err(format!("{what}.pays: empty; name at least one pigment kind")));
                }
                Ok(UpgradeCost { pays })
            }
            other => Err(err(format!("{what}: {other} is not a string or an object"))),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Painting {
    pub name: String,
    pub points: u8,
    /// The colour (0..6) each of the 9 squares requires, row by row.
    pub grid: [u8; 9],
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BonusKind {
    /// `points` per black pigment.
    Black,
    /// `points` per square of `colour` on the owner's finished paintings.
    Colour(u8),
    /// `points` per finished painting.
    Paintings,
    /// `points` once if `tool` reached space `threshold`.
    Tool { tool: u8, threshold: u8 },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BonusCard {
    pub name: String,
    pub kind: BonusKind,
    pub points: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ability {
    /// `amount` more pigments whenever the painter acquires or mixes `colour`.
    AcquireBonus { colour: u8, amount: u8 },
    /// `amount` more pigments per paint action.
    BrushBonus { amount: u8 },
    /// The tool starts on its second space.
    StartTool { tool: u8 },
    /// `amount` points per finished painting.
    FinishPoints { amount: u8 },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Painter {
    pub name: String,
    pub ability: Ability,
}

/// The validated component data the rules use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Components {
    pub name: String,
    pub substitute: bool,
    pub num_sectors: usize,
    pub wheel: [WheelAction; MAX_SECTORS],
    /// Placement spaces of each bottom sector; 0 is a printed forbidden-action space.
    pub bottom: [u8; MAX_SECTORS],
    pub num_bottom_spaces: usize,
    /// The bottom sector each placement space belongs to.
    pub space_sector: [u8; MAX_BOTTOM_SPACES],
    /// Spaces covered by forbidden-action tiles at 2 and 3 players (bitmasks over spaces).
    pub covered_2p: u32,
    pub covered_3p: u32,
    /// Wheel sector of the acquire-red action (aligned with a forbidden space at setup).
    pub red_sector: usize,
    /// The first printed forbidden sector (red faces it at setup).
    pub first_forbidden: usize,
    pub tracks: [[u8; TRACK_LEN]; 3],
    /// Pigments that pay a move onto spaces 2..=8 (index 0 is space 2).
    pub upgrade_cost: [UpgradeCost; TRACK_LEN - 1],
    pub bonus_card_white_cost: u8,
    pub paintings: Vec<Painting>,
    pub bonus_cards: Vec<BonusCard>,
    pub painters: Vec<Painter>,
}

// ---------------------------------------------------------------- raw schema

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawTracks {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tube: Option<Vec<i64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub palette: Option<Vec<i64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub brush: Option<Vec<i64>>,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPainting {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grid: Option<Vec<String>>,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawBonus {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub colour: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tool: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub threshold: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<i64>,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPainter {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ability: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub colour: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tool: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amount: Option<i64>,
}

/// The file as written (every field optional, so that errors can name what is missing).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawComponents {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub substitute: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wheel: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bottom: Option<Vec<i64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub covered_2p: Option<Vec<i64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub covered_3p: Option<Vec<i64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tracks: Option<RawTracks>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upgrade_cost: Option<Vec<serde_json::Value>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bonus_card_white_cost: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paintings: Option<Vec<RawPainting>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bonus_cards: Option<Vec<RawBonus>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub painters: Option<Vec<RawPainter>>,
}

fn err(msg: String) -> SalonError {
    SalonError::components(msg)
}

fn need<'a, T>(v: &'a Option<T>, what: &str) -> SalonResult<&'a T> {
    v.as_ref()
        .ok_or_else(|| err(format!("{what}: missing field")))
}

fn int_in(v: i64, lo: i64, hi: i64, what: &str) -> SalonResult<u8> {
    if v < lo || v > hi {
        return Err(err(format!(
            "{what}: value {v} is out of range {lo}..={hi}"
        )));
    }
    Ok(v as u8)
}

fn parse_colour(s: &str, allow_white: bool, what: &str) -> SalonResult<u8> {
    let limit = if allow_white { 7 } else { 6 };
    COLOUR_NAMES[..limit]
        .iter()
        .position(|&c| c == s)
        .map(|i| i as u8)
        .ok_or_else(|| {
            err(format!(
                "{what}: unknown colour {s:?} (expected one of {})",
                COLOUR_NAMES[..limit].join(", ")
            ))
        })
}

fn parse_tool(s: &str, what: &str) -> SalonResult<u8> {
    TOOL_NAMES
        .iter()
        .position(|&t| t == s)
        .map(|i| i as u8)
        .ok_or_else(|| {
            err(format!(
                "{what}: unknown tool {s:?} (expected tube, palette or brush)"
            ))
        })
}

fn covered_mask(list: &[i64], spaces: usize, what: &str) -> SalonResult<u32> {
    if list.len() > MAX_TILES {
        return Err(err(format!(
            "{what}: {} spaces covered, but the box has only {MAX_TILES} forbidden-action tiles",
            list.len()
        )));
    }
    let mut mask = 0u32;
    for (i, &s) in list.iter().enumerate() {
        let s = int_in(s, 0, spaces as i64 - 1, &format!("{what}[{i}]"))?;
        if mask & (1 << s) != 0 {
            return Err(err(format!("{what}[{i}]: space {s} listed twice")));
        }
        mask |= 1 << s;
    }
    Ok(mask)
}

impl Components {
    /// Parses and validates a component file.
    pub fn parse(json: &str) -> SalonResult<(Components, RawComponents)> {
        let raw: RawComponents = serde_json::from_str(json)
            .map_err(|e| err(format!("not valid JSON for this schema: {e}")))?;
        let c = Components::validate(&raw)?;
        Ok((c, raw))
    }

    pub fn validate(raw: &RawComponents) -> SalonResult<Components> {
        let name = need(&raw.name, "name")?.clone();
        if name.trim().is_empty() {
            return Err(err("name: must not be empty".into()));
        }
        let substitute = *need(&raw.substitute, "substitute")?;

        // Wheel and bottom board.
        let wheel_raw = need(&raw.wheel, "wheel")?;
        let n = wheel_raw.len();
        if !(4..=MAX_SECTORS).contains(&n) {
            return Err(err(format!(
                "wheel: {n} sectors, expected 4 to {MAX_SECTORS}"
            )));
        }
        let mut wheel = [WheelAction::Black; MAX_SECTORS];
        for (i, s) in wheel_raw.iter().enumerate() {
            wheel[i] = WheelAction::parse(s).ok_or_else(|| {
                err(format!(
                    "wheel[{i}]: unknown action {s:?} (expected red, yellow, blue, orange, green, violet, black, upgrade, take_painting or paint)"
                ))
            })?;
        }
        let reds: Vec<usize> = (0..n)
            .filter(|&i| wheel[i] == WheelAction::Acquire(RED))
            .collect();
        if reds.len() != 1 {
            return Err(err(format!("wheel: must hold exactly one \"red\" sector (it starts aligned with the forbidden space), found {}", reds.len())));
        }
        for needed in ["take_painting", "paint", "upgrade"] {
            if !wheel_raw.iter().any(|s| s == needed) {
                return Err(err(format!(
                    "wheel: must hold at least one {needed:?} sector"
                )));
            }
        }
        let bottom_raw = need(&raw.bottom, "bottom")?;
        if bottom_raw.len() != n {
            return Err(err(format!(
                "bottom: {} sectors, but the wheel has {n}",
                bottom_raw.len()
            )));
        }
        let mut bottom = [0u8; MAX_SECTORS];
        let mut space_sector = [0u8; MAX_BOTTOM_SPACES];
        let mut spaces = 0usize;
        for (i, &v) in bottom_raw.iter().enumerate() {
            let k = int_in(v, 0, 3, &format!("bottom[{i}]"))?;
            bottom[i] = k;
            for _ in 0..k {
                if spaces >= MAX_BOTTOM_SPACES {
                    return Err(err(format!(
                        "bottom: more than {MAX_BOTTOM_SPACES} placement spaces in all"
                    )));
                }
                space_sector[spaces] = i as u8;
                spaces += 1;
            }
        }
        let first_forbidden = (0..n).find(|&i| bottom[i] == 0).ok_or_else(|| {
            err("bottom: needs at least one printed forbidden-action sector (value 0)".into())
        })?;
        if spaces < 6 {
            return Err(err(format!(
                "bottom: only {spaces} placement spaces, expected at least 6"
            )));
        }
        let covered_2p = covered_mask(need(&raw.covered_2p, "covered_2p")?, spaces, "covered_2p")?;
        let covered_3p = covered_mask(need(&raw.covered_3p, "covered_3p")?, spaces, "covered_3p")?;

        // Tracks and upgrade cost.
        let tracks_raw = need(&raw.tracks, "tracks")?;
        let mut tracks = [[0u8; TRACK_LEN]; 3];
        for (t, list) in [&tracks_raw.tube, &tracks_raw.palette, &tracks_raw.brush]
            .into_iter()
            .enumerate()
        {
            let what = format!("tracks.{}", TOOL_NAMES[t]);
            let list = need(list, &what)?;
            if list.len() != TRACK_LEN {
                return Err(err(format!(
                    "{what}: {} values, expected {TRACK_LEN}",
                    list.len()
                )));
            }
            for (i, &v) in list.iter().enumerate() {
                tracks[t][i] = int_in(v, 1, 9, &format!("{what}[{i}]"))?;
                if i > 0 && tracks[t][i] < tracks[t][i - 1] {
                    return Err(err(format!(
                        "{what}[{i}]: values must not decrease along the track"
                    )));
                }
            }
        }
        let cost_raw = need(&raw.upgrade_cost, "upgrade_cost")?;
        if cost_raw.len() != TRACK_LEN - 1 {
            return Err(err(format!(
                "upgrade_cost: {} entries, expected {} (one per space 2 to {TRACK_LEN})",
                cost_raw.len(),
                TRACK_LEN - 1
            )));
        }
        let mut upgrade_cost = [UpgradeCost::PRIMARY_OR_WHITE; TRACK_LEN - 1];
        for (i, v) in cost_raw.iter().enumerate() {
            upgrade_cost[i] = UpgradeCost::parse(v, &format!("upgrade_cost[{i}]"))?;
        }
        let bonus_card_white_cost = int_in(
            *need(&raw.bonus_card_white_cost, "bonus_card_white_cost")?,
            0,
            6,
            "bonus_card_white_cost",
        )?;

        // Paintings.
        let paintings_raw = need(&raw.paintings, "paintings")?;
        if paintings_raw.len() != NUM_PAINTINGS {
            return Err(err(format!(
                "paintings: {} cards, expected {NUM_PAINTINGS}",
                paintings_raw.len()
            )));
        }
        let mut paintings = Vec::with_capacity(NUM_PAINTINGS);
        for (i, p) in paintings_raw.iter().enumerate() {
            let label = format!(
                "paintings[{i}]{}",
                p.name
                    .as_ref()
                    .map(|n| format!(" ({n:?})"))
                    .unwrap_or_default()
            );
            let pname = need(&p.name, &format!("{label}.name"))?.clone();
            let points = int_in(
                *need(&p.points, &format!("{label}.points"))?,
                0,
                30,
                &format!("{label}.points"),
            )?;
            let grid_raw = need(&p.grid, &format!("{label}.grid"))?;
            if grid_raw.len() != 9 {
                return Err(err(format!(
                    "{label}.grid: {} squares, expected 9",
                    grid_raw.len()
                )));
            }
            let mut grid = [0u8; 9];
            for (k, s) in grid_raw.iter().enumerate() {
                grid[k] = parse_colour(s, false, &format!("{label}.grid[{k}]"))?;
            }
            paintings.push(Painting {
                name: pname,
                points,
                grid,
            });
        }

        // Bonus cards.
        let bonus_raw = need(&raw.bonus_cards, "bonus_cards")?;
        if bonus_raw.len() != NUM_BONUS {
            return Err(err(format!(
                "bonus_cards: {} cards, expected {NUM_BONUS}",
                bonus_raw.len()
            )));
        }
        let mut bonus_cards = Vec::with_capacity(NUM_BONUS);
        for (i, b) in bonus_raw.iter().enumerate() {
            let label = format!(
                "bonus_cards[{i}]{}",
                b.name
                    .as_ref()
                    .map(|n| format!(" ({n:?})"))
                    .unwrap_or_default()
            );
            let bname = need(&b.name, &format!("{label}.name"))?.clone();
            let points = int_in(
                *need(&b.points, &format!("{label}.points"))?,
                0,
                20,
                &format!("{label}.points"),
            )?;
            let kind = match need(&b.kind, &format!("{label}.kind"))?.as_str() {
                "black" => BonusKind::Black,
                "paintings" => BonusKind::Paintings,
                "colour" => BonusKind::Colour(parse_colour(
                    need(&b.colour, &format!("{label}.colour"))?,
                    false,
                    &format!("{label}.colour"),
                )?),
                "tool" => BonusKind::Tool {
                    tool: parse_tool(
                        need(&b.tool, &format!("{label}.tool"))?,
                        &format!("{label}.tool"),
                    )?,
                    threshold: int_in(
                        *need(&b.threshold, &format!("{label}.threshold"))?,
                        1,
                        TRACK_LEN as i64,
                        &format!("{label}.threshold"),
                    )?,
                },
                other => {
                    return Err(err(format!(
                        "{label}.kind: {other:?} is not black, colour, paintings or tool"
                    )))
                }
            };
            bonus_cards.push(BonusCard {
                name: bname,
                kind,
                points,
            });
        }

        // Painter tiles.
        let painters_raw = need(&raw.painters, "painters")?;
        if painters_raw.len() != NUM_PAINTERS {
            return Err(err(format!(
                "painters: {} tiles, expected {NUM_PAINTERS}",
                painters_raw.len()
            )));
        }
        let mut painters = Vec::with_capacity(NUM_PAINTERS);
        for (i, p) in painters_raw.iter().enumerate() {
            let label = format!(
                "painters[{i}]{}",
                p.name
                    .as_ref()
                    .map(|n| format!(" ({n:?})"))
                    .unwrap_or_default()
            );
            let pname = need(&p.name, &format!("{label}.name"))?.clone();
            let amount = |lo: i64, hi: i64| -> SalonResult<u8> {
                int_in(
                    *need(&p.amount, &format!("{label}.amount"))?,
                    lo,
                    hi,
                    &format!("{label}.amount"),
                )
            };
            let ability = match need(&p.ability, &format!("{label}.ability"))?.as_str() {
                "acquire_bonus" => Ability::AcquireBonus {
                    colour: parse_colour(need(&p.colour, &format!("{label}.colour"))?, true, &format!("{label}.colour"))?,
                    amount: amount(1, 3)?,
                },
                "brush_bonus" => Ability::BrushBonus { amount: amount(1, 3)? },
                "start_tool" => Ability::StartTool { tool: parse_tool(need(&p.tool, &format!("{label}.tool"))?, &format!("{label}.tool"))? },
                "finish_points" => Ability::FinishPoints { amount: amount(1, 10)? },
                other => {
                    return Err(err(format!("{label}.ability: {other:?} is not acquire_bonus, brush_bonus, start_tool or finish_points")))
                }
            };
            painters.push(Painter {
                name: pname,
                ability,
            });
        }

        Ok(Components {
            name,
            substitute,
            num_sectors: n,
            wheel,
            bottom,
            num_bottom_spaces: spaces,
            space_sector,
            covered_2p,
            covered_3p,
            red_sector: reds[0],
            first_forbidden,
            tracks,
            upgrade_cost,
            bonus_card_white_cost,
            paintings,
            bonus_cards,
            painters,
        })
    }

    /// The largest number of pigments one paint action can place (for the game-length bound).
    pub fn max_brush(&self) -> usize {
        let bonus = self
            .painters
            .iter()
            .map(|p| match p.ability {
                Ability::BrushBonus { amount } => amount as usize,
                _ => 0,
            })
            .max()
            .unwrap_or(0);
        self.tracks[BRUSH][TRACK_LEN - 1] as usize + bonus
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn substitute_set_validates() {
        let (c, _) = Components::parse(SUBSTITUTE_JSON).unwrap();
        assert!(c.substitute);
        assert_eq!(c.num_sectors, 12);
        assert_eq!(c.num_bottom_spaces, 18);
        assert_eq!(c.paintings.len(), NUM_PAINTINGS);
        assert_eq!(c.wheel[c.red_sector], WheelAction::Acquire(RED));
    }
}
