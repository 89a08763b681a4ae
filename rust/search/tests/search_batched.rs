//! The batched search with an external evaluator (`salon_search`): budgets, the
//! behaviour with a uniform evaluator, forced wins, PUCT and Gumbel on trees worked out by
//! hand, chance, determinism, threads, and hidden information.

#[macro_use]
// The contract's toy games live with the contract, in salon-core's tests.
#[path = "../../core/tests/toy_games/mod.rs"]
mod bots_toys;
mod search_toys;

use bots_toys::{Gamble, GambleState, Kingmaker, Nim, NimState};
use salon_core::{Game, State};
use salon_search::{BatchedSearch, RootPolicy, SearchConfig, SearchResults, MAX_ROLLOUTS_PER_LEAF};
use search_toys::{race_values, Cards, CardsState, Pick, Race, RaceState, CARDS, CARDS_OWN_SLOT};

fn config(policy: RootPolicy, simulations: u32) -> SearchConfig {
    SearchConfig {
        policy,
        simulations,
        ..SearchConfig::default()
    }
}

/// Uniform logits and the same value for every player.
#[allow(clippy::type_complexity)]
fn uniform(
    value: f32,
) -> impl FnMut(usize, &[f32], &[bool], &mut [f32], &mut [f32]) -> Result<(), ()> {
    move |_, _, _, logits, values| {
        logits.fill(0.0);
        values.fill(value);
        Ok(())
    }
}

fn search<G: Game>(game: &G, config: SearchConfig, roots: &[G::State], seed: u64) -> SearchResults {
    let mut s = BatchedSearch::new(game.clone(), config, 1, seed).unwrap();
    s.run(roots, uniform(0.0)).unwrap().clone()
}

fn row<T: Copy>(v: &[T], i: usize, width: usize) -> Vec<T> {
    v[i * width..(i + 1) * width].to_vec()
}

#[test]
fn visit_counts_sum_to_the_budget_and_policies_are_distributions() {
    let nim = Nim::default_game();
    let roots = [
        NimState::with_pile(10),
        NimState::with_pile(5),
        NimState::with_pile(2),
    ];
    for policy in [RootPolicy::Puct, RootPolicy::Gumbel] {
        for leaves in [1, 3] {
            for sims in [1, 2, 7, 32, 100] {
                let c = SearchConfig {
                    leaves_per_step: leaves,
                    ..config(policy, sims)
                };
                let r = search(&nim, c, &roots, 5);
                for (i, root) in roots.iter().enumerate() {
                    let visits = row(&r.visit_counts, i, 3);
                    assert_eq!(
                        visits.iter().sum::<u32>(),
                        sims,
                        "{policy:?} k={leaves}: {visits:?}"
                    );
                    let policy_row = row(&r.policy, i, 3);
                    assert!(
                        (policy_row.iter().sum::<f32>() - 1.0).abs() < 1e-5,
                        "{policy_row:?}"
                    );
                    // Illegal actions (more stones than the pile) get nothing.
                    for a in root.pile as usize..3 {
                        assert_eq!((visits[a], policy_row[a]), (0, 0.0));
                    }
                    assert!((r.actions[i] as usize) < root.pile.min(3) as usize);
                }
            }
        }
    }
}

#[test]
fn a_uniform_evaluator_with_zero_values_spreads_puct_visits_and_gives_gumbel_a_uniform_policy() {
    // From a pile of 10 no game ends within the first few plies, so every value is 0.
    let nim = Nim::default_game();
    let c = SearchConfig {
        dirichlet_fraction: 0.0,
        ..config(RootPolicy::Puct, 9)
    };
    let r = search(&nim, c, &[NimState::with_pile(10)], 1);
    // Equal priors and equal Q: PUCT takes the actions in turn.
    assert_eq!(r.visit_counts, vec![3, 3, 3]);
    assert_eq!(r.actions, vec![0]);
    assert_eq!(r.policy, vec![1.0 / 3.0; 3]);
    assert_eq!(r.root_values[..2], [0.0, 0.0]);

    for seed in 0..5 {
        let r = search(
            &nim,
            config(RootPolicy::Gumbel, 8),
            &[NimState::with_pile(10)],
            seed,
        );
        // All completed Q are equal, so sigma is 0 and the improved policy is the prior.
        for p in &r.policy {
            assert!((p - 1.0 / 3.0).abs() < 1e-6, "{:?}", r.policy);
        }
        assert_eq!(r.visit_counts.iter().sum::<u32>(), 8);
    }
}

