//! One test per rule, each named after the rule it pins. Positions are reached through real
//! play from a set-up where every chance node takes its lowest outcome (player 0 first,
//! painters 0.. to players 0.., paintings 0, 1, 2(, 3) on the easels), with the test-support
//! module moving pigments from the supply when a test needs them.
//!
//! At the start (wheel offset 0, substitute set) the bottom spaces face: 0-1 take painting,
//! 2 paint, 3-5 acquire yellow, 6 upgrade, 7-8 mix orange, 9-10 paint, 11 mix green,
//! 12-14 upgrade, 15 mix violet, 16-17 mix black. At 2 players spaces 1, 5, 10, 14 are
//! covered by forbidden-action tiles; at 3 players spaces 5 and 14.

use salon_colors_of_paris::components::*;
use salon_colors_of_paris::state::*;
use salon_colors_of_paris::{invariants, testing, ColorsOfParis, ColorsOfParisState};
use salon_core::{Game, ParamValue, Params, SalonError, State, TrackedState, Xoshiro256StarStar};

fn game(players: i64, advanced: bool) -> ColorsOfParis {
    let p = Params::new()
        .with("players", ParamValue::Int(players))
        .with("advanced", ParamValue::Bool(advanced));
    ColorsOfParis::with_params(&p, None).unwrap()
}

fn ok(g: &ColorsOfParis, st: &ColorsOfParisState) {
    invariants::conservation(g, st).unwrap();
}

/// Plays phase 1: each player places the spaces of their plan in order, then on white.
fn place(g: &ColorsOfParis, st: &mut ColorsOfParisState, plans: &[&[&str]]) {
    let mut next = [0usize; 4];
    while testing::phase(st) == PH_PLACE {
        let p = testing::mover(st);
        let plan = plans.get(p).copied().unwrap_or(&[]);
        if next[p] < plan.len() {
            testing::play(g, st, &format!("place on {}", plan[next[p]]));
            next[p] += 1;
        } else {
            testing::play(g, st, "place on white");
        }
    }
}

/// In phase 2, lets every player other than `p` forgo until `p` is to move.
fn until_turn(g: &ColorsOfParis, st: &mut ColorsOfParisState, p: usize) {
    while testing::phase(st) == PH_RESOLVE && testing::mover(st) != p {
        testing::play(g, st, "forgo");
    }
}

/// Forgoes every remaining assistant (phase 2) so the round moves on.
fn forgo_rest(g: &ColorsOfParis, st: &mut ColorsOfParisState) {
    while testing::phase(st) == PH_RESOLVE {
        if testing::sub(st) == SUB_PAINT {
            testing::play(g, st, "stop painting");
        } else {
            testing::play(g, st, "forgo");
        }
    }
}

/// Plays phase 3 with the first listed choice everywhere (keeps the first bottom space).
fn finish_round(g: &ColorsOfParis, st: &mut ColorsOfParisState) {
    let r = testing::round(st);
    forgo_rest(g, st);
    while testing::round(st) == r && !st.is_terminal(g) {
        if st.is_chance_node(g) {
            testing::settle_chance(g, st, |_, _| None);
        } else {
            let legal = testing::legal_strings(g, st);
            testing::play(g, st, &legal[0]);
        }
    }
}

// ------------------------------------------------------------------ set-up

#[test]
fn setup_three_assistants_tools_on_first_space_one_of_each_primary() {
    for players in 2..=4 {
        let g = game(players, false);
        let st = testing::start(&g);
        for p in 0..players as usize {
            assert_eq!(testing::assistants(&st, p), (3, 0));
            assert_eq!([0, 1, 2].map(|t| testing::tool(&st, p, t)), [1, 1, 1]);
            assert_eq!(testing::pigments(&st, p), [1, 1, 1, 0, 0, 0, 0, 0]);
        }
        ok(&g, &st);
    }
}

#[test]
fn setup_three_easels_at_two_players_four_otherwise() {
    assert_eq!(
        testing::easels(&testing::start(&game(2, false))),
        [0, 1, 2, NONE]
    );
    assert_eq!(
        testing::easels(&testing::start(&game(3, false))),
        [0, 1, 2, 3]
    );
    assert_eq!(
        testing::easels(&testing::start(&game(4, false))),
        [0, 1, 2, 3]
    );
}

#[test]
fn setup_red_faces_the_forbidden_space_and_first_player_is_drawn() {
    let g = game(3, false);
    let mut st = g.new_initial_state();
    let mut outcomes = salon_core::ChanceOutcomes::new();
    st.chance_outcomes(&g, &mut outcomes);
    assert_eq!(outcomes.len(), 3, "first player drawn uniformly");
    st.apply_action(&g, outcomes.actions()[2]).unwrap();
    testing::settle_chance(&g, &mut st, |_, _| None);
    assert_eq!(testing::first_player(&st), 2);
    assert_eq!(testing::mover(&st), 2);
    // Red (wheel sector 0) faces the printed forbidden bottom sector 0: no space acquires red.
    assert!((0..18).all(|s| testing::action_at(&g, &st, s) != WheelAction::Acquire(RED)));
}

#[test]
fn forbidden_tiles_cover_spaces_at_two_and_three_players() {
    let g2 = game(2, false);
    let st = testing::start(&g2);
    let legal = testing::legal_strings(&g2, &st);
    for s in [1, 5, 10, 14] {
        assert!(
            !legal
                .iter()
                .any(|x| x.starts_with(&format!("place on space {s} ("))),
            "space {s} is covered at 2 players"
        );
    }
    let g3 = game(3, false);
    let legal = testing::legal_strings(&g3, &testing::start(&g3));
    assert!(legal.iter().any(|x| x.starts_with("place on space 1 (")));
    assert!(!legal.iter().any(|x| x.starts_with("place on space 5 (")));
    let g4 = game(4, false);
    let legal = testing::legal_strings(&g4, &testing::start(&g4));
    assert_eq!(
        legal
            .iter()
            .filter(|x| x.starts_with("place on space"))
            .count(),
        18
    );
}

// ------------------------------------------------------------------ phase 1

#[test]
fn placement_one_assistant_per_space_white_space_unlimited() {
    let g = game(2, false);
    let mut st = testing::start(&g);
    testing::play(&g, &mut st, "place on space 3 (");
    let legal = testing::legal_strings(&g, &st);
    assert!(
        !legal.iter().any(|x| x.starts_with("place on space 3 (")),
        "space 3 is taken"
    );
    testing::play(&g, &mut st, "place on white");
    testing::play(&g, &mut st, "place on white");
    testing::play(&g, &mut st, "place on white");
    assert!(testing::legal_strings(&g, &st).contains(&"place on white".to_string()));
    ok(&g, &st);
}

