//! One test per rule, each named after the rule it pins.
//!
//! Positions are built with the `testing` module (strip s in slot s, face a) on the embedded
//! substitute set, whose face-a layouts are:
//! slot 0 `R B R B R`, 1 `Y G Y G Y`, 2 `G V G V G`, 3 `V R V R V`, 4 `B Y B Y B`,
//! 5 `R G R G R`, 6 `Y V Y V Y`, 7 `Y G R G Y` (slots, factories and players count from 0, as in
//! the strings); strip 0's face b is `B Y B Y G`, strip 7's
//! face b is `J R G J V` (J = joker).
//! Colour ids: 0 blue, 1 yellow, 2 red, 3 green, 4 violet; a filled space stores colour + 1.

use salon_azul_sintra::actions::{take, BREAK_ALL, CENTRE, KEEP, MOVE_BACK};
use salon_azul_sintra::invariants::piece_census;
use salon_azul_sintra::scoring::{final_breakdown, ornament_points, side_b_points};
use salon_azul_sintra::testing::{self as t};
use salon_azul_sintra::{AzulSintra, AzulSintraState, Phase};
use salon_core::{
    ActionList, Actor, ChanceOutcomes, Game, ParamValue, Params, SalonError, State,
    Xoshiro256StarStar,
};

const BLUE: usize = 0;
const YELLOW: usize = 1;
const RED: usize = 2;
const GREEN: usize = 3;
const VIOLET: usize = 4;
const B: u8 = 1;
const Y: u8 = 2;
const R: u8 = 3;
const G: u8 = 4;
const V: u8 = 5;

fn game(players: i64, side: &str) -> AzulSintra {
    let params = Params::new()
        .with("players", ParamValue::Int(players))
        .with("side", ParamValue::Str(side.into()));
    AzulSintra::with_params(&params, None).unwrap()
}

fn game_with(players: i64, side: &str, json: &str) -> Result<AzulSintra, SalonError> {
    let params = Params::new()
        .with("players", ParamValue::Int(players))
        .with("side", ParamValue::Str(side.into()));
    AzulSintra::with_params(&params, Some(json))
}

fn legal(g: &AzulSintra, s: &AzulSintraState) -> Vec<u32> {
    let mut l = ActionList::new();
    s.legal_actions(g, &mut l);
    l.to_vec()
}

fn outcomes(g: &AzulSintra, s: &AzulSintraState) -> Vec<(u32, u32)> {
    let mut o = ChanceOutcomes::new();
    s.chance_outcomes(g, &mut o);
    o.actions()
        .iter()
        .copied()
        .zip(o.weights().iter().copied())
        .collect()
}

fn apply(g: &AzulSintra, s: &mut AzulSintraState, a: u32) {
    s.apply_action(g, a)
        .unwrap_or_else(|e| panic!("{e}\n{}", s.render(g)));
}

/// Plays chance nodes with a seeded generator until a decision node or the end.
fn run_chance(g: &AzulSintra, s: &mut AzulSintraState, seed: u64) {
    let mut rng = Xoshiro256StarStar::seed_from_u64(seed);
    let mut o = ChanceOutcomes::new();
    while s.actor(g) == Actor::Chance {
        s.chance_outcomes(g, &mut o);
        let a = o.sample(&mut rng).unwrap();
        s.apply_unchecked(g, a);
    }
}

/// A 2-player position in play with the substitute set (see the module comment).
fn pos(g: &AzulSintra) -> AzulSintraState {
    t::play_position(g)
}

fn conserved(s: &AzulSintraState) {
    assert_eq!(piece_census(s), [20; 5], "conservation broken");
}

// ---------------------------------------------------------------- set-up

#[test]
fn factories_are_5_7_9_for_2_3_4_players_and_each_gets_4_pieces() {
    for (players, f) in [(2, 5), (3, 7), (4, 9)] {
        let g = game(players, "A");
        assert_eq!(g.num_factories(), f);
        let mut s = g.new_initial_state();
        run_chance(&g, &mut s, 7);
        assert_eq!(s.phase(), Phase::Play);
        for k in 0..9 {
            let n: u8 = s.factory(k).iter().sum();
            assert_eq!(
                n,
                if k < f { 4 } else { 0 },
                "factory {k} with {players} players"
            );
        }
        let bag: u8 = s.bag().iter().sum();
        assert_eq!(bag as usize, 100 - 6 - 4 * f);
        conserved(&s);
    }
}

#[test]
fn start_player_is_drawn_at_random_and_takes_the_first_turn() {
    let g = game(3, "A");
    let mut s = g.new_initial_state();
    assert_eq!(outcomes(&g, &s), vec![(0, 1), (1, 1), (2, 1)]);
    apply(&g, &mut s, 2);
    run_chance(&g, &mut s, 1);
    assert_eq!(s.actor(&g), Actor::Player(2));
}

#[test]
fn strip_setup_never_shows_the_joker_face() {
    let g = game(2, "A");
    let mut s = g.new_initial_state();
    apply(&g, &mut s, 0);
    // Strip 7's face b has the jokers: only its face a is listed, with both faces' weight.
    let o = outcomes(&g, &s);
    assert_eq!(o.len(), 15);
    assert!(o.contains(&(14, 2)) && !o.iter().any(|&(a, _)| a == 15));
    assert!(o.iter().filter(|&&(a, _)| a < 14).all(|&(_, w)| w == 1));
    for seed in 0..50 {
        let mut s = g.new_initial_state();
        run_chance(&g, &mut s, seed);
        for p in 0..2 {
            let b = s.board(p);
            let mut strips: Vec<u8> = b.strip.to_vec();
            strips.sort();
            assert_eq!(
                strips,
                (0..8).collect::<Vec<u8>>(),
                "each strip once per player"
            );
            for slot in 0..8 {
                for i in 0..5 {
                    let kind = g.data().strips[b.strip[slot] as usize][b.face[slot] as usize][i];
                    assert_ne!(kind, 5, "joker face up at set-up");
                }
            }
        }
    }
}

