use std::any::Any;

use salon_core::{
    Action, ActionList, ChanceOutcomes, Game, SalonError, SalonResult, State, TrackedState,
    Xoshiro256StarStar,
};

use crate::registry::each_game;
use crate::registry::AnyGame;
pub use crate::registry::AnyState;

impl AnyState {
    pub fn game(&self) -> AnyGame {
        each_game!(self, AnyState, s => s.game_arc().clone().into())
    }

    pub fn seed(&self) -> u64 {
        each_game!(self, AnyState, s => s.seed())
    }

    pub fn current_player(&self) -> i32 {
        each_game!(self, AnyState, s => s.current_player())
    }

    pub fn is_terminal(&self) -> bool {
        each_game!(self, AnyState, s => s.is_terminal())
    }

    pub fn is_chance_node(&self) -> bool {
        each_game!(self, AnyState, s => s.is_chance_node())
    }

    pub fn legal_actions(&self, out: &mut ActionList) {
        each_game!(self, AnyState, s => s.legal_actions(out))
    }

    pub fn mask_len(&self) -> usize {
        each_game!(self, AnyState, s => s.mask_len())
    }

    pub fn chance_outcomes(&self, out: &mut ChanceOutcomes) {
        each_game!(self, AnyState, s => s.chance_outcomes(out))
    }

    /// Applies an action id given by a user (range-checked, then legality-checked).
    pub fn apply_action(&mut self, action: i64) -> SalonResult<()> {
        each_game!(self, AnyState, s => s.apply_action_id(action))
    }

    pub fn apply_random_chance(&mut self) -> SalonResult<Action> {
        each_game!(self, AnyState, s => s.apply_random_chance())
    }

    pub fn apply_chance_with(&mut self, rng: &mut Xoshiro256StarStar) -> SalonResult<Action> {
        each_game!(self, AnyState, s => s.apply_chance_with(rng))
    }

    pub fn pop(&mut self) -> SalonResult<Action> {
        each_game!(self, AnyState, s => s.pop())
    }

    pub fn history(&self) -> Vec<Action> {
        each_game!(self, AnyState, s => s.history())
    }

    pub fn ply(&self) -> usize {
        each_game!(self, AnyState, s => s.ply())
    }

    pub fn scores(&self) -> Vec<i32> {
        each_game!(self, AnyState, s => s.scores())
    }

    pub fn returns(&self) -> Vec<f64> {
        each_game!(self, AnyState, s => s.returns())
    }

    pub fn action_to_string(&self, action: i64) -> SalonResult<String> {
        each_game!(self, AnyState, s => s.action_to_string(action))
    }

    pub fn action_to_string_for(&self, player: i64, action: i64) -> SalonResult<String> {
        each_game!(self, AnyState, s => s.action_to_string_for(player, action))
    }

    /// The kind and fields of an action at this node.
    pub fn move_fields(&self, action: i64) -> SalonResult<salon_core::MoveFields> {
        each_game!(self, AnyState, s => s.move_fields(action))
    }

    pub fn string_to_action(&self, text: &str) -> SalonResult<Action> {
        each_game!(self, AnyState, s => s.string_to_action(text))
    }

    pub fn observation_string(&self, player: i64) -> SalonResult<String> {
        each_game!(self, AnyState, s => s.observation_string(player))
    }

    pub fn observation_tensor(&self, player: i64, out: &mut [f32]) -> SalonResult<()> {
        each_game!(self, AnyState, s => s.observation_tensor(player, out))
    }

    pub fn information_state_string(&self, player: i64) -> SalonResult<String> {
        each_game!(self, AnyState, s => s.information_state_string(player))
    }

    pub fn resample_from_infostate(&self, player: i64, seed: u64) -> SalonResult<AnyState> {
        each_game!(self, AnyState, s => s.resample_from_infostate(player, seed).map(Into::into))
    }

    pub fn serialize(&self) -> String {
        each_game!(self, AnyState, s => s.serialize())
    }

    /// [`Self::serialize`], asking `stop` on long histories.
    pub fn serialize_with_stop(
        &self,
        stop: salon_core::interrupt::StopCheck<'_>,
    ) -> SalonResult<String> {
        each_game!(self, AnyState, s => s.serialize_with_stop(stop))
    }

