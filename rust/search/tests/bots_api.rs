//! The bot API on toy games: errors instead of panics, legality over whole games for every
//! bot and player count, determinism from the seed, reuse of a bot across decisions.

// The contract's toy games live with the contract, in salon-core's tests.
#[path = "../../core/tests/toy_games/mod.rs"]
mod bots_toys;

use std::time::Duration;

use bots_toys::{Bonus, Gamble, Kingmaker, Nim, NimState, Parity};
use salon_core::{ActionList, Actor, ChanceOutcomes, Game, SalonError, State, Xoshiro256StarStar};
use salon_search::bots::{choose_action, choose_action_with_stats, Bot, BotConfig, BotKind};

fn rng(seed: u64) -> Xoshiro256StarStar {
    Xoshiro256StarStar::seed_from_u64(seed)
}

fn configs() -> Vec<BotConfig> {
    vec![
        BotConfig::random(),
        BotConfig::greedy(),
        BotConfig::mcts(64),
    ]
}

/// Plays a whole game with `config` for every seat, checking each chosen action is legal;
/// returns the actions chosen.
fn play_checked<G: Game>(game: &G, config: &BotConfig, seed: u64) -> Vec<u32> {
    let mut r = rng(seed);
    let mut s = game.new_initial_state();
    let mut legal = ActionList::new();
    let mut outcomes = ChanceOutcomes::new();
    let mut chosen = Vec::new();
    for _ in 0..=game.max_game_length() {
        match s.actor(game) {
            Actor::Terminal => return chosen,
            Actor::Chance => {
                s.chance_outcomes(game, &mut outcomes);
                let a = outcomes.sample(&mut r).unwrap();
                s.apply_unchecked(game, a);
            }
            Actor::Player(_) => {
                legal.clear();
                s.legal_actions(game, &mut legal);
                let a = choose_action(game, &s, config, &mut r).unwrap();
                assert!(
                    legal.contains(a),
                    "{} chose illegal {a} in {s:?}",
                    config.kind.name()
                );
                s.apply_action(game, a).unwrap();
                chosen.push(a);
            }
        }
    }
    panic!("game longer than max_game_length");
}