/// The perfect value of Race with uniform logits, so that the search, not the prior, has to
/// find the winning move.
fn perfect_race(
    _n: usize,
    obs: &[f32],
    _masks: &[bool],
    logits: &mut [f32],
    values: &mut [f32],
) -> Result<(), ()> {
    for ((o, l), v) in obs
        .chunks(8)
        .zip(logits.chunks_mut(3))
        .zip(values.chunks_mut(2))
    {
        l.fill(0.0);
        v.copy_from_slice(&race_values(o));
    }
    Ok(())
}

#[test]
fn with_a_perfect_evaluator_the_search_finds_the_forced_win() {
    let game = Race::default_game();
    // Pile 7: only taking 3 (action 2) leaves a multiple of 4. Pile 6: take 2 (action 1).
    let roots = [
        RaceState::with_pile(7, 0),
        RaceState::with_pile(6, 1),
        RaceState::with_pile(9, 0),
    ];
    for policy in [RootPolicy::Puct, RootPolicy::Gumbel] {
        for leaves in [1, 4] {
            let c = SearchConfig {
                leaves_per_step: leaves,
                dirichlet_fraction: 0.0,
                ..config(policy, 32)
            };
            let mut s = BatchedSearch::new(game.clone(), c, 1, 3).unwrap();
            let r = s.run(&roots, perfect_race).unwrap();
            assert_eq!(
                r.actions,
                vec![2, 1, 0],
                "{policy:?} k={leaves}: visits {:?}",
                r.visit_counts
            );
            // The mover of each root is winning, and PUCT's root value (the mean over
            // simulations that mostly follow the winning move) says so. Gumbel's halving
            // spends half its budget on other moves, so its mean says little here.
            let movers = [0usize, 1, 0];
            for (i, &m) in movers
                .iter()
                .enumerate()
                .filter(|_| policy == RootPolicy::Puct)
            {
                assert!(
                    r.root_values[i * 2 + m] > 0.6,
                    "{policy:?}: {:?}",
                    r.root_values
                );
            }
        }
    }
}

#[test]
fn terminal_returns_alone_find_an_immediate_win_and_the_max_n_choice() {
    // Zero values everywhere: only terminal returns carry information.
    let race = Race::default_game();
    for policy in [RootPolicy::Puct, RootPolicy::Gumbel] {
        let r = search(&race, config(policy, 16), &[RaceState::with_pile(3, 1)], 2);
        assert_eq!(r.actions, vec![2], "{policy:?} {:?}", r.visit_counts);
    }
    // Kingmaker: under max^n player 1 answers either move with 0, so B (1) is worth 1/2 to
    // player 0 and A (0) is worth 0.
    let km = Kingmaker::default_game();
    for policy in [RootPolicy::Puct, RootPolicy::Gumbel] {
        let r = search(&km, config(policy, 64), &[km.new_initial_state()], 4);
        assert_eq!(
            r.actions,
            vec![1],
            "{policy:?} {:?} {:?}",
            r.visit_counts,
            r.root_values
        );
    }
}

#[test]
fn chance_nodes_are_sampled_by_their_weights() {
    // Gamble: after the starter is drawn, risky (1) wins 3 times in 4, safe (0) 1 in 2.
    let g = Gamble::default_game();
    let mut root = GambleState {
        stage: 1,
        starter: 0,
        choice: 0,
        won: false,
    };
    assert!(!root.is_chance_node(&g));
    for policy in [RootPolicy::Puct, RootPolicy::Gumbel] {
        let r = search(&g, config(policy, 400), &[root], 8);
        assert_eq!(r.actions, vec![1], "{policy:?} {:?}", r.visit_counts);
        // The root value mixes the two moves' outcomes (3/4 and 1/2) by their visits, and
        // the root's own evaluation (0): the shares of the two players still add up.
        let (v0, v1) = (r.root_values[0], r.root_values[1]);
        assert!(
            v0 > 0.55 && v0 < 0.76 && (v0 + v1 - 400.0 / 401.0).abs() < 1e-4,
            "{:?}",
            r.root_values
        );
    }
    root.starter = 1;
    let r = search(&g, config(RootPolicy::Puct, 400), &[root], 8);
    assert_eq!(r.actions, vec![1]);
}

