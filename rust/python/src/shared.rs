//! One object shared by Python threads: calls that read it run together, a call that changes
//! it runs alone, and a call that cannot have it at once raises instead of waiting.
//!
//! Waiting could deadlock: a long call holds the object with the GIL released and needs the
//! GIL back to finish, while a waiting thread would hold the GIL. Raising a typed error at
//! once keeps the contract simple: one thread per object at a time (or readers only), and
//! each thread its own `clone()` otherwise.

use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard, TryLockError};

use pyo3::PyResult;

use crate::errors::ConcurrentUseError;

pub struct Shared<T> {
    lock: RwLock<T>,
    what: &'static str,
}

fn busy(what: &str) -> pyo3::PyErr {
    ConcurrentUseError::new_err(format!(
        "this {what} is in use by a call on another thread (a change cannot overlap any other call): \
         nothing was done; give each thread its own copy (clone())"
    ))
}

impl<T> Shared<T> {
    pub fn new(value: T, what: &'static str) -> Self {
        Shared {
            lock: RwLock::new(value),
            what,
        }
    }

    /// For calls that only read.
    pub fn read(&self) -> PyResult<RwLockReadGuard<'_, T>> {
        match self.lock.try_read() {
            Ok(guard) => Ok(guard),
            // Poisoned only if a panic unwound through a call; the value is still whole
            // (every change is applied on a copy or checked before it starts).
            Err(TryLockError::Poisoned(p)) => Ok(p.into_inner()),
            Err(TryLockError::WouldBlock) => Err(busy(self.what)),
        }
    }

    /// For calls that change the value.
    pub fn write(&self) -> PyResult<RwLockWriteGuard<'_, T>> {
        match self.lock.try_write() {
            Ok(guard) => Ok(guard),
            Err(TryLockError::Poisoned(p)) => Ok(p.into_inner()),
            Err(TryLockError::WouldBlock) => Err(busy(self.what)),
        }
    }
}
