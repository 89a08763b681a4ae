//! The component schema (strips, window values, broken-glass track, ornaments), its
//! validation with clear errors, and loading.
//!
//! The file is parsed with serde into [`ComponentFile`] (every field optional, unknown
//! fields rejected), then checked field by field into [`Components`], whose messages name
//! the strip, face, space or field at fault.

use serde::{Deserialize, Serialize};

use salon_core::{SalonError, SalonResult};

/// The embedded substitute set (our design, not the publisher's data).
pub const SUBSTITUTE_JSON: &str = include_str!("../components/substitute.json");

/// Number of glass colours.
pub const NUM_COLOURS: usize = 5;
/// Strips (and slots, and windows) per player.
pub const NUM_SLOTS: usize = 8;
/// Spaces on a strip face.
pub const STRIP_SPACES: usize = 5;
/// The value of a joker space in a face layout (colours are 0..5).
pub const JOKER: u8 = 5;
/// The longest broken-glass track a component file may declare.
pub const MAX_TRACK: usize = 16;
/// The most ornaments a component file may declare.
pub const MAX_ORNAMENTS: usize = 8;

/// The substitute colour names (two of the published names are not public), in id order.
pub const COLOUR_NAMES: [&str; NUM_COLOURS] = ["blue", "yellow", "red", "green", "violet"];

/// One strip as written in the file.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct StripFile {
    pub id: Option<i64>,
    pub faces: Option<Vec<Vec<String>>>,
}

/// The window values of both palace-board sides as written in the file.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct WindowValuesFile {
    #[serde(rename = "A")]
    pub a: Option<Vec<i64>>,
    #[serde(rename = "B")]
    pub b: Option<Vec<i64>>,
}

/// The component file as written (every field optional so that a missing one gets a clear
/// message naming it).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ComponentFile {
    pub name: Option<String>,
    pub substitute: Option<bool>,
    pub description: Option<String>,
    pub strips: Option<Vec<StripFile>>,
    pub window_values: Option<WindowValuesFile>,
    pub broken_glass_track: Option<Vec<i64>>,
    pub ornaments: Option<Vec<Vec<i64>>>,
}

/// The validated component data ([`Components::to_file`] is what is hashed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Components {
    pub name: String,
    pub substitute: bool,
    pub description: String,
    /// `strips[s][face][space]`: a colour id 0..5 or [`JOKER`].
    pub strips: [[[u8; STRIP_SPACES]; 2]; NUM_SLOTS],
    pub window_values_a: [u8; NUM_SLOTS],
    pub window_values_b: [u8; NUM_SLOTS],
    /// Track values from the top space (0) down; the last one is the reset space.
    pub broken_glass_track: Vec<i16>,
    /// Pairs of window indices; each ornament is surrounded by the 4 frame spaces of its pair.
    pub ornaments: Vec<[u8; 2]>,
}

fn err(message: impl Into<String>) -> SalonError {
    SalonError::components(message)
}

/// Parses a colour name (or `joker`).
pub fn parse_space(name: &str) -> Option<u8> {
    if name == "joker" {
        return Some(JOKER);
    }
    COLOUR_NAMES
        .iter()
        .position(|&c| c == name)
        .map(|c| c as u8)
}

fn window_values(side: &str, values: Option<&Vec<i64>>) -> SalonResult<[u8; NUM_SLOTS]> {
    let values = values.ok_or_else(|| err(format!("window_values: missing field \"{side}\"")))?;
    if values.len() != NUM_SLOTS {
        return Err(err(format!(
            "window_values.{side}: expected {NUM_SLOTS} values (one per window), got {}",
            values.len()
        )));
    }
    let mut out = [0u8; NUM_SLOTS];
    for (i, &v) in values.iter().enumerate() {
        if !(0..=20).contains(&v) {
            return Err(err(format!(
                "window_values.{side}[{i}]: value {v} is out of range (0 to 20)"
            )));
        }
        out[i] = v as u8;
    }
    Ok(out)
}

impl Components {
    /// Parses and validates a component file.
    pub fn parse(json: &str) -> SalonResult<Components> {
        let file: ComponentFile = serde_json::from_str(json)
            .map_err(|e| err(format!("not a valid component file: {e}")))?;
        Components::validate(&file)
    }