#[test]
fn round_track_spaces_ii_to_vi_get_one_piece_of_each_colour_and_space_i_a_piece_from_the_bag() {
    let g = game(2, "A");
    let mut s = g.new_initial_state();
    apply(&g, &mut s, 0);
    for _ in 0..16 {
        let a = outcomes(&g, &s)[0].0;
        apply(&g, &mut s, a);
    }
    assert_eq!(s.phase(), Phase::RoundTrack);
    assert_eq!(
        outcomes(&g, &s),
        vec![(0, 1), (1, 1), (2, 1), (3, 1), (4, 1)]
    );
    for c in [RED, BLUE, VIOLET] {
        apply(&g, &mut s, c as u32);
    }
    assert_eq!(
        outcomes(&g, &s),
        vec![(YELLOW as u32, 1), (GREEN as u32, 1)]
    );
    apply(&g, &mut s, YELLOW as u32);
    apply(&g, &mut s, GREEN as u32);
    // Space I: drawn from the bag (19 of each colour left).
    assert_eq!(
        outcomes(&g, &s),
        vec![(0, 19), (1, 19), (2, 19), (3, 19), (4, 19)]
    );
    apply(&g, &mut s, RED as u32);
    let track: Vec<Option<usize>> = (0..6).map(|i| s.round_track(i)).collect();
    assert_eq!(
        track,
        vec![
            Some(RED),
            Some(RED),
            Some(BLUE),
            Some(VIOLET),
            Some(YELLOW),
            Some(GREEN)
        ]
    );
    assert_eq!(s.bag(), [19, 19, 18, 19, 19]);
    assert_eq!(s.phase(), Phase::Fill);
    assert_eq!(s.round_colour(), Some(RED));
}

// ---------------------------------------------------------------- bag, tower, factories

#[test]
fn factory_draws_are_weighted_by_the_bag_contents() {
    let g = game(2, "A");
    let mut s = pos(&g);
    t::set_bag(&mut s, [3, 0, 1, 0, 7]);
    t::begin_fill(&mut s, &g);
    assert_eq!(outcomes(&g, &s), vec![(0, 3), (2, 1), (4, 7)]);
    apply(&g, &mut s, 4);
    assert_eq!(s.factory(0), [0, 0, 0, 0, 1]);
    assert_eq!(s.bag(), [3, 0, 1, 0, 6]);
}

#[test]
fn bag_is_refilled_from_the_tower_when_empty() {
    let g = game(2, "A");
    let mut s = pos(&g);
    t::set_bag(&mut s, [1, 0, 0, 0, 0]);
    t::set_tower(&mut s, [0, 5, 0, 6, 0]);
    t::begin_fill(&mut s, &g);
    apply(&g, &mut s, BLUE as u32);
    assert_eq!(
        s.bag(),
        [0, 5, 0, 6, 0],
        "the tower was poured into the empty bag"
    );
    assert_eq!(s.tower(), [0; 5]);
    assert_eq!(outcomes(&g, &s), vec![(1, 5), (3, 6)]);
    assert_eq!(s.phase(), Phase::Fill);
}

#[test]
fn factories_stay_short_when_bag_and_tower_are_both_empty() {
    let g = game(2, "A");
    let mut s = pos(&g);
    t::set_bag(&mut s, [0, 2, 0, 0, 0]);
    t::set_tower(&mut s, [0; 5]);
    t::begin_fill(&mut s, &g);
    apply(&g, &mut s, YELLOW as u32);
    apply(&g, &mut s, YELLOW as u32);
    assert_eq!(
        s.phase(),
        Phase::Play,
        "the round starts with short factories"
    );
    assert_eq!(s.factory(0), [0, 2, 0, 0, 0]);
    for f in 1..5 {
        assert_eq!(s.factory(f), [0; 5]);
    }
}

#[test]
fn a_round_with_no_piece_to_deal_ends_at_once() {
    let g = game(2, "A");
    let mut s = pos(&g);
    t::set_round(&mut s, 5);
    t::set_bag(&mut s, [0; 5]);
    t::set_tower(&mut s, [0; 5]);
    t::begin_fill(&mut s, &g);
    assert_eq!(s.phase(), Phase::End, "round VI had nothing to deal");
    assert_eq!(s.round(), 6);
    assert_eq!(
        s.tower(),
        [1, 0, 0, 0, 0],
        "its colour piece went to the tower"
    );
}

// ---------------------------------------------------------------- taking pieces

#[test]
fn taking_from_a_factory_moves_the_other_pieces_to_the_centre() {
    let g = game(2, "A");
    let mut s = pos(&g);
    t::set_factory(&mut s, 0, [1, 0, 2, 1, 0]);
    t::fix_bag(&mut s);
    apply(&g, &mut s, take(0, RED, 0));
    assert_eq!(s.factory(0), [0; 5]);
    assert_eq!(s.centre(), [1, 0, 0, 1, 0]);
    assert_eq!(s.board(0).filled[0], [R, 0, R, 0, 0]);
    conserved(&s);
}

#[test]
fn turn_passes_to_the_next_player() {
    let g = game(3, "A");
    let mut s = pos(&g);
    t::set_factory(&mut s, 0, [1, 0, 2, 1, 0]);
    t::set_factory(&mut s, 1, [1, 0, 2, 1, 0]);
    t::fix_bag(&mut s);
    apply(&g, &mut s, take(0, RED, 0));
    assert_eq!(s.actor(&g), Actor::Player(1));
    apply(&g, &mut s, take(1, RED, 0));
    assert_eq!(s.actor(&g), Actor::Player(2));
}