#[test]
fn placement_first_player_space_forbidden_to_the_holder() {
    let g = game(2, false);
    let mut st = testing::start(&g);
    assert_eq!(testing::mover(&st), 0);
    assert!(!testing::legal_strings(&g, &st).contains(&"place on first player".to_string()));
    testing::play(&g, &mut st, "place on white");
    assert!(testing::legal_strings(&g, &st).contains(&"place on first player".to_string()));
}

#[test]
fn placement_in_turn_order_until_all_assistants_are_placed() {
    let g = game(3, false);
    let mut st = testing::start(&g);
    let mut order = Vec::new();
    while testing::phase(&st) == PH_PLACE {
        order.push(testing::mover(&st));
        testing::play(&g, &mut st, "place on white");
    }
    assert_eq!(order, vec![0, 1, 2, 0, 1, 2, 0, 1, 2]);
    assert_eq!(testing::phase(&st), PH_RESOLVE);
}

#[test]
fn kept_assistant_counts_as_placed_next_round() {
    let g = game(2, false);
    let mut st = testing::start(&g);
    place(&g, &mut st, &[&["space 6 ("], &[]]);
    finish_round(&g, &mut st);
    // Player 0 kept the assistant on space 6; it now faces the next wheel action.
    assert_eq!(testing::round(&st), 2);
    assert_eq!(testing::occupant(&st, 6), 0);
    let mut placed = [0; 2];
    while testing::phase(&st) == PH_PLACE {
        placed[testing::mover(&st)] += 1;
        testing::play(&g, &mut st, "place on white");
    }
    assert_eq!(placed, [2, 3]);
    let legal = testing::legal_strings(&g, &st);
    assert!(
        legal.contains(&"use space 6 (acquire yellow)".to_string()),
        "the kept assistant acts: {legal:?}"
    );
}

// ------------------------------------------------------------------ phase 2

#[test]
fn resolution_in_turn_order_any_assistant_or_forgo() {
    let g = game(2, false);
    let mut st = testing::start(&g);
    place(&g, &mut st, &[&["space 3 (", "space 7 ("], &["space 4 ("]]);
    assert_eq!(testing::mover(&st), 0);
    let legal = testing::legal_strings(&g, &st);
    for want in [
        "use space 3 (acquire yellow)",
        "use space 7 (mix orange)",
        "use white",
        "forgo space 3 (acquire yellow)",
        "forgo white",
    ] {
        assert!(legal.contains(&want.to_string()), "{want} in {legal:?}");
    }
    testing::play(&g, &mut st, "use space 7 (");
    assert_eq!(testing::mover(&st), 1);
    testing::play(&g, &mut st, "forgo space 4");
    assert_eq!(testing::mover(&st), 0);
    ok(&g, &st);
}

#[test]
fn acquire_primary_gives_tube_level_pigments() {
    let g = game(2, false);
    let mut st = testing::start(&g);
    testing::set_tool(&mut st, 0, TUBE, 3);
    place(&g, &mut st, &[&["space 3 ("], &[]]);
    testing::play(&g, &mut st, "use space 3 (acquire yellow)");
    assert_eq!(
        testing::pigments(&st, 0)[YELLOW as usize],
        1 + g.data().tracks[TUBE][2]
    );
    ok(&g, &st);
}

#[test]
fn acquire_white_gives_tube_level_whites_any_number_of_assistants() {
    let g = game(2, false);
    let mut st = testing::start(&g);
    place(&g, &mut st, &[&["white", "white", "white"], &[]]);
    testing::play(&g, &mut st, "use white");
    assert_eq!(
        testing::pigments(&st, 0)[WHITE as usize],
        g.data().tracks[TUBE][0]
    );
    ok(&g, &st);
}

#[test]
fn mix_two_primaries_gives_palette_level_secondaries() {
    let g = game(2, false);
    let mut st = testing::start(&g);
    testing::set_tool(&mut st, 0, PALETTE, 4);
    place(&g, &mut st, &[&["space 7 ("], &[]]);
    testing::play(&g, &mut st, "use space 7 (mix orange)");
    let pig = testing::pigments(&st, 0);
    assert_eq!(
        (pig[RED as usize], pig[YELLOW as usize], pig[BLUE as usize]),
        (0, 0, 1)
    );
    assert_eq!(pig[ORANGE as usize], g.data().tracks[PALETTE][3]);
    ok(&g, &st);
}

#[test]
fn mix_needs_both_primaries() {
    let g = game(2, false);
    let mut st = testing::start(&g);
    testing::clear(&mut st, 0, RED);
    place(&g, &mut st, &[&["space 7 ("], &[]]);
    let legal = testing::legal_strings(&g, &st);
    assert!(!legal.iter().any(|x| x.starts_with("use space 7")));
    assert!(legal.iter().any(|x| x.starts_with("forgo space 7")));
}

#[test]
fn mix_black_spends_three_secondaries_for_one_black_worth_6() {
    let g = game(2, false);
    let mut st = testing::start(&g);
    testing::set_tool(&mut st, 0, PALETTE, 8);
    for c in [ORANGE, GREEN, VIOLET] {
        testing::give(&mut st, 0, c, 1);
    }
    place(&g, &mut st, &[&["space 16 ("], &[]]);
    testing::play(&g, &mut st, "use space 16 (mix black)");
    let pig = testing::pigments(&st, 0);
    assert_eq!(&pig[3..6], &[0, 0, 0]);
    assert_eq!(
        pig[BLACK as usize], 1,
        "one black regardless of the palette"
    );
    assert_eq!(st.scores(&g)[0], 6);
    ok(&g, &st);
}

#[test]
fn upgrade_costs_two_primaries_to_space_4_white_replaces_either() {
    let g = game(2, false);
    let mut st = testing::start(&g);
    testing::give(&mut st, 0, WHITE, 1);
    place(&g, &mut st, &[&["space 6 ("], &[]]);
    testing::play(&g, &mut st, "use space 6 (upgrade)");
    let legal = testing::legal_strings(&g, &st);
    assert!(legal.contains(&"upgrade brush paying red+yellow".to_string()));
    assert!(legal.contains(&"upgrade tube paying blue+white".to_string()));
    assert!(
        !legal.iter().any(|x| x.contains("white+white")),
        "only one white"
    );
    testing::play(&g, &mut st, "upgrade brush paying yellow+white");
    assert_eq!(testing::tool(&st, 0, BRUSH), 2);
    assert_eq!(testing::pigments(&st, 0), [1, 0, 1, 0, 0, 0, 0, 0]);
    ok(&g, &st);
}

#[test]
fn upgrade_to_space_5_and_beyond_costs_secondaries() {
    let g = game(2, false);
    let mut st = testing::start(&g);
    testing::set_tool(&mut st, 0, TUBE, 4);
    testing::give(&mut st, 0, GREEN, 2);
    place(&g, &mut st, &[&["space 6 ("], &[]]);
    testing::play(&g, &mut st, "use space 6 (upgrade)");
    let legal = testing::legal_strings(&g, &st);
    assert!(legal.contains(&"upgrade tube paying green+green".to_string()));
    assert!(
        !legal
            .iter()
            .any(|x| x.starts_with("upgrade tube paying red")),
        "primaries do not pay for space 5: {legal:?}"
    );
    assert!(legal.contains(&"upgrade palette paying red+yellow".to_string()));
}

