//! One test per rule, each named after the rule it pins. Positions are built through real
//! play or through the `testing` support module. Card ids are the substitute set's
//! (see docs/rules/atelier_canvas.md for the table).

use salon_atelier_canvas::components::SUBSTITUTE_JSON;
use salon_atelier_canvas::invariants;
use salon_atelier_canvas::testing::{self, Position};
use salon_atelier_canvas::{AtelierCanvas, AtelierCanvasState};
use salon_core::{
    Action, ActionList, ChanceOutcomes, Game, ParamValue, Params, SalonError, State,
    Xoshiro256StarStar,
};
use serde_json::Value;

fn params(players: i64, expert: bool) -> Params {
    Params::new()
        .with("players", ParamValue::Int(players))
        .with("expert", ParamValue::Bool(expert))
}

fn game(players: i64, expert: bool) -> AtelierCanvas {
    AtelierCanvas::with_params(&params(players, expert), None).unwrap()
}

/// A game on the substitute set edited by `edit` (a user component file).
fn game_with(players: i64, expert: bool, edit: impl FnOnce(&mut Value)) -> AtelierCanvas {
    let mut v: Value = serde_json::from_str(SUBSTITUTE_JSON).unwrap();
    edit(&mut v);
    AtelierCanvas::with_params(&params(players, expert), Some(&v.to_string())).unwrap()
}

fn card_mut<'a>(v: &'a mut Value, id: &str) -> &'a mut Value {
    v["cards"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|c| c["id"] == id)
        .unwrap()
}

fn legal(s: &AtelierCanvasState, g: &AtelierCanvas) -> Vec<String> {
    let mut l = ActionList::new();
    s.legal_actions(g, &mut l);
    l.iter().map(|&a| s.action_to_string(g, a)).collect()
}

fn has(s: &AtelierCanvasState, g: &AtelierCanvas, text: &str) -> bool {
    legal(s, g).iter().any(|x| x == text)
}

fn has_prefix(s: &AtelierCanvasState, g: &AtelierCanvas, prefix: &str) -> bool {
    legal(s, g).iter().any(|x| x.starts_with(prefix))
}

fn act(s: &mut AtelierCanvasState, g: &AtelierCanvas, text: &str) {
    let a = s.string_to_action(g, text).unwrap_or_else(|_| {
        panic!(
            "{text:?} is not legal; legal: {:?}\n{}",
            legal(s, g),
            s.render(g)
        )
    });
    s.apply_action(g, a).unwrap();
}

/// Plays `card` from hand, choosing the target (if any) and paying with the given actions.
fn play(s: &mut AtelierCanvasState, g: &AtelierCanvas, card: &str, steps: &[&str]) {
    let text = legal(s, g)
        .into_iter()
        .find(|x| x.starts_with(&format!("play {card} ")))
        .unwrap_or_else(|| panic!("{card} cannot be played; legal: {:?}", legal(s, g)));
    act(s, g, &text);
    for step in steps {
        act(s, g, step);
    }
}

fn id(g: &AtelierCanvas, name: &str) -> usize {
    g.card_id(name).unwrap()
}

fn chance(s: &mut AtelierCanvasState, g: &AtelierCanvas, card: &str) {
    assert!(s.is_chance_node(g), "not a chance node");
    s.apply_action(g, id(g, card) as Action).unwrap();
}

/// Applies the lowest-id chance outcome until a decision node.
fn settle(s: &mut AtelierCanvasState, g: &AtelierCanvas) {
    let mut o = ChanceOutcomes::new();
    while s.is_chance_node(g) {
        s.chance_outcomes(g, &mut o);
        s.apply_action(g, o.actions()[0]).unwrap();
    }
}

fn pos<'a>(f: impl FnOnce(&mut Position<'a>)) -> Position<'a> {
    let mut p = Position {
        circle: vec![
            Some("D30"),
            Some("D29"),
            Some("D28"),
            Some("D27"),
            Some("D26"),
            Some("D25"),
            Some("D24"),
            Some("D23"),
        ],
        ..Position::default()
    };
    f(&mut p);
    p
}

fn build(g: &AtelierCanvas, p: &Position) -> AtelierCanvasState {
    let s = testing::position(g, p).unwrap();
    invariants::check_invariants(g, &s).unwrap();
    s
}

/// Draws two cards from the deck (the lowest ids) to end the current player's turn.
fn deck_turn(s: &mut AtelierCanvasState, g: &AtelierCanvas) {
    act(s, g, "draw from the deck");
    settle(s, g);
    act(s, g, "draw from the deck");
    settle(s, g);
    while s.phase() == testing::Phase::Discard {
        let first = legal(s, g)[0].clone();
        act(s, g, &first);
    }
}

// ----- setup ---------------------------------------------------------------------------

#[test]
fn setup_deal_5_6_6_7_7_from_the_first_player_then_8_face_up() {
    let g = game(5, false);
    let mut s = g.new_initial_state();
    settle(&mut s, &g);
    let sizes: Vec<usize> = (0..5).map(|p| s.hand(p).len()).collect();
    assert_eq!(sizes, vec![5, 6, 6, 7, 7]);
    assert!(s.circle().iter().all(|c| c.is_some()));
    assert_eq!(s.deck_size(), 105 - 31 - 8);
    assert_eq!(s.current_player(), 0);
    // The 5 objectives are on display, unclaimed.
    assert!(s.objective_owners().iter().all(|o| o.is_none()));
    assert_eq!(g.card_set().objectives.len(), 5);
    // Two players: 5 and 6 cards.
    let g2 = game(2, false);
    let mut s2 = g2.new_initial_state();
    settle(&mut s2, &g2);
    assert_eq!((s2.hand(0).len(), s2.hand(1).len()), (5, 6));
}

#[test]
fn turn_is_either_draw_or_play() {
    let g = game(2, false);
    let mut s = build(
        &g,
        &pos(|p| p.hands = vec![vec!["B05", "J01", "J02", "B15"], vec![]]),
    );
    assert!(has_prefix(&s, &g, "play B05"));
    assert!(has_prefix(&s, &g, "take slot"));
    // After a first take, no card can be played.
    act(&mut s, &g, "take slot 2: D28");
    assert!(!has_prefix(&s, &g, "play"));
    // After playing a card, no drawing.
    let mut s = build(
        &g,
        &pos(|p| p.hands = vec![vec!["B05", "J01", "J02", "B15", "J03", "J04"], vec![]]),
    );
    play(
        &mut s,
        &g,
        "B05",
        &["pay magenta with a joker", "pay yellow with a joker"],
    );
    let l = legal(&s, &g);
    assert!(
        l.iter().all(|x| x.starts_with("play") || x == "end turn"),
        "{l:?}"
    );
}

// ----- drawing -------------------------------------------------------------------------

