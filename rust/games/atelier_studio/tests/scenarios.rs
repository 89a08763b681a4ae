//! One test per rule, each named after the rule it pins. Positions are built through real
//! play (`testing::setup`, chance outcomes chosen by id) and, where a rule needs a specific
//! position, through the `testing` setters, which keep every piece accounted for.
//!
//! Substitute cards used (file order): 0 "Fog over the Quay" (1 blue 1 green, 1 vp, gain 1
//! inspiration), 1 "Poplars in the Wind" (2 blue, gain 1 green), 2 "Boats at Argenteuil Bend"
//! (adjust a die each turn), 3 "Lilac Garden" (1 student, place a student), 4 "Skaters on the
//! Pond" (masterpiece, gain 1 paint of choice), 5 "Cathedral in Morning Light" (3 blue 1 yellow,
//! masterpiece, 4 vp, 1 student), 6 "Regatta at Noon" (masterpiece, draw a patron),
//! 7 "The Bridge in Snow" (2 students), 12 "Cafe Terrace by Lamplight" (swap paint each turn),
//! 22 "Village Funeral" (shift a student each turn), 30 "Wanderer above the Mist" (1 red 1 blue).

use salon_atelier_studio::testing::{self, BLUE, GREEN, RED, YELLOW};
use salon_atelier_studio::{invariants, AtelierStudio, AtelierStudioState};
use salon_core::{
    Action, ActionList, Game, ParamValue, Params, SalonError, State, Xoshiro256StarStar,
};

fn game(players: i64) -> AtelierStudio {
    AtelierStudio::with_params(
        &Params::new().with("players", ParamValue::Int(players)),
        None,
    )
    .unwrap()
}

fn legal(g: &AtelierStudio, s: &AtelierStudioState) -> Vec<String> {
    testing::legal_strings(g, s)
}

fn legal_ids(g: &AtelierStudio, s: &AtelierStudioState) -> Vec<Action> {
    let mut l = ActionList::new();
    s.legal_actions(g, &mut l);
    l.to_vec()
}

fn roll(g: &AtelierStudio, s: &mut AtelierStudioState, faces: &[u8]) {
    assert_eq!(testing::phase_name(s), "roll", "{}", s.render(g));
    s.apply_action(g, testing::roll_action(g, faces)).unwrap();
}

fn play(g: &AtelierStudio, s: &mut AtelierStudioState, moves: &[&str]) {
    testing::play(g, s, moves)
}

/// Setup with start player 0 and every first student on `piles[p]`, then player 0 rolls.
fn started(players: i64, piles: &[usize], faces: &[u8]) -> (AtelierStudio, AtelierStudioState) {
    let g = game(players);
    let mut s = testing::setup(&g, 0, piles);
    roll(&g, &mut s, faces);
    (g, s)
}

// ----- parameters and setup --------------------------------------------------------------

#[test]
fn players_parameter_takes_2_3_or_4_default_2() {
    let g = AtelierStudio::with_params(&Params::new(), None).unwrap();
    assert_eq!(g.num_players(), 2);
    for n in 2..=4 {
        assert_eq!(game(n).num_players(), n as usize);
    }
    for bad in [1, 5] {
        let e =
            AtelierStudio::with_params(&Params::new().with("players", ParamValue::Int(bad)), None)
                .unwrap_err();
        assert!(matches!(e, SalonError::InvalidParameter { .. }));
    }
    assert_eq!(AtelierStudio::info().name, "atelier_studio");
}

#[test]
fn setup_start_player_is_chosen_uniformly_at_random() {
    for n in 2..=4 {
        let g = game(n);
        let s = g.new_initial_state();
        let c = testing::chance(&g, &s);
        assert_eq!(c, (0..n as Action).map(|p| (p, 1)).collect::<Vec<_>>());
    }
}

#[test]
fn setup_seven_face_up_paintings_from_the_shuffled_deck() {
    let g = game(2);
    let mut s = g.new_initial_state();
    s.apply_action(&g, 1).unwrap();
    for k in 0..7 {
        // Every card still in the deck is equally likely.
        let c = testing::chance(&g, &s);
        assert_eq!(c.len(), 40 - k);
        assert!(c.iter().all(|&(_, w)| w == 1));
        s.apply_action(&g, (39 - k) as Action).unwrap();
    }
    assert_eq!(testing::display(&s), [39, 38, 37, 36, 35, 34, 33]);
    assert_eq!(testing::painting_deck_size(&s), 33);
    assert_eq!(testing::phase_name(&s), "deal patrons");
}

#[test]
fn setup_each_player_is_dealt_two_patrons_keeps_one_and_puts_the_other_under_the_deck() {
    let g = game(3);
    let s = testing::setup(&g, 1, &[RED, RED, RED]);
    // Player p was dealt 2p and 2p+1 and kept 2p; keep order from the start player (P1).
    for p in 0..3 {
        assert_eq!(testing::held_patrons(&s, p), vec![2 * p]);
    }
    assert_eq!(testing::patrons_under_deck(&s), vec![3, 5, 1]);
    // The deck keeps the other 16 - 6 = 10 cards.
    let mut t = s;
    t.apply_action(&g, testing::roll_action(&g, &[3, 3, 3, 3]))
        .unwrap();
    testing::set_tokens(&mut t, 1, 3);
    play(&g, &mut t, &["pay 3 inspiration: draw patron"]);
    assert_eq!(testing::chance(&g, &t).len(), 10);
}

#[test]
fn setup_keeping_a_patron_is_a_choice_between_the_two_dealt() {
    let g = game(2);
    let mut s = g.new_initial_state();
    s.apply_action(&g, 0).unwrap();
    for c in 0..7 {
        s.apply_action(&g, c).unwrap();
    }
    for c in [10, 11, 12, 13] {
        s.apply_action(&g, c).unwrap();
    }
    let names: Vec<String> = [10, 11]
        .iter()
        .map(|&c| format!("keep patron {}", patron_name(&g, c)))
        .collect();
    assert_eq!(legal(&g, &s), names);
    s.apply_action(&g, testing::KEEP + 11).unwrap();
    assert_eq!(testing::held_patrons(&s, 0), vec![11]);
    assert_eq!(testing::patrons_under_deck(&s), vec![10]);
}

fn patron_name(g: &AtelierStudio, c: usize) -> String {
    let s = g.new_initial_state();
    // The deal string names the card: "deal patron <name> to P0".
    let mut t = s;
    t.apply_action(g, 0).unwrap();
    for k in 0..7 {
        t.apply_action(g, k).unwrap();
    }
    let text = t.action_to_string(g, c as Action);
    text.trim_start_matches("deal patron ")
        .trim_end_matches(" to P0")
        .to_string()
}

#[test]
fn setup_one_inspiration_token_each_and_the_rest_in_the_supply() {
    for n in 2..=4usize {
        let g = game(n as i64);
        let s = g.new_initial_state();
        for p in 0..n {
            assert_eq!(testing::tokens(&s, p), 1);
        }
        assert_eq!(testing::token_supply(&s) as usize, 20 - n);
    }
}

#[test]
fn setup_first_students_placed_in_reverse_order_from_the_start_players_right() {
    let g = game(4);
    let mut s = g.new_initial_state();
    s.apply_action(&g, 1).unwrap(); // P1 starts
    for c in 0..7 {
        s.apply_action(&g, c).unwrap();
    }
    for k in 0..8 {
        s.apply_action(&g, k).unwrap();
    }
    for _ in 0..4 {
        let p = testing::current(&s);
        let c = testing::held_patrons(&s, p).len();
        assert_eq!(c, 0);
        let mut l = legal_ids(&g, &s);
        s.apply_action(&g, l.remove(0)).unwrap();
    }
    let mut order = Vec::new();
    for pile in 0..4 {
        order.push(testing::current(&s));
        assert_eq!(
            legal(&g, &s).len(),
            4,
            "any of the 4 piles, shared piles allowed"
        );
        s.apply_action(&g, testing::PLACE_INITIAL + (pile % 2) as u32)
            .unwrap();
    }
    // Right of P1 is P0, then anticlockwise P3, P2, and the start player P1 last.
    assert_eq!(order, vec![0, 3, 2, 1]);
    assert_eq!(testing::phase_name(&s), "roll");
    assert_eq!(testing::current(&s), 1);
    assert_eq!(testing::round(&s), 1);
    assert_eq!(testing::students(&s, 0), [1, 0, 0, 0]);
    assert_eq!(testing::students(&s, 3), [0, 1, 0, 0]);
    assert_eq!(testing::pool(&s, 0), 11);
}

