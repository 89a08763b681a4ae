//! Python values to engine values.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyString};
use salon_engine::salon_core::{ParamValue, Params};

use crate::errors::InvalidParameterError;

/// Reads keyword parameters: bool, int or str values only.
pub fn params_from_dict(dict: Option<&Bound<'_, PyDict>>) -> PyResult<Params> {
    let mut params = Params::new();
    let Some(dict) = dict else {
        return Ok(params);
    };
    for (k, v) in dict.iter() {
        let name: String = k.extract().map_err(|_| InvalidParameterError::new_err("parameter names must be strings"))?;
        let value = if v.is_instance_of::<PyBool>() {
            ParamValue::Bool(v.extract()?)
        } else if v.is_instance_of::<PyInt>() {
            let i: i64 = v.extract().map_err(|_| {
                InvalidParameterError::new_err(format!("invalid parameter {name:?}: integer out of range"))
            })?;
            ParamValue::Int(i)
        } else if v.is_instance_of::<PyString>() {
            ParamValue::Str(v.extract()?)
        } else {
            let type_name = v.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "?".into());
            return Err(InvalidParameterError::new_err(format!(
                "invalid parameter {name:?}: expected a bool, an int or a str, got {type_name}"
            )));
        };
        params.insert(&name, value);
    }
    Ok(params)
}

pub fn param_to_py<'py>(py: Python<'py>, value: &ParamValue) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        ParamValue::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        ParamValue::Int(i) => i.into_pyobject(py)?.into_any(),
        ParamValue::Str(s) => PyString::new(py, s).into_any(),
    })
}

pub fn params_to_dict<'py>(py: Python<'py>, params: &Params) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (k, v) in params.iter() {
        dict.set_item(k, param_to_py(py, v)?)?;
    }
    Ok(dict)
}

/// Reads an integer argument. Bools, non-integers and integers beyond `i64` raise the error
/// class `err` builds (a `SalonError` subclass), naming the argument.
pub fn int_arg(value: &Bound<'_, PyAny>, what: &str, err: fn(String) -> PyErr) -> PyResult<i64> {
    if value.is_instance_of::<PyBool>() {
        return Err(err(format!("{what} must be an int, not a bool")));
    }
    if value.is_instance_of::<PyInt>() {
        return value.extract::<i64>().map_err(|_| err(format!("{what} {value} is out of range")));
    }
    let type_name = value.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "?".into());
    Err(err(format!("{what} must be an int, got {type_name}")))
}

/// An optional integer argument (`None` stays `None`).
pub fn opt_int_arg(value: Option<&Bound<'_, PyAny>>, what: &str, err: fn(String) -> PyErr) -> PyResult<Option<i64>> {
    match value {
        None => Ok(None),
        Some(v) if v.is_none() => Ok(None),
        Some(v) => int_arg(v, what, err).map(Some),
    }
}

/// An unsigned integer argument in `[0, max]`.
pub fn uint_arg(value: &Bound<'_, PyAny>, what: &str, max: u64, err: fn(String) -> PyErr) -> PyResult<u64> {
    if value.is_instance_of::<PyBool>() {
        return Err(err(format!("{what} must be an int, not a bool")));
    }
    if value.is_instance_of::<PyInt>() {
        return match value.extract::<u64>() {
            Ok(v) if v <= max => Ok(v),
            _ => Err(err(format!("{what} must be an int from 0 to {max}, got {value}"))),
        };
    }
    let type_name = value.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "?".into());
    Err(err(format!("{what} must be an int, got {type_name}")))
}

/// A string argument.
pub fn str_arg(value: &Bound<'_, PyAny>, what: &str, err: fn(String) -> PyErr) -> PyResult<String> {
    value.extract::<String>().map_err(|_| {
        let type_name = value.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "?".into());
        err(format!("{what} must be a str, got {type_name}"))
    })
}

pub fn player_error(message: String) -> PyErr {
    crate::errors::InvalidPlayerError::new_err(message)
}

pub fn param_error(message: String) -> PyErr {
    InvalidParameterError::new_err(message)
}

pub fn action_error(message: String) -> PyErr {
    crate::errors::IllegalActionError::new_err(message)
}

pub fn action_string_error(message: String) -> PyErr {
    crate::errors::InvalidActionStringError::new_err(message)
}

pub fn deserialization_error(message: String) -> PyErr {
    crate::errors::DeserializationError::new_err(message)
}

/// Action ids as a Python list. The ints for every possible id are made once per process
/// (ids above CPython's small-int cache would otherwise be allocated on every call, which
/// dominated the cost of `legal_actions`).
pub fn action_id_list<'py>(py: Python<'py>, ids: &[u32]) -> PyResult<Bound<'py, pyo3::types::PyList>> {
    use pyo3::sync::PyOnceLock;
    use salon_engine::salon_core::action::MAX_LEGAL_ACTIONS;
    static IDS: PyOnceLock<Vec<Py<PyInt>>> = PyOnceLock::new();
    let table = IDS.get_or_init(py, || (0..MAX_LEGAL_ACTIONS as u32).map(|i| PyInt::new(py, i).unbind()).collect());
    pyo3::types::PyList::new(
        py,
        ids.iter().map(|&id| match table.get(id as usize) {
            Some(cached) => cached.bind(py).clone(),
            None => PyInt::new(py, id),
        }),
    )
}
