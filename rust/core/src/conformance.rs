//! The conformance checks every game must pass, in the manner of OpenSpiel's random
//! simulation tests. Each game crate calls [`check_game`] from its tests for every
//! parameter set; the Python test suite runs the same checks through the bindings.
//!
//! The functions panic with a message naming the game, seed, ply and check that failed.

use std::collections::HashSet;
use std::sync::Arc;

use crate::action::{Action, ActionList};
use crate::actor::Actor;
use crate::chance::ChanceOutcomes;
use crate::game::{Game, State};
use crate::rng::Xoshiro256StarStar;
use crate::tracked::TrackedState;

/// Plays `games` random games (seeds `first_seed..`) and checks the contract at every node.
/// `invariant` is called on every state reached and returns an error text when a
/// game-specific invariant (such as conservation of pieces) is broken.
pub fn check_game<G: Game>(
    game: &G,
    games: u64,
    first_seed: u64,
    invariant: impl Fn(&G, &G::State) -> Result<(), String>,
) {
    let game = Arc::new(game.clone());
    assert!(
        game.num_distinct_actions() <= crate::action::MAX_LEGAL_ACTIONS,
        "num_distinct_actions above MAX_LEGAL_ACTIONS"
    );
    assert!(
        game.max_chance_outcomes() <= crate::chance::MAX_CHANCE_OUTCOMES,
        "max_chance_outcomes above MAX_CHANCE_OUTCOMES"
    );
    assert!(
        game.observation_tensor_size() > 0,
        "empty observation tensor"
    );
    // `components().json` is what users save and edit as their own component file, so it
    // must be in the file schema and load back to the same set.
    let reloaded = G::new(game.params(), Some(&game.components().json)).unwrap_or_else(|e| {
        panic!(
            "{}: components().json does not load back as a component file ({e}); build ComponentInfo \
             from the same serde struct that parses the file",
            G::info().name
        )
    });
    assert_eq!(
        reloaded.components().hash,
        game.components().hash,
        "reloaded component file has another hash"
    );
    for seed in first_seed..first_seed + games {
        check_one_game(&game, seed, &invariant);
    }
    check_determinism(&game, first_seed);
}

/// A table names its component set as the set says (issue 15 point 8): the built-in set as
/// "substitute components (not the publisher's)", a user's set marked `"substitute": false`
/// by its own name, and then no text or picture calls it substitute. For games that load
/// component files (the toy games of the tests do not).
pub fn check_component_labels<G: Game>(game: &G) {
    let name = G::info().name;
    let own = game.new_initial_state().render_svg(game, None);
    if game.components().substitute {
        assert!(
            own.contains("substitute components (not the publisher&#39;s)"),
            "{name}: the picture of the built-in set does not say it is a substitute"
        );
    }
    let mut file: serde_json::Value = serde_json::from_str(&game.components().json)
        .unwrap_or_else(|e| panic!("{name}: components().json is not JSON ({e})"));
    file["name"] = "my printed copy".into();
    file["substitute"] = false.into();
    let printed = G::new(game.params(), Some(&file.to_string())).unwrap_or_else(|e| {
        panic!("{name}: a component file marked substitute=false does not load ({e})")
    });
    let state = printed.new_initial_state();
    let svg = state.render_svg(&printed, None);
    for text in [
        G::info().long_name.to_string(),
        state.render(&printed),
        svg.clone(),
    ] {
        assert!(
            !text.to_lowercase().contains("substitute"),
            "{name}: a set not marked substitute is called substitute in:\n{text}"
        );
    }
    assert!(
        svg.contains("components: my printed copy"),
        "{name}: the picture does not name the user's component set"
    );
}