#[test]
fn first_take_from_the_centre_takes_the_start_tile_and_steps_down_the_broken_glass_track() {
    let g = game(2, "A");
    let mut s = pos(&g);
    t::set_centre(&mut s, [2, 0, 2, 0, 0], true);
    t::set_factory(&mut s, 0, [0, 4, 0, 0, 0]);
    t::fix_bag(&mut s);
    apply(&g, &mut s, take(CENTRE, RED, 0));
    assert!(!s.tile_in_centre());
    assert_eq!(s.tile_holder(), Some(0));
    assert_eq!(s.board(0).track, 1);
    // The second player to take from the centre gets no tile and no step.
    apply(&g, &mut s, take(CENTRE, BLUE, 0));
    assert_eq!(s.tile_holder(), Some(0));
    assert_eq!(s.board(1).track, 0);
}

#[test]
fn start_tile_holder_starts_the_next_round() {
    let g = game(2, "A");
    let mut s = pos(&g);
    t::set_current(&mut s, 1);
    t::set_centre(&mut s, [0, 0, 1, 0, 0], true);
    t::fix_bag(&mut s);
    apply(&g, &mut s, take(CENTRE, RED, 0));
    assert_eq!(s.round(), 1, "the round ended: no piece left");
    assert_eq!(s.start_player(), 1);
    run_chance(&g, &mut s, 3);
    assert_eq!(s.actor(&g), Actor::Player(1));
    assert!(s.tile_in_centre(), "the tile is back in the centre");
}

#[test]
fn start_player_stays_when_nobody_took_from_the_centre() {
    let g = game(2, "A");
    let mut s = pos(&g);
    t::set_current(&mut s, 1);
    t::set_factory(&mut s, 0, [0, 0, 4, 0, 0]);
    t::fix_bag(&mut s);
    apply(&g, &mut s, take(0, RED, 0));
    assert_eq!(s.round(), 1);
    assert_eq!(s.start_player(), 0);
    run_chance(&g, &mut s, 3);
    assert_eq!(s.actor(&g), Actor::Player(0));
}

// ---------------------------------------------------------------- glazier

#[test]
fn glazier_moves_right_to_the_strip_the_pieces_are_placed_on() {
    let g = game(2, "A");
    let mut s = pos(&g);
    t::set_factory(&mut s, 0, [0, 0, 2, 0, 0]);
    t::set_factory(&mut s, 1, [0, 0, 2, 0, 0]);
    t::fix_bag(&mut s);
    apply(&g, &mut s, take(0, RED, 3));
    assert_eq!(s.board(0).glazier, 3);
    assert_eq!(s.board(0).filled[3], [0, R, 0, R, 0]);
}

#[test]
fn strips_left_of_the_glazier_cannot_receive_pieces() {
    let g = game(2, "A");
    let mut s = pos(&g);
    t::board_mut(&mut s, 0).glazier = 3;
    t::set_factory(&mut s, 0, [0, 0, 2, 0, 0]);
    t::fix_bag(&mut s);
    let l = legal(&g, &s);
    // Red fits slots 3, 5, 7; slot 0 is left of the glazier, slot 6 has no red.
    let red: Vec<u32> = l.iter().copied().filter(|&a| a < 45).collect();
    assert_eq!(red, vec![take(0, RED, 3), take(0, RED, 5), take(0, RED, 7)]);
}

#[test]
fn move_back_puts_the_glazier_above_the_leftmost_remaining_strip() {
    let g = game(2, "A");
    let mut s = pos(&g);
    t::board_mut(&mut s, 0).glazier = 5;
    t::set_factory(&mut s, 0, [0, 0, 2, 0, 0]);
    t::fix_bag(&mut s);
    assert!(legal(&g, &s).contains(&MOVE_BACK));
    assert_eq!(s.action_to_string(&g, MOVE_BACK), "move glazier back");
    apply(&g, &mut s, MOVE_BACK);
    assert_eq!(s.board(0).glazier, 0);
    assert_eq!(s.factory(0), [0, 0, 2, 0, 0], "moving back picks no piece");
    assert_eq!(s.actor(&g), Actor::Player(1));
    // With slots 0 and 1 gone (windows complete), the leftmost remaining strip is slot 2.
    let mut s = pos(&g);
    let b = t::board_mut(&mut s, 0);
    b.present = 0b1111_1100;
    b.window[0] = [R, B];
    b.window[1] = [Y, G];
    b.glazier = 6;
    t::set_factory(&mut s, 0, [0, 0, 2, 0, 0]);
    t::fix_bag(&mut s);
    apply(&g, &mut s, MOVE_BACK);
    assert_eq!(s.board(0).glazier, 2);
}

#[test]
fn move_back_is_illegal_when_the_glazier_is_already_above_the_leftmost_strip() {
    let g = game(2, "A");
    let mut s = pos(&g);
    t::set_factory(&mut s, 0, [0, 0, 2, 0, 0]);
    t::fix_bag(&mut s);
    assert!(!legal(&g, &s).contains(&MOVE_BACK));
    assert!(s.apply_action(&g, MOVE_BACK).is_err());
    // Above an empty slot left of every remaining strip: still illegal.
    let b = t::board_mut(&mut s, 0);
    b.present = 0b1111_1110;
    b.window[0] = [R, B];
    b.glazier = 0;
    assert!(!legal(&g, &s).contains(&MOVE_BACK));
}

// ---------------------------------------------------------------- placing and breaking

#[test]
fn forced_placement_forbids_breaking_all_when_a_strip_can_take_the_colour() {
    let g = game(2, "A");
    let mut s = pos(&g);
    t::set_factory(&mut s, 0, [0, 0, 4, 0, 0]);
    t::fix_bag(&mut s);
    let l = legal(&g, &s);
    assert!(!l.contains(&take(0, RED, BREAK_ALL)));
    assert!(s.apply_action(&g, take(0, RED, BREAK_ALL)).is_err());
    // Slots 2 and 3 (Y G Y G Y, G V G V G) have no red space: not legal either.
    assert!(!l.contains(&take(0, RED, 1)) && !l.contains(&take(0, RED, 2)));
    assert!(l.contains(&take(0, RED, 0)));
}

