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