// ----- turn structure ---------------------------------------------------------------------

#[test]
fn turn_starts_by_rolling_all_active_dice_with_exact_weights() {
    let g = game(2);
    let s = testing::setup(&g, 0, &[RED, BLUE]);
    let c = testing::chance(&g, &s);
    assert_eq!(c.len(), 126, "multisets of 4 dice");
    assert_eq!(c.iter().map(|&(_, w)| w as u64).sum::<u64>(), 1296);
    let w = |faces: &[u8]| {
        c.iter()
            .find(|&&(a, _)| a == testing::roll_action(&g, faces))
            .unwrap()
            .1
    };
    assert_eq!(w(&[1, 1, 1, 1]), 1);
    assert_eq!(w(&[1, 2, 3, 4]), 24);
    assert_eq!(w(&[6, 6, 5, 5]), 6);
    assert_eq!(
        s.action_to_string(&g, testing::roll_action(&g, &[6, 1, 3, 2])),
        "roll 1,2,3,6"
    );
}

#[test]
fn option_b_spend_one_die_for_an_inspiration_token_and_no_dice_action() {
    let (g, mut s) = started(2, &[RED, BLUE], &[3, 4, 4, 5]);
    play(&g, &mut s, &["spend 3 for inspiration"]);
    assert_eq!(testing::tokens(&s, 0), 2);
    assert_eq!(testing::rolled(&s), [0, 0, 0, 2, 1, 0]);
    // No dice action and no second inspiration die after option B.
    assert_eq!(legal(&g, &s), vec!["end turn"]);
    play(&g, &mut s, &["end turn"]);
    assert_eq!(testing::active_dice(&s, 0), 3);
    assert_eq!(testing::current(&s), 1);
}

#[test]
fn option_b_leaves_the_turn_open_for_inspiration_carols_turn_ends_with_nothing_left() {
    // RD: "Además de realizar A o B, los jugadores también pueden ... en cualquier momento
    // durante sus turnos: gaste fichas de inspiración"; the example's Carol, after B, holds 2
    // tokens and no cylinders, so "end turn" is all she can do: her turn ends at once.
    let (g, mut s) = started(2, &[RED, BLUE], &[3, 4, 4, 5]);
    play(&g, &mut s, &["spend 3 for inspiration"]);
    assert_eq!(testing::tokens(&s, 0), 2);
    assert_eq!(legal(&g, &s), vec!["end turn"], "Carol's case");
    // With the cylinders for a face-up painting, the same 2 tokens can still paint after B.
    let (g, mut s) = started(2, &[RED, BLUE], &[3, 4, 4, 5]);
    testing::set_cylinders(&mut s, 0, [1, 1, 0, 0]);
    play(&g, &mut s, &["spend 3 for inspiration"]);
    let l = legal(&g, &s);
    assert!(
        l.contains(&"pay 2 inspiration: paint slot 0 Fog over the Quay".to_string()),
        "{l:?}"
    );
    assert!(l.contains(&"end turn".to_string()));
    play(
        &g,
        &mut s,
        &["pay 2 inspiration: paint slot 0 Fog over the Quay"],
    );
    assert_eq!(testing::owned_paintings(&s, 0), vec![0]);
}

#[test]
fn option_a_spend_one_or_more_dice_excludes_option_b() {
    let (g, mut s) = started(2, &[RED, BLUE], &[1, 2, 4, 6]);
    assert!(legal(&g, &s).contains(&"spend 4 for inspiration".to_string()));
    play(&g, &mut s, &["spend 1: place student on red"]);
    let l = legal(&g, &s);
    assert!(!l.iter().any(|x| x.ends_with("for inspiration")), "{l:?}");
    assert!(l.contains(&"spend 2: place student on green".to_string()));
    assert!(l.contains(&"spend 6: gain yellow".to_string()));
    play(&g, &mut s, &["spend 2: place student on green", "end turn"]);
    assert_eq!(testing::active_dice(&s, 0), 2);
}

#[test]
fn end_turn_only_after_spending_a_die() {
    let (g, s) = started(2, &[RED, BLUE], &[1, 2, 4, 6]);
    assert!(!legal(&g, &s).contains(&"end turn".to_string()));
}

#[test]
fn a_player_whose_dice_are_all_spent_is_skipped_and_the_round_ends_when_every_die_is_spent() {
    let (g, mut s) = started(3, &[RED, BLUE, GREEN], &[4, 4, 4, 4]);
    play(
        &g,
        &mut s,
        &[
            "spend 4: collect paint",
            "spend 4: collect paint",
            "spend 4: collect paint",
            "spend 4: collect paint",
            "end turn",
        ],
    );
    assert_eq!(testing::active_dice(&s, 0), 0);
    roll(&g, &mut s, &[6, 6, 6, 6]);
    play(&g, &mut s, &["spend 6 for inspiration", "end turn"]);
    roll(&g, &mut s, &[6, 6, 6, 6]);
    play(&g, &mut s, &["spend 6 for inspiration", "end turn"]);
    // P0 has no dice: P1 rolls its 3 dice.
    assert_eq!(testing::current(&s), 1);
    assert_eq!(testing::chance(&g, &s).len(), 56, "multisets of 3 dice");
    roll(&g, &mut s, &[6, 6, 6]);
    play(
        &g,
        &mut s,
        &[
            "spend 6: gain red",
            "spend 6: gain red",
            "spend 6: gain red",
            "end turn",
        ],
    );
    assert_eq!(testing::current(&s), 2);
    roll(&g, &mut s, &[6, 6, 6]);
    play(
        &g,
        &mut s,
        &[
            "spend 6: gain red",
            "spend 6: gain red",
            "spend 6: gain red",
            "end turn",
        ],
    );
    // Every die spent: round 2 starts with the next start player (clockwise) and 4 dice each.
    assert_eq!(testing::round(&s), 2);
    assert_eq!(testing::start_player(&s), 1);
    assert_eq!(testing::current(&s), 1);
    for p in 0..3 {
        assert_eq!(testing::active_dice(&s, p), 4);
    }
}

#[test]
fn unspent_dice_stay_active_and_are_rolled_again_next_turn() {
    let (g, mut s) = started(2, &[RED, BLUE], &[1, 2, 3, 6]);
    play(&g, &mut s, &["spend 1: place student on red", "end turn"]);
    assert_eq!(testing::active_dice(&s, 0), 3);
    roll(&g, &mut s, &[5, 5, 5, 5]);
    play(&g, &mut s, &["spend 5 for inspiration", "end turn"]);
    assert_eq!(testing::current(&s), 0);
    assert_eq!(
        testing::chance(&g, &s).len(),
        56,
        "P0 rolls its 3 active dice"
    );
}

// ----- dice actions -------------------------------------------------------------------------

#[test]
fn die_1_or_2_places_a_student_only_with_a_student_on_the_board() {
    let (g, mut s) = started(2, &[RED, BLUE], &[1, 2, 4, 4]);
    play(&g, &mut s, &["spend 2: place student on yellow"]);
    assert_eq!(testing::students(&s, 0), [0, 0, 1, 1]);
    assert_eq!(testing::pool(&s, 0), 10);
    testing::set_students(&mut s, 0, [3, 3, 3, 3]);
    assert_eq!(testing::pool(&s, 0), 0);
    assert!(!legal(&g, &s).iter().any(|x| x.contains("place student")));
}