#[test]
fn development_bonus_at_space_6_hire_or_6_point_token() {
    let g = game(2, false);
    for (choice, hired, points) in [
        ("bonus: hire an assistant", 1, 0),
        ("bonus: 6-point token", 0, 6),
    ] {
        let mut st = testing::start(&g);
        testing::set_tool(&mut st, 0, PALETTE, 5);
        testing::give(&mut st, 0, ORANGE, 2);
        place(&g, &mut st, &[&["space 6 ("], &[]]);
        testing::play(&g, &mut st, "use space 6 (upgrade)");
        testing::play(&g, &mut st, "upgrade palette paying orange+orange");
        assert_eq!(testing::sub(&st), SUB_DEV_BONUS);
        assert_eq!(
            testing::legal_strings(&g, &st),
            vec!["bonus: hire an assistant", "bonus: 6-point token"]
        );
        testing::play(&g, &mut st, choice);
        assert_eq!(testing::assistants(&st, 0), (3, hired));
        assert_eq!(st.scores(&g)[0], points);
        ok(&g, &st);
    }
}

#[test]
fn hired_assistant_joins_from_the_next_round() {
    let g = game(2, false);
    let mut st = testing::start(&g);
    testing::set_tool(&mut st, 0, PALETTE, 5);
    testing::give(&mut st, 0, ORANGE, 2);
    place(&g, &mut st, &[&["space 6 ("], &[]]);
    testing::play(&g, &mut st, "use space 6 (upgrade)");
    testing::play(&g, &mut st, "upgrade palette paying orange+orange");
    testing::play(&g, &mut st, "bonus: hire");
    finish_round(&g, &mut st);
    assert_eq!(testing::assistants(&st, 0), (4, 0));
    let mut placed = [0; 2];
    while testing::phase(&st) == PH_PLACE {
        placed[testing::mover(&st)] += 1;
        testing::play(&g, &mut st, "place on white");
    }
    assert_eq!(
        placed,
        [3, 3],
        "player 0: 4 assistants, one kept on the board; player 1: 3, none kept"
    );
}

#[test]
fn last_space_gives_10_token_after_hiring() {
    let g = game(2, false);
    let mut st = testing::start(&g);
    testing::set_tool(&mut st, 0, BRUSH, 5);
    testing::give(&mut st, 0, GREEN, 4);
    place(
        &g,
        &mut st,
        &[&["space 6 (", "space 12 (", "space 13 ("], &[]],
    );
    testing::play(&g, &mut st, "use space 6 (upgrade)");
    testing::play(&g, &mut st, "upgrade brush paying green+green");
    testing::play(&g, &mut st, "bonus: hire");
    until_turn(&g, &mut st, 0);
    testing::play(&g, &mut st, "use space 12 (upgrade)");
    testing::play(&g, &mut st, "upgrade brush paying green+green");
    until_turn(&g, &mut st, 0);
    testing::give(&mut st, 0, VIOLET, 2);
    testing::play(&g, &mut st, "use space 13 (upgrade)");
    testing::play(&g, &mut st, "upgrade brush paying violet+violet");
    assert_eq!(testing::tool(&st, 0, BRUSH), 8);
    assert_eq!(testing::dev(&st, 0, BRUSH), DEV_TEN_HIRED);
    assert_eq!(st.scores(&g)[0], 10);
    ok(&g, &st);
}

#[test]
fn last_space_flips_the_6_token_to_10() {
    let g = game(4, false);
    let mut st = testing::start(&g);
    testing::set_tool(&mut st, 0, TUBE, 5);
    testing::give(&mut st, 0, GREEN, 6);
    place(
        &g,
        &mut st,
        &[&["space 6 (", "space 12 (", "space 13 ("], &[], &[], &[]],
    );
    testing::play(&g, &mut st, "use space 6 (upgrade)");
    testing::play(&g, &mut st, "upgrade tube paying green+green");
    testing::play(&g, &mut st, "bonus: 6-point token");
    assert_eq!(st.scores(&g)[0], 6);
    until_turn(&g, &mut st, 0);
    testing::play(&g, &mut st, "use space 12 (upgrade)");
    testing::play(&g, &mut st, "upgrade tube paying green+green");
    until_turn(&g, &mut st, 0);
    testing::play(&g, &mut st, "use space 13 (upgrade)");
    testing::play(&g, &mut st, "upgrade tube paying green+green");
    assert_eq!(testing::dev(&st, 0, TUBE), DEV_TEN_FLIPPED);
    assert_eq!(st.scores(&g)[0], 10);
    ok(&g, &st);
}

#[test]
fn take_painting_from_an_easel_not_refilled_until_phase_3() {
    let g = game(2, false);
    let mut st = testing::start(&g);
    place(&g, &mut st, &[&["space 0 ("], &[]]);
    testing::play(&g, &mut st, "use space 0 (take painting)");
    assert_eq!(testing::legal_strings(&g, &st).len(), 3);
    testing::play(&g, &mut st, "take painting 1 ");
    assert_eq!(testing::card_location(&st, 1), LOC_HELD);
    assert_eq!(testing::easels(&st)[1], NONE);
    forgo_rest(&g, &mut st);
    // Phase 3 refills the easel from the deck (a chance draw).
    assert!(st.is_chance_node(&g));
    testing::settle_chance(&g, &mut st, |_, _| None);
    assert_eq!(testing::easels(&st)[1], 3);
    ok(&g, &st);
}

#[test]
fn paint_places_up_to_brush_level_pigments_matching_squares() {
    let g = game(2, false);
    let mut st = testing::start(&g);
    testing::hand_painting(&mut st, 0, 20);
    testing::set_tool(&mut st, 0, BRUSH, 1);
    for c in 0..6 {
        testing::give(&mut st, 0, c, 3);
    }
    place(&g, &mut st, &[&["space 2 ("], &[]]);
    testing::play(&g, &mut st, "use space 2 (paint)");
    let brush = g.data().tracks[BRUSH][0] as usize;
    for _ in 0..brush {
        assert_eq!(testing::mover(&st), 0);
        testing::play(&g, &mut st, "paint ");
    }
    assert_eq!(testing::filled(&st, 20), brush as u32);
    assert_ne!(
        testing::sub(&st),
        SUB_PAINT,
        "the paint action ends at the brush level"
    );
    ok(&g, &st);
}

#[test]
fn paint_may_stop_early() {
    let g = game(2, false);
    let mut st = testing::start(&g);
    testing::hand_painting(&mut st, 0, 20);
    place(&g, &mut st, &[&["space 2 ("], &[]]);
    testing::play(&g, &mut st, "use space 2 (paint)");
    testing::play(&g, &mut st, "paint ");
    testing::play(&g, &mut st, "stop painting");
    assert_eq!(testing::filled(&st, 20), 1);
    assert_eq!(testing::mover(&st), 1);
}

