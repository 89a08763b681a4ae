//! The settings of a batched search, with the defaults of the papers and of `mctx`.

use salon_core::error::{SalonError, SalonResult};

/// How the root chooses its simulations and its action.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RootPolicy {
    /// AlphaZero: PUCT everywhere, Dirichlet noise on the root priors; the action is the
    /// most visited, the policy target the visit distribution.
    Puct,
    /// Gumbel MuZero: Gumbel-top-k and sequential halving at the root, a deterministic
    /// choice below it; the policy target is the improved policy.
    Gumbel,
}

impl RootPolicy {
    pub fn name(self) -> &'static str {
        match self {
            RootPolicy::Puct => "puct",
            RootPolicy::Gumbel => "gumbel",
        }
    }

    pub fn from_name(name: &str) -> SalonResult<RootPolicy> {
        match name.trim().to_ascii_lowercase().as_str() {
            "puct" => Ok(RootPolicy::Puct),
            "gumbel" => Ok(RootPolicy::Gumbel),
            _ => Err(SalonError::param(
                "policy",
                format!("unknown search policy {name:?}; policies are puct, gumbel"),
            )),
        }
    }
}

/// The most root actions a Gumbel search considers (the sequential-halving tables are built
/// up to it).
pub const MAX_CONSIDERED: u32 = 64;

/// The most random playouts a leaf's value may average (`SearchConfig::rollouts_per_leaf`).
pub const MAX_ROLLOUTS_PER_LEAF: u32 = 64;

#[derive(Clone, Debug, PartialEq)]
pub struct SearchConfig {
    pub policy: RootPolicy,
    /// Simulations per root (the root's own evaluation is not counted).
    pub simulations: u32,
    /// Leaves selected per tree before each evaluation (virtual loss beyond 1).
    pub leaves_per_step: u32,
    /// PUCT: `c(s) = ln((1 + N(s) + c_base) / c_base) + c_init`.
    pub c_init: f32,
    pub c_base: f32,
    /// PUCT root noise: `(1 - fraction) * P + fraction * Dirichlet(alpha)`; `None` for alpha
    /// means 10 / (number of legal actions) at each root; fraction 0 turns the noise off.
    pub dirichlet_alpha: Option<f32>,
    pub dirichlet_fraction: f32,
    /// Gumbel: the number of root actions sampled without replacement (Gumbel-top-k), at
    /// most [`MAX_CONSIDERED`].
    pub max_considered_actions: u32,
    /// Gumbel: the scale of the Gumbel noise (0 makes the root choice deterministic).
    pub gumbel_scale: f32,
    /// Gumbel: `sigma(q) = (c_visit + max_b N(b)) * c_scale * q`.
    pub c_visit: f32,
    pub c_scale: f32,
    /// Hidden information: draw one determinization per search instead of one per simulation.
    pub one_determinization: bool,
    /// The value of a leaf: `(1 - rollout_mix) * the evaluator's + rollout_mix * the returns of
    /// one uniformly random playout from it` (AlphaGo's mixed leaf evaluation); 0 is the
    /// evaluator alone, as in AlphaZero.
    pub rollout_mix: f32,
    /// The random playouts whose mean returns make a leaf's playout value when `rollout_mix`
    /// is above 0 (1: AlphaGo's single playout; more cut its noise at a playout's cost each).
    pub rollouts_per_leaf: u32,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            policy: RootPolicy::Gumbel,
            simulations: 32,
            leaves_per_step: 1,
            c_init: 1.25,
            c_base: 19652.0,
            dirichlet_alpha: None,
            dirichlet_fraction: 0.25,
            max_considered_actions: 16,
            gumbel_scale: 1.0,
            c_visit: 50.0,
            c_scale: 0.1,
            one_determinization: false,
            rollout_mix: 0.0,
            rollouts_per_leaf: 1,
        }
    }
}

impl SearchConfig {
    /// Checks the fields a user can get wrong, naming the first bad one.
    pub fn validate(&self) -> SalonResult<()> {
        let finite_at_least = |name: &str, v: f32, min: f32| {
            if v.is_finite() && v >= min {
                Ok(())
            } else {
                Err(SalonError::param(
                    name,
                    format!("must be a finite number at least {min}, got {v}"),
                ))
            }
        };
        if self.simulations == 0 || self.simulations > 1 << 20 {
            return Err(SalonError::param(
                "simulations",
                format!("must be from 1 to {}, got {}", 1 << 20, self.simulations),
            ));
        }
        if self.leaves_per_step == 0 || self.leaves_per_step > 256 {
            return Err(SalonError::param(
                "leaves_per_step",
                format!("must be from 1 to 256, got {}", self.leaves_per_step),
            ));
        }
        finite_at_least("c_init", self.c_init, 0.0)?;
        finite_at_least("c_base", self.c_base, f32::MIN_POSITIVE)?;
        if let Some(a) = self.dirichlet_alpha {
            finite_at_least("dirichlet_alpha", a, f32::MIN_POSITIVE)?;
        }
        if !(0.0..=1.0).contains(&self.dirichlet_fraction) {
            return Err(SalonError::param(
                "dirichlet_fraction",
                format!("must be from 0 to 1, got {}", self.dirichlet_fraction),
            ));
        }
        if self.max_considered_actions == 0 || self.max_considered_actions > MAX_CONSIDERED {
            return Err(SalonError::param(
                "max_considered_actions",
                format!(
                    "must be from 1 to {MAX_CONSIDERED}, got {}",
                    self.max_considered_actions
                ),
            ));
        }
        finite_at_least("gumbel_scale", self.gumbel_scale, 0.0)?;
        finite_at_least("c_visit", self.c_visit, 0.0)?;
        finite_at_least("c_scale", self.c_scale, 0.0)?;
        if !(0.0..=1.0).contains(&self.rollout_mix) {
            return Err(SalonError::param(
                "rollout_mix",
                format!("must be from 0 to 1, got {}", self.rollout_mix),
            ));
        }
        if self.rollouts_per_leaf == 0 || self.rollouts_per_leaf > MAX_ROLLOUTS_PER_LEAF {
            return Err(SalonError::param(
                "rollouts_per_leaf",
                format!(
                    "must be from 1 to {MAX_ROLLOUTS_PER_LEAF}, got {}",
                    self.rollouts_per_leaf
                ),
            ));
        }
        Ok(())
    }
}
