//! Who acts at a node: a player, chance, or nobody (the game is over).

/// OpenSpiel's id for chance nodes.
pub const CHANCE: i32 = -1;
/// OpenSpiel's id for terminal states.
pub const TERMINAL: i32 = -4;
/// The most players any salon game seats; fixed-size per-player arrays use it.
pub const MAX_PLAYERS: usize = 5;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Actor {
    Player(u8),
    Chance,
    Terminal,
}

impl Actor {
    /// The OpenSpiel-style integer: the player index, [`CHANCE`] or [`TERMINAL`].
    pub fn id(self) -> i32 {
        match self {
            Actor::Player(p) => p as i32,
            Actor::Chance => CHANCE,
            Actor::Terminal => TERMINAL,
        }
    }

    pub fn player(self) -> Option<usize> {
        match self {
            Actor::Player(p) => Some(p as usize),
            _ => None,
        }
    }
}
