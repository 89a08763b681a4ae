//! JSON from users, read strictly: an object that names a key twice is refused instead of
//! silently keeping one of the values (serde_json keeps the last).

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

/// Parses `text` as JSON, refusing objects with a repeated key. Nesting is limited as by
/// `serde_json::from_str` (128 levels), so no input can exhaust the stack.
pub fn from_str_unique(text: &str) -> Result<Value, serde_json::Error> {
    serde_json::from_str::<UniqueValue>(text).map(|v| v.0)
}

/// Texts above this size are parsed through a reader that asks `stop` once per chunk.
const STOP_CHUNK: usize = 1 << 20;

/// [`from_str_unique`] for texts that may be large: parsing asks `stop` once per megabyte
/// and gives `Err(SalonError::Interrupted)` (the outer result) when it says to stop.
pub fn from_str_unique_with_stop(
    text: &str,
    stop: &mut dyn FnMut() -> bool,
) -> crate::error::SalonResult<Result<Value, serde_json::Error>> {
    if text.len() <= STOP_CHUNK {
        return Ok(from_str_unique(text));
    }
    let mut interrupted = false;
    let reader = StopReader {
        rest: text.as_bytes(),
        stop,
        interrupted: &mut interrupted,
    };
    let mut de = serde_json::Deserializer::from_reader(reader);
    let parsed = UniqueValue::deserialize(&mut de).and_then(|v| de.end().map(|()| v.0));
    if interrupted {
        return Err(crate::error::SalonError::Interrupted);
    }
    Ok(parsed)
}

/// Hands out a text a chunk at a time, asking `stop` before each chunk.
struct StopReader<'a, 'b> {
    rest: &'a [u8],
    stop: &'b mut dyn FnMut() -> bool,
    interrupted: &'b mut bool,
}

impl std::io::Read for StopReader<'_, '_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if (self.stop)() {
            *self.interrupted = true;
            return Err(std::io::Error::other("interrupted"));
        }
        let n = buf.len().min(self.rest.len()).min(STOP_CHUNK);
        buf[..n].copy_from_slice(&self.rest[..n]);
        self.rest = &self.rest[n..];
        Ok(n)
    }
}

struct UniqueValue(Value);

impl<'de> Deserialize<'de> for UniqueValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(UniqueVisitor).map(UniqueValue)
    }
}

struct UniqueVisitor;

impl<'de> Visitor<'de> for UniqueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(UniqueVisitor)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(UniqueValue(v)) = seq.next_element()? {
            items.push(v);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let UniqueValue(value) = map.next_value()?;
            if out.contains_key(&key) {
                return Err(de::Error::custom(format_args!("duplicate key {key:?}")));
            }
            out.insert(key, value);
        }
        Ok(Value::Object(out))
    }
}

#[cfg(test)]
mod tests {
    use super::from_str_unique;

    #[test]
    fn equal_to_serde_json_on_unique_keys() {
        let text = r#"{"a": [1, -2, 3.5, "x", null, true, {"b": {}}], "c": 18446744073709551615}"#;
        assert_eq!(
            from_str_unique(text).unwrap(),
            serde_json::from_str::<serde_json::Value>(text).unwrap()
        );
    }

    #[test]
    fn a_repeated_key_is_refused_at_any_depth() {
        for text in [r#"{"a": 1, "a": 2}"#, r#"[{"x": {"k": 1, "k": 1}}]"#] {
            let err = from_str_unique(text).unwrap_err().to_string();
            assert!(err.contains("duplicate key"), "{err}");
        }
    }

    #[test]
    fn a_large_text_reads_the_same_in_chunks_and_stops_when_asked() {
        let text = format!("[{}1]", "\"abcdefgh\",".repeat(300_000));
        assert!(text.len() > super::STOP_CHUNK);
        let whole = from_str_unique(&text).unwrap();
        let chunked = super::from_str_unique_with_stop(&text, &mut || false)
            .unwrap()
            .unwrap();
        assert_eq!(whole, chunked);
        let mut asked = 0;
        let stopped = super::from_str_unique_with_stop(&text, &mut || {
            asked += 1;
            asked > 1
        });
        assert!(matches!(
            stopped,
            Err(crate::error::SalonError::Interrupted)
        ));
        let doubled = format!("[{}{{\"k\":1,\"k\":2}}]", "\"abcdefgh\",".repeat(300_000));
        let err = super::from_str_unique_with_stop(&doubled, &mut || false)
            .unwrap()
            .unwrap_err();
        assert!(err.to_string().contains("duplicate key"), "{err}");
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_stack_overflow() {
        let text = "[".repeat(100_000) + &"]".repeat(100_000);
        assert!(from_str_unique(&text).is_err());
    }
}