#[test]
fn draw_two_adjacent_face_up_cards_the_circle_wraps() {
    let g = game(2, false);
    let mut s = build(&g, &pos(|p| p.hands = vec![vec![], vec![]]));
    act(&mut s, &g, "take slot 0: D30");
    let l = legal(&s, &g);
    assert_eq!(
        l,
        vec!["take slot 1: D29", "take slot 7: D23", "draw from the deck"]
    );
    act(&mut s, &g, "take slot 7: D23");
    // Both slots are refilled from the deck.
    assert!(s.is_chance_node(&g));
    chance(&mut s, &g, "B01");
    chance(&mut s, &g, "B02");
    assert_eq!(s.circle()[0], Some(id(&g, "B01")));
    assert_eq!(s.circle()[7], Some(id(&g, "B02")));
    assert_eq!(s.hand(0), vec![id(&g, "D23"), id(&g, "D30")]);
    // Face-up cards taken are known to everyone.
    assert!(s.is_public_in_hand(id(&g, "D30")));
    assert_eq!(s.current_player(), 1);
}

#[test]
fn draw_two_cards_from_the_deck() {
    let g = game(2, false);
    let mut s = build(&g, &pos(|p| p.hands = vec![vec![], vec![]]));
    act(&mut s, &g, "draw from the deck");
    chance(&mut s, &g, "D05");
    act(&mut s, &g, "draw from the deck");
    chance(&mut s, &g, "J04");
    assert_eq!(s.hand(0), vec![id(&g, "D05"), id(&g, "J04")]);
    assert!(!s.is_public_in_hand(id(&g, "D05")));
    assert_eq!(s.current_player(), 1);
    assert_eq!(s.deck_size(), 105 - 8 - 2);
}

#[test]
fn mixed_draw_face_up_and_deck_in_either_order() {
    let g = game(2, false);
    // Face up first, then the deck.
    let mut s = build(&g, &pos(|p| p.hands = vec![vec![], vec![]]));
    act(&mut s, &g, "take slot 4: D26");
    act(&mut s, &g, "draw from the deck");
    chance(&mut s, &g, "P01");
    chance(&mut s, &g, "B01"); // refill slot 4
    assert_eq!(s.circle()[4], Some(id(&g, "B01")));
    assert_eq!(s.hand(0), vec![id(&g, "D26"), id(&g, "P01")]);
    // Deck first, then any face-up card.
    let mut s = build(&g, &pos(|p| p.hands = vec![vec![], vec![]]));
    act(&mut s, &g, "draw from the deck");
    chance(&mut s, &g, "P01");
    let l = legal(&s, &g);
    assert_eq!(l.len(), 9, "{l:?}"); // 8 slots and the deck
    act(&mut s, &g, "take slot 5: D25");
    chance(&mut s, &g, "B02");
    assert_eq!(s.circle()[5], Some(id(&g, "B02")));
    assert_eq!(s.current_player(), 1);
}

#[test]
fn rule_example_simona_draws_a_then_c_and_both_are_replaced() {
    // Simona takes card A (slot 2); for her second card she may take B or C (the cards
    // next to A) or the deck; she takes C (slot 3); two deck cards replace A and C.
    let g = game(2, false);
    let mut s = build(&g, &pos(|p| p.hands = vec![vec![], vec![]]));
    act(&mut s, &g, "take slot 2: D28");
    assert_eq!(
        legal(&s, &g),
        vec!["take slot 1: D29", "take slot 3: D27", "draw from the deck"]
    );
    act(&mut s, &g, "take slot 3: D27");
    chance(&mut s, &g, "D01");
    chance(&mut s, &g, "D02");
    assert_eq!(s.circle()[2], Some(id(&g, "D01")));
    assert_eq!(s.circle()[3], Some(id(&g, "D02")));
}

#[test]
fn hand_above_10_discards_down_to_10_by_choice() {
    let g = game(2, false);
    let hand = vec![
        "B01", "B02", "B03", "B04", "B05", "B06", "B07", "B08", "B09", "J01",
    ];
    let mut s = build(&g, &pos(|p| p.hands = vec![hand.clone(), vec![]]));
    act(&mut s, &g, "draw from the deck");
    chance(&mut s, &g, "J02");
    act(&mut s, &g, "draw from the deck");
    chance(&mut s, &g, "J03");
    let l = legal(&s, &g);
    assert_eq!(l.len(), 12);
    assert!(l.iter().all(|x| x.starts_with("discard ")));
    act(&mut s, &g, "discard J02");
    assert_eq!(s.current_player(), 0);
    act(&mut s, &g, "discard B09");
    assert_eq!(s.current_player(), 1);
    assert_eq!(s.hand(0).len(), 10);
    assert_eq!(s.discard_pile(), vec![id(&g, "B09"), id(&g, "J02")]);
}

#[test]
fn empty_deck_reshuffles_the_discard_pile() {
    let g = game(2, false);
    let mut s = build(&g, &pos(|p| p.hands = vec![vec![], vec![]]));
    testing::move_deck_to_discard(&mut s);
    assert_eq!(s.deck_size(), 0);
    act(&mut s, &g, "draw from the deck");
    assert_eq!(testing::epoch(&s), 1);
    assert!(s.discard_pile().is_empty());
    assert_eq!(s.deck_size(), 105 - 8);
    chance(&mut s, &g, "J01");
    assert_eq!(s.hand(0), vec![id(&g, "J01")]);
}

#[test]
fn pass_only_when_no_draw_and_no_play_and_a_full_round_of_passes_ends() {
    let g = game(2, false);
    // Every card but the jokers in palettes, jokers in hands: nothing to draw, nothing to play.
    let set = g.card_set();
    let names: Vec<&str> = set.cards.iter().map(|c| c.id.as_str()).collect();
    let mut stacks: Vec<Vec<&str>> = Vec::new();
    let drawn: Vec<usize> = (40..70).collect();
    let painted: Vec<usize> = (70..95).collect();
    let mut used_painted = [false; 95];
    for (k, &d) in drawn.iter().enumerate() {
        let mut st = vec![names[k], names[d]];
        if let Some(&p) = painted
            .iter()
            .find(|&&p| !used_painted[p] && set.cards[p].artwork == set.cards[d].artwork)
        {
            used_painted[p] = true;
            st.push(names[p]);
        }
        stacks.push(st);
    }
    for &b in &names[30..40] {
        stacks.push(vec![b]);
    }
    let p = Position {
        hands: vec![names[95..100].to_vec(), names[100..105].to_vec()],
        palettes: vec![stacks, vec![]],
        circle: vec![],
        ..Position::default()
    };
    let mut s = testing::position(&g, &p).unwrap();
    assert_eq!(legal(&s, &g), vec!["pass"]);
    act(&mut s, &g, "pass");
    assert_eq!(legal(&s, &g), vec!["pass"]);
    act(&mut s, &g, "pass");
    assert!(s.is_terminal(&g));
}

// ----- playing -------------------------------------------------------------------------

#[test]
fn play_up_to_three_blank_canvases() {
    let g = game(2, false);
    let hand = vec![
        "B05", "B15", "B25", "B35", "J01", "J02", "J03", "J04", "J05", "J06",
    ];
    let mut s = build(
        &g,
        &pos(|p| {
            p.hands = vec![hand.clone(), vec![]];
            p.palettes = vec![vec![vec!["B02"], vec!["B01"]], vec![]];
        }),
    );
    play(
        &mut s,
        &g,
        "B05",
        &["pay magenta with a joker", "pay yellow with a joker"],
    );
    assert!(has(&s, &g, "end turn"));
    play(
        &mut s,
        &g,
        "B15",
        &["pay magenta with a joker", "pay yellow with a joker"],
    );
    play(
        &mut s,
        &g,
        "B25",
        &["pay magenta with a joker", "pay yellow with a joker"],
    );
    // The third blank ends the turn although B35 could still be paid (turning B02 and B01).
    assert_eq!(s.current_player(), 1);
    assert!(s.hand(0).contains(&id(&g, "B35")));
    assert_eq!(s.palette(0).len(), 5);
}