#[test]
fn white_on_any_square_at_most_three_per_painting() {
    let g = game(2, false);
    let mut st = testing::start(&g);
    testing::hand_painting(&mut st, 0, 20);
    testing::prefill(&g, &mut st, 20, 0b11, 0b11);
    testing::set_tool(&mut st, 0, BRUSH, 8);
    testing::give(&mut st, 0, WHITE, 5);
    for c in 3..6 {
        testing::give(&mut st, 0, c, 1);
    }
    place(&g, &mut st, &[&["space 2 ("], &[]]);
    testing::play(&g, &mut st, "use space 2 (paint)");
    let legal = testing::legal_strings(&g, &st);
    assert_eq!(
        legal
            .iter()
            .filter(|x| x.starts_with("paint white"))
            .count(),
        7,
        "white on any empty square"
    );
    testing::play(&g, &mut st, "paint white on painting 20 square 8");
    let legal = testing::legal_strings(&g, &st);
    assert!(
        !legal.iter().any(|x| x.starts_with("paint white")),
        "three whites already: {legal:?}"
    );
    assert!(
        legal.iter().any(|x| x.starts_with("paint ")),
        "colours still go on: {legal:?}"
    );
    ok(&g, &st);
}

#[test]
fn finished_painting_scores_points_minus_2_per_white_and_returns_pigments() {
    let g = game(2, false);
    let mut st = testing::start(&g);
    testing::hand_painting(&mut st, 0, 31);
    testing::prefill(&g, &mut st, 31, 0b0_1111_1111, 0b1);
    let last = g.data().paintings[31].grid[8];
    testing::give(&mut st, 0, last, 1);
    let before = testing::supply(&st);
    place(&g, &mut st, &[&["space 2 ("], &[]]);
    testing::play(&g, &mut st, "use space 2 (paint)");
    testing::play(
        &g,
        &mut st,
        &format!(
            "paint {} on painting 31 square 8",
            COLOUR_NAMES[last as usize]
        ),
    );
    assert_eq!(testing::card_location(&st, 31), LOC_DONE);
    assert_eq!(testing::finished(&st, 0), (1, 1));
    let after = testing::supply(&st);
    let returned: u32 = (0..8).map(|c| (after[c] - before[c]) as u32).sum();
    assert_eq!(
        returned, 9,
        "the finished painting's pigments go back to the supply"
    );
    assert_eq!(st.scores(&g)[0], g.data().paintings[31].points as i32 - 2);
    ok(&g, &st);
}

#[test]
fn first_player_space_gives_a_white_now_and_the_token_after_phase_3() {
    let g = game(2, false);
    let mut st = testing::start(&g);
    place(&g, &mut st, &[&[], &["first player"]]);
    until_turn(&g, &mut st, 1);
    testing::play(&g, &mut st, "use first player");
    assert_eq!(testing::pigments(&st, 1)[WHITE as usize], 1);
    assert_eq!(
        testing::first_player(&st),
        0,
        "the token moves at the end of phase 3"
    );
    finish_round(&g, &mut st);
    assert_eq!(testing::first_player(&st), 1);
    assert_eq!(testing::mover(&st), 1);
}

#[test]
fn forgoing_the_first_player_space_forgoes_the_token_and_the_white() {
    // The first-player action is "take the first-player token" (with 1 white now); forgoing
    // the assistant forgoes the whole action, so the current first player stays.
    let g = game(2, false);
    let mut st = testing::start(&g);
    place(&g, &mut st, &[&[], &["first player"]]);
    until_turn(&g, &mut st, 1);
    testing::play(&g, &mut st, "forgo first player");
    assert_eq!(testing::pigments(&st, 1)[WHITE as usize], 0);
    finish_round(&g, &mut st);
    assert_eq!(testing::first_player(&st), 0);
    assert_eq!(testing::mover(&st), 0);
}

#[test]
fn first_player_stays_when_nobody_takes_the_space() {
    let g = game(2, false);
    let mut st = testing::start(&g);
    place(&g, &mut st, &[&[], &[]]);
    finish_round(&g, &mut st);
    assert_eq!(testing::first_player(&st), 0);
}

#[test]
fn copy_performs_the_action_of_an_occupied_bottom_space() {
    let g = game(2, false);
    let mut st = testing::start(&g);
    place(&g, &mut st, &[&["copy"], &["space 3 ("]]);
    testing::play(&g, &mut st, "use copy");
    let legal = testing::legal_strings(&g, &st);
    assert_eq!(
        legal,
        vec!["copy space 3 (acquire yellow)"],
        "only occupied bottom spaces"
    );
    testing::play(&g, &mut st, "copy space 3");
    assert_eq!(
        testing::pigments(&st, 0)[YELLOW as usize],
        1 + g.data().tracks[TUBE][0]
    );
    ok(&g, &st);
}

#[test]
fn rotate_space_lets_its_player_choose_0_or_2_steps_in_phase_3() {
    let g = game(2, false);
    for (choice, steps) in [("rotate 0 steps", 0u8), ("rotate 2 steps", 2)] {
        let mut st = testing::start(&g);
        place(&g, &mut st, &[&[], &["rotate"]]);
        until_turn(&g, &mut st, 1);
        testing::play(&g, &mut st, "use rotate");
        forgo_rest(&g, &mut st);
        assert_eq!(testing::phase(&st), PH_ROTATE);
        assert_eq!(testing::mover(&st), 1);
        testing::play(&g, &mut st, choice);
        assert_eq!(testing::rotation(&st), steps);
    }
}

#[test]
fn wheel_rotates_one_step_each_round() {
    let g = game(2, false);
    let mut st = testing::start(&g);
    assert_eq!(testing::action_at(&g, &st, 3), WheelAction::Acquire(YELLOW));
    place(&g, &mut st, &[&[], &[]]);
    finish_round(&g, &mut st);
    assert_eq!(testing::rotation(&st), 1);
    // Bottom sector 3 now faces wheel sector 2 (paint).
    assert_eq!(testing::action_at(&g, &st, 3), WheelAction::Paint);
}

#[test]
fn half_turn_replaces_all_paintings_on_the_easels() {
    let g = game(2, false);
    let mut st = testing::start(&g);
    // Five rounds of plain rotation: red goes from forbidden sector 0 to sector 5.
    for _ in 0..5 {
        place(&g, &mut st, &[&[], &[]]);
        finish_round(&g, &mut st);
    }
    assert_eq!(
        testing::easels(&st),
        [0, 1, 2, NONE],
        "no replacement before the half-turn"
    );
    place(&g, &mut st, &[&[], &[]]);
    forgo_rest(&g, &mut st);
    // The sixth rotation puts red on the second forbidden sector: all easels are replaced.
    assert!(st.is_chance_node(&g));
    testing::settle_chance(&g, &mut st, |_, _| None);
    assert_eq!(testing::easels(&st), [3, 4, 5, NONE]);
    for c in 0..3 {
        assert_eq!(testing::card_location(&st, c), LOC_REMOVED);
    }
    ok(&g, &st);
}