fn check_one_game<G: Game>(
    game: &Arc<G>,
    seed: u64,
    invariant: &impl Fn(&G, &G::State) -> Result<(), String>,
) {
    let name = G::info().name;
    let mut tracked = TrackedState::new(game.clone(), seed);
    let mut rng = Xoshiro256StarStar::seed_from_u64(seed ^ 0xC0FFEE);
    let mut legal = ActionList::new();
    let mut outcomes = ChanceOutcomes::new();
    let obs_size = game.observation_tensor_size();
    let mut obs = vec![0.0f32; obs_size];
    let mut obs2 = vec![0.0f32; obs_size];
    let n = game.num_players();
    loop {
        let ply = tracked.ply();
        let at = |check: &str| format!("{name} {} seed {seed} ply {ply}: {check}", game.params());
        assert!(
            ply <= game.max_game_length(),
            "{}",
            at("game longer than max_game_length")
        );
        if let Err(e) = invariant(game, tracked.state()) {
            panic!(
                "{}\n{}",
                at(&format!("invariant broken: {e}")),
                tracked.state().render(game)
            );
        }
        let copy = tracked.clone();
        assert!(copy == tracked, "{}", at("clone differs"));
        assert_eq!(
            copy.state().render(game),
            tracked.state().render(game),
            "{}",
            at("clone renders differently")
        );

        for p in 0..n {
            tracked.observation_tensor(p as i64, &mut obs).unwrap();
            assert!(
                obs.iter().all(|x| x.is_finite()),
                "{}",
                at("observation tensor not finite")
            );
            let _ = tracked.observation_string(p as i64).unwrap();
            let _ = tracked.information_state_string(p as i64).unwrap();
        }
        assert!(
            tracked.observation_string(n as i64).is_err(),
            "{}",
            at("out-of-range player accepted")
        );

        if ply < 8 || ply.is_power_of_two() || ply % 97 == 0 {
            let text = tracked.serialize();
            let back = TrackedState::deserialize(game.clone(), &text)
                .unwrap_or_else(|e| panic!("{}", at(&format!("serialize round trip failed: {e}"))));
            assert!(back == tracked, "{}", at("deserialized state differs"));
            for p in 0..n {
                let resampled = tracked
                    .resample_from_infostate(
                        p as i64,
                        seed.wrapping_mul(31).wrapping_add(ply as u64),
                    )
                    .unwrap();
                assert_eq!(
                    resampled.current_player(),
                    tracked.current_player(),
                    "{}",
                    at("resample changed the player to move")
                );
                assert_eq!(
                    resampled.information_state_string(p as i64).unwrap(),
                    tracked.information_state_string(p as i64).unwrap(),
                    "{}",
                    at(&format!("resample changed player {p}'s information state"))
                );
                resampled.observation_tensor(p as i64, &mut obs2).unwrap();
                tracked.observation_tensor(p as i64, &mut obs).unwrap();
                assert!(
                    obs == obs2,
                    "{}",
                    at(&format!("resample changed player {p}'s observation"))
                );
                if let Err(e) = invariant(game, resampled.state()) {
                    panic!(
                        "{}",
                        at(&format!("resampled state breaks an invariant: {e}"))
                    );
                }
                let text = resampled.serialize();
                let back = TrackedState::deserialize(game.clone(), &text).unwrap_or_else(|e| {
                    panic!(
                        "{}",
                        at(&format!("resampled serialize round trip failed: {e}"))
                    )
                });
                assert!(
                    back == resampled,
                    "{}",
                    at("deserialized resampled state differs")
                );
            }
        }

        match tracked.actor() {
            Actor::Terminal => {
                tracked.legal_actions(&mut legal);
                assert!(
                    legal.is_empty(),
                    "{}",
                    at("legal actions at a terminal state")
                );
                let r = tracked.returns();
                let sum: f64 = r.iter().sum();
                assert!(
                    (sum - 1.0).abs() < 1e-9,
                    "{}",
                    at(&format!("returns sum to {sum}"))
                );
                assert!(
                    r.iter().all(|&x| (0.0..=1.0).contains(&x)),
                    "{}",
                    at("returns outside [0, 1]")
                );
                assert!(
                    tracked.apply_action(0).is_err(),
                    "{}",
                    at("action accepted after the end")
                );
                return;
            }
            Actor::Chance => {
                tracked.chance_outcomes(&mut outcomes);
                assert!(
                    !outcomes.is_empty(),
                    "{}",
                    at("chance node without outcomes")
                );
                let acts = outcomes.actions();
                assert!(
                    acts.windows(2).all(|w| w[0] < w[1]),
                    "{}",
                    at("chance outcomes not strictly ascending")
                );
                assert!(
                    acts.iter()
                        .all(|&a| (a as usize) < game.max_chance_outcomes()),
                    "{}",
                    at("chance outcome id out of range")
                );
                let total: f64 = outcomes.probabilities().map(|(_, p)| p).sum();
                assert!(
                    (total - 1.0).abs() < 1e-9,
                    "{}",
                    at("chance probabilities do not sum to 1")
                );
                check_strings(game, &tracked, acts, &at);
                check_rejects_illegal(&mut tracked, acts, game.max_chance_outcomes(), &at);
                assert!(
                    tracked.returns().iter().all(|&x| x == 0.0),
                    "{}",
                    at("non-zero returns before the end")
                );
                tracked.apply_random_chance().unwrap();
            }
            Actor::Player(p) => {
                assert!((p as usize) < n, "{}", at("player index out of range"));
                tracked.legal_actions(&mut legal);
                assert!(
                    !legal.is_empty(),
                    "{}",
                    at("no legal action for the player to move")
                );
                assert!(
                    legal.windows(2).all(|w| w[0] < w[1]),
                    "{}",
                    at("legal actions not strictly ascending")
                );
                assert!(
                    legal
                        .iter()
                        .all(|&a| (a as usize) < game.num_distinct_actions()),
                    "{}",
                    at("legal action id out of range")
                );
                check_strings(game, &tracked, &legal, &at);
                check_rejects_illegal(&mut tracked, &legal, game.num_distinct_actions(), &at);
                assert!(
                    tracked.returns().iter().all(|&x| x == 0.0),
                    "{}",
                    at("non-zero returns before the end")
                );
                let a = legal[rng.below(legal.len() as u64) as usize];
                tracked.apply_action(a).unwrap_or_else(|e| {
                    panic!("{}", at(&format!("legal action {a} rejected: {e}")))
                });
                if rng.below(16) == 0 {
                    let before = tracked.clone();
                    let undone = tracked.pop().unwrap();
                    assert_eq!(undone, a, "{}", at("pop returned another action"));
                    assert!(tracked == copy, "{}", at("pop did not restore the state"));
                    tracked.apply_action(a).unwrap();
                    assert!(tracked == before, "{}", at("re-applying after pop differs"));
                }
            }
        }
    }
}

