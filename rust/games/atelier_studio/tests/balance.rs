//! Balance checks from random and greedy play: games end in a sensible number of rounds,
//! scores look sane, and no painting is always or never taken. Run with `--nocapture` to
//! see the figures.

use salon_atelier_studio::{testing, AtelierStudio, AtelierStudioState};
use salon_core::{ActionList, ChanceOutcomes, Game, ParamValue, Params, State, Xoshiro256StarStar};

#[cfg(debug_assertions)]
const GAMES: usize = 30;
#[cfg(not(debug_assertions))]
const GAMES: usize = 400;

fn game(players: i64) -> AtelierStudio {
    AtelierStudio::with_params(
        &Params::new().with("players", ParamValue::Int(players)),
        None,
    )
    .unwrap()
}

/// A one-step greedy evaluation of a position for player `p`.
fn eval(g: &AtelierStudio, s: &AtelierStudioState, p: usize) -> i32 {
    let n = s.num_players();
    let mut v = 10 * testing::full_score(g, s, p);
    v += 3 * testing::cylinders(s, p)
        .iter()
        .map(|&x| x as i32)
        .sum::<i32>();
    let mine = testing::students(s, p);
    for (c, &m) in mine.iter().enumerate() {
        let best_other = (0..n)
            .filter(|&q| q != p)
            .map(|q| testing::students(s, q)[c])
            .max()
            .unwrap_or(0);
        if m > best_other {
            v += 4;
        }
        v += m.min(3) as i32;
    }
    v += 2 * testing::tokens(s, p) as i32;
    v
}

enum Policy {
    Random,
    Greedy,
}

struct Outcome {
    rounds: u32,
    plies: usize,
    winning_score: i32,
    scores: Vec<i32>,
    natural_end: bool,
    first_master: bool,
    painted: Vec<usize>,
}

fn play(g: &AtelierStudio, seed: u64, policy: &Policy) -> Outcome {
    let mut rng = Xoshiro256StarStar::seed_from_u64(seed);
    let mut s = g.new_initial_state();
    let mut legal = ActionList::new();
    let mut outcomes = ChanceOutcomes::new();
    let mut plies = 0;
    while !s.is_terminal(g) {
        plies += 1;
        if s.is_chance_node(g) {
            s.chance_outcomes(g, &mut outcomes);
            let a = outcomes.sample(&mut rng).unwrap();
            s.apply_unchecked(g, a);
            continue;
        }
        s.legal_actions(g, &mut legal);
        let a = match policy {
            Policy::Random => legal[rng.below(legal.len() as u64) as usize],
            Policy::Greedy => {
                let p = testing::current(&s);
                let mut best = (i32::MIN, 0u64, legal[0]);
                for &a in legal.iter() {
                    let mut t = s;
                    t.apply_unchecked(g, a);
                    // Ending the turn early is slightly penalised, rerolls are never taken.
                    let mut v = eval(g, &t, p);
                    if a == testing::END_TURN {
                        v -= 1;
                    }
                    if a == testing::REROLL {
                        v -= 100;
                    }
                    let tie = rng.next_u64();
                    if (v, tie) > (best.0, best.1) {
                        best = (v, tie, a);
                    }
                }
                best.2
            }
        };
        s.apply_unchecked(g, a);
    }
    let n = s.num_players();
    let scores: Vec<i32> = (0..n).map(|p| testing::full_score(g, &s, p)).collect();
    let returns = s.returns(g);
    let winning_score = (0..n)
        .filter(|&p| returns[p] > 0.0)
        .map(|p| scores[p])
        .max()
        .unwrap_or(0);
    let painted = (0..n)
        .flat_map(|p| testing::owned_paintings(&s, p))
        .collect();
    Outcome {
        rounds: testing::round(&s) as u32,
        plies,
        winning_score,
        scores,
        natural_end: testing::end_round(&s) != 0,
        first_master: testing::first_master(&s).is_some(),
        painted,
    }
}

fn summary(players: i64, policy: Policy, label: &str) -> (f64, f64, f64, Vec<usize>) {
    let g = game(players);
    let mut rounds = 0u64;
    let mut plies = 0usize;
    let mut win = 0i64;
    let mut natural = 0usize;
    let mut masters = 0usize;
    let mut min_score = i32::MAX;
    let mut taken = vec![0usize; testing::num_paintings()];
    for seed in 0..GAMES as u64 {
        let o = play(&g, seed * 7 + players as u64, &policy);
        rounds += o.rounds as u64;
        plies += o.plies;
        win += o.winning_score as i64;
        natural += o.natural_end as usize;
        masters += o.first_master as usize;
        min_score = min_score.min(*o.scores.iter().min().unwrap());
        for c in o.painted {
            taken[c] += 1;
        }
    }
    let k = GAMES as f64;
    let (mr, mp, mw) = (rounds as f64 / k, plies as f64 / k, win as f64 / k);
    println!(
        "{label} {players}p: {GAMES} games, mean rounds {mr:.2}, mean plies {mp:.1}, mean winning score {mw:.2}, \
         natural end {:.0}% (First Master {:.0}%), lowest score {min_score}",
        100.0 * natural as f64 / k,
        100.0 * masters as f64 / k
    );
    let lo = taken.iter().enumerate().min_by_key(|x| x.1).unwrap();
    let hi = taken.iter().enumerate().max_by_key(|x| x.1).unwrap();
    println!(
        "{label} {players}p: paintings taken per game: least card {} in {:.0}% of games, most card {} in {:.0}%",
        lo.0,
        100.0 * *lo.1 as f64 / k,
        hi.0,
        100.0 * *hi.1 as f64 / k
    );
    (mr, mw, natural as f64 / k, taken)
}

#[test]
fn random_play_ends_and_scores_are_sane() {
    for players in 2..=4 {
        let (rounds, win, natural, _) = summary(players, Policy::Random, "random");
        assert!(
            rounds >= 3.0 && rounds <= testing::MAX_ROUNDS as f64,
            "mean rounds {rounds}"
        );
        assert!(win > 5.0, "mean winning score {win}");
        assert!(
            natural > 0.5,
            "only {natural} of random games end by their own rule"
        );
    }
}

#[test]
fn greedy_play_ends_in_sensible_rounds_and_every_card_matters() {
    for players in 2..=4 {
        let (rounds, win, natural, taken) = summary(players, Policy::Greedy, "greedy");
        assert!(
            (4.0..=16.0).contains(&rounds),
            "greedy mean rounds {rounds}"
        );
        assert!(win >= 15.0, "greedy mean winning score {win}");
        assert!(
            natural > 0.95,
            "greedy games end by their own rule only {natural}"
        );
        for (c, &t) in taken.iter().enumerate() {
            // No painting is never taken, none is taken in every game.
            assert!(t > 0, "painting {c} never painted in {GAMES} greedy games");
            assert!(t < GAMES, "painting {c} painted in every greedy game");
        }
    }
}
