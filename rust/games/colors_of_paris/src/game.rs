//! The game type: its parameters, its component data and its declared sizes.

use std::sync::Arc;

use crate::components;
use crate::components::Components;
use salon_core::{ComponentInfo, GameInfo, ParamSpec, Params, SalonResult};

/// The game: parameters and component data, shared by all states.
#[derive(Clone, Debug)]
pub struct ColorsOfParis {
    pub(crate) params: Params,
    pub(crate) info: ComponentInfo,
    pub(crate) data: Arc<Components>,
    pub(crate) num_players: usize,
    pub(crate) advanced: bool,
    pub(crate) num_easels: usize,
    /// Bottom spaces covered by forbidden-action tiles at this player count.
    pub(crate) covered: u32,
}

impl ColorsOfParis {
    /// The facts the game declares once (`Game::info`).
    pub(crate) const INFO: GameInfo = GameInfo {
        name: "colors_of_paris",
        long_name: "Colors of Paris",
        min_players: 2,
        max_players: 4,
        perfect_information: false,
    };

    /// The parameters the game accepts (`Game::param_specs`).
    pub(crate) fn declared_params() -> Vec<ParamSpec> {
        vec![
            Self::INFO.players_param("number of players"),
            ParamSpec::flag(
                "advanced",
                false,
                "advanced rules: bonus cards (taken instead of a painting) and painter tiles",
            ),
        ]
    }

    /// Builds the game from resolved parameters and an optional component file (`Game::new`).
    pub(crate) fn build(params: &Params, components_json: Option<&str>) -> SalonResult<Self> {
        let players = Self::INFO.players(params)?;
        let json = components_json.unwrap_or(components::SUBSTITUTE_JSON);
        let (data, raw) = Components::parse(json)?;
        let info = ComponentInfo::of(&data.name, data.substitute, &raw);
        let n = players;
        let covered = match n {
            2 => data.covered_2p,
            3 => data.covered_3p,
            _ => 0,
        };
        Ok(ColorsOfParis {
            params: params.clone(),
            info,
            data: Arc::new(data),
            num_players: n,
            advanced: params.bool("advanced"),
            num_easels: if n == 2 { 3 } else { 4 },
            covered,
        })
    }

    /// The validated component data in use.
    pub fn data(&self) -> &Components {
        &self.data
    }

    /// True with the advanced rules (bonus cards and painter tiles).
    pub fn advanced(&self) -> bool {
        self.advanced
    }

    /// Easels in play (3 at 2 players, 4 otherwise).
    pub fn num_easels(&self) -> usize {
        self.num_easels
    }

    /// Whether bottom placement space `s` is covered by a forbidden-action tile.
    pub fn is_covered(&self, s: usize) -> bool {
        s < 32 && self.covered & (1 << s) != 0
    }

    /// The wheel action facing bottom sector `b` when the wheel is at `rotation` (wheel
    /// sector w faces bottom sector (w + rotation) mod sectors).
    pub(crate) fn action_facing(&self, rotation: u8, b: usize) -> components::WheelAction {
        let n = self.data.num_sectors.max(1);
        self.data.wheel[(b + n - rotation as usize % n) % n]
    }

    /// The id of a painting card by its name in the component file.
    pub(crate) fn painting_id(&self, name: &str) -> Option<usize> {
        self.data.paintings.iter().position(|p| p.name == name)
    }

    /// The id of a bonus card by its name in the component file.
    pub(crate) fn bonus_id(&self, name: &str) -> Option<usize> {
        self.data.bonus_cards.iter().position(|b| b.name == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use salon_core::{Game, ParamValue};

    fn game(players: i64, advanced: bool) -> ColorsOfParis {
        let p = Params::new()
            .with("players", ParamValue::Int(players))
            .with("advanced", ParamValue::Bool(advanced));
        ColorsOfParis::with_params(&p, None).unwrap()
    }

    #[test]
    fn declared_sizes() {
        for (players, length) in [(2, 13_726), (3, 16_448), (4, 19_129)] {
            for advanced in [false, true] {
                let g = game(players, advanced);
                assert_eq!(g.num_distinct_actions(), 809);
                assert_eq!(g.max_chance_outcomes(), 59);
                assert_eq!(g.observation_tensor_shape(), vec![1870]);
                assert_eq!(g.max_game_length(), length, "players {players}");
            }
        }
    }

    #[test]
    fn bad_players_rejected() {
        let p = Params::new().with("players", ParamValue::Int(5));
        assert!(ColorsOfParis::with_params(&p, None).is_err());
    }
}