#[test]
fn play_up_to_two_drawn_canvases_each_on_a_blank() {
    let g = game(2, false);
    // D01 cyan costs yellow+white+black; D21 is identical; D06 cyan costs magenta+white+black.
    let hand = vec!["D01", "D21", "D06", "J01"];
    let palette = vec![
        vec!["B09"],
        vec!["B19"],
        vec!["B29"],
        vec!["B03"],
        vec!["B08"],
        vec!["B18"],
        vec!["B07"],
    ];
    let mut s = build(
        &g,
        &pos(|p| {
            p.hands = vec![hand.clone(), vec![]];
            p.palettes = vec![palette.clone(), vec![]];
        }),
    );
    // Palette colours: white B09 B19 B29, black B03 B08 B18, yellow B07.
    assert!(has_prefix(&s, &g, "play D01"));
    play(
        &mut s,
        &g,
        "D01",
        &[
            "place on B09",
            "pay yellow by turning B07",
            "pay white by turning B09",
            "pay black by turning B03",
        ],
    );
    // A drawn canvas only goes on an uncovered blank canvas.
    play(&mut s, &g, "D06", &[]);
    assert!(!has(&s, &g, "place on B09 under D01"));
    assert!(has(&s, &g, "place on B19"));
    for step in [
        "place on B19",
        "pay magenta with a joker",
        "pay white by turning B19",
        "pay black by turning B08",
    ] {
        act(&mut s, &g, step);
    }
    // Two drawn canvases: the turn is over.
    assert_eq!(s.current_player(), 1);
    let stacks = s.palette(0);
    assert!(stacks.contains(&vec![id(&g, "B09"), id(&g, "D01")]));
    assert!(stacks.contains(&vec![id(&g, "B19"), id(&g, "D06")]));
}

#[test]
fn drawn_canvas_needs_a_blank_canvas_in_the_palette() {
    let g = game(2, false);
    let mut s = build(
        &g,
        &pos(|p| p.hands = vec![vec!["D01", "B08", "B09", "B07"], vec![]]),
    );
    assert!(!has_prefix(&s, &g, "play D01"));
    let _ = &mut s;
}

#[test]
fn painted_canvas_goes_on_a_drawing_of_the_same_artwork_one_per_turn() {
    let g = game(2, false);
    // P02 (magenta, art 1) costs red+yellow+black. D02 and D07 show art 1; D01 shows art 0.
    let hand = vec![
        "P02", "P07", "B01", "B11", "B12", "B03", "B13", "B21", "B22", "J01",
    ];
    let palette = vec![vec!["B10", "D02"], vec!["B20", "D01"], vec!["B30", "D07"]];
    let mut s = build(
        &g,
        &pos(|p| {
            p.hands = vec![hand.clone(), vec![]];
            p.palettes = vec![palette.clone(), vec![]];
        }),
    );
    play(&mut s, &g, "P02", &[]);
    assert_eq!(
        legal(&s, &g),
        vec!["place on B10 under D02", "place on B30 under D07"]
    );
    act(&mut s, &g, "place on B10 under D02");
    for step in [
        "pay yellow by discarding B01",
        "pay magenta by discarding B12",
        "pay yellow by discarding B11",
        "pay black by discarding B03",
    ] {
        act(&mut s, &g, step);
    }
    // One painted canvas per turn: P07 (also art 1, on D07) must wait.
    assert_eq!(s.current_player(), 1);
    assert_eq!(
        s.palette(0)[0],
        vec![id(&g, "B10"), id(&g, "D02"), id(&g, "P02")]
    );
    assert_eq!(s.paintings(), 1);
}

#[test]
fn one_type_of_card_per_turn() {
    let g = game(2, false);
    let hand = vec!["B05", "D01", "J01", "J02", "B08", "B09", "B07"];
    let mut s = build(
        &g,
        &pos(|p| {
            p.hands = vec![hand.clone(), vec![]];
            p.palettes = vec![vec![vec!["B19"]], vec![]];
        }),
    );
    assert!(has_prefix(&s, &g, "play D01"));
    play(
        &mut s,
        &g,
        "B05",
        &["pay magenta with a joker", "pay yellow with a joker"],
    );
    // D01 could be paid (yellow B07, white B19 turn, black B08) but not after a blank.
    assert!(!has_prefix(&s, &g, "play D01"));
}

#[test]
fn cost_paid_by_discarding_colour_cards_from_hand() {
    let g = game(2, false);
    // B05 (cyan) costs magenta+yellow.
    let mut s = build(
        &g,
        &pos(|p| p.hands = vec![vec!["B05", "B02", "B01", "B12"], vec![]]),
    );
    play(&mut s, &g, "B05", &[]);
    let l = legal(&s, &g);
    assert_eq!(
        l,
        vec![
            "pay yellow by discarding B01",
            "pay magenta by discarding B02",
            "pay magenta by discarding B12"
        ]
    );
    act(&mut s, &g, "pay magenta by discarding B12");
    assert_eq!(legal(&s, &g), vec!["pay yellow by discarding B01"]);
    act(&mut s, &g, "pay yellow by discarding B01");
    assert_eq!(s.discard_pile(), vec![id(&g, "B01"), id(&g, "B12")]);
    assert_eq!(s.palette(0), vec![vec![id(&g, "B05")]]);
}

#[test]
fn a_card_whose_cost_cannot_be_paid_is_not_offered() {
    let g = game(2, false);
    let s = build(&g, &pos(|p| p.hands = vec![vec!["B05", "B02"], vec![]]));
    assert!(!has_prefix(&s, &g, "play B05"));
}

#[test]
fn palette_card_gives_its_colour_once_per_turn() {
    let g = game(2, false);
    // Palette: B02 (magenta). Hand: B05, B15 (cyan, cost magenta+yellow), yellow cards, a magenta card.
    let mut s = build(
        &g,
        &pos(|p| {
            p.hands = vec![vec!["B05", "B15", "B01", "B11", "B12"], vec![]];
            p.palettes = vec![vec![vec!["B02"]], vec![]];
        }),
    );
    play(
        &mut s,
        &g,
        "B05",
        &["pay magenta by turning B02", "pay yellow by discarding B01"],
    );
    assert!(s.is_turned(id(&g, "B02")));
    play(&mut s, &g, "B15", &[]);
    assert!(!has(&s, &g, "pay magenta by turning B02"));
    assert!(has(&s, &g, "pay magenta by discarding B12"));
    act(&mut s, &g, "pay magenta by discarding B12");
    act(&mut s, &g, "pay yellow by discarding B11");
    // Nothing more to play: the turn ends; turned cards come back at the end of the turn.
    assert_eq!(s.current_player(), 1);
    assert!(!s.is_turned(id(&g, "B02")));
}

