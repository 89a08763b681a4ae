use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use salon_engine::{catalogue, AnyGame};

use crate::convert::{param_to_py, params_from_dict, params_to_dict, seed_from_py};
use crate::errors::IntoPyResult;
use crate::handles::{Game, State};

/// Builds a game by engine name or by a string such as `"azul_sintra(players=3)"`.
#[pyfunction]
#[pyo3(signature = (name, /, components_json=None, **params))]
pub fn load_game(
    name: &str,
    components_json: Option<&str>,
    params: Option<&Bound<'_, PyDict>>,
) -> PyResult<Game> {
    let params = params_from_dict(params)?;
    Ok(Game {
        inner: AnyGame::load(name, &params, components_json).py()?,
    })
}

/// One dict per registered game: name, title, players, information, parameters.
#[pyfunction]
pub fn registered_games(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let list = PyList::empty(py);
    for entry in catalogue() {
        let d = PyDict::new(py);
        d.set_item("name", entry.name)?;
        d.set_item("long_name", entry.long_name)?;
        d.set_item("min_players", entry.min_players)?;
        d.set_item("max_players", entry.max_players)?;
        d.set_item("perfect_information", entry.perfect_information)?;
        let params = PyDict::new(py);
        for spec in &entry.params {
            let p = PyDict::new(py);
            p.set_item("default", param_to_py(py, &spec.default)?)?;
            let allowed = PyList::empty(py);
            for v in &spec.allowed {
                allowed.append(param_to_py(py, v)?)?;
            }
            p.set_item("allowed", allowed)?;
            p.set_item("doc", spec.doc)?;
            p.set_item("variant", spec.variant)?;
            params.set_item(spec.name, p)?;
        }
        d.set_item("parameters", params)?;
        list.append(d)?;
    }
    Ok(list)
}