#[test]
fn half_turn_counts_when_a_2_step_rotation_passes_the_forbidden_space() {
    let g = game(2, false);
    let mut st = testing::start(&g);
    // Four plain rounds: red on sector 4; a 2-step rotation passes sector 5 and lands on the
    // forbidden sector 6.
    for _ in 0..4 {
        place(&g, &mut st, &[&[], &[]]);
        finish_round(&g, &mut st);
    }
    assert_eq!(testing::rotation(&st), 4);
    place(&g, &mut st, &[&[], &["rotate"]]);
    until_turn(&g, &mut st, 1);
    testing::play(&g, &mut st, "use rotate");
    forgo_rest(&g, &mut st);
    testing::play(&g, &mut st, "rotate 2 steps");
    assert_eq!(testing::rotation(&st), 6);
    testing::settle_chance(&g, &mut st, |_, _| None);
    assert_eq!(testing::easels(&st), [3, 4, 5, NONE], "all easels replaced");
    // Rotating 0 steps while on the forbidden space is not a new half-turn.
    while testing::phase(&st) != PH_PLACE {
        let legal = testing::legal_strings(&g, &st);
        testing::play(&g, &mut st, &legal[0]);
    }
    place(&g, &mut st, &[&[], &["rotate"]]);
    until_turn(&g, &mut st, 1);
    testing::play(&g, &mut st, "use rotate");
    forgo_rest(&g, &mut st);
    testing::play(&g, &mut st, "rotate 0 steps");
    assert_eq!(testing::rotation(&st), 6);
    assert!(!st.is_chance_node(&g));
    assert_eq!(testing::easels(&st), [3, 4, 5, NONE]);
    ok(&g, &st);
}

#[test]
fn empty_painting_deck_leaves_easels_empty() {
    let g = game(2, false);
    let mut st = testing::start(&g);
    for c in 3..NUM_PAINTINGS {
        testing::hand_painting(&mut st, 1, c);
    }
    place(&g, &mut st, &[&["space 0 ("], &[]]);
    testing::play(&g, &mut st, "use space 0 (take painting)");
    testing::play(&g, &mut st, "take painting 0 ");
    forgo_rest(&g, &mut st);
    assert!(!st.is_chance_node(&g), "nothing to draw");
    assert_eq!(testing::easels(&st), [NONE, 1, 2, NONE]);
    ok(&g, &st);
}

#[test]
fn discard_down_to_12_pigments_black_not_counted() {
    let g = game(2, false);
    let mut st = testing::start(&g);
    testing::give(&mut st, 0, WHITE, 11);
    testing::give_black(&mut st, 0, 2);
    place(&g, &mut st, &[&[], &[]]);
    forgo_rest(&g, &mut st);
    assert_eq!(testing::phase(&st), PH_DISCARD);
    assert_eq!(testing::mover(&st), 0);
    let legal = testing::legal_strings(&g, &st);
    assert_eq!(
        legal,
        vec![
            "discard red",
            "discard yellow",
            "discard blue",
            "discard white"
        ]
    );
    testing::play(&g, &mut st, "discard white");
    testing::play(&g, &mut st, "discard red");
    // Down to 12: nobody has a bottom-board assistant to keep, so round 2 starts.
    assert_eq!(testing::phase(&st), PH_PLACE);
    assert_eq!(testing::pigments(&st, 0), [0, 1, 1, 0, 0, 0, 10, 2]);
    ok(&g, &st);
}

#[test]
fn keep_one_assistant_on_the_bottom_board_others_return() {
    let g = game(2, false);
    let mut st = testing::start(&g);
    place(&g, &mut st, &[&["space 3 (", "space 7 (", "copy"], &[]]);
    forgo_rest(&g, &mut st);
    assert_eq!(testing::phase(&st), PH_KEEP);
    let legal = testing::legal_strings(&g, &st);
    assert_eq!(
        legal.len(),
        2,
        "only bottom-board assistants can stay: {legal:?}"
    );
    testing::play(&g, &mut st, "keep assistant on space 7");
    // Player 1 has only white-space assistants: nothing to keep.
    assert_eq!(testing::phase(&st), PH_PLACE);
    assert_eq!(testing::occupant(&st, 7), 0);
    assert_eq!(testing::occupant(&st, 3), NONE);
    assert_eq!(testing::occupant(&st, SP_COPY), NONE);
    ok(&g, &st);
}

// ------------------------------------------------------------------ end of the game

#[test]
fn game_ends_after_phase_2_when_a_second_painting_is_finished() {
    let g = game(2, false);
    let mut st2 = testing::start(&g);
    testing::hand_painting(&mut st2, 0, 31);
    testing::prefill(&g, &mut st2, 31, 0xFF, 0);
    let last = g.data().paintings[31].grid[8];
    testing::give(&mut st2, 0, last, 1);
    testing::hand_painting(&mut st2, 0, 29);
    testing::prefill(&g, &mut st2, 29, 0xFF, 0);
    let last29 = g.data().paintings[29].grid[8];
    testing::give(&mut st2, 0, last29, 1);
    testing::set_tool(&mut st2, 0, BRUSH, 8);
    place(&g, &mut st2, &[&["space 2 ("], &["space 9 ("]]);
    testing::play(&g, &mut st2, "use space 2 (paint)");
    testing::play(&g, &mut st2, "paint ");
    testing::play(&g, &mut st2, "paint ");
    assert_eq!(testing::finished(&st2, 0).0, 2);
    assert!(testing::end_triggered(&st2));
    assert!(!st2.is_terminal(&g), "the action phase is completed first");
    assert_eq!(testing::mover(&st2), 1);
    forgo_rest(&g, &mut st2);
    assert!(st2.is_terminal(&g));
}

#[test]
fn game_ends_when_the_fifth_black_is_taken() {
    let g = game(2, false);
    let mut st = testing::start(&g);
    testing::give_black(&mut st, 1, 4);
    for c in [ORANGE, GREEN, VIOLET] {
        testing::give(&mut st, 0, c, 1);
    }
    place(&g, &mut st, &[&["space 16 ("], &[]]);
    testing::play(&g, &mut st, "use space 16 (mix black)");
    assert!(testing::end_triggered(&st));
    forgo_rest(&g, &mut st);
    assert!(st.is_terminal(&g));
    assert_eq!(st.scores(&g)[..2], [6, 24]);
    assert_eq!(st.returns(&g)[..2], [0.0, 1.0]);
}