#[test]
fn every_bot_plays_legal_whole_games_of_every_toy() {
    for config in configs() {
        for seed in 0..6 {
            for n in 2..=5 {
                play_checked(&Nim::with_players(n), &config, seed);
            }
            play_checked(&Kingmaker::default_game(), &config, seed);
            play_checked(&Gamble::default_game(), &config, seed);
            play_checked(&Bonus::default_game(), &config, seed);
            play_checked(&Parity::default_game(), &config, seed);
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_moves() {
    for config in configs() {
        for seed in 0..4 {
            for n in [2, 3, 5] {
                let g = Nim::with_players(n);
                assert_eq!(
                    play_checked(&g, &config, seed),
                    play_checked(&g, &config, seed)
                );
            }
            let g = Parity::default_game();
            assert_eq!(
                play_checked(&g, &config, seed),
                play_checked(&g, &config, seed)
            );
            let g = Bonus::default_game();
            assert_eq!(
                play_checked(&g, &config, seed),
                play_checked(&g, &config, seed)
            );
        }
    }
    // Same statistics too, not only the same move.
    let g = Nim::with_players(3);
    let s = NimState::with_pile(13);
    let a = choose_action_with_stats(&g, &s, &BotConfig::mcts(300), &mut rng(9)).unwrap();
    let b = choose_action_with_stats(&g, &s, &BotConfig::mcts(300), &mut rng(9)).unwrap();
    assert_eq!(a, b);
}

#[test]
fn different_seeds_can_give_different_random_moves() {
    let g = Nim::with_players(2);
    let s = NimState::with_pile(10);
    let moves: std::collections::BTreeSet<u32> = (0..40)
        .map(|seed| choose_action(&g, &s, &BotConfig::random(), &mut rng(seed)).unwrap())
        .collect();
    assert_eq!(moves.len(), 3);
}

#[test]
fn a_reused_bot_chooses_as_a_fresh_one() {
    let g = Nim::with_players(2);
    let mut bot = Bot::new(BotConfig::mcts(200));
    for pile in [9u8, 14, 5, 21, 7] {
        let s = NimState::with_pile(pile);
        let reused = bot.choose_action(&g, &s, &mut rng(pile as u64)).unwrap();
        let fresh = choose_action(&g, &s, &BotConfig::mcts(200), &mut rng(pile as u64)).unwrap();
        assert_eq!(reused, fresh);
        let stats = bot.last_stats().unwrap();
        assert_eq!(stats.simulations, 200);
        assert_eq!(stats.chosen, reused);
        assert_eq!(stats.root.iter().map(|r| r.visits).sum::<u32>(), 200);
    }
}

#[test]
fn a_forced_move_needs_no_search() {
    let g = Nim::with_players(2);
    let s = NimState::with_pile(1);
    let (a, stats) = choose_action_with_stats(&g, &s, &BotConfig::mcts(1000), &mut rng(1)).unwrap();
    assert_eq!(a, 0);
    assert_eq!(stats.unwrap().simulations, 0);
}

#[test]
fn terminal_and_chance_nodes_are_errors_not_panics() {
    let g = Nim::with_players(2);
    let mut s = NimState::with_pile(1);
    s.apply_action(&g, 0).unwrap();
    assert!(s.is_terminal(&g));
    let gamble = Gamble::default_game();
    let chance = gamble.new_initial_state();
    assert!(chance.is_chance_node(&gamble));
    for config in configs() {
        assert!(matches!(
            choose_action(&g, &s, &config, &mut rng(0)),
            Err(SalonError::WrongNode { .. })
        ));
        assert!(matches!(
            choose_action(&gamble, &chance, &config, &mut rng(0)),
            Err(SalonError::WrongNode { .. })
        ));
    }
}

#[test]
fn bad_configurations_are_errors() {
    let g = Nim::with_players(2);
    let s = NimState::with_pile(10);
    let bad = [
        BotConfig {
            simulations: 0,
            ..BotConfig::mcts(0)
        },
        BotConfig {
            exploration: f64::NAN,
            ..BotConfig::mcts(10)
        },
        BotConfig {
            exploration: -1.0,
            ..BotConfig::mcts(10)
        },
        BotConfig {
            exploration: f64::INFINITY,
            ..BotConfig::mcts(10)
        },
    ];
    for config in bad {
        assert!(matches!(
            choose_action(&g, &s, &config, &mut rng(0)),
            Err(SalonError::InvalidParameter { .. })
        ));
    }
    assert_eq!(BotKind::from_name(" MCTS ").unwrap(), BotKind::Mcts);
    assert!(BotKind::from_name("alphazero").is_err());
    for kind in [BotKind::Random, BotKind::Greedy, BotKind::Mcts] {
        assert_eq!(BotKind::from_name(kind.name()).unwrap(), kind);
    }
    assert_eq!(BotConfig::default().simulations, 1000);
}

#[test]
fn a_time_limit_replaces_the_simulation_budget() {
    let g = Nim::with_players(3);
    let s = NimState::with_pile(30);
    let config = BotConfig {
        time_limit: Some(Duration::from_millis(30)),
        simulations: 1,
        ..BotConfig::mcts(1)
    };
    let (a, stats) = choose_action_with_stats(&g, &s, &config, &mut rng(3)).unwrap();
    assert!(a < 3);
    assert!(stats.unwrap().simulations > 1);
    let zero = BotConfig {
        time_limit: Some(Duration::ZERO),
        simulations: 0,
        ..BotConfig::mcts(0)
    };
    let (_, stats) = choose_action_with_stats(&g, &s, &zero, &mut rng(3)).unwrap();
    assert_eq!(stats.unwrap().simulations, 1);
}

#[test]
fn capped_rollouts_still_choose_legal_moves() {
    let g = Nim::with_players(2);
    let s = NimState::with_pile(40);
    for cap in [0, 1, 5] {
        let config = BotConfig {
            max_rollout_moves: cap,
            ..BotConfig::mcts(100)
        };
        let a = choose_action(&g, &s, &config, &mut rng(cap as u64)).unwrap();
        assert!(a < 3);
    }
}
