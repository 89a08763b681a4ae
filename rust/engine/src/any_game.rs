use salon_core::{ComponentInfo, Game, GameInfo, Params, SalonError, SalonResult, TrackedState};

use crate::registry::{build_game, each_game};
pub use crate::registry::AnyGame;
use crate::AnyState;

/// Generic code to run on the concrete game inside an [`AnyGame`] (see [`AnyGame::visit`]):
/// tools and tests written once for every registered game, with no list of games of their own.
pub trait GameVisitor {
    type Output;
    fn visit<G: Game>(&mut self, game: &G) -> Self::Output;
}

impl AnyGame {
    /// Runs `visitor` on the concrete game.
    pub fn visit<V: GameVisitor>(&self, visitor: &mut V) -> V::Output {
        each_game!(self, AnyGame, g => visitor.visit(g.as_ref()))
    }

    /// Builds a game by engine name (or an OpenSpiel-style string such as
    /// `azul_sintra(players=3)`, whose parameters are merged under `params`).
    pub fn load(name: &str, params: &Params, components_json: Option<&str>) -> SalonResult<AnyGame> {
        let (name, mut merged) = crate::spec::parse_game_spec(name)?;
        for (k, v) in params.iter() {
            merged.insert(k, v.clone());
        }
        build_game(&name, &merged, components_json).unwrap_or_else(|| {
            Err(SalonError::UnknownGame {
                name: name.clone(),
                known: crate::catalogue().iter().map(|e| e.name.to_string()).collect(),
            })
        })
    }

    pub fn info(&self) -> GameInfo {
        fn of<G: Game>(_: &G) -> GameInfo {
            G::info()
        }
        each_game!(self, AnyGame, g => of(g.as_ref()))
    }

    pub fn name(&self) -> &'static str {
        self.info().name
    }

    pub fn params(&self) -> &Params {
        each_game!(self, AnyGame, g => g.params())
    }

    pub fn components(&self) -> &ComponentInfo {
        each_game!(self, AnyGame, g => g.components())
    }

    pub fn num_players(&self) -> usize {
        each_game!(self, AnyGame, g => g.num_players())
    }

    pub fn num_distinct_actions(&self) -> usize {
        each_game!(self, AnyGame, g => g.num_distinct_actions())
    }

    pub fn max_chance_outcomes(&self) -> usize {
        each_game!(self, AnyGame, g => g.max_chance_outcomes())
    }

    pub fn max_game_length(&self) -> usize {
        each_game!(self, AnyGame, g => g.max_game_length())
    }

    pub fn observation_tensor_shape(&self) -> Vec<usize> {
        each_game!(self, AnyGame, g => g.observation_tensor_shape())
    }

    pub fn observation_tensor_size(&self) -> usize {
        each_game!(self, AnyGame, g => g.observation_tensor_size())
    }

    /// `name(k=v,...)` with every resolved parameter.
    pub fn spec_string(&self) -> String {
        format!("{}({})", self.name(), self.params())
    }

    pub fn new_initial_state(&self, seed: u64) -> AnyState {
        each_game!(self, AnyGame, g => TrackedState::new(g.clone(), seed).into())
    }

    /// Plays `games` random games on the raw state (no history), from `seed`; returns the
    /// total numbers of actions (chance included) and of decisions. The native speed
    /// reference of the benchmarks.
    pub fn raw_random_playouts(&self, games: usize, seed: u64) -> (u64, u64) {
        let mut rng = salon_core::Xoshiro256StarStar::seed_from_u64(seed);
        let (mut actions, mut decisions) = (0u64, 0u64);
        each_game!(self, AnyGame, g => {
            for _ in 0..games {
                let mut state = g.new_initial_state();
                let (a, d) = salon_core::playout::random_playout_counts(g.as_ref(), &mut state, &mut rng);
                actions += a as u64;
                decisions += d as u64;
            }
        });
        (actions, decisions)
    }

    pub fn deserialize_state(&self, text: &str) -> SalonResult<AnyState> {
        each_game!(self, AnyGame, g => TrackedState::deserialize(g.clone(), text).map(Into::into))
    }

    /// The kind and fields of decision id `action` (see `docs/positions.md`).
    pub fn move_fields(&self, action: salon_core::Action) -> salon_core::MoveFields {
        each_game!(self, AnyGame, g => g.move_fields(action))
    }

    /// A state whose history starts at a position (position JSON text); unknown hidden
    /// cards are drawn from `seed`, which also seeds the chance outcomes that follow.
    pub fn state_from_position(&self, position: &str, seed: u64) -> SalonResult<AnyState> {
        each_game!(self, AnyGame, g => TrackedState::from_position(g.clone(), position, seed).map(Into::into))
    }
}

impl PartialEq for AnyGame {
    fn eq(&self, other: &Self) -> bool {
        self.name() == other.name()
            && self.params() == other.params()
            && self.components().hash == other.components().hash
    }
}
