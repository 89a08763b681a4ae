//! What the bots find: MCTS finds known winning moves, uses max^n with three players and
//! handles chance nodes; greedy follows the mover's whole turn and prefers wins.

// The contract's toy games live with the contract, in salon-core's tests.
#[path = "../../core/tests/toy_games/mod.rs"]
mod bots_toys;

use bots_toys::{Bonus, BonusState, Gamble, GambleState, Kingmaker, KingmakerState, Nim, NimState};
use salon_core::{Game, State, Xoshiro256StarStar};
use salon_search::bots::{choose_action, choose_action_with_stats, BotConfig};

fn rng(seed: u64) -> Xoshiro256StarStar {
    Xoshiro256StarStar::seed_from_u64(seed)
}

#[test]
fn mcts_finds_the_winning_nim_move() {
    let g = Nim::with_players(2);
    for pile in [5u8, 6, 7, 9, 10, 11] {
        let winning = (pile % 4 - 1) as u32;
        for seed in 0..3 {
            let a = choose_action(
                &g,
                &NimState::with_pile(pile),
                &BotConfig::mcts(2000),
                &mut rng(seed),
            )
            .unwrap();
            assert_eq!(a, winning, "pile {pile} seed {seed}");
        }
    }
}

#[test]
fn mcts_takes_the_last_stones() {
    let g = Nim::with_players(4);
    for pile in 1u8..=3 {
        let a = choose_action(
            &g,
            &NimState::with_pile(pile),
            &BotConfig::mcts(100),
            &mut rng(1),
        )
        .unwrap();
        assert_eq!(a, (pile - 1) as u32);
    }
}

#[test]
fn mcts_backs_up_max_n_with_three_players() {
    let g = Kingmaker::default_game();
    let root = g.new_initial_state();
    for seed in 0..5 {
        let (a, stats) =
            choose_action_with_stats(&g, &root, &BotConfig::mcts(3000), &mut rng(seed)).unwrap();
        let stats = stats.unwrap();
        assert_eq!(a, 1, "seed {seed}: {stats:?}");
        // B is worth about 1/2 to player 0 once player 1 answers for itself.
        let b = stats.root.iter().find(|r| r.action == 1).unwrap();
        assert!(b.mean_return > 0.4, "{stats:?}");
    }
    // Player 1 answers A with 0 (its own win), not with what would hurt player 0 most.
    let mut after_a = KingmakerState {
        moves: [0; 3],
        ply: 0,
    };
    after_a.apply_action(&g, 0).unwrap();
    assert_eq!(
        choose_action(&g, &after_a, &BotConfig::mcts(500), &mut rng(2)).unwrap(),
        0
    );
}

#[test]
fn flat_random_evaluation_would_choose_the_other_kingmaker_move() {
    // Sanity check of the toy: with one simulation per move and no tree, A looks better.
    let g = Kingmaker::default_game();
    let mut totals = [0.0; 2];
    let mut r = rng(5);
    for a in 0..2u32 {
        for _ in 0..4000 {
            let mut s = g.new_initial_state();
            s.apply_unchecked(&g, a);
            salon_core::playout::random_playout(&g, &mut s, &mut r);
            totals[a as usize] += s.returns(&g)[0];
        }
    }
    assert!(totals[0] > totals[1] * 1.5, "{totals:?}");
}

#[test]
fn mcts_weighs_chance_outcomes() {
    let g = Gamble::default_game();
    for starter in 0..2u8 {
        let s = GambleState {
            stage: 1,
            starter,
            choice: 0,
            won: false,
        };
        for seed in 0..4 {
            let a = choose_action(&g, &s, &BotConfig::mcts(1000), &mut rng(seed)).unwrap();
            assert_eq!(a, 1, "starter {starter} seed {seed}");
        }
    }
}

#[test]
fn mcts_beats_random_at_nim() {
    let g = Nim::with_players(2);
    let mut wins = 0.0;
    for game in 0..20u64 {
        let mcts_seat = (game % 2) as usize;
        let mut s = NimState::with_pile(13 + (game % 7) as u8);
        let mut r = rng(game);
        while !s.is_terminal(&g) {
            let p = s.actor(&g).player().unwrap();
            let config = if p == mcts_seat {
                BotConfig::mcts(500)
            } else {
                BotConfig::random()
            };
            let a = choose_action(&g, &s, &config, &mut r).unwrap();
            s.apply_action(&g, a).unwrap();
        }
        wins += s.returns(&g)[mcts_seat];
    }
    assert!(wins >= 17.0, "MCTS won {wins} of 20");
}

#[test]
fn greedy_follows_the_whole_turn() {
    let g = Bonus::default_game();
    let s = g.new_initial_state();
    for seed in 0..10 {
        assert_eq!(
            choose_action(&g, &s, &BotConfig::greedy(), &mut rng(seed)).unwrap(),
            1
        );
    }
    let mut after = s;
    after.apply_action(&g, 1).unwrap();
    assert_eq!(
        choose_action(&g, &after, &BotConfig::greedy(), &mut rng(0)).unwrap(),
        1
    );
    // With slot 0 taken, the bonus does not matter: both are chosen over seeds.
    let mut after0: BonusState = s;
    after0.apply_action(&g, 0).unwrap();
    let seen: std::collections::BTreeSet<u32> = (0..30)
        .map(|seed| choose_action(&g, &after0, &BotConfig::greedy(), &mut rng(seed)).unwrap())
        .collect();
    assert_eq!(seen.len(), 2);
}

#[test]
fn greedy_prefers_a_win_and_breaks_ties_at_random() {
    let g = Nim::with_players(2);
    for pile in 1u8..=3 {
        for seed in 0..5 {
            let a = choose_action(
                &g,
                &NimState::with_pile(pile),
                &BotConfig::greedy(),
                &mut rng(seed),
            )
            .unwrap();
            assert_eq!(a, (pile - 1) as u32);
        }
    }
    let seen: std::collections::BTreeSet<u32> = (0..40)
        .map(|seed| {
            choose_action(
                &g,
                &NimState::with_pile(20),
                &BotConfig::greedy(),
                &mut rng(seed),
            )
            .unwrap()
        })
        .collect();
    assert_eq!(
        seen.len(),
        3,
        "every Nim move gains nothing, so all are chosen"
    );
}