    /// Checks every field of a parsed file.
    pub fn validate(file: &ComponentFile) -> SalonResult<Components> {
        let name = file
            .name
            .clone()
            .ok_or_else(|| err("missing field \"name\""))?;
        if name.trim().is_empty() {
            return Err(err("field \"name\" is empty"));
        }
        let substitute = file
            .substitute
            .ok_or_else(|| err("missing field \"substitute\" (true or false)"))?;
        let description = file
            .description
            .clone()
            .ok_or_else(|| err("missing field \"description\""))?;

        let strips_file = file
            .strips
            .as_ref()
            .ok_or_else(|| err("missing field \"strips\""))?;
        if strips_file.len() != NUM_SLOTS {
            return Err(err(format!(
                "strips: expected {NUM_SLOTS} strips, got {}",
                strips_file.len()
            )));
        }
        let mut strips = [[[0u8; STRIP_SPACES]; 2]; NUM_SLOTS];
        for (s, strip) in strips_file.iter().enumerate() {
            match strip.id {
                None => return Err(err(format!("strip {s}: missing field \"id\""))),
                Some(id) if id != s as i64 => {
                    return Err(err(format!(
                        "strip {s}: id is {id}; strips must be listed with ids 0 to 7 in order"
                    )))
                }
                Some(_) => {}
            }
            let faces = strip
                .faces
                .as_ref()
                .ok_or_else(|| err(format!("strip {s}: missing field \"faces\"")))?;
            if faces.len() != 2 {
                return Err(err(format!(
                    "strip {s}: expected 2 faces, got {}",
                    faces.len()
                )));
            }
            let mut jokers = [0usize; 2];
            for (f, face) in faces.iter().enumerate() {
                if face.len() != STRIP_SPACES {
                    return Err(err(format!(
                        "strip {s} face {f}: expected {STRIP_SPACES} spaces, got {}",
                        face.len()
                    )));
                }
                for (i, space) in face.iter().enumerate() {
                    let v = parse_space(space).ok_or_else(|| {
                        err(format!(
                            "strip {s} face {f} space {i}: unknown colour {space:?} (expected blue, yellow, red, green, violet or joker)"
                        ))
                    })?;
                    if v == JOKER {
                        jokers[f] += 1;
                    }
                    strips[s][f][i] = v;
                }
            }
            if jokers[0] > 0 && jokers[1] > 0 {
                return Err(err(format!(
                    "strip {s}: both faces have joker spaces; a joker face is turned down at set-up, so the other face must have none"
                )));
            }
        }

        let wv = file
            .window_values
            .as_ref()
            .ok_or_else(|| err("missing field \"window_values\""))?;
        let window_values_a = window_values("A", wv.a.as_ref())?;
        let window_values_b = window_values("B", wv.b.as_ref())?;

        let track_file = file
            .broken_glass_track
            .as_ref()
            .ok_or_else(|| err("missing field \"broken_glass_track\""))?;
        if track_file.len() < 2 || track_file.len() > MAX_TRACK {
            return Err(err(format!(
                "broken_glass_track: expected 2 to {MAX_TRACK} spaces, got {}",
                track_file.len()
            )));
        }
        let mut broken_glass_track = Vec::with_capacity(track_file.len());
        for (i, &v) in track_file.iter().enumerate() {
            if !(-100..=0).contains(&v) {
                return Err(err(format!(
                    "broken_glass_track[{i}]: value {v} is out of range (-100 to 0)"
                )));
            }
            if i == 0 && v != 0 {
                return Err(err(format!(
                    "broken_glass_track[0]: the top space must be 0, got {v}"
                )));
            }
            if let Some(&prev) = broken_glass_track.last() {
                if (v as i16) > prev {
                    return Err(err(format!(
                        "broken_glass_track[{i}]: value {v} is above the previous space ({prev}); values must not increase down the track"
                    )));
                }
            }
            broken_glass_track.push(v as i16);
        }
        if broken_glass_track.last().copied().unwrap_or(0) >= 0 {
            return Err(err(
                "broken_glass_track: the last (reset) space must be negative",
            ));
        }

        let orn_file = file
            .ornaments
            .as_ref()
            .ok_or_else(|| err("missing field \"ornaments\""))?;
        if orn_file.is_empty() || orn_file.len() > MAX_ORNAMENTS {
            return Err(err(format!(
                "ornaments: expected 1 to {MAX_ORNAMENTS} ornaments, got {}",
                orn_file.len()
            )));
        }
        let mut ornaments = Vec::with_capacity(orn_file.len());
        for (k, pair) in orn_file.iter().enumerate() {
            if pair.len() != 2 {
                return Err(err(format!(
                    "ornament {k}: expected a pair of window indices, got {} values",
                    pair.len()
                )));
            }
            for &w in pair {
                if !(0..NUM_SLOTS as i64).contains(&w) {
                    return Err(err(format!(
                        "ornament {k}: window index {w} is out of range (0 to 7)"
                    )));
                }
            }
            if pair[0] == pair[1] {
                return Err(err(format!(
                    "ornament {k}: the two windows must differ, got {} twice",
                    pair[0]
                )));
            }
            ornaments.push([pair[0] as u8, pair[1] as u8]);
        }

        Ok(Components {
            name,
            substitute,
            description,
            strips,
            window_values_a,
            window_values_b,
            broken_glass_track,
            ornaments,
        })
    }