#[test]
fn the_fifth_black_is_the_last_one_that_can_be_made() {
    // Player 1 holds four blacks; player 0 mixes the fifth, which ends the game, and player 1
    // may not mix a sixth in the same final round although the box still holds one.
    let g = game(2, false);
    let mut st = testing::start(&g);
    testing::give_black(&mut st, 1, 4);
    for p in 0..2 {
        for c in [ORANGE, GREEN, VIOLET] {
            testing::give(&mut st, p, c, 1);
        }
    }
    place(&g, &mut st, &[&["space 16 ("], &["space 17 ("]]);
    testing::play(&g, &mut st, "use space 16 (mix black)");
    assert!(testing::end_triggered(&st));
    assert_eq!(
        testing::supply(&st)[BLACK as usize],
        1,
        "one black left in the box"
    );
    until_turn(&g, &mut st, 1);
    let legal = testing::legal_strings(&g, &st);
    assert!(
        legal.iter().any(|a| a.starts_with("forgo space 17")),
        "{legal:?}"
    );
    assert!(
        !legal.iter().any(|a| a.starts_with("use space 17")),
        "no sixth black: {legal:?}"
    );
    forgo_rest(&g, &mut st);
    assert!(st.is_terminal(&g));
    assert_eq!(testing::pigments(&st, 1)[BLACK as usize], 4);
}

/// Player 0 finishes paintings 30 and 31 (10 points each) with one white: 18 points.
/// Player 1 paints painting 14 (8 points) with `p1_whites` whites (if `p1_paints`) and
/// holds `p1_blacks` blacks.
fn tie_game(p1_paints: bool, p1_whites: u16, p1_blacks: u8) -> (ColorsOfParis, ColorsOfParisState) {
    let g = game(2, false);
    let mut st = testing::start(&g);
    assert_eq!(
        (g.data().paintings[30].points, g.data().paintings[31].points),
        (10, 10)
    );
    for (card, whites) in [(30, 0b1u16), (31, 0)] {
        testing::hand_painting(&mut st, 0, card);
        testing::prefill(&g, &mut st, card, 0xFF, whites);
        let last = g.data().paintings[card].grid[8];
        testing::give(&mut st, 0, last, 1);
    }
    if p1_paints {
        assert_eq!(g.data().paintings[14].points, 8);
        testing::hand_painting(&mut st, 1, 14);
        testing::prefill(&g, &mut st, 14, 0xFF, p1_whites);
        let last = g.data().paintings[14].grid[8];
        testing::give(&mut st, 1, last, 1);
    }
    testing::give_black(&mut st, 1, p1_blacks);
    place(&g, &mut st, &[&["space 2 ("], &["space 9 ("]]);
    testing::play(&g, &mut st, "use space 2 (paint)");
    testing::play(&g, &mut st, "paint ");
    testing::play(&g, &mut st, "paint ");
    if p1_paints {
        testing::play(&g, &mut st, "use space 9 (paint)");
        testing::play(&g, &mut st, "paint ");
    }
    forgo_rest(&g, &mut st);
    assert!(st.is_terminal(&g));
    ok(&g, &st);
    (g, st)
}

#[test]
fn tie_break_fewest_whites_used_wins() {
    let (g, st) = tie_game(false, 0, 3);
    assert_eq!(st.scores(&g)[..2], [18, 18]);
    assert_eq!(st.returns(&g)[..2], [0.0, 1.0], "player 1 used no white");
}

#[test]
fn tie_break_then_most_valuable_finished_painting() {
    let (g, st) = tie_game(true, 0b1, 2);
    assert_eq!(st.scores(&g)[..2], [18, 18]);
    assert_eq!(testing::finished(&st, 1), (1, 1));
    assert_eq!(
        st.returns(&g)[..2],
        [1.0, 0.0],
        "player 0's best painting (10) beats 8"
    );
}

#[test]
fn returns_are_win_shares_with_tie_breaks() {
    let g = game(2, false);
    let mut st = testing::start(&g);
    // Both players end with one black: same score, no whites, no painting: shared win.
    testing::give_black(&mut st, 0, 1);
    testing::give_black(&mut st, 1, 1);
    testing::give_black(&mut st, 1, 2);
    for c in [ORANGE, GREEN, VIOLET] {
        testing::give(&mut st, 0, c, 1);
    }
    place(&g, &mut st, &[&["space 16 ("], &[]]);
    testing::play(&g, &mut st, "use space 16 (mix black)");
    forgo_rest(&g, &mut st);
    assert!(st.is_terminal(&g));
    assert_eq!(st.scores(&g)[..2], [12, 18]);
    assert_eq!(st.returns(&g)[..2], [0.0, 1.0]);
}

// ------------------------------------------------------------------ advanced rules

#[test]
fn advanced_painter_tiles_dealt_face_up() {
    let g = game(3, true);
    let st = testing::start(&g);
    assert_eq!([0, 1, 2].map(|p| testing::painter(&st, p)), [0, 1, 2]);
    ok(&g, &st);
    let obs = st.observation_string(&g, 1);
    assert!(obs.contains("painter Renoir") && obs.contains("painter Cezanne"));
}

#[test]
fn advanced_painter_acquire_bonus_adds_pigments() {
    let g = game(2, true);
    let mut st = testing::start(&g);
    // Player 1 is Cezanne: +1 yellow whenever acquiring yellow.
    place(&g, &mut st, &[&[], &["space 3 ("]]);
    until_turn(&g, &mut st, 1);
    testing::play(&g, &mut st, "use space 3 (acquire yellow)");
    assert_eq!(
        testing::pigments(&st, 1)[YELLOW as usize],
        1 + g.data().tracks[TUBE][0] + 1
    );
}

#[test]
fn advanced_painter_start_tool_begins_on_space_2() {
    let g = game(4, true);
    let mut st = g.new_initial_state();
    // First player 0, then deal painters 5 (Toulouse-Lautrec: palette) to player 0.
    testing::settle_chance(&g, &mut st, |s, list| {
        if testing::phase(s) == PH_PAINTER {
            list.iter().copied().find(|&a| a as usize == 47 + 5)
        } else {
            None
        }
    });
    assert_eq!(testing::painter(&st, 0), 5);
    assert_eq!(testing::tool(&st, 0, PALETTE), 2);
}