#[test]
fn breaking_all_is_legal_only_when_no_reachable_strip_can_take_the_colour() {
    let g = game(2, "A");
    let mut s = pos(&g);
    t::board_mut(&mut s, 0).glazier = 7;
    t::set_filled(&mut s, 0, 7, [0, 0, R, 0, 0]);
    t::set_factory(&mut s, 0, [0, 0, 3, 1, 0]);
    t::fix_bag(&mut s);
    let l = legal(&g, &s);
    assert_eq!(
        l,
        vec![take(0, RED, BREAK_ALL), take(0, GREEN, 7), MOVE_BACK]
    );
    assert_eq!(
        s.action_to_string(&g, take(0, RED, BREAK_ALL)),
        "take red from factory 0, break all"
    );
    let tower_before = s.tower();
    apply(&g, &mut s, take(0, RED, BREAK_ALL));
    assert_eq!(s.board(0).track, 3, "one step per broken piece");
    assert_eq!(s.tower()[RED], tower_before[RED] + 3);
    assert_eq!(
        s.board(0).glazier,
        7,
        "breaking all does not move the glazier"
    );
    conserved(&s);
}

#[test]
fn pieces_that_do_not_fit_break_one_step_each_and_go_to_the_tower() {
    let g = game(2, "A");
    let mut s = pos(&g);
    t::set_factory(&mut s, 0, [0, 0, 4, 0, 0]);
    t::fix_bag(&mut s);
    apply(&g, &mut s, take(0, RED, 0));
    assert_eq!(s.board(0).filled[0], [R, 0, R, 0, R]);
    assert_eq!(s.board(0).track, 1);
    assert_eq!(s.tower()[RED], 1);
    conserved(&s);
}

#[test]
fn pieces_fill_matching_colour_spaces_before_joker_spaces() {
    let g = game(2, "A");
    let mut s = pos(&g);
    t::board_mut(&mut s, 0).face[7] = 1; // J R G J V
    t::set_factory(&mut s, 0, [0, 0, 1, 0, 0]);
    t::set_factory(&mut s, 1, [0, 0, 0, 0, 3]);
    t::fix_bag(&mut s);
    apply(&g, &mut s, take(0, RED, 7));
    assert_eq!(
        s.board(0).filled[7],
        [0, R, 0, 0, 0],
        "one red: its own space, not a joker"
    );
    t::set_current(&mut s, 0);
    apply(&g, &mut s, take(1, VIOLET, 7));
    assert_eq!(
        s.board(0).filled[7],
        [V, R, 0, V, V],
        "violet space first, then both jokers"
    );
    assert_eq!(s.board(0).track, 0);
}

#[test]
fn joker_spaces_accept_any_colour() {
    let g = game(2, "A");
    let mut s = pos(&g);
    let b = t::board_mut(&mut s, 0);
    b.face[7] = 1; // J R G J V
    b.glazier = 7;
    t::set_factory(&mut s, 0, [2, 0, 0, 0, 0]);
    t::fix_bag(&mut s);
    assert_eq!(legal(&g, &s), vec![take(0, BLUE, 7), MOVE_BACK]);
    apply(&g, &mut s, take(0, BLUE, 7));
    assert_eq!(s.board(0).filled[7], [B, 0, 0, B, 0]);
}

#[test]
fn broken_glass_track_resets_with_minus_18() {
    let g = game(2, "A");
    let mut s = pos(&g);
    let b = t::board_mut(&mut s, 0);
    b.track = 8;
    b.score = 20;
    b.glazier = 7;
    t::set_filled(&mut s, 0, 7, [0, 0, R, 0, 0]);
    t::set_factory(&mut s, 0, [0, 0, 1, 0, 0]);
    t::set_factory(&mut s, 1, [0, 0, 3, 0, 0]);
    t::fix_bag(&mut s);
    apply(&g, &mut s, take(0, RED, BREAK_ALL));
    let b = s.board(0);
    assert_eq!(
        (b.score, b.track, b.resets),
        (2, 0, 1),
        "-18 at once, marker back to the top"
    );
    assert_eq!(s.glass_lost(&g, 0), 18);
    // Several steps past the bottom: the overflowing step is used by the reset.
    t::board_mut(&mut s, 0).track = 7;
    t::set_current(&mut s, 0);
    apply(&g, &mut s, take(1, RED, BREAK_ALL));
    let b = s.board(0);
    assert_eq!((b.score, b.track, b.resets), (-16, 1, 2));
    assert_eq!(s.glass_lost(&g, 0), 36 + 1);
}