#[test]
fn puct_matches_a_tree_worked_out_by_hand() {
    // Pick, priors (0.3, 0.5, 0.2), root value (0.5, 0.5), no noise, 4 simulations. With
    // c(N) = ln((1 + N + 19652) / 19652) + 1.25, U = c * sqrt(N) * P / (1 + n), and Q = 0.5
    // (the root's value) for an unvisited action:
    // N=1: Q + U = 0.5 + 0.375, 0.5 + 0.625, 0.5 + 0.250 -> 1 (lost: Q1 = 0)
    // N=2: 0.5 + 0.530, 0 + 0.442, 0.5 + 0.354 -> 0 (won: Q0 = 1)
    // N=3: 1 + 0.325, 0.541, 0.5 + 0.433 -> 0
    // N=4: 1 + 0.250, 0.625, 0.5 + 0.500 -> 0
    let game = Pick::default_game();
    let c = SearchConfig {
        dirichlet_fraction: 0.0,
        ..config(RootPolicy::Puct, 4)
    };
    let mut s = BatchedSearch::new(game.clone(), c, 1, 0).unwrap();
    let logits = [0.3f32.ln(), 0.5f32.ln(), 0.2f32.ln()];
    let r = s
        .run(
            &[game.new_initial_state()],
            |_, _, _, l: &mut [f32], v: &mut [f32]| {
                l.copy_from_slice(&logits);
                v.copy_from_slice(&[0.5, 0.5]);
                Ok::<(), ()>(())
            },
        )
        .unwrap();
    assert_eq!(r.visit_counts, vec![3, 1, 0]);
    assert_eq!(r.policy, vec![0.75, 0.25, 0.0]);
    assert_eq!(r.actions, vec![0]);
    // Root value: (0.5 + 0 + 1 + 1 + 1) / 5 for player 0, (0.5 + 1) / 5 for player 1.
    assert!(
        (r.root_values[0] - 0.7).abs() < 1e-6 && (r.root_values[1] - 0.3).abs() < 1e-6,
        "{:?}",
        r.root_values
    );
}

#[test]
fn gumbel_matches_a_tree_worked_out_by_hand() {
    // Pick, priors (0.3, 0.5, 0.2), root value 0.5, Gumbel scale 0, 4 simulations, 3
    // actions considered: the considered-visits sequence is 0 0 0 1.
    // sim 0: all unvisited, sigma 0 -> the best prior, 1 (lost).
    // sim 1: mixed value (0.5 + 1 * 0) / 2 = 0.25 for 0 and 2, Q1 = 0; rescaled 1, 0, 1;
    //        sigma = (50 + 1) * 0.1 * q = 5.1 -> ln 0.3 + 5.1 beats ln 0.2 + 5.1: 0 (won).
    // sim 2: only 2 is unvisited -> 2 (shared: 0.5).
    // sim 3: every action at 1 visit; q = 1, 0, 0.5; sigma 5.1, 0, 2.55 -> 0.
    // Visits 2, 1, 1; improved policy softmax(ln P + (50 + 2) * 0.1 * q):
    // 0.3 e^5.2 : 0.5 : 0.2 e^2.6 = 54.3817 : 0.5 : 2.69275.
    let game = Pick::default_game();
    let c = SearchConfig {
        gumbel_scale: 0.0,
        ..config(RootPolicy::Gumbel, 4)
    };
    let mut s = BatchedSearch::new(game.clone(), c, 1, 0).unwrap();
    let logits = [0.3f32.ln(), 0.5f32.ln(), 0.2f32.ln()];
    let r = s
        .run(
            &[game.new_initial_state()],
            |_, _, _, l: &mut [f32], v: &mut [f32]| {
                l.copy_from_slice(&logits);
                v.copy_from_slice(&[0.5, 0.5]);
                Ok::<(), ()>(())
            },
        )
        .unwrap();
    assert_eq!(r.visit_counts, vec![2, 1, 1]);
    assert_eq!(r.actions, vec![0]);
    let total = 54.3817 + 0.5 + 2.69275;
    let expected = [54.3817 / total, 0.5 / total, 2.69275 / total];
    for (p, e) in r.policy.iter().zip(expected) {
        assert!((p - e).abs() < 1e-4, "{:?} vs {expected:?}", r.policy);
    }
    // Root value for player 0: (0.5 + 0 + 1 + 0.5 + 1) / 5.
    assert!((r.root_values[0] - 0.6).abs() < 1e-6, "{:?}", r.root_values);
}

