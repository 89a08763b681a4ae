//! Positions: the table as plain data, read back with every invariant checked.
//!
//! A game writes its position as JSON with the names a player of the game would use, and
//! builds a state from such JSON (`State::position_json`, `State::from_position`). The
//! helpers here are shared by the four games: the error naming the broken field, the serde
//! reading that turns a structural error into that error, and name lookups.

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::error::{SalonError, SalonResult};
use crate::rng::Xoshiro256StarStar;

/// The version of the position format (the `"version"` field of every position and the
/// version of the shipped JSON Schemas). Bump with any change of a game's position shape.
pub const POSITION_VERSION: u32 = 1;

/// The error for a position that breaks an invariant: `field` is the dotted path of the
/// offending field (for example `players.1.hand`).
pub fn invalid(field: impl Into<String>, problem: impl Into<String>) -> SalonError {
    SalonError::InvalidPosition {
        field: field.into(),
        problem: problem.into(),
    }
}

/// Reads a position struct from JSON text. Structural errors (bad JSON, a missing or
/// unknown field, a value of the wrong type) become [`SalonError::InvalidPosition`] naming
/// the dotted path of the field.
pub fn parse<T: DeserializeOwned>(text: &str) -> SalonResult<T> {
    serde_json::from_str(text).map_err(|e| structural_error::<T>(text, e))
}

/// Locates a serde error: the text is re-read as a JSON value and pretty-printed (one
/// field per line), read again, and the line of the error is turned into the field's path.
fn structural_error<T: DeserializeOwned>(text: &str, first: serde_json::Error) -> SalonError {
    let Ok(value) = serde_json::from_str::<serde_json::Value>(text) else {
        return invalid("position", format!("not valid JSON: {first}"));
    };
    let pretty = serde_json::to_string_pretty(&value).unwrap_or_default();
    let Err(e) = serde_json::from_str::<T>(&pretty) else {
        return invalid("position", first.to_string());
    };
    let message = e.to_string();
    let mut path = path_at_line(&pretty, e.line());
    if message.starts_with("missing field") {
        if let Some(name) = backquoted(&message) {
            path = if path.is_empty() {
                name
            } else {
                format!("{path}.{name}")
            };
        }
    }
    let problem = message
        .split(" at line ")
        .next()
        .unwrap_or(&message)
        .to_string();
    invalid(
        if path.is_empty() {
            "position".to_string()
        } else {
            path
        },
        problem,
    )
}

/// The dotted path of the value on line `line` (1-based) of pretty-printed JSON; for a
/// closing bracket, the path of the container it closes.
fn path_at_line(pretty: &str, line: usize) -> String {
    struct Frame {
        name: String,
        is_array: bool,
        next_index: usize,
    }
    let mut stack: Vec<Frame> = Vec::new();
    let join = |stack: &[Frame], last: Option<&str>| -> String {
        let mut parts: Vec<&str> = stack
            .iter()
            .map(|f| f.name.as_str())
            .filter(|n| !n.is_empty())
            .collect();
        if let Some(l) = last {
            parts.push(l);
        }
        parts.join(".")
    };
    for (i, raw) in pretty.lines().enumerate() {
        let t = raw.trim().trim_end_matches(',');
        let at_error = i + 1 == line;
        if t == "}" || t == "]" {
            if at_error {
                return join(&stack, None);
            }
            stack.pop();
            continue;
        }
        let (segment, rest) = match stack.last_mut() {
            None => (String::new(), t),
            Some(top) if top.is_array => {
                top.next_index += 1;
                ((top.next_index - 1).to_string(), t)
            }
            Some(_) => match t.strip_prefix('"').and_then(|r| r.split_once("\": ")) {
                Some((key, rest)) => (key.to_string(), rest),
                None => (String::new(), t),
            },
        };
        if at_error {
            return join(&stack, Some(&segment));
        }
        if rest == "{" || rest == "[" {
            stack.push(Frame {
                name: segment,
                is_array: rest == "[",
                next_index: 0,
            });
        }
    }
    join(&stack, None)
}

/// The first `` `name` `` in a serde message: the field a missing-field error names.
fn backquoted(message: &str) -> Option<String> {
    let start = message.find('`')? + 1;
    let len = message[start..].find('`')?;
    Some(message[start..start + len].to_string())
}

/// JSON text of a position struct (serialization of plain data cannot fail).
pub fn write<T: Serialize>(position: &T) -> String {
    serde_json::to_string(position).unwrap_or_else(|e| format!("{{\"error\":{:?}}}", e.to_string()))
}

/// Checks the `version` field.
pub fn check_version(version: u32) -> SalonResult<()> {
    if version != POSITION_VERSION {
        return Err(invalid(
            "version",
            format!("this engine reads position version {POSITION_VERSION}, got {version}"),
        ));
    }
    Ok(())
}

/// Checks the `game` field.
pub fn check_game(given: &str, expected: &str) -> SalonResult<()> {
    if given != expected {
        return Err(invalid(
            "game",
            format!("the position is of game {given:?}, not {expected:?}"),
        ));
    }
    Ok(())
}