#[test]
fn broken_glass_reset_on_reaching_minus_18_with_the_publishers_rulebook() {
    // glass_reset=at_bottom: reaching -18 costs 18 points at once (an 8-step cycle on the
    // 9-space track), where the rule document's reading waits for the next step.
    let params = Params::new()
        .with("players", ParamValue::Int(2))
        .with("glass_reset", ParamValue::Str("at_bottom".into()));
    let g = AzulSintra::with_params(&params, None).unwrap();
    let mut s = pos(&g);
    let b = t::board_mut(&mut s, 0);
    b.track = 7;
    b.score = 20;
    b.glazier = 7;
    t::set_filled(&mut s, 0, 7, [0, 0, R, 0, 0]);
    t::set_factory(&mut s, 0, [0, 0, 1, 0, 0]);
    t::set_factory(&mut s, 1, [0, 0, 3, 0, 0]);
    t::fix_bag(&mut s);
    apply(&g, &mut s, take(0, RED, BREAK_ALL));
    let b = s.board(0);
    assert_eq!(
        (b.score, b.track, b.resets),
        (2, 0, 1),
        "reaching -18: -18 at once, back to the top"
    );
    assert_eq!(s.glass_lost(&g, 0), 18);
    // Three steps from space 7: the first reaches -18 and resets, two more follow.
    t::board_mut(&mut s, 0).track = 7;
    t::set_current(&mut s, 0);
    apply(&g, &mut s, take(1, RED, BREAK_ALL));
    let b = s.board(0);
    assert_eq!((b.score, b.track, b.resets), (-16, 2, 2));
    assert_eq!(s.glass_lost(&g, 0), 36 + 2);
    // The default reading on the same first position keeps the marker on -18.
    let d = game(2, "A");
    let mut s = pos(&d);
    let b = t::board_mut(&mut s, 0);
    b.track = 7;
    b.score = 20;
    b.glazier = 7;
    t::set_filled(&mut s, 0, 7, [0, 0, R, 0, 0]);
    t::set_factory(&mut s, 0, [0, 0, 1, 0, 0]);
    t::set_factory(&mut s, 1, [0, 0, 3, 0, 0]);
    t::fix_bag(&mut s);
    apply(&d, &mut s, take(0, RED, BREAK_ALL));
    let b = s.board(0);
    assert_eq!((b.score, b.track, b.resets), (20, 8, 0));
}

// ---------------------------------------------------------------- completing a strip

/// Player 0 with slot 0 (R B R B R) holding R B R B _, one red in factory 0.
fn almost_complete(g: &AzulSintra) -> AzulSintraState {
    let mut s = pos(g);
    t::set_filled(&mut s, 0, 0, [R, B, R, B, 0]);
    t::set_factory(&mut s, 0, [0, 0, 1, 0, 0]);
    t::set_factory(&mut s, 1, [0, 1, 0, 0, 0]);
    t::fix_bag(&mut s);
    s
}

#[test]
fn completing_a_strip_scores_one_point_per_piece_of_the_round_colour() {
    let g = game(2, "A");
    let mut s = almost_complete(&g);
    t::set_round_track(&mut s, [R, B, Y, G, V, B]);
    t::fix_bag(&mut s);
    apply(&g, &mut s, take(0, RED, 0));
    assert_eq!(s.phase(), Phase::Keep);
    assert_eq!(s.board(0).score, 3, "three red pieces, red round");
    let mut s = almost_complete(&g);
    t::set_round_track(&mut s, [G, B, Y, R, V, B]);
    t::fix_bag(&mut s);
    apply(&g, &mut s, take(0, RED, 0));
    assert_eq!(s.board(0).score, 0, "no green piece, green round");
}

#[test]
fn choice_of_the_piece_to_keep_is_the_players_decision() {
    let g = game(2, "A");
    let mut s = almost_complete(&g);
    apply(&g, &mut s, take(0, RED, 0));
    assert_eq!(s.phase(), Phase::Keep);
    assert_eq!(s.actor(&g), Actor::Player(0), "the same player decides");
    assert_eq!(legal(&g, &s), vec![KEEP + BLUE as u32, KEEP + RED as u32]);
    assert_eq!(s.action_to_string(&g, KEEP + BLUE as u32), "keep blue");
    apply(&g, &mut s, KEEP + BLUE as u32);
    assert_eq!(s.board(0).window[0], [B, 0]);
    assert_eq!(s.actor(&g), Actor::Player(1));
    conserved(&s);
}

#[test]
fn piece_to_keep_is_chosen_automatically_when_the_strip_holds_one_colour() {
    let mut v: serde_json::Value =
        serde_json::from_str(salon_azul_sintra::components::SUBSTITUTE_JSON).unwrap();
    v["strips"][0]["faces"][0] = serde_json::json!(["red", "red", "red", "red", "red"]);
    let g = game_with(2, "A", &v.to_string()).unwrap();
    let mut s = pos(&g);
    t::set_filled(&mut s, 0, 0, [R, R, R, R, 0]);
    t::set_factory(&mut s, 0, [0, 0, 1, 0, 0]);
    t::set_factory(&mut s, 1, [0, 1, 0, 0, 0]);
    t::fix_bag(&mut s);
    apply(&g, &mut s, take(0, RED, 0));
    assert_eq!(s.phase(), Phase::Play);
    assert_eq!(s.board(0).window[0], [R, 0]);
    assert_eq!(s.actor(&g), Actor::Player(1));
}

#[test]
fn first_completion_fills_the_top_window_space_and_turns_the_strip_over() {
    let g = game(2, "A");
    let mut s = almost_complete(&g);
    let tower = s.tower();
    apply(&g, &mut s, take(0, RED, 0));
    apply(&g, &mut s, KEEP + RED as u32);
    let b = s.board(0);
    assert_eq!(b.window[0], [R, 0]);
    assert_eq!(b.face[0], 1, "strip turned over");
    assert!(b.has_strip(0));
    assert_eq!(b.filled[0], [0; 5]);
    assert_eq!(b.glazier, 0, "the glazier stays");
    assert_eq!(s.tower()[RED], tower[RED] + 2);
    assert_eq!(
        s.tower()[BLUE],
        tower[BLUE] + 2,
        "the other 4 pieces go to the tower"
    );
    conserved(&s);
}

#[test]
fn turning_a_strip_over_may_show_its_joker_face() {
    let g = game(2, "A");
    let mut s = pos(&g);
    t::board_mut(&mut s, 0).glazier = 7;
    t::set_filled(&mut s, 0, 7, [Y, G, R, G, 0]); // strip 7 face a: Y G R G Y
    t::set_factory(&mut s, 0, [0, 1, 0, 0, 0]);
    t::set_factory(&mut s, 1, [0, 1, 0, 0, 0]);
    t::fix_bag(&mut s);
    apply(&g, &mut s, take(0, YELLOW, 7));
    apply(&g, &mut s, KEEP + GREEN as u32);
    assert_eq!(s.board(0).face[7], 1);
    assert!(
        g.data().strips[7][1].contains(&5),
        "the joker face is now up"
    );
}