#[test]
fn a_batch_gives_each_root_the_answer_it_gets_alone() {
    // With no noise the search is deterministic, so the rows of a batch must match the
    // searches of each root alone: the leaves are routed to the right trees.
    let game = Race::default_game();
    let roots: Vec<RaceState> = (2..14).map(|p| RaceState::with_pile(p, p % 2)).collect();
    for policy in [RootPolicy::Puct, RootPolicy::Gumbel] {
        for leaves in [1, 2] {
            let c = SearchConfig {
                leaves_per_step: leaves,
                dirichlet_fraction: 0.0,
                gumbel_scale: 0.0,
                ..config(policy, 12)
            };
            let mut batch = BatchedSearch::new(game.clone(), c.clone(), 1, 0).unwrap();
            let all = batch.run(&roots, perfect_race).unwrap().clone();
            for (i, root) in roots.iter().enumerate() {
                let mut one = BatchedSearch::new(game.clone(), c.clone(), 1, 0).unwrap();
                let alone = one.run(&[*root], perfect_race).unwrap();
                assert_eq!(
                    row(&all.visit_counts, i, 3),
                    alone.visit_counts,
                    "{policy:?} root {i}"
                );
                assert_eq!(all.actions[i], alone.actions[0]);
                assert_eq!(row(&all.policy, i, 3), alone.policy);
            }
        }
    }
}

#[test]
fn same_seed_same_answer_on_any_number_of_threads() {
    let nim = Nim::with_players(3);
    let roots: Vec<NimState> = (0..70)
        .map(|i| NimState::with_pile(4 + (i % 9) as u8))
        .collect();
    for policy in [RootPolicy::Puct, RootPolicy::Gumbel] {
        let c = SearchConfig {
            leaves_per_step: 2,
            ..config(policy, 24)
        };
        let mut answers = Vec::new();
        for threads in [1, 2, 3, 1] {
            let mut s = BatchedSearch::new(nim.clone(), c.clone(), threads, 42).unwrap();
            // A value that depends on the observation, so that the rows matter.
            let r = s
                .run(&roots, |_, obs: &[f32], _, l: &mut [f32], v: &mut [f32]| {
                    for ((o, l), v) in obs.chunks(8).zip(l.chunks_mut(3)).zip(v.chunks_mut(3)) {
                        let h = o.iter().sum::<f32>();
                        l.copy_from_slice(&[h % 3.0, 0.5, 1.0]);
                        v.copy_from_slice(&[(h % 7.0) / 7.0, 0.2, 0.1]);
                    }
                    Ok::<(), ()>(())
                })
                .unwrap();
            answers.push(r.clone());
        }
        assert!(answers.iter().all(|a| *a == answers[0]), "{policy:?}");
        // A different seed draws other noise.
        let mut s = BatchedSearch::new(nim.clone(), c.clone(), 1, 43).unwrap();
        let other = s.run(&roots, uniform(0.0)).unwrap().clone();
        let mut s = BatchedSearch::new(nim.clone(), c, 1, 42).unwrap();
        let again = s.run(&roots, uniform(0.0)).unwrap().clone();
        assert_ne!(other.visit_counts, again.visit_counts, "{policy:?}");
    }
}