#[test]
fn die_3_moves_zero_or_one_student_of_each_player_at_least_one() {
    let (g, mut s) = started(3, &[RED, BLUE, GREEN], &[3, 3, 4, 4]);
    play(&g, &mut s, &["spend 3: move students"]);
    // P0 first (the mover's own students), may skip because others have students.
    let l = legal(&g, &s);
    assert!(l.contains(&"move P0's student from red to yellow".to_string()));
    assert!(l.contains(&"move no student of P0".to_string()));
    play(
        &g,
        &mut s,
        &[
            "move no student of P0",
            "move P1's student from blue to yellow",
        ],
    );
    // Someone moved: P2 may be skipped.
    play(&g, &mut s, &["move P2's student from green to red"]);
    assert_eq!(testing::students(&s, 1), [0, 0, 0, 1]);
    assert_eq!(testing::students(&s, 2), [0, 0, 1, 0]);
    assert_eq!(testing::phase_name(&s), "turn");
    // Second 3: nobody moved yet, so the last player with students cannot be skipped.
    play(
        &g,
        &mut s,
        &[
            "spend 3: move students",
            "move no student of P0",
            "move no student of P1",
        ],
    );
    let l = legal(&g, &s);
    assert!(!l.contains(&"move no student of P2".to_string()), "{l:?}");
    assert_eq!(l.len(), 3);
}

#[test]
fn die_3_skips_players_without_students_on_piles() {
    let (g, mut s) = started(3, &[RED, BLUE, GREEN], &[3, 4, 4, 4]);
    testing::set_students(&mut s, 1, [0, 0, 0, 0]);
    play(
        &g,
        &mut s,
        &[
            "spend 3: move students",
            "move P0's student from red to blue",
        ],
    );
    // P1 has none: P2 is asked next.
    assert!(legal(&g, &s).contains(&"move no student of P2".to_string()));
}

#[test]
fn die_3_needs_a_student_on_some_pile() {
    let (g, mut s) = started(2, &[RED, BLUE], &[3, 4, 4, 4]);
    testing::set_students(&mut s, 0, [0, 0, 0, 0]);
    testing::set_students(&mut s, 1, [0, 0, 0, 0]);
    assert!(!legal(&g, &s).contains(&"spend 3: move students".to_string()));
}

#[test]
fn die_4_collects_one_cylinder_from_each_pile_with_strict_majority_in_2_and_3_players() {
    let (g, mut s) = started(3, &[RED, BLUE, GREEN], &[4, 4, 4, 4]);
    testing::set_students(&mut s, 0, [2, 1, 1, 0]);
    testing::set_students(&mut s, 1, [1, 1, 0, 0]);
    testing::set_students(&mut s, 2, [0, 0, 2, 0]);
    play(&g, &mut s, &["spend 4: collect paint"]);
    // Blue: most (2 vs 1). Green: tied 1-1, no. Red: fewer. Yellow: nobody.
    assert_eq!(testing::cylinders(&s, 0), [1, 0, 0, 0]);
    assert_eq!(testing::piles(&s), [14, 15, 15, 15]);
}

#[test]
fn die_4_collects_also_where_tied_for_most_in_4_players() {
    let (g, mut s) = started(4, &[RED, BLUE, GREEN, YELLOW], &[4, 4, 4, 4]);
    testing::set_students(&mut s, 0, [2, 1, 1, 0]);
    testing::set_students(&mut s, 1, [1, 1, 0, 0]);
    testing::set_students(&mut s, 2, [0, 0, 2, 0]);
    testing::set_students(&mut s, 3, [2, 0, 0, 0]);
    play(&g, &mut s, &["spend 4: collect paint"]);
    // Blue tied 2-2 (counts in 4p), green tied 1-1 (counts), red fewer, yellow nobody.
    assert_eq!(testing::cylinders(&s, 0), [1, 1, 0, 0]);
}

#[test]
fn die_5_paints_a_face_up_painting_paying_its_cylinders_back_to_the_piles() {
    let (g, mut s) = started(2, &[RED, BLUE], &[5, 4, 4, 4]);
    testing::set_cylinders(&mut s, 0, [3, 0, 1, 1]);
    // Only "Cathedral in Morning Light" (3 blue 1 yellow) and nothing else is affordable
    // among slots 0-6 except "Poplars in the Wind" (2 blue).
    let l = legal(&g, &s);
    assert!(
        l.contains(&"spend 5: paint slot 5 Cathedral in Morning Light".to_string()),
        "{l:?}"
    );
    assert!(l.contains(&"spend 5: paint slot 1 Poplars in the Wind".to_string()));
    assert!(
        !l.iter().any(|x| x.contains("slot 0 ")),
        "cannot afford Fog over the Quay (needs green)"
    );
    play(
        &g,
        &mut s,
        &["spend 5: paint slot 5 Cathedral in Morning Light"],
    );
    assert_eq!(testing::cylinders(&s, 0), [0, 0, 1, 0]);
    assert_eq!(testing::piles(&s), [15, 15, 14, 15]);
    assert_eq!(testing::owned_paintings(&s, 0), vec![5]);
    assert_eq!(testing::public_score(&g, &s, 0), 4);
}

#[test]
fn painting_returns_its_students_from_the_piles_or_as_many_as_possible() {
    let (g, mut s) = started(2, &[RED, BLUE], &[5, 5, 4, 4]);
    // The Bridge in Snow (slot... put in slot 0) returns 2 students.
    testing::set_display(&mut s, 0, 7);
    testing::set_cylinders(&mut s, 0, [2, 1, 0, 2]);
    testing::set_students(&mut s, 0, [1, 0, 2, 0]);
    play(&g, &mut s, &["spend 5: paint slot 0 The Bridge in Snow"]);
    // Students on two piles: the player chooses, one student at a time.
    assert_eq!(
        legal(&g, &s),
        vec!["return student from blue", "return student from red"]
    );
    play(
        &g,
        &mut s,
        &["return student from red", "return student from red"],
    );
    assert_eq!(testing::students(&s, 0), [1, 0, 0, 0]);
    assert_eq!(testing::pool(&s, 0), 11);
    // Refill, then paint Cathedral (1 student) with only... as many as possible: set none on piles.
    let refill = testing::chance(&g, &s)[0].0;
    s.apply_action(&g, refill).unwrap();
    testing::set_students(&mut s, 0, [0, 0, 0, 0]);
    testing::set_cylinders(&mut s, 0, [3, 0, 0, 1]);
    play(
        &g,
        &mut s,
        &["spend 5: paint slot 5 Cathedral in Morning Light"],
    );
    assert_eq!(testing::pool(&s, 0), 12);
    assert_eq!(testing::phase_name(&s), "refill the display");
}

#[test]
fn painting_with_students_on_one_pile_returns_them_without_a_choice() {
    let (g, mut s) = started(2, &[RED, BLUE], &[5, 4, 4, 4]);
    testing::set_display(&mut s, 0, 7);
    testing::set_cylinders(&mut s, 0, [2, 1, 0, 2]);
    testing::set_students(&mut s, 0, [0, 0, 1, 0]);
    play(&g, &mut s, &["spend 5: paint slot 0 The Bridge in Snow"]);
    // Needs 2, only 1 on the piles: that one returns, then the display is refilled.
    assert_eq!(testing::students(&s, 0), [0, 0, 0, 0]);
    assert_eq!(testing::phase_name(&s), "refill the display");
}

