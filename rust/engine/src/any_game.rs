use salon_core::{ComponentInfo, Game, GameInfo, Params, SalonError, SalonResult, TrackedState};

use crate::any_state::AnyState;
pub use crate::registry::AnyGame;
use crate::registry::{build_game, each_game};

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
    pub fn load(
        name: &str,
        params: &Params,
        components_json: Option<&str>,
    ) -> SalonResult<AnyGame> {
        let (name, mut merged) = crate::spec::parse_game_spec(name)?;
        for (k, v) in params.iter() {
            if let Some(in_name) = merged.get(k).filter(|given| *given != v) {
                return Err(SalonError::param(
                    k,
                    format!("the game string sets {k}={in_name} and the parameters {k}={v}: give it once"),
                ));
            }
            merged.insert(k, v.clone());
        }
        if let Some(text) = components_json {
            salon_core::json::from_str_unique(text)
                .map_err(|e| SalonError::components(format!("not valid JSON: {e}")))?;
        }
        build_game(&name, &merged, components_json).unwrap_or_else(|| {
            Err(SalonError::UnknownGame {
                name: name.clone(),
                known: crate::registry::catalogue()
                    .iter()
                    .map(|e| e.name.to_string())
                    .collect(),
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

    /// `name(k=v,...)` with every resolved parameter, except a rules variant left at its
    /// default (so that adding a variant does not change the strings of existing games).
    pub fn spec_string(&self) -> String {
        fn specs<G: Game>(_: &G) -> Vec<salon_core::ParamSpec> {
            G::param_specs()
        }
        let specs = each_game!(self, AnyGame, g => specs(g.as_ref()));
        let at_variant_default = |k: &str, v: &salon_core::ParamValue| {
            specs
                .iter()
                .any(|s| s.variant && s.name == k && &s.default == v)
        };
        let parts: Vec<String> = self
            .params()
            .iter()
            .filter(|&(k, v)| !at_variant_default(k, v))
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        format!("{}({})", self.name(), parts.join(","))
    }

    pub fn new_initial_state(&self, seed: u64) -> AnyState {
        each_game!(self, AnyGame, g => TrackedState::new(g.clone(), seed).into())
    }

    /// Plays `games` random games on the raw state (no history), from `seed`; returns the
    /// total numbers of actions (chance included) and of decisions. The native speed
    /// reference of the benchmarks.
    pub fn raw_random_playouts(&self, games: usize, seed: u64) -> (u64, u64) {
        self.raw_random_playouts_with_stop(games, seed, &mut salon_core::interrupt::never())
            .unwrap_or_else(|_| unreachable!("a check that never stops cannot interrupt"))
    }

    /// [`Self::raw_random_playouts`], asking `stop` before each game.
    pub fn raw_random_playouts_with_stop(
        &self,
        games: usize,
        seed: u64,
        stop: salon_core::interrupt::StopCheck<'_>,
    ) -> SalonResult<(u64, u64)> {
        let mut rng = salon_core::Xoshiro256StarStar::seed_from_u64(seed);
        let (mut actions, mut decisions) = (0u64, 0u64);
        each_game!(self, AnyGame, g => {
            for _ in 0..games {
                salon_core::interrupt::check(stop)?;
                let mut state = g.new_initial_state();
                let (a, d) = salon_core::playout::random_playout_counts(g.as_ref(), &mut state, &mut rng);
                actions += a as u64;
                decisions += d as u64;
            }
        });
        Ok((actions, decisions))
    }

    /// True when the game plays the component set built into the engine (compared by hash,
    /// so a user file with the same data counts as built in, and one that only calls itself
    /// the substitute set does not).
    pub fn uses_builtin_components(&self) -> bool {
        use std::collections::HashMap;
        use std::sync::{Mutex, OnceLock};
        static BUILTIN: OnceLock<Mutex<HashMap<String, String>>> = OnceLock::new();
        let key = self.spec_string();
        let mut cache = BUILTIN
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        let builtin = cache.entry(key).or_insert_with(|| {
            build_game(self.name(), self.params(), None)
                .and_then(Result::ok)
                .map(|g| g.components().hash.clone())
                .unwrap_or_default()
        });
        *builtin == self.components().hash
    }

    pub fn deserialize_state(&self, text: &str) -> SalonResult<AnyState> {
        self.deserialize_state_with_stop(text, &mut salon_core::interrupt::never())
    }

    /// [`Self::deserialize_state`], asking `stop` now and then on long histories.
    pub fn deserialize_state_with_stop(
        &self,
        text: &str,
        stop: salon_core::interrupt::StopCheck<'_>,
    ) -> SalonResult<AnyState> {
        each_game!(self, AnyGame, g => TrackedState::deserialize_with_stop(g.clone(), text, stop).map(Into::into))
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
