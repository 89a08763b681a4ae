//! The one error type of the engine. The bindings turn each variant into its own Python
//! exception class in a single `match`.

use std::fmt;

use crate::action::Action;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SalonError {
    /// No game of that name is registered.
    UnknownGame { name: String, known: Vec<String> },
    /// A parameter is unknown, of the wrong type or out of range.
    InvalidParameter { name: String, message: String },
    /// The action is not legal at this node (wrong id, wrong phase, chance outcome at a
    /// decision node or the reverse).
    IllegalAction { action: i64, message: String },
    /// A string that names no legal action at this node.
    UnknownActionString { text: String },
    /// A player index outside `[0, num_players)`.
    InvalidPlayer { player: i64, num_players: usize },
    /// An operation that needs a node kind this state is not at (for example sampling a
    /// chance outcome at a decision node, or acting on a finished game).
    WrongNode { message: String },
    /// A component file that does not parse or does not satisfy its schema.
    InvalidComponents { message: String },
    /// A serialized state or record that does not parse or does not replay.
    InvalidSerialization { message: String },
    /// `pop` with nothing to undo.
    NothingToUndo,
    /// A long call stopped early because its caller asked it to (the bindings raise
    /// `KeyboardInterrupt`); whatever it was changing is left as it was.
    Interrupted,
    /// A position (the table as data) that does not parse or breaks an invariant of the
    /// game; `field` is the dotted path of the offending field.
    InvalidPosition { field: String, problem: String },
    /// A network file that does not load, does not fit the game, or gave unusable outputs.
    InvalidNetwork { message: String },
}

pub type SalonResult<T> = Result<T, SalonError>;

impl SalonError {
    pub fn illegal(action: Action, message: impl Into<String>) -> Self {
        SalonError::IllegalAction {
            action: action.into(),
            message: message.into(),
        }
    }
    pub fn param(name: impl Into<String>, message: impl Into<String>) -> Self {
        SalonError::InvalidParameter {
            name: name.into(),
            message: message.into(),
        }
    }
    pub fn components(message: impl Into<String>) -> Self {
        SalonError::InvalidComponents {
            message: message.into(),
        }
    }
    pub fn serialization(message: impl Into<String>) -> Self {
        SalonError::InvalidSerialization {
            message: message.into(),
        }
    }
    pub fn wrong_node(message: impl Into<String>) -> Self {
        SalonError::WrongNode {
            message: message.into(),
        }
    }
    pub fn network(message: impl Into<String>) -> Self {
        SalonError::InvalidNetwork {
            message: message.into(),
        }
    }
}

impl fmt::Display for SalonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SalonError::UnknownGame { name, known } => {
                write!(
                    f,
                    "unknown game {name:?}; registered games: {}",
                    known.join(", ")
                )
            }
            SalonError::InvalidParameter { name, message } => {
                write!(f, "invalid parameter {name:?}: {message}")
            }
            SalonError::IllegalAction { action, message } => {
                write!(f, "illegal action {action}: {message}")
            }
            SalonError::UnknownActionString { text } => {
                write!(f, "no legal action is written {text:?} at this node")
            }
            SalonError::InvalidPlayer {
                player,
                num_players,
            } => {
                write!(
                    f,
                    "player {player} is out of range: this game has players 0 to {}",
                    num_players.saturating_sub(1)
                )
            }
            SalonError::WrongNode { message } => write!(f, "{message}"),
            SalonError::InvalidComponents { message } => {
                write!(f, "invalid component file: {message}")
            }
            SalonError::InvalidSerialization { message } => {
                write!(f, "invalid serialized state: {message}")
            }
            SalonError::NothingToUndo => write!(
                f,
                "nothing to undo: the state is at the start of its history"
            ),
            SalonError::Interrupted => write!(f, "interrupted"),
            SalonError::InvalidPosition { field, problem } => {
                write!(f, "invalid position: {field}: {problem}")
            }
            SalonError::InvalidNetwork { message } => write!(f, "network: {message}"),
        }
    }
}

impl std::error::Error for SalonError {}