#[test]
fn the_evaluator_never_sees_the_hidden_card() {
    // Two true states that differ only in player 1's card, which player 0 cannot see: the
    // evaluator must be shown exactly the same observations, and the answers must agree.
    let game = Cards::default_game();
    for one_determinization in [false, true] {
        for policy in [RootPolicy::Puct, RootPolicy::Gumbel] {
            for own in 0..CARDS {
                let mut seen: Vec<Vec<Vec<f32>>> = Vec::new();
                let mut answers = Vec::new();
                for hidden in (0..CARDS).filter(|&c| c != own) {
                    let c = SearchConfig {
                        one_determinization,
                        ..config(policy, 40)
                    };
                    let mut s = BatchedSearch::new(game.clone(), c, 1, 11).unwrap();
                    let mut log = Vec::new();
                    let r = s
                        .run(
                            &[CardsState::dealt(own, hidden)],
                            |n, obs: &[f32], masks: &[bool], l: &mut [f32], v: &mut [f32]| {
                                for i in 0..n {
                                    let o = &obs[i * 8..(i + 1) * 8];
                                    // Player 1's observations (stage 3) show a card drawn for the
                                    // determinization; the true one must not be singled out.
                                    log.push(o.to_vec());
                                    assert!(masks[i * 2] && masks[i * 2 + 1]);
                                }
                                l.fill(0.0);
                                v.fill(0.5);
                                Ok::<(), ()>(())
                            },
                        )
                        .unwrap();
                    seen.push(log);
                    answers.push(r.clone());
                }
                assert!(
                    seen.iter().all(|s| *s == seen[0]),
                    "{policy:?} own {own}: observations depend on the hidden card"
                );
                assert!(
                    answers.iter().all(|a| *a == answers[0]),
                    "{policy:?} own {own}"
                );
                // The determinizations do show player 1 other cards than the true ones.
                let shown: std::collections::BTreeSet<u32> = seen[0]
                    .iter()
                    .filter(|o| o[0] == 3.0)
                    .map(|o| o[CARDS_OWN_SLOT] as u32)
                    .collect();
                if !one_determinization {
                    assert!(shown.len() > 1, "{shown:?}");
                }
            }
        }
    }
}

#[test]
fn bad_roots_and_settings_are_refused() {
    let g = Gamble::default_game();
    let mut s = BatchedSearch::new(g.clone(), SearchConfig::default(), 1, 0).unwrap();
    assert!(
        s.run(&[g.new_initial_state()], uniform(0.0)).is_err(),
        "a chance node is not a root"
    );
    assert!(s.run(&[], uniform(0.0)).is_err());
    for bad in [
        SearchConfig {
            simulations: 0,
            ..SearchConfig::default()
        },
        SearchConfig {
            leaves_per_step: 0,
            ..SearchConfig::default()
        },
        SearchConfig {
            c_init: f32::NAN,
            ..SearchConfig::default()
        },
        SearchConfig {
            dirichlet_fraction: 1.5,
            ..SearchConfig::default()
        },
        SearchConfig {
            max_considered_actions: 0,
            ..SearchConfig::default()
        },
    ] {
        assert!(BatchedSearch::new(g.clone(), bad, 1, 0).is_err());
    }
    assert!(BatchedSearch::new(g, SearchConfig::default(), 0, 0).is_err());
}

#[test]
fn an_evaluator_error_stops_the_search() {
    let nim = Nim::default_game();
    let mut s = BatchedSearch::new(nim, SearchConfig::default(), 1, 0).unwrap();
    let mut calls = 0;
    let r = s.run(&[NimState::with_pile(9)], |_, _, _, _, _| {
        calls += 1;
        if calls == 3 {
            Err("network down")
        } else {
            Ok(())
        }
    });
    assert!(matches!(
        r,
        Err(salon_search::SearchError::Evaluator("network down"))
    ));
}

#[test]
fn the_leaves_players_are_written_row_by_row_and_a_short_buffer_is_refused() {
    let nim = Nim::default_game();
    let roots = [
        NimState::with_pile(10),
        NimState {
            to_move: 1,
            ..NimState::with_pile(7)
        },
        NimState::with_pile(4),
    ];
    let c = SearchConfig {
        leaves_per_step: 2,
        ..config(RootPolicy::Puct, 8)
    };
    let mut s = BatchedSearch::new(nim.clone(), c, 1, 3).unwrap();
    s.start(&roots).unwrap();
    let rows = s.max_rows(roots.len());
    let (mut obs, mut masks) = (vec![0.0; rows * 8], vec![false; rows * 3]);
    let n = s.step(None, &mut obs, &mut masks).unwrap();
    assert_eq!(n, 3, "the first step evaluates the roots");
    let mut players = vec![-1; rows];
    s.write_leaf_players(&mut players).unwrap();
    assert_eq!(&players[..n], &[0, 1, 0]);
    assert!(s.write_leaf_players(&mut players[..2]).is_err());
    // Later steps: every row gets a seat of the game.
    let (logits, values) = (vec![0.0; rows * 3], vec![0.5; rows * 2]);
    let mut n = s
        .step(
            Some((&logits[..n * 3], &values[..n * 2])),
            &mut obs,
            &mut masks,
        )
        .unwrap();
    while n > 0 {
        players.fill(-1);
        s.write_leaf_players(&mut players).unwrap();
        assert!(
            players[..n].iter().all(|&p| p == 0 || p == 1),
            "{players:?}"
        );
        n = s
            .step(
                Some((&logits[..n * 3], &values[..n * 2])),
                &mut obs,
                &mut masks,
            )
            .unwrap();
    }
}

