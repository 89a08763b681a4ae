//! Shared helpers of the salon fuzz targets: every game and parameter set, the contract
//! checks run on every state a target reaches, and structured JSON mutation.
//!
//! Every check panics with a message naming what broke; libFuzzer reports the panic as a
//! finding and saves the input under `fuzz/artifacts/<target>/`.

use std::sync::OnceLock;

use arbitrary::{Result, Unstructured};
use salon_engine::salon_core::{ActionList, ChanceOutcomes, ParamValue, Params, SalonError};
use salon_engine::{catalogue, AnyGame, AnyState};
use serde_json::Value;

/// Every registered game with every combination of its declared parameter values (flags
/// take false and true), built once per process.
pub fn all_games() -> &'static [AnyGame] {
    static GAMES: OnceLock<Vec<AnyGame>> = OnceLock::new();
    GAMES.get_or_init(|| {
        let mut out = Vec::new();
        for entry in catalogue() {
            let mut sets: Vec<Params> = vec![Params::new()];
            for spec in &entry.params {
                let values: Vec<ParamValue> = if !spec.allowed.is_empty() {
                    spec.allowed.clone()
                } else if matches!(spec.default, ParamValue::Bool(_)) {
                    vec![ParamValue::Bool(false), ParamValue::Bool(true)]
                } else {
                    vec![spec.default.clone()]
                };
                let mut next = Vec::new();
                for set in &sets {
                    for v in &values {
                        next.push(set.clone().with(spec.name, v.clone()));
                    }
                }
                sets = next;
            }
            for params in sets {
                let game = AnyGame::load(entry.name, &params, None)
                    .unwrap_or_else(|e| panic!("{} {params}: declared parameters do not load: {e}", entry.name));
                out.push(game);
            }
        }
        out
    })
}

/// The default parameter set of each registered game.
pub fn default_games() -> &'static [AnyGame] {
    static GAMES: OnceLock<Vec<AnyGame>> = OnceLock::new();
    GAMES.get_or_init(|| {
        catalogue()
            .iter()
            .map(|e| AnyGame::load(e.name, &Params::new(), None).expect("default parameters load"))
            .collect()
    })
}

pub fn pick<'a, T>(u: &mut Unstructured<'_>, items: &'a [T]) -> Result<&'a T> {
    let i = u.choose_index(items.len())?;
    Ok(&items[i])
}

pub fn legal(state: &AnyState) -> Vec<u32> {
    let mut list = ActionList::new();
    state.legal_actions(&mut list);
    list.to_vec()
}

/// The upper bound of user action ids (as `check_action_range` computes it).
pub fn id_limit(game: &AnyGame) -> i64 {
    game.num_distinct_actions().max(game.max_chance_outcomes()) as i64
}

/// Known engine bugs, pinned by strict-xfail tests in `tests/reliability/test_regressions.py`,
/// that the targets step over so that a run looks for new ones (`SALON_FUZZ_STRICT=1`
/// reports them again). None is open: the atelier_canvas resample dead end (crash-c6a215fd,
/// crash-277e4910) was fixed in commit e83d569.
pub fn known_finding(_state: &AnyState) -> bool {
    false
}

