//! A state as users hold it: the core state plus its history, its seed and its origin.
//!
//! Random chance outcomes are drawn from a generator derived from `(seed, ply)`, so the
//! outcome at a given point of a given game never depends on what was drawn, undone or
//! cloned before: undo, clone and serialize need no generator state.

use std::sync::Arc;

use serde_json::{json, Value};

use crate::action::{Action, ActionList};
use crate::actor::Actor;
use crate::chance::ChanceOutcomes;
use crate::error::{SalonError, SalonResult};
use crate::game::{Game, State};
use crate::interrupt::StopCheck;
use crate::params::Params;
use crate::rng::Xoshiro256StarStar;

/// Long loops ask their stop check once per this many actions (microseconds of work).
const STOP_CHECK_ACTIONS: usize = 4096;

/// The serialization format tag; bump only with a reader for the old one.
pub const STATE_FORMAT: &str = "salon-state/1";
/// The tag of states whose history starts at a given position (their first segment holds
/// the position). States that start at the initial state keep writing [`STATE_FORMAT`].
pub const STATE_FORMAT_POSITION: &str = "salon-state/2";

/// Where a tracked state's history starts.
#[derive(Clone, Debug)]
pub enum Origin {
    /// A new game from `new_initial_state(seed)`.
    Initial,
    /// Drawn by `resample_from_infostate(player, seed)` from another tracked state.
    Resampled(Arc<ResampleLink>),
    /// Built from a position (`from_position`); the position is the base state's.
    Position,
}

/// One resample in a chain of them: what the source state was, without its board (only its
/// history is needed). Links are shared, never copied, so a chain of `n` resamples costs
/// `n` links however often its states are cloned, and nothing walks it recursively.
pub struct ResampleLink {
    /// The source's own origin.
    source_origin: Origin,
    /// The actions the source applied since its origin.
    source_actions: Vec<Action>,
    /// The number of actions from the start of the game to the resample.
    ply: usize,
    /// The seed of the game at the start of the chain (serialization starts there).
    root_seed: u64,
    /// The complete position (JSON) the chain starts from, when it starts at one.
    root_position: Option<Arc<str>>,
    pub player: usize,
    pub seed: u64,
}

impl ResampleLink {
    /// The number of actions from the start of the game to the resample.
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// The link before this one, if the source was itself resampled.
    pub fn previous(&self) -> Option<&ResampleLink> {
        match &self.source_origin {
            Origin::Resampled(link) => Some(link),
            Origin::Initial | Origin::Position => None,
        }
    }
}

impl std::fmt::Debug for ResampleLink {
    // Not derived: printing the whole chain would recurse once per link.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ResampleLink")
            .field("player", &self.player)
            .field("seed", &self.seed)
            .field("ply", &self.ply)
            .finish_non_exhaustive()
    }
}

impl Drop for ResampleLink {
    // The default drop would recurse once per link and overflow the stack on long chains:
    // unlink the chain iteratively while this link holds the last reference to the next one.
    fn drop(&mut self) {
        let mut next = std::mem::replace(&mut self.source_origin, Origin::Initial);
        while let Origin::Resampled(link) = next {
            match Arc::try_unwrap(link) {
                Ok(mut owned) => {
                    next = std::mem::replace(&mut owned.source_origin, Origin::Initial)
                }
                Err(_) => break,
            }
        }
    }
}

impl Origin {
    fn link(&self) -> Option<&ResampleLink> {
        match self {
            Origin::Resampled(link) => Some(link),
            Origin::Initial | Origin::Position => None,
        }
    }

    /// The links of the chain, newest first.
    fn links(&self) -> impl Iterator<Item = &ResampleLink> {
        std::iter::successors(self.link(), |link| link.previous())
    }
}

#[derive(Clone, Debug)]
pub struct TrackedState<G: Game> {
    game: Arc<G>,
    state: G::State,
    /// The state at the origin, from which `pop` replays. Shared: it never changes, and a
    /// clone (one per search node from Python) then copies one state, not two.
    base: Arc<G::State>,
    origin: Origin,
    seed: u64,
    /// Actions applied since the origin.
    actions: Vec<Action>,
}

fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 33)).wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    z = (z ^ (z >> 33)).wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    z ^ (z >> 33)
}

