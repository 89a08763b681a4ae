//! The points: 1 per stack, 3 more per original and 2 more per fake on top, the objectives'
//! points; and the win shares over the tie-break chain (originals, fakes, visible drawings).

use salon_core::{win_shares, Returns, Scores, MAX_PLAYERS};

use crate::game::AtelierCanvas;
use crate::holdings::{cards_flagged, BLANK_CARDS, DRAWN_CARDS, F_FAKE, PAINTED_CARDS};
use crate::state::{AtelierCanvasState, Phase};

/// Score and tie-break counts of a player: (points, originals, fakes, visible drawings).
pub(crate) fn tally(
    s: &AtelierCanvasState,
    game: &AtelierCanvas,
    p: usize,
) -> (i32, i32, i32, i32) {
    tallies(s, game).get(p).copied().unwrap_or_default()
}

/// [`tally`] of every seat (observations need all of them at every step).
///
/// Counted, not walked: every stack has one blank at its bottom, a painted canvas always
/// lies on a drawing, and nothing lies on a painted canvas, so a palette scores 1 per stack
/// plus 3 per original and 2 per fake on top, and its visible drawings are its drawings
/// minus its paintings.
pub(crate) fn tallies(
    s: &AtelierCanvasState,
    game: &AtelierCanvas,
) -> [(i32, i32, i32, i32); MAX_PLAYERS] {
    let mut all = [(0, 0, 0, 0); MAX_PLAYERS];
    let fake = cards_flagged(&s.flags, F_FAKE);
    for (p, t) in all.iter_mut().enumerate().take(game.players) {
        let palette = s.palette_of(p);
        let stacks = (palette & BLANK_CARDS).count_ones() as i32;
        let drawings = (palette & DRAWN_CARDS).count_ones() as i32;
        let paintings = palette & PAINTED_CARDS;
        let fakes = (paintings & fake).count_ones() as i32;
        let originals = paintings.count_ones() as i32 - fakes;
        *t = (
            stacks + 3 * originals + 2 * fakes,
            originals,
            fakes,
            drawings - originals - fakes,
        );
    }
    for (i, o) in game.set.objectives.iter().enumerate() {
        if let Some(t) = all.get_mut(s.objective_owner[i] as usize) {
            t.0 += o.points as i32;
        }
    }
    all
}

/// Points per seat (running totals during play).
pub(crate) fn scores(s: &AtelierCanvasState, game: &AtelierCanvas) -> Scores {
    let all = tallies(s, game);
    let mut out = [0; MAX_PLAYERS];
    for (v, t) in out.iter_mut().zip(&all).take(game.players) {
        *v = t.0;
    }
    out
}

/// Win shares over (points, originals, fakes, visible drawings) at the end; zero before.
pub(crate) fn returns(s: &AtelierCanvasState, game: &AtelierCanvas) -> Returns {
    if s.phase != Phase::End {
        return [0.0; MAX_PLAYERS];
    }
    let all = tallies(s, game);
    win_shares(&all[..game.players.min(MAX_PLAYERS)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::components::{kind_of, Kind, NUM_BLANK};
    use crate::holdings::LOC_PALETTE;
    use crate::state::NONE;
    use salon_core::Xoshiro256StarStar;

    /// The scoring rule read literally: every stack of a palette scores by its top card.
    fn tallies_by_walking_stacks(
        s: &AtelierCanvasState,
        game: &AtelierCanvas,
    ) -> [(i32, i32, i32, i32); MAX_PLAYERS] {
        let mut all = [(0, 0, 0, 0); MAX_PLAYERS];
        for b in 0..NUM_BLANK {
            let Some(owner) = (0..game.players).find(|&p| s.loc[b] == LOC_PALETTE + p as u8) else {
                continue;
            };
            let t = &mut all[owner];
            let mut top = b;
            while s.on[top] != NONE {
                top = s.on[top] as usize;
            }
            match kind_of(top) {
                Kind::Painted if s.flags[top] & F_FAKE != 0 => (t.0, t.2) = (t.0 + 3, t.2 + 1),
                Kind::Painted => (t.0, t.1) = (t.0 + 4, t.1 + 1),
                Kind::Drawn => (t.0, t.3) = (t.0 + 1, t.3 + 1),
                _ => t.0 += 1,
            }
        }
        for (i, o) in game.set.objectives.iter().enumerate() {
            if let Some(t) = all.get_mut(s.objective_owner[i] as usize) {
                t.0 += o.points as i32;
            }
        }
        all
    }

    #[test]
    fn counted_tallies_equal_stack_by_stack_scoring() {
        use salon_core::playout::visit_random_states;
        use salon_core::{Game, ParamValue, Params};
        let mut rng = Xoshiro256StarStar::seed_from_u64(11);
        let mut checked_with_paintings = 0;
        for players in 2..=5 {
            for expert in [false, true] {
                let params = Params::new()
                    .with("players", ParamValue::Int(players))
                    .with("expert", ParamValue::Bool(expert));
                let game = AtelierCanvas::with_params(&params, None).unwrap();
                visit_random_states(&game, 3, &mut rng, |s| {
                    assert_eq!(tallies(s, &game), tallies_by_walking_stacks(s, &game));
                    checked_with_paintings += (s.paintings > 0) as usize;
                });
            }
        }
        assert!(
            checked_with_paintings > 1000,
            "too few states with paintings: {checked_with_paintings}"
        );
    }
}
