//! The game type: its parameters, its component data and its declared sizes.

// Index loops over the fixed per-colour / per-player arrays read best as they are.
#![allow(clippy::needless_range_loop)]

// The files, each using only those listed before it (`contract` uses them all, to implement
// the engine's `Game` and `State` traits; nothing uses it):
//   components  the component schema and loading
//   dice        the roll outcomes and their weights
//   (lib.rs)    the game type and its constants
//   state       the state, its queries and transitions
//   scoring     the points
//   actions     action ids, legality, legal moves and chance outcomes, texts, dispatch
//   moves       move fields
//   observation what each player knows, the tensor, resampling
//   invariants  conservation of every piece
//   position    the position format
//   svg, render the picture and the text
//   testing     test support

use salon_core::{ComponentInfo, GameInfo, Params, SalonResult};

use crate::components;
use crate::dice;
use components::{Components, Power, NUM_PATRONS};

/// The game's names and player range.
pub(crate) const INFO: GameInfo = GameInfo {
    name: "atelier_studio",
    long_name: "Atelier: The Painter's Studio",
    min_players: 2,
    max_players: 4,
    perfect_information: false,
};

/// Face-up paintings.
pub const DISPLAY: usize = 7;
/// Engine safety limit: the game ends after this many rounds even if the end was never
/// triggered (documented in docs/rules/atelier_studio.md).
pub const MAX_ROUNDS: u8 = 30;

/// The game: parameters, component data and the precomputed dice tables.
#[derive(Clone, Debug)]
pub struct AtelierStudio {
    pub(crate) params: Params,
    pub(crate) players: usize,
    pub(crate) data: Components,
    pub(crate) info: ComponentInfo,
    /// `rolls[k]`: every multiset of `k` dice with its weight.
    pub(crate) rolls: Vec<Vec<([u8; 6], u32)>>,
    pub(crate) max_len: usize,
}

impl AtelierStudio {
    /// Builds the game from resolved parameters and an optional component file
    /// (`Game::new`).
    pub(crate) fn build(params: &Params, components_json: Option<&str>) -> SalonResult<Self> {
        let players = INFO.players(params)?;
        let (data, info) = components::load(components_json)?;
        let max_len = Self::derive_max_length(players, &data);
        Ok(AtelierStudio {
            params: params.clone(),
            players,
            data,
            info,
            rolls: dice::roll_table(),
            max_len,
        })
    }

    /// The derivation of `max_game_length` (see the rules document).
    fn derive_max_length(players: usize, data: &Components) -> usize {
        let n = players;
        let rounds = MAX_ROUNDS as usize;
        let turn_powers = data
            .paintings
            .iter()
            .filter(|c| c.power.is_turn_power())
            .count();
        let inspiration_gain: usize = data
            .paintings
            .iter()
            .map(|c| {
                if let Power::Inspiration(k) = c.power {
                    k as usize
                } else {
                    0
                }
            })
            .sum();
        // Setup: start player, 7 display cards, 2 patrons each, n choices, n placements.
        let setup = 1 + DISPLAY + 2 * n + n + n;
        // Each turn spends at least one die, so a round has at most 4n turns; a turn is a
        // roll, an end turn and at most one use of each owned turn power.
        let turns = rounds * 4 * n * (2 + turn_powers);
        // At most 4n dice per round; a die action is one decision plus at most n
        // sub-decisions (die 3 moves one student per player).
        let dice = rounds * 4 * n * (1 + n);
        // Each painting is painted at most once: the action, its returned students, its
        // immediate power's steps and the refill draw.
        let paintings: usize = data
            .paintings
            .iter()
            .map(|c| 2 + c.students as usize + c.power.max_steps())
            .sum();
        // Patron draws with inspiration: at most one per card, an action and a draw.
        let patrons = 2 * NUM_PATRONS;
        // A reroll costs a token; tokens come from the start (n), from dice spent on
        // option B (at most 4n per round) and from inspiration powers.
        let rerolls = 2 * (n + rounds * 4 * n + inspiration_gain);
        setup + turns + dice + paintings + patrons + rerolls
    }

    /// The id of a painting by its name in the component file.
    pub(crate) fn painting_id(&self, name: &str) -> Option<usize> {
        self.data.paintings.iter().position(|c| c.name == name)
    }

    /// The id of a patron card by its name in the component file.
    pub(crate) fn patron_id(&self, name: &str) -> Option<usize> {
        self.data.patrons.iter().position(|c| c.name == name)
    }
}
