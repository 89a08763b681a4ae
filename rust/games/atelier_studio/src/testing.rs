//! Test support (hidden from the documentation): reading the state and setting up positions
//! for scenario tests (the invariants the conformance tests check are in `invariants`).
//!
//! Setters keep every piece accounted for: giving a player cylinders takes them from the
//! piles, putting students on piles takes them from the player's board, and so on.

use salon_core::{Action, ChanceOutcomes, State};

use crate::actions;
use crate::components::{NUM_COLOURS, NUM_PAINTINGS, NUM_PATRONS};
use crate::game::AtelierStudio;
use crate::scoring;
use crate::state::{AtelierStudioState, NONE, P_DECK, P_DISPLAY, STUDENTS};

pub use crate::actions::{
    ADJUST, COLLECT, DRAW_PATRON, END_TURN, GAIN, INSPIRE_DIE, KEEP, MOVE_DIE, MOVE_SKIP,
    MOVE_STEP, NUM_ACTIONS, PAINT_DIE, PAINT_INSPIRATION, PLACE, PLACE_INITIAL, POWER_GAIN,
    POWER_PLACE, REROLL, RETURN, SHIFT, SWAP,
};
pub use crate::state::FIRST_MASTER_POINTS;
pub use crate::{game::DISPLAY, game::MAX_ROUNDS};

/// Colour / pile indices.
pub const BLUE: usize = 0;
pub const GREEN: usize = 1;
pub const RED: usize = 2;
pub const YELLOW: usize = 3;

// ----- reading ---------------------------------------------------------------------------

pub fn phase_name(s: &AtelierStudioState) -> &'static str {
    s.phase.name()
}
pub fn current(s: &AtelierStudioState) -> usize {
    s.cur()
}
pub fn start_player(s: &AtelierStudioState) -> usize {
    s.start as usize
}
pub fn round(s: &AtelierStudioState) -> u8 {
    s.round
}
/// The last round once the end is triggered, 0 before.
pub fn end_round(s: &AtelierStudioState) -> u8 {
    s.end_round
}
pub fn first_master(s: &AtelierStudioState) -> Option<usize> {
    (s.first_master != NONE).then_some(s.first_master as usize)
}
pub fn cylinders(s: &AtelierStudioState, p: usize) -> [u8; 4] {
    s.cyl[p]
}
pub fn piles(s: &AtelierStudioState) -> [u8; 4] {
    s.piles
}
pub fn students(s: &AtelierStudioState, p: usize) -> [u8; 4] {
    s.students[p]
}
pub fn pool(s: &AtelierStudioState, p: usize) -> u8 {
    s.pool[p]
}
pub fn tokens(s: &AtelierStudioState, p: usize) -> u8 {
    s.tokens[p]
}
pub fn token_supply(s: &AtelierStudioState) -> u8 {
    s.token_supply
}
pub fn active_dice(s: &AtelierStudioState, p: usize) -> u8 {
    s.active[p]
}
/// The turn player's rolled, unspent dice by face (index 0 = face 1).
pub fn rolled(s: &AtelierStudioState) -> [u8; 6] {
    s.rolled
}
pub fn display(s: &AtelierStudioState) -> [u8; 7] {
    s.display
}
pub fn owned_paintings(s: &AtelierStudioState, p: usize) -> Vec<usize> {
    s.paintings_of(p).collect()
}
pub fn held_patrons(s: &AtelierStudioState, p: usize) -> Vec<usize> {
    (0..NUM_PATRONS)
        .filter(|&c| s.patron_loc[c] as usize == p)
        .collect()
}
pub fn patrons_under_deck(s: &AtelierStudioState) -> Vec<usize> {
    (s.bottom_head..s.bottom_len)
        .map(|i| s.bottom[i as usize] as usize)
        .collect()
}
pub fn painting_deck_size(s: &AtelierStudioState) -> usize {
    s.deck_count()
}
pub fn public_score(game: &AtelierStudio, s: &AtelierStudioState, p: usize) -> i32 {
    scoring::public_score(s, game, p)
}
pub fn full_score(game: &AtelierStudio, s: &AtelierStudioState, p: usize) -> i32 {
    scoring::full_score(s, game, p)
}
pub fn patron_points(game: &AtelierStudio, s: &AtelierStudioState, p: usize, patron: usize) -> i32 {
    scoring::patron_points(s, game, p, patron)
}
pub fn painting_index(game: &AtelierStudio, name: &str) -> Option<usize> {
    game.data.paintings.iter().position(|c| c.name == name)
}
pub fn patron_index(game: &AtelierStudio, name: &str) -> Option<usize> {
    game.data.patrons.iter().position(|c| c.name == name)
}
pub fn painting_points(game: &AtelierStudio, card: usize) -> u8 {
    game.data.paintings[card].points
}
pub fn painting_cost(game: &AtelierStudio, card: usize) -> [u8; 4] {
    game.data.paintings[card].cost
}
pub fn painting_students(game: &AtelierStudio, card: usize) -> u8 {
    game.data.paintings[card].students
}
pub fn painting_is_masterpiece(game: &AtelierStudio, card: usize) -> bool {
    game.data.paintings[card].masterpiece
}
/// The power's kind as its file name (`"none"`, `"gain_inspiration"`, ...).
pub fn painting_power(game: &AtelierStudio, card: usize) -> &'static str {
    use crate::components::Power;
    match game.data.paintings[card].power {
        Power::None => "none",
        Power::Inspiration(_) => "gain_inspiration",
        Power::Paint { .. } => "gain_paint",
        Power::AnyPaint(_) => "gain_any_paint",
        Power::PlaceStudent => "place_student",
        Power::DrawPatron => "draw_patron",
        Power::AdjustDie => "adjust_die",
        Power::SwapPaint => "swap_paint",
        Power::ShiftStudent => "shift_student",
    }
}
pub fn num_paintings() -> usize {
    NUM_PAINTINGS
}
pub fn num_patrons() -> usize {
    NUM_PATRONS
}

