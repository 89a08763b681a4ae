//! The engine's contract: `Game` for [`AtelierStudio`] and `State` for
//! [`AtelierStudioState`], each method handed to the file that owns it. Nothing in the crate
//! uses this file.

use salon_core::{
    Action, ActionList, Actor, ChanceOutcomes, Game, GameInfo, MoveFields, ParamSpec, Params,
    Returns, SalonResult, Scores, State, Xoshiro256StarStar,
};

use crate::{
    actions, game::AtelierStudio, game::INFO, moves, observation, position, render, scoring,
    state::AtelierStudioState, svg,
};

impl Game for AtelierStudio {
    type State = AtelierStudioState;

    fn info() -> GameInfo {
        INFO
    }

    fn param_specs() -> Vec<ParamSpec> {
        vec![INFO.players_param("number of players")]
    }

    fn new(params: &Params, components_json: Option<&str>) -> SalonResult<Self> {
        AtelierStudio::build(params, components_json)
    }

    salon_core::game_getters!(params, info, players);

    fn num_distinct_actions(&self) -> usize {
        actions::NUM_ACTIONS
    }

    fn max_chance_outcomes(&self) -> usize {
        // 126 multisets of 4 dice; 40 paintings; 16 patrons; 4 start players.
        126
    }

    fn max_game_length(&self) -> usize {
        self.max_len
    }

    fn observation_tensor_shape(&self) -> Vec<usize> {
        vec![observation::OBS_SIZE]
    }

    fn new_initial_state(&self) -> AtelierStudioState {
        AtelierStudioState::new(self)
    }

    fn move_fields(&self, action: Action) -> MoveFields {
        moves::move_fields(self, action)
    }
}

impl State for AtelierStudioState {
    type Game = AtelierStudio;

    fn actor(&self, _game: &AtelierStudio) -> Actor {
        actions::actor(self)
    }

    fn legal_actions(&self, game: &AtelierStudio, out: &mut ActionList) {
        actions::legal_actions(self, game, out)
    }

    fn chance_outcomes(&self, game: &AtelierStudio, out: &mut ChanceOutcomes) {
        actions::chance_outcomes(self, game, out)
    }

    fn apply_unchecked(&mut self, game: &AtelierStudio, action: Action) {
        actions::apply(self, game, action)
    }

    fn scores(&self, game: &AtelierStudio) -> Scores {
        scoring::scores(self, game)
    }

    fn returns(&self, game: &AtelierStudio) -> Returns {
        scoring::returns(self, game)
    }

    fn action_to_string(&self, game: &AtelierStudio, action: Action) -> String {
        actions::action_to_string(self, game, action)
    }

    fn action_to_string_for(&self, game: &AtelierStudio, player: usize, action: Action) -> String {
        actions::action_to_string_for(self, game, player, action)
    }

    fn string_to_action(&self, game: &AtelierStudio, text: &str) -> SalonResult<Action> {
        actions::string_to_action(self, game, text)
    }

    fn observation_string(&self, game: &AtelierStudio, player: usize) -> String {
        render::observation_string(self, game, player)
    }

    fn observation_tensor(&self, game: &AtelierStudio, player: usize, out: &mut [f32]) {
        observation::observation_tensor(self, game, player, out)
    }

    fn information_state_string(&self, game: &AtelierStudio, player: usize) -> Option<String> {
        Some(render::information_state_string(self, game, player))
    }

    fn resample_from_infostate(
        &self,
        game: &AtelierStudio,
        player: usize,
        rng: &mut Xoshiro256StarStar,
    ) -> Option<Self> {
        Some(observation::resample(self, game, player, rng))
    }

    fn position_json(&self, game: &AtelierStudio) -> SalonResult<String> {
        Ok(position::position_json(self, game, None))
    }

    fn observation_json(&self, game: &AtelierStudio, player: usize) -> SalonResult<String> {
        Ok(position::position_json(self, game, Some(player)))
    }

    fn from_position(
        game: &AtelierStudio,
        text: &str,
        rng: &mut Xoshiro256StarStar,
    ) -> SalonResult<Self> {
        position::from_position(game, text, rng)
    }

    fn render(&self, game: &AtelierStudio) -> String {
        render::render(self, game)
    }

    fn render_svg(&self, game: &AtelierStudio, viewer: Option<usize>) -> String {
        svg::render(self, game, viewer)
    }
}