#[test]
fn painting_is_replaced_from_the_top_of_the_painting_deck() {
    let (g, mut s) = started(2, &[RED, BLUE], &[5, 4, 4, 4]);
    testing::set_cylinders(&mut s, 0, [2, 0, 0, 0]);
    play(&g, &mut s, &["spend 5: paint slot 1 Poplars in the Wind"]);
    let c = testing::chance(&g, &s);
    assert_eq!(c.len(), 33);
    assert!(c.iter().all(|&(a, w)| w == 1 && a >= 7));
    assert_eq!(
        s.action_to_string(&g, 20),
        "refill slot 1 with Stone Breakers"
    );
    s.apply_action(&g, 20).unwrap();
    assert_eq!(testing::display(&s)[1], 20);
    assert_eq!(testing::phase_name(&s), "turn");
}

#[test]
fn die_6_gains_one_cylinder_from_any_pile_even_without_a_student_there() {
    let (g, mut s) = started(2, &[RED, BLUE], &[6, 4, 4, 4]);
    assert_eq!(testing::students(&s, 0)[YELLOW], 0);
    play(&g, &mut s, &["spend 6: gain yellow"]);
    assert_eq!(testing::cylinders(&s, 0), [0, 0, 0, 1]);
    assert_eq!(testing::piles(&s), [15, 15, 15, 14]);
}

// ----- inspiration actions -------------------------------------------------------------------

#[test]
fn inspiration_reroll_costs_1_and_rerolls_all_active_dice_only_before_spending() {
    let (g, mut s) = started(2, &[RED, BLUE], &[1, 1, 1, 2]);
    play(&g, &mut s, &["reroll (1 inspiration)"]);
    assert_eq!(testing::tokens(&s, 0), 0);
    assert_eq!(testing::token_supply(&s), 19);
    assert_eq!(testing::chance(&g, &s).len(), 126, "all 4 dice rerolled");
    roll(&g, &mut s, &[4, 4, 6, 6]);
    testing::set_tokens(&mut s, 0, 2);
    play(&g, &mut s, &["spend 4: collect paint"]);
    assert!(
        !legal(&g, &s).contains(&"reroll (1 inspiration)".to_string()),
        "not after spending a die"
    );
}

#[test]
fn inspiration_paint_costs_2_tokens_and_no_die() {
    let (g, mut s) = started(2, &[RED, BLUE], &[1, 1, 1, 2]);
    testing::set_cylinders(&mut s, 0, [1, 1, 0, 0]);
    testing::set_tokens(&mut s, 0, 1);
    assert!(!legal(&g, &s)
        .iter()
        .any(|x| x.starts_with("pay 2 inspiration")));
    testing::set_tokens(&mut s, 0, 2);
    play(
        &g,
        &mut s,
        &["pay 2 inspiration: paint slot 0 Fog over the Quay"],
    );
    // Fog over the Quay gives 1 inspiration back when painted.
    assert_eq!(testing::tokens(&s, 0), 1);
    assert_eq!(testing::rolled(&s), [3, 1, 0, 0, 0, 0]);
    assert_eq!(testing::owned_paintings(&s, 0), vec![0]);
    // No die spent yet: the turn must still spend one.
    let refill = testing::chance(&g, &s)[0].0;
    s.apply_action(&g, refill).unwrap();
    assert!(!legal(&g, &s).contains(&"end turn".to_string()));
}

#[test]
fn inspiration_draw_patron_costs_3_and_the_card_stays_secret() {
    let (g, mut s) = started(2, &[RED, BLUE], &[1, 1, 1, 2]);
    testing::set_tokens(&mut s, 0, 3);
    let before_other = s.observation_string(&g, 1);
    play(&g, &mut s, &["pay 3 inspiration: draw patron"]);
    assert_eq!(testing::tokens(&s, 0), 0);
    let c = testing::chance(&g, &s);
    assert_eq!(c.len(), 12, "16 - 4 dealt");
    s.apply_action(&g, 9).unwrap();
    assert_eq!(testing::held_patrons(&s, 0), vec![0, 9]);
    let mine = s.observation_string(&g, 0);
    let theirs = s.observation_string(&g, 1);
    let name = patron_name(&g, 9);
    assert!(mine.contains(&name));
    assert!(!theirs.contains(&name));
    assert_ne!(
        before_other, theirs,
        "the other player sees that a patron was drawn"
    );
}

#[test]
fn patron_deck_draws_the_shuffled_cards_first_then_the_cards_put_under_it_in_order() {
    let (g, mut s) = started(2, &[RED, BLUE], &[1, 1, 1, 2]);
    for k in 0..12 {
        testing::set_tokens(&mut s, 0, 3);
        play(&g, &mut s, &["pay 3 inspiration: draw patron"]);
        let c = testing::chance(&g, &s);
        assert_eq!(c.len(), 12 - k);
        s.apply_action(&g, c[0].0).unwrap();
    }
    assert_eq!(testing::patrons_under_deck(&s), vec![1, 3]);
    testing::set_tokens(&mut s, 0, 3);
    play(&g, &mut s, &["pay 3 inspiration: draw patron"]);
    assert_eq!(testing::chance(&g, &s), vec![(1, 1)]);
    s.apply_action(&g, 1).unwrap();
    testing::set_tokens(&mut s, 0, 3);
    play(&g, &mut s, &["pay 3 inspiration: draw patron"]);
    assert_eq!(testing::chance(&g, &s), vec![(3, 1)]);
    s.apply_action(&g, 3).unwrap();
    testing::set_tokens(&mut s, 0, 3);
    assert!(
        !legal(&g, &s).contains(&"pay 3 inspiration: draw patron".to_string()),
        "deck empty"
    );
}

// ----- painting powers ------------------------------------------------------------------------

#[test]
fn power_when_painted_gain_paint_of_a_fixed_colour() {
    let (g, mut s) = started(2, &[RED, BLUE], &[5, 4, 4, 4]);
    testing::set_cylinders(&mut s, 0, [2, 0, 0, 0]);
    play(&g, &mut s, &["spend 5: paint slot 1 Poplars in the Wind"]);
    assert_eq!(testing::cylinders(&s, 0), [0, 1, 0, 0]);
}

#[test]
fn power_when_painted_gain_paint_of_your_choice() {
    let (g, mut s) = started(2, &[RED, BLUE], &[5, 4, 4, 4]);
    testing::set_cylinders(&mut s, 0, [2, 2, 0, 0]);
    testing::set_students(&mut s, 0, [0, 0, 0, 0]);
    play(&g, &mut s, &["spend 5: paint slot 4 Skaters on the Pond"]);
    assert_eq!(
        legal(&g, &s),
        vec![
            "power: gain blue",
            "power: gain green",
            "power: gain red",
            "power: gain yellow"
        ]
    );
    play(&g, &mut s, &["power: gain red"]);
    assert_eq!(testing::cylinders(&s, 0), [0, 0, 1, 0]);
    assert_eq!(testing::phase_name(&s), "refill the display");
}

#[test]
fn power_when_painted_place_a_student() {
    let (g, mut s) = started(2, &[RED, BLUE], &[5, 4, 4, 4]);
    testing::set_cylinders(&mut s, 0, [1, 1, 1, 0]);
    play(&g, &mut s, &["spend 5: paint slot 3 Lilac Garden"]);
    // Its one student came back from red first, then the power places one.
    assert_eq!(testing::students(&s, 0), [0, 0, 0, 0]);
    play(&g, &mut s, &["power: place student on green"]);
    assert_eq!(testing::students(&s, 0), [0, 1, 0, 0]);
}

#[test]
fn power_when_painted_draw_a_patron_then_refill() {
    let (g, mut s) = started(2, &[RED, BLUE], &[5, 4, 4, 4]);
    testing::set_cylinders(&mut s, 0, [1, 2, 1, 0]);
    play(&g, &mut s, &["spend 5: paint slot 6 Regatta at Noon"]);
    assert_eq!(testing::phase_name(&s), "draw a patron");
    s.apply_action(&g, 15).unwrap();
    assert_eq!(testing::held_patrons(&s, 0), vec![0, 15]);
    assert_eq!(testing::phase_name(&s), "refill the display");
}