/// The chance id of a roll of the given faces (values 1-6) for the player about to roll.
pub fn roll_action(game: &AtelierStudio, faces: &[u8]) -> Action {
    let mut counts = [0u8; 6];
    for &f in faces {
        counts[(f - 1) as usize] += 1;
    }
    let k = faces.len();
    game.rolls[k]
        .iter()
        .position(|(c, _)| *c == counts)
        .expect("a roll of 0-4 dice with faces 1-6") as Action
}

/// The chance outcomes' ids and weights at this node.
pub fn chance(game: &AtelierStudio, s: &AtelierStudioState) -> Vec<(Action, u32)> {
    let mut o = ChanceOutcomes::new();
    s.chance_outcomes(game, &mut o);
    o.actions()
        .iter()
        .copied()
        .zip(o.weights().iter().copied())
        .collect()
}

// ----- setting up positions ---------------------------------------------------------------

/// Gives player `p` exactly these cylinders (moving the difference from/to the piles).
pub fn set_cylinders(s: &mut AtelierStudioState, p: usize, cyl: [u8; 4]) {
    for c in 0..NUM_COLOURS {
        let total = s.piles[c] + s.cyl[p][c];
        assert!(cyl[c] <= total, "not enough cylinders of colour {c}");
        s.cyl[p][c] = cyl[c];
        s.piles[c] = total - cyl[c];
    }
}

/// Puts exactly these students of `p` on the piles (the rest on the player's board).
pub fn set_students(s: &mut AtelierStudioState, p: usize, on_piles: [u8; 4]) {
    let total: u8 = on_piles.iter().sum();
    assert!(total <= STUDENTS);
    s.students[p] = on_piles;
    s.pool[p] = STUDENTS - total;
}

/// Gives player `p` exactly `k` inspiration tokens (from/to the supply).
pub fn set_tokens(s: &mut AtelierStudioState, p: usize, k: u8) {
    let total = s.token_supply + s.tokens[p];
    assert!(k <= total);
    s.tokens[p] = k;
    s.token_supply = total - k;
}

/// Puts painting `card` (from the deck) in display slot `slot`, returning the slot's old
/// card to the deck.
pub fn set_display(s: &mut AtelierStudioState, slot: usize, card: usize) {
    let old = s.display[slot];
    if old != NONE {
        s.painting_loc[old as usize] = P_DECK;
    }
    if s.painting_loc[card] == P_DISPLAY {
        if let Some(other) = s.display.iter().position(|&d| d as usize == card) {
            s.display[other] = NONE;
        }
    }
    s.painting_loc[card] = P_DISPLAY;
    s.display[slot] = card as u8;
    // Keep every slot filled: an emptied slot takes the first deck card.
    for i in 0..DISPLAY {
        if s.display[i] == NONE {
            if let Some(c) = (0..NUM_PAINTINGS).find(|&c| s.painting_loc[c] == P_DECK) {
                s.display[i] = c as u8;
                s.painting_loc[c] = P_DISPLAY;
            }
        }
    }
}

/// Gives painting `card` to player `p` (from wherever it is; a display slot it leaves is
/// filled with the first deck card).
pub fn give_painting(s: &mut AtelierStudioState, p: usize, card: usize) {
    if let Some(slot) = s.display.iter().position(|&d| d as usize == card) {
        s.display[slot] = NONE;
        s.painting_loc[card] = p as u8;
        if let Some(c) = (0..NUM_PAINTINGS).find(|&c| s.painting_loc[c] == P_DECK) {
            s.display[slot] = c as u8;
            s.painting_loc[c] = P_DISPLAY;
        }
    } else {
        s.painting_loc[card] = p as u8;
    }
}

