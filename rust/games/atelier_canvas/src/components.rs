//! The component schema (a JSON file), its validation and the compact card table the rules use.
//!
//! A file lists 105 deck cards (40 blank canvases, 30 drawn canvases, 25 painted canvases,
//! 10 jokers, in any order) and 5 objective cards. Every problem is reported as
//! [`SalonError::InvalidComponents`] naming the card and the field.

use salon_core::{SalonError, SalonResult};
use serde::{Deserialize, Serialize};

/// The five basic colours (the brushstroke at the top of a card), then the four secondaries.
pub const COLOUR_NAMES: [&str; 9] = [
    "cyan", "magenta", "yellow", "white", "black", "grey", "red", "blue", "green",
];
pub const NUM_BASIC: usize = 5;
pub const CYAN: u8 = 0;
pub const MAGENTA: u8 = 1;
pub const YELLOW: u8 = 2;
pub const WHITE: u8 = 3;
pub const BLACK: u8 = 4;
/// The two basic colours mixed into each secondary (grey, red, blue, green), from the rule
/// document's scheme.
pub const SECONDARY_PARTS: [(u8, u8); 4] = [
    (WHITE, BLACK),
    (YELLOW, MAGENTA),
    (CYAN, MAGENTA),
    (CYAN, YELLOW),
];

pub const NUM_BLANK: usize = 40;
pub const NUM_DRAWN: usize = 30;
pub const NUM_PAINTED: usize = 25;
pub const NUM_JOKERS: usize = 10;
pub const NUM_OBJECTIVES: usize = 5;
/// Cards in the deck (objectives stay aside).
pub const NUM_CARDS: usize = NUM_BLANK + NUM_DRAWN + NUM_PAINTED + NUM_JOKERS;
/// Card ids are sorted by type: blanks, drawings, paintings, jokers.
pub const FIRST_DRAWN: usize = NUM_BLANK;
pub const FIRST_PAINTED: usize = NUM_BLANK + NUM_DRAWN;
pub const FIRST_JOKER: usize = NUM_BLANK + NUM_DRAWN + NUM_PAINTED;
/// Cards that can be placed on a palette (every card but the jokers).
pub const NUM_PLAYABLE: usize = FIRST_JOKER;
/// The most artworks a file may name (they are kept in a 64-bit set).
pub const MAX_ARTWORKS: usize = 64;
/// The most colour units a cost may ask for (a secondary counts two).
pub const MAX_COST_UNITS: usize = 8;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Blank,
    Drawn,
    Painted,
    Joker,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Blank => "blank",
            Kind::Drawn => "drawn",
            Kind::Painted => "painted",
            Kind::Joker => "joker",
        }
    }
    pub fn index(self) -> usize {
        match self {
            Kind::Blank => 0,
            Kind::Drawn => 1,
            Kind::Painted => 2,
            Kind::Joker => 3,
        }
    }
}

/// The kind of a card id (ids are sorted by type).
pub fn kind_of(card: usize) -> Kind {
    if card < FIRST_DRAWN {
        Kind::Blank
    } else if card < FIRST_PAINTED {
        Kind::Drawn
    } else if card < FIRST_JOKER {
        Kind::Painted
    } else {
        Kind::Joker
    }
}

/// What an objective card asks for (the rule document's five objectives).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObjectiveKind {
    /// At least `count` drawn canvases in the palette.
    DrawnCanvases,
    /// At least `count` different basic colours among the palette's cards.
    DistinctColours,
    /// At least `count` palette cards of one colour.
    SameColour,
    /// At least `count` blank canvases in the palette.
    BlankCanvases,
    /// At least `count` painted canvases in the palette.
    PaintedCanvases,
}

const OBJECTIVE_KINDS: [(&str, ObjectiveKind); 5] = [
    ("drawn_canvases", ObjectiveKind::DrawnCanvases),
    ("distinct_colours", ObjectiveKind::DistinctColours),
    ("same_colour", ObjectiveKind::SameColour),
    ("blank_canvases", ObjectiveKind::BlankCanvases),
    ("painted_canvases", ObjectiveKind::PaintedCanvases),
];

/// One card as written in the file.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct CardSpec {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub artwork: Option<i64>,
}

/// One objective card as written in the file.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ObjectiveSpec {
    pub id: String,
    pub name: String,
    pub kind: String,
    pub count: i64,
    pub points: i64,
}

/// The whole file.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ComponentFile {
    pub name: String,
    #[serde(default)]
    pub substitute: bool,
    #[serde(default)]
    pub description: String,
    pub artworks: Vec<String>,
    pub cards: Vec<CardSpec>,
    pub objectives: Vec<ObjectiveSpec>,
}

