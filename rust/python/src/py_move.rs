use pyo3::prelude::*;

/// A legal move at one node: its action id, the player who makes it (`CHANCE` for a chance
/// outcome) and its readable text. Prints as its text; usable wherever an action id is.
#[pyclass(module = "salon", name = "Move", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Move {
    #[pyo3(get)]
    pub action: u32,
    #[pyo3(get)]
    pub player: i32,
    #[pyo3(get)]
    pub text: String,
}

#[pymethods]
impl Move {
    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("Move({}, {:?}, player={})", self.action, self.text, self.player)
    }

    fn __int__(&self) -> u32 {
        self.action
    }

    fn __index__(&self) -> u32 {
        self.action
    }
}