#[test]
fn power_when_painted_gain_inspiration() {
    let (g, mut s) = started(2, &[RED, BLUE], &[5, 4, 4, 4]);
    testing::set_cylinders(&mut s, 0, [1, 1, 0, 0]);
    play(&g, &mut s, &["spend 5: paint slot 0 Fog over the Quay"]);
    assert_eq!(testing::tokens(&s, 0), 2);
}

#[test]
fn turn_power_usable_in_the_turn_it_is_painted_and_once_per_turn() {
    let (g, mut s) = started(2, &[RED, BLUE], &[5, 1, 4, 4]);
    testing::set_cylinders(&mut s, 0, [0, 2, 0, 1]);
    play(
        &g,
        &mut s,
        &["spend 5: paint slot 2 Boats at Argenteuil Bend"],
    );
    s.apply_action(&g, testing::chance(&g, &s)[0].0).unwrap();
    let l = legal(&g, &s);
    assert!(l.contains(&"power: turn 1 into 2".to_string()), "{l:?}");
    assert!(l.contains(&"power: turn 4 into 5".to_string()));
    assert!(!l.contains(&"power: turn 1 into 0".to_string()));
    play(&g, &mut s, &["power: turn 4 into 5"]);
    assert_eq!(testing::rolled(&s), [1, 0, 0, 1, 1, 0]);
    assert!(
        !legal(&g, &s).iter().any(|x| x.starts_with("power: turn")),
        "once per turn"
    );
    play(&g, &mut s, &["end turn"]);
    roll(&g, &mut s, &[6, 6, 6, 6]);
    play(&g, &mut s, &["spend 6 for inspiration", "end turn"]);
    roll(&g, &mut s, &[2, 3, 6]);
    assert!(
        legal(&g, &s).contains(&"power: turn 6 into 5".to_string()),
        "usable again next turn"
    );
}

#[test]
fn turn_power_swap_paint_gives_one_cylinder_back_for_another_colour() {
    let (g, mut s) = started(2, &[RED, BLUE], &[4, 4, 4, 4]);
    testing::give_painting(&mut s, 0, 12);
    testing::set_cylinders(&mut s, 0, [0, 0, 2, 0]);
    let l = legal(&g, &s);
    assert!(l.contains(&"power: swap red for blue".to_string()), "{l:?}");
    assert!(!l.iter().any(|x| x.starts_with("power: swap blue")));
    play(&g, &mut s, &["power: swap red for blue"]);
    assert_eq!(testing::cylinders(&s, 0), [1, 0, 1, 0]);
    assert_eq!(testing::piles(&s), [14, 15, 14, 15]);
    assert!(!legal(&g, &s).iter().any(|x| x.starts_with("power: swap")));
}

#[test]
fn turn_power_shift_student_moves_one_of_your_students() {
    let (g, mut s) = started(2, &[RED, BLUE], &[4, 4, 4, 4]);
    testing::give_painting(&mut s, 0, 22);
    play(&g, &mut s, &["power: shift student from red to yellow"]);
    assert_eq!(testing::students(&s, 0), [0, 0, 0, 1]);
    assert!(!legal(&g, &s).iter().any(|x| x.starts_with("power: shift")));
}

#[test]
fn turn_powers_are_not_usable_in_other_players_turns() {
    let (g, mut s) = started(2, &[RED, BLUE], &[4, 4, 4, 4]);
    testing::give_painting(&mut s, 0, 22);
    play(&g, &mut s, &["spend 4: collect paint", "end turn"]);
    roll(&g, &mut s, &[4, 4, 4, 4]);
    assert_eq!(testing::current(&s), 1);
    assert!(!legal(&g, &s).iter().any(|x| x.starts_with("power:")));
}

// ----- supply limits -------------------------------------------------------------------------

#[test]
fn supply_limit_15_cylinders_per_colour() {
    let (g, mut s) = started(2, &[RED, BLUE], &[6, 4, 4, 4]);
    testing::set_cylinders(&mut s, 1, [15, 0, 0, 0]);
    assert_eq!(testing::piles(&s), [0, 15, 15, 15]);
    assert!(!legal(&g, &s).contains(&"spend 6: gain blue".to_string()));
    // Collecting from an empty pile gives nothing.
    testing::set_students(&mut s, 0, [1, 0, 0, 0]);
    play(&g, &mut s, &["spend 4: collect paint"]);
    assert_eq!(testing::cylinders(&s, 0), [0, 0, 0, 0]);
}

#[test]
fn supply_limit_12_students_per_player() {
    let (g, mut s) = started(2, &[RED, BLUE], &[1, 2, 4, 4]);
    assert_eq!(
        testing::pool(&s, 0) + testing::students(&s, 0).iter().sum::<u8>(),
        12
    );
    testing::set_students(&mut s, 0, [12, 0, 0, 0]);
    assert!(!legal(&g, &s).iter().any(|x| x.contains("place student")));
}

#[test]
fn supply_limit_20_inspiration_tokens() {
    let (g, mut s) = started(2, &[RED, BLUE], &[4, 4, 4, 4]);
    testing::set_tokens(&mut s, 1, 19);
    assert_eq!(testing::token_supply(&s), 0);
    // Option B stays available but the empty supply gives nothing.
    play(&g, &mut s, &["spend 4 for inspiration"]);
    assert_eq!(testing::tokens(&s, 0), 1);
}

// ----- end of game and scoring ------------------------------------------------------------------

/// P0 owns two masterpieces and can paint a third (Cathedral in Morning Light, slot 5).
fn two_masterpieces(players: i64) -> (AtelierStudio, AtelierStudioState) {
    let (g, mut s) = started(players, &[RED, BLUE, GREEN, YELLOW], &[5, 4, 4, 4]);
    testing::give_painting(&mut s, 0, 17);
    testing::give_painting(&mut s, 0, 27);
    assert!(testing::painting_is_masterpiece(&g, 17) && testing::painting_is_masterpiece(&g, 27));
    testing::set_cylinders(&mut s, 0, [3, 0, 0, 1]);
    (g, s)
}

#[test]
fn first_master_token_to_the_first_player_painting_a_third_masterpiece() {
    let (g, mut s) = two_masterpieces(2);
    let before = testing::public_score(&g, &s, 0);
    play(
        &g,
        &mut s,
        &["spend 5: paint slot 5 Cathedral in Morning Light"],
    );
    assert_eq!(testing::first_master(&s), Some(0));
    assert_eq!(
        testing::public_score(&g, &s, 0),
        before + 4 + 4,
        "4 vp painting + 4 vp token"
    );
    assert_eq!(
        testing::end_round(&s),
        2,
        "finish round 1, then one more round"
    );
    // A second player reaching three masterpieces later does not take it.
    testing::give_painting(&mut s, 1, 15);
    testing::give_painting(&mut s, 1, 16);
    testing::give_painting(&mut s, 1, 18);
    assert_eq!(testing::first_master(&s), Some(0));
}

#[test]
fn end_trigger_finishes_the_round_then_plays_one_more() {
    let (g, mut s) = two_masterpieces(2);
    play(
        &g,
        &mut s,
        &["spend 5: paint slot 5 Cathedral in Morning Light"],
    );
    s.apply_action(&g, testing::chance(&g, &s)[0].0).unwrap();
    let mut rng = Xoshiro256StarStar::seed_from_u64(5);
    let mut rounds_seen = vec![];
    while !s.is_terminal(&g) {
        let r = testing::round(&s);
        if rounds_seen.last() != Some(&r) {
            rounds_seen.push(r);
        }
        if s.is_chance_node(&g) {
            let c = testing::chance(&g, &s);
            s.apply_action(&g, c[rng.below(c.len() as u64) as usize].0)
                .unwrap();
        } else {
            let l = legal_ids(&g, &s);
            // Take a die for inspiration or end the turn: never paint, to keep it short.
            let a = *l
                .iter()
                .find(|&&a| a == testing::END_TURN)
                .unwrap_or(&l[l.len().min(2) - 1]);
            s.apply_action(&g, a).unwrap();
        }
    }
    assert_eq!(rounds_seen, vec![1, 2]);
}

