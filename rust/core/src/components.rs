//! Component sets: the card and board data a game is played with.
//!
//! Each game embeds a substitute set (its own design, labelled as not the publisher's) and
//! can load a user's file with the same JSON schema instead. The set's name and a hash of
//! its canonical JSON identify it in records and serialized states.

use sha2::{Digest, Sha256};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentInfo {
    /// The set's own name, from its file.
    pub name: String,
    /// True for the engine's substitute set, which is not the publisher's data.
    pub substitute: bool,
    /// First 16 hex digits of the SHA-256 of the canonical JSON.
    pub hash: String,
    /// The canonical JSON text (keys sorted, no spaces).
    pub json: String,
}

impl ComponentInfo {
    /// How boards and texts name the set: "substitute components (not the publisher's)" only
    /// for a set marked substitute; otherwise "components: <name>".
    pub fn label(&self) -> String {
        if self.substitute {
            "substitute components (not the publisher's)".to_string()
        } else {
            format!("components: {}", self.name)
        }
    }

    /// Builds the info from any serializable component data.
    pub fn of<T: serde::Serialize>(name: &str, substitute: bool, data: &T) -> ComponentInfo {
        // serde_json::Value keeps object keys sorted (no preserve_order feature), so this
        // text is canonical for equal data.
        let value = serde_json::to_value(data).unwrap_or(serde_json::Value::Null);
        let json = value.to_string();
        let digest = Sha256::digest(json.as_bytes());
        let hash: String = digest.iter().take(8).map(|b| format!("{b:02x}")).collect();
        ComponentInfo {
            name: name.to_string(),
            substitute,
            hash,
            json,
        }
    }
}
