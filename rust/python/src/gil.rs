//! The one helper that releases the GIL around engine work.

use pyo3::prelude::*;

/// Runs `work` with the GIL released, so that other Python threads run meanwhile. Only for
/// calls long enough to be worth it (playouts, replays, deserialization).
pub fn without_gil<T: Send>(py: Python<'_>, work: impl FnOnce() -> T + Send) -> T {
    py.detach(work)
}