/// A validated card in the compact form the rules use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    pub id: String,
    pub kind: Kind,
    /// Basic colour index (0-4); jokers have none (255).
    pub colour: u8,
    /// Units of each of the 9 colours the card costs.
    pub cost: [u8; 9],
    /// Artwork index for drawn and painted canvases (255 otherwise).
    pub artwork: u8,
    /// Short text such as `D07 (drawn, cyan, art 3 "Still Life with Pears", cost magenta+yellow+white)`.
    pub label: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Objective {
    pub id: String,
    pub name: String,
    pub kind: ObjectiveKind,
    pub count: u8,
    pub points: u8,
}

/// The validated set: cards sorted by type (ids as in [`kind_of`]), objectives in file order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardSet {
    pub file: ComponentFile,
    pub cards: Vec<Card>,
    pub objectives: Vec<Objective>,
    pub artworks: Vec<String>,
    /// The most cost units of any card of each kind (blank, drawn, painted).
    pub max_units: [usize; 3],
}

pub const SUBSTITUTE_JSON: &str = include_str!("../components/substitute.json");

/// Checks the JSON types of every field of every card and objective, so that a wrong type or
/// a misspelt field is reported with the card and the field.
fn check_shapes(value: &serde_json::Value) -> SalonResult<()> {
    use serde_json::Value;
    let obj = value
        .as_object()
        .ok_or_else(|| err("the file must be a JSON object".into()))?;
    for (field, want) in [
        ("name", "a string"),
        ("artworks", "a list of names"),
        ("cards", "a list of cards"),
        ("objectives", "a list of objectives"),
    ] {
        let ok = match obj.get(field) {
            None => return Err(err(format!("missing field {field:?}"))),
            Some(Value::String(_)) => field == "name",
            Some(Value::Array(_)) => field != "name",
            Some(_) => false,
        };
        if !ok {
            return Err(err(format!("field {field:?} must be {want}")));
        }
    }
    let is_str = |v: &Value| v.is_string();
    let is_int = |v: &Value| v.is_i64();
    let is_str_list = |v: &Value| v.as_array().is_some_and(|a| a.iter().all(Value::is_string));
    type Check<'a> = (&'a str, &'a str, bool, &'a dyn Fn(&Value) -> bool);
    let card_fields: [Check; 5] = [
        ("id", "a string", true, &is_str),
        ("type", "a string", true, &is_str),
        ("colour", "a colour name", false, &is_str),
        ("cost", "a list of colour names", false, &is_str_list),
        ("artwork", "an integer", false, &is_int),
    ];
    let objective_fields: [Check; 5] = [
        ("id", "a string", true, &is_str),
        ("name", "a string", true, &is_str),
        ("kind", "a string", true, &is_str),
        ("count", "an integer", true, &is_int),
        ("points", "an integer", true, &is_int),
    ];
    for (list, what, fields) in [
        ("cards", "card", &card_fields),
        ("objectives", "objective", &objective_fields),
    ] {
        let items = obj
            .get(list)
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or(&[]);
        for (i, item) in items.iter().enumerate() {
            let who = match item.get("id").and_then(Value::as_str) {
                Some(id) => format!("{what} {id:?}"),
                None => format!("{what} #{i}"),
            };
            let o = item
                .as_object()
                .ok_or_else(|| err(format!("{who}: must be a JSON object")))?;
            for key in o.keys() {
                if !fields.iter().any(|f| f.0 == key) {
                    let names: Vec<&str> = fields.iter().map(|f| f.0).collect();
                    return Err(err(format!(
                        "{who}: unknown field {key:?}; the fields are {}",
                        names.join(", ")
                    )));
                }
            }
            for (name, want, required, ok) in fields.iter() {
                match o.get(*name) {
                    None if *required => return Err(err(format!("{who}: missing field {name:?}"))),
                    None => {}
                    Some(v) if !ok(v) => {
                        return Err(err(format!("{who}: field {name:?} must be {want}")))
                    }
                    Some(_) => {}
                }
            }
        }
    }
    Ok(())
}

fn colour_index(name: &str) -> Option<u8> {
    COLOUR_NAMES
        .iter()
        .position(|&c| c == name)
        .map(|i| i as u8)
}

fn err(message: String) -> SalonError {
    SalonError::components(message)
}

