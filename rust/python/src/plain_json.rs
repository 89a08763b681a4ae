//! Plain Python data (dicts with string keys, lists, tuples, strings, ints, floats, bools,
//! None) written as JSON text in one walk, for the position readers: cheaper than a call
//! to `json.dumps` and naming the path of whatever is not plain data.

use std::fmt::Write;

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};

use crate::errors::PositionError;

/// Deeper nesting than any position has; it also stops a list that contains itself.
const MAX_DEPTH: usize = 64;

/// `value` as JSON text; a `PositionError` names the path of a value that is not plain data.
pub(crate) fn to_json_text(value: &Bound<'_, PyAny>) -> PyResult<String> {
    let mut out = String::with_capacity(4096);
    let mut path = Vec::new();
    write_value(value, &mut out, &mut path)?;
    Ok(out)
}

/// A step of the path to the value being written: a key or an index.
enum Step {
    Key(String),
    Index(usize),
}

fn path_text(path: &[Step]) -> String {
    let mut text = String::from("position");
    for step in path {
        match step {
            Step::Key(k) => {
                let _ = write!(text, ".{k}");
            }
            Step::Index(i) => {
                let _ = write!(text, "[{i}]");
            }
        }
    }
    text
}

fn not_plain(path: &[Step], what: String) -> PyErr {
    PositionError::new_err(format!("invalid position: {}: {what}", path_text(path)))
}

fn write_value(value: &Bound<'_, PyAny>, out: &mut String, path: &mut Vec<Step>) -> PyResult<()> {
    if path.len() > MAX_DEPTH {
        return Err(not_plain(
            path,
            format!("nested more than {MAX_DEPTH} levels deep"),
        ));
    }
    if value.is_none() {
        out.push_str("null");
    } else if let Ok(b) = value.cast::<PyBool>() {
        out.push_str(if b.is_true() { "true" } else { "false" });
    } else if let Ok(i) = value.cast::<PyInt>() {
        match i.extract::<i64>() {
            Ok(v) => {
                let _ = write!(out, "{v}");
            }
            // Beyond 64 bits: the digits as they are (the position reader refuses them, naming the field).
            Err(_) => out.push_str(&i.str()?.to_cow()?),
        }
    } else if let Ok(f) = value.cast::<PyFloat>() {
        let v = f.value();
        if !v.is_finite() {
            return Err(not_plain(path, format!("{v} is not a finite number")));
        }
        // `{:?}` keeps a decimal point or exponent, so the reader sees a float as a float.
        let _ = write!(out, "{v:?}");
    } else if let Ok(s) = value.cast::<PyString>() {
        let text = s
            .to_cow()
            .map_err(|_| not_plain(path, "a string that is not valid Unicode".into()))?;
        write_string(&text, out);
    } else if let Ok(d) = value.cast::<PyDict>() {
        out.push('{');
        for (k, (key, item)) in d.iter().enumerate() {
            let key = key
                .cast::<PyString>()
                .map_err(|_| {
                    not_plain(path, format!("a key is {}, not a string", type_name(&key)))
                })?
                .to_cow()
                .map_err(|_| not_plain(path, "a key that is not valid Unicode".into()))?
                .into_owned();
            if k > 0 {
                out.push(',');
            }
            write_string(&key, out);
            out.push(':');
            path.push(Step::Key(key));
            write_value(&item, out, path)?;
            path.pop();
        }
        out.push('}');
    } else if let Ok(l) = value.cast::<PyList>() {
        write_items(l.iter(), out, path)?;
    } else if let Ok(t) = value.cast::<PyTuple>() {
        write_items(t.iter(), out, path)?;
    } else {
        return Err(not_plain(
            path,
            format!(
                "{} is not plain data (dict, list, str, int, float, bool or None)",
                type_name(value)
            ),
        ));
    }
    Ok(())
}

fn write_items<'py>(
    items: impl Iterator<Item = Bound<'py, PyAny>>,
    out: &mut String,
    path: &mut Vec<Step>,
) -> PyResult<()> {
    out.push('[');
    for (i, item) in items.enumerate() {
        if i > 0 {
            out.push(',');
        }
        path.push(Step::Index(i));
        write_value(&item, out, path)?;
        path.pop();
    }
    out.push(']');
    Ok(())
}

fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into())
}

fn write_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}
