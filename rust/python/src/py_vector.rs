use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use salon_engine::salon_search::batch::StepBuffers;
use salon_engine::AnyBatch;

use crate::errors::{ArrayAccessError, IllegalActionError, IntoPyResult};
use crate::gil::without_gil;
use crate::handles::Game;
use crate::shared::Shared;

/// `num_envs` games of one game stepped together in the engine.
///
/// `reset()` returns `(observations, masks, players)`; `step(actions)` returns
/// `(observations, masks, players, rewards, terminated)`. The arrays are preallocated once
/// and overwritten by every call (copy them to keep them). Chance is resolved inside;
/// with `auto_reset` a finished game restarts in the same step (its `rewards` and
/// `terminated` still report the end) and `episode_seeds` gives each episode's seed, from
/// which `game.new_initial_state(seed)` replays it exactly. With `threads` above 1, worker
/// threads kept for the life of the env step parts of the batch beside the calling thread
/// (the GIL is released); batches under 256 games stay on the calling thread, where waking a
/// worker would cost more than it saves. Results never depend on `threads`.
///
/// Threads: one call at a time; a call while another thread is inside one raises
/// `ConcurrentUseError` and does nothing.
#[pyclass(module = "salon", name = "VectorEnv", frozen)]
pub struct VectorEnv {
    stepper: Shared<Stepper>,
    game: Py<Game>,
    observations: Py<PyArray2<f32>>,
    masks: Py<PyArray2<bool>>,
    players: Py<PyArray1<i32>>,
    rewards: Py<PyArray2<f32>>,
    terminated: Py<PyArray1<bool>>,
    episode_seeds: Py<PyArray1<u64>>,
    num_envs: usize,
}

/// What a step changes.
struct Stepper {
    batch: AnyBatch,
    /// The last step's actions, copied out of the caller's array (kept for its allocation).
    actions: Vec<i64>,
}

impl VectorEnv {
    fn outputs<'py>(&self, py: Python<'py>, with_rewards: bool) -> PyResult<Bound<'py, PyTuple>> {
        let mut items: Vec<Bound<'py, PyAny>> = vec![
            self.observations.bind(py).clone().into_any(),
            self.masks.bind(py).clone().into_any(),
            self.players.bind(py).clone().into_any(),
        ];
        if with_rewards {
            items.push(self.rewards.bind(py).clone().into_any());
            items.push(self.terminated.bind(py).clone().into_any());
        }
        PyTuple::new(py, items)
    }

    /// Runs `work` on the batch and the env's output buffers, with the GIL released.
    fn run(
        &self,
        py: Python<'_>,
        batch: &mut AnyBatch,
        work: impl FnOnce(&mut AnyBatch, StepBuffers<'_>) -> salon_engine::salon_core::SalonResult<()>
            + Send,
    ) -> PyResult<()> {
        let mut obs = writable(self.observations.bind(py), "observations")?;
        let mut masks = writable(self.masks.bind(py), "masks")?;
        let mut players = writable(self.players.bind(py), "players")?;
        let mut rewards = writable(self.rewards.bind(py), "rewards")?;
        let mut terminated = writable(self.terminated.bind(py), "terminated")?;
        let mut seeds = writable(self.episode_seeds.bind(py), "episode_seeds")?;
        let buffers = StepBuffers {
            observations: obs.as_slice_mut()?,
            masks: masks.as_slice_mut()?,
            players: players.as_slice_mut()?,
            rewards: rewards.as_slice_mut()?,
            terminated: terminated.as_slice_mut()?,
            episode_seeds: seeds.as_slice_mut()?,
        };
        without_gil(py, || work(batch, buffers)).py()
    }
}

/// Borrows one of the env's own output arrays for writing, or says why it cannot be.
fn writable<'py, T: numpy::Element, D: numpy::ndarray::Dimension>(
    array: &Bound<'py, numpy::PyArray<T, D>>,
    name: &str,
) -> PyResult<numpy::PyReadwriteArray<'py, T, D>> {
    array.try_readwrite().map_err(|e| {
        ArrayAccessError::new_err(format!(
            "cannot write the env's {name} array ({e}): it was made read-only or is borrowed by another call; \
             copy the outputs you keep instead of locking the env's buffers"
        ))
    })
}