#[test]
fn cards_played_this_turn_can_already_pay() {
    let g = game(2, false);
    // B05 (cyan) then B01 (yellow, cost cyan+magenta): B05's cyan pays.
    let mut s = build(
        &g,
        &pos(|p| p.hands = vec![vec!["B05", "B01", "J01", "J02", "J03"], vec![]]),
    );
    play(
        &mut s,
        &g,
        "B05",
        &["pay magenta with a joker", "pay yellow with a joker"],
    );
    play(&mut s, &g, "B01", &[]);
    assert!(has(&s, &g, "pay cyan by turning B05"));
    act(&mut s, &g, "pay cyan by turning B05");
    act(&mut s, &g, "pay magenta with a joker");
    assert_eq!(s.palette(0).len(), 2);
}

#[test]
fn rule_example_federico_pays_from_palette_then_a_black_from_hand() {
    // Federico's drawn card costs 1 white, 1 magenta and 2 black; his palette has a white,
    // a magenta and a black card; he turns the three and discards a black from hand.
    let g = game_with(2, false, |v| {
        card_mut(v, "D01")["cost"] = serde_json::json!(["white", "magenta", "black", "black"]);
    });
    let mut s = build(
        &g,
        &pos(|p| {
            p.hands = vec![vec!["D01", "B13"], vec![]];
            p.palettes = vec![vec![vec!["B04"], vec!["B02"], vec!["B03"]], vec![]];
        }),
    );
    play(
        &mut s,
        &g,
        "D01",
        &[
            "place on B04",
            "pay white by turning B04",
            "pay magenta by turning B02",
            "pay black by turning B03",
        ],
    );
    assert_eq!(legal(&s, &g), vec!["pay black by discarding B13"]);
    act(&mut s, &g, "pay black by discarding B13");
    assert!(s.palette(0).contains(&vec![id(&g, "B04"), id(&g, "D01")]));
    assert_eq!(s.discard_pile(), vec![id(&g, "B13")]);
}

#[test]
fn secondary_colour_from_its_two_primaries_hand_palette_or_mixed() {
    // Rule document example: red = magenta + yellow, from hand+hand, hand+palette or
    // palette+palette. P02 (art 1) costs red+yellow+black.
    let g = game(2, false);
    let setups: [(&[&str], &[&str]); 3] = [
        (&["P02", "B01", "B11", "B12", "B03"], &[]), // both halves from hand
        (&["P02", "B01", "B11", "B03"], &["B12"]),   // magenta from the palette
        (&["P02", "B11", "B03"], &["B12", "B01"]),   // both from the palette
    ];
    for (hand, extra_palette) in setups {
        let mut stacks = vec![vec!["B40", "D02"]]; // B40 magenta, D02 magenta (art 1)
        for &b in extra_palette {
            stacks.push(vec![b]);
        }
        let hand: Vec<&str> = hand.to_vec();
        let mut s = build(
            &g,
            &pos(|p| {
                p.hands = vec![hand.clone(), vec![]];
                p.palettes = vec![stacks.clone(), vec![]];
            }),
        );
        assert!(has_prefix(&s, &g, "play P02"), "{hand:?} {extra_palette:?}");
        play(&mut s, &g, "P02", &[]);
        act(&mut s, &g, "place on B40 under D02");
        // Pay everything with the first legal payment each time: always completes.
        while s.current_player() == 0 && !s.is_terminal(&g) {
            let first = legal(&s, &g)[0].clone();
            act(&mut s, &g, &first);
        }
        assert_eq!(s.paintings(), 1);
    }
    // Only one yellow in all: red's yellow and the plain yellow cannot both be paid.
    let s = build(
        &g,
        &pos(|p| {
            p.hands = vec![vec!["P02", "B01", "B03", "B12"], vec![]];
            p.palettes = vec![vec![vec!["B40", "D02"]], vec![]];
        }),
    );
    assert!(!has_prefix(&s, &g, "play P02"));
}

#[test]
fn joker_gives_one_primary_from_hand_never_white_or_black() {
    let g = game(2, false);
    // B06 (cyan) costs magenta+white: a joker pays the magenta, never the white.
    let s = build(
        &g,
        &pos(|p| p.hands = vec![vec!["B06", "J01", "J02"], vec![]]),
    );
    assert!(!has_prefix(&s, &g, "play B06"));
    let mut s = build(
        &g,
        &pos(|p| p.hands = vec![vec!["B06", "J01", "B04"], vec![]]),
    );
    play(&mut s, &g, "B06", &[]);
    assert_eq!(
        legal(&s, &g),
        vec!["pay white by discarding B04", "pay magenta with a joker"]
    );
    act(&mut s, &g, "pay magenta with a joker");
    act(&mut s, &g, "pay white by discarding B04");
    assert_eq!(s.discard_pile(), vec![id(&g, "B04"), id(&g, "J01")]);
}

#[test]
fn joker_never_counts_towards_a_secondary() {
    let g = game(2, false);
    // P02 costs red+yellow+black. One yellow card, no other yellow: the joker may pay the
    // plain yellow only if the yellow card goes into the red.
    let stacks = vec![vec!["B40", "D02"]];
    let s = build(
        &g,
        &pos(|p| {
            p.hands = vec![vec!["P02", "J01", "J02", "B03"], vec![]];
            p.palettes = vec![stacks.clone(), vec![]];
        }),
    );
    assert!(!has_prefix(&s, &g, "play P02"), "jokers cannot make red");
    let mut s = build(
        &g,
        &pos(|p| {
            p.hands = vec![vec!["P02", "J01", "B01", "B03"], vec![]];
            p.palettes = vec![stacks.clone(), vec![]];
        }),
    );
    play(&mut s, &g, "P02", &[]);
    act(&mut s, &g, "place on B40 under D02");
    // Red's magenta comes from the palette; the yellow card must go to red.
    assert!(has(&s, &g, "pay yellow with a joker"));
    act(&mut s, &g, "pay yellow with a joker");
    assert!(!has(&s, &g, "pay yellow with a joker"));
    act(&mut s, &g, "pay yellow by discarding B01");
    act(&mut s, &g, "pay magenta by turning D02");
    act(&mut s, &g, "pay black by discarding B03");
    assert_eq!(s.paintings(), 1);
}

// ----- originals, fakes, objectives ----------------------------------------------------

#[test]
fn first_to_paint_an_artwork_makes_the_original_later_ones_are_fakes() {
    let g = game(2, false);
    // Player 1 already has P07 (art 1). Player 0 paints P02 (art 1): a fake.
    let hand = vec!["P02", "B01", "B11", "B12", "B03"];
    let mut s = build(
        &g,
        &pos(|p| {
            p.hands = vec![hand.clone(), vec![]];
            p.palettes = vec![vec![vec!["B40", "D02"]], vec![vec!["B30", "D07", "P07"]]];
        }),
    );
    play(
        &mut s,
        &g,
        "P02",
        &[
            "place on B40 under D02",
            "pay yellow by discarding B01",
            "pay magenta by discarding B12",
            "pay yellow by discarding B11",
            "pay black by discarding B03",
        ],
    );
    assert!(s.is_fake(id(&g, "P02")));
    assert!(!s.is_fake(id(&g, "P07")));
    // An artwork nobody painted yet: original. P01 (art 0) costs blue+magenta+white.
    let hand = vec!["P01", "B05", "B12", "B02", "B04"];
    let mut s = build(
        &g,
        &pos(|p| {
            p.hands = vec![hand.clone(), vec![]];
            p.palettes = vec![vec![vec!["B40", "D01"]], vec![vec!["B30", "D07", "P07"]]];
        }),
    );
    play(
        &mut s,
        &g,
        "P01",
        &[
            "place on B40 under D01",
            "pay cyan by discarding B05",
            "pay magenta by discarding B12",
            "pay magenta by discarding B02",
            "pay white by discarding B04",
        ],
    );
    assert!(!s.is_fake(id(&g, "P01")));
}

