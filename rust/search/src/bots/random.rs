//! The uniform random bot: one of the mover's legal actions, each with the same chance.
//!
//! It reads nothing but the mover's own legal actions, which the mover always knows.

use salon_core::action::Action;
use salon_core::rng::Xoshiro256StarStar;

/// A uniformly random element of `legal`, which the caller guarantees is not empty.
pub fn choose(legal: &[Action], rng: &mut Xoshiro256StarStar) -> Action {
    match legal.len() {
        0 => 0,
        1 => legal[0],
        n => legal[rng.below(n as u64) as usize],
    }
}
