//! The helpers that release the GIL around engine work.

use std::time::{Duration, Instant};

use pyo3::prelude::*;
use salon_engine::salon_core::SalonResult;

use crate::errors::IntoPyResult;

/// Runs `work` with the GIL released, so that other Python threads run meanwhile. Only for
/// calls long enough to be worth it (playouts, replays, deserialization).
pub fn without_gil<T: Send>(py: Python<'_>, work: impl FnOnce() -> T + Send) -> T {
    py.detach(work)
}

/// How often a long call looks for a pending signal: well under the 0.2 s in which a
/// Ctrl-C must take effect, and far apart enough that taking the GIL back costs nothing.
const SIGNAL_CHECK_INTERVAL: Duration = Duration::from_millis(40);

/// Runs interruptible engine work with the GIL released. The engine asks its stop check now
/// and then; every `SIGNAL_CHECK_INTERVAL` that check takes the GIL back for a moment and
/// runs Python's signal handlers, so Ctrl-C raises `KeyboardInterrupt` within a fraction of
/// a second (the work then leaves its state as it was). Signals reach only the main thread,
/// as everywhere in Python: on other threads the work runs to its end.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&mut dyn FnMut() -> bool) -> SalonResult<T> + Send,
) -> PyResult<T> {
    let mut pending: Option<PyErr> = None;
    let result = py.detach(|| {
        let mut last = Instant::now();
        let mut stop = || {
            if last.elapsed() < SIGNAL_CHECK_INTERVAL {
                return false;
            }
            last = Instant::now();
            Python::attach(|py| match py.check_signals() {
                Ok(()) => false,
                Err(err) => {
                    pending = Some(err);
                    true
                }
            })
        };
        work(&mut stop)
    });
    match pending {
        Some(err) => Err(err),
        None => result.py(),
    }
}
