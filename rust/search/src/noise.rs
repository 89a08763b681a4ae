//! The random draws of the search: Gumbel variables (Gumbel MuZero's root) and Dirichlet
//! noise (AlphaZero's root), from the project's generator so that a seed fixes them.

use salon_core::rng::Xoshiro256StarStar;

/// A uniform float in the open interval (0, 1).
#[inline]
fn open_unit(rng: &mut Xoshiro256StarStar) -> f64 {
    ((rng.next_u64() >> 11) as f64 + 0.5) * (1.0 / (1u64 << 53) as f64)
}

/// A standard Gumbel variable, `-ln(-ln(U))`.
pub fn gumbel(rng: &mut Xoshiro256StarStar) -> f32 {
    -(-open_unit(rng).ln()).ln() as f32
}

/// A standard normal variable (Box-Muller; the second value of the pair is not kept).
fn normal(rng: &mut Xoshiro256StarStar) -> f64 {
    let (u, v) = (open_unit(rng), open_unit(rng));
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

/// A Gamma(`shape`, 1) variable: Marsaglia and Tsang (2000), with the `U^(1/shape)` boost
/// for shapes below 1.
pub fn gamma(shape: f64, rng: &mut Xoshiro256StarStar) -> f64 {
    if shape < 1.0 {
        let boost = open_unit(rng).powf(1.0 / shape);
        return gamma(shape + 1.0, rng) * boost;
    }
    let d = shape - 1.0 / 3.0;
    let c = 1.0 / (9.0 * d).sqrt();
    loop {
        let x = normal(rng);
        let v = 1.0 + c * x;
        if v <= 0.0 {
            continue;
        }
        let v = v * v * v;
        let u = open_unit(rng);
        if u.ln() < 0.5 * x * x + d - d * v + d * v.ln() {
            return d * v;
        }
    }
}

/// Fills `out` with a Dirichlet(`alpha`, ..., `alpha`) draw.
pub fn dirichlet(alpha: f64, out: &mut [f32], rng: &mut Xoshiro256StarStar) {
    let mut total = 0.0f64;
    let mut draws_sum = |x: f64| {
        total += x;
        x
    };
    for o in out.iter_mut() {
        *o = draws_sum(gamma(alpha, rng)) as f32;
    }
    if total > 0.0 && total.is_finite() {
        for o in out.iter_mut() {
            *o = (*o as f64 / total) as f32;
        }
    } else {
        let n = out.len().max(1) as f32;
        out.fill(1.0 / n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gumbel_and_gamma_have_their_means() {
        let mut rng = Xoshiro256StarStar::seed_from_u64(3);
        let n = 200_000;
        let g: f64 = (0..n).map(|_| gumbel(&mut rng) as f64).sum::<f64>() / n as f64;
        // The mean of a standard Gumbel variable is the Euler-Mascheroni constant.
        assert!((g - 0.5772).abs() < 0.01, "gumbel mean {g}");
        for shape in [0.3, 1.0, 2.5] {
            let m: f64 = (0..n).map(|_| gamma(shape, &mut rng)).sum::<f64>() / n as f64;
            assert!(
                (m - shape).abs() < 0.02 * shape.max(1.0),
                "gamma({shape}) mean {m}"
            );
        }
    }

    #[test]
    fn dirichlet_sums_to_one_and_is_symmetric() {
        let mut rng = Xoshiro256StarStar::seed_from_u64(9);
        let mut out = [0.0f32; 4];
        let mut mean = [0.0f64; 4];
        for _ in 0..20_000 {
            dirichlet(0.5, &mut out, &mut rng);
            assert!((out.iter().sum::<f32>() - 1.0).abs() < 1e-5);
            for (m, o) in mean.iter_mut().zip(out) {
                *m += o as f64 / 20_000.0;
            }
        }
        assert!(mean.iter().all(|m| (m - 0.25).abs() < 0.01), "{mean:?}");
    }
}
