use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};
use salon_engine::salon_core::{ActionList, ChanceOutcomes, TERMINAL};
use salon_engine::AnyState;

use crate::convert::{action_error, action_string_error, deserialization_error, int_arg, opt_int_arg, player_error, str_arg};
use crate::errors::{IntoPyResult, InvalidPlayerError, WrongNodeError};
use crate::gil::without_gil;
use crate::py_game::{seed_from_py, Game};
use crate::py_move::Move;

/// A game state with its history. Mutated in place by `apply_action`, `push` and `pop`.
#[pyclass(module = "salon", name = "State")]
pub struct State {
    pub(crate) inner: AnyState,
}

impl State {
    pub fn new(inner: AnyState) -> Self {
        State { inner }
    }

    /// The player argument of observation methods: `None` means the player to move.
    fn player_arg(&self, player: Option<&Bound<'_, PyAny>>) -> PyResult<i64> {
        match opt_int_arg(player, "player", player_error)? {
            Some(p) => Ok(p),
            None => {
                let p = self.inner.current_player();
                if p < 0 {
                    Err(InvalidPlayerError::new_err(
                        "no player is to move at a chance or terminal node: pass the player explicitly",
                    ))
                } else {
                    Ok(p as i64)
                }
            }
        }
    }

    /// Calls `f` with the legal actions, listed in place (an `ActionList` is 8 KiB: returning
    /// one by value cost more than generating it).
    fn with_legal<R>(&self, f: impl FnOnce(&[u32]) -> R) -> R {
        let mut list = ActionList::new();
        self.inner.legal_actions(&mut list);
        f(&list)
    }

    fn make_move(&self, action: u32) -> PyResult<Move> {
        Ok(Move {
            action,
            player: self.inner.current_player(),
            text: self.inner.action_to_string(action as i64).py()?,
        })
    }

    /// An action given as an id, a `Move`, or its text.
    fn action_arg(&self, action: &Bound<'_, PyAny>) -> PyResult<i64> {
        if let Ok(text) = action.cast::<PyString>() {
            return Ok(self.inner.string_to_action(text.to_str()?).py()? as i64);
        }
        if let Ok(m) = action.cast::<Move>() {
            return Ok(m.get().action as i64);
        }
        if action.is_instance_of::<pyo3::types::PyBool>() {
            return Err(crate::errors::IllegalActionError::new_err("an action is an int, a Move or a str, not a bool"));
        }
        if action.is_instance_of::<pyo3::types::PyInt>() {
            return action.extract::<i64>().map_err(|_| {
                crate::errors::IllegalActionError::new_err(format!("illegal action {action}: far outside this game's action ids"))
            });
        }
        Err(crate::errors::IllegalActionError::new_err(format!(
            "an action is an int, a Move or a str, got {}",
            action.get_type().name().map(|n| n.to_string()).unwrap_or_default()
        )))
    }
}

#[pymethods]
impl State {
    fn game(&self) -> Game {
        Game { inner: self.inner.game() }
    }

    fn num_players(&self) -> usize {
        self.inner.game().num_players()
    }

    /// The player to move; `CHANCE` (-1) at chance nodes, `TERMINAL` (-4) at the end.
    fn current_player(&self) -> i32 {
        self.inner.current_player()
    }

    fn is_chance_node(&self) -> bool {
        self.inner.is_chance_node()
    }

    fn is_terminal(&self) -> bool {
        self.inner.is_terminal()
    }

    /// The seed of the game's own chance generator.
    #[getter]
    fn seed(&self) -> u64 {
        self.inner.seed()
    }

    /// Number of actions (chance included) since the start of the game.
    #[getter]
    fn ply(&self) -> usize {
        self.inner.ply()
    }

    /// `[(outcome, probability)]` at a chance node.
    fn chance_outcomes(&self) -> PyResult<Vec<(u32, f64)>> {
        if !self.inner.is_chance_node() {
            return Err(WrongNodeError::new_err("chance_outcomes() needs a chance node"));
        }
        let mut out = ChanceOutcomes::new();
        self.inner.chance_outcomes(&mut out);
        Ok(out.probabilities().collect())
    }

    /// Sorted legal action ids (chance outcomes at a chance node; empty at the end, or for
    /// a `player` who is not to move).
    #[pyo3(signature = (player=None))]
    fn legal_actions<'py>(&self, py: Python<'py>, player: Option<&Bound<'py, PyAny>>) -> PyResult<Bound<'py, PyList>> {
        let player = opt_int_arg(player, "player", player_error)?;
        if let Some(p) = player {
            self.inner.check_player(p).py()?;
            if p != self.inner.current_player() as i64 {
                return Ok(PyList::empty(py));
            }
        }
        self.with_legal(|legal| crate::convert::action_id_list(py, legal))
    }

