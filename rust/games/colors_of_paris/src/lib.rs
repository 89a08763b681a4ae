//! Colors of Paris (engine name `colors_of_paris`) for the salon engine.
//!
//! 2 to 4 players; basic or advanced rules (bonus cards and painter tiles). The wheel
//! layout, forbidden spaces, track values, upgrade costs, paintings, bonus cards and painter
//! tiles of the published game are not public: the game ships a SUBSTITUTE component set
//! (`components/substitute.json`, not the publisher's data) and accepts a user's own file
//! with the same schema. See `docs/rules/colors_of_paris.md`.

pub mod actions;
pub mod components;
mod moves;
mod observation;
pub mod position;
mod render;
mod scoring;
pub mod state;
mod svg;
#[doc(hidden)]
pub mod testing;

use std::sync::Arc;

use salon_core::{ComponentInfo, Game, GameInfo, ParamSpec, Params, SalonResult};

pub use components::Components;
pub use state::ColorsOfParisState;

/// The game: parameters and component data, shared by all states.
#[derive(Clone, Debug)]
pub struct ColorsOfParis {
    params: Params,
    info: ComponentInfo,
    pub(crate) data: Arc<Components>,
    pub(crate) num_players: usize,
    pub(crate) advanced: bool,
    pub(crate) num_easels: usize,
    /// Bottom spaces covered by forbidden-action tiles at this player count.
    pub(crate) covered: u32,
}

impl ColorsOfParis {
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

impl Game for ColorsOfParis {
    type State = ColorsOfParisState;

    fn info() -> GameInfo {
        GameInfo {
            name: "colors_of_paris",
            long_name: "Colors of Paris",
            min_players: 2,
            max_players: 4,
            perfect_information: false,
        }
    }

    fn param_specs() -> Vec<ParamSpec> {
        vec![
            Self::info().players_param("number of players"),
            ParamSpec::flag(
                "advanced",
                false,
                "advanced rules: bonus cards (taken instead of a painting) and painter tiles",
            ),
        ]
    }

    fn new(params: &Params, components_json: Option<&str>) -> SalonResult<Self> {
        let players = Self::info().players(params)?;
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

    fn params(&self) -> &Params {
        &self.params
    }

    fn components(&self) -> &ComponentInfo {
        &self.info
    }

    fn num_players(&self) -> usize {
        self.num_players
    }

    fn num_distinct_actions(&self) -> usize {
        // The black-paying upgrade ids exist only for a component file whose upgrade cost
        // accepts black; otherwise the action space ends before them.
        if self
            .data
            .upgrade_cost
            .iter()
            .any(|c| c.accepts(components::BLACK))
        {
            actions::NUM_ACTIONS
        } else {
            actions::BLACK_UPGRADE_BASE
        }
    }

    fn max_chance_outcomes(&self) -> usize {
        actions::NUM_CHANCE_OUTCOMES
    }

    /// Derived bound (see `docs/rules/colors_of_paris.md`):
    /// set-up (first player, painters, easels) plus, per round (at most `MAX_ROUNDS`):
    /// placements (6 per player), per assistant at most 2 choices (use, copy target) plus the
    /// longest action (a paint action: max brush placements and a stop; an upgrade: 2; a
    /// take: 2 with the bonus draw), the rotation choice, easel draws, discards (never more
    /// than all pigments of the game) and the keep choices.
    fn max_game_length(&self) -> usize {
        let n = self.num_players;
        let setup = 1 + n + self.num_easels;
        let assistants = state::MAX_ASSISTANTS as usize * n;
        let per_assistant = 2 + (self.data.max_brush() + 1).max(2);
        let pigments: usize = state::SUPPLY[..7].iter().map(|&x| x as usize).sum();
        let per_round =
            assistants + assistants * per_assistant + 1 + self.num_easels + pigments + n;
        setup + state::MAX_ROUNDS as usize * per_round
    }

    fn observation_tensor_shape(&self) -> Vec<usize> {
        vec![observation::TENSOR_SIZE]
    }

    fn new_initial_state(&self) -> ColorsOfParisState {
        ColorsOfParisState::new(self)
    }

    fn move_fields(&self, action: salon_core::Action) -> salon_core::MoveFields {
        crate::moves::move_fields(self, action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use salon_core::ParamValue;

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