    /// The whole position as JSON text.
    pub fn position_json(&self) -> SalonResult<String> {
        each_game!(self, AnyState, s => s.position_json())
    }

    /// What `player` sees as position JSON (hidden cards `null`).
    pub fn observation_json(&self, player: i64) -> SalonResult<String> {
        each_game!(self, AnyState, s => s.observation_json(player))
    }

    /// The whole table as text.
    pub fn render(&self) -> String {
        each_game!(self, AnyState, s => s.state().render(s.game()))
    }

    /// The table as SVG: everything (`viewer` None) or what one player may see.
    pub fn render_svg(&self, viewer: Option<i64>) -> SalonResult<String> {
        let viewer = match viewer {
            None => None,
            Some(p) => Some(self.check_player(p)?),
        };
        Ok(each_game!(self, AnyState, s => s.state().render_svg(s.game(), viewer)))
    }

    /// Plays random decisions (from `seed`) and the game's own chance to the end.
    pub fn play_random(&mut self, seed: u64) -> usize {
        let mut rng = Xoshiro256StarStar::seed_from_u64(seed);
        each_game!(self, AnyState, s => s.play_random(&mut rng))
    }

    /// [`Self::play_random`], asking `stop` now and then; unchanged when it stops.
    pub fn play_random_with_stop(
        &mut self,
        seed: u64,
        stop: salon_core::interrupt::StopCheck<'_>,
    ) -> SalonResult<usize> {
        let mut rng = Xoshiro256StarStar::seed_from_u64(seed);
        each_game!(self, AnyState, s => s.play_random_with_stop(&mut rng, stop))
    }

    /// True when both states are of the same game and parameters, with equal states and
    /// histories.
    pub fn same_as(&self, other: &AnyState) -> bool {
        fn eq_any<T: PartialEq + 'static>(a: &T, b: &dyn Any) -> bool {
            b.downcast_ref::<T>().is_some_and(|b| a == b)
        }
        self.game() == other.game() && each_game!(self, AnyState, s => eq_any(s, other.inner_any()))
    }

    pub(crate) fn inner_any(&self) -> &dyn Any {
        each_game!(self, AnyState, s => s as &dyn Any)
    }

    /// The move `bot` chooses for the player to move (an error at chance and terminal nodes).
    pub fn bot_choose(
        &self,
        bot: &mut salon_search::bots::Bot,
        rng: &mut Xoshiro256StarStar,
    ) -> SalonResult<salon_core::Action> {
        each_game!(self, AnyState, s => bot.choose_action(s.game(), s.state(), rng))
    }

    /// [`Self::bot_choose`], asking `stop` between simulations.
    pub fn bot_choose_with_stop(
        &self,
        bot: &mut salon_search::bots::Bot,
        rng: &mut Xoshiro256StarStar,
        stop: salon_core::interrupt::StopCheck<'_>,
    ) -> SalonResult<salon_core::Action> {
        each_game!(self, AnyState, s => bot.choose_action_with_stop(s.game(), s.state(), rng, stop))
    }

    /// Checks that a player index is in range for this game.
    pub fn check_player(&self, player: i64) -> SalonResult<usize> {
        each_game!(self, AnyState, s => s.check_player(player))
    }
}

/// The roots of a search of `game` (the search's own game `_of`, which names the state type):
/// each state checked to be of that game, then copied out of its tracker.
pub(crate) fn search_roots<G: Game>(
    _of: &G,
    game: &AnyGame,
    states: &[&AnyState],
) -> SalonResult<Vec<G::State>> {
    states
        .iter()
        .enumerate()
        .map(|(i, st)| {
            if st.game() != *game {
                return Err(SalonError::param(
                    "states",
                    format!(
                        "state {i} is a state of {}, the search is for {}",
                        st.game().spec_string(),
                        game.spec_string()
                    ),
                ));
            }
            st.inner_any()
                .downcast_ref::<TrackedState<G>>()
                .map(|t| t.state().clone())
                .ok_or_else(|| {
                    SalonError::param("states", format!("state {i} is not a state of this game"))
                })
        })
        .collect()
}