#[test]
fn rollouts_per_leaf_average_their_playouts() {
    // With the leaf valued by playouts alone, the root value of a 60-pile race is a mean of
    // random playouts' win shares: averaging 16 per leaf must shrink its spread across seeds.
    let race = Race::default_game();
    let root = [RaceState::with_pile(60, 0)];
    let spread = |rollouts_per_leaf: u32| {
        let cfg = SearchConfig {
            rollout_mix: 1.0,
            rollouts_per_leaf,
            ..config(RootPolicy::Gumbel, 8)
        };
        let values: Vec<f32> = (0..40)
            .map(|seed| search(&race, cfg.clone(), &root, seed).root_values[0])
            .collect();
        let mean = values.iter().sum::<f32>() / values.len() as f32;
        let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f32>() / values.len() as f32;
        (mean, var)
    };
    let (mean1, var1) = spread(1);
    let (mean16, var16) = spread(16);
    assert!((0.0..=1.0).contains(&mean1) && (0.0..=1.0).contains(&mean16));
    assert!(
        var16 * 4.0 < var1,
        "spread {var16} with 16 playouts, {var1} with 1"
    );
    let cfg = SearchConfig {
        rollout_mix: 1.0,
        rollouts_per_leaf: 4,
        ..config(RootPolicy::Gumbel, 8)
    };
    assert_eq!(
        search(&race, cfg.clone(), &root, 3),
        search(&race, cfg, &root, 3)
    );
    for bad in [0, MAX_ROLLOUTS_PER_LEAF + 1] {
        let cfg = SearchConfig {
            rollouts_per_leaf: bad,
            ..SearchConfig::default()
        };
        let err = BatchedSearch::new(race.clone(), cfg, 1, 0)
            .err()
            .expect("refused");
        assert!(err.to_string().contains("rollouts_per_leaf"), "{err}");
    }
}

#[test]
fn rollout_mix_values_leaves_with_random_playouts() {
    // A pile of 60 is out of reach of 16 simulations, so no terminal enters the tree: every
    // value comes from the leaves. The evaluator says 0 for both players; a playout's returns
    // are win shares that sum to 1, so the root values sum to the playouts' share.
    let race = Race::default_game();
    let root = [RaceState::with_pile(60, 0)];
    for policy in [RootPolicy::Puct, RootPolicy::Gumbel] {
        for (mix, sum) in [(0.0f32, 0.0f32), (0.5, 0.5), (1.0, 1.0)] {
            let cfg = SearchConfig {
                rollout_mix: mix,
                ..config(policy, 16)
            };
            let r = search(&race, cfg.clone(), &root, 7);
            let total: f32 = r.root_values.iter().sum();
            assert!(
                (total - sum).abs() < 1e-4,
                "{policy:?} mix {mix}: {:?}",
                r.root_values
            );
            if mix > 0.0 {
                // Random playouts of a 60-pile race are won by either player.
                assert!(
                    r.root_values.iter().all(|&v| v > 0.0),
                    "{:?}",
                    r.root_values
                );
            }
            assert_eq!(search(&race, cfg, &root, 7), r, "same seed, same answer");
        }
    }
    for bad in [-0.1, 1.5, f32::NAN] {
        let cfg = SearchConfig {
            rollout_mix: bad,
            ..SearchConfig::default()
        };
        let err = BatchedSearch::new(race.clone(), cfg, 1, 0)
            .err()
            .expect("refused");
        assert!(err.to_string().contains("rollout_mix"), "{err}");
    }
}