    /// A numpy bool mask of length `num_distinct_actions()` (`max_chance_outcomes()` at a
    /// chance node).
    #[pyo3(signature = (player=None))]
    fn legal_actions_mask<'py>(&self, py: Python<'py>, player: Option<&Bound<'py, PyAny>>) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let player = opt_int_arg(player, "player", player_error)?;
        let mask = PyArray1::<bool>::zeros(py, self.inner.mask_len(), false);
        if let Some(p) = player {
            self.inner.check_player(p).py()?;
            if p != self.inner.current_player() as i64 {
                return Ok(mask);
            }
        }
        let mut rw = mask.readwrite();
        let slice = rw.as_slice_mut()?;
        self.with_legal(|legal| {
            for &a in legal {
                if let Some(slot) = slice.get_mut(a as usize) {
                    *slot = true;
                }
            }
        });
        drop(rw);
        Ok(mask)
    }

    /// Applies an action id (or a `Move`, or an action's text). Raises
    /// `IllegalActionError` and leaves the state unchanged when it is not legal here.
    fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let a = self.action_arg(action)?;
        self.inner.apply_action(a).py()
    }

    /// Applies the chance outcome that this game's seed gives here; returns it.
    fn apply_random_chance(&mut self) -> PyResult<u32> {
        self.inner.apply_random_chance().py()
    }

    /// Applies a move given as its text, a `Move` or an id; returns the `Move` applied.
    fn push(&mut self, action: &Bound<'_, PyAny>) -> PyResult<Move> {
        let a = self.action_arg(action)?;
        let mv = self.make_move(u32::try_from(a).unwrap_or(u32::MAX)).ok();
        self.inner.apply_action(a).py()?;
        mv.ok_or_else(|| WrongNodeError::new_err("internal: applied action has no text"))
    }

    /// Applies the legal action written `text`.
    fn apply(&mut self, text: &Bound<'_, PyAny>) -> PyResult<Move> {
        let text = str_arg(text, "a move's text", action_string_error)?;
        let a = self.inner.string_to_action(&text).py()?;
        let mv = self.make_move(a)?;
        self.inner.apply_action(a as i64).py()?;
        Ok(mv)
    }

    /// Undoes the last action and returns it as a `Move`. The state is rebuilt by replaying
    /// the history natively (cost grows with the ply, microseconds per hundred actions);
    /// search code should `clone()` states instead of undoing.
    fn pop(&mut self) -> PyResult<Move> {
        let a = self.inner.pop().py()?;
        self.make_move(a)
    }

    /// The last action as a `Move`, or `None` at the start.
    fn peek(&self) -> PyResult<Option<Move>> {
        let mut before = self.inner.clone();
        match before.pop() {
            Ok(a) => Ok(Some(State::new(before).make_move(a)?)),
            Err(_) => Ok(None),
        }
    }

    /// The legal moves as `Move` objects (chance outcomes at a chance node).
    #[getter]
    fn legal_moves(&self) -> PyResult<Vec<Move>> {
        self.with_legal(|legal| legal.iter().map(|&a| self.make_move(a)).collect())
    }

    /// Plays random moves (decisions from `seed`, chance from the game's own seed) to the
    /// end; returns the number of actions applied.
    #[pyo3(signature = (seed=None))]
    fn play_random(&mut self, py: Python<'_>, seed: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
        let seed = seed_from_py(seed)?;
        let inner = &mut self.inner;
        Ok(without_gil(py, || inner.play_random(seed)))
    }

    /// Victory points per player (running totals during play).
    fn scores(&self) -> Vec<i32> {
        self.inner.scores()
    }

    /// Win shares: 1 to a sole winner, split on a shared victory, 0 otherwise; 0 before the end.
    fn returns(&self) -> Vec<f64> {
        self.inner.returns()
    }

    fn history(&self) -> Vec<u32> {
        self.inner.history()
    }

    fn clone(&self) -> State {
        State::new(self.inner.clone())
    }

    fn __copy__(&self) -> State {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }

    /// `action_to_string(action)` or OpenSpiel's `action_to_string(player, action)`.
    #[pyo3(signature = (first, second=None))]
    fn action_to_string(&self, first: &Bound<'_, PyAny>, second: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let action = match second {
            None => int_arg(first, "action", action_error)?,
            Some(a) => {
                let player = int_arg(first, "player", player_error)?;
                self.inner.check_player(player).py()?;
                int_arg(a, "action", action_error)?
            }
        };
        self.inner.action_to_string(action).py()
    }

    /// The legal action written `text`; also `string_to_action(player, text)`.
    #[pyo3(signature = (first, second=None))]
    fn string_to_action(&self, first: &Bound<'_, PyAny>, second: Option<&Bound<'_, PyAny>>) -> PyResult<u32> {
        let text = match second {
            None => str_arg(first, "a move's text", action_string_error)?,
            Some(t) => {
                let player = int_arg(first, "player", player_error)?;
                self.inner.check_player(player).py()?;
                str_arg(t, "a move's text", action_string_error)?
            }
        };
        self.inner.string_to_action(&text).py()
    }

    #[pyo3(signature = (player=None))]
    fn observation_string(&self, player: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let p = self.player_arg(player)?;
        self.inner.observation_string(p).py()
    }

    /// A float32 numpy array of `game.observation_tensor_shape()`.
    #[pyo3(signature = (player=None))]
    fn observation_tensor<'py>(&self, py: Python<'py>, player: Option<&Bound<'py, PyAny>>) -> PyResult<Bound<'py, PyAny>> {
        let p = self.player_arg(player)?;
        let game = self.inner.game();
        let arr = PyArray1::<f32>::zeros(py, game.observation_tensor_size(), false);
        {
            let mut rw = arr.readwrite();
            self.inner.observation_tensor(p, rw.as_slice_mut()?).py()?;
        }
        let shape = game.observation_tensor_shape();
        if shape.len() == 1 {
            Ok(arr.into_any())
        } else {
            Ok(arr.reshape(shape)?.into_any())
        }
    }

    #[pyo3(signature = (player=None))]
    fn information_state_string(&self, player: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let p = self.player_arg(player)?;
        self.inner.information_state_string(p).py()
    }

    /// A state consistent with everything `player` knows; the unknown parts are drawn from
    /// `seed`. A clone for perfect-information games.
    fn resample_from_infostate(&self, player: &Bound<'_, PyAny>, seed: &Bound<'_, PyAny>) -> PyResult<State> {
        let player = int_arg(player, "player", player_error)?;
        let seed = seed_from_py(Some(seed))?;
        Ok(State::new(self.inner.resample_from_infostate(player, seed).py()?))
    }

    /// The table as an SVG document: everything (`player=None`) or only what `player` may see.
    #[pyo3(signature = (player=None))]
    fn render_svg(&self, player: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let player = opt_int_arg(player, "player", player_error)?;
        self.inner.render_svg(player).py()
    }

    /// The picture of `render_svg(player)` as pixels: a `height x width x 3` uint8 numpy
    /// array (RGB on white), `width` pixels wide (default: the drawing's own width), drawn in
    /// the engine with embedded fonts (no system library). For `render_mode="rgb_array"`.
    #[pyo3(signature = (player=None, width=None))]
    fn render_rgb<'py>(
        &self,
        py: Python<'py>,
        player: Option<&Bound<'py, PyAny>>,
        width: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, numpy::PyArray3<u8>>> {
        use crate::convert::{param_error, uint_arg};
        let player = opt_int_arg(player, "player", player_error)?;
        let width = match width {
            Some(w) if !w.is_none() => Some(uint_arg(w, "width", crate::raster::MAX_SIDE as u64, param_error)? as u32),
            _ => None,
        };
        let svg = self.inner.render_svg(player).py()?;
        let picture = crate::gil::without_gil(py, || crate::raster::rasterize(&svg, width)).map_err(param_error)?;
        let shape = [picture.height as usize, picture.width as usize, 3];
        numpy::PyArray1::from_vec(py, picture.pixels).reshape(shape)
    }

    /// Jupyter's rich display (the picture and whose turn it is), written by `salon._html`.
    fn _repr_html_(slf: &Bound<'_, Self>) -> PyResult<String> {
        slf.py().import("salon._html")?.call_method1("state_html", (slf,))?.extract()
    }

    /// Jupyter shows states as pictures.
    fn _repr_svg_(&self) -> PyResult<String> {
        self.inner.render_svg(None).py()
    }

    /// JSON text from which `game.deserialize_state` rebuilds an equal state.
    fn serialize(&self) -> String {
        self.inner.serialize()
    }

    fn __str__(&self) -> String {
        self.inner.render()
    }

    fn __repr__(&self) -> String {
        let game = self.inner.game();
        let who = match self.inner.current_player() {
            -1 => "chance node".to_string(),
            TERMINAL => format!("game over, scores {:?}", self.inner.scores()),
            p => format!("player {p} to move"),
        };
        format!("<State {} ply {}, {}>", game.spec_string(), self.inner.ply(), who)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<State>().map(|o| o.borrow().inner.same_as(&self.inner)).unwrap_or(false)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let module = py.import("salon._core")?;
        let rebuild = module.getattr("_state_from_serialized")?;
        let game = Bound::new(py, Game { inner: self.inner.game() })?;
        let args = PyTuple::new(py, [game.into_any(), PyString::new(py, &self.inner.serialize()).into_any()])?;
        Ok((rebuild, args))
    }
}

/// Pickle support.
#[pyfunction]
pub fn _state_from_serialized(py: Python<'_>, game: &Bound<'_, Game>, text: &Bound<'_, PyAny>) -> PyResult<State> {
    let text = str_arg(text, "a serialized state", deserialization_error)?;
    let g = &game.get().inner;
    let inner = without_gil(py, || g.deserialize_state(&text)).py()?;
    Ok(State::new(inner))
}
