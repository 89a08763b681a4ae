//! The two traits every game implements.

use crate::action::{Action, ActionList};
use crate::actor::Actor;
use crate::chance::ChanceOutcomes;
use crate::components::ComponentInfo;
use crate::error::{SalonError, SalonResult};
use crate::params::{ParamSpec, Params};
use crate::rng::Xoshiro256StarStar;
use crate::shares::{Returns, Scores};

/// Facts a game declares once (OpenSpiel's `GameType`, trimmed to what salon games need).
#[derive(Clone, Debug)]
pub struct GameInfo {
    /// The engine name, for example `azul_sintra`.
    pub name: &'static str,
    /// The board game's title.
    pub long_name: &'static str,
    pub min_players: usize,
    pub max_players: usize,
    /// True when every player sees the whole state (chance may still be present).
    pub perfect_information: bool,
}

impl GameInfo {
    /// The `players` parameter, declared from this game's player range (the one place a game
    /// states it): any count from `min_players` to `max_players`, the fewest by default.
    pub fn players_param(&self, doc: &'static str) -> ParamSpec {
        let counts: Vec<i64> = (self.min_players..=self.max_players)
            .map(|n| n as i64)
            .collect();
        ParamSpec::int_choice("players", self.min_players as i64, &counts, doc)
    }

    /// The player count of resolved parameters, checked against the range (a game built from
    /// parameters that skipped [`crate::Params::resolve`] gets the same error).
    pub fn players(&self, params: &Params) -> SalonResult<usize> {
        let n = params.int("players");
        if n < self.min_players as i64 || n > self.max_players as i64 {
            return Err(SalonError::param(
                "players",
                format!(
                    "{n} is not allowed; choose {} to {}",
                    self.min_players, self.max_players
                ),
            ));
        }
        Ok(n as usize)
    }
}

/// A game: its parameters and its component data, built once and shared by all states.
pub trait Game: Clone + Send + Sync + Sized + 'static {
    type State: State<Game = Self>;

    fn info() -> GameInfo;

    /// The parameters this game accepts, with defaults.
    fn param_specs() -> Vec<ParamSpec>;

    /// Builds the game from resolved parameters (every declared name present, checked
    /// against `param_specs`) and an optional user component file (JSON text). `None`
    /// uses the embedded substitute set. Must validate the file and return
    /// [`SalonError::InvalidComponents`] naming the problem.
    fn new(params: &Params, components_json: Option<&str>) -> SalonResult<Self>;

    /// Resolves and validates raw parameters, then builds the game.
    fn with_params(given: &Params, components_json: Option<&str>) -> SalonResult<Self> {
        let resolved = Params::resolve(given, &Self::param_specs())?;
        Self::new(&resolved, components_json)
    }

    /// The resolved parameters the game was built with.
    fn params(&self) -> &Params;
    fn components(&self) -> &ComponentInfo;

    fn num_players(&self) -> usize;
    /// Decision action ids are in `[0, num_distinct_actions)`; at most `MAX_LEGAL_ACTIONS`.
    fn num_distinct_actions(&self) -> usize;
    /// Chance outcome ids are in `[0, max_chance_outcomes)`; at most `MAX_CHANCE_OUTCOMES`.
    fn max_chance_outcomes(&self) -> usize;
    /// An upper bound on the number of actions (chance included) in one game.
    fn max_game_length(&self) -> usize;
    fn observation_tensor_shape(&self) -> Vec<usize>;
    fn observation_tensor_size(&self) -> usize {
        self.observation_tensor_shape().iter().product()
    }

    /// The state before any chance outcome or move.
    fn new_initial_state(&self) -> Self::State;

    /// The kind and named fields of decision id `action` (see `docs/positions.md`), decoded
    /// from the id alone (a move carries it without its state). Must not fail for any id in
    /// range. The default names the id only.
    fn move_fields(&self, action: Action) -> crate::position_moves::MoveFields {
        crate::position_moves::MoveFields::new("action").int("id", action)
    }
}

