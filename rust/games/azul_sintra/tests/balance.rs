//! Balance checks from random and greedy play: games end after six rounds with sensible
//! scores, and no strip face or colour is always or never worth taking.
//! Run with `--nocapture` to see the figures (`--release` plays 2000 games per setting);
//! set `AZUL_SINTRA_COMPONENTS=/path/to/file.json` to measure your own component file.

use salon_azul_sintra::scoring::final_breakdown;
use salon_azul_sintra::{AzulSintra, AzulSintraState, Phase};
use salon_core::{
    ActionList, Actor, ChanceOutcomes, Game, ParamValue, Params, State, Xoshiro256StarStar,
};

fn game(players: i64, side: &str) -> AzulSintra {
    let params = Params::new()
        .with("players", ParamValue::Int(players))
        .with("side", ParamValue::Str(side.into()));
    let custom = std::env::var("AZUL_SINTRA_COMPONENTS")
        .ok()
        .map(|path| std::fs::read_to_string(path).unwrap());
    AzulSintra::with_params(&params, custom.as_deref()).unwrap()
}

/// Value of a position for player p: score so far plus what final scoring would add now.
fn value(g: &AzulSintra, s: &AzulSintraState, p: usize) -> i32 {
    let extra = if s.phase() == Phase::End {
        0
    } else {
        final_breakdown(s, g, p).total()
    };
    s.board(p).score as i32 + extra
}

#[derive(Default, Debug)]
struct Stats {
    games: usize,
    decisions: usize,
    plies: usize,
    winner_score: i64,
    all_scores: i64,
    min_score: i32,
    max_score: i32,
    completions: usize,
    takes_by_colour: [usize; 5],
    moves_back: usize,
    breaks_all: usize,
    resets: usize,
    completions_by_strip: [usize; 8],
}

fn play(g: &AzulSintra, seed: u64, greedy: bool, st: &mut Stats) {
    let mut rng = Xoshiro256StarStar::seed_from_u64(seed);
    let mut s = g.new_initial_state();
    let mut legal = ActionList::new();
    let mut outcomes = ChanceOutcomes::new();
    loop {
        match s.actor(g) {
            Actor::Terminal => break,
            Actor::Chance => {
                s.chance_outcomes(g, &mut outcomes);
                let a = outcomes.sample(&mut rng).unwrap();
                s.apply_unchecked(g, a);
            }
            Actor::Player(p) => {
                let p = p as usize;
                s.legal_actions(g, &mut legal);
                let a = if greedy {
                    let mut best = (i32::MIN, 0u64, legal[0]);
                    for &a in legal.iter() {
                        let mut t = s;
                        t.apply_unchecked(g, a);
                        let v = value(g, &t, p) * 4 + t.board(p).pieces_on_strips() as i32;
                        let tie = rng.next_u64();
                        if (v, tie) > (best.0, best.1) {
                            best = (v, tie, a);
                        }
                    }
                    best.2
                } else {
                    legal[rng.below(legal.len() as u64) as usize]
                };
                if a < 450 {
                    st.takes_by_colour[(a as usize % 45) / 9] += 1;
                    if a % 9 == 8 {
                        st.breaks_all += 1;
                    }
                } else if a == 450 {
                    st.moves_back += 1;
                }
                let before: usize = (0..g.num_players())
                    .map(|q| s.board(q).pieces_in_windows())
                    .sum();
                let prev = s;
                s.apply_unchecked(g, a);
                for slot in 0..8 {
                    if s.board(p).window[slot] != prev.board(p).window[slot] {
                        st.completions_by_strip[prev.board(p).strip[slot] as usize] += 1;
                    }
                }
                let after: usize = (0..g.num_players())
                    .map(|q| s.board(q).pieces_in_windows())
                    .sum();
                st.completions += after - before;
                st.decisions += 1;
            }
        }
        st.plies += 1;
    }
    assert_eq!(s.round(), 6);
    let scores: Vec<i32> = (0..g.num_players())
        .map(|p| s.board(p).score as i32)
        .collect();
    st.games += 1;
    st.winner_score += *scores.iter().max().unwrap() as i64;
    st.all_scores += scores.iter().map(|&x| x as i64).sum::<i64>();
    st.min_score = st.min_score.min(*scores.iter().min().unwrap());
    st.max_score = st.max_score.max(*scores.iter().max().unwrap());
    st.resets += (0..g.num_players())
        .map(|p| s.board(p).resets as usize)
        .sum::<usize>();
}

fn report(label: &str, g: &AzulSintra, st: &Stats) -> (f64, f64) {
    let n = st.games as f64;
    let mean_win = st.winner_score as f64 / n;
    let mean_all = st.all_scores as f64 / (n * g.num_players() as f64);
    println!(
        "{label}: {} games, completions by strip id {:?}, mean plies {:.1}, mean decisions {:.1}, mean winning score {:.1}, mean score {:.1}, min {}, max {}, completions/player {:.2}, takes by colour {:?}, moves back/game {:.1}, break-all/game {:.2}, resets/player {:.2}",
        st.games,
        st.completions_by_strip,
        st.plies as f64 / n,
        st.decisions as f64 / n,
        mean_win,
        mean_all,
        st.min_score,
        st.max_score,
        st.completions as f64 / (n * g.num_players() as f64),
        st.takes_by_colour,
        st.moves_back as f64 / n,
        st.breaks_all as f64 / n,
        st.resets as f64 / (n * g.num_players() as f64),
    );
    (mean_win, mean_all)
}

#[cfg(debug_assertions)]
const GAMES: u64 = 30;
#[cfg(not(debug_assertions))]
const GAMES: u64 = 2000;

#[test]
fn random_and_greedy_play_give_sensible_scores() {
    for players in 2..=4 {
        for side in ["A", "B"] {
            let g = game(players, side);
            let mut random = Stats::default();
            let mut greedy = Stats::default();
            for seed in 0..GAMES {
                play(&g, seed, false, &mut random);
                play(&g, seed + 1_000_000, true, &mut greedy);
            }
            let (rw, _) = report(&format!("random {players}p side {side}"), &g, &random);
            let (gw, ga) = report(&format!("greedy {players}p side {side}"), &g, &greedy);
            assert!(random.plies <= random.games * g.max_game_length());
            // Greedy play clearly beats random play and scores like a real game.
            assert!(gw > rw, "greedy {gw} should beat random {rw}");
            assert!(
                ga > 0.0 && (15.0..=150.0).contains(&gw),
                "greedy mean score {ga} / winning score {gw} out of the sensible range"
            );
            // Every strip gets completed, none overwhelmingly.
            let done: usize = greedy.completions_by_strip.iter().sum();
            for &c in &greedy.completions_by_strip {
                assert!(
                    c * 16 > done && c * 4 < done,
                    "unbalanced strips: {:?}",
                    greedy.completions_by_strip
                );
            }
            // Every colour is taken, none overwhelmingly.
            let total: usize = greedy.takes_by_colour.iter().sum();
            for &t in &greedy.takes_by_colour {
                assert!(
                    t * 10 > total,
                    "a colour is almost never taken: {:?}",
                    greedy.takes_by_colour
                );
                assert!(
                    t * 3 < total,
                    "a colour is taken far too often: {:?}",
                    greedy.takes_by_colour
                );
            }
        }
    }
}
