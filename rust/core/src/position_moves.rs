//! Moves as data: a decision's kind (`take`, `place`, `pay`...) and its named fields, decoded
//! by each game from its action ids (the same families its action strings come from).

/// One field value of a move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum FieldValue {
    Int(i64),
    Text(String),
    Bool(bool),
}

/// A move's kind and fields, in the names of the position format.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveFields {
    pub kind: &'static str,
    pub fields: Vec<(&'static str, FieldValue)>,
}

impl MoveFields {
    pub fn new(kind: &'static str) -> Self {
        MoveFields {
            kind,
            fields: Vec::new(),
        }
    }

    pub fn int(mut self, name: &'static str, value: impl Into<i64>) -> Self {
        self.fields.push((name, FieldValue::Int(value.into())));
        self
    }

    pub fn text(mut self, name: &'static str, value: impl Into<String>) -> Self {
        self.fields.push((name, FieldValue::Text(value.into())));
        self
    }

    pub fn flag(mut self, name: &'static str, value: bool) -> Self {
        self.fields.push((name, FieldValue::Bool(value)));
        self
    }

    /// The value of field `name`.
    pub fn get(&self, name: &str) -> Option<&FieldValue> {
        self.fields.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }
}