#[test]
fn advanced_bonus_card_instead_of_painting_costs_white_and_stays_hidden() {
    let g = game(2, true);
    let mut st = testing::start(&g);
    testing::give(&mut st, 0, WHITE, 2);
    place(&g, &mut st, &[&["space 0 ("], &[]]);
    testing::play(&g, &mut st, "use space 0 (take painting)");
    let legal = testing::legal_strings(&g, &st);
    assert!(
        legal.contains(&"take a bonus card paying 2 white".to_string()),
        "{legal:?}"
    );
    testing::play(&g, &mut st, "take a bonus card");
    assert_eq!(testing::pigments(&st, 0)[WHITE as usize], 0);
    assert!(st.is_chance_node(&g));
    testing::settle_chance(&g, &mut st, |_, list| {
        list.iter().copied().find(|&a| a == 32 + 8)
    });
    assert_eq!(testing::bonus_location(&st, 8), 1);
    let mine = st.observation_string(&g, 0);
    let theirs = st.observation_string(&g, 1);
    assert!(mine.contains("Prolific"));
    assert!(
        !theirs.contains("Prolific"),
        "bonus cards are hidden from the others"
    );
    assert!(theirs.contains("1 bonus cards face down"));
    let mut t0 = vec![0.0f32; g.observation_tensor_size()];
    let mut t1 = t0.clone();
    st.observation_tensor(&g, 1, &mut t0);
    let mut rng = Xoshiro256StarStar::seed_from_u64(5);
    for _ in 0..20 {
        let r = st.resample_from_infostate(&g, 1, &mut rng).unwrap();
        r.observation_tensor(&g, 1, &mut t1);
        assert_eq!(t0, t1);
        assert_eq!(
            r.information_state_string(&g, 1),
            st.information_state_string(&g, 1)
        );
        ok(&g, &r);
    }
    ok(&g, &st);
}

#[test]
fn a_bonus_card_drawn_face_down_is_not_named_to_the_others() {
    let g = game(3, true);
    let mut st = testing::start(&g);
    testing::give(&mut st, 0, WHITE, 2);
    place(&g, &mut st, &[&["space 0 ("], &[], &[]]);
    testing::play(&g, &mut st, "use space 0 (take painting)");
    testing::play(&g, &mut st, "take a bonus card");
    assert!(st.is_chance_node(&g));
    let draw = 32 + 8;
    assert_eq!(
        st.action_to_string(&g, draw),
        "draw bonus card 8 (Prolific)"
    );
    assert_eq!(
        st.action_to_string_for(&g, 0, draw),
        "draw bonus card 8 (Prolific)",
        "the player who draws the card sees it"
    );
    for other in [1, 2] {
        assert_eq!(
            st.action_to_string_for(&g, other, draw),
            "draw a bonus card for player 0",
            "player {other} does not see the card"
        );
    }
    // Every other move reads the same to everyone, the easel draws included.
    testing::settle_chance(&g, &mut st, |_, list| {
        list.iter().copied().find(|&a| a == draw)
    });
    assert_eq!(testing::bonus_location(&st, 8), 1);
    for p in 0..3 {
        assert_eq!(
            st.action_to_string_for(&g, p, 0),
            st.action_to_string(&g, 0)
        );
    }
}

#[test]
fn advanced_bonus_cards_score_at_the_end() {
    let g = game(2, true);
    let mut st = testing::start(&g);
    testing::give(&mut st, 0, WHITE, 2);
    testing::give_black(&mut st, 1, 4);
    place(&g, &mut st, &[&["space 0 ("], &[]]);
    testing::play(&g, &mut st, "use space 0 (take painting)");
    testing::play(&g, &mut st, "take a bonus card");
    // Bonus card 0: 2 points per black.
    testing::settle_chance(&g, &mut st, |_, list| {
        list.iter().copied().find(|&a| a == 32)
    });
    testing::give_black(&mut st, 0, 1);
    for c in [ORANGE, GREEN, VIOLET] {
        testing::give(&mut st, 1, c, 1);
    }
    forgo_rest(&g, &mut st);
    assert!(!st.is_terminal(&g));
    assert_eq!(
        st.scores(&g)[0],
        6,
        "hidden bonus cards are not in the running score"
    );
}

#[test]
fn resample_redraws_only_the_bonus_cards_the_player_cannot_see() {
    let g = game(3, true);
    let mut st = testing::start(&g);
    for p in 0..3 {
        testing::give(&mut st, p, WHITE, 2);
    }
    place(
        &g,
        &mut st,
        &[&["space 0 ("], &["space 1 ("], &["space 3 ("]],
    );
    testing::play(&g, &mut st, "use space 0");
    testing::play(&g, &mut st, "take a bonus card");
    testing::settle_chance(&g, &mut st, |_, list| {
        list.iter().copied().find(|&a| a == 32 + 3)
    });
    testing::play(&g, &mut st, "use space 1");
    testing::play(&g, &mut st, "take a bonus card");
    testing::settle_chance(&g, &mut st, |_, list| {
        list.iter().copied().find(|&a| a == 32 + 7)
    });
    let mut rng = Xoshiro256StarStar::seed_from_u64(11);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..200 {
        let r = st.resample_from_infostate(&g, 0, &mut rng).unwrap();
        assert_eq!(
            testing::bonus_location(&r, 3),
            1,
            "player 0 keeps their own card"
        );
        let held: Vec<usize> = (0..NUM_BONUS)
            .filter(|&b| testing::bonus_location(&r, b) == 2)
            .collect();
        assert_eq!(held.len(), 1);
        seen.insert(held[0]);
        assert_eq!(
            r.information_state_string(&g, 0),
            st.information_state_string(&g, 0)
        );
    }
    assert_eq!(
        seen.len(),
        NUM_BONUS - 1,
        "player 1's card is redrawn among all unseen cards"
    );
}

// ------------------------------------------------------------------ components

#[test]
fn component_file_user_copy_loads() {
    let g = game(2, false);
    let json = g.components().json.clone();
    let p = Params::new().with("players", ParamValue::Int(2));
    let g2 = ColorsOfParis::with_params(&p, Some(&json)).unwrap();
    assert_eq!(g2.components().hash, g.components().hash);
    assert!(g.components().substitute);
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["name"] = serde_json::Value::String("my own set".into());
    v["substitute"] = serde_json::Value::Bool(false);
    v["paintings"][0]["points"] = serde_json::Value::from(12);
    let g3 = ColorsOfParis::with_params(&p, Some(&v.to_string())).unwrap();
    assert_eq!(g3.components().name, "my own set");
    assert!(!g3.components().substitute);
    assert_eq!(g3.data().paintings[0].points, 12);
}

fn rejects(edit: impl Fn(&mut serde_json::Value), want: &[&str]) {
    let g = game(2, false);
    let mut v: serde_json::Value = serde_json::from_str(&g.components().json).unwrap();
    edit(&mut v);
    let p = Params::new().with("players", ParamValue::Int(2));
    match ColorsOfParis::with_params(&p, Some(&v.to_string())) {
        Err(SalonError::InvalidComponents { message }) => {
            for w in want {
                assert!(
                    message.contains(w),
                    "message {message:?} should mention {w:?}"
                );
            }
        }
        other => panic!("expected InvalidComponents, got {other:?}"),
    }
}

#[test]
fn component_file_missing_field_rejected() {
    rejects(
        |v| {
            v["paintings"][4].as_object_mut().unwrap().remove("points");
        },
        &["paintings[4]", "points", "missing"],
    );
    rejects(
        |v| {
            v.as_object_mut().unwrap().remove("tracks");
        },
        &["tracks", "missing"],
    );
}

