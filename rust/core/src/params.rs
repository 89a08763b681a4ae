//! Game parameters: declared once per game, validated in one place.

use std::collections::BTreeMap;
use std::fmt;

use crate::error::{SalonError, SalonResult};

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ParamValue {
    Bool(bool),
    Int(i64),
    Str(String),
}

impl ParamValue {
    fn kind(&self) -> &'static str {
        match self {
            ParamValue::Bool(_) => "a bool",
            ParamValue::Int(_) => "an int",
            ParamValue::Str(_) => "a string",
        }
    }
}

impl fmt::Display for ParamValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamValue::Bool(b) => write!(f, "{b}"),
            ParamValue::Int(i) => write!(f, "{i}"),
            ParamValue::Str(s) => write!(f, "{s}"),
        }
    }
}

/// One declared parameter: its name, default, allowed values and meaning.
#[derive(Clone, Debug)]
pub struct ParamSpec {
    pub name: &'static str,
    pub default: ParamValue,
    /// The values accepted; empty means any value of the default's type.
    pub allowed: Vec<ParamValue>,
    pub doc: &'static str,
    /// A rules variant (another reading of the rules): test sweeps vary it alone, from the
    /// defaults, instead of crossing it with every other parameter.
    pub variant: bool,
}

impl ParamSpec {
    pub fn int_choice(
        name: &'static str,
        default: i64,
        allowed: &[i64],
        doc: &'static str,
    ) -> Self {
        ParamSpec {
            name,
            default: ParamValue::Int(default),
            allowed: allowed.iter().map(|&v| ParamValue::Int(v)).collect(),
            doc,
            variant: false,
        }
    }
    pub fn str_choice(
        name: &'static str,
        default: &str,
        allowed: &[&str],
        doc: &'static str,
    ) -> Self {
        ParamSpec {
            name,
            default: ParamValue::Str(default.to_string()),
            allowed: allowed
                .iter()
                .map(|v| ParamValue::Str(v.to_string()))
                .collect(),
            doc,
            variant: false,
        }
    }
    pub fn flag(name: &'static str, default: bool, doc: &'static str) -> Self {
        ParamSpec {
            name,
            default: ParamValue::Bool(default),
            allowed: vec![],
            doc,
            variant: false,
        }
    }
    /// Marks a rules variant (see [`ParamSpec::variant`]).
    pub fn as_variant(mut self) -> Self {
        self.variant = true;
        self
    }
}

/// A complete, validated parameter set (every declared name present).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Params(BTreeMap<String, ParamValue>);

impl Params {
    pub fn new() -> Self {
        Params(BTreeMap::new())
    }

    pub fn with(mut self, name: &str, value: ParamValue) -> Self {
        self.0.insert(name.to_string(), value);
        self
    }

    pub fn insert(&mut self, name: &str, value: ParamValue) {
        self.0.insert(name.to_string(), value);
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &ParamValue)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v))
    }

    pub fn get(&self, name: &str) -> Option<&ParamValue> {
        self.0.get(name)
    }

    /// Fills defaults and rejects unknown names, wrong types and values outside `allowed`.
    pub fn resolve(given: &Params, specs: &[ParamSpec]) -> SalonResult<Params> {
        for name in given.0.keys() {
            if !specs.iter().any(|s| s.name == name) {
                let known: Vec<&str> = specs.iter().map(|s| s.name).collect();
                return Err(SalonError::param(
                    name.clone(),
                    format!("unknown parameter; this game takes: {}", known.join(", ")),
                ));
            }
        }
        let mut out = Params::new();
        for spec in specs {
            let value = match given.0.get(spec.name) {
                None => spec.default.clone(),
                Some(v) => {
                    if std::mem::discriminant(v) != std::mem::discriminant(&spec.default) {
                        return Err(SalonError::param(
                            spec.name,
                            format!("expected {}, got {}", spec.default.kind(), v.kind()),
                        ));
                    }
                    if !spec.allowed.is_empty() && !spec.allowed.contains(v) {
                        let allowed: Vec<String> =
                            spec.allowed.iter().map(|a| a.to_string()).collect();
                        return Err(SalonError::param(
                            spec.name,
                            format!("{v} is not allowed; choose one of {}", allowed.join(", ")),
                        ));
                    }
                    v.clone()
                }
            };
            out.0.insert(spec.name.to_string(), value);
        }
        Ok(out)
    }

    /// Reads a resolved int parameter.
    pub fn int(&self, name: &str) -> i64 {
        match self.0.get(name) {
            Some(ParamValue::Int(v)) => *v,
            _ => 0,
        }
    }

    pub fn bool(&self, name: &str) -> bool {
        matches!(self.0.get(name), Some(ParamValue::Bool(true)))
    }

    pub fn str(&self, name: &str) -> &str {
        match self.0.get(name) {
            Some(ParamValue::Str(v)) => v,
            _ => "",
        }
    }

    /// Canonical JSON object (keys sorted), used in serialized states and records.
    pub fn to_json(&self) -> serde_json::Value {
        let mut map = serde_json::Map::new();
        for (k, v) in &self.0 {
            let jv = match v {
                ParamValue::Bool(b) => serde_json::Value::Bool(*b),
                ParamValue::Int(i) => serde_json::Value::from(*i),
                ParamValue::Str(s) => serde_json::Value::String(s.clone()),
            };
            map.insert(k.clone(), jv);
        }
        serde_json::Value::Object(map)
    }

    pub fn from_json(value: &serde_json::Value) -> SalonResult<Params> {
        let obj = value
            .as_object()
            .ok_or_else(|| SalonError::serialization("parameters must be a JSON object"))?;
        let mut out = Params::new();
        for (k, v) in obj {
            let pv = match v {
                serde_json::Value::Bool(b) => ParamValue::Bool(*b),
                serde_json::Value::Number(n) => ParamValue::Int(
                    n.as_i64()
                        .ok_or_else(|| SalonError::param(k.clone(), "expected an integer"))?,
                ),
                serde_json::Value::String(s) => ParamValue::Str(s.clone()),
                _ => {
                    return Err(SalonError::param(
                        k.clone(),
                        "expected a bool, an integer or a string",
                    ))
                }
            };
            out.0.insert(k.clone(), pv);
        }
        Ok(out)
    }
}

impl fmt::Display for Params {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.0.iter().map(|(k, v)| format!("{k}={v}")).collect();
        write!(f, "{}", parts.join(","))
    }
}
