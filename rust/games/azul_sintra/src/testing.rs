//! Test support: building positions directly (not part of the stable API).

use crate::components::{NUM_COLOURS, NUM_SLOTS, STRIP_SPACES};
use crate::invariants::piece_census;
use crate::scoring;
use crate::state::{AzulSintraState, Board, Phase, NO_PLAYER};
use crate::{game::AzulSintra, game::MAX_FACTORIES};

/// A position in play (round 1, phase Play) with every player's strips set up: strip `s`
/// in slot `s`, face 0 (or face 1 for strips whose face 0 has jokers); round track
/// I..VI = blue, yellow, red, green, violet, blue; factories and centre empty; every other
/// piece in the bag. Use the setters to shape the position, then [`fix_bag`] to restore
/// conservation.
pub fn play_position(game: &AzulSintra) -> AzulSintraState {
    let mut s = AzulSintraState::new(game);
    for p in 0..game.num_players {
        let b = &mut s.boards[p];
        for slot in 0..NUM_SLOTS {
            b.strip[slot] = slot as u8;
            b.face[slot] = if game.joker_face[slot][0] { 1 } else { 0 };
        }
        b.present = 0xFF;
        b.placed = 0xFF;
    }
    s.round_track = [1, 2, 3, 4, 5, 1];
    s.phase = Phase::Play;
    s.current = 0;
    s.start_player = 0;
    s.tile_in_centre = true;
    s.tile_holder = NO_PLAYER;
    fix_bag(&mut s);
    s
}

/// Puts into the bag every piece not elsewhere (20 of each colour in all); pieces in
/// excess are taken out of the bag first and then out of the tower.
pub fn fix_bag(s: &mut AzulSintraState) {
    s.bag = [0; NUM_COLOURS];
    let census = piece_census(s);
    for (c, &n) in census.iter().enumerate() {
        let have = n as i32;
        let want = crate::game::PIECES_PER_COLOUR as i32;
        if have <= want {
            s.bag[c] = (want - have) as u8;
        } else {
            s.tower[c] = (s.tower[c] as i32 - (have - want)).max(0) as u8;
        }
    }
}

pub fn board_mut(s: &mut AzulSintraState, p: usize) -> &mut Board {
    &mut s.boards[p]
}
pub fn set_factory(s: &mut AzulSintraState, f: usize, counts: [u8; NUM_COLOURS]) {
    if f < MAX_FACTORIES {
        s.factories[f] = counts;
    }
}
pub fn set_centre(s: &mut AzulSintraState, counts: [u8; NUM_COLOURS], tile_in_centre: bool) {
    s.centre = counts;
    s.tile_in_centre = tile_in_centre;
}
pub fn set_bag(s: &mut AzulSintraState, counts: [u8; NUM_COLOURS]) {
    s.bag = counts;
}
pub fn set_tower(s: &mut AzulSintraState, counts: [u8; NUM_COLOURS]) {
    s.tower = counts;
}
pub fn set_current(s: &mut AzulSintraState, p: usize) {
    s.current = p as u8;
}
pub fn set_start_player(s: &mut AzulSintraState, p: usize) {
    s.start_player = p as u8;
}
pub fn set_round(s: &mut AzulSintraState, round: usize) {
    s.round = round as u8;
    for i in 0..round.min(6) {
        s.round_track[i] = 0;
    }
}
pub fn set_round_track(s: &mut AzulSintraState, track: [u8; 6]) {
    s.round_track = track;
}
/// Fills strip `slot` of player `p` with the given pieces (colour + 1, 0 = empty).
pub fn set_filled(s: &mut AzulSintraState, p: usize, slot: usize, filled: [u8; STRIP_SPACES]) {
    s.boards[p].filled[slot] = filled;
}
/// Starts dealing the factories of the current round (as at the end of a round; when there
/// is nothing to deal in the last round, the game ends with its final scoring).
pub fn begin_fill(s: &mut AzulSintraState, game: &AzulSintra) {
    s.begin_fill(game);
    scoring::score_if_over(s, game);
}
/// Marks the game as over without running the final scoring (to test the ranking).
pub fn set_game_over(s: &mut AzulSintraState) {
    s.phase = Phase::End;
    s.round = crate::game::NUM_ROUNDS as u8;
    s.round_track = [0; crate::game::NUM_ROUNDS];
}
/// Sets the set-up phase to the round track, step `step` (0..5 = spaces II..VI, 5 = space I).
pub fn set_round_track_step(s: &mut AzulSintraState, step: usize) {
    s.phase = Phase::RoundTrack;
    s.track_step = step as u8;
}
