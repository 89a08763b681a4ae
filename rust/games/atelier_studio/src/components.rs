//! The component schema (paintings and patrons), its validation and loading.
//!
//! A component file is JSON:
//!
//! ```json
//! {"name": "...", "substitute": true, "description": "...",
//!  "paintings": [{"name": "...", "category": "realist",
//!                 "cost": {"blue": 1, "green": 0, "red": 2, "yellow": 0},
//!                 "points": 3, "students": 1, "masterpiece": false,
//!                 "power": {"kind": "gain_inspiration", "amount": 1}}, ...40 cards],
//!  "patrons": [{"name": "...", "condition": "per_category", "category": "realist", "points": 3}, ...16 cards]}
//! ```
//!
//! Every card is parsed on its own so that an error names the card (index and name) and
//! the field.

use salon_core::{ComponentInfo, SalonError, SalonResult};
use serde::{Deserialize, Serialize};

pub const NUM_PAINTINGS: usize = 40;
pub const NUM_PATRONS: usize = 16;
pub const NUM_COLOURS: usize = 4;
pub const NUM_CATEGORIES: usize = 4;
/// The supply of cylinders of each colour.
pub const CYLINDERS_PER_COLOUR: u8 = 15;

pub const COLOUR_NAMES: [&str; NUM_COLOURS] = ["blue", "green", "red", "yellow"];
pub const CATEGORY_NAMES: [&str; NUM_CATEGORIES] =
    ["impressionist", "post_impressionist", "realist", "romantic"];

/// The embedded substitute set (our design, not the publisher's data).
pub const SUBSTITUTE_JSON: &str = include_str!("../components/substitute.json");