fn check_strings<G: Game>(
    game: &Arc<G>,
    tracked: &TrackedState<G>,
    actions: &[Action],
    at: &impl Fn(&str) -> String,
) {
    let mut seen = HashSet::new();
    for &a in actions {
        let s = tracked.action_to_string(a as i64).unwrap();
        assert!(
            !s.trim().is_empty(),
            "{}",
            at(&format!("empty string for action {a}"))
        );
        assert!(
            seen.insert(s.clone()),
            "{}",
            at(&format!("action string {s:?} not unique"))
        );
        let back = tracked.string_to_action(&s).unwrap_or_else(|e| {
            panic!("{}", at(&format!("string {s:?} does not parse back: {e}")))
        });
        assert_eq!(
            back,
            a,
            "{}",
            at(&format!("string {s:?} parses to another action"))
        );
    }
    let _ = game;
}

fn check_rejects_illegal<G: Game>(
    tracked: &mut TrackedState<G>,
    legal: &[Action],
    limit: usize,
    at: &impl Fn(&str) -> String,
) {
    let before = tracked.clone();
    let illegal = (0..limit as Action).find(|a| !legal.contains(a));
    if let Some(a) = illegal {
        assert!(
            tracked.apply_action(a).is_err(),
            "{}",
            at(&format!("illegal action {a} accepted"))
        );
        assert!(
            *tracked == before,
            "{}",
            at("a rejected action changed the state")
        );
    }
    assert!(
        tracked.apply_action_id(-1).is_err(),
        "{}",
        at("negative action accepted")
    );
    assert!(
        tracked.apply_action_id(1 << 40).is_err(),
        "{}",
        at("huge action accepted")
    );
    assert!(
        *tracked == before,
        "{}",
        at("a rejected action changed the state")
    );
}

