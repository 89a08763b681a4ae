//! Stopping long calls early.
//!
//! A call that can run long (many playouts, a search, replaying a long history) takes a
//! [`StopCheck`] and asks it now and then, at most a fraction of a millisecond of work apart.
//! When it answers `true` the call returns [`SalonError::Interrupted`] and leaves what it was
//! changing as it was. The core knows nothing of signals: the Python bindings answer `true`
//! once Python has a `KeyboardInterrupt` (or another signal handler's error) to raise.
//!
//! [`SalonError::Interrupted`]: crate::SalonError::Interrupted

use crate::error::{SalonError, SalonResult};

/// Asked by long calls whether to stop.
pub type StopCheck<'a> = &'a mut dyn FnMut() -> bool;

/// A check that never stops (for callers that do not need one).
pub fn never() -> impl FnMut() -> bool {
    || false
}

/// `Err(Interrupted)` when `stop` says so.
pub fn check(stop: &mut dyn FnMut() -> bool) -> SalonResult<()> {
    if stop() {
        Err(SalonError::Interrupted)
    } else {
        Ok(())
    }
}