// ---------------------------------------------------------------------------------------
// The file schema (serde).

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct CostSpec {
    #[serde(default)]
    pub blue: i64,
    #[serde(default)]
    pub green: i64,
    #[serde(default)]
    pub red: i64,
    #[serde(default)]
    pub yellow: i64,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PowerSpec {
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PaintingSpec {
    pub name: String,
    pub category: String,
    pub cost: CostSpec,
    pub points: i64,
    pub students: i64,
    pub masterpiece: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power: Option<PowerSpec>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PatronSpec {
    pub name: String,
    pub condition: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<i64>,
    pub points: i64,
}

/// The whole file, typed (used for the canonical JSON and its hash).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ComponentSet {
    pub name: String,
    pub substitute: bool,
    pub description: String,
    pub paintings: Vec<PaintingSpec>,
    pub patrons: Vec<PatronSpec>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    name: String,
    substitute: bool,
    description: String,
    paintings: Vec<serde_json::Value>,
    patrons: Vec<serde_json::Value>,
}

// ---------------------------------------------------------------------------------------
// The validated, engine-side data.

/// A painting's power. Immediate powers act once when the painting is painted; turn powers
/// can be used once per turn, at any time of the owner's turns after the roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Power {
    None,
    /// Immediate: take this many inspiration tokens from the supply (as many as remain).
    Inspiration(u8),
    /// Immediate: take this many cylinders of one colour from its pile (as many as remain).
    Paint {
        colour: u8,
        amount: u8,
    },
    /// Immediate: take this many cylinders, each of a colour of your choice.
    AnyPaint(u8),
    /// Immediate: place one student from your board on a pile of your choice.
    PlaceStudent,
    /// Immediate: draw the top patron card (kept secret).
    DrawPatron,
    /// Turn: once per turn, turn one active die into the value one higher or lower.
    AdjustDie,
    /// Turn: once per turn, give back one of your cylinders for one of another colour.
    SwapPaint,
    /// Turn: once per turn, move one of your students from one pile to another.
    ShiftStudent,
}

impl Power {
    pub fn is_turn_power(self) -> bool {
        matches!(
            self,
            Power::AdjustDie | Power::SwapPaint | Power::ShiftStudent
        )
    }

    /// Decisions and chance nodes the immediate power can add (for `max_game_length`).
    pub fn max_steps(self) -> usize {
        match self {
            Power::AnyPaint(k) => k as usize,
            Power::PlaceStudent | Power::DrawPatron => 1,
            _ => 0,
        }
    }

    pub fn describe(self) -> String {
        match self {
            Power::None => "no power".to_string(),
            Power::Inspiration(k) => format!("when painted: gain {k} inspiration"),
            Power::Paint { colour, amount } => {
                format!(
                    "when painted: gain {amount} {}",
                    COLOUR_NAMES[colour as usize % NUM_COLOURS]
                )
            }
            Power::AnyPaint(k) => format!("when painted: gain {k} paint of your choice"),
            Power::PlaceStudent => "when painted: place a student".to_string(),
            Power::DrawPatron => "when painted: draw a patron".to_string(),
            Power::AdjustDie => "each turn: change a die by 1".to_string(),
            Power::SwapPaint => "each turn: swap a paint".to_string(),
            Power::ShiftStudent => "each turn: move one of your students".to_string(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Painting {
    pub name: String,
    pub category: u8,
    pub cost: [u8; NUM_COLOURS],
    pub points: u8,
    pub students: u8,
    pub masterpiece: bool,
    pub power: Power,
}

impl Painting {
    pub fn cost_string(&self) -> String {
        let parts: Vec<String> = (0..NUM_COLOURS)
            .filter(|&c| self.cost[c] > 0)
            .map(|c| format!("{}{}", self.cost[c], &COLOUR_NAMES[c][..1]))
            .collect();
        parts.join("+")
    }
}

/// A patron's end-of-game condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Condition {
    /// `points` per painting of `category`.
    PerCategory { category: u8, points: u8 },
    /// `points` per complete set of the four categories.
    PerSet { points: u8 },
    /// `points` per painting with the masterpiece symbol.
    PerMasterpiece { points: u8 },
    /// `points` per cylinder of `colour` in the costs of your paintings.
    ColourCost { colour: u8, points: u8 },
    /// `points` once if you own at least `count` paintings.
    PaintingsAtLeast { count: u8, points: u8 },
    /// `points` per paint pile where you have strictly the most students.
    MajorityPiles { points: u8 },
    /// `points` per inspiration token you hold.
    Inspiration { points: u8 },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Patron {
    pub name: String,
    pub condition: Condition,
}

impl Patron {
    pub fn describe(&self) -> String {
        match self.condition {
            Condition::PerCategory { category, points } => {
                format!(
                    "{points} per {} painting",
                    CATEGORY_NAMES[category as usize % NUM_CATEGORIES]
                )
            }
            Condition::PerSet { points } => format!("{points} per set of the four categories"),
            Condition::PerMasterpiece { points } => format!("{points} per masterpiece"),
            Condition::ColourCost { colour, points } => {
                format!(
                    "{points} per {} cylinder in your paintings' costs",
                    COLOUR_NAMES[colour as usize % NUM_COLOURS]
                )
            }
            Condition::PaintingsAtLeast { count, points } => {
                format!("{points} for {count}+ paintings")
            }
            Condition::MajorityPiles { points } => {
                format!("{points} per pile where you have the most students")
            }
            Condition::Inspiration { points } => format!("{points} per inspiration token"),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Components {
    pub paintings: Vec<Painting>,
    pub patrons: Vec<Patron>,
}

fn colour_index(name: &str) -> Option<u8> {
    COLOUR_NAMES
        .iter()
        .position(|&c| c == name)
        .map(|i| i as u8)
}

fn category_index(name: &str) -> Option<u8> {
    CATEGORY_NAMES
        .iter()
        .position(|&c| c == name)
        .map(|i| i as u8)
}

fn err(msg: String) -> SalonError {
    SalonError::components(msg)
}

fn in_range(what: &str, field: &str, value: i64, lo: i64, hi: i64) -> SalonResult<u8> {
    if value < lo || value > hi {
        return Err(err(format!(
            "{what}: field \"{field}\" must be {lo} to {hi}, got {value}"
        )));
    }
    Ok(value as u8)
}

fn validate_painting(i: usize, spec: &PaintingSpec) -> SalonResult<Painting> {
    let what = format!("painting {i} ({:?})", spec.name);
    if spec.name.trim().is_empty() {
        return Err(err(format!(
            "painting {i}: field \"name\" must not be empty"
        )));
    }
    let category = category_index(&spec.category).ok_or_else(|| {
        err(format!(
            "{what}: field \"category\" must be one of {}, got {:?}",
            CATEGORY_NAMES.join(", "),
            spec.category
        ))
    })?;
    let raw = [
        spec.cost.blue,
        spec.cost.green,
        spec.cost.red,
        spec.cost.yellow,
    ];
    let mut cost = [0u8; NUM_COLOURS];
    for c in 0..NUM_COLOURS {
        cost[c] = in_range(
            &what,
            &format!("cost.{}", COLOUR_NAMES[c]),
            raw[c],
            0,
            CYLINDERS_PER_COLOUR as i64,
        )?;
    }
    let total: u32 = cost.iter().map(|&x| x as u32).sum();
    if !(1..=12).contains(&total) {
        return Err(err(format!(
            "{what}: field \"cost\" must total 1 to 12 cylinders, got {total}"
        )));
    }
    let points = in_range(&what, "points", spec.points, 0, 30)?;
    let students = in_range(&what, "students", spec.students, 0, 12)?;
    let power = match &spec.power {
        None => Power::None,
        Some(p) => validate_power(&what, p)?,
    };
    Ok(Painting {
        name: spec.name.clone(),
        category,
        cost,
        points,
        students,
        masterpiece: spec.masterpiece,
        power,
    })
}

fn validate_power(what: &str, p: &PowerSpec) -> SalonResult<Power> {
    let amount = |lo: i64, hi: i64| -> SalonResult<u8> {
        match p.amount {
            None => Err(err(format!(
                "{what}: power {:?} needs field \"power.amount\"",
                p.kind
            ))),
            Some(a) => in_range(what, "power.amount", a, lo, hi),
        }
    };
    let no_extra = |amount_ok: bool, colour_ok: bool| -> SalonResult<()> {
        if !amount_ok && p.amount.is_some() {
            return Err(err(format!(
                "{what}: power {:?} takes no field \"power.amount\"",
                p.kind
            )));
        }
        if !colour_ok && p.colour.is_some() {
            return Err(err(format!(
                "{what}: power {:?} takes no field \"power.colour\"",
                p.kind
            )));
        }
        Ok(())
    };
    Ok(match p.kind.as_str() {
        "none" => {
            no_extra(false, false)?;
            Power::None
        }
        "gain_inspiration" => {
            no_extra(true, false)?;
            Power::Inspiration(amount(1, 5)?)
        }
        "gain_paint" => {
            let name = p
                .colour
                .as_deref()
                .ok_or_else(|| err(format!("{what}: power \"gain_paint\" needs field \"power.colour\"")))?;
            let colour = colour_index(name).ok_or_else(|| {
                err(format!("{what}: field \"power.colour\" must be one of {}, got {name:?}", COLOUR_NAMES.join(", ")))
            })?;
            Power::Paint { colour, amount: amount(1, 5)? }
        }
        "gain_any_paint" => {
            no_extra(true, false)?;
            Power::AnyPaint(amount(1, 5)?)
        }
        "place_student" => {
            no_extra(false, false)?;
            Power::PlaceStudent
        }
        "draw_patron" => {
            no_extra(false, false)?;
            Power::DrawPatron
        }
        "adjust_die" => {
            no_extra(false, false)?;
            Power::AdjustDie
        }
        "swap_paint" => {
            no_extra(false, false)?;
            Power::SwapPaint
        }
        "shift_student" => {
            no_extra(false, false)?;
            Power::ShiftStudent
        }
        other => {
            return Err(err(format!(
                "{what}: field \"power.kind\" must be one of none, gain_inspiration, gain_paint, gain_any_paint, \
                 place_student, draw_patron, adjust_die, swap_paint, shift_student; got {other:?}"
            )))
        }
    })
}

fn validate_patron(i: usize, spec: &PatronSpec) -> SalonResult<Patron> {
    let what = format!("patron {i} ({:?})", spec.name);
    if spec.name.trim().is_empty() {
        return Err(err(format!("patron {i}: field \"name\" must not be empty")));
    }
    let points = in_range(&what, "points", spec.points, 0, 20)?;
    let need_category = || -> SalonResult<u8> {
        let name = spec.category.as_deref().ok_or_else(|| {
            err(format!(
                "{what}: condition {:?} needs field \"category\"",
                spec.condition
            ))
        })?;
        category_index(name).ok_or_else(|| {
            err(format!(
                "{what}: field \"category\" must be one of {}, got {name:?}",
                CATEGORY_NAMES.join(", ")
            ))
        })
    };
    let need_colour = || -> SalonResult<u8> {
        let name = spec.colour.as_deref().ok_or_else(|| {
            err(format!(
                "{what}: condition {:?} needs field \"colour\"",
                spec.condition
            ))
        })?;
        colour_index(name).ok_or_else(|| {
            err(format!(
                "{what}: field \"colour\" must be one of {}, got {name:?}",
                COLOUR_NAMES.join(", ")
            ))
        })
    };
    let condition = match spec.condition.as_str() {
        "per_category" => Condition::PerCategory { category: need_category()?, points },
        "per_set" => Condition::PerSet { points },
        "per_masterpiece" => Condition::PerMasterpiece { points },
        "colour_cost" => Condition::ColourCost { colour: need_colour()?, points },
        "paintings_at_least" => {
            let count = spec
                .count
                .ok_or_else(|| err(format!("{what}: condition \"paintings_at_least\" needs field \"count\"")))?;
            Condition::PaintingsAtLeast { count: in_range(&what, "count", count, 1, 40)?, points }
        }
        "majority_piles" => Condition::MajorityPiles { points },
        "inspiration" => Condition::Inspiration { points },
        other => {
            return Err(err(format!(
                "{what}: field \"condition\" must be one of per_category, per_set, per_masterpiece, colour_cost, \
                 paintings_at_least, majority_piles, inspiration; got {other:?}"
            )))
        }
    };
    Ok(Patron {
        name: spec.name.clone(),
        condition,
    })
}

/// Parses and validates a component file (`None`: the embedded substitute set).
pub fn load(json: Option<&str>) -> SalonResult<(Components, ComponentInfo)> {
    let text = json.unwrap_or(SUBSTITUTE_JSON);
    let raw: RawFile = serde_json::from_str(text)
        .map_err(|e| err(format!("the file does not match the schema: {e}")))?;
    if raw.name.trim().is_empty() {
        return Err(err("field \"name\" must not be empty".to_string()));
    }
    if raw.paintings.len() != NUM_PAINTINGS {
        return Err(err(format!(
            "field \"paintings\" must list {NUM_PAINTINGS} paintings, got {}",
            raw.paintings.len()
        )));
    }
    if raw.patrons.len() != NUM_PATRONS {
        return Err(err(format!(
            "field \"patrons\" must list {NUM_PATRONS} patrons, got {}",
            raw.patrons.len()
        )));
    }
    let mut painting_specs = Vec::with_capacity(NUM_PAINTINGS);
    let mut paintings = Vec::with_capacity(NUM_PAINTINGS);
    for (i, v) in raw.paintings.iter().enumerate() {
        let name = v.get("name").and_then(|n| n.as_str()).unwrap_or("?");
        let spec: PaintingSpec = serde_json::from_value(v.clone())
            .map_err(|e| err(format!("painting {i} ({name:?}): {e}")))?;
        let p = validate_painting(i, &spec)?;
        if paintings.iter().any(|q: &Painting| q.name == p.name) {
            return Err(err(format!(
                "painting {i} ({:?}): field \"name\" repeats an earlier painting's name",
                p.name
            )));
        }
        paintings.push(p);
        painting_specs.push(spec);
    }
    let mut patron_specs = Vec::with_capacity(NUM_PATRONS);
    let mut patrons = Vec::with_capacity(NUM_PATRONS);
    for (i, v) in raw.patrons.iter().enumerate() {
        let name = v.get("name").and_then(|n| n.as_str()).unwrap_or("?");
        let spec: PatronSpec = serde_json::from_value(v.clone())
            .map_err(|e| err(format!("patron {i} ({name:?}): {e}")))?;
        let p = validate_patron(i, &spec)?;
        if patrons.iter().any(|q: &Patron| q.name == p.name) {
            return Err(err(format!(
                "patron {i} ({:?}): field \"name\" repeats an earlier patron's name",
                p.name
            )));
        }
        patrons.push(p);
        patron_specs.push(spec);
    }
    let set = ComponentSet {
        name: raw.name.clone(),
        substitute: raw.substitute,
        description: raw.description,
        paintings: painting_specs,
        patrons: patron_specs,
    };
    let info = ComponentInfo::of(&raw.name, raw.substitute, &set);
    Ok((Components { paintings, patrons }, info))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn substitute_set_loads() {
        let (c, info) = load(None).unwrap();
        assert_eq!(c.paintings.len(), NUM_PAINTINGS);
        assert_eq!(c.patrons.len(), NUM_PATRONS);
        assert!(info.substitute);
        for cat in 0..NUM_CATEGORIES as u8 {
            assert_eq!(c.paintings.iter().filter(|p| p.category == cat).count(), 10);
        }
    }
}
