//! What a registered game is, without building one (the list itself is `registry.rs`'s
//! [`crate::catalogue`]).

use salon_core::{Game, ParamSpec};

#[derive(Clone, Debug)]
pub struct GameEntry {
    pub name: &'static str,
    pub long_name: &'static str,
    pub min_players: usize,
    pub max_players: usize,
    pub perfect_information: bool,
    pub params: Vec<ParamSpec>,
}

impl GameEntry {
    pub(crate) fn of<G: Game>() -> GameEntry {
        let info = G::info();
        GameEntry {
            name: info.name,
            long_name: info.long_name,
            min_players: info.min_players,
            max_players: info.max_players,
            perfect_information: info.perfect_information,
            params: G::param_specs(),
        }
    }
}
