use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};
use salon_engine::salon_core::{ActionList, ChanceOutcomes, TERMINAL};
use salon_engine::AnyState;

use crate::convert::seed_from_py;
use crate::convert::{
    action_error, action_string_error, deserialization_error, int_arg, opt_int_arg, player_error,
    str_arg,
};
use crate::errors::{IntoPyResult, InvalidPlayerError, WrongNodeError};
use crate::gil::interruptible;
use crate::handles::{Game, State};
use crate::py_move::Move;
use salon_engine::salon_core::MoveFields;

impl State {
    /// The player argument of observation methods: `None` means the player to move.
    fn player_arg(inner: &AnyState, player: Option<&Bound<'_, PyAny>>) -> PyResult<i64> {
        match opt_int_arg(player, "player", player_error)? {
            Some(p) => Ok(p),
            None => {
                let p = inner.current_player();
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
    fn with_legal<R>(inner: &AnyState, f: impl FnOnce(&[u32]) -> R) -> R {
        let mut list = ActionList::new();
        inner.legal_actions(&mut list);
        f(&list)
    }

    fn make_move(inner: &AnyState, action: u32) -> PyResult<Move> {
        Ok(Move {
            action,
            player: inner.current_player(),
            text: inner.action_to_string(action as i64).py()?,
            game: inner.game(),
        })
    }
}

/// An action argument, read before the state is locked (reading it may run Python code).
enum ActionArg {
    Id(i64),
    Text(String),
}

impl ActionArg {
    /// An action given as an id (an int or anything with `__index__`), a `Move`, or its text.
    fn read(action: &Bound<'_, PyAny>) -> PyResult<ActionArg> {
        if action.is_instance_of::<PyString>() {
            return Ok(ActionArg::Text(str_arg(
                action,
                "a move's text",
                action_string_error,
            )?));
        }
        if let Ok(m) = action.cast::<Move>() {
            return Ok(ActionArg::Id(m.get().action as i64));
        }
        if action.is_instance_of::<pyo3::types::PyBool>() {
            return Err(crate::errors::IllegalActionError::new_err(
                "an action is an int, a Move or a str, not a bool",
            ));
        }
        match crate::convert::as_int(action) {
            Some(Ok(id)) => Ok(ActionArg::Id(id)),
            Some(Err(text)) => Err(crate::errors::IllegalActionError::new_err(format!(
                "illegal action {text}: far outside this game's action ids"
            ))),
            None => Err(crate::errors::IllegalActionError::new_err(format!(
                "an action is an int, a Move or a str, got {}",
                action
                    .get_type()
                    .name()
                    .map(|n| n.to_string())
                    .unwrap_or_default()
            ))),
        }
    }

    fn resolve(self, inner: &AnyState) -> PyResult<i64> {
        match self {
            ActionArg::Id(id) => Ok(id),
            ActionArg::Text(text) => Ok(inner.string_to_action(&text).py()? as i64),
        }
    }
}

#[pymethods]
impl State {
    fn game(&self) -> PyResult<Game> {
        Ok(Game {
            inner: self.inner.read()?.game(),
        })
    }

    fn num_players(&self) -> PyResult<usize> {
        Ok(self.inner.read()?.game().num_players())
    }

    /// The player to move; `CHANCE` (-1) at chance nodes, `TERMINAL` (-4) at the end.
    fn current_player(&self) -> PyResult<i32> {
        Ok(self.inner.read()?.current_player())
    }

    fn is_chance_node(&self) -> PyResult<bool> {
        Ok(self.inner.read()?.is_chance_node())
    }

    fn is_terminal(&self) -> PyResult<bool> {
        Ok(self.inner.read()?.is_terminal())
    }

    /// The seed of the game's own chance generator.
    #[getter]
    fn seed(&self) -> PyResult<u64> {
        Ok(self.inner.read()?.seed())
    }

    /// Number of actions (chance included) since the start of the game.
    #[getter]
    fn ply(&self) -> PyResult<usize> {
        Ok(self.inner.read()?.ply())
    }

    /// `[(outcome, probability)]` at a chance node.
    fn chance_outcomes(&self) -> PyResult<Vec<(u32, f64)>> {
        let inner = self.inner.read()?;
        if !inner.is_chance_node() {
            return Err(WrongNodeError::new_err(
                "chance_outcomes() needs a chance node",
            ));
        }
        let mut out = ChanceOutcomes::new();
        inner.chance_outcomes(&mut out);
        Ok(out.probabilities().collect())
    }

    /// Sorted legal action ids (chance outcomes at a chance node; empty at the end, or for
    /// a `player` who is not to move).
    #[pyo3(signature = (player=None))]
    fn legal_actions<'py>(
        &self,
        py: Python<'py>,
        player: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyList>> {
        let player = opt_int_arg(player, "player", player_error)?;
        let inner = self.inner.read()?;
        if let Some(p) = player {
            inner.check_player(p).py()?;
            if p != inner.current_player() as i64 {
                return Ok(PyList::empty(py));
            }
        }
        Self::with_legal(&inner, |legal| crate::convert::action_id_list(py, legal))
    }

    /// A numpy bool mask of length `num_distinct_actions()` (`max_chance_outcomes()` at a
    /// chance node).
    #[pyo3(signature = (player=None))]
    fn legal_actions_mask<'py>(
        &self,
        py: Python<'py>,
        player: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let player = opt_int_arg(player, "player", player_error)?;
        let inner = self.inner.read()?;
        let mask = PyArray1::<bool>::zeros(py, inner.mask_len(), false);
        if let Some(p) = player {
            inner.check_player(p).py()?;
            if p != inner.current_player() as i64 {
                return Ok(mask);
            }
        }
        let mut rw = mask.readwrite();
        let slice = rw.as_slice_mut()?;
        Self::with_legal(&inner, |legal| {
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
    fn apply_action(&self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let action = ActionArg::read(action)?;
        let mut inner = self.inner.write()?;
        let a = action.resolve(&inner)?;
        inner.apply_action(a).py()
    }

    /// Applies the chance outcome that this game's seed gives here; returns it.
    fn apply_random_chance(&self) -> PyResult<u32> {
        self.inner.write()?.apply_random_chance().py()
    }

    /// Applies a move given as its text, a `Move` or an id; returns the `Move` applied.
    fn push(&self, action: &Bound<'_, PyAny>) -> PyResult<Move> {
        let action = ActionArg::read(action)?;
        let mut inner = self.inner.write()?;
        let a = action.resolve(&inner)?;
        let mv = u32::try_from(a)
            .ok()
            .and_then(|id| Self::make_move(&inner, id).ok());
        inner.apply_action(a).py()?;
        mv.ok_or_else(|| WrongNodeError::new_err("internal: applied action has no text"))
    }

    /// Applies the legal action written `text`.
    fn apply(&self, text: &Bound<'_, PyAny>) -> PyResult<Move> {
        let text = str_arg(text, "a move's text", action_string_error)?;
        let mut inner = self.inner.write()?;
        let a = inner.string_to_action(&text).py()?;
        let mv = Self::make_move(&inner, a)?;
        inner.apply_action(a as i64).py()?;
        Ok(mv)
    }

    /// Undoes the last action and returns it as a `Move`. The state is rebuilt by replaying
    /// the history natively (cost grows with the ply, microseconds per hundred actions);
    /// search code should `clone()` states instead of undoing.
    fn pop(&self) -> PyResult<Move> {
        let mut inner = self.inner.write()?;
        let a = inner.pop().py()?;
        Self::make_move(&inner, a)
    }

    /// The last action as a `Move`, or `None` at the start.
    fn peek(&self) -> PyResult<Option<Move>> {
        let mut before = self.inner.read()?.clone();
        match before.pop() {
            Ok(a) => Ok(Some(Self::make_move(&before, a)?)),
            Err(_) => Ok(None),
        }
    }

    /// The legal moves as `Move` objects (chance outcomes at a chance node).
    #[getter]
    fn legal_moves(&self) -> PyResult<Vec<Move>> {
        let inner = self.inner.read()?;
        Self::with_legal(&inner, |legal| {
            legal.iter().map(|&a| Self::make_move(&inner, a)).collect()
        })
    }

    /// The legal moves grouped by kind, in id order within each kind.
    fn legal_moves_by_kind<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        let out = pyo3::types::PyDict::new(py);
        for m in self.legal_moves()? {
            let kind = m.decoded().kind;
            match out.get_item(kind)? {
                Some(list) => list.cast::<PyList>()?.append(m)?,
                None => out.set_item(kind, PyList::new(py, [m])?)?,
            }
        }
        Ok(out)
    }

    /// The legal move of this kind whose fields equal the given ones (fields not given may
    /// take any value). Raises `IllegalActionError` listing the legal moves of that kind when
    /// none or more than one matches.
    #[pyo3(signature = (kind, **fields))]
    fn find_move(
        &self,
        kind: &str,
        fields: Option<&Bound<'_, pyo3::types::PyDict>>,
    ) -> PyResult<Move> {
        let of_kind: Vec<(Move, MoveFields)> = self
            .legal_moves()?
            .into_iter()
            .map(|m| (m.decoded(), m))
            .filter(|(d, _)| d.kind == kind)
            .map(|(d, m)| (m, d))
            .collect();
        let mut matching = Vec::new();
        'moves: for (m, decoded) in &of_kind {
            if let Some(fields) = fields {
                for (name, value) in fields.iter() {
                    let name: String = name.extract()?;
                    match decoded.get(&name) {
                        Some(field) if crate::py_move::field_matches(&value, field) => {}
                        _ => continue 'moves,
                    }
                }
            }
            matching.push(m.clone());
        }
        if matching.len() == 1 {
            return Ok(matching.remove(0));
        }
        let of_kind: Vec<Move> = of_kind.into_iter().map(|(m, _)| m).collect();
        let listed = |moves: &[Move]| {
            moves
                .iter()
                .map(|m| format!("{:?}", m.text))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let given = fields.map(|f| f.to_string()).unwrap_or_else(|| "{}".into());
        let message = if of_kind.is_empty() {
            let mut kinds: Vec<&str> = self
                .legal_moves()?
                .iter()
                .map(|m| m.decoded().kind)
                .collect();
            kinds.sort_unstable();
            kinds.dedup();
            format!(
                "no legal move of kind {kind:?} here; legal kinds: {}",
                kinds.join(", ")
            )
        } else if matching.is_empty() {
            format!(
                "no legal {kind:?} move has fields {given}; the legal {kind:?} moves are: {}",
                listed(&of_kind)
            )
        } else {
            format!(
                "{} legal {kind:?} moves have fields {given}: {}; give more fields",
                matching.len(),
                listed(&matching)
            )
        };
        Err(crate::errors::IllegalActionError::new_err(message))
    }

    /// Plays random moves (decisions from `seed`, chance from the game's own seed) to the
    /// end; returns the number of actions applied. Ctrl-C stops it with the state unchanged.
    #[pyo3(signature = (seed=None))]
    fn play_random(&self, py: Python<'_>, seed: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
        let seed = seed_from_py(seed)?;
        let mut inner = self.inner.write()?;
        let inner = &mut *inner;
        interruptible(py, |stop| inner.play_random_with_stop(seed, stop))
    }

    /// Victory points per player (running totals during play).
    fn scores(&self) -> PyResult<Vec<i32>> {
        Ok(self.inner.read()?.scores())
    }

    /// Win shares: 1 to a sole winner, split on a shared victory, 0 otherwise; 0 before the end.
    fn returns(&self) -> PyResult<Vec<f64>> {
        Ok(self.inner.read()?.returns())
    }

    fn history(&self) -> PyResult<Vec<u32>> {
        Ok(self.inner.read()?.history())
    }

    fn clone(&self) -> PyResult<State> {
        Ok(State::new(self.inner.read()?.clone()))
    }

    fn __copy__(&self) -> PyResult<State> {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyResult<State> {
        self.clone()
    }

    /// `action_to_string(action)`, the whole text, or OpenSpiel's
    /// `action_to_string(player, action)`, the text as `player` may read it.
    #[pyo3(signature = (first, second=None))]
    fn action_to_string(
        &self,
        first: &Bound<'_, PyAny>,
        second: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        let (player, action) = match second {
            None => (None, int_arg(first, "action", action_error)?),
            Some(a) => (
                Some(int_arg(first, "player", player_error)?),
                int_arg(a, "action", action_error)?,
            ),
        };
        let inner = self.inner.read()?;
        match player {
            Some(p) => inner.action_to_string_for(p, action).py(),
            None => inner.action_to_string(action).py(),
        }
    }

    /// The legal action written `text`; also `string_to_action(player, text)`.
    #[pyo3(signature = (first, second=None))]
    fn string_to_action(
        &self,
        first: &Bound<'_, PyAny>,
        second: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u32> {
        let (player, text) = match second {
            None => (None, str_arg(first, "a move's text", action_string_error)?),
            Some(t) => (
                Some(int_arg(first, "player", player_error)?),
                str_arg(t, "a move's text", action_string_error)?,
            ),
        };
        let inner = self.inner.read()?;
        if let Some(p) = player {
            inner.check_player(p).py()?;
        }
        inner.string_to_action(&text).py()
    }

    #[pyo3(signature = (player=None))]
    fn observation_string(&self, player: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let inner = self.inner.read()?;
        let p = Self::player_arg(&inner, player)?;
        inner.observation_string(p).py()
    }

    /// A float32 numpy array of `game.observation_tensor_shape()`.
    #[pyo3(signature = (player=None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let inner = self.inner.read()?;
        let p = Self::player_arg(&inner, player)?;
        let game = inner.game();
        let arr = PyArray1::<f32>::zeros(py, game.observation_tensor_size(), false);
        {
            let mut rw = arr.readwrite();
            inner.observation_tensor(p, rw.as_slice_mut()?).py()?;
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
        let inner = self.inner.read()?;
        let p = Self::player_arg(&inner, player)?;
        inner.information_state_string(p).py()
    }

    /// A state consistent with everything `player` knows; the unknown parts are drawn from
    /// `seed`. A clone for perfect-information games.
    fn resample_from_infostate(
        &self,
        player: &Bound<'_, PyAny>,
        seed: &Bound<'_, PyAny>,
    ) -> PyResult<State> {
        let player = int_arg(player, "player", player_error)?;
        let seed = seed_from_py(Some(seed))?;
        Ok(State::new(
            self.inner
                .read()?
                .resample_from_infostate(player, seed)
                .py()?,
        ))
    }

    /// The table as an SVG document: everything (`player=None`) or only what `player` may see.
    #[pyo3(signature = (player=None))]
    fn render_svg(&self, player: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let player = opt_int_arg(player, "player", player_error)?;
        self.inner.read()?.render_svg(player).py()
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
            Some(w) if !w.is_none() => {
                Some(uint_arg(w, "width", crate::raster::MAX_SIDE as u64, param_error)? as u32)
            }
            _ => None,
        };
        let svg = self.inner.read()?.render_svg(player).py()?;
        let picture = crate::gil::without_gil(py, || crate::raster::rasterize(&svg, width))
            .map_err(param_error)?;
        let shape = [picture.height as usize, picture.width as usize, 3];
        numpy::PyArray1::from_vec(py, picture.pixels).reshape(shape)
    }

    /// Jupyter's rich display (the picture and whose turn it is), written by `salon._html`.
    fn _repr_html_(slf: &Bound<'_, Self>) -> PyResult<String> {
        slf.py()
            .import("salon._html")?
            .call_method1("state_html", (slf,))?
            .extract()
    }

    /// Jupyter shows states as pictures.
    fn _repr_svg_(&self) -> PyResult<String> {
        self.inner.read()?.render_svg(None).py()
    }

    /// JSON text from which `game.deserialize_state` rebuilds an equal state.
    fn serialize(&self, py: Python<'_>) -> PyResult<String> {
        let inner = self.inner.read()?;
        let inner = &*inner;
        interruptible(py, |stop| inner.serialize_with_stop(stop))
    }

    /// The whole position as JSON text (`docs/positions.md`).
    fn to_json(&self) -> PyResult<String> {
        self.inner.read()?.position_json().py()
    }

    /// The whole position as plain data (dicts, lists, ints, strings, bools, None).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = self.inner.read()?.position_json().py()?;
        json_loads(py, &text)
    }

    /// What `player` (default: the player to move) sees, as position data: cards hidden
    /// from that player are None.
    #[pyo3(signature = (player=None))]
    fn observation_dict<'py>(
        &self,
        py: Python<'py>,
        player: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let text = self.observation_json(player)?;
        json_loads(py, &text)
    }

    /// `observation_dict` as JSON text.
    #[pyo3(signature = (player=None))]
    fn observation_json(&self, player: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let inner = self.inner.read()?;
        let p = Self::player_arg(&inner, player)?;
        inner.observation_json(p).py()
    }

    fn __str__(&self) -> PyResult<String> {
        Ok(self.inner.read()?.render())
    }

    fn __repr__(&self) -> PyResult<String> {
        let inner = self.inner.read()?;
        let game = inner.game();
        let who = match inner.current_player() {
            -1 => "chance node".to_string(),
            TERMINAL => format!("game over, scores {:?}", inner.scores()),
            p => format!("player {p} to move"),
        };
        Ok(format!(
            "<State {} ply {}, {}>",
            game.spec_string(),
            inner.ply(),
            who
        ))
    }

    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(other) = other.cast::<State>() else {
            return Ok(false);
        };
        if other.is(slf) {
            return Ok(true);
        }
        let (a, b) = (slf.get().inner.read()?, other.get().inner.read()?);
        Ok(a.same_as(&b))
    }

    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let (game, text) = {
            let inner = self.inner.read()?;
            let inner = &*inner;
            (
                inner.game(),
                interruptible(py, |stop| inner.serialize_with_stop(stop))?,
            )
        };
        let module = py.import("salon._core")?;
        let rebuild = module.getattr("_state_from_serialized")?;
        let game = Bound::new(py, Game { inner: game })?;
        let args = PyTuple::new(py, [game.into_any(), PyString::new(py, &text).into_any()])?;
        Ok((rebuild, args))
    }
}

/// Pickle support.
#[pyfunction]
pub fn _state_from_serialized(
    py: Python<'_>,
    game: &Bound<'_, Game>,
    text: &Bound<'_, PyAny>,
) -> PyResult<State> {
    let text = str_arg(text, "a serialized state", deserialization_error)?;
    let g = &game.get().inner;
    let inner = interruptible(py, |stop| g.deserialize_state_with_stop(&text, stop))?;
    Ok(State::new(inner))
}

/// `json.loads`, looked up once per process.
pub(crate) fn json_loads<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    use pyo3::sync::PyOnceLock;
    static LOADS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let loads = LOADS.get_or_try_init(py, || {
        py.import("json")?.getattr("loads").map(Bound::unbind)
    })?;
    loads.bind(py).call1((text,))
}