#[test]
fn objective_painted_canvas_goes_to_the_first_player_to_meet_it() {
    let g = game(2, false);
    let hand = vec!["P02", "B01", "B11", "B12", "B03"];
    let mut s = build(
        &g,
        &pos(|p| {
            p.hands = vec![hand.clone(), vec![]];
            p.palettes = vec![vec![vec!["B40", "D02"]], vec![]];
        }),
    );
    play(
        &mut s,
        &g,
        "P02",
        &[
            "place on B40 under D02",
            "pay yellow by discarding B01",
            "pay magenta by discarding B12",
            "pay yellow by discarding B11",
            "pay black by discarding B03",
        ],
    );
    assert_eq!(s.objective_owners()[4], Some(0));
    // Already taken: a later player meeting it gets nothing.
    let mut s = build(
        &g,
        &pos(|p| {
            p.hands = vec![hand.clone(), vec![]];
            p.palettes = vec![vec![vec!["B40", "D02"]], vec![vec!["B30", "D07", "P07"]]];
            p.objectives = vec![(4, 1)];
        }),
    );
    play(
        &mut s,
        &g,
        "P02",
        &[
            "place on B40 under D02",
            "pay yellow by discarding B01",
            "pay magenta by discarding B12",
            "pay yellow by discarding B11",
            "pay black by discarding B03",
        ],
    );
    assert_eq!(s.objective_owners()[4], Some(1));
}

#[test]
fn objective_three_drawn_canvases() {
    let g = game(2, false);
    // Two drawings already; D01 (cost yellow+white+black) is the third.
    let mut s = build(
        &g,
        &pos(|p| {
            p.hands = vec![vec!["D01", "B01", "B04", "B03"], vec![]];
            p.palettes = vec![
                vec![vec!["B40", "D02"], vec!["B39", "D03"], vec!["B38"]],
                vec![],
            ];
        }),
    );
    assert_eq!(s.objective_owners()[0], None);
    play(
        &mut s,
        &g,
        "D01",
        &[
            "place on B38",
            "pay yellow by discarding B01",
            "pay white by discarding B04",
            "pay black by discarding B03",
        ],
    );
    assert_eq!(s.objective_owners()[0], Some(0));
}

#[test]
fn objective_all_five_colours() {
    let g = game(2, false);
    // Palette: cyan B05, magenta B02, yellow B01, white B04; B03 (black) completes the set.
    let mut s = build(
        &g,
        &pos(|p| {
            p.hands = vec![vec!["B03", "J01"], vec![]];
            p.palettes = vec![
                vec![
                    vec!["B05"],
                    vec!["B02"],
                    vec!["B01"],
                    vec!["B04"],
                    vec!["B14"],
                ],
                vec![],
            ];
        }),
    );
    play(
        &mut s,
        &g,
        "B03",
        &["pay cyan by turning B05", "pay white by turning B04"],
    );
    assert_eq!(s.objective_owners()[1], Some(0));
}

#[test]
fn objective_five_cards_of_one_colour() {
    let g = game(2, false);
    // Four cyan cards; B15 (cyan, cost magenta+yellow) is the fifth.
    let mut s = build(
        &g,
        &pos(|p| {
            p.hands = vec![vec!["B15", "J01", "J02"], vec![]];
            p.palettes = vec![vec![vec!["B05"], vec!["B06"], vec!["B16", "D01"]], vec![]];
        }),
    );
    assert_eq!(s.objective_owners()[2], None);
    play(
        &mut s,
        &g,
        "B15",
        &["pay magenta with a joker", "pay yellow with a joker"],
    );
    assert_eq!(s.objective_owners()[2], Some(0));
}

#[test]
fn objective_seven_blank_canvases() {
    let g = game(2, false);
    let palette: Vec<Vec<&str>> = vec![
        vec!["B01"],
        vec!["B02"],
        vec!["B03"],
        vec!["B04"],
        vec!["B06"],
        vec!["B07", "D01"],
    ];
    let mut s = build(
        &g,
        &pos(|p| {
            p.hands = vec![vec!["B15", "J01", "J02"], vec![]];
            p.palettes = vec![palette.clone(), vec![]];
        }),
    );
    play(
        &mut s,
        &g,
        "B15",
        &["pay magenta with a joker", "pay yellow with a joker"],
    );
    assert_eq!(s.objective_owners()[3], Some(0));
}

// ----- end and scoring -----------------------------------------------------------------

fn six_paintings<'a>() -> (Vec<Vec<&'a str>>, Vec<Vec<&'a str>>) {
    // Player 0: three paintings; player 1: three paintings (arts 0, 2, 3 and 4).
    (
        vec![
            vec!["B21", "D01", "P01"],
            vec!["B22", "D03", "P03"],
            vec!["B23", "D04", "P04"],
        ],
        vec![
            vec!["B24", "D05", "P05"],
            vec!["B25", "D06", "P06"],
            vec!["B26", "D08", "P08"],
        ],
    )
}

#[test]
fn end_at_7_paintings_with_2_players_then_everyone_has_the_same_turns() {
    let g = game(2, false);
    let (p0, p1) = six_paintings();
    let hand = vec!["P02", "B01", "B11", "B12", "B03"];
    let mut s = build(
        &g,
        &pos(|p| {
            p.hands = vec![hand.clone(), vec![]];
            p.palettes = vec![
                {
                    let mut v = p0.clone();
                    v.push(vec!["B40", "D02"]);
                    v
                },
                p1.clone(),
            ];
            p.fakes = vec!["P06"];
        }),
    );
    assert_eq!(s.paintings(), 6);
    play(
        &mut s,
        &g,
        "P02",
        &[
            "place on B40 under D02",
            "pay yellow by discarding B01",
            "pay magenta by discarding B12",
            "pay yellow by discarding B11",
            "pay black by discarding B03",
        ],
    );
    assert!(s.end_triggered());
    assert!(!s.is_terminal(&g));
    assert_eq!(s.current_player(), 1);
    deck_turn(&mut s, &g);
    assert!(s.is_terminal(&g));
}

