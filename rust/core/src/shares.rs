//! Returns as win shares: 1 to a sole winner, split equally on a shared victory.

use crate::actor::MAX_PLAYERS;

pub type Returns = [f64; MAX_PLAYERS];
pub type Scores = [i32; MAX_PLAYERS];

/// Win shares from per-player ranking keys (larger is better; the game builds the key from
/// its score and tie-breaks). Every player whose key equals the maximum shares the win.
pub fn win_shares<K: Ord + Copy>(keys: &[K]) -> Returns {
    let mut out = [0.0; MAX_PLAYERS];
    let Some(best) = keys.iter().copied().max() else {
        return out;
    };
    let winners = keys.iter().filter(|&&k| k == best).count() as f64;
    for (i, &k) in keys.iter().enumerate() {
        if k == best {
            out[i] = 1.0 / winners;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sole_and_shared_winners() {
        let r = win_shares(&[(3, 1), (5, 0), (5, 2)]);
        assert_eq!(&r[..3], &[0.0, 0.0, 1.0]);
        let r = win_shares(&[4, 4, 1, 4]);
        assert_eq!(&r[..4], &[1.0 / 3.0, 1.0 / 3.0, 0.0, 1.0 / 3.0]);
    }
}
