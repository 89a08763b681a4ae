//! OpenSpiel-style game strings: `azul_sintra(players=3,side=B)`.

use salon_core::{ParamValue, Params, SalonError, SalonResult};

/// Splits `name(k=v,...)` into the name and its parameters. Values are read as bools
/// (`true`/`false`), integers, or otherwise strings.
pub fn parse_game_spec(spec: &str) -> SalonResult<(String, Params)> {
    let spec = spec.trim();
    let Some(open) = spec.find('(') else {
        return Ok((spec.to_string(), Params::new()));
    };
    if !spec.ends_with(')') {
        return Err(SalonError::param(
            spec,
            "a game string with parameters must end with ')'",
        ));
    }
    let name = spec[..open].trim().to_string();
    let inner = &spec[open + 1..spec.len() - 1];
    let mut params = Params::new();
    for part in inner.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (k, v) = part
            .split_once('=')
            .ok_or_else(|| SalonError::param(part, "expected name=value"))?;
        let (k, v) = (k.trim(), v.trim());
        let value = match v {
            "true" | "True" => ParamValue::Bool(true),
            "false" | "False" => ParamValue::Bool(false),
            _ => match v.parse::<i64>() {
                Ok(i) => ParamValue::Int(i),
                Err(_) => ParamValue::Str(v.to_string()),
            },
        };
        params.insert(k, value);
    }
    Ok((name, params))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_names_and_values() {
        let (name, params) = parse_game_spec("azul_sintra(players=3, side=B)").unwrap();
        assert_eq!(name, "azul_sintra");
        assert_eq!(params.get("players"), Some(&ParamValue::Int(3)));
        assert_eq!(params.get("side"), Some(&ParamValue::Str("B".into())));
        assert!(parse_game_spec("x(players=3").is_err());
        assert!(parse_game_spec("x(players)").is_err());
    }
}
