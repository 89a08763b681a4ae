//! `salon._core`: the thin PyO3 layer over `salon-engine`. No rule lives here: every method
//! converts arguments, calls the engine and converts the answer.

use pyo3::prelude::*;

mod convert;
mod errors;
mod gil;
mod handles;
mod plain_json;
mod py_bot;
mod py_game;
mod py_move;
mod py_network;
mod py_search;
mod py_state;
mod py_vector;
mod raster;
mod shared;

/// The compiled core of salon. Use the public package `salon` instead of this module.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("CHANCE", salon_engine::salon_core::CHANCE)?;
    m.add("TERMINAL", salon_engine::salon_core::TERMINAL)?;
    m.add("MAX_PLAYERS", salon_engine::salon_core::MAX_PLAYERS)?;
    errors::register(m)?;
    m.add_class::<handles::Game>()?;
    m.add_class::<handles::State>()?;
    m.add_class::<py_move::Move>()?;
    m.add_class::<py_vector::VectorEnv>()?;
    m.add_class::<py_bot::Bot>()?;
    m.add_class::<py_network::Network>()?;
    m.add_class::<py_search::BatchedSearch>()?;
    m.add_class::<py_search::SearchResult>()?;
    m.add_function(wrap_pyfunction!(py_game::load_game, m)?)?;
    m.add_function(wrap_pyfunction!(py_game::registered_games, m)?)?;
    m.add_function(wrap_pyfunction!(py_game::_game_from_parts, m)?)?;
    m.add_function(wrap_pyfunction!(py_state::_state_from_serialized, m)?)?;
    Ok(())
}