#[pymethods]
impl VectorEnv {
    #[new]
    #[pyo3(signature = (game, num_envs, *, seed=None, auto_reset=None, threads=None))]
    fn new(
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        num_envs: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
        auto_reset: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let auto_reset = match auto_reset {
            None => true,
            Some(v) if v.is_none() => true,
            Some(v) => crate::convert::bool_arg(
                v,
                "invalid parameter \"auto_reset\":",
                crate::convert::param_error,
            )?,
        };
        use crate::convert::{param_error, uint_arg};
        let game: Py<Game> = if let Ok(g) = game.cast::<Game>() {
            g.clone().unbind()
        } else if let Ok(name) = game.extract::<String>() {
            Py::new(py, crate::py_game::load_game(&name, None, None)?)?
        } else {
            return Err(param_error(format!(
                "invalid parameter \"game\": a salon.Game or a game name, got {game}"
            )));
        };
        // A batch's buffers are allocated up front: refuse sizes no machine could hold
        // instead of letting the allocation abort the interpreter.
        let num_envs = uint_arg(num_envs, "num_envs", 1 << 24, param_error)? as usize;
        let seed = match seed {
            Some(s) if !s.is_none() => uint_arg(s, "seed", u64::MAX, param_error)?,
            _ => 0,
        };
        let threads = match threads {
            Some(t) if !t.is_none() => uint_arg(t, "threads", 256, param_error)? as usize,
            _ => 1,
        };
        let game_ref = game.get();
        let bytes = num_envs.saturating_mul(
            4 * game_ref.inner.observation_tensor_size()
                + game_ref.inner.num_distinct_actions()
                + 64,
        );
        if bytes > 8 << 30 {
            return Err(param_error(format!(
                "num_envs {num_envs} would need {} GiB of buffers",
                bytes >> 30
            )));
        }
        let batch = AnyBatch::new(&game.get().inner, num_envs, seed, auto_reset, threads).py()?;
        let (obs, acts, np) = (
            batch.observation_size(),
            batch.num_distinct_actions(),
            batch.num_players(),
        );
        Ok(VectorEnv {
            observations: PyArray2::<f32>::zeros(py, [num_envs, obs], false).unbind(),
            masks: PyArray2::<bool>::zeros(py, [num_envs, acts], false).unbind(),
            players: PyArray1::<i32>::zeros(py, num_envs, false).unbind(),
            rewards: PyArray2::<f32>::zeros(py, [num_envs, np], false).unbind(),
            terminated: PyArray1::<bool>::zeros(py, num_envs, false).unbind(),
            episode_seeds: PyArray1::<u64>::zeros(py, num_envs, false).unbind(),
            num_envs,
            stepper: Shared::new(
                Stepper {
                    batch,
                    actions: Vec::with_capacity(num_envs),
                },
                "VectorEnv",
            ),
            game,
        })
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.num_envs
    }

    /// The threads that step the batch, the calling one included: `threads` as given, capped
    /// at what the batch can use (1 under 256 games, at most one per 32 games).
    #[getter]
    fn threads(&self) -> PyResult<usize> {
        Ok(self.stepper.read()?.batch.threads())
    }

    #[getter]
    fn game(&self, py: Python<'_>) -> Py<Game> {
        self.game.clone_ref(py)
    }

    /// The seed of each game's current episode (a view, updated in place).
    #[getter]
    fn episode_seeds<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u64>> {
        self.episode_seeds.bind(py).clone()
    }

