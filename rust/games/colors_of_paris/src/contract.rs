//! The core's contract: `Game` for [`ColorsOfParis`] and `State` for [`ColorsOfParisState`],
//! each method a call into the file that owns it. Nothing imports this file.

use salon_core::{
    Action, ActionList, Actor, ChanceOutcomes, Game, GameInfo, MoveFields, ParamSpec, Params,
    Returns, SalonResult, Scores, State, Xoshiro256StarStar,
};

use crate::{
    actions, game::ColorsOfParis, moves, observation, position, render, scoring, state,
    state::ColorsOfParisState, svg,
};

impl Game for ColorsOfParis {
    type State = ColorsOfParisState;

    fn info() -> GameInfo {
        ColorsOfParis::INFO
    }

    fn param_specs() -> Vec<ParamSpec> {
        ColorsOfParis::declared_params()
    }

    fn new(params: &Params, components_json: Option<&str>) -> SalonResult<Self> {
        ColorsOfParis::build(params, components_json)
    }

    salon_core::game_getters!(params, info, num_players);

    fn num_distinct_actions(&self) -> usize {
        actions::num_distinct_actions(self)
    }

    fn max_chance_outcomes(&self) -> usize {
        actions::NUM_CHANCE_OUTCOMES
    }

    /// Derived bound: see `state::max_game_length`.
    fn max_game_length(&self) -> usize {
        state::max_game_length(self)
    }

    fn observation_tensor_shape(&self) -> Vec<usize> {
        vec![observation::TENSOR_SIZE]
    }

    fn new_initial_state(&self) -> ColorsOfParisState {
        ColorsOfParisState::new(self)
    }

    fn move_fields(&self, action: Action) -> MoveFields {
        moves::move_fields(self, action)
    }
}

impl State for ColorsOfParisState {
    type Game = ColorsOfParis;

    fn actor(&self, _game: &ColorsOfParis) -> Actor {
        self.actor_kind()
    }

    fn legal_actions(&self, game: &ColorsOfParis, out: &mut ActionList) {
        actions::legal_actions(self, game, out)
    }

    fn chance_outcomes(&self, _game: &ColorsOfParis, out: &mut ChanceOutcomes) {
        actions::chance_outcomes(self, out)
    }

    fn apply_unchecked(&mut self, game: &ColorsOfParis, action: Action) {
        actions::apply(self, game, action)
    }

    fn scores(&self, game: &ColorsOfParis) -> Scores {
        scoring::scores(self, game)
    }

    fn returns(&self, game: &ColorsOfParis) -> Returns {
        scoring::returns(self, game)
    }

    fn action_to_string(&self, game: &ColorsOfParis, action: Action) -> String {
        actions::to_string(self, game, action)
    }

    fn action_to_string_for(&self, game: &ColorsOfParis, player: usize, action: Action) -> String {
        actions::to_string_for(self, game, player, action)
    }

    /// The one candidate id of the text (the core checks it against the node and its
    /// string: no formatting of every legal action).
    fn parse_action(&self, _game: &ColorsOfParis, text: &str) -> Option<Action> {
        actions::parse(self, text).map(|a| a as Action)
    }

    fn observation_string(&self, game: &ColorsOfParis, player: usize) -> String {
        render::observation_string(self, game, player)
    }

    fn observation_tensor(&self, game: &ColorsOfParis, player: usize, out: &mut [f32]) {
        observation::observation_tensor(self, game, player, out)
    }

    fn information_state_string(&self, game: &ColorsOfParis, player: usize) -> Option<String> {
        Some(observation::information_state_string(self, game, player))
    }

    fn resample_from_infostate(
        &self,
        _game: &ColorsOfParis,
        player: usize,
        rng: &mut Xoshiro256StarStar,
    ) -> Option<Self> {
        Some(observation::resample(self, player, rng))
    }

    fn position_json(&self, game: &ColorsOfParis) -> SalonResult<String> {
        Ok(position::position_json(self, game, None))
    }

    fn observation_json(&self, game: &ColorsOfParis, player: usize) -> SalonResult<String> {
        Ok(position::position_json(self, game, Some(player)))
    }

    fn from_position(
        game: &ColorsOfParis,
        text: &str,
        rng: &mut Xoshiro256StarStar,
    ) -> SalonResult<Self> {
        position::from_position(game, text, rng)
    }

    fn render(&self, game: &ColorsOfParis) -> String {
        render::render(self, game)
    }

    fn render_svg(&self, game: &ColorsOfParis, viewer: Option<usize>) -> String {
        svg::render(self, game, viewer)
    }
}