#[test]
fn end_thresholds_are_7_8_9_10_and_the_round_is_finished() {
    for (players, threshold) in [(2usize, 7usize), (3, 8), (4, 9), (5, 10)] {
        let g = game(players as i64, false);
        let names: Vec<&str> = g.card_set().cards.iter().map(|c| c.id.as_str()).collect();
        // threshold - 1 paintings for player 0 (one artwork may repeat: not marked fake, no matter).
        let mut stacks = Vec::new();
        for k in 0..threshold - 1 {
            stacks.push(vec![names[k], names[40 + k], names[70 + k]]);
        }
        // Player 1 can paint P25 (art 4) on D30 (art 4): cost grey+cyan+yellow.
        stacks.truncate(threshold - 1);
        let hand1 = vec!["P25", "B14", "B13", "B11", "B15"];
        let mut hands = vec![vec![]; players];
        hands[1] = hand1;
        let mut pal = vec![vec![]; players];
        pal[0] = stacks;
        pal[1] = vec![vec!["B40", "D30"]];
        let p = Position {
            current: 1,
            hands,
            palettes: pal,
            circle: vec![],
            ..Position::default()
        };
        let mut s = testing::position(&g, &p).unwrap();
        assert_eq!(s.paintings(), threshold - 1);
        play(
            &mut s,
            &g,
            "P25",
            &[
                "place on B40 under D30",
                "pay white by discarding B14",
                "pay black by discarding B13",
                "pay yellow by discarding B11",
                "pay cyan by discarding B15",
            ],
        );
        assert!(s.end_triggered(), "{players} players");
        // The players after player 1 still play; the first player does not play again.
        for _ in 2..players {
            assert!(!s.is_terminal(&g));
            deck_turn(&mut s, &g);
        }
        assert!(s.is_terminal(&g), "{players} players");
    }
}

#[test]
fn scoring_4_original_3_fake_1_drawing_1_blank_visible_only_plus_objectives() {
    let g = game(2, false);
    let s = build(
        &g,
        &pos(|p| {
            p.palettes = vec![
                vec![
                    vec!["B21", "D01", "P01"],
                    vec!["B22", "D06", "P06"],
                    vec!["B23", "D02"],
                    vec!["B24"],
                ],
                vec![],
            ];
            p.fakes = vec!["P06"];
            p.objectives = vec![(4, 0), (0, 1)];
            p.hands = vec![vec![], vec![]];
        }),
    );
    // 4 (original) + 3 (fake) + 1 (drawing) + 1 (blank) + 4 (painted objective); covered cards score nothing.
    assert_eq!(s.scores(&g)[0], 4 + 3 + 1 + 1 + 4);
    assert_eq!(s.scores(&g)[1], 3);
}

fn ended(
    g: &AtelierCanvas,
    p0: Vec<Vec<&str>>,
    p1: Vec<Vec<&str>>,
    fakes: Vec<&str>,
) -> AtelierCanvasState {
    let mut s = build(
        g,
        &pos(|p| {
            p.current = 1;
            p.palettes = vec![p0.clone(), p1.clone()];
            p.fakes = fakes.clone();
            p.hands = vec![vec![], vec![]];
            p.end_triggered = true;
        }),
    );
    deck_turn(&mut s, g);
    assert!(s.is_terminal(g));
    s
}

#[test]
fn tie_break_originals_then_fakes_then_drawings_then_shared() {
    let g = game(2, false);
    // 4 points each; player 0 has the original.
    let s = ended(
        &g,
        vec![vec!["B21", "D01", "P01"]],
        vec![vec!["B22", "D06", "P06"], vec!["B23"]],
        vec!["P06"],
    );
    assert_eq!(s.scores(&g)[..2], [4, 4]);
    assert_eq!(s.returns(&g)[..2], [1.0, 0.0]);
    // 4 points each, no originals; player 1 has the fake.
    let s = ended(
        &g,
        vec![vec!["B21", "D01"], vec!["B22"], vec!["B23"], vec!["B24"]],
        vec![vec!["B25", "D06", "P06"], vec!["B26"]],
        vec!["P06"],
    );
    assert_eq!(s.scores(&g)[..2], [4, 4]);
    assert_eq!(s.returns(&g)[..2], [0.0, 1.0]);
    // 2 points each; player 0 has more drawings.
    let s = ended(
        &g,
        vec![vec!["B21", "D01"], vec!["B22", "D02"]],
        vec![vec!["B25", "D06"], vec!["B26"]],
        vec![],
    );
    assert_eq!(s.returns(&g)[..2], [1.0, 0.0]);
    // Fully equal: shared.
    let s = ended(
        &g,
        vec![vec!["B21", "D01"]],
        vec![vec!["B25", "D06"]],
        vec![],
    );
    assert_eq!(s.returns(&g)[..2], [0.5, 0.5]);
}

// ----- expert variant ------------------------------------------------------------------

#[test]
fn expert_no_mixed_draw() {
    let g = game(2, true);
    let mut s = build(&g, &pos(|p| p.hands = vec![vec![], vec![]]));
    act(&mut s, &g, "take slot 3: D27");
    assert_eq!(legal(&s, &g), vec!["take slot 2: D28", "take slot 4: D26"]);
    let mut s = build(&g, &pos(|p| p.hands = vec![vec![], vec![]]));
    act(&mut s, &g, "draw from the deck");
    chance(&mut s, &g, "J01");
    assert_eq!(legal(&s, &g), vec!["draw from the deck"]);
}

#[test]
fn expert_secondary_only_from_a_drawn_on_blank_pair_of_the_palette() {
    let g = game(2, true);
    // P02 (art 1) costs red+yellow+black. Yellow and magenta in hand do not make red.
    let hand = vec!["P02", "B11", "B12", "B21", "B03"];
    let s = build(
        &g,
        &pos(|p| {
            p.hands = vec![hand.clone(), vec![]];
            p.palettes = vec![vec![vec!["B40", "D02"]], vec![]];
        }),
    );
    assert!(!has_prefix(&s, &g, "play P02"));
    // A yellow blank (B01) under a magenta drawing (D02, art 1) makes red when both turn.
    let mut s = build(
        &g,
        &pos(|p| {
            p.hands = vec![hand.clone(), vec![]];
            p.palettes = vec![vec![vec!["B01", "D02"]], vec![]];
        }),
    );
    play(&mut s, &g, "P02", &[]);
    act(&mut s, &g, "place on B01 under D02");
    assert!(has(&s, &g, "pay red by turning B01 and D02"));
    // Turning B01 alone for the plain yellow would break the only red pair.
    assert!(!has(&s, &g, "pay yellow by turning B01"));
    act(&mut s, &g, "pay red by turning B01 and D02");
    act(&mut s, &g, "pay yellow by discarding B11");
    act(&mut s, &g, "pay black by discarding B03");
    assert_eq!(s.paintings(), 1);
}

fn game_variant(name: &str, value: ParamValue) -> AtelierCanvas {
    AtelierCanvas::with_params(&params(2, false).with(name, value), None).unwrap()
}

#[test]
fn expert_rules_are_two_separate_options_expert_true_means_both() {
    let both = game(2, true);
    assert!(both.expert_secondary() && both.expert_draw() && both.expert());
    let sec = game_variant("expert_secondary", ParamValue::Bool(true));
    assert!(sec.expert_secondary() && !sec.expert_draw() && !sec.expert());
    let draw = game_variant("expert_draw", ParamValue::Bool(true));
    assert!(!draw.expert_secondary() && draw.expert_draw() && !draw.expert());
    let none = game(2, false);
    assert!(!none.expert_secondary() && !none.expert_draw());
}