#[test]
fn component_file_wrong_count_rejected() {
    rejects(
        |v| {
            v["paintings"].as_array_mut().unwrap().pop();
        },
        &["paintings", "31", "32"],
    );
    rejects(
        |v| {
            v["paintings"][2]["grid"].as_array_mut().unwrap().pop();
        },
        &["paintings[2]", "grid", "9"],
    );
    rejects(
        |v| {
            v["bonus_cards"].as_array_mut().unwrap().pop();
        },
        &["bonus_cards", "15"],
    );
    rejects(
        |v| {
            v["tracks"]["brush"].as_array_mut().unwrap().pop();
        },
        &["tracks.brush", "8"],
    );
}

#[test]
fn component_file_bad_value_rejected() {
    rejects(
        |v| v["paintings"][3]["grid"][1] = "pink".into(),
        &["paintings[3]", "grid[1]", "pink"],
    );
    rejects(
        |v| v["paintings"][3]["points"] = (-1).into(),
        &["paintings[3]", "points", "-1"],
    );
    rejects(|v| v["wheel"][2] = "dance".into(), &["wheel[2]", "dance"]);
    rejects(
        |v| v["painters"][1]["ability"] = "fly".into(),
        &["painters[1]", "ability", "fly"],
    );
    rejects(|v| v["covered_2p"][0] = 99.into(), &["covered_2p[0]", "99"]);
    rejects(
        |v| v["upgrade_cost"][0] = "gold".into(),
        &["upgrade_cost[0]", "gold"],
    );
}

#[test]
fn tracked_state_plays_random_games_to_the_end() {
    let g = std::sync::Arc::new(game(4, true));
    let mut t = TrackedState::new(g, 3);
    let mut rng = Xoshiro256StarStar::seed_from_u64(3);
    t.play_random(&mut rng);
    assert!(t.is_terminal());
}

// ------------------------------------------------------------------ upgrade cost readings

/// The substitute file with every `upgrade_cost` entry replaced by `entry`.
fn with_upgrade_cost(entry: serde_json::Value) -> ColorsOfParis {
    let g = game(2, false);
    let mut v: serde_json::Value = serde_json::from_str(&g.components().json).unwrap();
    v["name"] = "upgrade cost reading".into();
    v["upgrade_cost"] = serde_json::Value::Array(vec![entry; 7]);
    let p = Params::new().with("players", ParamValue::Int(2));
    ColorsOfParis::with_params(&p, Some(&v.to_string())).unwrap()
}

/// Legal upgrade strings for player 0 holding `pigments` with the tube on space 1.
fn upgrade_choices(g: &ColorsOfParis, pigments: &[(u8, u8)]) -> Vec<String> {
    let mut st = testing::start(g);
    for c in [RED, YELLOW, BLUE] {
        testing::clear(&mut st, 0, c);
    }
    for &(c, k) in pigments {
        if c == BLACK {
            testing::give_black(&mut st, 0, k);
        } else {
            testing::give(&mut st, 0, c, k);
        }
    }
    place(g, &mut st, &[&["space 6 ("], &[]]);
    testing::play(g, &mut st, "use space 6 (upgrade)");
    testing::legal_strings(g, &st)
        .into_iter()
        .filter(|a| a.starts_with("upgrade tube"))
        .collect()
}

#[test]
fn upgrade_cost_first_schema_still_loads_with_the_same_hash() {
    // The substitute file keeps the first schema ("primary" / "secondary" strings); its hash
    // is the one the records of salon 0.1.0 name, so they still replay.
    let g = game(2, false);
    assert_eq!(g.components().hash, "18d961bc51fbacff");
    assert_eq!(g.data().upgrade_cost[0], UpgradeCost::PRIMARY_OR_WHITE);
    assert_eq!(g.data().upgrade_cost[3], UpgradeCost::SECONDARY_OR_WHITE);
    assert_eq!(
        g.num_distinct_actions(),
        809,
        "no black-paying ids when black never pays"
    );
}

#[test]
fn upgrade_cost_substitute_reading_black_never_pays() {
    let g = game(2, false);
    let legal = upgrade_choices(&g, &[(WHITE, 1), (BLACK, 2), (RED, 1)]);
    assert_eq!(
        legal,
        vec!["upgrade tube paying red+white"],
        "black pays nothing by default"
    );
}

#[test]
fn upgrade_cost_reading_two_of_any_of_three_kinds() {
    // "2 de cada 3 (prima ... segundo ... wh)": 2 pigments, each primary, secondary or white.
    let g = with_upgrade_cost(
        serde_json::json!({"pays": ["primary", "secondary", "white"], "pigments": 2}),
    );
    let legal = upgrade_choices(&g, &[(ORANGE, 1), (RED, 1), (BLACK, 1)]);
    assert_eq!(legal, vec!["upgrade tube paying red+orange"]);
    assert_eq!(g.num_distinct_actions(), 809);
}

#[test]
fn upgrade_cost_reading_black_or_white_pays() {
    // "Bl o wh" read as "black or white": black pays, with its own appended action ids.
    let g = with_upgrade_cost(serde_json::json!({"pays": ["black", "white"]}));
    assert_eq!(g.num_distinct_actions(), 833);
    let legal = upgrade_choices(&g, &[(WHITE, 1), (BLACK, 2), (RED, 2)]);
    assert_eq!(
        legal,
        vec![
            "upgrade tube paying white+black",
            "upgrade tube paying black+black"
        ]
    );
    let mut st = testing::start(&g);
    testing::give_black(&mut st, 0, 2);
    place(&g, &mut st, &[&["space 6 ("], &[]]);
    testing::play(&g, &mut st, "use space 6 (upgrade)");
    let id = testing::find(&g, &st, "upgrade tube paying black+black");
    assert!((809..833).contains(&(id as usize)), "id {id}");
    assert_eq!(
        st.string_to_action(&g, "upgrade tube paying black+black")
            .unwrap(),
        id
    );
    testing::play(&g, &mut st, "upgrade tube paying black+black");
    assert_eq!(testing::tool(&st, 0, TUBE), 2);
    assert_eq!(testing::pigments(&st, 0)[BLACK as usize], 0);
    ok(&g, &st);
}

#[test]
fn upgrade_cost_entry_errors_name_the_entry() {
    rejects(
        |v| v["upgrade_cost"][2] = serde_json::json!({"pays": ["white"], "pigments": 3}),
        &["upgrade_cost[2].pigments", "3"],
    );
    rejects(
        |v| v["upgrade_cost"][1] = serde_json::json!({"pays": ["gold"]}),
        &["upgrade_cost[1].pays[0]", "gold"],
    );
    rejects(
        |v| v["upgrade_cost"][0] = serde_json::json!({"pays": []}),
        &["upgrade_cost[0].pays", "empty"],
    );
    rejects(
        |v| v["upgrade_cost"][0] = serde_json::json!({"cost": 2}),
        &["upgrade_cost[0]", "cost"],
    );
}