/// A game state. It is a fixed-size value: no heap data, so a clone is a copy.
///
/// Methods take the game by reference. `apply_unchecked` may assume its action is legal;
/// `apply_action` checks first and leaves the state unchanged on error.
pub trait State: Clone + Send + Sync + PartialEq + std::fmt::Debug + 'static {
    type Game: Game<State = Self>;

    fn actor(&self, game: &Self::Game) -> Actor;

    fn is_terminal(&self, game: &Self::Game) -> bool {
        self.actor(game) == Actor::Terminal
    }

    fn is_chance_node(&self, game: &Self::Game) -> bool {
        self.actor(game) == Actor::Chance
    }

    /// The legal decisions of the player to move, ascending. Empty at chance and terminal
    /// nodes (OpenSpiel lists chance outcomes here; the tracked state does that).
    fn legal_actions(&self, game: &Self::Game, out: &mut ActionList);

    /// The outcomes of a chance node, ascending, with integer weights. Empty elsewhere.
    fn chance_outcomes(&self, game: &Self::Game, out: &mut ChanceOutcomes);

    /// Applies a legal decision or chance outcome. Behaviour on an illegal one is
    /// unspecified (but must not be undefined behaviour).
    fn apply_unchecked(&mut self, game: &Self::Game, action: Action);

    /// Checks the action against the node, then applies it; on error the state is unchanged.
    fn apply_action(&mut self, game: &Self::Game, action: Action) -> SalonResult<()> {
        match self.actor(game) {
            Actor::Terminal => {
                return Err(SalonError::illegal(action, "the game is over"));
            }
            Actor::Chance => {
                let mut outcomes = ChanceOutcomes::new();
                self.chance_outcomes(game, &mut outcomes);
                if !outcomes.contains(action) {
                    return Err(SalonError::illegal(
                        action,
                        format!(
                            "not a possible outcome of this chance node (outcomes: {:?})",
                            outcomes.actions()
                        ),
                    ));
                }
            }
            Actor::Player(p) => {
                let mut legal = ActionList::new();
                self.legal_actions(game, &mut legal);
                if !legal.contains(action) {
                    return Err(SalonError::illegal(
                        action,
                        format!(
                            "not legal for player {p} here ({} legal actions)",
                            legal.len()
                        ),
                    ));
                }
            }
        }
        self.apply_unchecked(game, action);
        Ok(())
    }

    /// Victory points per player (unused slots are 0). Running totals during play.
    fn scores(&self, game: &Self::Game) -> Scores;

    /// Win shares at the end (see [`crate::win_shares`]); all zero before the end.
    fn returns(&self, game: &Self::Game) -> Returns;

    /// A readable, unique-per-node name of a decision or chance outcome at this node. Must
    /// not fail for any id in range; ids illegal here may get any text.
    fn action_to_string(&self, game: &Self::Game, action: Action) -> String;

    /// The text of `action` at this node as `player` may read it (OpenSpiel's
    /// `ActionToString(player, action)`): what it names that `player` may not see (a card dealt
    /// to another hand, a card drawn blind by another player) is left out, so a table or a record
    /// shown to that seat never names a hidden card. It need not be unique at the node for a
    /// player who does not see everything. `player` is already checked to be in range. The
    /// default is [`State::action_to_string`]: every move of a perfect-information game reads
    /// the same to everyone.
    fn action_to_string_for(&self, game: &Self::Game, player: usize, action: Action) -> String {
        let _ = player;
        self.action_to_string(game, action)
    }

    /// The legal action whose string is `text`. The default takes the one candidate id of
    /// [`State::parse_action`] where the game has one, when it is listed here and its string
    /// is `text`; else it compares against every listed action's string
    /// ([`match_action_string`]), so a parser only has to be right, not complete.
    fn string_to_action(&self, game: &Self::Game, text: &str) -> SalonResult<Action> {
        let wanted = text.trim();
        match self.parse_action(game, wanted) {
            Some(a) if is_listed(self, game, a) && self.action_to_string(game, a) == wanted => {
                Ok(a)
            }
            _ => match_action_string(self, game, text),
        }
    }

    /// The one id whose string `text` could be, read from the text without listing the
    /// node's actions (`None`: compare against every action's string). A game whose action
    /// lists are long writes this; the default `string_to_action` checks its answer.
    fn parse_action(&self, game: &Self::Game, text: &str) -> Option<Action> {
        let _ = (game, text);
        None
    }

    /// What `player` sees now, as text. `player` is already checked to be in range.
    fn observation_string(&self, game: &Self::Game, player: usize) -> String;

    /// What `player` sees now, as numbers, into `out` of `observation_tensor_size()`
    /// elements, which the caller has zeroed.
    fn observation_tensor(&self, game: &Self::Game, player: usize, out: &mut [f32]);

    /// Everything `player` knows (perfect recall) as text, for games with hidden
    /// information. `None` for perfect-information games, where the tracked state uses the
    /// action history instead.
    fn information_state_string(&self, game: &Self::Game, player: usize) -> Option<String>;

    /// A full state consistent with everything `player` knows, the unknown parts drawn as
    /// the chance nodes would draw them. `None` for perfect-information games (a clone).
    fn resample_from_infostate(
        &self,
        game: &Self::Game,
        player: usize,
        rng: &mut Xoshiro256StarStar,
    ) -> Option<Self>;

    /// The whole position as JSON text (see `docs/positions.md`): everything on the table,
    /// hidden cards included, with the names a player of the game would use. Games without a
    /// position format return [`SalonError::InvalidPosition`].
    fn position_json(&self, _game: &Self::Game) -> SalonResult<String> {
        Err(SalonError::InvalidPosition {
            field: "game".into(),
            problem: "this game has no position format".into(),
        })
    }

    /// What `player` sees, in the position format: cards hidden from `player` are `null`.
    /// `player` is already checked to be in range.
    fn observation_json(&self, _game: &Self::Game, _player: usize) -> SalonResult<String> {
        Err(SalonError::InvalidPosition {
            field: "game".into(),
            problem: "this game has no position format".into(),
        })
    }

    /// Builds a state from position JSON, checking every invariant (each piece and card in
    /// exactly one place, counts in range, a phase and mover that agree). Unknown (`null`)
    /// hidden cards are drawn from the cards the position does not place, with `rng`.
    fn from_position(
        _game: &Self::Game,
        _text: &str,
        _rng: &mut Xoshiro256StarStar,
    ) -> SalonResult<Self> {
        Err(SalonError::InvalidPosition {
            field: "game".into(),
            problem: "this game has no position format".into(),
        })
    }

    /// The whole table, readable by someone who knows the board game.
    fn render(&self, game: &Self::Game) -> String;

    /// The table as a standalone SVG document. `viewer: None` shows everything (for
    /// replays and spectators); `Some(p)` shows only what player `p` may see. The default
    /// draws the text rendering (or `p`'s observation string); games override it with a
    /// drawing of the board.
    fn render_svg(&self, game: &Self::Game, viewer: Option<usize>) -> String {
        let text = match viewer {
            None => self.render(game),
            Some(p) => self.observation_string(game, p),
        };
        crate::svg::text_document(&text)
    }
}

