//! Python values to engine values, and engine settings back to Python.

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
        let name: String = k
            .extract()
            .map_err(|_| InvalidParameterError::new_err("parameter names must be strings"))?;
        let value = if v.is_instance_of::<PyBool>() || is_numpy_bool(&v) {
            ParamValue::Bool(v.is_truthy()?)
        } else if v.is_instance_of::<PyString>() {
            ParamValue::Str(str_arg(
                &v,
                &format!("invalid parameter {name:?}:"),
                param_error,
            )?)
        } else if let Some(int) = as_int(&v) {
            ParamValue::Int(int.map_err(|_| {
                InvalidParameterError::new_err(format!(
                    "invalid parameter {name:?}: integer out of range"
                ))
            })?)
        } else {
            return Err(InvalidParameterError::new_err(format!(
                "invalid parameter {name:?}: expected a bool, an int or a str, got {}",
                type_name(&v)
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

/// The integer value of an argument given as a Python int or any object with `__index__`
/// (numpy integers, for example), as an exact Python int. `Ok(None)` for other types,
/// bools included (`True` is an int to Python but never a meaningful id or count here).
fn index_value<'py>(value: &Bound<'py, PyAny>) -> PyResult<Option<Bound<'py, PyInt>>> {
    if value.is_instance_of::<PyBool>() {
        return Ok(None);
    }
    if let Ok(int) = value.cast::<PyInt>() {
        return Ok(Some(int.clone()));
    }
    let py = value.py();
    if !value.hasattr(pyo3::intern!(py, "__index__"))? {
        return Ok(None);
    }
    let index = value.call_method0(pyo3::intern!(py, "__index__"))?;
    Ok(index.cast_into::<PyInt>().ok())
}

/// `numpy.bool_`, which is no Python bool and has no `__index__`.
fn is_numpy_bool(value: &Bound<'_, PyAny>) -> bool {
    let t = value.get_type();
    t.name().is_ok_and(|n| n == "bool") && t.module().is_ok_and(|m| m == "numpy")
}

fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into())
}

/// Reads an integer argument: an int or anything with `__index__` (numpy integers). Bools,
/// floats, strings and integers beyond `i64` raise the error class `err` builds (a
/// `SalonError` subclass), naming the argument.
pub fn int_arg(value: &Bound<'_, PyAny>, what: &str, err: fn(String) -> PyErr) -> PyResult<i64> {
    if value.is_instance_of::<PyBool>() {
        return Err(err(format!("{what} must be an int, not a bool")));
    }
    match index_value(value) {
        Ok(Some(int)) => int
            .extract::<i64>()
            .map_err(|_| err(format!("{what} {int} is out of range"))),
        _ => Err(err(format!(
            "{what} must be an int, got {}",
            type_name(value)
        ))),
    }
}

/// An optional integer argument (`None` stays `None`).
pub fn opt_int_arg(
    value: Option<&Bound<'_, PyAny>>,
    what: &str,
    err: fn(String) -> PyErr,
) -> PyResult<Option<i64>> {
    match value {
        None => Ok(None),
        Some(v) if v.is_none() => Ok(None),
        Some(v) => int_arg(v, what, err).map(Some),
    }
}

/// An unsigned integer argument in `[0, max]` (an int or anything with `__index__`).
pub fn uint_arg(
    value: &Bound<'_, PyAny>,
    what: &str,
    max: u64,
    err: fn(String) -> PyErr,
) -> PyResult<u64> {
    if value.is_instance_of::<PyBool>() {
        return Err(err(format!("{what} must be an int, not a bool")));
    }
    match index_value(value) {
        Ok(Some(int)) => match int.extract::<u64>() {
            Ok(v) if v <= max => Ok(v),
            _ => Err(err(format!(
                "{what} must be an int from 0 to {max}, got {int}"
            ))),
        },
        _ => Err(err(format!(
            "{what} must be an int, got {}",
            type_name(value)
        ))),
    }
}

/// An integer-valued argument as an `i64` when it is one (int or `__index__`, not bool).
pub fn as_int(value: &Bound<'_, PyAny>) -> Option<Result<i64, String>> {
    match index_value(value) {
        Ok(Some(int)) => Some(int.extract::<i64>().map_err(|_| int.to_string())),
        _ => None,
    }
}

/// A bool argument: `True`/`False` (or a numpy bool), nothing else.
pub fn bool_arg(value: &Bound<'_, PyAny>, what: &str, err: fn(String) -> PyErr) -> PyResult<bool> {
    if value.is_instance_of::<PyBool>() || is_numpy_bool(value) {
        return value.is_truthy();
    }
    Err(err(format!(
        "{what} must be True or False, got {}",
        type_name(value)
    )))
}

/// A string argument. A str that cannot be encoded as UTF-8 (a lone surrogate) is refused
/// as such, not as a wrong type.
pub fn str_arg(value: &Bound<'_, PyAny>, what: &str, err: fn(String) -> PyErr) -> PyResult<String> {
    match value.cast::<PyString>() {
        Ok(text) => text.to_str().map(str::to_owned).map_err(|_| {
            err(format!(
                "{what} is not valid Unicode text (it holds a lone surrogate)"
            ))
        }),
        Err(_) => Err(err(format!(
            "{what} must be a str, got {}",
            type_name(value)
        ))),
    }
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
pub fn action_id_list<'py>(
    py: Python<'py>,
    ids: &[u32],
) -> PyResult<Bound<'py, pyo3::types::PyList>> {
    use pyo3::sync::PyOnceLock;
    use salon_engine::salon_core::action::MAX_LEGAL_ACTIONS;
    static IDS: PyOnceLock<Vec<Py<PyInt>>> = PyOnceLock::new();
    let table = IDS.get_or_init(py, || {
        (0..MAX_LEGAL_ACTIONS as u32)
            .map(|i| PyInt::new(py, i).unbind())
            .collect()
    });
    pyo3::types::PyList::new(
        py,
        ids.iter().map(|&id| match table.get(id as usize) {
            Some(cached) => cached.bind(py).clone(),
            None => PyInt::new(py, id),
        }),
    )
}

/// Reads a seed argument: `None` draws one from the operating system.
pub fn seed_from_py(seed: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    match seed {
        None => Ok(salon_engine::salon_core::tracked::entropy_seed()),
        Some(v) if v.is_none() => Ok(salon_engine::salon_core::tracked::entropy_seed()),
        Some(v) => uint_arg(v, "invalid parameter \"seed\":", u64::MAX, param_error),
    }
}

/// An engine setting held as `f32`, for Python: the shortest decimal that reads back as the same
/// `f32`, so that a file's `0.7` reads as `0.7` and not as `0.699999988079071`.
pub fn setting_to_py(value: f32) -> f64 {
    value.to_string().parse().unwrap_or(f64::from(value))
}