#[pymethods]
impl Game {
    /// The engine name, for example `"azul_sintra"`.
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    /// The board game's title.
    #[getter]
    fn long_name(&self) -> &'static str {
        self.inner.info().long_name
    }

    #[getter]
    fn perfect_information(&self) -> bool {
        self.inner.info().perfect_information
    }

    fn num_players(&self) -> usize {
        self.inner.num_players()
    }

    fn num_distinct_actions(&self) -> usize {
        self.inner.num_distinct_actions()
    }

    fn max_chance_outcomes(&self) -> usize {
        self.inner.max_chance_outcomes()
    }

    fn max_game_length(&self) -> usize {
        self.inner.max_game_length()
    }

    fn observation_tensor_shape(&self) -> Vec<usize> {
        self.inner.observation_tensor_shape()
    }

    fn observation_tensor_size(&self) -> usize {
        self.inner.observation_tensor_size()
    }

    /// The resolved parameters (every parameter, defaults included).
    fn get_parameters<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        params_to_dict(py, self.inner.params())
    }

    /// The component set: `name`, `substitute` (True for the engine's own substitute data,
    /// which is not the publisher's) and `hash`.
    #[getter]
    fn components<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let c = self.inner.components();
        let d = PyDict::new(py);
        d.set_item("name", &c.name)?;
        d.set_item("substitute", c.substitute)?;
        d.set_item("hash", &c.hash)?;
        Ok(d)
    }

    /// The component set as canonical JSON text (the schema a user's file follows).
    fn components_json(&self) -> String {
        self.inner.components().json.clone()
    }

    /// A new game at its first node. The seed drives the random chance outcomes drawn by
    /// `apply_random_chance`; `None` takes one from the operating system.
    #[pyo3(signature = (seed=None))]
    fn new_initial_state(&self, seed: Option<&Bound<'_, PyAny>>) -> PyResult<State> {
        Ok(State::new(
            self.inner.new_initial_state(seed_from_py(seed)?),
        ))
    }

    /// Rebuilds a state from `State.serialize()`, replaying and checking every action.
    fn deserialize_state(&self, py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<State> {
        let text = crate::convert::str_arg(
            text,
            "a serialized state",
            crate::convert::deserialization_error,
        )?;
        let game = &self.inner;
        let inner =
            crate::gil::interruptible(py, |stop| game.deserialize_state_with_stop(&text, stop))?;
        Ok(State::new(inner))
    }

    /// A state whose history starts at `position` (data as `State.to_dict()` gives it), every
    /// invariant checked (`PositionError` names the field). Hidden cards given as None are
    /// drawn from the cards the position does not place, seeded by `seed`, which also seeds
    /// the random chance outcomes that follow (`None`: from the operating system).
    #[pyo3(signature = (position, seed=None))]
    fn state_from_dict(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<State> {
        let text = crate::plain_json::to_json_text(position)?;
        let seed = seed_from_py(seed)?;
        let inner =
            crate::gil::without_gil(py, || self.inner.state_from_position(&text, seed)).py()?;
        Ok(State::new(inner))
    }

    /// `state_from_dict` from JSON text (as `State.to_json()` gives it).
    #[pyo3(signature = (text, seed=None))]
    fn state_from_json(
        &self,
        py: Python<'_>,
        text: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<State> {
        let text = crate::convert::str_arg(text, "a position", |m| {
            crate::errors::PositionError::new_err(m)
        })?;
        let seed = seed_from_py(seed)?;
        let inner =
            crate::gil::without_gil(py, || self.inner.state_from_position(&text, seed)).py()?;
        Ok(State::new(inner))
    }

    /// Plays `games` whole random games inside the engine, on the raw state (no history,
    /// no Python per move), with the GIL released; returns `(actions, decisions)`: the
    /// numbers of actions (chance outcomes included) and of player decisions. Ctrl-C stops it.
    #[pyo3(signature = (games, seed=None))]
    fn random_playouts(
        &self,
        py: Python<'_>,
        games: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<(u64, u64)> {
        use crate::convert::{param_error, uint_arg};
        let games = uint_arg(games, "games", 1 << 40, param_error)? as usize;
        let seed = match seed {
            Some(s) if !s.is_none() => uint_arg(s, "seed", u64::MAX, param_error)?,
            _ => 0,
        };
        let inner = &self.inner;
        crate::gil::interruptible(py, |stop| {
            inner.raw_random_playouts_with_stop(games, seed, stop)
        })
    }

    /// Jupyter's rich display (rules, parameters, component set), written by `salon._html`.
    fn _repr_html_(slf: &Bound<'_, Self>) -> PyResult<String> {
        slf.py()
            .import("salon._html")?
            .call_method1("game_html", (slf,))?
            .extract()
    }

    fn __str__(&self) -> String {
        self.inner.spec_string()
    }

    fn __repr__(&self) -> String {
        let c = self.inner.components();
        let label = if c.substitute {
            " (substitute components)"
        } else {
            ""
        };
        format!(
            "<Game {} components={}{}>",
            self.inner.spec_string(),
            c.name,
            label
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Game>()
            .map(|o| o.get().inner == self.inner)
            .unwrap_or(false)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.spec_string().hash(&mut h);
        self.inner.components().hash.hash(&mut h);
        h.finish()
    }

    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let module = py.import("salon._core")?;
        let rebuild = module.getattr("_game_from_parts")?;
        // The component data travels with the game unless it is the built-in set (whatever a
        // user file says of itself): a copy in another process must play the same game.
        let c = self.inner.components();
        let json = if self.inner.uses_builtin_components() {
            None
        } else {
            Some(c.json.clone())
        };
        let args = PyTuple::new(
            py,
            [
                self.inner.name().into_pyobject(py)?.into_any(),
                params_to_dict(py, self.inner.params())?.into_any(),
                json.into_pyobject(py)?.into_any(),
            ],
        )?;
        Ok((rebuild, args))
    }
}

/// Pickle support: rebuilds a game from its name, parameters and component JSON.
#[pyfunction]
#[pyo3(signature = (name, params, components_json=None))]
pub fn _game_from_parts(
    name: &str,
    params: &Bound<'_, PyDict>,
    components_json: Option<&str>,
) -> PyResult<Game> {
    load_game(name, components_json, Some(params))
}