/// The contract at one node, through the public engine API.
pub fn check_state(state: &AnyState, what: &str) {
    if known_finding(state) {
        return;
    }
    let game = state.game();
    let n = game.num_players();
    let at = |m: &str| format!("{} ply {} ({what}): {m}\nserialized: {}", game.spec_string(), state.ply(), state.serialize());
    assert!(state.ply() <= game.max_game_length(), "{}", at("ply above max_game_length"));
    assert_eq!(state.history().len(), state.ply(), "{}", at("history length differs from ply"));
    let cp = state.current_player();
    let scores = state.scores();
    let returns = state.returns();
    assert_eq!(scores.len(), n, "{}", at("scores length"));
    assert_eq!(returns.len(), n, "{}", at("returns length"));
    let list = legal(state);
    assert!(list.windows(2).all(|w| w[0] < w[1]), "{}", at("legal actions not strictly ascending"));
    assert!(list.iter().all(|&a| (a as usize) < state.mask_len()), "{}", at("legal action beyond the mask"));
    if state.is_terminal() {
        assert!(list.is_empty(), "{}", at("legal actions at a terminal node"));
        let sum: f64 = returns.iter().sum();
        assert!((sum - 1.0).abs() < 1e-9, "{}", at(&format!("terminal returns sum to {sum}")));
    } else {
        assert!(returns.iter().all(|&r| r == 0.0), "{}", at("non-zero returns before the end"));
        assert!(!list.is_empty(), "{}", at("no legal action at a non-terminal node"));
        if state.is_chance_node() {
            assert_eq!(cp, -1, "{}", at("chance node with a player id"));
            let mut outcomes = ChanceOutcomes::new();
            state.chance_outcomes(&mut outcomes);
            assert_eq!(outcomes.actions(), &list[..], "{}", at("chance outcomes differ from legal actions"));
            let total: f64 = outcomes.probabilities().map(|(_, p)| p).sum();
            assert!((total - 1.0).abs() < 1e-9, "{}", at("chance probabilities do not sum to 1"));
        } else {
            assert!(cp >= 0 && (cp as usize) < n, "{}", at("player to move out of range"));
        }
    }
    let mut obs = vec![0.0f32; game.observation_tensor_size()];
    for p in 0..n as i64 {
        state.observation_tensor(p, &mut obs).unwrap_or_else(|e| panic!("{}", at(&format!("observation_tensor({p}): {e}"))));
        assert!(obs.iter().all(|x| x.is_finite()), "{}", at("observation tensor not finite"));
        state.observation_string(p).unwrap_or_else(|e| panic!("{}", at(&format!("observation_string({p}): {e}"))));
        state
            .information_state_string(p)
            .unwrap_or_else(|e| panic!("{}", at(&format!("information_state_string({p}): {e}"))));
    }
    for bad in [-1i64, n as i64, i64::MIN, i64::MAX] {
        assert!(matches!(state.observation_string(bad), Err(SalonError::InvalidPlayer { .. })), "{}", at("bad player accepted"));
        assert!(state.observation_tensor(bad, &mut obs).is_err(), "{}", at("bad player accepted by observation_tensor"));
    }
    let _ = state.render();
}

/// The cheap part of [`check_state`] (no strings, no observations), for every node of a
/// long playout.
pub fn check_light(state: &AnyState, what: &str) {
    if known_finding(state) {
        return;
    }
    let game = state.game();
    let list = legal(state);
    assert!(state.ply() <= game.max_game_length(), "{what}: ply above max_game_length");
    assert!(list.windows(2).all(|w| w[0] < w[1]), "{what}: legal actions not strictly ascending");
    assert!(list.iter().all(|&a| (a as usize) < state.mask_len()), "{what}: legal action beyond the mask");
    if !state.is_terminal() {
        assert!(
            !list.is_empty(),
            "{what}: no legal action at a non-terminal node of {} at ply {}\nserialized: {}",
            game.spec_string(),
            state.ply(),
            state.serialize()
        );
        assert!(state.returns().iter().all(|&r| r == 0.0), "{what}: non-zero returns before the end");
    }
}

/// Applies `action` (any id) and checks the answer: legal ids are applied, anything else is
/// rejected with the state unchanged.
pub fn apply_checked(state: &mut AnyState, action: i64) {
    let list = legal(state);
    let before = state.clone();
    let before_text = || before.serialize();
    let is_legal = action >= 0 && action <= u32::MAX as i64 && list.contains(&(action as u32));
    match state.apply_action(action) {
        Ok(()) => {
            assert!(is_legal, "illegal action {action} accepted at {}", before_text());
            assert_eq!(state.ply(), before.ply() + 1, "ply did not advance");
            assert_eq!(state.history().last().copied(), Some(action as u32), "history does not end with the action");
        }
        Err(e) => {
            assert!(!is_legal, "legal action {action} rejected ({e}) at {}", before_text());
            assert!(matches!(e, SalonError::IllegalAction { .. }), "action {action} rejected with {e:?}");
            assert!(state.same_as(&before), "a rejected action changed the state at {}", before_text());
            assert_eq!(state.serialize(), before_text(), "a rejected action changed the serialization");
        }
    }
}

