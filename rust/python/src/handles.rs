//! The Python objects `Game` and `State` as data: their structs and how one is made. Their
//! methods are in `py_game.rs` and `py_state.rs`; keeping the two structs here lets each file
//! name the other's type without importing it.

use pyo3::prelude::*;
use salon_engine::{AnyGame, AnyState};

use crate::shared::Shared;

/// A game with its parameters and component set. Build it with `salon.load_game`.
#[pyclass(module = "salon", name = "Game", frozen)]
pub struct Game {
    pub(crate) inner: AnyGame,
}

/// A game state with its history. Mutated in place by `apply_action`, `push` and `pop`.
///
/// Threads: calls that only read a state may run on several threads at once; a call that
/// changes it (or any call while one changes it) raises `ConcurrentUseError` at once and
/// does nothing. Give each thread its own `clone()`.
#[pyclass(module = "salon", name = "State", frozen)]
pub struct State {
    pub(crate) inner: Shared<AnyState>,
}

impl State {
    pub fn new(inner: AnyState) -> Self {
        State {
            inner: Shared::new(inner, "State"),
        }
    }
}
