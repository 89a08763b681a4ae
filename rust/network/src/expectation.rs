//! What a game asks of a network.

use salon_core::{SalonError, SalonResult};

/// The frame of a network's value output.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ValueFrame {
    /// Column `p` is seat `p`'s win share.
    Seat,
    /// Column `k` is the win share of the player `k` seats after the player to move.
    Mover,
}

impl ValueFrame {
    pub fn name(self) -> &'static str {
        match self {
            ValueFrame::Seat => "seat",
            ValueFrame::Mover => "mover",
        }
    }

    pub fn from_name(name: &str) -> SalonResult<ValueFrame> {
        match name.trim().to_ascii_lowercase().as_str() {
            "seat" => Ok(ValueFrame::Seat),
            "mover" => Ok(ValueFrame::Mover),
            other => Err(SalonError::network(format!(
                "metadata salon.value_frame is {other:?}; it must be \"seat\" or \"mover\""
            ))),
        }
    }
}

/// The shapes a game's network must have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetworkExpectation {
    /// The game's engine name (a network whose metadata names another game is refused).
    pub game: String,
    pub observation_shape: Vec<usize>,
    pub num_actions: usize,
    pub num_players: usize,
}

impl NetworkExpectation {
    pub fn observation_size(&self) -> usize {
        self.observation_shape.iter().product()
    }
}