    /// New episodes everywhere; returns `(observations, masks, players)`.
    fn reset<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let mut stepper = self.stepper.write()?;
        self.run(py, &mut stepper.batch, |batch, buffers| {
            batch.reset(buffers)
        })?;
        self.outputs(py, false)
    }

    /// One action per game (any value for a finished game without auto-reset); returns
    /// `(observations, masks, players, rewards, terminated)`. Raises `IllegalActionError`
    /// naming the game when an action is not legal; then nothing is applied.
    fn step<'py>(
        &self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        // The actions are copied out before the outputs are written, so that an actions array
        // that shares memory with an output (a view of `episode_seeds`, say) reads as it was.
        // The common case, an int64 numpy array, is copied directly; anything else goes
        // through numpy once and must have an integer dtype (no float truncated, no bool or
        // numeric string taken for an id).
        let converted;
        let array = match actions.cast::<PyArray1<i64>>() {
            Ok(a) => a,
            Err(_) => {
                let numpy = py.import("numpy")?;
                let as_array = numpy.call_method1("asarray", (actions,)).map_err(|e| {
                    IllegalActionError::new_err(format!(
                        "actions must be a one-dimensional sequence of integers: {e}"
                    ))
                })?;
                let kind: String = as_array.getattr("dtype")?.getattr("kind")?.extract()?;
                if kind != "i" && kind != "u" {
                    let dtype = as_array.getattr("dtype")?.str()?.to_string();
                    return Err(IllegalActionError::new_err(format!(
                        "actions must have an integer dtype, got {dtype}: convert them explicitly (for example np.asarray(actions, dtype=np.int64))"
                    )));
                }
                converted = numpy.call_method1("ascontiguousarray", (as_array, "int64"))?;
                converted.cast::<PyArray1<i64>>().map_err(|_| {
                    IllegalActionError::new_err(
                        "actions must be a one-dimensional sequence of integers",
                    )
                })?
            }
        };
        let mut stepper = self.stepper.write()?;
        let Stepper {
            batch,
            actions: copied,
        } = &mut *stepper;
        {
            let readonly = array
                .try_readonly()
                .map_err(|e| IllegalActionError::new_err(format!("actions: {e}")))?;
            copied.clear();
            match readonly.as_slice() {
                Ok(slice) => copied.extend_from_slice(slice),
                Err(_) => copied.extend(readonly.as_array().iter().copied()),
            }
        }
        let copied = &*copied;
        self.run(py, batch, |batch, buffers| batch.step(copied, buffers))?;
        self.outputs(py, true)
    }

    /// Starts new episodes in the games where `which` (bools, one per game) is true, each
    /// from its seed in `seeds` (uint64, one per game; ignored where `which` is false), and
    /// writes their rows of the buffers; the other games and rows are left as they are.
    /// Returns the `(observations, masks, players)` buffers, as `reset`.
    fn reset_games<'py>(
        &self,
        py: Python<'py>,
        which: &Bound<'py, PyAny>,
        seeds: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let numpy = py.import("numpy")?;
        let bad = |e: PyErr| crate::convert::param_error(format!("reset_games: {e}"));
        let which = numpy
            .call_method1("ascontiguousarray", (which, "bool"))
            .map_err(bad)?;
        let seeds = numpy
            .call_method1("ascontiguousarray", (seeds, "uint64"))
            .map_err(bad)?;
        let which: Vec<bool> = which
            .cast::<PyArray1<bool>>()
            .map_err(|_| {
                crate::convert::param_error("reset_games: `which` must be one-dimensional".into())
            })?
            .to_vec()?;
        let seeds: Vec<u64> = seeds
            .cast::<PyArray1<u64>>()
            .map_err(|_| {
                crate::convert::param_error("reset_games: `seeds` must be one-dimensional".into())
            })?
            .to_vec()?;
        let mut stepper = self.stepper.write()?;
        self.run(py, &mut stepper.batch, |batch, buffers| {
            batch.reset_games(&which, &seeds, buffers)
        })?;
        self.outputs(py, false)
    }

    /// Game `index`'s observation tensor for `player` (also once the game is over) and its
    /// returns as float64 (zero until it ends): a finished game's final observation and exact
    /// outcome, read before `reset_games` replaces it. Returns `(observation, returns)`.
    fn final_outputs<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
        player: &Bound<'py, PyAny>,
    ) -> PyResult<(Bound<'py, PyArray1<f32>>, Bound<'py, PyArray1<f64>>)> {
        use crate::convert::{param_error, uint_arg};
        let index = uint_arg(index, "index", u32::MAX as u64, param_error)? as usize;
        let player = uint_arg(player, "player", 255, param_error)? as usize;
        let stepper = self.stepper.read()?;
        let mut obs = vec![0.0f32; stepper.batch.observation_size()];
        let returns = stepper.batch.final_outputs(index, player, &mut obs).py()?;
        let np = stepper.batch.num_players();
        Ok((
            PyArray1::from_vec(py, obs),
            PyArray1::from_slice(py, &returns[..np]),
        ))
    }

    /// A uniformly random legal action per game (-1 where there is none), drawn from
    /// `seed`: a random policy that costs no Python per game.
    fn random_actions<'py>(
        &self,
        py: Python<'py>,
        seed: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let seed = crate::convert::uint_arg(seed, "seed", u64::MAX, crate::convert::param_error)?;
        let out = PyArray1::<i64>::zeros(py, self.num_envs, false);
        {
            let mut rw = out.readwrite();
            let slice = rw.as_slice_mut()?;
            let stepper = self.stepper.read()?;
            let batch = &stepper.batch;
            let mut rng = salon_engine::salon_core::Xoshiro256StarStar::seed_from_u64(seed);
            without_gil(py, || batch.random_actions(&mut rng, slice)).py()?;
        }
        Ok(out)
    }

    fn __repr__(&self) -> String {
        format!(
            "<VectorEnv {} x {}>",
            self.num_envs,
            self.game.get().inner.spec_string()
        )
    }
}
