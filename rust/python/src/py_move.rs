use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyString};
use salon_engine::salon_core::{FieldValue, MoveFields, CHANCE};
use salon_engine::AnyGame;

/// A legal move at one node: its action id, the player who makes it (`CHANCE` for a chance
/// outcome) and its readable text. Prints as its text; usable wherever an action id is.
#[pyclass(module = "salon", name = "Move", frozen, eq, hash)]
#[derive(Clone)]
pub struct Move {
    #[pyo3(get)]
    pub action: u32,
    #[pyo3(get)]
    pub player: i32,
    #[pyo3(get)]
    pub text: String,
    /// The game, to decode the kind and fields when asked (not when the move is made: listing
    /// moves stays as cheap as before).
    pub game: AnyGame,
}

impl PartialEq for Move {
    fn eq(&self, other: &Self) -> bool {
        (self.action, self.player, &self.text) == (other.action, other.player, &other.text)
    }
}

impl Eq for Move {}

impl std::hash::Hash for Move {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        (self.action, self.player, &self.text).hash(h);
    }
}

impl Move {
    /// The kind and named fields (`docs/positions.md`): `chance` with the outcome's text at a
    /// chance node, the game's decoding of the id otherwise.
    pub fn decoded(&self) -> MoveFields {
        if self.player == CHANCE {
            MoveFields::new("chance").text("outcome", self.text.clone())
        } else {
            self.game.move_fields(self.action)
        }
    }
}

pub fn field_to_py<'py>(py: Python<'py>, value: &FieldValue) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        FieldValue::Int(i) => i.into_pyobject(py)?.into_any(),
        FieldValue::Text(t) => PyString::new(py, t).into_any(),
        FieldValue::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
    })
}

/// True when the Python value equals the field value (ints, strings and bools only; a bool
/// never equals an int).
pub fn field_matches(value: &Bound<'_, PyAny>, field: &FieldValue) -> bool {
    match field {
        FieldValue::Bool(b) => {
            value.is_instance_of::<PyBool>() && value.extract::<bool>().is_ok_and(|v| v == *b)
        }
        FieldValue::Int(i) => {
            !value.is_instance_of::<PyBool>()
                && value.is_instance_of::<PyInt>()
                && value.extract::<i64>().is_ok_and(|v| v == *i)
        }
        FieldValue::Text(t) => value.extract::<String>().is_ok_and(|v| v == *t),
    }
}

#[pymethods]
impl Move {
    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "Move({}, {:?}, player={})",
            self.action, self.text, self.player
        )
    }

    /// The kind of move, for example `"take"`, `"place"`, `"pay"` (`"chance"` for a chance
    /// outcome).
    #[getter]
    fn kind(&self) -> &'static str {
        self.decoded().kind
    }

    /// The move's named fields, for example `{"colour": "blue", "source": "factory", ...}`.
    #[getter]
    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (name, value) in &self.decoded().fields {
            d.set_item(*name, field_to_py(py, value)?)?;
        }
        Ok(d)
    }

    fn __int__(&self) -> u32 {
        self.action
    }

    fn __index__(&self) -> u32 {
        self.action
    }
}