#[test]
fn painting_deck_exhaustion_triggers_the_end_interpretation() {
    let (g, mut s) = started(2, &[RED, BLUE], &[5, 4, 4, 4]);
    testing::empty_deck_into(&mut s, 1, 0);
    testing::set_cylinders(&mut s, 0, [2, 0, 0, 0]);
    play(&g, &mut s, &["spend 5: paint slot 1 Poplars in the Wind"]);
    assert_eq!(testing::display(&s)[1], 255, "slot stays empty");
    assert_eq!(testing::end_round(&s), 2);
    assert_eq!(testing::phase_name(&s), "turn");
}

#[test]
fn round_limit_ends_a_game_that_never_triggers_its_end_engine_limit() {
    let (g, mut s) = started(2, &[RED, BLUE], &[4, 4, 4, 4]);
    testing::set_round(&mut s, testing::MAX_ROUNDS);
    play(&g, &mut s, &["spend 4 for inspiration"]);
    for _ in 0..3 {
        play(&g, &mut s, &["end turn"]);
        assert!(!s.is_terminal(&g));
        let c = testing::chance(&g, &s);
        s.apply_action(&g, c[c.len() - 1].0).unwrap();
        play(&g, &mut s, &["spend 6 for inspiration"]);
    }
    play(&g, &mut s, &["end turn"]);
    assert!(!s.is_terminal(&g));
    // P1 spends the rest.
    while !s.is_terminal(&g) {
        if s.is_chance_node(&g) {
            let c = testing::chance(&g, &s);
            s.apply_action(&g, c[c.len() - 1].0).unwrap();
        } else {
            let l = legal(&g, &s);
            let m = if l.contains(&"end turn".to_string()) {
                "end turn".to_string()
            } else {
                "spend 6 for inspiration".to_string()
            };
            play(&g, &mut s, &[&m]);
        }
    }
    assert_eq!(testing::round(&s), testing::MAX_ROUNDS);
}

#[test]
fn final_scoring_adds_paintings_patrons_and_the_first_master_token() {
    let (g, mut s) = two_masterpieces(2);
    play(
        &g,
        &mut s,
        &["spend 5: paint slot 5 Cathedral in Morning Light"],
    );
    // P0 holds patron 0 (3 per impressionist painting); owns 17 (post), 27 (realist), 5 (imp).
    let paintings: i32 = [17, 27, 5]
        .iter()
        .map(|&c| testing::painting_points(&g, c) as i32)
        .sum();
    assert_eq!(testing::patron_points(&g, &s, 0, 0), 3);
    assert_eq!(testing::full_score(&g, &s, 0), paintings + 3 + 4);
    // Patrons are not part of the public running score.
    assert_eq!(s.scores(&g)[0], paintings + 4);
}

#[test]
fn patron_conditions_score_as_documented() {
    let (g, mut s) = started(4, &[RED, BLUE, GREEN, YELLOW], &[4, 4, 4, 4]);
    // P0 owns one painting of each category (0 imp, 10 post, 20 real, 30 rom) plus 5 (imp master).
    for c in [0, 10, 20, 30, 5] {
        testing::give_painting(&mut s, 0, c);
    }
    testing::set_students(&mut s, 0, [3, 1, 0, 0]);
    testing::set_tokens(&mut s, 0, 4);
    let pts = |k: usize| testing::patron_points(&g, &s, 0, k);
    assert_eq!(pts(0), 6, "3 per impressionist x2");
    assert_eq!(pts(1), 3, "3 per post-impressionist x1");
    assert_eq!(pts(4), 6, "6 per set of four categories x1");
    assert_eq!(pts(5), 5);
    assert_eq!(pts(6), 2, "2 per masterpiece x1");
    // Blue cost: 0 (1) + 10 (0) + 20 (0) + 30 (1) + 5 (3) = 5.
    let blue: i32 = [0, 10, 20, 30, 5]
        .iter()
        .map(|&c| testing::painting_cost(&g, c)[BLUE] as i32)
        .sum();
    assert_eq!(pts(8), blue);
    assert_eq!(pts(12), 6, "5+ paintings");
    assert_eq!(pts(13), 0, "7+ paintings");
    // Majority: blue 3 vs P1's... P1 has 1 on blue (first student), P0 has 3: yes; green 1 vs 0... P2 green 1: tie, no.
    assert_eq!(testing::students(&s, 1), [1, 0, 0, 0]);
    assert_eq!(testing::students(&s, 2), [0, 1, 0, 0]);
    assert_eq!(pts(14), 2);
    assert_eq!(pts(15), 4, "1 per inspiration token");
}

#[test]
fn tie_break_most_paint_then_first_master_then_shared_victory() {
    let g = game(2);
    // P0 holds patron 0 (impressionist), P1 patron 2 (realist): neither scores below.
    let base = || {
        let (_, mut s) = started(2, &[RED, BLUE], &[4, 4, 4, 4]);
        testing::give_painting(&mut s, 0, 11); // post-impressionist, 1 vp
        testing::give_painting(&mut s, 1, 31); // romantic, 1 vp
        s
    };
    let result = |s: &AtelierStudioState| {
        let mut t = *s;
        testing::end_now(&mut t);
        assert_eq!(t.scores(&g)[0], t.scores(&g)[1], "tied scores");
        t.returns(&g)[..2].to_vec()
    };
    let mut s = base();
    testing::set_cylinders(&mut s, 0, [1, 1, 0, 0]);
    testing::set_cylinders(&mut s, 1, [0, 0, 2, 0]);
    assert_eq!(
        result(&s),
        vec![0.5, 0.5],
        "equal score and paint: shared victory"
    );
    testing::set_cylinders(&mut s, 1, [0, 0, 2, 1]);
    assert_eq!(result(&s), vec![0.0, 1.0], "most paint wins the tie");
    // Equal score (P0: 1 + First Master 4; P1: 1 + 4 vp painting) and equal paint.
    let mut s = base();
    testing::set_first_master(&mut s, 0);
    testing::give_painting(&mut s, 1, 5);
    assert_eq!(result(&s), vec![1.0, 0.0], "then the First Master token");
    testing::set_cylinders(&mut s, 1, [0, 0, 1, 0]);
    assert_eq!(result(&s), vec![0.0, 1.0], "paint comes before the token");
}

// ----- the rule document's example round -------------------------------------------------------