/// The generator for the random chance outcome at `ply` of the game seeded with `seed`.
pub fn chance_rng(seed: u64, ply: usize) -> Xoshiro256StarStar {
    Xoshiro256StarStar::seed_from_u64(
        mix64(seed) ^ mix64((ply as u64).wrapping_add(0x5A10_4E5E_ED00_0001)),
    )
}

/// A seed from the operating system's entropy (for `new_initial_state(None)`).
pub fn entropy_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0),
    );
    h.finish()
}

impl<G: Game> TrackedState<G> {
    pub fn new(game: Arc<G>, seed: u64) -> Self {
        let state = game.new_initial_state();
        TrackedState {
            base: Arc::new(state.clone()),
            state,
            game,
            origin: Origin::Initial,
            seed,
            actions: Vec::new(),
        }
    }

    /// A state whose history starts at `position` (position JSON, see `State::from_position`);
    /// unknown hidden cards are drawn with a generator seeded from `seed`, which also seeds
    /// the random chance outcomes that follow.
    pub fn from_position(game: Arc<G>, position: &str, seed: u64) -> SalonResult<Self> {
        let mut rng = Xoshiro256StarStar::seed_from_u64(mix64(seed ^ 0x9051_7104_0000_0001));
        let state = G::State::from_position(&game, position, &mut rng)?;
        Ok(TrackedState {
            base: Arc::new(state.clone()),
            state,
            game,
            origin: Origin::Position,
            seed,
            actions: Vec::new(),
        })
    }

    /// The whole position as JSON text.
    pub fn position_json(&self) -> SalonResult<String> {
        self.state.position_json(&self.game)
    }

