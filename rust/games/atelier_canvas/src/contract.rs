//! The core's contract: `Game` for [`AtelierCanvas`] and `State` for [`AtelierCanvasState`],
//! each method a call into the file that owns it. Nothing imports this file.

use salon_core::{
    Action, ActionList, Actor, ChanceOutcomes, Game, GameInfo, MoveFields, ParamSpec, Params,
    Returns, SalonResult, Scores, State, Xoshiro256StarStar,
};

use crate::components::NUM_CARDS;
use crate::{
    actions, game::AtelierCanvas, moves, observation, position, render, scoring,
    state::AtelierCanvasState, svg,
};

impl Game for AtelierCanvas {
    type State = AtelierCanvasState;

    fn info() -> GameInfo {
        AtelierCanvas::INFO
    }

    fn param_specs() -> Vec<ParamSpec> {
        AtelierCanvas::declared_params()
    }

    fn new(params: &Params, components_json: Option<&str>) -> SalonResult<Self> {
        AtelierCanvas::build(params, components_json)
    }

    salon_core::game_getters!(params, info, players);

    fn num_distinct_actions(&self) -> usize {
        actions::num_distinct_actions(self)
    }

    /// A chance node draws one card of the deck.
    fn max_chance_outcomes(&self) -> usize {
        NUM_CARDS
    }

    fn max_game_length(&self) -> usize {
        self.max_length()
    }

    fn observation_tensor_shape(&self) -> Vec<usize> {
        vec![observation::TENSOR_SIZE]
    }

    fn new_initial_state(&self) -> AtelierCanvasState {
        AtelierCanvasState::new(self)
    }

    fn move_fields(&self, action: Action) -> MoveFields {
        moves::move_fields(self, action)
    }
}

impl State for AtelierCanvasState {
    type Game = AtelierCanvas;

    fn actor(&self, _game: &AtelierCanvas) -> Actor {
        self.actor_now()
    }

    fn legal_actions(&self, game: &AtelierCanvas, out: &mut ActionList) {
        actions::legal_actions(self, game, out)
    }

    fn chance_outcomes(&self, _game: &AtelierCanvas, out: &mut ChanceOutcomes) {
        actions::chance_outcomes(self, out)
    }

    fn apply_unchecked(&mut self, game: &AtelierCanvas, action: Action) {
        actions::apply(self, game, action)
    }

    fn apply_action(&mut self, game: &AtelierCanvas, action: Action) -> SalonResult<()> {
        actions::apply_checked(self, game, action)
    }

    fn scores(&self, game: &AtelierCanvas) -> Scores {
        scoring::scores(self, game)
    }

    fn returns(&self, game: &AtelierCanvas) -> Returns {
        scoring::returns(self, game)
    }

    fn action_to_string(&self, game: &AtelierCanvas, action: Action) -> String {
        actions::to_string(self, game, action)
    }

    fn action_to_string_for(&self, game: &AtelierCanvas, player: usize, action: Action) -> String {
        actions::to_string_for(self, game, player, action)
    }

    /// The parsed candidate when it is possible here, else the legal action whose string is
    /// the text (the game's own order of the two, kept from before the core's default).
    fn parse_action(&self, game: &AtelierCanvas, text: &str) -> Option<Action> {
        actions::parse_action(self, game, text)
    }

    fn observation_string(&self, game: &AtelierCanvas, player: usize) -> String {
        render::observation_string(self, game, player)
    }

    fn observation_tensor(&self, game: &AtelierCanvas, player: usize, out: &mut [f32]) {
        observation::observation_tensor(self, game, player, out)
    }

    fn information_state_string(&self, game: &AtelierCanvas, player: usize) -> Option<String> {
        Some(observation::information_state_string(self, game, player))
    }

    fn resample_from_infostate(
        &self,
        game: &AtelierCanvas,
        player: usize,
        rng: &mut Xoshiro256StarStar,
    ) -> Option<Self> {
        Some(observation::resample(self, game, player, rng))
    }

    fn position_json(&self, game: &AtelierCanvas) -> SalonResult<String> {
        Ok(position::position_json(self, game, None))
    }

    fn observation_json(&self, game: &AtelierCanvas, player: usize) -> SalonResult<String> {
        Ok(position::position_json(self, game, Some(player)))
    }

    fn from_position(
        game: &AtelierCanvas,
        text: &str,
        rng: &mut Xoshiro256StarStar,
    ) -> SalonResult<Self> {
        position::from_position(game, text, rng)
    }

    fn render(&self, game: &AtelierCanvas) -> String {
        render::render(self, game)
    }

    fn render_svg(&self, game: &AtelierCanvas, viewer: Option<usize>) -> String {
        svg::render(self, game, viewer)
    }
}