/// Plays on to the end with legal actions chosen by `u` (then index 0) and random chance,
/// checking every node, and fails if the game outlives `max_game_length`.
pub fn play_out(state: &mut AnyState, u: &mut Unstructured<'_>, what: &str) {
    let max = state.game().max_game_length();
    let mut steps = 0usize;
    while !state.is_terminal() {
        if known_finding(state) {
            return;
        }
        if steps % 32 == 0 {
            check_state(state, what);
        } else {
            check_light(state, what);
        }
        assert!(steps <= max, "{what}: game still running after max_game_length = {max} actions");
        if state.is_chance_node() {
            state.apply_random_chance().unwrap_or_else(|e| panic!("{what}: apply_random_chance: {e}"));
        } else {
            let list = legal(state);
            let i = u.choose_index(list.len()).unwrap_or(0);
            state.apply_action(list[i] as i64).unwrap_or_else(|e| panic!("{what}: legal action rejected: {e}"));
        }
        steps += 1;
    }
    check_state(state, what);
}

/// True when `SALON_FUZZ_STRICT` is set: known findings are reported again.
pub fn strict() -> bool {
    static STRICT: OnceLock<bool> = OnceLock::new();
    *STRICT.get_or_init(|| std::env::var_os("SALON_FUZZ_STRICT").is_some())
}

/// Serializes and deserializes, expecting an equal state (chains of resamples of any
/// length included: crash-df3d73a6, fixed in commit e83d569).
pub fn check_round_trip(state: &AnyState) {
    let text = state.serialize();
    let back = state
        .game()
        .deserialize_state(&text)
        .unwrap_or_else(|e| panic!("serialize round trip failed: {e}\n{text}"));
    assert!(back.same_as(state), "deserialized state differs\n{text}");
    assert_eq!(back.serialize(), text, "re-serialization differs");
}

/// An arbitrary JSON value, small and biased to the edge cases of the readers.
pub fn arbitrary_value(u: &mut Unstructured<'_>, depth: usize) -> Result<Value> {
    Ok(match u.int_in_range(0..=13u8)? {
        0 => Value::Null,
        1 => Value::Bool(u.arbitrary()?),
        2 => Value::from(u.arbitrary::<i64>()?),
        3 => Value::from(u.arbitrary::<u64>()?),
        4 => Value::from(*pick(u, &[0i64, 1, -1, 2, 3, 4, 5, 6, 7, 255, 256, 65535, 1 << 31, i64::MAX, i64::MIN])?),
        5 => Value::from(*pick(u, &[0.5f64, -0.0, 1e308, -1e308, 1e-300, 3.0])?),
        6 => Value::from(u.arbitrary::<String>()?),
        7 => Value::from(*pick(u, &["", "A", "B", "salon-state/1", "<script>alert(1)</script>", "\u{0}", "é", "azul_sintra"])?),
        8 | 9 if depth < 4 => {
            let n = u.int_in_range(0..=4u8)?;
            Value::Array((0..n).map(|_| arbitrary_value(u, depth + 1)).collect::<Result<_>>()?)
        }
        10 | 11 if depth < 4 => {
            let n = u.int_in_range(0..=3u8)?;
            let mut map = serde_json::Map::new();
            for _ in 0..n {
                map.insert(u.arbitrary::<String>()?, arbitrary_value(u, depth + 1)?);
            }
            Value::Object(map)
        }
        _ => Value::from(u.int_in_range(-3i64..=40)?),
    })
}