/// Removes every painting from the deck except `keep` (they are given to nobody: this is
/// only for end-of-deck tests; the removed cards are marked owned by player `sink`).
pub fn empty_deck_into(s: &mut AtelierStudioState, sink: usize, keep: usize) {
    let mut kept = 0;
    for c in 0..NUM_PAINTINGS {
        if s.painting_loc[c] == P_DECK {
            if kept < keep {
                kept += 1;
            } else {
                s.painting_loc[c] = sink as u8;
            }
        }
    }
}

/// Makes the turn player's rolled dice exactly `faces` (values 1-6) at a `turn` node.
pub fn set_rolled(s: &mut AtelierStudioState, faces: &[u8]) {
    let mut counts = [0u8; 6];
    for &f in faces {
        counts[(f - 1) as usize] += 1;
    }
    s.rolled = counts;
}

/// Sets the round counter (for end-of-game tests).
pub fn set_round(s: &mut AtelierStudioState, round: u8) {
    s.round = round;
}

/// Applies actions by their strings, panicking with the legal strings on a mismatch.
pub fn play(game: &AtelierStudio, s: &mut AtelierStudioState, moves: &[&str]) {
    for m in moves {
        match s.string_to_action(game, m) {
            Ok(a) => s.apply_action(game, a).expect("legal"),
            Err(_) => panic!(
                "{m:?} is not legal here; legal: {:?}\n{}",
                legal_strings(game, s),
                s.render(game)
            ),
        }
    }
}

/// The strings of the legal decisions (or chance outcomes) at this node.
pub fn legal_strings(game: &AtelierStudio, s: &AtelierStudioState) -> Vec<String> {
    let mut list = salon_core::ActionList::new();
    if s.is_chance_node(game) {
        return chance(game, s)
            .iter()
            .map(|(a, _)| s.action_to_string(game, *a))
            .collect();
    }
    s.legal_actions(game, &mut list);
    list.iter().map(|&a| s.action_to_string(game, a)).collect()
}

/// Plays the setup through real actions: `start` is the start player; the display gets the
/// first seven paintings in file order; player `p` is dealt patrons `2p` and `2p+1` (in
/// file order) and keeps the first; every first student goes on the pile of `first_piles[p]`.
pub fn setup(game: &AtelierStudio, start: usize, first_piles: &[usize]) -> AtelierStudioState {
    let mut s = game_state(game);
    let n = s.num_players();
    s.apply_action(game, start as Action).expect("start player");
    for card in 0..DISPLAY {
        s.apply_action(game, card as Action).expect("display");
    }
    for k in 0..2 * n {
        // Deal k goes to (start + k/2) % n; give that player cards 2p, 2p+1.
        let to = (start + k / 2) % n;
        s.apply_action(game, (2 * to + k % 2) as Action)
            .expect("patron deal");
    }
    for k in 0..n {
        let p = (start + k) % n;
        assert_eq!(s.cur(), p);
        s.apply_action(game, KEEP + 2 * p as u32).expect("keep");
    }
    for _ in 0..n {
        let p = s.cur();
        s.apply_action(game, PLACE_INITIAL + first_piles[p] as u32)
            .expect("place");
    }
    s
}

fn game_state(game: &AtelierStudio) -> AtelierStudioState {
    salon_core::Game::new_initial_state(game)
}

/// The decision id of placing a student with die `face` (1 or 2) on `pile`.
pub fn place_action(face: usize, pile: usize) -> Action {
    actions::PLACE + ((face - 1) * 4 + pile) as Action
}

/// Exchanges the places of two patron cards (hidden-information tests).
pub fn swap_patrons(s: &mut AtelierStudioState, a: usize, b: usize) {
    s.patron_loc.swap(a, b);
    for x in s.bottom.iter_mut().chain(s.returned.iter_mut()) {
        if *x as usize == a {
            *x = b as u8;
        } else if *x as usize == b {
            *x = a as u8;
        }
    }
}

/// True when player `q` knows where patron `card` is.
pub fn patron_known_to(s: &AtelierStudioState, q: usize, card: usize) -> bool {
    crate::observation::known_location(s, q, card).is_some()
}

/// The observation tensor of `player` as a vector.
pub fn observation(game: &AtelierStudio, s: &AtelierStudioState, player: usize) -> Vec<f32> {
    let mut v = vec![0.0; crate::observation::OBS_SIZE];
    s.observation_tensor(game, player, &mut v);
    v
}

/// Gives the First Master token to `p` (scoring and tie-break tests).
pub fn set_first_master(s: &mut AtelierStudioState, p: usize) {
    s.first_master = p as u8;
}

/// Ends the game here, as if the final round had just been completed (scoring tests).
pub fn end_now(s: &mut AtelierStudioState) {
    s.phase = crate::state::Phase::Terminal;
}