    /// What `player` sees, as position JSON with hidden cards `null`.
    pub fn observation_json(&self, player: i64) -> SalonResult<String> {
        let p = self.check_player(player)?;
        self.state.observation_json(&self.game, p)
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    pub fn game_arc(&self) -> &Arc<G> {
        &self.game
    }

    pub fn state(&self) -> &G::State {
        &self.state
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn origin(&self) -> &Origin {
        &self.origin
    }

    pub fn actor(&self) -> Actor {
        self.state.actor(&self.game)
    }

    pub fn current_player(&self) -> i32 {
        self.actor().id()
    }

    pub fn is_terminal(&self) -> bool {
        self.actor() == Actor::Terminal
    }

    pub fn is_chance_node(&self) -> bool {
        self.actor() == Actor::Chance
    }

    /// Legal decisions, or the chance outcomes at a chance node (OpenSpiel's convention).
    pub fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        match self.actor() {
            Actor::Chance => {
                let mut outcomes = ChanceOutcomes::new();
                self.state.chance_outcomes(&self.game, &mut outcomes);
                for &a in outcomes.actions() {
                    out.push(a);
                }
            }
            Actor::Player(_) => self.state.legal_actions(&self.game, out),
            Actor::Terminal => {}
        }
    }

    /// Length of the legal-action mask at this node.
    pub fn mask_len(&self) -> usize {
        if self.is_chance_node() {
            self.game.max_chance_outcomes()
        } else {
            self.game.num_distinct_actions()
        }
    }

    pub fn chance_outcomes(&self, out: &mut ChanceOutcomes) {
        out.clear();
        self.state.chance_outcomes(&self.game, out);
    }

    pub fn apply_action(&mut self, action: Action) -> SalonResult<()> {
        self.state.apply_action(&self.game, action)?;
        self.actions.push(action);
        Ok(())
    }

    /// Applies the random outcome this game's seed gives at this ply.
    pub fn apply_random_chance(&mut self) -> SalonResult<Action> {
        let mut rng = chance_rng(self.seed, self.ply());
        self.apply_chance_with(&mut rng)
    }

    /// Applies a chance outcome drawn from the caller's generator.
    pub fn apply_chance_with(&mut self, rng: &mut Xoshiro256StarStar) -> SalonResult<Action> {
        if !self.is_chance_node() {
            return Err(SalonError::wrong_node(
                "not a chance node: there is no outcome to draw",
            ));
        }
        let mut outcomes = ChanceOutcomes::new();
        self.state.chance_outcomes(&self.game, &mut outcomes);
        let action = outcomes
            .sample(rng)
            .ok_or_else(|| SalonError::wrong_node("this chance node lists no outcome"))?;
        self.state.apply_unchecked(&self.game, action);
        self.actions.push(action);
        Ok(action)
    }

    /// Undoes the last action and returns it.
    pub fn pop(&mut self) -> SalonResult<Action> {
        let last = self.actions.pop().ok_or(SalonError::NothingToUndo)?;
        let mut state = G::State::clone(&self.base);
        for &a in &self.actions {
            state.apply_unchecked(&self.game, a);
        }
        self.state = state;
        Ok(last)
    }

    /// The number of actions from the start of the game (through any resample origin).
    pub fn ply(&self) -> usize {
        self.origin_len() + self.actions.len()
    }

    fn origin_len(&self) -> usize {
        self.origin.link().map_or(0, ResampleLink::ply)
    }

    /// Every action from the start of the game (or from the position it was built from).
    /// A resampled state reports its source's history followed by its own actions.
    pub fn history(&self) -> Vec<Action> {
        let mut out = Vec::with_capacity(self.ply());
        let links: Vec<&ResampleLink> = self.origin.links().collect();
        for link in links.iter().rev() {
            out.extend_from_slice(&link.source_actions);
        }
        out.extend_from_slice(&self.actions);
        out
    }

    pub fn scores(&self) -> Vec<i32> {
        self.state.scores(&self.game)[..self.game.num_players()].to_vec()
    }

    pub fn returns(&self) -> Vec<f64> {
        self.state.returns(&self.game)[..self.game.num_players()].to_vec()
    }

    pub fn check_player(&self, player: i64) -> SalonResult<usize> {
        let n = self.game.num_players();
        if player < 0 || player as u64 >= n as u64 {
            return Err(SalonError::InvalidPlayer {
                player,
                num_players: n,
            });
        }
        Ok(player as usize)
    }

    fn check_action_range(&self, action: i64) -> SalonResult<Action> {
        let limit = self
            .game
            .num_distinct_actions()
            .max(self.game.max_chance_outcomes());
        if action < 0 || action as u64 >= limit as u64 {
            return Err(SalonError::IllegalAction {
                action,
                message: format!(
                    "action ids of this game are 0 to {}, got {action}",
                    limit - 1
                ),
            });
        }
        Ok(action as Action)
    }

    pub fn action_to_string(&self, action: i64) -> SalonResult<String> {
        let action = self.check_action_range(action)?;
        Ok(self.state.action_to_string(&self.game, action))
    }

    /// The text of `action` as `player` may read it (see [`State::action_to_string_for`]).
    pub fn action_to_string_for(&self, player: i64, action: i64) -> SalonResult<String> {
        let player = self.check_player(player)?;
        let action = self.check_action_range(action)?;
        Ok(self.state.action_to_string_for(&self.game, player, action))
    }

    /// The kind and fields of an action at this node: the game's decoding of a decision, or
    /// `chance` with the outcome's text at a chance node.
    pub fn move_fields(&self, action: i64) -> SalonResult<crate::position_moves::MoveFields> {
        let action = self.check_action_range(action)?;
        if self.is_chance_node() {
            let text = self.state.action_to_string(&self.game, action);
            return Ok(crate::position_moves::MoveFields::new("chance").text("outcome", text));
        }
        Ok(self.game.move_fields(action))
    }

    pub fn string_to_action(&self, text: &str) -> SalonResult<Action> {
        self.state.string_to_action(&self.game, text)
    }

    /// Applies an action checked for range first (for ids coming from users).
    pub fn apply_action_id(&mut self, action: i64) -> SalonResult<()> {
        let action = self.check_action_range(action)?;
        self.apply_action(action)
    }

    pub fn observation_string(&self, player: i64) -> SalonResult<String> {
        let p = self.check_player(player)?;
        Ok(self.state.observation_string(&self.game, p))
    }

    /// Writes the observation into `out`, which must have `observation_tensor_size()` elements.
    pub fn observation_tensor(&self, player: i64, out: &mut [f32]) -> SalonResult<()> {
        let p = self.check_player(player)?;
        if out.len() != self.game.observation_tensor_size() {
            return Err(SalonError::wrong_node(format!(
                "observation buffer has {} elements, the game needs {}",
                out.len(),
                self.game.observation_tensor_size()
            )));
        }
        out.fill(0.0);
        self.state.observation_tensor(&self.game, p, out);
        Ok(())
    }

    /// Perfect-recall information state: the game's own text for hidden-information games,
    /// the action history for perfect-information ones.
    pub fn information_state_string(&self, player: i64) -> SalonResult<String> {
        let p = self.check_player(player)?;
        Ok(match self.state.information_state_string(&self.game, p) {
            Some(s) => s,
            None => {
                let h: Vec<String> = self.history().iter().map(|a| a.to_string()).collect();
                h.join(" ")
            }
        })
    }

    /// A state consistent with everything `player` knows, the rest drawn from `seed`.
    pub fn resample_from_infostate(&self, player: i64, seed: u64) -> SalonResult<TrackedState<G>> {
        let p = self.check_player(player)?;
        let mut rng = Xoshiro256StarStar::seed_from_u64(seed);
        match self.state.resample_from_infostate(&self.game, p, &mut rng) {
            None => Ok(self.clone()),
            Some(state) => Ok(TrackedState {
                game: self.game.clone(),
                base: Arc::new(state.clone()),
                state,
                origin: Origin::Resampled(Arc::new(ResampleLink {
                    source_origin: self.origin.clone(),
                    source_actions: self.actions.clone(),
                    ply: self.ply(),
                    root_seed: self.origin.link().map_or(self.seed, |link| link.root_seed),
                    root_position: self.root_position(),
                    player: p,
                    seed,
                })),
                seed: mix64(seed ^ 0xA5A5_5A5A_0F0F_F0F0),
                actions: Vec::new(),
            }),
        }
    }

    /// Plays uniformly random decisions (from `rng`) and random chance outcomes (from the
    /// game's seed) to the end; returns the number of actions applied.
    pub fn play_random(&mut self, rng: &mut Xoshiro256StarStar) -> usize {
        self.play_random_unless(rng, &mut crate::interrupt::never())
            .unwrap_or_else(|_| unreachable!("a check that never stops cannot interrupt"))
    }

    /// [`Self::play_random`], asking `stop` every few thousand actions; when it stops,
    /// the state and `rng` are as they were before the call.
    pub fn play_random_with_stop(
        &mut self,
        rng: &mut Xoshiro256StarStar,
        stop: StopCheck<'_>,
    ) -> SalonResult<usize> {
        let mut work = self.clone();
        let mut work_rng = rng.clone();
        let applied = work.play_random_unless(&mut work_rng, stop)?;
        *self = work;
        *rng = work_rng;
        Ok(applied)
    }

    fn play_random_unless(
        &mut self,
        rng: &mut Xoshiro256StarStar,
        stop: StopCheck<'_>,
    ) -> SalonResult<usize> {
        let mut legal = ActionList::new();
        let mut applied = 0;
        loop {
            if applied % STOP_CHECK_ACTIONS == 0 {
                crate::interrupt::check(stop)?;
            }
            match self.actor() {
                Actor::Terminal => return Ok(applied),
                Actor::Chance => {
                    if self.apply_random_chance().is_err() {
                        return Ok(applied);
                    }
                }
                Actor::Player(_) => {
                    self.state.legal_actions(&self.game, &mut legal);
                    if legal.is_empty() {
                        return Ok(applied);
                    }
                    let a = legal[rng.below(legal.len() as u64) as usize];
                    self.state.apply_unchecked(&self.game, a);
                    self.actions.push(a);
                }
            }
            applied += 1;
        }
    }

    /// The complete position (JSON) the history starts from, through any resample chain;
    /// `None` when it starts at the initial state.
    fn root_position(&self) -> Option<Arc<str>> {
        match &self.origin {
            Origin::Initial => None,
            Origin::Position => Some(
                self.base
                    .position_json(&self.game)
                    .unwrap_or_default()
                    .into(),
            ),
            Origin::Resampled(link) => link.root_position.clone(),
        }
    }

    /// A JSON text that [`Self::deserialize`] turns back into an equal state.
    pub fn serialize(&self) -> String {
        self.serialize_with_stop(&mut crate::interrupt::never())
            .unwrap_or_else(|_| unreachable!("a check that never stops cannot interrupt"))
    }

    /// [`Self::serialize`], asking `stop` every few thousand segments (a state at the end
    /// of a long resample chain serializes to megabytes).
    ///
    /// The text is canonical JSON (keys sorted, no spaces), written directly rather than
    /// through `serde_json::Value`, which cost several times more per segment. The history
    /// is written as segments: the actions from the initial state, then for each resample in
    /// the chain its player, seed and the actions after it.
    pub fn serialize_with_stop(&self, stop: StopCheck<'_>) -> SalonResult<String> {
        use std::fmt::Write;
        let mut links: Vec<&ResampleLink> = self.origin.links().collect();
        links.reverse();
        let root_seed = links.first().map_or(self.seed, |first| first.root_seed);
        let c = self.game.components();
        let format = if self.root_position().is_some() {
            STATE_FORMAT_POSITION
        } else {
            STATE_FORMAT
        };
        // "segments" sorts last: the head is the canonical text of the other fields.
        let head = json!({
            "format": format,
            "game": G::info().name,
            "params": self.game.params().to_json(),
            "components": {"name": c.name, "hash": c.hash},
            "seed": root_seed,
        })
        .to_string();
        let mut out = String::with_capacity(head.len() + 64 + links.len() * 48 + self.ply() * 4);
        out.push_str(&head[..head.len() - 1]);
        out.push_str(",\"segments\":[");
        let write_actions = |out: &mut String, actions: &[Action]| {
            out.push_str("{\"actions\":[");
            for (i, a) in actions.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                let _ = write!(out, "{a}");
            }
            out.push(']');
        };
        match links.first() {
            None => write_actions(&mut out, &self.actions),
            Some(first) => write_actions(&mut out, &first.source_actions),
        }
        if let Some(position) = self.root_position() {
            // Canonical (keys sorted) like the rest of the text.
            let value: Value = serde_json::from_str(&position).unwrap_or(Value::Null);
            let _ = write!(out, ",\"position\":{value}");
        }
        out.push('}');
        for (k, link) in links.iter().enumerate() {
            if k % STOP_CHECK_ACTIONS == STOP_CHECK_ACTIONS - 1 {
                crate::interrupt::check(stop)?;
            }
            let actions = links
                .get(k + 1)
                .map_or(&self.actions, |next| &next.source_actions);
            out.push(',');
            write_actions(&mut out, actions);
            let _ = write!(
                out,
                ",\"resample\":{{\"player\":{},\"seed\":{}}}}}",
                link.player, link.seed
            );
        }
        out.push_str("]}");
        Ok(out)
    }