#[test]
fn example_round_alice_bill_and_carol() {
    // Alice P0 (start), Bill P1, Carol P2. First students: Alice red, Bill green, Carol yellow.
    let g = game(3);
    let mut s = testing::setup(&g, 0, &[RED, GREEN, YELLOW]);
    testing::set_display(&mut s, 0, 30); // Wanderer above the Mist: 1 red 1 blue.
    roll(&g, &mut s, &[1, 2, 3, 6]);
    play(
        &g,
        &mut s,
        &[
            "spend 1: place student on red",
            "spend 2: place student on blue",
            "end turn",
        ],
    );
    assert_eq!(testing::students(&s, 0), [1, 0, 2, 0]);
    roll(&g, &mut s, &[1, 2, 6, 6]);
    play(
        &g,
        &mut s,
        &[
            "spend 1: place student on green",
            "spend 2: place student on yellow",
            "spend 6: gain blue",
            "spend 6: gain red",
            "end turn",
        ],
    );
    assert_eq!(testing::active_dice(&s, 1), 0);
    roll(&g, &mut s, &[3, 4, 4, 5]);
    play(&g, &mut s, &["spend 3 for inspiration", "end turn"]);
    assert_eq!(testing::tokens(&s, 2), 2);
    // Alice rolls her 2 active dice.
    assert_eq!(testing::current(&s), 0);
    assert_eq!(testing::chance(&g, &s).len(), 21);
    roll(&g, &mut s, &[4, 5]);
    play(&g, &mut s, &["spend 4: collect paint"]);
    assert_eq!(testing::cylinders(&s, 0), [1, 0, 1, 0], "1 red and 1 blue");
    play(
        &g,
        &mut s,
        &["spend 5: paint slot 0 Wanderer above the Mist"],
    );
    assert_eq!(testing::owned_paintings(&s, 0), vec![30]);
    assert_eq!(testing::phase_name(&s), "refill the display");
    s.apply_action(&g, 39).unwrap();
    play(&g, &mut s, &["end turn"]);
    // Bill has no dice: skipped; Carol rolls her 3 remaining dice.
    assert_eq!(testing::current(&s), 2);
    roll(&g, &mut s, &[4, 4, 6]);
    play(
        &g,
        &mut s,
        &[
            "spend 4: collect paint",
            "spend 4: collect paint",
            "spend 6: gain green",
            "end turn",
        ],
    );
    // The round ends: 4 dice each, start player token to Bill (Alice's left).
    assert_eq!(testing::round(&s), 2);
    assert_eq!(testing::start_player(&s), 1);
    assert_eq!(testing::current(&s), 1);
    assert_eq!(
        (0..3)
            .map(|p| testing::active_dice(&s, p))
            .collect::<Vec<_>>(),
        vec![4, 4, 4]
    );
    invariants::check_conservation(&g, &s).unwrap();
}

// ----- hidden information ----------------------------------------------------------------------

fn mid_game(players: i64, seed: u64, plies: usize) -> (AtelierStudio, AtelierStudioState) {
    let g = game(players);
    let mut s = g.new_initial_state();
    let mut rng = Xoshiro256StarStar::seed_from_u64(seed);
    for _ in 0..plies {
        if s.is_terminal(&g) {
            break;
        }
        if s.is_chance_node(&g) {
            let c = testing::chance(&g, &s);
            s.apply_action(&g, c[rng.below(c.len() as u64) as usize].0)
                .unwrap();
        } else {
            let l = legal_ids(&g, &s);
            s.apply_action(&g, l[rng.below(l.len() as u64) as usize])
                .unwrap();
        }
    }
    (g, s)
}

#[test]
fn hidden_patrons_changing_only_hidden_cards_leaves_other_observations_unchanged() {
    for (players, seed) in [(2, 1), (3, 2), (4, 3)] {
        let (g, s) = mid_game(players, seed, 120);
        let n = players as usize;
        for q in 0..n {
            // Swap two patrons whose places q does not know (one of them held by someone else).
            let unknown: Vec<usize> = (0..16)
                .filter(|&c| !testing::patron_known_to(&s, q, c))
                .collect();
            assert!(unknown.len() >= 2);
            for w in unknown.windows(2) {
                let mut t = s;
                testing::swap_patrons(&mut t, w[0], w[1]);
                invariants::check_conservation(&g, &t).unwrap();
                assert_eq!(s.observation_string(&g, q), t.observation_string(&g, q));
                assert_eq!(
                    s.information_state_string(&g, q),
                    t.information_state_string(&g, q)
                );
                assert_eq!(
                    testing::observation(&g, &s, q),
                    testing::observation(&g, &t, q)
                );
            }
        }
        // And a holder does see a change of their own card.
        let p = 0;
        let own = testing::held_patrons(&s, p)[0];
        let other = (0..16)
            .find(|&c| !testing::patron_known_to(&s, p, c))
            .unwrap();
        let mut t = s;
        testing::swap_patrons(&mut t, own, other);
        assert_ne!(
            testing::observation(&g, &s, p),
            testing::observation(&g, &t, p)
        );
        assert_ne!(s.observation_string(&g, p), t.observation_string(&g, p));
    }
}

#[test]
fn hidden_patrons_are_revealed_at_the_end() {
    let g = game(2);
    let mut s = g.new_initial_state();
    let mut rng = Xoshiro256StarStar::seed_from_u64(9);
    while !s.is_terminal(&g) {
        if s.is_chance_node(&g) {
            let c = testing::chance(&g, &s);
            s.apply_action(&g, c[rng.below(c.len() as u64) as usize].0)
                .unwrap();
        } else {
            let l = legal_ids(&g, &s);
            s.apply_action(&g, l[rng.below(l.len() as u64) as usize])
                .unwrap();
        }
    }
    for c in testing::held_patrons(&s, 1) {
        assert!(testing::patron_known_to(&s, 0, c));
    }
}

#[test]
fn resample_redraws_only_unknown_patrons_and_keeps_the_information_state() {
    let (g, s) = mid_game(3, 11, 150);
    let mut changed = 0;
    for seed in 0..40 {
        let mut rng = Xoshiro256StarStar::seed_from_u64(seed);
        let r = s.resample_from_infostate(&g, 0, &mut rng).unwrap();
        invariants::check_conservation(&g, &r).unwrap();
        assert_eq!(
            r.information_state_string(&g, 0),
            s.information_state_string(&g, 0)
        );
        assert_eq!(
            testing::observation(&g, &r, 0),
            testing::observation(&g, &s, 0)
        );
        assert_eq!(testing::held_patrons(&r, 0), testing::held_patrons(&s, 0));
        for p in 0..3 {
            assert_eq!(
                testing::held_patrons(&r, p).len(),
                testing::held_patrons(&s, p).len()
            );
        }
        if testing::held_patrons(&r, 1) != testing::held_patrons(&s, 1) {
            changed += 1;
        }
    }
    assert!(
        changed > 20,
        "other players' patrons are redrawn ({changed} of 40)"
    );
}

#[test]
fn resample_knows_where_my_returned_patron_went() {
    let (g, mut s) = started(2, &[RED, BLUE], &[1, 1, 1, 2]);
    // P1 returned patron 3 under the deck; P0 draws everything, so P0 ends with card 3 too,
    // and P1 knows it.
    for _ in 0..14 {
        testing::set_tokens(&mut s, 0, 3);
        play(&g, &mut s, &["pay 3 inspiration: draw patron"]);
        let c = testing::chance(&g, &s);
        s.apply_action(&g, c[0].0).unwrap();
    }
    assert!(testing::held_patrons(&s, 0).contains(&3));
    assert!(testing::patron_known_to(&s, 1, 3));
    for seed in 0..10 {
        let mut rng = Xoshiro256StarStar::seed_from_u64(seed);
        let r = s.resample_from_infostate(&g, 1, &mut rng).unwrap();
        assert!(testing::held_patrons(&r, 0).contains(&3));
    }
}

// ----- what each player may read of a move -------------------------------------------------------

/// The text of `a` at `s` for each player.
fn texts_for(g: &AtelierStudio, s: &AtelierStudioState, a: Action) -> Vec<String> {
    (0..g.num_players())
        .map(|p| s.action_to_string_for(g, p, a))
        .collect()
}

#[test]
fn a_patron_dealt_to_another_player_is_not_named_to_the_others() {
    let g = game(3);
    let mut s = g.new_initial_state();
    s.apply_action(&g, 0).unwrap();
    for c in 0..7 {
        s.apply_action(&g, c).unwrap();
    }
    // The first two deals go to the start player P0, the next two to P1.
    let to_p0 = format!("deal patron {} to P0", patron_name(&g, 5));
    assert_eq!(s.action_to_string(&g, 5), to_p0);
    assert_eq!(
        texts_for(&g, &s, 5),
        [to_p0.as_str(), "deal a patron to P0", "deal a patron to P0"]
    );
    s.apply_action(&g, 5).unwrap();
    s.apply_action(&g, 6).unwrap();
    let to_p1 = format!("deal patron {} to P1", patron_name(&g, 7));
    assert_eq!(
        texts_for(&g, &s, 7),
        ["deal a patron to P1", to_p1.as_str(), "deal a patron to P1"]
    );
}