impl CardSet {
    /// Parses and validates a component file.
    pub fn parse(json: &str) -> SalonResult<CardSet> {
        let value: serde_json::Value = serde_json::from_str(json)
            .map_err(|e| err(format!("the file is not valid JSON: {e}")))?;
        check_shapes(&value)?;
        let file: ComponentFile = serde_json::from_value(value)
            .map_err(|e| err(format!("the file does not match the schema: {e}")))?;
        Self::validate(file)
    }

    pub fn substitute() -> SalonResult<CardSet> {
        Self::parse(SUBSTITUTE_JSON)
    }

    pub fn validate(file: ComponentFile) -> SalonResult<CardSet> {
        if file.name.trim().is_empty() {
            return Err(err("field \"name\" must not be empty".into()));
        }
        if file.artworks.is_empty() || file.artworks.len() > MAX_ARTWORKS {
            return Err(err(format!(
                "field \"artworks\" must name 1 to {MAX_ARTWORKS} artworks, got {}",
                file.artworks.len()
            )));
        }
        let mut by_kind: [Vec<Card>; 4] = [Vec::new(), Vec::new(), Vec::new(), Vec::new()];
        let mut seen_ids: Vec<&str> = Vec::new();
        for (i, spec) in file.cards.iter().enumerate() {
            let who = if spec.id.trim().is_empty() {
                format!("card #{i}")
            } else {
                format!("card {:?}", spec.id)
            };
            if spec.id.trim().is_empty() {
                return Err(err(format!("{who}: field \"id\" must not be empty")));
            }
            if seen_ids.contains(&spec.id.as_str()) {
                return Err(err(format!(
                    "{who}: field \"id\" repeats an earlier card's id"
                )));
            }
            seen_ids.push(&spec.id);
            let kind = match spec.kind.as_str() {
                "blank" => Kind::Blank,
                "drawn" => Kind::Drawn,
                "painted" => Kind::Painted,
                "joker" => Kind::Joker,
                other => {
                    return Err(err(format!(
                    "{who}: field \"type\" is {other:?}; expected blank, drawn, painted or joker"
                )))
                }
            };
            let card = if kind == Kind::Joker {
                if spec.colour.is_some() || spec.cost.is_some() || spec.artwork.is_some() {
                    return Err(err(format!(
                        "{who}: a joker has no \"colour\", \"cost\" or \"artwork\" field"
                    )));
                }
                Card {
                    id: spec.id.clone(),
                    kind,
                    colour: 255,
                    cost: [0; 9],
                    artwork: 255,
                    label: format!("{} (joker)", spec.id),
                }
            } else {
                let colour_name = spec
                    .colour
                    .as_deref()
                    .ok_or_else(|| err(format!("{who}: missing field \"colour\"")))?;
                let colour = colour_index(colour_name)
                    .filter(|&c| (c as usize) < NUM_BASIC)
                    .ok_or_else(|| err(format!("{who}: field \"colour\" is {colour_name:?}; expected cyan, magenta, yellow, white or black")))?;
                let cost_names = spec
                    .cost
                    .as_ref()
                    .ok_or_else(|| err(format!("{who}: missing field \"cost\"")))?;
                if cost_names.is_empty() {
                    return Err(err(format!(
                        "{who}: field \"cost\" must list at least one colour"
                    )));
                }
                let mut cost = [0u8; 9];
                let mut units = 0usize;
                for name in cost_names {
                    let c = colour_index(name).ok_or_else(|| {
                        err(format!(
                            "{who}: field \"cost\" has unknown colour {name:?}; expected one of {}",
                            COLOUR_NAMES.join(", ")
                        ))
                    })?;
                    if c as usize >= NUM_BASIC && kind != Kind::Painted {
                        return Err(err(format!(
                            "{who}: field \"cost\" asks for secondary colour {name:?}; only painted canvases may"
                        )));
                    }
                    units += if c as usize >= NUM_BASIC { 2 } else { 1 };
                    if units > MAX_COST_UNITS {
                        return Err(err(format!(
                            "{who}: field \"cost\" asks for more than {MAX_COST_UNITS} colour units (a secondary counts 2)"
                        )));
                    }
                    cost[c as usize] += 1;
                }
                let artwork = if kind == Kind::Blank {
                    if spec.artwork.is_some() {
                        return Err(err(format!(
                            "{who}: a blank canvas has no \"artwork\" field"
                        )));
                    }
                    255
                } else {
                    let a = spec
                        .artwork
                        .ok_or_else(|| err(format!("{who}: missing field \"artwork\"")))?;
                    if a < 0 || a as usize >= file.artworks.len() {
                        return Err(err(format!(
                            "{who}: field \"artwork\" is {a}; expected 0 to {} (an index into \"artworks\")",
                            file.artworks.len() - 1
                        )));
                    }
                    a as u8
                };
                let cost_text: Vec<&str> = cost_names.iter().map(String::as_str).collect();
                let art_text = if kind == Kind::Blank {
                    String::new()
                } else {
                    format!(", art {artwork} {:?}", file.artworks[artwork as usize])
                };
                Card {
                    id: spec.id.clone(),
                    kind,
                    colour,
                    cost,
                    artwork,
                    label: format!(
                        "{} ({}, {}{}, cost {})",
                        spec.id,
                        kind.name(),
                        colour_name,
                        art_text,
                        cost_text.join("+")
                    ),
                }
            };
            by_kind[kind.index()].push(card);
        }
        let wanted = [NUM_BLANK, NUM_DRAWN, NUM_PAINTED, NUM_JOKERS];
        for (k, (&want, got)) in wanted.iter().zip(by_kind.iter()).enumerate() {
            if got.len() != want {
                let name = [Kind::Blank, Kind::Drawn, Kind::Painted, Kind::Joker][k].name();
                return Err(err(format!(
                    "field \"cards\": expected {want} cards of type {name}, got {}",
                    got.len()
                )));
            }
        }
        // Every painted canvas needs a drawing of its artwork to go on.
        for p in &by_kind[2] {
            if !by_kind[1].iter().any(|d| d.artwork == p.artwork) {
                return Err(err(format!(
                    "card {:?}: field \"artwork\" is {} but no drawn canvas shows that artwork, so it could never be played",
                    p.id, p.artwork
                )));
            }
        }
        let mut max_units = [0usize; 3];
        for k in 0..3 {
            for c in &by_kind[k] {
                let u: usize = (0..9)
                    .map(|i| c.cost[i] as usize * if i >= NUM_BASIC { 2 } else { 1 })
                    .sum();
                max_units[k] = max_units[k].max(u);
            }
        }
        if file.objectives.len() != NUM_OBJECTIVES {
            return Err(err(format!(
                "field \"objectives\": expected {NUM_OBJECTIVES} objective cards, got {}",
                file.objectives.len()
            )));
        }
        let mut objectives = Vec::new();
        for (i, o) in file.objectives.iter().enumerate() {
            let who = format!("objective {:?} (#{i})", o.id);
            let kind = OBJECTIVE_KINDS
                .iter()
                .find(|(n, _)| *n == o.kind)
                .map(|&(_, k)| k)
                .ok_or_else(|| {
                    let names: Vec<&str> = OBJECTIVE_KINDS.iter().map(|(n, _)| *n).collect();
                    err(format!(
                        "{who}: field \"kind\" is {:?}; expected one of {}",
                        o.kind,
                        names.join(", ")
                    ))
                })?;
            if objectives.iter().any(|x: &Objective| x.kind == kind) {
                return Err(err(format!(
                    "{who}: field \"kind\" {:?} repeats another objective's kind",
                    o.kind
                )));
            }
            let max_count = match kind {
                ObjectiveKind::DistinctColours => NUM_BASIC as i64,
                ObjectiveKind::BlankCanvases => NUM_BLANK as i64,
                ObjectiveKind::DrawnCanvases => NUM_DRAWN as i64,
                ObjectiveKind::PaintedCanvases => NUM_PAINTED as i64,
                ObjectiveKind::SameColour => NUM_PLAYABLE as i64,
            };
            if o.count < 1 || o.count > max_count {
                return Err(err(format!(
                    "{who}: field \"count\" is {}; expected 1 to {max_count}",
                    o.count
                )));
            }
            if !(0..=20).contains(&o.points) {
                return Err(err(format!(
                    "{who}: field \"points\" is {}; expected 0 to 20",
                    o.points
                )));
            }
            objectives.push(Objective {
                id: o.id.clone(),
                name: o.name.clone(),
                kind,
                count: o.count as u8,
                points: o.points as u8,
            });
        }
        let [b, d, p, j] = by_kind;
        let cards: Vec<Card> = b.into_iter().chain(d).chain(p).chain(j).collect();
        Ok(CardSet {
            artworks: file.artworks.clone(),
            file,
            cards,
            objectives,
            max_units,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn substitute_loads_and_is_sorted_by_type() {
        let set = CardSet::substitute().unwrap();
        assert_eq!(set.cards.len(), NUM_CARDS);
        for (i, c) in set.cards.iter().enumerate() {
            assert_eq!(c.kind, kind_of(i));
        }
        assert!(set.file.substitute);
        assert!(set.file.description.contains("NOT the publisher"));
    }
}
