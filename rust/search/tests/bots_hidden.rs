//! Hidden information: the toy games keep the contract (so the tests below mean something),
//! a bot never uses what its player may not see, and IS-MCTS plays the information set.

// The contract's toy games live with the contract, in salon-core's tests.
#[path = "../../core/tests/toy_games/mod.rs"]
mod bots_toys;

use bots_toys::{Gamble, Parity, ParityState, PARITY_CARDS};
use salon_core::conformance::check_game;
use salon_core::{State, Xoshiro256StarStar};
use salon_search::bots::{choose_action, BotConfig};

fn rng(seed: u64) -> Xoshiro256StarStar {
    Xoshiro256StarStar::seed_from_u64(seed)
}

#[test]
fn toy_games_with_chance_pass_the_conformance_checks() {
    check_game(&Parity::default_game(), 40, 1, |_, _| Ok(()));
    check_game(&Gamble::default_game(), 40, 1, |_, _| Ok(()));
}

fn configs() -> Vec<BotConfig> {
    vec![
        BotConfig::random(),
        BotConfig::greedy(),
        BotConfig::mcts(200),
    ]
}

#[test]
fn no_peeking_at_the_opponents_card_when_guessing_first() {
    let g = Parity::default_game();
    for own in 0..PARITY_CARDS {
        let others: Vec<u8> = (0..PARITY_CARDS).filter(|&c| c != own).collect();
        for config in configs() {
            for seed in 0..8 {
                let moves: Vec<u32> = others
                    .iter()
                    .map(|&hidden| {
                        choose_action(
                            &g,
                            &ParityState::dealt(own, hidden),
                            &config,
                            &mut rng(seed),
                        )
                        .unwrap()
                    })
                    .collect();
                assert!(
                    moves.iter().all(|&m| m == moves[0]),
                    "{} with card {own}, seed {seed}: moves {moves:?} depend on the hidden card",
                    config.kind.name()
                );
            }
        }
    }
}

#[test]
fn no_peeking_when_guessing_second() {
    let g = Parity::default_game();
    for own in 0..PARITY_CARDS {
        for guess0 in 0..2u32 {
            for config in configs() {
                for seed in 0..4 {
                    let mut moves = Vec::new();
                    for hidden in (0..PARITY_CARDS).filter(|&c| c != own) {
                        let mut s = ParityState::dealt(hidden, own);
                        s.apply_action(&g, guess0).unwrap();
                        moves.push(choose_action(&g, &s, &config, &mut rng(seed)).unwrap());
                    }
                    assert!(
                        moves.iter().all(|&m| m == moves[0]),
                        "{}: {moves:?}",
                        config.kind.name()
                    );
                }
            }
        }
    }
}

#[test]
fn is_mcts_plays_the_information_set() {
    // Holding an even card, 3 of the 5 other cards are odd: guess odd (1), and the reverse.
    let g = Parity::default_game();
    for own in 0..PARITY_CARDS {
        let hidden = (own + 1) % PARITY_CARDS;
        for seed in 0..3 {
            let a = choose_action(
                &g,
                &ParityState::dealt(own, hidden),
                &BotConfig::mcts(2000),
                &mut rng(seed),
            )
            .unwrap();
            assert_eq!(a, 1 - (own % 2) as u32, "card {own} seed {seed}");
        }
    }
}

#[test]
fn the_second_guesser_uses_the_public_score() {
    // Player 0's guess is scored at once, which tells player 1 nothing about player 0's
    // card, but player 1 still reasons from its own card: holding an odd card, player 0's
    // card is even with probability 3/5.
    let g = Parity::default_game();
    for own in 0..PARITY_CARDS {
        let mut s = ParityState::dealt((own + 1) % PARITY_CARDS, own);
        s.apply_action(&g, 0).unwrap();
        let a = choose_action(&g, &s, &BotConfig::mcts(2000), &mut rng(own as u64)).unwrap();
        assert_eq!(a, 1 - (own % 2) as u32, "card {own}");
    }
}