fn check_determinism<G: Game>(game: &Arc<G>, seed: u64) {
    let play = |s: u64| {
        let mut t = TrackedState::new(game.clone(), s);
        let mut rng = Xoshiro256StarStar::seed_from_u64(1);
        t.play_random(&mut rng);
        t.history()
    };
    assert_eq!(
        play(seed),
        play(seed),
        "{}: the same seed gave different games",
        G::info().name
    );
    let distinct: HashSet<Vec<Action>> = (0..4).map(|k| play(seed + 1000 + k)).collect();
    assert!(
        distinct.len() > 1,
        "{}: different seeds gave the same game",
        G::info().name
    );
}

/// A digest of everything a game shows along `games` random playouts from `first_seed`: at
/// every node the actor, the legal ids with their texts, every seat's observation (text,
/// tensor, information state, position view), the whole position, the text and SVG pictures,
/// scores and returns. Two builds of a game that print the same digest behave the same on those
/// playouts: a refactoring that means to change nothing compares its digest before and after.
/// (`action_to_string_for` is left out: it is the one text a game may still refine.)
pub fn behaviour_digest<G: Game>(game: &G, games: u64, first_seed: u64) -> String {
    struct Fnv(u64);
    impl Fnv {
        fn eat(&mut self, bytes: &[u8]) {
            for &b in bytes {
                self.0 ^= u64::from(b);
                self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
            }
            self.0 ^= 0xff;
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
        fn text(&mut self, s: &str) {
            self.eat(s.as_bytes());
        }
    }
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    let n = game.num_players();
    let mut tensor = vec![0f32; game.observation_tensor_size()];
    let mut nodes = 0u64;
    for seed in first_seed..first_seed + games {
        let mut rng = Xoshiro256StarStar::seed_from_u64(seed);
        let mut state = game.new_initial_state();
        loop {
            nodes += 1;
            h.text(&format!("{:?}", state.actor(game)));
            h.text(&state.render(game));
            h.text(&state.render_svg(game, None));
            h.text(&format!("{:?}", state.position_json(game)));
            for p in 0..n {
                h.text(&state.observation_string(game, p));
                tensor.iter_mut().for_each(|x| *x = 0.0);
                state.observation_tensor(game, p, &mut tensor);
                for x in &tensor {
                    h.eat(&x.to_bits().to_le_bytes());
                }
                h.text(&format!("{:?}", state.information_state_string(game, p)));
                h.text(&format!("{:?}", state.observation_json(game, p)));
                h.text(&state.render_svg(game, Some(p)));
            }
            h.text(&format!(
                "{:?} {:?}",
                state.scores(game),
                state.returns(game)
            ));
            if state.is_terminal(game) {
                break;
            }
            let chosen = if state.is_chance_node(game) {
                let mut outcomes = ChanceOutcomes::new();
                state.chance_outcomes(game, &mut outcomes);
                let mut pick = rng.below(outcomes.total_weight());
                let mut chosen = None;
                for (&a, &w) in outcomes.actions().iter().zip(outcomes.weights()) {
                    h.text(&format!("{a}:{w}:{}", state.action_to_string(game, a)));
                    if chosen.is_none() {
                        if pick < u64::from(w) {
                            chosen = Some(a);
                        } else {
                            pick -= u64::from(w);
                        }
                    }
                }
                chosen
            } else {
                let mut legal = ActionList::new();
                state.legal_actions(game, &mut legal);
                for &a in legal.iter() {
                    let text = state.action_to_string(game, a);
                    h.text(&format!("{a}:{text}:{:?}", game.move_fields(a)));
                }
                legal.get(rng.below(legal.len() as u64) as usize).copied()
            };
            let Some(action) = chosen else { break };
            state.apply_unchecked(game, action);
        }
    }
    format!("{:016x} over {nodes} nodes", h.0)
}

/// Checks along `games` random playouts that no move's text, as each player may read it
/// ([`State::action_to_string_for`]), names a value hidden from that player right after the
/// move: a text of the whole position standing where that player's view of it
/// ([`State::observation_json`]) has `null`, and seen nowhere in that view. A decision reads
/// whole to the player who makes it. Panics with the game, seed, move and text otherwise.
pub fn check_hidden_action_texts<G: Game>(game: &G, games: u64, first_seed: u64) {
    let n = game.num_players();
    for seed in first_seed..first_seed + games {
        let mut rng = Xoshiro256StarStar::seed_from_u64(seed);
        let mut state = game.new_initial_state();
        let mut legal = ActionList::new();
        let mut outcomes = ChanceOutcomes::new();
        while !state.is_terminal(game) {
            let action = if state.is_chance_node(game) {
                state.chance_outcomes(game, &mut outcomes);
                outcomes.sample(&mut rng)
            } else {
                state.legal_actions(game, &mut legal);
                legal.get(rng.below(legal.len() as u64) as usize).copied()
            };
            let Some(action) = action else { break };
            let mut after = state.clone();
            after.apply_unchecked(game, action);
            let whole = state.action_to_string(game, action);
            if let Actor::Player(mover) = state.actor(game) {
                let own = state.action_to_string_for(game, usize::from(mover), action);
                assert_eq!(
                    own, whole,
                    "{} seed {seed}: the mover, player {mover}, reads {own:?} for its own move {whole:?}",
                    G::info().name
                );
            }
            for p in 0..n {
                let hidden = hidden_texts(game, &after, p);
                let text = state.action_to_string_for(game, p, action);
                if let Some(name) = hidden.iter().find(|v| names_word(&text, v)) {
                    panic!(
                        "{} seed {seed}: player {p} reads {text:?} for the move {whole:?}, which names \
                         {name:?}, hidden from player {p} after the move",
                        G::info().name
                    );
                }
            }
            state = after;
        }
    }
}

/// The texts of the position that `player`'s view leaves `null` and shows nowhere else.
fn hidden_texts<G: Game>(game: &G, state: &G::State, player: usize) -> Vec<String> {
    use serde_json::Value;
    fn all_texts(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::String(s) => out.push(s.clone()),
            Value::Array(items) => items.iter().for_each(|x| all_texts(x, out)),
            Value::Object(map) => map.values().for_each(|x| all_texts(x, out)),
            _ => {}
        }
    }
    fn under_nulls(whole: &Value, view: &Value, out: &mut Vec<String>) {
        match (whole, view) {
            (_, Value::Null) => all_texts(whole, out),
            (Value::Array(a), Value::Array(b)) => {
                a.iter().zip(b).for_each(|(x, y)| under_nulls(x, y, out))
            }
            (Value::Object(a), Value::Object(b)) => {
                for (k, x) in a {
                    match b.get(k) {
                        Some(y) => under_nulls(x, y, out),
                        None => all_texts(x, out),
                    }
                }
            }
            _ => {}
        }
    }
    let (Ok(whole), Ok(view)) = (
        state.position_json(game),
        state.observation_json(game, player),
    ) else {
        return Vec::new();
    };
    let (Ok(whole), Ok(view)) = (
        serde_json::from_str::<Value>(&whole),
        serde_json::from_str::<Value>(&view),
    ) else {
        return Vec::new();
    };
    let mut hidden = Vec::new();
    under_nulls(&whole, &view, &mut hidden);
    let mut seen = Vec::new();
    all_texts(&view, &mut seen);
    hidden.retain(|h| !h.is_empty() && !seen.contains(h));
    hidden.sort();
    hidden.dedup();
    hidden
}

/// Whether `text` holds `word` as a whole word ("The Muse" is not in "The Museum").
fn names_word(text: &str, word: &str) -> bool {
    let is_word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    text.match_indices(word).any(|(at, _)| {
        !is_word(text[..at].chars().next_back()) && !is_word(text[at + word.len()..].chars().next())
    })
}