    /// Rebuilds a state from [`Self::serialize`]'s text by replaying its actions, each
    /// checked for legality, so that no malformed text can produce an invalid state.
    pub fn deserialize(game: Arc<G>, text: &str) -> SalonResult<TrackedState<G>> {
        Self::deserialize_with_stop(game, text, &mut crate::interrupt::never())
    }

    /// [`Self::deserialize`], asking `stop` every few thousand actions or segments.
    pub fn deserialize_with_stop(
        game: Arc<G>,
        text: &str,
        stop: StopCheck<'_>,
    ) -> SalonResult<TrackedState<G>> {
        let value: Value = crate::json::from_str_unique_with_stop(text, stop)?
            .map_err(|e| SalonError::serialization(format!("not valid JSON: {e}")))?;
        Self::from_json(game, &value, stop)
    }

    fn from_json(game: Arc<G>, value: &Value, stop: StopCheck<'_>) -> SalonResult<TrackedState<G>> {
        let obj = value
            .as_object()
            .ok_or_else(|| SalonError::serialization("expected a JSON object"))?;
        let field = |name: &str| {
            obj.get(name)
                .ok_or_else(|| SalonError::serialization(format!("missing field {name:?}")))
        };
        let with_position = match field("format")?.as_str() {
            Some(STATE_FORMAT) => false,
            Some(STATE_FORMAT_POSITION) => true,
            _ => {
                return Err(SalonError::serialization(format!(
                    "format must be {STATE_FORMAT:?} or {STATE_FORMAT_POSITION:?}"
                )))
            }
        };
        const FIELDS: [&str; 6] = ["format", "game", "params", "components", "seed", "segments"];
        if let Some(unknown) = obj.keys().find(|k| !FIELDS.contains(&k.as_str())) {
            return Err(SalonError::serialization(format!(
                "unknown field {unknown:?}"
            )));
        }
        let name = field("game")?.as_str().unwrap_or("");
        if name != G::info().name {
            return Err(SalonError::serialization(format!(
                "the state is of game {name:?}, not {:?}",
                G::info().name
            )));
        }
        let params = Params::from_json(field("params")?)
            .map_err(|e| SalonError::serialization(format!("bad parameters: {e}")))?;
        if &params != game.params() {
            return Err(SalonError::serialization(format!(
                "the state was made with parameters {params}, this game has {}",
                game.params()
            )));
        }
        let hash = field("components")?
            .get("hash")
            .and_then(Value::as_str)
            .unwrap_or("");
        if hash != game.components().hash {
            return Err(SalonError::serialization(format!(
                "the state was made with component set hash {hash:?}, this game uses {:?} ({})",
                game.components().hash,
                game.components().name
            )));
        }
        let seed = field("seed")?
            .as_u64()
            .ok_or_else(|| SalonError::serialization("seed must be a non-negative integer"))?;
        let segments = field("segments")?
            .as_array()
            .ok_or_else(|| SalonError::serialization("segments must be a list"))?;
        if segments.is_empty() {
            return Err(SalonError::serialization("segments must not be empty"));
        }
        let position = segments[0].get("position");
        let mut tracked = match (with_position, position) {
            (false, None) => TrackedState::new(game, seed),
            (true, Some(p)) => TrackedState::from_position(game, &p.to_string(), seed)
                .map_err(|e| SalonError::serialization(format!("segment 0: {e}")))?,
            (false, Some(_)) => {
                return Err(SalonError::serialization(format!("a starting position needs format {STATE_FORMAT_POSITION:?}")))
            }
            (true, None) => {
                return Err(SalonError::serialization(format!(
                    "format {STATE_FORMAT_POSITION:?} starts at a position, and the first segment holds none"
                )))
            }
        };
        let mut applied = 0usize;
        for (k, segment) in segments.iter().enumerate() {
            if k % STOP_CHECK_ACTIONS == STOP_CHECK_ACTIONS - 1 {
                crate::interrupt::check(stop)?;
            }
            if k > 0 && segment.get("position").is_some() {
                return Err(SalonError::serialization(format!(
                    "segment {k}: only the first segment may hold a position"
                )));
            }
            let resample = segment.get("resample");
            match (k, resample) {
                (0, None) => {}
                (0, Some(_)) => {
                    return Err(SalonError::serialization(
                        "the first segment cannot be a resample",
                    ))
                }
                (_, None) => {
                    return Err(SalonError::serialization(format!(
                        "segment {k} lacks its resample origin"
                    )))
                }
                (_, Some(r)) => {
                    let player = r.get("player").and_then(Value::as_i64).ok_or_else(|| {
                        SalonError::serialization(format!(
                            "segment {k}: resample.player must be an integer"
                        ))
                    })?;
                    let rseed = r.get("seed").and_then(Value::as_u64).ok_or_else(|| {
                        SalonError::serialization(format!(
                            "segment {k}: resample.seed must be a non-negative integer"
                        ))
                    })?;
                    tracked = tracked
                        .resample_from_infostate(player, rseed)
                        .map_err(|e| SalonError::serialization(format!("segment {k}: {e}")))?;
                }
            }
            let actions = segment
                .get("actions")
                .and_then(Value::as_array)
                .ok_or_else(|| {
                    SalonError::serialization(format!("segment {k}: actions must be a list"))
                })?;
            for a in actions {
                if applied % STOP_CHECK_ACTIONS == STOP_CHECK_ACTIONS - 1 {
                    crate::interrupt::check(stop)?;
                }
                let id = a.as_i64().ok_or_else(|| {
                    SalonError::serialization(format!("action {applied} is not an integer"))
                })?;
                tracked.apply_action_id(id).map_err(|e| {
                    SalonError::serialization(format!(
                        "action {applied} ({id}) does not replay: {e}"
                    ))
                })?;
                applied += 1;
            }
        }
        Ok(tracked)
    }
}

impl<G: Game> PartialEq for TrackedState<G> {
    fn eq(&self, other: &Self) -> bool {
        self.state == other.state && self.history() == other.history()
    }
}