/// The fields every position opens with, as read from its JSON.
#[derive(Clone, Copy, Debug)]
pub struct Header<'a> {
    pub game: &'a str,
    pub version: u32,
    pub num_players: u64,
}

/// Checks the opening of every position: the game's name, the format version, and the player
/// count of the game it is loaded into (`players`), in that order, so that each game writes only
/// what is its own.
pub fn check_header(header: Header<'_>, game: &str, players: usize) -> SalonResult<()> {
    check_game(header.game, game)?;
    check_version(header.version)?;
    check_players(header, players)
}

/// [`check_header`] for a game that reads positions of several versions of its own format
/// (`versions`, ascending): the error names them.
pub fn check_header_versions(
    header: Header<'_>,
    game: &str,
    players: usize,
    versions: &[u32],
) -> SalonResult<()> {
    check_game(header.game, game)?;
    if !versions.contains(&header.version) {
        let names: Vec<String> = versions.iter().map(u32::to_string).collect();
        return Err(invalid(
            "version",
            format!(
                "this engine reads {game} positions of version {}, got {}",
                names.join(" and "),
                header.version
            ),
        ));
    }
    check_players(header, players)
}

fn check_players(header: Header<'_>, players: usize) -> SalonResult<()> {
    if header.num_players != players as u64 {
        return Err(invalid(
            "num_players",
            format!(
                "this game has {players} players, the position {}",
                header.num_players
            ),
        ));
    }
    Ok(())
}

/// The value named `name` in a table of `(name, value)` pairs (a phase, a stage), or an error
/// naming `field` and the names it may take.
pub fn named<T: Copy>(table: &[(&str, T)], field: &str, name: &str) -> SalonResult<T> {
    table
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| *v)
        .ok_or_else(|| {
            let names: Vec<&str> = table.iter().map(|(n, _)| *n).collect();
            invalid(
                field,
                format!("{name:?} is not one of {}", names.join(", ")),
            )
        })
}

/// The index of `name` in `names`, or an error naming `field` and the choices.
pub fn index_of(names: &[&str], field: &str, name: &str) -> SalonResult<usize> {
    names.iter().position(|n| *n == name).ok_or_else(|| {
        invalid(
            field,
            format!("{name:?} is not one of {}", names.join(", ")),
        )
    })
}

/// Same as [`index_of`] for owned names (card names read from component files).
pub fn index_of_owned(names: &[String], field: &str, name: &str) -> SalonResult<usize> {
    names
        .iter()
        .position(|n| n == name)
        .ok_or_else(|| invalid(field, format!("{name:?} is not a card of this game")))
}

/// Checks `value <= max`.
pub fn at_most(field: &str, value: u64, max: u64) -> SalonResult<()> {
    if value > max {
        return Err(invalid(
            field,
            format!("{value} is more than the {max} allowed"),
        ));
    }
    Ok(())
}

/// Checks that a player index is below `n`.
pub fn player_in_range(field: &str, player: u64, n: usize) -> SalonResult<()> {
    if player >= n as u64 {
        return Err(invalid(
            field,
            format!(
                "player {player} does not exist: players are 0 to {}",
                n.saturating_sub(1)
            ),
        ));
    }
    Ok(())
}

/// Marks every card of `cards` as seen in `seen` (indexed by card id), refusing a card met
/// twice: the check that every card is in exactly one place.
pub fn claim(seen: &mut [bool], card: usize, field: &str, name: &str) -> SalonResult<()> {
    match seen.get_mut(card) {
        None => Err(invalid(
            field,
            format!("{name:?} is not a card of this game"),
        )),
        Some(true) => Err(invalid(
            field,
            format!("{name:?} appears twice in the position"),
        )),
        Some(slot) => {
            *slot = true;
            Ok(())
        }
    }
}

/// The cards `seen` does not mark, shuffled by `rng`: what a hidden-information position's
/// unknown cards are drawn from (uniformly, as the deck's chance nodes draw).
pub fn unseen_shuffled(seen: &[bool], rng: &mut Xoshiro256StarStar) -> Vec<usize> {
    let mut out: Vec<usize> = (0..seen.len()).filter(|&c| !seen[c]).collect();
    for i in (1..out.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        out.swap(i, j);
    }
    out
}

/// Card names to ids, built once per position read (a linear search per card cost more
/// than the rest of reading a position).
pub struct NameIndex<'a> {
    ids: std::collections::HashMap<&'a str, usize>,
    what: &'static str,
}

impl<'a> NameIndex<'a> {
    /// `what` names the kind of card in errors ("card", "painting", "patron"...).
    pub fn new(names: impl Iterator<Item = &'a str>, what: &'static str) -> Self {
        let mut ids = std::collections::HashMap::with_capacity(128);
        for (i, name) in names.enumerate() {
            ids.entry(name).or_insert(i);
        }
        NameIndex { ids, what }
    }

    /// The id of `name`, or an error naming `field`.
    pub fn id(&self, field: &str, name: &str) -> SalonResult<usize> {
        self.ids.get(name).copied().ok_or_else(|| {
            invalid(
                field,
                format!("{name:?} is not a {} of this game", self.what),
            )
        })
    }
}
