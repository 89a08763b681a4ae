//! The lock-step loop of a batched search, written once for every evaluator: the roots in one
//! search, or in two halves so that one half's trees advance on a helper thread while the
//! evaluator works on the other half's leaves (the results are the same either way: see
//! [`crate::BatchedSearch::start_at`]).
//!
//! [`crate::EvaluatorSearch`] drives it with a native network, the Python binding with a
//! Python callable: each asks [`next`] what to do, steps a half with
//! [`crate::BatchedSearch::step`], evaluates a half's leaves its own way, and runs the two
//! together with [`beside`].

use salon_core::error::{SalonError, SalonResult};

/// Where one half of the batch stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Half {
    /// Leaves written and not yet backed up (0: its search is over).
    pub rows: usize,
    /// Whether those leaves have been evaluated.
    pub evaluated: bool,
}

/// What the loop does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// Every half's search is over.
    Done,
    /// Back up half `.0`'s evaluation and write its next leaves.
    Step(usize),
    /// Evaluate half `.0`'s leaves.
    Evaluate(usize),
    /// Both at once: half `step` steps (on the helper thread) while half `evaluate`'s leaves
    /// are evaluated.
    StepBeside { step: usize, evaluate: usize },
}

/// The next move of the loop over `halves` (one or two).
pub fn next(halves: &[Half]) -> Next {
    let ready = (0..halves.len()).find(|&g| halves[g].rows > 0 && halves[g].evaluated);
    let waiting =
        (0..halves.len()).find(|&g| halves[g].rows > 0 && !halves[g].evaluated && Some(g) != ready);
    match (ready, waiting) {
        (None, None) => Next::Done,
        (Some(x), None) => Next::Step(x),
        (None, Some(y)) => Next::Evaluate(y),
        (Some(x), Some(y)) => Next::StepBeside {
            step: x,
            evaluate: y,
        },
    }
}

/// The roots of each half (`from..to`) and how many halves are used: with two searches, a
/// batch of two or more roots is cut in the middle; a single root stays whole.
pub fn split(roots: usize, searches: usize) -> ([(usize, usize); 2], usize) {
    let cut = if searches == 2 && roots >= 2 {
        roots / 2
    } else {
        roots
    };
    ([(0, cut), (cut, roots)], if cut < roots { 2 } else { 1 })
}

/// The one thread that steps a half while the evaluator works on the other (`overlap`).
pub fn helper_thread() -> SalonResult<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .thread_name(|_| "salon-search-overlap".into())
        .build()
        .map_err(|e| SalonError::param("overlap", format!("could not start its thread: {e}")))
}

/// Runs `step` on `helper`'s thread while `evaluate` runs on the calling thread, and waits
/// for both; without a helper, one after the other. `None` in place of the step's result: the
/// helper thread stopped (a panic there is caught, so that it reaches the caller as an error,
/// not a crash).
pub fn beside<A: Send, B>(
    helper: Option<&rayon::ThreadPool>,
    step: impl FnOnce() -> A + Send,
    evaluate: impl FnOnce() -> B,
) -> (Option<A>, B) {
    let Some(helper) = helper else {
        let stepped = step();
        return (Some(stepped), evaluate());
    };
    let mut stepped = None;
    let slot = &mut stepped;
    let evaluated = helper.in_place_scope(|scope| {
        scope.spawn(move |_| {
            *slot = std::panic::catch_unwind(std::panic::AssertUnwindSafe(step)).ok();
        });
        evaluate()
    });
    (stepped, evaluated)
}

/// Why an evaluator's answer cannot be backed up, or `None`: values must be finite; logits may
/// be -inf (a masked action) but not NaN or +inf.
pub fn evaluation_problem(logits: &[f32], values: &[f32]) -> Option<&'static str> {
    // Folds rather than `any`, so that the loops vectorize.
    if !values.iter().fold(true, |ok, x| ok & x.is_finite()) {
        return Some("the evaluator's values must be finite numbers");
    }
    if logits
        .iter()
        .fold(false, |bad, x| bad | x.is_nan() | (*x == f32::INFINITY))
    {
        return Some(
            "the evaluator's logits must not be NaN or +inf (use a large negative number or -inf for masked actions)",
        );
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn half(rows: usize, evaluated: bool) -> Half {
        Half { rows, evaluated }
    }

    #[test]
    fn the_loop_steps_an_evaluated_half_beside_the_evaluation_of_the_other() {
        assert_eq!(next(&[half(0, false)]), Next::Done);
        assert_eq!(next(&[half(3, false)]), Next::Evaluate(0));
        assert_eq!(next(&[half(3, true)]), Next::Step(0));
        assert_eq!(
            next(&[half(3, true), half(2, false)]),
            Next::StepBeside {
                step: 0,
                evaluate: 1
            }
        );
        assert_eq!(
            next(&[half(3, false), half(2, true)]),
            Next::StepBeside {
                step: 1,
                evaluate: 0
            }
        );
        assert_eq!(next(&[half(0, true), half(2, false)]), Next::Evaluate(1));
        assert_eq!(next(&[half(3, true), half(2, true)]), Next::Step(0));
        assert_eq!(next(&[half(0, false), half(0, true)]), Next::Done);
    }

    #[test]
    fn an_evaluation_with_nan_or_infinite_numbers_is_refused() {
        assert_eq!(
            evaluation_problem(&[0.5, f32::NEG_INFINITY], &[0.2, 0.8]),
            None
        );
        assert!(evaluation_problem(&[0.5], &[f32::NAN])
            .unwrap()
            .contains("values"));
        assert!(evaluation_problem(&[0.5], &[f32::INFINITY])
            .unwrap()
            .contains("values"));
        assert!(evaluation_problem(&[f32::NAN], &[0.5])
            .unwrap()
            .contains("logits"));
        assert!(evaluation_problem(&[f32::INFINITY], &[0.5])
            .unwrap()
            .contains("logits"));
    }

    #[test]
    fn a_batch_is_cut_in_the_middle_and_a_single_root_stays_whole() {
        assert_eq!(split(7, 2), ([(0, 3), (3, 7)], 2));
        assert_eq!(split(1, 2), ([(0, 1), (1, 1)], 1));
        assert_eq!(split(7, 1), ([(0, 7), (7, 7)], 1));
    }

    #[test]
    fn a_panic_on_the_helper_comes_back_as_none() {
        let helper = helper_thread().unwrap();
        let (stepped, evaluated) = beside(Some(&helper), || 2 + 2, || "eval");
        assert_eq!((stepped, evaluated), (Some(4), "eval"));
        let (stepped, evaluated): (Option<u8>, _) =
            beside(Some(&helper), || panic!("a bug in a step"), || 7);
        assert_eq!((stepped, evaluated), (None, 7));
        assert_eq!(beside(None, || 1, || 2), (Some(1), 2));
    }
}
