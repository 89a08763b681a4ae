//! The native bots on every registered game (iterating `salon_engine::catalogue()`, so a new
//! game is covered as soon as it is registered and has a line in `with_game` below):
//! legality and determinism of each bot, no peeking for hidden-information games, and a
//! small strength test. The full strength measurement is an ignored test:
//!
//! ```text
//! cargo test --release -p salon-engine --test bots -- --ignored --nocapture
//! ```
//! (`BOTS_GAMES=200 BOTS_SIMULATIONS=1000` by default; set them to measure other budgets,
//! and `BOTS_ONLY=azul_sintra` to measure one game.)

use salon_core::bots::{choose_action, BotConfig};
use salon_core::{Action, ActionList, Actor, ChanceOutcomes, Game, ParamValue, Params, State, Xoshiro256StarStar};
use salon_engine::{catalogue, AnyGame};

/// Something to run on a concrete game type.
trait Visit {
    fn visit<G: Game>(&mut self, game: &G);
}

/// Calls `v` with the concrete game inside `game`.
///
/// `salon_engine` has no public way to call a generic function on an `AnyGame` or
/// `AnyState` (its `each_game!` macro is crate-private), so this `match` lists the
/// variants: registering a game makes it fail to compile until the game gets its line.
fn with_game(game: &AnyGame, v: &mut impl Visit) {
    match game {
        AnyGame::AzulSintra(g) => v.visit(g.as_ref()),
        AnyGame::AtelierStudio(g) => v.visit(g.as_ref()),
        AnyGame::AtelierCanvas(g) => v.visit(g.as_ref()),
        AnyGame::ColorsOfParis(g) => v.visit(g.as_ref()),
    }
}

/// Every registered game with `players` seats (clamped to what it allows).
fn games(players: usize) -> Vec<AnyGame> {
    catalogue()
        .iter()
        .filter(|e| std::env::var("BOTS_ONLY").map_or(true, |only| only.split(',').any(|n| n == e.name)))
        .map(|e| {
            let n = players.clamp(e.min_players, e.max_players) as i64;
            let params = Params::new().with("players", ParamValue::Int(n));
            AnyGame::load(e.name, &params, None).unwrap_or_else(|err| panic!("{}: {err}", e.name))
        })
        .collect()
}

fn rng(seed: u64) -> Xoshiro256StarStar {
    Xoshiro256StarStar::seed_from_u64(seed)
}

/// Plays one game, seat `p` played by `seats[p % seats.len()]`; chance from `r`.
/// Checks every decision is legal; returns the final returns.
fn play<G: Game>(game: &G, seats: &[BotConfig], r: &mut Xoshiro256StarStar) -> Vec<f64> {
    let mut s = game.new_initial_state();
    let mut legal = ActionList::new();
    let mut outcomes = ChanceOutcomes::new();
    for _ in 0..=game.max_game_length() {
        match s.actor(game) {
            Actor::Terminal => return s.returns(game)[..game.num_players()].to_vec(),
            Actor::Chance => {
                outcomes.clear();
                s.chance_outcomes(game, &mut outcomes);
                let a = outcomes.sample(r).expect("chance node with outcomes");
                s.apply_unchecked(game, a);
            }
            Actor::Player(p) => {
                let config = &seats[p as usize % seats.len()];
                let a = choose_action(game, &s, config, r)
                    .unwrap_or_else(|e| panic!("{}: {} failed: {e}", G::info().name, config.kind.name()));
                legal.clear();
                s.legal_actions(game, &mut legal);
                assert!(legal.contains(a), "{}: {} chose illegal action {a}", G::info().name, config.kind.name());
                s.apply_action(game, a).unwrap();
            }
        }
    }
    panic!("{}: game longer than max_game_length", G::info().name);
}

/// Decision states met in one random game (every `step`-th decision).
fn decision_states<G: Game>(game: &G, seed: u64, step: usize) -> Vec<G::State> {
    let mut r = rng(seed);
    let mut s = game.new_initial_state();
    let mut out = Vec::new();
    let mut decisions = 0;
    let mut legal = ActionList::new();
    let mut outcomes = ChanceOutcomes::new();
    loop {
        match s.actor(game) {
            Actor::Terminal => return out,
            Actor::Chance => {
                outcomes.clear();
                s.chance_outcomes(game, &mut outcomes);
                let a = outcomes.sample(&mut r).expect("outcomes");
                s.apply_unchecked(game, a);
            }
            Actor::Player(_) => {
                if decisions % step == 0 {
                    out.push(s.clone());
                }
                decisions += 1;
                legal.clear();
                s.legal_actions(game, &mut legal);
                let a = legal[r.below(legal.len() as u64) as usize];
                s.apply_unchecked(game, a);
            }
        }
    }
}

fn bots() -> Vec<BotConfig> {
    vec![BotConfig::random(), BotConfig::greedy(), BotConfig::mcts(30)]
}

struct Legality;
impl Visit for Legality {
    fn visit<G: Game>(&mut self, game: &G) {
        let b = bots();
        // Every bot in every seat across the rotation.
        for seed in 0..2 {
            play(game, &b, &mut rng(seed));
            play(game, &[b[2].clone(), b[0].clone(), b[1].clone()], &mut rng(seed));
        }
    }
}

#[test]
fn every_bot_plays_legal_games_of_every_registered_game() {
    for players in [2, 3, 5] {
        for g in games(players) {
            with_game(&g, &mut Legality);
        }
    }
}