    /// The data back in the file schema (every field present), for hashing and saving:
    /// `Components::validate(&c.to_file())` gives `c` back.
    pub fn to_file(&self) -> ComponentFile {
        let strips = self
            .strips
            .iter()
            .enumerate()
            .map(|(s, faces)| StripFile {
                id: Some(s as i64),
                faces: Some(
                    faces
                        .iter()
                        .map(|f| f.iter().map(|&v| space_name(v).to_string()).collect())
                        .collect(),
                ),
            })
            .collect();
        ComponentFile {
            name: Some(self.name.clone()),
            substitute: Some(self.substitute),
            description: Some(self.description.clone()),
            strips: Some(strips),
            window_values: Some(WindowValuesFile {
                a: Some(self.window_values_a.iter().map(|&v| v as i64).collect()),
                b: Some(self.window_values_b.iter().map(|&v| v as i64).collect()),
            }),
            broken_glass_track: Some(self.broken_glass_track.iter().map(|&v| v as i64).collect()),
            ornaments: Some(
                self.ornaments
                    .iter()
                    .map(|o| o.iter().map(|&w| w as i64).collect())
                    .collect(),
            ),
        }
    }

    /// The strip face layout as text (`blue blue yellow red green`).
    pub fn face_text(&self, strip: usize, face: usize) -> String {
        let mut parts = Vec::with_capacity(STRIP_SPACES);
        for &v in &self.strips[strip % NUM_SLOTS][face % 2] {
            parts.push(space_name(v));
        }
        parts.join(" ")
    }
}

/// The name of a space value (a colour or `joker`).
pub fn space_name(v: u8) -> &'static str {
    match COLOUR_NAMES.get(v as usize) {
        Some(n) => n,
        None => "joker",
    }
}

/// The name of a colour id (out-of-range ids print as `?`).
pub fn colour_name(c: usize) -> &'static str {
    COLOUR_NAMES.get(c).copied().unwrap_or("?")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn substitute_set_is_valid_and_balanced() {
        let c = Components::parse(SUBSTITUTE_JSON).unwrap();
        assert!(c.substitute);
        let mut counts = [0usize; 6];
        let mut joker_faces = 0;
        for strip in &c.strips {
            for face in strip {
                let j = face.iter().filter(|&&v| v == JOKER).count();
                if j > 0 {
                    assert_eq!(j, 2);
                    joker_faces += 1;
                }
                for &v in face {
                    counts[v as usize] += 1;
                }
            }
        }
        assert_eq!(joker_faces, 1);
        assert_eq!(counts[JOKER as usize], 2);
        for &n in &counts[..5] {
            assert!(n == 15 || n == 16, "unbalanced colour counts {counts:?}");
        }
        assert!(c.window_values_a.contains(&2) && c.window_values_b.contains(&2));
        assert!(c
            .window_values_a
            .iter()
            .chain(&c.window_values_b)
            .all(|&v| (1..=4).contains(&v)));
        assert_eq!(
            c.broken_glass_track,
            vec![0, -1, -2, -4, -6, -8, -11, -14, -18]
        );
        let back = Components::validate(&c.to_file()).unwrap();
        assert_eq!(back, c);
    }
}
