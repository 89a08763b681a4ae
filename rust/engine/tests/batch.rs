//! `BatchEnv::reset_games` and `BatchEnv::final_outputs` (through `AnyBatch`) on every
//! registered game: a game reset from a seed is the game a seeded state reaches by drawing
//! its chance outcomes (so a batched episode replays one state at a time), the other rows
//! are left alone, bad arguments change nothing, and a finished game's final outputs are
//! its returns and its terminal observation.

use salon_core::{ActionList, Params};
use salon_engine::salon_search::batch::StepBuffers;
use salon_engine::{catalogue, AnyBatch, AnyGame, AnyState};

/// The output buffers of a batch, owned.
struct Outputs {
    observations: Vec<f32>,
    masks: Vec<bool>,
    players: Vec<i32>,
    rewards: Vec<f32>,
    terminated: Vec<bool>,
    episode_seeds: Vec<u64>,
}

impl Outputs {
    fn new(game: &AnyGame, n: usize) -> Self {
        Outputs {
            observations: vec![0.0; n * game.observation_tensor_size()],
            masks: vec![false; n * game.num_distinct_actions()],
            players: vec![0; n],
            rewards: vec![0.0; n * game.num_players()],
            terminated: vec![false; n],
            episode_seeds: vec![0; n],
        }
    }

    fn buffers(&mut self) -> StepBuffers<'_> {
        StepBuffers {
            observations: &mut self.observations,
            masks: &mut self.masks,
            players: &mut self.players,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            episode_seeds: &mut self.episode_seeds,
        }
    }

    fn row<T: Clone>(v: &[T], k: usize, width: usize) -> Vec<T> {
        v[k * width..(k + 1) * width].to_vec()
    }
}

fn default_games() -> Vec<AnyGame> {
    catalogue()
        .iter()
        .map(|e| AnyGame::load(e.name, &Params::new(), None).expect("default parameters"))
        .collect()
}

/// A seeded state with its opening chance nodes drawn, as a batch draws them.
fn first_decision(game: &AnyGame, seed: u64) -> AnyState {
    let mut s = game.new_initial_state(seed);
    while s.is_chance_node() {
        s.apply_random_chance().expect("chance");
    }
    s
}

#[test]
fn reset_games_starts_the_chosen_games_from_their_seeds_and_leaves_the_others() {
    for game in default_games() {
        let n = 5;
        let (obs, acts) = (game.observation_tensor_size(), game.num_distinct_actions());
        let mut batch = AnyBatch::new(&game, n, 11, false, 1).unwrap();
        let mut out = Outputs::new(&game, n);
        batch.reset(out.buffers()).unwrap();
        // Move every game on a few random steps, so that the rows differ from a fresh start.
        let mut rng = salon_core::Xoshiro256StarStar::seed_from_u64(3);
        let mut actions = vec![0i64; n];
        for _ in 0..6 {
            batch.random_actions(&mut rng, &mut actions).unwrap();
            batch.step(&actions, out.buffers()).unwrap();
        }
        let before_obs = out.observations.clone();
        let before_players = out.players.clone();
        let before_seeds = out.episode_seeds.clone();
        let which = [false, true, false, true, false];
        let seeds = [0, 777, 0, 1 << 60, 0];
        batch.reset_games(&which, &seeds, out.buffers()).unwrap();
        let mut legal = ActionList::new();
        let mut expected = vec![0.0f32; obs];
        for k in 0..n {
            if which[k] {
                let s = first_decision(&game, seeds[k]);
                let p = s.current_player();
                assert_eq!(out.players[k], p, "{} game {k}", game.name());
                assert_eq!(out.episode_seeds[k], seeds[k]);
                assert!(!out.terminated[k]);
                assert!(Outputs::row(&out.rewards, k, game.num_players())
                    .iter()
                    .all(|&r| r == 0.0));
                s.observation_tensor(p as i64, &mut expected).unwrap();
                assert_eq!(
                    Outputs::row(&out.observations, k, obs),
                    expected,
                    "{} game {k}: observation",
                    game.name()
                );
                s.legal_actions(&mut legal);
                let mask: Vec<usize> = (0..acts).filter(|&a| out.masks[k * acts + a]).collect();
                let want: Vec<usize> = legal.iter().map(|&a| a as usize).collect();
                assert_eq!(mask, want, "{} game {k}: mask", game.name());
            } else {
                assert_eq!(
                    Outputs::row(&out.observations, k, obs),
                    Outputs::row(&before_obs, k, obs)
                );
                assert_eq!(
                    (out.players[k], out.episode_seeds[k]),
                    (before_players[k], before_seeds[k])
                );
            }
        }
        // The reset games play on from there: stepping them is legal.
        batch.random_actions(&mut rng, &mut actions).unwrap();
        batch.step(&actions, out.buffers()).unwrap();
    }
}