#[test]
fn expert_draw_rule_alone_no_mixed_draw_secondaries_still_mixed_from_hand() {
    let g = game_variant("expert_draw", ParamValue::Bool(true));
    let mut s = build(&g, &pos(|p| p.hands = vec![vec![], vec![]]));
    act(&mut s, &g, "draw from the deck");
    chance(&mut s, &g, "J01");
    assert_eq!(legal(&s, &g), vec!["draw from the deck"]);
    // P02 costs red+yellow+black: yellow and magenta from hand make red under this rule alone.
    let s = build(
        &g,
        &pos(|p| {
            p.hands = vec![vec!["P02", "B11", "B12", "B21", "B03"], vec![]];
            p.palettes = vec![vec![vec!["B40", "D02"]], vec![]];
        }),
    );
    assert!(has_prefix(&s, &g, "play P02"));
}

#[test]
fn expert_secondary_rule_alone_keeps_the_mixed_draw() {
    let g = game_variant("expert_secondary", ParamValue::Bool(true));
    let s = build(
        &g,
        &pos(|p| {
            p.hands = vec![vec!["P02", "B11", "B12", "B21", "B03"], vec![]];
            p.palettes = vec![vec![vec!["B40", "D02"]], vec![]];
        }),
    );
    assert!(
        !has_prefix(&s, &g, "play P02"),
        "red only from a drawn-on-blank pair"
    );
    let mut s = build(&g, &pos(|p| p.hands = vec![vec![], vec![]]));
    act(&mut s, &g, "draw from the deck");
    chance(&mut s, &g, "J01");
    assert!(has(&s, &g, "take slot 3: D27"), "the mixed draw stays");
}

#[test]
fn joker_colours_basic_a_joker_pays_white_or_black_never_a_secondary() {
    let g = game_variant("joker_colours", ParamValue::Str("basic".into()));
    assert_eq!(g.num_distinct_actions(), 486);
    assert_eq!(
        game(2, false).num_distinct_actions(),
        484,
        "the default space ends before the appended ids"
    );
    // B06 (cyan) costs magenta+white: two jokers pay both.
    let mut s = build(
        &g,
        &pos(|p| p.hands = vec![vec!["B06", "J01", "J02"], vec![]]),
    );
    play(&mut s, &g, "B06", &[]);
    assert_eq!(
        legal(&s, &g),
        vec!["pay magenta with a joker", "pay white with a joker"]
    );
    let white = s.string_to_action(&g, "pay white with a joker").unwrap();
    assert_eq!(white, 484);
    act(&mut s, &g, "pay white with a joker");
    act(&mut s, &g, "pay magenta with a joker");
    assert_eq!(s.discard_pile().len(), 2);
    // Still no secondary from jokers: P02 needs red (yellow+magenta).
    let s = build(
        &g,
        &pos(|p| {
            p.hands = vec![vec!["P02", "J01", "J02", "J03", "B03"], vec![]];
            p.palettes = vec![vec![vec!["B40", "D02"]], vec![]];
        }),
    );
    assert!(!has_prefix(&s, &g, "play P02"), "jokers cannot make red");
}

// ----- hidden information --------------------------------------------------------------

#[test]
fn hidden_cards_never_reach_other_players_observations() {
    let g = game(3, false);
    let mut s = g.new_initial_state();
    settle(&mut s, &g);
    // Player 0 draws one card face down and takes one face up.
    s.apply_action(&g, s.string_to_action(&g, "draw from the deck").unwrap())
        .unwrap();
    let mut o = ChanceOutcomes::new();
    s.chance_outcomes(&g, &mut o);
    s.apply_action(&g, o.actions()[3]).unwrap();
    let text = legal(&s, &g)
        .into_iter()
        .find(|x| x.starts_with("take slot"))
        .unwrap();
    act(&mut s, &g, &text);
    settle(&mut s, &g);
    // Swap a face-down card of player 0 with a deck card.
    let hidden = s
        .hand(0)
        .into_iter()
        .find(|&c| !s.is_public_in_hand(c))
        .unwrap();
    let deck_card = (0..105).find(|&c| s.location(c) == 0).unwrap();
    let mut t = s;
    testing::swap_cards(&mut t, hidden, deck_card);
    assert_ne!(s, t);
    let size = g.observation_tensor_size();
    for p in 1..3 {
        assert_eq!(s.observation_string(&g, p), t.observation_string(&g, p));
        assert_eq!(
            s.information_state_string(&g, p),
            t.information_state_string(&g, p)
        );
        let (mut a, mut b) = (vec![0.0; size], vec![0.0; size]);
        s.observation_tensor(&g, p, &mut a);
        t.observation_tensor(&g, p, &mut b);
        assert_eq!(a, b);
    }
    assert_ne!(s.observation_string(&g, 0), t.observation_string(&g, 0));
    // The face-up card player 0 took is known to everyone.
    let known = s
        .hand(0)
        .into_iter()
        .find(|&c| s.is_public_in_hand(c))
        .unwrap();
    let name = &g.card_set().cards[known].id;
    assert!(s.observation_string(&g, 1).contains(name.as_str()));
}

#[test]
fn a_card_dealt_to_another_hand_is_not_named_to_the_others() {
    let g = game(3, false);
    let mut s = g.new_initial_state();
    let card = id(&g, "B01") as Action;
    assert_eq!(s.action_to_string(&g, card), "deal B01 to player 0");
    assert_eq!(
        s.action_to_string_for(&g, 0, card),
        "deal B01 to player 0",
        "the player dealt the card sees it"
    );
    for other in [1, 2] {
        assert_eq!(
            s.action_to_string_for(&g, other, card),
            "deal a card to player 0",
            "player {other} does not see the card"
        );
    }
    // The circle is dealt face up: its cards read the same to everyone.
    while s.phase() == testing::Phase::Deal {
        let mut o = ChanceOutcomes::new();
        s.chance_outcomes(&g, &mut o);
        s.apply_action(&g, o.actions()[0]).unwrap();
    }
    assert_eq!(s.phase(), testing::Phase::Refill);
    let reveal = id(&g, "D30") as Action;
    assert_eq!(s.action_to_string(&g, reveal), "reveal D30 in slot 0");
    for p in 0..3 {
        assert_eq!(
            s.action_to_string_for(&g, p, reveal),
            "reveal D30 in slot 0"
        );
    }
}

#[test]
fn a_card_drawn_from_the_deck_is_not_named_to_the_others() {
    let g = game(3, false);
    let mut s = build(&g, &pos(|p| p.hands = vec![vec![], vec![], vec![]]));
    // The decision reads the same to everyone; the card drawn, only to the one who draws it.
    let draw = s.string_to_action(&g, "draw from the deck").unwrap();
    for p in 0..3 {
        assert_eq!(s.action_to_string_for(&g, p, draw), "draw from the deck");
    }
    s.apply_action(&g, draw).unwrap();
    let card = id(&g, "D05") as Action;
    assert_eq!(s.action_to_string(&g, card), "player 0 draws D05");
    assert_eq!(
        s.action_to_string_for(&g, 0, card),
        "player 0 draws D05",
        "the player who draws the card sees it"
    );
    for other in [1, 2] {
        assert_eq!(
            s.action_to_string_for(&g, other, card),
            "player 0 draws a card from the deck",
            "player {other} does not see the card"
        );
    }
    // A card taken face up from the circle is named to everyone.
    s.apply_action(&g, card).unwrap();
    let take = s.string_to_action(&g, "take slot 3: D27").unwrap();
    for p in 0..3 {
        assert_eq!(s.action_to_string_for(&g, p, take), "take slot 3: D27");
    }
}