/// One structural mutation somewhere in `value`: replace a node, delete an object key,
/// drop, duplicate or swap array elements, or nest the node deeply.
pub fn mutate_json(value: &mut Value, u: &mut Unstructured<'_>) -> Result<()> {
    // Walk down a random path.
    let mut node = value;
    loop {
        let descend = u.ratio(3u8, 4u8)?;
        let has_children = match node {
            Value::Array(a) => !a.is_empty(),
            Value::Object(m) => !m.is_empty(),
            _ => false,
        };
        if !descend || !has_children {
            break;
        }
        node = match node {
            Value::Array(a) => {
                let i = u.choose_index(a.len())?;
                &mut a[i]
            }
            Value::Object(m) => {
                let i = u.choose_index(m.len())?;
                let key = m.keys().nth(i).cloned().expect("index in range");
                m.get_mut(&key).expect("key present")
            }
            _ => unreachable!(),
        };
    }
    match u.int_in_range(0..=7u8)? {
        0 | 1 | 2 => *node = arbitrary_value(u, 0)?,
        3 => match node {
            Value::Object(m) if !m.is_empty() => {
                let i = u.choose_index(m.len())?;
                let key = m.keys().nth(i).cloned().expect("index in range");
                m.remove(&key);
            }
            Value::Array(a) if !a.is_empty() => {
                let i = u.choose_index(a.len())?;
                a.remove(i);
            }
            _ => *node = Value::Null,
        },
        4 => {
            if let Value::Array(a) = node {
                if !a.is_empty() {
                    let i = u.choose_index(a.len())?;
                    let copy = a[i].clone();
                    a.insert(i, copy);
                }
            }
        }
        5 => {
            if let Value::Array(a) = node {
                if a.len() > 1 {
                    let i = u.choose_index(a.len())?;
                    let j = u.choose_index(a.len())?;
                    a.swap(i, j);
                }
            }
        }
        6 => {
            // Numbers one step off (the typical off-by-one in a component file or record).
            if let Some(i) = node.as_i64() {
                let delta = *pick(u, &[-1i64, 1, -2, 2, 100])?;
                *node = Value::from(i.saturating_add(delta));
            } else if let Value::Array(a) = node {
                a.truncate(u.int_in_range(0..=a.len())?);
            }
        }
        _ => {
            let levels = u.int_in_range(1..=200u16)?;
            let mut v = std::mem::take(node);
            for _ in 0..levels {
                v = Value::Array(vec![v]);
            }
            *node = v;
        }
    }
    Ok(())
}

/// Byte-level edits of a text: overwrite, insert, delete or truncate at positions from `u`.
pub fn mutate_bytes(text: &str, u: &mut Unstructured<'_>) -> Result<String> {
    let mut bytes = text.as_bytes().to_vec();
    let edits = u.int_in_range(1..=4u8)?;
    for _ in 0..edits {
        if bytes.is_empty() {
            break;
        }
        let i = u.choose_index(bytes.len())?;
        match u.int_in_range(0..=3u8)? {
            0 => bytes[i] = u.arbitrary()?,
            1 => bytes.insert(i, u.arbitrary()?),
            2 => {
                bytes.remove(i);
            }
            _ => bytes.truncate(i),
        }
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// A state reached by `plies` checked random steps from a seeded start (chance from the
/// game's seed, decisions chosen by `u`).
pub fn random_state(game: &AnyGame, u: &mut Unstructured<'_>) -> Result<AnyState> {
    let seed: u64 = u.arbitrary()?;
    let plies = u.int_in_range(0..=400u16)?;
    let mut state = game.new_initial_state(seed);
    for _ in 0..plies {
        if state.is_terminal() {
            break;
        }
        if state.is_chance_node() {
            state.apply_random_chance().expect("random chance at a chance node");
        } else {
            let list = legal(&state);
            let i = u.choose_index(list.len()).unwrap_or(0);
            state.apply_action(list[i] as i64).expect("legal action");
        }
    }
    if u.ratio(1u8, 4u8)? && !state.is_terminal() {
        let p = u.choose_index(game.num_players())? as i64;
        state = state.resample_from_infostate(p, u.arbitrary()?).expect("resample for a valid player");
    }
    Ok(state)
}