#[test]
fn reset_games_with_wrong_lengths_changes_nothing() {
    let game = AnyGame::load("azul_sintra", &Params::new(), None).unwrap();
    let mut batch = AnyBatch::new(&game, 3, 5, true, 1).unwrap();
    let mut out = Outputs::new(&game, 3);
    batch.reset(out.buffers()).unwrap();
    let snapshot = (
        out.observations.clone(),
        out.players.clone(),
        out.episode_seeds.clone(),
    );
    assert!(batch
        .reset_games(&[true, true], &[1, 2, 3], out.buffers())
        .is_err());
    assert!(batch
        .reset_games(&[true, true, true], &[1, 2], out.buffers())
        .is_err());
    let mut short = Outputs::new(&game, 2);
    assert!(batch
        .reset_games(&[true, true, true], &[1, 2, 3], short.buffers())
        .is_err());
    assert_eq!(
        (
            out.observations.clone(),
            out.players.clone(),
            out.episode_seeds.clone()
        ),
        snapshot
    );
}

#[test]
fn final_outputs_are_the_returns_and_terminal_observation_of_a_finished_game() {
    for game in default_games() {
        let n = 2;
        let obs = game.observation_tensor_size();
        let mut batch = AnyBatch::new(&game, n, 21, false, 1).unwrap();
        let mut out = Outputs::new(&game, n);
        batch.reset(out.buffers()).unwrap();
        let mut observation = vec![0.0f32; obs];
        // Before the end: zero returns.
        let returns = batch.final_outputs(0, 0, &mut observation).unwrap();
        assert!(
            returns[..game.num_players()].iter().all(|&r| r == 0.0),
            "{}",
            game.name()
        );
        // Play both games to their end (no auto-reset: a finished game keeps its last state).
        let mut rng = salon_core::Xoshiro256StarStar::seed_from_u64(9);
        let mut actions = vec![0i64; n];
        let mut ended = [false; 2];
        let mut rewards_at_end = vec![vec![0.0f32; game.num_players()]; n];
        for _ in 0..=game.max_game_length() {
            if ended.iter().all(|&e| e) {
                break;
            }
            batch.random_actions(&mut rng, &mut actions).unwrap();
            batch.step(&actions, out.buffers()).unwrap();
            for k in 0..n {
                if out.terminated[k] && !ended[k] {
                    ended[k] = true;
                    rewards_at_end[k] = Outputs::row(&out.rewards, k, game.num_players());
                }
            }
        }
        assert!(
            ended.iter().all(|&e| e),
            "{}: games did not end",
            game.name()
        );
        for k in 0..n {
            let returns = batch.final_outputs(k, 1, &mut observation).unwrap();
            let shares = &returns[..game.num_players()];
            assert!(
                (shares.iter().sum::<f64>() - 1.0).abs() < 1e-9,
                "{}: {shares:?}",
                game.name()
            );
            for (r, &f) in shares.iter().zip(&rewards_at_end[k]) {
                assert!(
                    (*r as f32 - f).abs() < 1e-6,
                    "{} game {k}: returns {shares:?}, rewards {:?}",
                    game.name(),
                    rewards_at_end[k]
                );
            }
            assert!(
                observation.iter().all(|x| x.is_finite()) && observation.iter().any(|&x| x != 0.0)
            );
        }
        assert!(batch.final_outputs(n, 0, &mut observation).is_err());
        assert!(batch
            .final_outputs(0, game.num_players(), &mut observation)
            .is_err());
        assert!(batch.final_outputs(0, 0, &mut observation[1..]).is_err());
    }
}