#[test]
fn resample_redraws_unseen_cards_and_keeps_the_information_state() {
    let g = game(2, false);
    let mut s = g.new_initial_state();
    settle(&mut s, &g);
    deck_turn(&mut s, &g);
    let mut changed = false;
    for seed in 0..10 {
        let mut rng = Xoshiro256StarStar::seed_from_u64(seed);
        let r = s.resample_from_infostate(&g, 0, &mut rng).unwrap();
        assert_eq!(
            r.information_state_string(&g, 0),
            s.information_state_string(&g, 0)
        );
        assert_eq!(r.hand(0), s.hand(0));
        assert_eq!(r.hand(1).len(), s.hand(1).len());
        invariants::check_invariants(&g, &r).unwrap();
        changed |= r.hand(1) != s.hand(1);
    }
    assert!(changed, "the opponent's hand should be redrawn");
}

#[test]
fn resample_after_a_reshuffle_keeps_cards_in_their_deck_epoch() {
    let g = game(2, false);
    // Player 1 holds 4 face-down cards from the first deck; the deck then runs out and the
    // discard pile becomes a new deck; player 1 draws one card of the new deck.
    let mut s = build(
        &g,
        &pos(|p| {
            p.hands = vec![vec!["J01"], vec!["B01", "B02", "D01", "P01"]];
            p.current = 1;
        }),
    );
    testing::move_deck_to_discard(&mut s);
    act(&mut s, &g, "draw from the deck");
    assert_eq!(testing::epoch(&s), 1);
    settle(&mut s, &g);
    act(&mut s, &g, "draw from the deck");
    settle(&mut s, &g);
    assert_eq!(s.current_player(), 0);
    let old: Vec<usize> = ["B01", "B02", "D01", "P01"]
        .iter()
        .map(|n| id(&g, n))
        .collect();
    let info = s.information_state_string(&g, 0).unwrap();
    assert!(info.contains("unseen epoch 0 (p1:4)"), "{info}");
    for seed in 0..20 {
        let mut rng = Xoshiro256StarStar::seed_from_u64(seed);
        let r = s.resample_from_infostate(&g, 0, &mut rng).unwrap();
        assert_eq!(r.information_state_string(&g, 0).unwrap(), info);
        // The first-deck cards can only be in player 1's hand: the new deck never had them.
        for &c in &old {
            assert!(r.hand(1).contains(&c));
        }
        assert_eq!(r.hand(1).len(), 6);
    }
}

// ----- components ----------------------------------------------------------------------

#[test]
fn user_component_file_loads() {
    let g = game_with(2, false, |v| {
        v["name"] = Value::from("my own cards");
        v["substitute"] = Value::from(false);
    });
    assert_eq!(g.components().name, "my own cards");
    assert!(!g.components().substitute);
    assert!(game(2, false).components().substitute);
    assert_ne!(g.components().hash, game(2, false).components().hash);
}

fn rejected(edit: impl FnOnce(&mut Value)) -> String {
    let mut v: Value = serde_json::from_str(SUBSTITUTE_JSON).unwrap();
    edit(&mut v);
    match AtelierCanvas::with_params(&params(2, false), Some(&v.to_string())) {
        Err(SalonError::InvalidComponents { message }) => message,
        other => panic!("expected InvalidComponents, got {other:?}"),
    }
}

#[test]
fn malformed_component_files_are_rejected_naming_the_problem() {
    let m = rejected(|v| {
        card_mut(v, "D03").as_object_mut().unwrap().remove("cost");
    });
    assert!(m.contains("D03") && m.contains("cost"), "{m}");
    let m = rejected(|v| {
        v["cards"]
            .as_array_mut()
            .unwrap()
            .retain(|c| c["id"] != "B07");
    });
    assert!(m.contains("expected 40 cards of type blank, got 39"), "{m}");
    let m = rejected(|v| {
        card_mut(v, "B07")["colour"] = Value::from("purple");
    });
    assert!(
        m.contains("B07") && m.contains("colour") && m.contains("purple"),
        "{m}"
    );
    let m = rejected(|v| {
        card_mut(v, "B08")["cost"] = serde_json::json!(["red"]);
    });
    assert!(m.contains("B08") && m.contains("secondary"), "{m}");
    let m = rejected(|v| {
        card_mut(v, "P03")["artwork"] = Value::from(17);
    });
    assert!(m.contains("P03") && m.contains("artwork"), "{m}");
    let m = rejected(|v| {
        v["objectives"][2]["kind"] = Value::from("most_paintings");
    });
    assert!(m.contains("O3") && m.contains("kind"), "{m}");
    let m = rejected(|v| {
        v.as_object_mut().unwrap().remove("cards");
    });
    assert!(m.contains("cards"), "{m}");
    let m = rejected(|v| {
        card_mut(v, "J01")["colour"] = Value::from("cyan");
    });
    assert!(m.contains("J01") && m.contains("joker"), "{m}");
    let m = rejected(|v| {
        card_mut(v, "B09")["cost"] = Value::from("cyan");
    });
    assert!(
        m.contains("B09") && m.contains("\"cost\" must be a list"),
        "{m}"
    );
    let m = rejected(|v| {
        card_mut(v, "B10")["colur"] = Value::from("cyan");
    });
    assert!(
        m.contains("B10") && m.contains("unknown field \"colur\""),
        "{m}"
    );
    let m = rejected(|v| {
        card_mut(v, "D05")["cost"] = Value::from(vec!["cyan"; 9]);
    });
    assert!(m.contains("D05") && m.contains("more than 8"), "{m}");
    let m = rejected(|v| {
        card_mut(v, "P04")
            .as_object_mut()
            .unwrap()
            .remove("artwork");
    });
    assert!(m.contains("P04") && m.contains("artwork"), "{m}");
    let m = rejected(|v| {
        v["objectives"][0]["points"] = Value::from(99);
    });
    assert!(m.contains("O1") && m.contains("points"), "{m}");
    assert!(matches!(
        AtelierCanvas::with_params(&params(2, false), Some("{not json")),
        Err(SalonError::InvalidComponents { .. })
    ));
}

#[test]
fn parameters_players_2_to_5_and_expert() {
    assert!(AtelierCanvas::with_params(&params(6, false), None).is_err());
    assert!(AtelierCanvas::with_params(&params(1, false), None).is_err());
    let g = game(5, true);
    assert_eq!(g.num_players(), 5);
    assert!(g.expert());
    let d = AtelierCanvas::with_params(&Params::new(), None).unwrap();
    assert_eq!(d.num_players(), 2);
    assert!(!d.expert());
    assert_eq!(AtelierCanvas::info().name, "atelier_canvas");
}
