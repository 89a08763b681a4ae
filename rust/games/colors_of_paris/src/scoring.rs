//! End-of-game scoring and the ranking key (score, then fewest whites on finished
//! paintings, then the most valuable finished painting).

use salon_core::{Returns, Scores};

use crate::components::*;
use crate::game::ColorsOfParis;
use crate::state::*;

/// Points of a development-bonus state: 6 for the 6-point token, 10 for the 10 side.
pub fn dev_points(dev: u8) -> i32 {
    match dev {
        DEV_TOKEN6 => 6,
        DEV_TEN_HIRED | DEV_TEN_FLIPPED => 10,
        _ => 0,
    }
}

/// Points of bonus card `b` for player `p`.
pub fn bonus_points(st: &ColorsOfParisState, g: &ColorsOfParis, p: usize, b: usize) -> i32 {
    let Some(card) = g.data.bonus_cards.get(b) else {
        return 0;
    };
    let pts = card.points as i32;
    match card.kind {
        BonusKind::Black => pts * st.pig[p][BLACK as usize] as i32,
        BonusKind::Paintings => pts * st.finished[p] as i32,
        BonusKind::Colour(c) => {
            let mut squares = 0;
            for (card_id, painting) in g.data.paintings.iter().enumerate() {
                if st.card_loc[card_id] == LOC_DONE + p as u8 {
                    squares += painting.grid.iter().filter(|&&x| x == c).count() as i32;
                }
            }
            pts * squares
        }
        BonusKind::Tool { tool, threshold } => {
            if st.tools[p][tool as usize % 3] >= threshold {
                pts
            } else {
                0
            }
        }
    }
}

/// The score of player `p`; `with_hidden` adds the face-down bonus cards (at the end).
pub fn score(st: &ColorsOfParisState, g: &ColorsOfParis, p: usize, with_hidden: bool) -> i32 {
    let mut s = 0i32;
    for (card, painting) in g.data.paintings.iter().enumerate() {
        if st.card_loc[card] == LOC_DONE + p as u8 {
            s += painting.points as i32;
        }
    }
    s += 6 * st.pig[p][BLACK as usize] as i32;
    s += st.dev[p].iter().map(|&d| dev_points(d)).sum::<i32>();
    s -= 2 * st.whites_used[p] as i32;
    if let Some(Ability::FinishPoints { amount }) = st.painter_ability(g, p) {
        s += amount as i32 * st.finished[p] as i32;
    }
    if with_hidden && st.advanced {
        for b in 0..NUM_BONUS {
            if st.bonus_loc[b] == 1 + p as u8 {
                s += bonus_points(st, g, p, b);
            }
        }
    }
    s
}

/// The most valuable finished painting of `p` (0 if none).
pub fn best_painting(st: &ColorsOfParisState, g: &ColorsOfParis, p: usize) -> i32 {
    g.data
        .paintings
        .iter()
        .enumerate()
        .filter(|(c, _)| st.card_loc[*c] == LOC_DONE + p as u8)
        .map(|(_, x)| x.points as i32)
        .max()
        .unwrap_or(0)
}

/// Ranking key: larger is better.
pub fn rank_key(st: &ColorsOfParisState, g: &ColorsOfParis, p: usize) -> (i32, i32, i32) {
    (
        score(st, g, p, true),
        -(st.whites_used[p] as i32),
        best_painting(st, g, p),
    )
}

/// `State::scores`: every player's score, the face-down bonus cards counted once the game is
/// over.
pub(crate) fn scores(st: &ColorsOfParisState, game: &ColorsOfParis) -> Scores {
    let mut s = [0; salon_core::MAX_PLAYERS];
    let with_hidden = st.phase == PH_OVER;
    for (p, v) in s.iter_mut().enumerate().take(st.np()) {
        *v = score(st, game, p, with_hidden);
    }
    s
}

/// `State::returns`: win shares by the ranking key at the end, all zero before.
pub(crate) fn returns(st: &ColorsOfParisState, game: &ColorsOfParis) -> Returns {
    if st.phase != PH_OVER {
        return [0.0; salon_core::MAX_PLAYERS];
    }
    let keys: Vec<(i32, i32, i32)> = (0..st.np()).map(|p| rank_key(st, game, p)).collect();
    salon_core::win_shares(&keys)
}
