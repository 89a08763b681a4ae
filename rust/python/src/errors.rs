//! The Python exception tree and the one place where engine errors become exceptions.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use salon_engine::salon_core::SalonError as EngineError;

create_exception!(
    salon,
    SalonError,
    PyValueError,
    "Base class of every salon error; a ValueError."
);
create_exception!(
    salon,
    UnknownGameError,
    SalonError,
    "No game of that name is registered."
);
create_exception!(
    salon,
    InvalidParameterError,
    SalonError,
    "A game parameter is unknown, of the wrong type or out of range."
);
create_exception!(
    salon,
    IllegalActionError,
    SalonError,
    "The action is not legal at this node; the state is unchanged."
);
create_exception!(
    salon,
    InvalidActionStringError,
    SalonError,
    "No legal action at this node is written that way."
);
create_exception!(
    salon,
    InvalidPlayerError,
    SalonError,
    "A player index outside the game's players."
);
create_exception!(
    salon,
    WrongNodeError,
    SalonError,
    "The operation needs another kind of node (chance, decision, terminal)."
);
create_exception!(
    salon,
    ComponentError,
    SalonError,
    "A component file that does not load or does not satisfy its schema."
);
create_exception!(
    salon,
    DeserializationError,
    SalonError,
    "A serialized state that does not parse or does not replay."
);
create_exception!(
    salon,
    NothingToUndoError,
    SalonError,
    "pop() at the start of the history."
);
create_exception!(salon, ConcurrentUseError, SalonError, "The object is in use by a call on another thread; nothing was done (give each thread its own clone).");
create_exception!(
    salon,
    ArrayAccessError,
    SalonError,
    "A numpy array the call must write is read-only or in use elsewhere; nothing was done."
);
create_exception!(salon, EvaluatorError, SalonError, "A search evaluator returned something other than (logits, values) of the expected shapes, or non-finite numbers.");
create_exception!(salon, NetworkError, SalonError, "A network file that does not load or does not fit the game (shapes, operators, weights), or a network whose outputs cannot be used.");
create_exception!(salon, PositionError, SalonError, "A position (the table as data) that does not parse or breaks a rule of the game; the message names the field.");

/// Converts an engine error into its Python exception, keeping the engine's message.
pub fn to_py(err: EngineError) -> PyErr {
    let message = err.to_string();
    match err {
        EngineError::UnknownGame { .. } => UnknownGameError::new_err(message),
        EngineError::InvalidParameter { .. } => InvalidParameterError::new_err(message),
        EngineError::IllegalAction { .. } => IllegalActionError::new_err(message),
        EngineError::UnknownActionString { .. } => InvalidActionStringError::new_err(message),
        EngineError::InvalidPlayer { .. } => InvalidPlayerError::new_err(message),
        EngineError::WrongNode { .. } => WrongNodeError::new_err(message),
        EngineError::InvalidComponents { .. } => ComponentError::new_err(message),
        EngineError::InvalidSerialization { .. } => DeserializationError::new_err(message),
        EngineError::NothingToUndo => NothingToUndoError::new_err(message),
        EngineError::Interrupted => pyo3::exceptions::PyKeyboardInterrupt::new_err(message),
        EngineError::InvalidPosition { .. } => PositionError::new_err(message),
        EngineError::InvalidNetwork { .. } => NetworkError::new_err(message),
    }
}

/// `?`-friendly conversion of engine results.
pub trait IntoPyResult<T> {
    fn py(self) -> PyResult<T>;
}

impl<T> IntoPyResult<T> for Result<T, EngineError> {
    fn py(self) -> PyResult<T> {
        self.map_err(to_py)
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("SalonError", py.get_type::<SalonError>())?;
    m.add("UnknownGameError", py.get_type::<UnknownGameError>())?;
    m.add(
        "InvalidParameterError",
        py.get_type::<InvalidParameterError>(),
    )?;
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    m.add(
        "InvalidActionStringError",
        py.get_type::<InvalidActionStringError>(),
    )?;
    m.add("InvalidPlayerError", py.get_type::<InvalidPlayerError>())?;
    m.add("WrongNodeError", py.get_type::<WrongNodeError>())?;
    m.add("ComponentError", py.get_type::<ComponentError>())?;
    m.add(
        "DeserializationError",
        py.get_type::<DeserializationError>(),
    )?;
    m.add("NothingToUndoError", py.get_type::<NothingToUndoError>())?;
    m.add("ConcurrentUseError", py.get_type::<ConcurrentUseError>())?;
    m.add("ArrayAccessError", py.get_type::<ArrayAccessError>())?;
    m.add("EvaluatorError", py.get_type::<EvaluatorError>())?;
    m.add("PositionError", py.get_type::<PositionError>())?;
    m.add("NetworkError", py.get_type::<NetworkError>())?;
    Ok(())
}