#[test]
fn the_patron_a_player_keeps_is_not_named_to_the_others() {
    let g = game(2);
    let mut s = g.new_initial_state();
    s.apply_action(&g, 0).unwrap();
    for c in 0..7 {
        s.apply_action(&g, c).unwrap();
    }
    for c in [10, 11, 12, 13] {
        s.apply_action(&g, c).unwrap();
    }
    let keep = testing::KEEP + 11;
    let mine = format!("keep patron {}", patron_name(&g, 11));
    assert_eq!(s.action_to_string(&g, keep), mine);
    assert_eq!(texts_for(&g, &s, keep), [mine.as_str(), "keep a patron"]);
}

#[test]
fn a_patron_drawn_is_named_only_to_the_drawer_and_to_the_player_who_put_it_under_the_deck() {
    let (g, mut s) = started(3, &[RED, BLUE, GREEN], &[1, 1, 1, 2]);
    // P0 kept 0 (1 under the deck), P1 kept 2 (3 under), P2 kept 4 (5 under).
    assert_eq!(testing::patrons_under_deck(&s), vec![1, 3, 5]);
    let draw = |g: &AtelierStudio, s: &mut AtelierStudioState| {
        testing::set_tokens(s, 0, 3);
        play(g, s, &["pay 3 inspiration: draw patron"]);
    };
    draw(&g, &mut s);
    let card = testing::chance(&g, &s)[0].0;
    let whole = format!("draw patron {}", patron_name(&g, card as usize));
    assert_eq!(s.action_to_string(&g, card), whole);
    assert_eq!(
        texts_for(&g, &s, card),
        [whole.as_str(), "draw a patron", "draw a patron"]
    );
    s.apply_action(&g, card).unwrap();
    // Empty the shuffled deck; then P0 draws its own card 1, then P1's card 3.
    for _ in 0..9 {
        draw(&g, &mut s);
        let c = testing::chance(&g, &s)[0].0;
        s.apply_action(&g, c).unwrap();
    }
    draw(&g, &mut s);
    assert_eq!(testing::chance(&g, &s), vec![(1, 1)]);
    s.apply_action(&g, 1).unwrap();
    draw(&g, &mut s);
    assert_eq!(testing::chance(&g, &s), vec![(3, 1)]);
    let whole = format!("draw patron {}", patron_name(&g, 3));
    assert_eq!(
        texts_for(&g, &s, 3),
        [whole.as_str(), whole.as_str(), "draw a patron"]
    );
}

// ----- component files --------------------------------------------------------------------------

const SUBSTITUTE: &str = include_str!("../components/substitute.json");

fn with_file(text: &str) -> Result<AtelierStudio, SalonError> {
    AtelierStudio::new(
        &Params::new().with("players", ParamValue::Int(2)),
        Some(text),
    )
}

fn message(e: SalonError) -> String {
    match e {
        SalonError::InvalidComponents { message } => message,
        other => panic!("expected InvalidComponents, got {other:?}"),
    }
}

#[test]
fn components_substitute_set_is_labelled_and_a_user_file_loads() {
    let g = game(2);
    assert!(g.components().substitute);
    assert_eq!(g.components().name, "salon substitute set v1");
    let mut v: serde_json::Value = serde_json::from_str(SUBSTITUTE).unwrap();
    v["name"] = "my own set".into();
    v["substitute"] = false.into();
    v["paintings"][0]["points"] = 2.into();
    let user = with_file(&v.to_string()).unwrap();
    assert_eq!(user.components().name, "my own set");
    assert!(!user.components().substitute);
    assert_ne!(user.components().hash, g.components().hash);
    assert_eq!(testing::painting_points(&user, 0), 2);
}

#[test]
fn components_missing_field_is_rejected_naming_card_and_field() {
    let mut v: serde_json::Value = serde_json::from_str(SUBSTITUTE).unwrap();
    v["paintings"][3].as_object_mut().unwrap().remove("points");
    let m = message(with_file(&v.to_string()).unwrap_err());
    assert!(
        m.contains("painting 3") && m.contains("Lilac Garden") && m.contains("points"),
        "{m}"
    );
    let mut v: serde_json::Value = serde_json::from_str(SUBSTITUTE).unwrap();
    v["patrons"][2].as_object_mut().unwrap().remove("category");
    let m = message(with_file(&v.to_string()).unwrap_err());
    assert!(m.contains("patron 2") && m.contains("category"), "{m}");
}

#[test]
fn components_wrong_count_is_rejected() {
    let mut v: serde_json::Value = serde_json::from_str(SUBSTITUTE).unwrap();
    v["paintings"].as_array_mut().unwrap().pop();
    let m = message(with_file(&v.to_string()).unwrap_err());
    assert!(m.contains("40 paintings") && m.contains("got 39"), "{m}");
    let mut v: serde_json::Value = serde_json::from_str(SUBSTITUTE).unwrap();
    let extra = v["patrons"][0].clone();
    v["patrons"].as_array_mut().unwrap().push(extra);
    let m = message(with_file(&v.to_string()).unwrap_err());
    assert!(m.contains("16 patrons"), "{m}");
}

#[test]
fn components_bad_values_are_rejected() {
    let cases: Vec<(&str, serde_json::Value, &str)> = vec![
        ("/paintings/5/points", (-1).into(), "points"),
        ("/paintings/5/category", "cubist".into(), "category"),
        ("/paintings/5/students", 13.into(), "students"),
        ("/paintings/5/cost/blue", 16.into(), "cost.blue"),
        (
            "/paintings/2/power",
            serde_json::json!({"kind": "fly"}),
            "power.kind",
        ),
        ("/paintings/0/power/amount", 0.into(), "power.amount"),
        ("/patrons/8/colour", "purple".into(), "colour"),
        ("/patrons/1/condition", "luck".into(), "condition"),
    ];
    for (path, value, field) in cases {
        let mut v: serde_json::Value = serde_json::from_str(SUBSTITUTE).unwrap();
        *v.pointer_mut(path).unwrap() = value;
        let m = message(with_file(&v.to_string()).unwrap_err());
        assert!(m.contains(field), "{path}: {m}");
        assert!(
            m.contains("painting") || m.contains("patron"),
            "{path}: {m}"
        );
    }
    // Zero-cost painting, duplicate name, unknown field, not JSON.
    let mut v: serde_json::Value = serde_json::from_str(SUBSTITUTE).unwrap();
    v["paintings"][5]["cost"] = serde_json::json!({});
    assert!(message(with_file(&v.to_string()).unwrap_err()).contains("cost"));
    let mut v: serde_json::Value = serde_json::from_str(SUBSTITUTE).unwrap();
    v["paintings"][5]["name"] = v["paintings"][4]["name"].clone();
    assert!(message(with_file(&v.to_string()).unwrap_err()).contains("repeats"));
    let mut v: serde_json::Value = serde_json::from_str(SUBSTITUTE).unwrap();
    v["paintings"][5]["colour"] = "red".into();
    assert!(message(with_file(&v.to_string()).unwrap_err()).contains("painting 5"));
    assert!(matches!(
        with_file("not json"),
        Err(SalonError::InvalidComponents { .. })
    ));
}

// ----- sizes --------------------------------------------------------------------------------------

#[test]
fn declared_sizes() {
    for n in 2..=4 {
        let g = game(n);
        assert_eq!(g.num_distinct_actions(), 130);
        assert_eq!(g.max_chance_outcomes(), 126);
        assert_eq!(g.observation_tensor_shape(), vec![781]);
        println!("{n} players: max_game_length {}", g.max_game_length());
    }
}

#[test]
fn render_and_observation_strings_are_readable() {
    let (g, s) = mid_game(3, 4, 90);
    let r = s.render(&g);
    println!("{r}");
    println!("{}", s.information_state_string(&g, 1).unwrap());
    assert!(r.contains("piles: blue"));
    assert!(r.contains("patron "));
}