/// Whether `action` is a legal action (or a chance outcome) at this node.
fn is_listed<S: State>(state: &S, game: &S::Game, action: Action) -> bool {
    if state.is_chance_node(game) {
        let mut outcomes = ChanceOutcomes::new();
        state.chance_outcomes(game, &mut outcomes);
        outcomes.contains(action)
    } else {
        let mut legal = ActionList::new();
        state.legal_actions(game, &mut legal);
        legal.contains(action)
    }
}

/// The legal action (or chance outcome) at this node whose string is `text`, found by
/// comparing every candidate's string: the default `string_to_action`, and the fallback of
/// games that parse some families directly.
pub fn match_action_string<S: State>(state: &S, game: &S::Game, text: &str) -> SalonResult<Action> {
    let wanted = text.trim();
    if state.is_chance_node(game) {
        let mut outcomes = ChanceOutcomes::new();
        state.chance_outcomes(game, &mut outcomes);
        for &a in outcomes.actions() {
            if state.action_to_string(game, a) == wanted {
                return Ok(a);
            }
        }
    } else {
        let mut legal = ActionList::new();
        state.legal_actions(game, &mut legal);
        for &a in legal.iter() {
            if state.action_to_string(game, a) == wanted {
                return Ok(a);
            }
        }
    }
    Err(SalonError::UnknownActionString {
        text: text.to_string(),
    })
}

/// The three [`Game`] getters every game writes the same way, read from fields of the game
/// type: `game_getters!(params, components, players)` names the fields holding the
/// [`Params`], the [`ComponentInfo`] and the player count (a `usize`), inside `impl Game`.
#[macro_export]
macro_rules! game_getters {
    ($params:ident, $components:ident, $players:ident) => {
        fn params(&self) -> &$crate::Params {
            &self.$params
        }

        fn components(&self) -> &$crate::ComponentInfo {
            &self.$components
        }

        fn num_players(&self) -> usize {
            self.$players
        }
    };
}
