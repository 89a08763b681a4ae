//! Balance checks from random and greedy play: games end in a sensible number of rounds,
//! scores look sane, and every kind of card gets played. Run with `--nocapture` to see figures.

use salon_atelier_canvas::components::SECONDARY_PARTS;
use salon_atelier_canvas::{AtelierCanvas, AtelierCanvasState};
use salon_core::{
    Action, ActionList, ChanceOutcomes, Game, ParamValue, Params, State, Xoshiro256StarStar,
};

fn game(players: i64, expert: bool) -> AtelierCanvas {
    let params = Params::new()
        .with("players", ParamValue::Int(players))
        .with("expert", ParamValue::Bool(expert));
    AtelierCanvas::with_params(&params, None).unwrap()
}

#[derive(Default, Debug)]
struct Stats {
    games: usize,
    rounds: usize,
    capped: usize,
    winning_score: i64,
    score_sum: i64,
    plays: [usize; 3],
    paintings: usize,
    fakes: usize,
    by_paintings: usize,
    plies: usize,
    reshuffled: usize,
}

/// Greedy: play the most advanced card possible (painted, then drawn, then blank), pay with the
/// palette first, otherwise draw (prefer a canvas from the circle).
fn greedy(
    s: &AtelierCanvasState,
    g: &AtelierCanvas,
    legal: &ActionList,
    rng: &mut Xoshiro256StarStar,
) -> Action {
    let mut best = legal[0];
    let mut best_score = i64::MIN;
    for &a in legal.iter() {
        let text = s.action_to_string(g, a);
        let mut score = rng.below(10) as i64;
        if text.starts_with("play ") {
            score += if text.contains("painted") {
                300
            } else if text.contains("drawn") {
                200
            } else {
                100
            };
        } else if let Some(rest) = text.strip_prefix("place on ") {
            score += 50;
            // Prefer a blank canvas whose colour makes a secondary with the drawing (expert pairs).
            let blank = rest.split_whitespace().next().and_then(|n| g.card_id(n));
            let playing = (0..105).find(|&c| s.location(c) == 20);
            if let (Some(b), Some(d)) = (blank, playing) {
                let (x, y) = (g.card_set().cards[b].colour, g.card_set().cards[d].colour);
                if SECONDARY_PARTS
                    .iter()
                    .any(|&(a, c)| (a, c) == (x, y) || (c, a) == (x, y))
                {
                    score += 20;
                }
            }
        } else if text.contains("by turning") {
            score += 80;
        } else if text.starts_with("pay ") && text.contains("joker") {
            score += 20;
        } else if text.starts_with("pay ") {
            score += 40;
        } else if text.starts_with("take slot") {
            score += 30;
        } else if text == "draw from the deck" {
            score += 25;
        } else if text.starts_with("discard J") {
            score -= 50;
        }
        if score > best_score {
            best_score = score;
            best = a;
        }
    }
    best
}

fn play(g: &AtelierCanvas, seed: u64, use_greedy: bool, stats: &mut Stats) {
    let mut rng = Xoshiro256StarStar::seed_from_u64(seed);
    let mut s = g.new_initial_state();
    let mut legal = ActionList::new();
    let mut outcomes = ChanceOutcomes::new();
    while !s.is_terminal(g) {
        if s.is_chance_node(g) {
            s.chance_outcomes(g, &mut outcomes);
            let a = outcomes.sample(&mut rng).unwrap();
            s.apply_unchecked(g, a);
        } else {
            s.legal_actions(g, &mut legal);
            let a = if use_greedy {
                greedy(&s, g, &legal, &mut rng)
            } else {
                legal[rng.below(legal.len() as u64) as usize]
            };
            if let Some(k) = s.action_to_string(g, a).strip_prefix("play ") {
                let kind = if k.contains("(blank") {
                    0
                } else if k.contains("(drawn") {
                    1
                } else {
                    2
                };
                stats.plays[kind] += 1;
            }
            s.apply_unchecked(g, a);
        }
        stats.plies += 1;
    }
    let n = g.num_players();
    stats.games += 1;
    let rounds = s.turns() / n;
    stats.rounds += rounds;
    if rounds >= salon_atelier_canvas::MAX_ROUNDS {
        stats.capped += 1;
    }
    let scores = s.scores(g);
    stats.winning_score += *scores[..n].iter().max().unwrap() as i64;
    stats.score_sum += scores[..n].iter().map(|&x| x as i64).sum::<i64>();
    stats.paintings += s.paintings();
    if s.end_triggered() {
        stats.by_paintings += 1;
    }
    if salon_atelier_canvas::testing::epoch(&s) > 0 {
        stats.reshuffled += 1;
    }
    for p in 0..n {
        for st in s.palette(p) {
            if let Some(&top) = st.last() {
                if s.is_fake(top) {
                    stats.fakes += 1;
                }
            }
        }
    }
}

fn report(label: &str, g: &AtelierCanvas, games: u64, use_greedy: bool) -> Stats {
    let mut st = Stats::default();
    for seed in 0..games {
        play(g, seed, use_greedy, &mut st);
    }
    let k = st.games as f64;
    println!(
        "{label}: {} games, mean rounds {:.1}, mean actions {:.0}, ended by paintings {}, reshuffled {}, capped {}, mean winning score {:.1}, mean score {:.1}, paintings/game {:.1}, fakes/game {:.1}, plays blank/drawn/painted {:?}",
        st.games,
        st.rounds as f64 / k,
        st.plies as f64 / k,
        st.by_paintings,
        st.reshuffled,
        st.capped,
        st.winning_score as f64 / k,
        st.score_sum as f64 / k / g.num_players() as f64,
        st.paintings as f64 / k,
        st.fakes as f64 / k,
        st.plays
    );
    st
}

#[cfg(debug_assertions)]
const GAMES: u64 = 2;
#[cfg(not(debug_assertions))]
const GAMES: u64 = 400;

#[test]
fn random_and_greedy_play_end_with_sane_scores() {
    for players in 2..=5 {
        for expert in [false, true] {
            let g = game(players, expert);
            let label = format!("{players}p{}", if expert { " expert" } else { "" });
            let r = report(&format!("random {label}"), &g, GAMES, false);
            let gr = report(&format!("greedy {label}"), &g, GAMES, true);
            // Greedy games finish (almost always by the paintings rule) well inside the cap.
            assert!(
                gr.capped * 100 <= gr.games,
                "greedy games hit the round cap too often"
            );
            assert!(
                r.capped * 10 <= r.games,
                "random games hit the round cap too often"
            );
            assert!(gr.rounds as f64 / gr.games as f64 <= 60.0);
            // Every type of canvas gets played.
            assert!(gr.plays.iter().all(|&x| x > 0), "{:?}", gr.plays);
            assert!(r.plays[0] > 0 && r.plays[1] > 0);
            assert!(gr.winning_score > 0);
        }
    }
}
