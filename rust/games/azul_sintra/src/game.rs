//! The game type: its parameters, its component data and its declared sizes.

use crate::components;
use crate::components::{Components, NUM_SLOTS, STRIP_SPACES};
use salon_core::{ComponentInfo, GameInfo, ParamSpec, Params, SalonError, SalonResult};

/// Factories per player count (index = players).
pub const FACTORIES: [usize; 5] = [0, 0, 5, 7, 9];
/// The most factories of any player count.
pub const MAX_FACTORIES: usize = 9;
/// Rounds in a game.
pub const NUM_ROUNDS: usize = 6;
/// The most players.
pub const MAX_SEATS: usize = 4;
/// Glass pieces in the game (20 of each colour).
pub const TOTAL_PIECES: usize = 100;
/// Pieces of each colour.
pub const PIECES_PER_COLOUR: u8 = 20;

/// The game: its parameters and its component data (shared by all states).
#[derive(Clone, Debug)]
pub struct AzulSintra {
    pub(crate) params: Params,
    pub(crate) info: ComponentInfo,
    pub(crate) data: Components,
    pub(crate) num_players: usize,
    pub(crate) num_factories: usize,
    pub(crate) side_b: bool,
    /// `glass_reset=at_bottom` (the publisher's English rulebook): the marker resets on
    /// reaching the last space, not on the step after it.
    pub(crate) reset_at_bottom: bool,
    /// `faces[strip][face][space]`: colour 0..5 or joker (5).
    pub(crate) faces: [[[u8; STRIP_SPACES]; 2]; NUM_SLOTS],
    /// Whether a face has a joker space (it may not be face up at set-up).
    pub(crate) joker_face: [[bool; 2]; NUM_SLOTS],
    /// Window values of the side in play.
    pub(crate) window_values: [i32; NUM_SLOTS],
    pub(crate) track: [i32; components::MAX_TRACK],
    pub(crate) track_len: usize,
    pub(crate) ornaments: [[u8; 2]; components::MAX_ORNAMENTS],
    pub(crate) num_ornaments: usize,
}

impl AzulSintra {
    /// The number of factory displays (5, 7 or 9).
    pub fn num_factories(&self) -> usize {
        self.num_factories
    }

    /// True when playing palace side B.
    pub fn side_b(&self) -> bool {
        self.side_b
    }

    /// The validated component data in use.
    pub fn data(&self) -> &Components {
        &self.data
    }

    /// The broken-glass track value at a position.
    pub fn track_value(&self, pos: usize) -> i32 {
        self.track.get(pos).copied().unwrap_or(0)
    }

    /// The index of the reset space (the last one of the track).
    pub fn track_last(&self) -> usize {
        self.track_len - 1
    }

    /// What the engine says of the game (`Game::info`).
    pub const INFO: GameInfo = GameInfo {
        name: "azul_sintra",
        // The component set (substitute or a user's) is named by `components()`, not here:
        // the title stays true whichever set is loaded.
        long_name: "Azul: Stained Glass of Sintra",
        min_players: 2,
        max_players: 4,
        perfect_information: true,
    };

    /// The parameters (`Game::param_specs`).
    pub(crate) fn declared_params() -> Vec<ParamSpec> {
        vec![
            Self::INFO.players_param("number of players (5, 7 or 9 factory displays)"),
            ParamSpec::str_choice(
                "side",
                "A",
                &["A", "B"],
                "palace-board side: A scores ornaments, B scores complete windows x pieces of the best colour",
            ),
            ParamSpec::str_choice(
                "glass_reset",
                "past_bottom",
                &["past_bottom", "at_bottom"],
                "broken-glass reset: past_bottom = the step after reaching -18 costs 18 points (the Spanish rule document); at_bottom = reaching -18 costs 18 points at once (the publisher's English rulebook)",
            )
            .as_variant(),
        ]
    }

    /// The game for `params` and a component file (`Game::new`; `None`: the substitute set).
    pub(crate) fn build(params: &Params, components_json: Option<&str>) -> SalonResult<Self> {
        let num_players = Self::INFO.players(params)?;
        let side_b = match params.str("side") {
            "A" => false,
            "B" => true,
            other => {
                return Err(SalonError::param(
                    "side",
                    format!("{other:?} is not allowed; choose \"A\" or \"B\""),
                ))
            }
        };
        let reset_at_bottom = match params.str("glass_reset") {
            "past_bottom" => false,
            "at_bottom" => true,
            other => {
                return Err(SalonError::param(
                    "glass_reset",
                    format!("{other:?} is not allowed; choose \"past_bottom\" or \"at_bottom\""),
                ))
            }
        };
        let data = Components::parse(components_json.unwrap_or(components::SUBSTITUTE_JSON))?;
        let info = ComponentInfo::of(&data.name, data.substitute, &data.to_file());
        let mut joker_face = [[false; 2]; NUM_SLOTS];
        for (s, strip) in data.strips.iter().enumerate() {
            for (f, face) in strip.iter().enumerate() {
                joker_face[s][f] = face.contains(&components::JOKER);
            }
        }
        let values = if side_b {
            data.window_values_b
        } else {
            data.window_values_a
        };
        let mut window_values = [0i32; NUM_SLOTS];
        for (w, &v) in window_values.iter_mut().zip(values.iter()) {
            *w = v as i32;
        }
        let mut track = [0i32; components::MAX_TRACK];
        for (t, &v) in track.iter_mut().zip(data.broken_glass_track.iter()) {
            *t = v as i32;
        }
        let mut ornaments = [[0u8; 2]; components::MAX_ORNAMENTS];
        for (o, &pair) in ornaments.iter_mut().zip(data.ornaments.iter()) {
            *o = pair;
        }
        Ok(AzulSintra {
            params: params.clone(),
            faces: data.strips,
            joker_face,
            window_values,
            track,
            track_len: data.broken_glass_track.len(),
            num_ornaments: data.ornaments.len(),
            ornaments,
            info,
            data,
            num_players,
            num_factories: FACTORIES[num_players],
            side_b,
            reset_at_bottom,
        })
    }
}
