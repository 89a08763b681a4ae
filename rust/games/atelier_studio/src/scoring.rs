//! The points: what everyone sees during play (paintings and the First Master token), the
//! secret patrons' points, the final scores and the ranking with its tie-breaks.

use salon_core::{win_shares, Returns, MAX_PLAYERS};

use crate::components::{Condition, NUM_CATEGORIES, NUM_COLOURS, NUM_PATRONS};
use crate::game::AtelierStudio;
use crate::state::{AtelierStudioState, Phase, FIRST_MASTER_POINTS};

/// Points visible to everyone: paintings and the First Master token.
pub(crate) fn public_score(state: &AtelierStudioState, game: &AtelierStudio, p: usize) -> i32 {
    let mut s: i32 = state
        .paintings_of(p)
        .map(|i| game.data.paintings.get(i).map_or(0, |c| c.points as i32))
        .sum();
    if state.first_master as usize == p {
        s += FIRST_MASTER_POINTS;
    }
    s
}

/// Points of one patron card for player `p` at the current position.
pub(crate) fn patron_points(
    state: &AtelierStudioState,
    game: &AtelierStudio,
    p: usize,
    patron: usize,
) -> i32 {
    let Some(card) = game.data.patrons.get(patron) else {
        return 0;
    };
    let mut per_cat = [0i32; NUM_CATEGORIES];
    let mut masters = 0i32;
    let mut colour_cost = [0i32; NUM_COLOURS];
    let mut count = 0i32;
    for i in state.paintings_of(p) {
        if let Some(c) = game.data.paintings.get(i) {
            per_cat[c.category as usize % NUM_CATEGORIES] += 1;
            masters += c.masterpiece as i32;
            for k in 0..NUM_COLOURS {
                colour_cost[k] += c.cost[k] as i32;
            }
            count += 1;
        }
    }
    match card.condition {
        Condition::PerCategory { category, points } => {
            per_cat[category as usize % NUM_CATEGORIES] * points as i32
        }
        Condition::PerSet { points } => per_cat.iter().copied().min().unwrap_or(0) * points as i32,
        Condition::PerMasterpiece { points } => masters * points as i32,
        Condition::ColourCost { colour, points } => {
            colour_cost[colour as usize % NUM_COLOURS] * points as i32
        }
        Condition::PaintingsAtLeast {
            count: need,
            points,
        } => {
            if count >= need as i32 {
                points as i32
            } else {
                0
            }
        }
        Condition::MajorityPiles { points } => {
            let n = state.num_players();
            let piles = (0..NUM_COLOURS)
                .filter(|&c| {
                    let mine = state.students[p][c];
                    mine > 0 && (0..n).all(|q| q == p || state.students[q][c] < mine)
                })
                .count() as i32;
            piles * points as i32
        }
        Condition::Inspiration { points } => state.tokens[p] as i32 * points as i32,
    }
}

pub(crate) fn full_score(state: &AtelierStudioState, game: &AtelierStudio, p: usize) -> i32 {
    let mut s = public_score(state, game, p);
    for k in 0..NUM_PATRONS {
        if state.patron_loc[k] as usize == p {
            s += patron_points(state, game, p, k);
        }
    }
    s
}

pub(crate) fn paint_total(state: &AtelierStudioState, p: usize) -> u32 {
    state.cyl[p].iter().map(|&x| x as u32).sum()
}

/// The player's ranking key: score, then paint held, then the First Master token.
fn rank_key(state: &AtelierStudioState, game: &AtelierStudio, p: usize) -> (i32, u32, bool) {
    (
        full_score(state, game, p),
        paint_total(state, p),
        state.first_master as usize == p,
    )
}

/// The scores of the `State` trait: public points during play, final points at the end.
pub(crate) fn scores(state: &AtelierStudioState, game: &AtelierStudio) -> salon_core::Scores {
    let mut s = [0; MAX_PLAYERS];
    let terminal = state.phase == Phase::Terminal;
    for (p, v) in s.iter_mut().enumerate().take(state.num_players()) {
        *v = if terminal {
            full_score(state, game, p)
        } else {
            public_score(state, game, p)
        };
    }
    s
}

/// Win shares at the end, ranked by score, then paint held, then the First Master token.
pub(crate) fn returns(state: &AtelierStudioState, game: &AtelierStudio) -> Returns {
    if state.phase != Phase::Terminal {
        return [0.0; MAX_PLAYERS];
    }
    let keys: Vec<(i32, u32, bool)> = (0..state.num_players())
        .map(|p| rank_key(state, game, p))
        .collect();
    win_shares(&keys)
}

/// The points a picture or a text of the table shows: the only figures `render` and `svg` do
/// not read from the position.
pub(crate) struct Scores {
    /// Points everyone sees (paintings, First Master).
    pub public: Vec<i32>,
    /// Final scores, once the game is over.
    pub last: Option<Vec<i32>>,
}

impl Scores {
    pub(crate) fn of(s: &AtelierStudioState, game: &AtelierStudio) -> Self {
        let n = s.num_players();
        Scores {
            public: (0..n).map(|p| public_score(s, game, p)).collect(),
            last: (s.phase == Phase::Terminal)
                .then(|| (0..n).map(|p| full_score(s, game, p)).collect()),
        }
    }
}