#[test]
fn second_completion_removes_strip_and_completes_window() {
    let g = game(2, "A");
    let mut s = pos(&g);
    let b = t::board_mut(&mut s, 0);
    b.window[0] = [B, 0];
    b.face[0] = 1; // strip 0 face b: B Y B Y G
    b.glazier = 0;
    t::set_filled(&mut s, 0, 0, [B, Y, B, Y, 0]);
    t::set_factory(&mut s, 0, [0, 0, 0, 1, 0]);
    t::set_factory(&mut s, 1, [0, 1, 0, 0, 0]);
    t::fix_bag(&mut s);
    apply(&g, &mut s, take(0, GREEN, 0));
    apply(&g, &mut s, KEEP + GREEN as u32);
    let b = s.board(0);
    assert_eq!(
        b.window[0],
        [B, G],
        "bottom space filled: the window is complete"
    );
    assert!(!b.has_strip(0), "the strip leaves the game");
    assert_eq!(b.glazier, 0, "the glazier stays above the empty slot");
    assert_eq!(b.filled[0], [0; 5]);
    conserved(&s);
    // The empty slot takes no more pieces.
    t::set_current(&mut s, 0);
    assert!(!legal(&g, &s).contains(&take(1, YELLOW, 0)));
}

#[test]
fn window_scoring_counts_this_window_and_every_window_to_its_right_holding_a_piece() {
    let g = game(2, "A");
    let values = g.data().window_values_a;
    let mut s = almost_complete(&g);
    t::set_round_track(&mut s, [G, B, Y, R, V, B]); // no bonus: green round
    let b = t::board_mut(&mut s, 0);
    b.window[3] = [Y, 0];
    b.window[6] = [G, V];
    b.present &= !(1 << 6);
    b.window[2] = [0, 0];
    t::fix_bag(&mut s);
    apply(&g, &mut s, take(0, RED, 0));
    apply(&g, &mut s, KEEP + RED as u32);
    let expected = values[0] + values[3] + values[6];
    assert_eq!(s.board(0).score as u8, expected);
    // Windows to the left do not count.
    let mut s = pos(&g);
    t::set_round_track(&mut s, [G, B, Y, R, V, B]);
    let b = t::board_mut(&mut s, 0);
    b.window[0] = [R, 0];
    b.glazier = 4;
    t::set_filled(&mut s, 0, 4, [B, Y, B, Y, 0]);
    t::set_factory(&mut s, 0, [1, 0, 0, 0, 0]);
    t::set_factory(&mut s, 1, [0, 1, 0, 0, 0]);
    t::fix_bag(&mut s);
    apply(&g, &mut s, take(0, BLUE, 4));
    apply(&g, &mut s, KEEP + BLUE as u32);
    assert_eq!(s.board(0).score as u8, values[4]);
}

// ---------------------------------------------------------------- rounds and end

#[test]
fn round_ends_when_factories_and_centre_are_empty_and_its_colour_piece_goes_to_the_tower() {
    let g = game(2, "A");
    let mut s = pos(&g);
    t::set_factory(&mut s, 0, [0, 0, 1, 0, 0]);
    t::set_factory(&mut s, 1, [0, 0, 1, 0, 0]);
    t::fix_bag(&mut s);
    let first_colour = s.round_colour().unwrap();
    apply(&g, &mut s, take(0, RED, 0));
    assert_eq!(s.round(), 0, "a factory still holds a piece");
    let tower = s.tower();
    apply(&g, &mut s, take(1, RED, 0));
    assert_eq!(s.round(), 1);
    assert_eq!(s.round_track(0), None);
    assert_eq!(s.tower()[first_colour], tower[first_colour] + 1);
    assert_eq!(s.round_colour(), s.round_track(1));
    assert_eq!(s.phase(), Phase::Fill);
    conserved(&s);
}

#[test]
fn game_lasts_six_rounds_each_with_its_own_colour() {
    let g = game(2, "A");
    let mut s = g.new_initial_state();
    run_chance(&g, &mut s, 11);
    let colours: Vec<usize> = (0..6).map(|i| s.round_track(i).unwrap()).collect();
    let mut later = colours[1..].to_vec();
    later.sort();
    assert_eq!(
        later,
        vec![0, 1, 2, 3, 4],
        "rounds II-VI: one of each colour"
    );
    let mut rng = Xoshiro256StarStar::seed_from_u64(5);
    let mut round = 0;
    let mut l = ActionList::new();
    while s.phase() != Phase::End {
        if s.actor(&g) == Actor::Chance {
            run_chance(&g, &mut s, rng.next_u64());
            continue;
        }
        assert_eq!(s.round_colour(), Some(colours[s.round()]));
        s.legal_actions(&g, &mut l);
        let a = l[rng.below(l.len() as u64) as usize];
        s.apply_unchecked(&g, a);
        round = round.max(s.round());
    }
    assert_eq!(round, 6);
    assert!((0..6).all(|i| s.round_track(i).is_none()));
    conserved(&s);
}