struct Determinism;
impl Visit for Determinism {
    fn visit<G: Game>(&mut self, game: &G) {
        let mut checked = 0;
        for s in decision_states(game, 11, 7) {
            for config in bots() {
                let a: Vec<Action> = (0..2).map(|_| choose_action(game, &s, &config, &mut rng(5)).unwrap()).collect();
                assert_eq!(a[0], a[1], "{}: {} is not deterministic", G::info().name, config.kind.name());
                checked += 1;
            }
        }
        assert!(checked > 0);
        // Errors, not panics, away from decision nodes.
        let first = game.new_initial_state();
        if first.actor(game) == Actor::Chance {
            assert!(choose_action(game, &first, &BotConfig::mcts(10), &mut rng(0)).is_err());
        }
    }
}

#[test]
fn every_bot_is_deterministic_on_every_registered_game() {
    for g in games(2) {
        with_game(&g, &mut Determinism);
    }
}

struct NoPeeking;
impl Visit for NoPeeking {
    fn visit<G: Game>(&mut self, game: &G) {
        if G::info().perfect_information {
            return;
        }
        let name = G::info().name;
        for (k, s) in decision_states(game, 21, 5).into_iter().enumerate() {
            let mover = s.actor(game).player().expect("decision state");
            // Another state the mover cannot tell from `s`: the same information state, the
            // hidden cards redrawn.
            let Some(other) = s.resample_from_infostate(game, mover, &mut rng(1000 + k as u64)) else {
                panic!("{name}: resample_from_infostate gave None");
            };
            for config in [BotConfig::greedy(), BotConfig::mcts(50), BotConfig::random()] {
                let a = choose_action(game, &s, &config, &mut rng(k as u64)).unwrap();
                let b = choose_action(game, &other, &config, &mut rng(k as u64)).unwrap();
                assert_eq!(
                    a,
                    b,
                    "{name}: {} chose differently in two states that differ only in what player {mover} \
                     cannot see (this also needs resample_from_infostate to depend only on the \
                     player's information and the generator)",
                    config.kind.name()
                );
            }
        }
    }
}

#[test]
fn no_bot_peeks_at_hidden_information() {
    for g in games(2) {
        with_game(&g, &mut NoPeeking);
    }
}

/// Plays `games` seat-rotated two-player games of `a` against `b`; returns a's total share.
fn match_up<G: Game>(game: &G, a: &BotConfig, b: &BotConfig, games: u64, seed: u64) -> f64 {
    let mut total = 0.0;
    for k in 0..games {
        let mut r = rng(seed.wrapping_mul(1_000_003).wrapping_add(k));
        let a_seat = (k % 2) as usize;
        let seats = if a_seat == 0 { [a.clone(), b.clone()] } else { [b.clone(), a.clone()] };
        total += play(game, &seats, &mut r)[a_seat];
    }
    total
}

struct SmallStrength;
impl Visit for SmallStrength {
    fn visit<G: Game>(&mut self, game: &G) {
        let wins = match_up(game, &BotConfig::mcts(200), &BotConfig::random(), 10, 1);
        assert!(wins >= 8.0, "{}: MCTS(200) won only {wins} of 10 games against random", G::info().name);
    }
}

#[test]
fn mcts_200_beats_random_in_8_of_10_games() {
    for g in games(2) {
        with_game(&g, &mut SmallStrength);
    }
}

struct Measure {
    games: u64,
    simulations: u32,
}
impl Visit for Measure {
    fn visit<G: Game>(&mut self, game: &G) {
        let mcts = BotConfig::mcts(self.simulations);
        for (name, other) in [("random", BotConfig::random()), ("greedy", BotConfig::greedy())] {
            let start = std::time::Instant::now();
            let wins = match_up(game, &mcts, &other, self.games, 7);
            println!(
                "| {} | MCTS({}) vs {name} | {} | {:.1}% | {:.0} s |",
                G::info().name,
                self.simulations,
                self.games,
                100.0 * wins / self.games as f64,
                start.elapsed().as_secs_f64()
            );
        }
    }
}

#[test]
#[ignore = "strength measurement (minutes in release): run with --release -- --ignored --nocapture"]
fn measure_mcts_strength() {
    let env = |k: &str, d: u64| std::env::var(k).ok().and_then(|v| v.parse().ok()).unwrap_or(d);
    let mut m = Measure { games: env("BOTS_GAMES", 200), simulations: env("BOTS_SIMULATIONS", 1000) as u32 };
    println!("| game | match-up | games (seat-rotated, 2 players) | MCTS win share | time |");
    println!("|---|---|---|---|---|");
    for g in games(2) {
        with_game(&g, &mut m);
    }
}

struct ResampleDiag;
impl Visit for ResampleDiag {
    fn visit<G: Game>(&mut self, game: &G) {
        if G::info().perfect_information {
            return;
        }
        let mut same = 0;
        let mut total = 0;
        for (k, s) in decision_states(game, 21, 5).into_iter().enumerate() {
            let mover = s.actor(game).player().unwrap();
            let other = s.resample_from_infostate(game, mover, &mut rng(1000 + k as u64)).unwrap();
            let a = s.resample_from_infostate(game, mover, &mut rng(7));
            let b = other.resample_from_infostate(game, mover, &mut rng(7));
            total += 1;
            if a == b {
                same += 1;
            }
        }
        println!("{}: {same}/{total} resamples equal", G::info().name);
    }
}

#[test]
#[ignore]
fn diag_resample() {
    for g in games(2) {
        with_game(&g, &mut ResampleDiag);
    }
}
