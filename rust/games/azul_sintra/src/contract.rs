//! The core's contract: `Game` for [`AzulSintra`] and `State` for [`AzulSintraState`], each
//! method a call into the file that owns it. Nothing imports this file.

use salon_core::{
    Action, ActionList, Actor, ChanceOutcomes, Game, GameInfo, MoveFields, ParamSpec, Params,
    Returns, SalonResult, Scores, State, Xoshiro256StarStar,
};

use crate::{
    actions, game::AzulSintra, moves, observation, position, render, scoring, state,
    state::AzulSintraState, svg,
};

impl Game for AzulSintra {
    type State = AzulSintraState;

    fn info() -> GameInfo {
        AzulSintra::INFO
    }

    fn param_specs() -> Vec<ParamSpec> {
        AzulSintra::declared_params()
    }

    fn new(params: &Params, components_json: Option<&str>) -> SalonResult<Self> {
        AzulSintra::build(params, components_json)
    }

    salon_core::game_getters!(params, info, num_players);

    fn num_distinct_actions(&self) -> usize {
        actions::NUM_DISTINCT_ACTIONS
    }

    fn max_chance_outcomes(&self) -> usize {
        actions::MAX_CHANCE_OUTCOMES
    }

    /// Derived bound: see [`state::max_game_length`].
    fn max_game_length(&self) -> usize {
        state::max_game_length(self)
    }

    fn observation_tensor_shape(&self) -> Vec<usize> {
        vec![observation::tensor_size(self)]
    }

    fn new_initial_state(&self) -> AzulSintraState {
        AzulSintraState::new(self)
    }

    fn move_fields(&self, action: Action) -> MoveFields {
        moves::move_fields(action)
    }
}

impl State for AzulSintraState {
    type Game = AzulSintra;

    fn actor(&self, _game: &AzulSintra) -> Actor {
        self.actor_kind()
    }

    fn legal_actions(&self, game: &AzulSintra, out: &mut ActionList) {
        actions::legal_actions(self, game, out);
    }

    fn chance_outcomes(&self, game: &AzulSintra, out: &mut ChanceOutcomes) {
        actions::chance_outcomes(self, game, out);
    }

    fn apply_unchecked(&mut self, game: &AzulSintra, action: Action) {
        actions::apply(self, game, action);
    }

    fn scores(&self, game: &AzulSintra) -> Scores {
        scoring::scores(self, game)
    }

    fn returns(&self, game: &AzulSintra) -> Returns {
        scoring::returns(self, game)
    }

    fn action_to_string(&self, game: &AzulSintra, action: Action) -> String {
        actions::action_to_string(self, game, action)
    }

    // `action_to_string_for` keeps the default: perfect information, every move (bag draws
    // included) reads the same to every player.

    // Decisions are parsed from their words; chance outcomes (bag draws) are matched by
    // their strings.
    fn parse_action(&self, _game: &AzulSintra, text: &str) -> Option<Action> {
        match self.actor_kind() {
            Actor::Player(_) => actions::parse_decision(text),
            Actor::Chance | Actor::Terminal => None,
        }
    }

    fn observation_string(&self, game: &AzulSintra, player: usize) -> String {
        observation::observation_string(self, game, player)
    }

    fn observation_tensor(&self, game: &AzulSintra, player: usize, out: &mut [f32]) {
        observation::observation_tensor(self, game, player, out);
    }

    /// Perfect information: no information state.
    fn information_state_string(&self, _game: &AzulSintra, _player: usize) -> Option<String> {
        None
    }

    /// Perfect information: nothing to resample.
    fn resample_from_infostate(
        &self,
        _game: &AzulSintra,
        _player: usize,
        _rng: &mut Xoshiro256StarStar,
    ) -> Option<Self> {
        None
    }

    fn position_json(&self, game: &AzulSintra) -> SalonResult<String> {
        Ok(position::position_json(self, game))
    }

    /// Perfect information: every player sees the whole position.
    fn observation_json(&self, game: &AzulSintra, _player: usize) -> SalonResult<String> {
        Ok(position::position_json(self, game))
    }

    fn from_position(
        game: &AzulSintra,
        text: &str,
        _rng: &mut Xoshiro256StarStar,
    ) -> SalonResult<Self> {
        position::from_position(game, text)
    }

    fn render(&self, game: &AzulSintra) -> String {
        render::render(self, game)
    }

    fn render_svg(&self, game: &AzulSintra, viewer: Option<usize>) -> String {
        svg::render(self, game, viewer)
    }
}