#[test]
fn final_scoring_after_the_sixth_round() {
    let g = game(2, "A");
    let mut s = pos(&g);
    t::set_round(&mut s, 5);
    t::set_round_track(&mut s, [0, 0, 0, 0, 0, G]);
    t::set_filled(&mut s, 0, 1, [Y, G, Y, 0, 0]);
    t::set_filled(&mut s, 0, 2, [G, V, 0, 0, 0]);
    t::set_filled(&mut s, 1, 3, [V, 0, 0, 0, 0]);
    let b = t::board_mut(&mut s, 0);
    b.track = 5; // -8
    b.score = 30;
    b.window[0] = [R, B];
    b.window[1] = [Y, 0];
    b.present &= !1;
    t::set_factory(&mut s, 0, [0, 0, 1, 0, 0]);
    t::fix_bag(&mut s);
    let before = final_breakdown(&s, &g, 0);
    assert_eq!(before.strip_pieces, 1, "5 pieces on strips: 1 point");
    assert_eq!(before.broken_glass, -8);
    assert_eq!(before.side_bonus, 6, "3 of the 4 spaces around ornament 1");
    apply(&g, &mut s, take(0, RED, 3)); // 6th piece on strips
    assert_eq!(s.phase(), Phase::End);
    let after = final_breakdown(&s, &g, 0);
    assert_eq!(after.strip_pieces, 2, "6 pieces on strips: 2 points");
    assert_eq!(s.board(0).score, 30 + 2 - 8 + 6);
    assert_eq!(s.board(1).score, 0, "1 piece: 0 points");
    let r = s.returns(&g);
    assert_eq!(&r[..2], &[1.0, 0.0]);
}

#[test]
fn side_a_ornaments_score_10_6_3_0_for_4_3_2_or_fewer_surrounding_pieces() {
    let g = game(2, "A");
    let mut s = pos(&g);
    let b = t::board_mut(&mut s, 0);
    b.window[0] = [R, B];
    b.window[1] = [Y, G]; // ornament 1: 4 -> 10
    b.window[2] = [R, B];
    b.window[3] = [Y, 0]; // ornament 2: 3 -> 6
    b.window[4] = [R, 0];
    b.window[5] = [Y, 0]; // ornament 3: 2 -> 3
    b.window[7] = [V, 0]; // ornament 4: 1 -> 0
    assert_eq!(ornament_points(&g, s.board(0)), 19);
    assert_eq!(final_breakdown(&s, &g, 0).side_bonus, 19);
}

#[test]
fn side_b_scores_complete_windows_times_pieces_of_the_best_colour() {
    let g = game(2, "B");
    let mut s = pos(&g);
    let b = t::board_mut(&mut s, 0);
    b.window[0] = [R, B];
    b.window[1] = [R, G];
    b.window[2] = [V, V];
    b.window[3] = [V, 0];
    b.window[4] = [R, 0];
    // 3 complete windows; red 3, violet 3: best colour count 3 -> 9 (lowest id on ties: red).
    assert_eq!(side_b_points(s.board(0)), (9, RED));
    let fb = final_breakdown(&s, &g, 0);
    assert_eq!((fb.side_bonus, fb.side_b_colour), (9, Some(RED)));
    assert_eq!(final_breakdown(&s, &g, 1).side_bonus, 0);
}

#[test]
fn tie_break_favours_the_player_who_lost_less_to_broken_glass_then_shares() {
    let g = game(3, "A");
    let mut s = pos(&g);
    t::board_mut(&mut s, 0).score = 40;
    t::board_mut(&mut s, 1).score = 40;
    t::board_mut(&mut s, 2).score = 39;
    t::board_mut(&mut s, 0).track = 4; // lost 6
    let b1 = t::board_mut(&mut s, 1);
    b1.track = 1; // lost 1 + one reset of 18
    b1.resets = 1;
    t::set_game_over(&mut s);
    assert_eq!(s.glass_lost(&g, 0), 6);
    assert_eq!(s.glass_lost(&g, 1), 19);
    assert_eq!(&s.returns(&g)[..3], &[1.0, 0.0, 0.0]);
    let b1 = t::board_mut(&mut s, 1);
    b1.track = 4;
    b1.resets = 0;
    assert_eq!(
        &s.returns(&g)[..3],
        &[0.5, 0.5, 0.0],
        "still tied: shared victory"
    );
}

#[test]
fn returns_are_zero_before_the_end() {
    let g = game(2, "A");
    let s = pos(&g);
    assert_eq!(&s.returns(&g)[..2], &[0.0, 0.0]);
}

// ---------------------------------------------------------------- action strings

#[test]
fn action_strings_are_readable_and_parse_back() {
    let g = game(2, "A");
    let mut s = pos(&g);
    t::set_factory(&mut s, 2, [0, 0, 2, 0, 0]);
    t::set_centre(&mut s, [1, 0, 0, 0, 0], true);
    t::fix_bag(&mut s);
    assert_eq!(
        s.action_to_string(&g, take(2, RED, 3)),
        "take red from factory 2 to slot 3"
    );
    assert_eq!(
        s.action_to_string(&g, take(CENTRE, BLUE, 0)),
        "take blue from centre to slot 0"
    );
    assert_eq!(
        s.string_to_action(&g, "take red from factory 2 to slot 3")
            .unwrap(),
        take(2, RED, 3)
    );
    let s0 = g.new_initial_state();
    assert_eq!(s0.action_to_string(&g, 1), "player 1 starts");
}

#[test]
fn numbering_players_slots_strips_and_factories_count_from_0_everywhere() {
    // One convention (issue 15 point 10): every index in strings counts from 0, as the API's
    // ids do; "to slot N" names the slot the glazier and the board show as "slot N".
    let g = game(2, "A");
    let mut s = pos(&g);
    t::set_factory(&mut s, 0, [0, 0, 2, 0, 0]);
    t::fix_bag(&mut s);
    assert_eq!(
        s.action_to_string(&g, take(0, RED, 0)),
        "take red from factory 0 to slot 0"
    );
    let text = s.render(&g);
    assert!(text.contains("factory 0: "), "{text}");
    assert!(text.contains("slot 0: strip "), "{text}");
    assert!(text.contains("glazier over slot 0"), "{text}");
    assert!(
        !text.contains("slot 8") && !text.contains("strip id"),
        "{text}"
    );
    let svg = s.render_svg(&g, None);
    assert!(
        svg.contains(">factory 0<") && svg.contains(">slot 0 window ("),
        "factory and slot labels from 0"
    );
    // Set-up strings: player, slot and strip ids from 0.
    let mut s0 = g.new_initial_state();
    s0.apply_action(&g, 0).unwrap();
    let mut o = salon_core::ChanceOutcomes::new();
    s0.chance_outcomes(&g, &mut o);
    let first = s0.action_to_string(&g, o.actions()[0]);
    assert!(first.starts_with("player 0 slot 0: strip "), "{first}");
}

