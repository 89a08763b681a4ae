//! Final scoring (after the sixth round), the scores and the returns (the ranking).

use salon_core::{win_shares, Returns, Scores};

use crate::components::{NUM_COLOURS, NUM_SLOTS};
use crate::state::{AzulSintraState, Board, Phase};
use crate::{game::AzulSintra, game::MAX_SEATS};

/// Points for an ornament with 0..=4 of its surrounding frame spaces filled.
pub const ORNAMENT_POINTS: [i32; 5] = [0, 0, 3, 6, 10];

/// The final-scoring parts of one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct FinalBreakdown {
    /// +1 per 3 pieces left on the strips (all strips together, rounded down).
    pub strip_pieces: i32,
    /// The broken-glass marker's value (0 or negative).
    pub broken_glass: i32,
    /// Side A: the ornaments; side B: complete windows x pieces of the best colour.
    pub side_bonus: i32,
    /// Side B: the colour chosen (automatically the best one; lowest id on ties).
    pub side_b_colour: Option<usize>,
}

impl FinalBreakdown {
    pub fn total(&self) -> i32 {
        self.strip_pieces + self.broken_glass + self.side_bonus
    }
}

/// Side A: each ornament scores by how many of the 4 frame spaces of its two windows hold a piece.
pub fn ornament_points(game: &AzulSintra, b: &Board) -> i32 {
    let mut total = 0;
    for pair in &game.ornaments[..game.num_ornaments] {
        let mut n = 0;
        for &w in pair {
            n += b.window[w as usize % NUM_SLOTS]
                .iter()
                .filter(|&&v| v != 0)
                .count();
        }
        total += ORNAMENT_POINTS[n.min(4)];
    }
    total
}

/// Side B: complete windows x pieces of the best colour in the windows, and that colour.
pub fn side_b_points(b: &Board) -> (i32, usize) {
    let complete = b.window.iter().filter(|w| w[0] != 0 && w[1] != 0).count() as i32;
    let mut counts = [0i32; NUM_COLOURS];
    for &v in b.window.iter().flatten() {
        if v != 0 {
            counts[(v - 1) as usize % NUM_COLOURS] += 1;
        }
    }
    let mut best = 0;
    for c in 1..NUM_COLOURS {
        if counts[c] > counts[best] {
            best = c;
        }
    }
    (complete * counts[best], best)
}

/// The final-scoring parts for player `p` in the current position.
pub fn final_breakdown(s: &AzulSintraState, game: &AzulSintra, p: usize) -> FinalBreakdown {
    let b = s.board(p);
    let strip_pieces = (b.pieces_on_strips() / 3) as i32;
    let broken_glass = game.track_value(b.track as usize);
    if game.side_b() {
        let (side_bonus, colour) = side_b_points(b);
        FinalBreakdown {
            strip_pieces,
            broken_glass,
            side_bonus,
            side_b_colour: Some(colour),
        }
    } else {
        FinalBreakdown {
            strip_pieces,
            broken_glass,
            side_bonus: ornament_points(game, b),
            side_b_colour: None,
        }
    }
}

/// Adds the final scoring to every player's score.
pub(crate) fn final_scoring(s: &mut AzulSintraState, game: &AzulSintra) {
    for p in 0..game.num_players {
        let total = final_breakdown(s, game, p).total();
        s.boards[p].score += total as i16;
    }
}

/// After a transition: when it ended the game (the sixth round is over), the final scoring.
#[inline]
pub(crate) fn score_if_over(s: &mut AzulSintraState, game: &AzulSintra) {
    if s.phase == Phase::End {
        final_scoring(s, game);
    }
}

/// Every player's score-track points.
pub(crate) fn scores(s: &AzulSintraState, game: &AzulSintra) -> Scores {
    let mut out = [0; salon_core::MAX_PLAYERS];
    for (p, o) in out.iter_mut().enumerate().take(game.num_players) {
        *o = s.boards[p].score as i32;
    }
    out
}

/// Win shares at the end: the most points, ties broken by the fewest points lost to broken
/// glass; all zero before the end.
pub(crate) fn returns(s: &AzulSintraState, game: &AzulSintra) -> Returns {
    if s.phase != Phase::End {
        return [0.0; salon_core::MAX_PLAYERS];
    }
    let mut keys = [(0i32, 0i32); MAX_SEATS];
    for (p, k) in keys.iter_mut().enumerate().take(game.num_players) {
        *k = (s.boards[p].score as i32, -s.glass_lost(game, p));
    }
    win_shares(&keys[..game.num_players])
}
