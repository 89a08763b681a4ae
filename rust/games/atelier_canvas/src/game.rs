//! The game type: its parameters, its component data and its declared sizes.

// Card ids index several parallel arrays at once; index loops read best here.
#![allow(clippy::needless_range_loop)]

use std::sync::Arc;

use salon_core::{ComponentInfo, GameInfo, ParamSpec, Params, SalonError, SalonResult};

use crate::card_facts;
use crate::components;
use card_facts::CardFacts;
use components::{CardSet, NUM_CARDS};

/// Cards dealt to the first, second, ... fifth player.
pub const DEAL: [usize; 5] = [5, 6, 6, 7, 7];
/// Face-up cards in the circle.
pub const CIRCLE: usize = 8;
/// Hand limit after a draw.
pub const HAND_LIMIT: usize = 10;
/// Paintings (originals and fakes, all players together) that trigger the end, by player count.
pub const END_PAINTINGS: [usize; 6] = [0, 0, 7, 8, 9, 10];
/// Engine safety limit (not in the rules): the game also ends after this many rounds.
pub const MAX_ROUNDS: usize = 150;

/// The game: parameters and the validated card set, shared by all states.
#[derive(Clone, Debug)]
pub struct AtelierCanvas {
    pub(crate) params: Params,
    pub(crate) players: usize,
    /// Expert secondary colours: only from a drawn-on-blank pair of the palette.
    pub(crate) expert_secondary: bool,
    /// Expert draw: two adjacent circle cards or two deck cards, no mixed draw.
    pub(crate) expert_draw: bool,
    /// Jokers also pay white and black (the `joker_colours=basic` reading).
    pub(crate) jokers_pay_white_black: bool,
    pub(crate) set: Arc<CardSet>,
    pub(crate) facts: Arc<CardFacts>,
    pub(crate) info: ComponentInfo,
}

impl AtelierCanvas {
    /// The game's names, player range and information kind.
    pub(crate) const INFO: GameInfo = GameInfo {
        name: "atelier_canvas",
        long_name: "Atelier (the canvas card game)",
        min_players: 2,
        max_players: 5,
        perfect_information: false,
    };

    /// The parameters: players, the expert rules (together or each alone), the joker colours.
    pub(crate) fn declared_params() -> Vec<ParamSpec> {
        vec![
            Self::INFO.players_param("number of players"),
            ParamSpec::flag(
                "expert",
                false,
                "expert variant: both expert rules (expert_secondary and expert_draw)",
            ),
            ParamSpec::flag(
                "expert_secondary",
                false,
                "expert rule 1 alone: secondary colours only from a drawn-on-blank pair of the palette",
            )
            .as_variant(),
            ParamSpec::flag("expert_draw", false, "expert rule 2 alone: no mixed draw (two adjacent circle cards or two deck cards)")
                .as_variant(),
            ParamSpec::str_choice(
                "joker_colours",
                "primary",
                &["primary", "basic"],
                "what a joker pays: primary = cyan, magenta or yellow; basic = any of the five basic colours (white and black too)",
            )
            .as_variant(),
        ]
    }

    /// The game for `params`, with the embedded card set or the one of `components_json`.
    pub(crate) fn build(params: &Params, components_json: Option<&str>) -> SalonResult<Self> {
        let players = Self::INFO.players(params)?;
        let set = match components_json {
            None => CardSet::substitute()?,
            Some(text) => CardSet::parse(text)?,
        };
        if set.cards.len() != NUM_CARDS {
            return Err(SalonError::components("wrong number of cards"));
        }
        let info = ComponentInfo::of(&set.file.name, set.file.substitute, &set.file);
        let expert = params.bool("expert");
        let expert_secondary = expert || params.bool("expert_secondary");
        let expert_draw = expert || params.bool("expert_draw");
        let jokers_pay_white_black = match params.str("joker_colours") {
            "primary" => false,
            "basic" => true,
            other => {
                return Err(SalonError::param(
                    "joker_colours",
                    format!("{other:?} is not allowed; choose primary or basic"),
                ))
            }
        };
        let facts = Arc::new(CardFacts::of(&set, expert_secondary));
        Ok(AtelierCanvas {
            params: params.clone(),
            players,
            expert_secondary,
            expert_draw,
            jokers_pay_white_black,
            set: Arc::new(set),
            facts,
            info,
        })
    }

    /// The validated card set this game is played with.
    pub fn card_set(&self) -> &CardSet {
        &self.set
    }

    /// True when both expert rules are on (`expert=true`, or both separate parameters).
    pub fn expert(&self) -> bool {
        self.expert_secondary && self.expert_draw
    }

    /// True when secondary colours come only from a drawn-on-blank pair of the palette.
    pub fn expert_secondary(&self) -> bool {
        self.expert_secondary
    }

    /// True when the mixed draw (one circle card and one deck card) is not allowed.
    pub fn expert_draw(&self) -> bool {
        self.expert_draw
    }

    /// The rules variants in force, for titles: `, expert`, `, expert draw`, `, jokers pay any basic colour`...
    pub(crate) fn variant_label(&self) -> String {
        let mut out = String::new();
        match (self.expert_secondary, self.expert_draw) {
            (true, true) => out.push_str(", expert"),
            (true, false) => out.push_str(", expert secondary colours"),
            (false, true) => out.push_str(", expert draw"),
            (false, false) => {}
        }
        if self.jokers_pay_white_black {
            out.push_str(", jokers pay any basic colour");
        }
        out
    }

    /// True when a joker may pay white or black as well as cyan, magenta or yellow.
    pub fn jokers_pay_white_black(&self) -> bool {
        self.jokers_pay_white_black
    }

    /// The id of a card by its name in the component file.
    pub fn card_id(&self, name: &str) -> Option<usize> {
        self.set.cards.iter().position(|c| c.id == name)
    }

    /// The most decisions and chance outcomes one turn can take (see `max_game_length`).
    pub(crate) fn max_turn_length(&self) -> usize {
        // Draw turn: 2 takes, 2 deck draws, up to 8 refills, up to 2 discards.
        let draw = 2 + 2 + CIRCLE + 2;
        // Play turn: per card, the choice, the target and one action per cost unit; plus
        // "end turn".
        let [b, d, p] = self.set.max_units;
        let play = (3 * (1 + b)).max(2 * (2 + d)).max(2 + p) + 1;
        draw.max(play)
    }

    /// The longest game: the deal, the first circle, and `MAX_ROUNDS` rounds of the longest
    /// turns.
    pub(crate) fn max_length(&self) -> usize {
        let deal: usize = DEAL[..self.players].iter().sum();
        deal + CIRCLE + MAX_ROUNDS * self.players * self.max_turn_length()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use salon_core::{Game, ParamValue};

    #[test]
    fn declared_sizes() {
        for (players, length) in [(2, 4219), (3, 6325), (4, 8432), (5, 10539)] {
            for expert in [false, true] {
                let params = Params::new()
                    .with("players", ParamValue::Int(players))
                    .with("expert", ParamValue::Bool(expert));
                let g = AtelierCanvas::with_params(&params, None).unwrap();
                assert_eq!(g.num_distinct_actions(), 484);
                assert_eq!(g.max_chance_outcomes(), 105);
                assert_eq!(g.max_game_length(), length);
                assert_eq!(g.observation_tensor_shape(), vec![2716]);
            }
        }
    }
}