// ---------------------------------------------------------------- component files

#[test]
fn a_user_component_file_loads() {
    let mut v: serde_json::Value =
        serde_json::from_str(salon_azul_sintra::components::SUBSTITUTE_JSON).unwrap();
    v["name"] = serde_json::json!("my own set");
    v["substitute"] = serde_json::json!(false);
    v["window_values"]["A"] = serde_json::json!([4, 4, 4, 4, 1, 1, 1, 1]);
    v["broken_glass_track"] = serde_json::json!([0, -2, -5, -10]);
    let g = game_with(2, "A", &v.to_string()).unwrap();
    assert_eq!(g.components().name, "my own set");
    assert!(!g.components().substitute);
    assert_eq!(g.data().window_values_a, [4, 4, 4, 4, 1, 1, 1, 1]);
    assert_ne!(g.components().hash, game(2, "A").components().hash);
    // The reset now happens after the 4th space (-10).
    let mut s = pos(&g);
    t::board_mut(&mut s, 0).track = 3;
    t::board_mut(&mut s, 0).glazier = 7;
    t::set_filled(&mut s, 0, 7, [0, 0, R, 0, 0]);
    t::set_factory(&mut s, 0, [0, 0, 1, 0, 0]);
    t::fix_bag(&mut s);
    apply(&g, &mut s, take(0, RED, BREAK_ALL));
    assert_eq!((s.board(0).score, s.board(0).track), (-10, 0));
    // The embedded set's JSON reloads as a component file with the same hash.
    let g0 = game(2, "B");
    let again = game_with(2, "B", &g0.components().json).unwrap();
    assert_eq!(again.components().hash, g0.components().hash);
    assert!(g0.components().substitute);
    assert!(
        !AzulSintra::info().long_name.contains("substitute"),
        "the title does not depend on the set"
    );
}

fn rejected(edit: impl Fn(&mut serde_json::Value)) -> String {
    let mut v: serde_json::Value =
        serde_json::from_str(salon_azul_sintra::components::SUBSTITUTE_JSON).unwrap();
    edit(&mut v);
    match game_with(2, "A", &v.to_string()) {
        Err(SalonError::InvalidComponents { message }) => message,
        Err(e) => panic!("wrong error kind: {e}"),
        Ok(_) => panic!("malformed file accepted"),
    }
}

#[test]
fn malformed_component_files_are_rejected_with_messages_naming_the_problem() {
    let m = rejected(|v| {
        v["strips"][3].as_object_mut().unwrap().remove("faces");
    });
    assert!(m.contains("strip 3") && m.contains("faces"), "{m}");
    let m = rejected(|v| {
        v.as_object_mut().unwrap().remove("window_values");
    });
    assert!(m.contains("window_values"), "{m}");
    let m = rejected(|v| {
        v["strips"].as_array_mut().unwrap().pop();
    });
    assert!(m.contains("expected 8 strips, got 7"), "{m}");
    let m = rejected(|v| {
        v["strips"][2]["faces"][1].as_array_mut().unwrap().pop();
    });
    assert!(
        m.contains("strip 2 face 1") && m.contains("expected 5 spaces"),
        "{m}"
    );
    let m = rejected(|v| v["strips"][5]["faces"][0][4] = serde_json::json!("pink"));
    assert!(
        m.contains("strip 5 face 0 space 4") && m.contains("pink"),
        "{m}"
    );
    let m = rejected(|v| v["strips"][7]["faces"][0][0] = serde_json::json!("joker"));
    assert!(m.contains("strip 7") && m.contains("both faces"), "{m}");
    let m = rejected(|v| v["window_values"]["B"] = serde_json::json!([1, 2, 3]));
    assert!(
        m.contains("window_values.B") && m.contains("expected 8"),
        "{m}"
    );
    let m = rejected(|v| v["window_values"]["A"][2] = serde_json::json!(-1));
    assert!(m.contains("window_values.A[2]"), "{m}");
    let m = rejected(|v| v["broken_glass_track"] = serde_json::json!([0, -2, -1, -5]));
    assert!(m.contains("broken_glass_track[2]"), "{m}");
    let m = rejected(|v| v["broken_glass_track"] = serde_json::json!([-1, -2]));
    assert!(m.contains("broken_glass_track[0]"), "{m}");
    let m = rejected(|v| v["ornaments"][1] = serde_json::json!([3, 9]));
    assert!(m.contains("ornament 1") && m.contains("9"), "{m}");
    let m = rejected(|v| v["strips"][4]["id"] = serde_json::json!(6));
    assert!(m.contains("strip 4") && m.contains("id"), "{m}");
    let m = rejected(|v| v["colour_of_the_box"] = serde_json::json!("blue"));
    assert!(m.contains("colour_of_the_box"), "{m}");
    let m = rejected(|v| {
        v.as_object_mut().unwrap().remove("substitute");
    });
    assert!(m.contains("substitute"), "{m}");
    match game_with(2, "A", "{ not json") {
        Err(SalonError::InvalidComponents { message }) => {
            assert!(message.contains("not a valid component file"))
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn parameters_players_and_side_are_validated() {
    let bad = Params::new().with("players", ParamValue::Int(5));
    assert!(AzulSintra::with_params(&bad, None).is_err());
    let bad = Params::new().with("side", ParamValue::Str("C".into()));
    assert!(AzulSintra::with_params(&bad, None).is_err());
    let g = AzulSintra::with_params(&Params::new(), None).unwrap();
    assert_eq!(g.num_players(), 2);
    assert!(!g.side_b());
}
