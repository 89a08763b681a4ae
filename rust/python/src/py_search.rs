use numpy::{PyArray1, PyArray2, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PySlice, PyTuple};
use salon_engine::salon_core::SalonResult;
use salon_engine::salon_network::Network as CoreNetwork;
use salon_engine::salon_search::lockstep::{self, Half, Next};
use salon_engine::salon_search::{RootPolicy, SearchConfig};
use salon_engine::{AnyNetworkSearch, AnySearch, AnyState};
use std::sync::Arc;

use crate::convert::{param_error, str_arg};
use crate::errors::{EvaluatorError, IntoPyResult};
use crate::gil::without_gil;
use crate::handles::Game;
use crate::handles::State;

/// Batched search with an external evaluator: PUCT (AlphaZero) or Gumbel (Gumbel MuZero)
/// over many roots at once.
///
/// `run(states)` searches every state (decision nodes of `game`) in lock step: each step
/// selects a leaf per tree and calls `evaluator(obs, mask)` once with all the leaves
/// (`float32[N, *obs_shape]`, the observation of the player to move at each leaf, and
/// `bool[N, num_distinct_actions]`; with `pass_players=True` also `players`, int32[N], the
/// seat to move at each leaf); it returns `(logits float32[N, A], values float32[N,
/// num_players])`, values in win shares. The arrays passed in are views of buffers reused by
/// the next step: copy them to keep them. The GIL is released while the trees work. With
/// `overlap=True` the states are searched in two halves, and one half's trees advance on a
/// helper thread (started once, kept by the search) while the evaluator works on the other
/// half's leaves (the results are the same as without it).
#[pyclass(module = "salon", name = "BatchedSearch")]
pub struct BatchedSearch {
    /// One group, or two with `overlap` (the two halves of each batch of states).
    groups: Vec<Group>,
    game: Py<Game>,
    evaluator: Py<PyAny>,
    /// Whether the evaluator takes the leaves' players as a third argument.
    pass_players: bool,
    /// The thread that steps one half while the evaluator works on the other (`overlap`).
    helper: Option<rayon::ThreadPool>,
    threads: usize,
    seed: u64,
    /// Groups used by the last run.
    active: usize,
    /// With a `salon.Network` as the evaluator: the search that runs it natively (no
    /// Python in the loop; `groups` is then empty).
    native: Option<Native>,
}

struct Native {
    search: AnyNetworkSearch,
    network: Arc<CoreNetwork>,
}

/// The evaluator's answer for a group's leaves: `(logits, values)`.
type Evaluation = (Py<PyArray2<f32>>, Py<PyArray2<f32>>);

/// A search of some of the states, with the buffers its leaves are written into.
struct Group {
    search: AnySearch,
    observations: Py<PyArray2<f32>>,
    masks: Py<PyArray2<bool>>,
    /// The seat to move at each leaf.
    players: Py<PyArray1<i32>>,
    /// Leaves written and waiting for their evaluation (0: the search is over).
    rows: usize,
    /// The evaluation of those leaves, once made.
    evaluation: Option<Evaluation>,
}

impl Group {
    /// Buffers for `rows` leaves.
    fn ensure_rows(&mut self, py: Python<'_>, rows: usize, obs: usize, actions: usize) {
        if self.observations.bind(py).shape()[0] < rows {
            self.observations = PyArray2::<f32>::zeros(py, [rows, obs], false).unbind();
            self.masks = PyArray2::<bool>::zeros(py, [rows, actions], false).unbind();
            self.players = PyArray1::<i32>::zeros(py, rows, false).unbind();
        }
    }

    /// One step of the search (the GIL released): backs up the evaluation, if any, and
    /// writes the next leaves and their players. Runs on any thread: it touches no Python
    /// object.
    fn step(
        search: &mut AnySearch,
        evaluation: Option<(&[f32], &[f32])>,
        buffers: LeafBuffers<'_>,
    ) -> SalonResult<usize> {
        let (obs, masks, players) = buffers;
        let rows = search.step(evaluation, obs, masks)?;
        search.write_leaf_players(players)?;
        Ok(rows)
    }
}

/// A group's observation, mask and player buffers, borrowed for one step.
type LeafBuffers<'a> = (&'a mut [f32], &'a mut [bool], &'a mut [i32]);

/// The answer of `BatchedSearch.run`, one row per state.
#[pyclass(module = "salon", name = "SearchResult", frozen)]
pub struct SearchResult {
    #[pyo3(get)]
    actions: Py<PyArray1<i64>>,
    #[pyo3(get)]
    visit_counts: Py<PyArray2<i64>>,
    #[pyo3(get)]
    policy: Py<PyArray2<f32>>,
    #[pyo3(get)]
    root_values: Py<PyArray2<f32>>,
}

#[pymethods]
impl SearchResult {
    fn __repr__(&self, py: Python<'_>) -> String {
        format!("<SearchResult {} states>", self.actions.bind(py).len())
    }
}

/// An integer argument: a Python int or anything with `__index__` (numpy integers), not a
/// bool, in `[min, max]`.
fn index_arg(value: &Bound<'_, PyAny>, what: &str, min: u64, max: u64) -> PyResult<u64> {
    let type_name = || {
        value
            .get_type()
            .name()
            .map(|n| n.to_string())
            .unwrap_or_else(|_| "?".into())
    };
    if value.is_instance_of::<PyBool>() || type_name() == "bool" {
        return Err(param_error(format!(
            "invalid parameter \"{what}\": an int, not a bool"
        )));
    }
    let index = value
        .py()
        .import("operator")?
        .call_method1("index", (value,))
        .map_err(|_| {
            param_error(format!(
                "invalid parameter \"{what}\": an int, got {}",
                type_name()
            ))
        })?;
    match index.extract::<u64>() {
        Ok(v) if (min..=max).contains(&v) => Ok(v),
        _ => Err(param_error(format!(
            "invalid parameter \"{what}\": an int from {min} to {max}, got {index}"
        ))),
    }
}

/// A number argument (int or float, numpy scalars included), not a bool.
fn float_arg(value: &Bound<'_, PyAny>, what: &str) -> PyResult<f32> {
    let type_name = || {
        value
            .get_type()
            .name()
            .map(|n| n.to_string())
            .unwrap_or_else(|_| "?".into())
    };
    if value.is_instance_of::<PyBool>() || type_name() == "bool" {
        return Err(param_error(format!(
            "invalid parameter \"{what}\": a number, not a bool"
        )));
    }
    value.extract::<f64>().map(|v| v as f32).map_err(|_| {
        param_error(format!(
            "invalid parameter \"{what}\": a number, got {}",
            type_name()
        ))
    })
}

/// Reads one output of the evaluator as a C-contiguous float32 array of shape `[rows, width]`.
fn evaluator_output<'py>(
    value: &Bound<'py, PyAny>,
    what: &str,
    rows: usize,
    width: usize,
) -> PyResult<Bound<'py, PyArray2<f32>>> {
    let py = value.py();
    let numpy = py.import("numpy")?;
    let array = numpy.call_method1("asarray", (value,)).map_err(|e| {
        EvaluatorError::new_err(format!(
            "the evaluator's {what} must be an array of floats: {e}"
        ))
    })?;
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    if kind != "f" {
        let dtype = array.getattr("dtype")?.str()?.to_string();
        return Err(EvaluatorError::new_err(format!(
            "the evaluator's {what} must be floating point (float32 preferred), got dtype {dtype}"
        )));
    }
    let shape: Vec<usize> = array.getattr("shape")?.extract()?;
    if shape != [rows, width] {
        return Err(EvaluatorError::new_err(format!(
            "the evaluator's {what} must have shape ({rows}, {width}), got {shape:?}"
        )));
    }
    let array = numpy.call_method1("ascontiguousarray", (array, "float32"))?;
    array
        .cast_into::<PyArray2<f32>>()
        .map_err(|e| EvaluatorError::new_err(format!("the evaluator's {what}: {e}")))
}

/// The user's evaluator and how to call it.
struct Evaluator<'a> {
    callable: &'a Py<PyAny>,
    game: &'a Game,
    pass_players: bool,
}

/// Calls the evaluator on the first `n` rows of `group` and checks its answer.
fn evaluate<'py>(
    py: Python<'py>,
    evaluator: &Evaluator<'_>,
    group: &Group,
    n: usize,
) -> PyResult<Evaluation> {
    let game = evaluator.game;
    let (actions, players) = (game.inner.num_distinct_actions(), game.inner.num_players());
    let rows = PySlice::new(py, 0, n as isize, 1);
    let obs = group.observations.bind(py).get_item(&rows)?;
    let mut shape = vec![n];
    shape.extend(game.inner.observation_tensor_shape());
    let obs = obs.call_method1("reshape", (PyTuple::new(py, shape)?,))?;
    let masks = group.masks.bind(py).get_item(&rows)?;
    let out = if evaluator.pass_players {
        let players = group.players.bind(py).get_item(&rows)?;
        evaluator.callable.bind(py).call1((obs, masks, players))?
    } else {
        evaluator.callable.bind(py).call1((obs, masks))?
    };
    let pair: Vec<Bound<'_, PyAny>> = match out.cast::<PyTuple>() {
        Ok(t) if t.len() == 2 => t.iter().collect(),
        _ => match out.extract::<Vec<Bound<'_, PyAny>>>() {
            Ok(v) if v.len() == 2 => v,
            _ => {
                return Err(EvaluatorError::new_err(format!(
                    "the evaluator must return (logits, values), got {}",
                    out.get_type()
                        .name()
                        .map(|n| n.to_string())
                        .unwrap_or_else(|_| "?".into())
                )))
            }
        },
    };
    let logits = evaluator_output(&pair[0], "logits", n, actions)?;
    let values = evaluator_output(&pair[1], "values", n, players)?;
    {
        let (l, v) = (logits.readonly(), values.readonly());
        let (l, v) = (l.as_slice()?, v.as_slice()?);
        if let Some(problem) = lockstep::evaluation_problem(l, v) {
            return Err(EvaluatorError::new_err(problem));
        }
    }
    Ok((logits.unbind(), values.unbind()))
}

/// Steps `group` with its evaluation (the GIL released, or on a helper thread).
fn step_group(py: Python<'_>, group: &mut Group) -> PyResult<usize> {
    let mut obs = group.observations.bind(py).readwrite();
    let mut masks = group.masks.bind(py).readwrite();
    let mut players = group.players.bind(py).readwrite();
    let buffers = (
        obs.as_slice_mut()?,
        masks.as_slice_mut()?,
        players.as_slice_mut()?,
    );
    let search = &mut group.search;
    match group.evaluation.take() {
        None => without_gil(py, || Group::step(search, None, buffers)).py(),
        Some((l, v)) => {
            let (l, v) = (l.bind(py).readonly(), v.bind(py).readonly());
            let (l, v) = (l.as_slice()?, v.as_slice()?);
            without_gil(py, || Group::step(search, Some((l, v)), buffers)).py()
        }
    }
}

/// Steps `x` on a helper thread while the evaluator runs on `y`'s leaves on this one: the
/// trees of one half of the batch advance while the network works on the other half.
fn step_while_evaluating(
    py: Python<'_>,
    helper: &rayon::ThreadPool,
    evaluator: &Evaluator<'_>,
    x: &mut Group,
    y: &mut Group,
) -> PyResult<()> {
    let mut obs = x.observations.bind(py).readwrite();
    let mut masks = x.masks.bind(py).readwrite();
    let mut players = x.players.bind(py).readwrite();
    let buffers = (
        obs.as_slice_mut()?,
        masks.as_slice_mut()?,
        players.as_slice_mut()?,
    );
    let Some((l, v)) = x.evaluation.take() else {
        return Ok(());
    };
    let (l, v) = (l.bind(py).readonly(), v.bind(py).readonly());
    let (l, v) = (l.as_slice()?, v.as_slice()?);
    let search = &mut x.search;
    let (stepped, evaluated) = lockstep::beside(
        Some(helper),
        move || Group::step(search, Some((l, v)), buffers),
        || evaluate(py, evaluator, y, y.rows),
    );
    x.rows = match stepped {
        Some(r) => r.py()?,
        None => {
            return Err(pyo3::exceptions::PyRuntimeError::new_err(
                "the search thread stopped unexpectedly",
            ))
        }
    };
    y.evaluation = Some(evaluated?);
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn search_result(
    py: Python<'_>,
    actions: Vec<i64>,
    visits: Vec<i64>,
    policy: Vec<f32>,
    values: Vec<f32>,
    roots: usize,
    num_actions: usize,
    players: usize,
) -> PyResult<SearchResult> {
    Ok(SearchResult {
        actions: PyArray1::from_vec(py, actions).unbind(),
        visit_counts: PyArray1::from_vec(py, visits)
            .reshape([roots, num_actions])?
            .unbind(),
        policy: PyArray1::from_vec(py, policy)
            .reshape([roots, num_actions])?
            .unbind(),
        root_values: PyArray1::from_vec(py, values)
            .reshape([roots, players])?
            .unbind(),
    })
}

impl BatchedSearch {
    fn config(&self) -> &SearchConfig {
        match &self.native {
            Some(n) => n.search.config(),
            None => self.groups[0].search.config(),
        }
    }
}

#[pymethods]
impl BatchedSearch {
    #[new]
    #[pyo3(signature = (
        game, evaluator, *, simulations=None, policy=None, threads=None, seed=None, leaves_per_step=None,
        c_init=None, c_base=None, dirichlet_alpha=None, dirichlet_fraction=None, max_considered_actions=None,
        gumbel_scale=None, c_visit=None, c_scale=None, one_determinization=false, overlap=false, pass_players=false,
        rollout_mix=None, rollouts_per_leaf=None
    ))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        evaluator: &Bound<'_, PyAny>,
        simulations: Option<&Bound<'_, PyAny>>,
        policy: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        leaves_per_step: Option<&Bound<'_, PyAny>>,
        c_init: Option<&Bound<'_, PyAny>>,
        c_base: Option<&Bound<'_, PyAny>>,
        dirichlet_alpha: Option<&Bound<'_, PyAny>>,
        dirichlet_fraction: Option<&Bound<'_, PyAny>>,
        max_considered_actions: Option<&Bound<'_, PyAny>>,
        gumbel_scale: Option<&Bound<'_, PyAny>>,
        c_visit: Option<&Bound<'_, PyAny>>,
        c_scale: Option<&Bound<'_, PyAny>>,
        one_determinization: bool,
        overlap: bool,
        pass_players: bool,
        rollout_mix: Option<&Bound<'_, PyAny>>,
        rollouts_per_leaf: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let game: Py<Game> = if let Ok(g) = game.cast::<Game>() {
            g.clone().unbind()
        } else if let Ok(name) = game.extract::<String>() {
            Py::new(py, crate::py_game::load_game(&name, None, None)?)?
        } else {
            return Err(param_error(format!(
                "invalid parameter \"game\": a salon.Game or a game name, got {game}"
            )));
        };
        let network = evaluator
            .cast::<crate::py_network::Network>()
            .ok()
            .map(|n| n.get().inner.clone());
        if network.is_none() && !evaluator.is_callable() {
            return Err(param_error(
                "invalid parameter \"evaluator\": a salon.Network or a callable evaluator(obs, mask) -> (logits, values)".into(),
            ));
        }
        if let Some(net) = &network {
            let wanted = game.get().inner.network_expectation();
            if net.expectation() != &wanted {
                return Err(crate::errors::NetworkError::new_err(format!(
                    "network: the network was loaded for {} ({} players), the search is of {}",
                    net.expectation().game,
                    net.expectation().num_players,
                    game.get().inner.spec_string()
                )));
            }
        }
        fn given<'py>(v: Option<&Bound<'py, PyAny>>) -> Option<Bound<'py, PyAny>> {
            v.filter(|v| !v.is_none()).cloned()
        }
        let mut config = SearchConfig::default();
        if let Some(v) = given(simulations) {
            config.simulations = index_arg(&v, "simulations", 1, 1 << 20)? as u32;
        }
        if let Some(v) = given(policy) {
            config.policy =
                RootPolicy::from_name(&str_arg(&v, "invalid parameter \"policy\":", param_error)?)
                    .py()?;
        }
        if let Some(v) = given(leaves_per_step) {
            config.leaves_per_step = index_arg(&v, "leaves_per_step", 1, 256)? as u32;
        }
        if let Some(v) = given(max_considered_actions) {
            config.max_considered_actions = index_arg(
                &v,
                "max_considered_actions",
                1,
                salon_engine::salon_search::MAX_CONSIDERED as u64,
            )? as u32;
        }
        if let Some(v) = given(rollouts_per_leaf) {
            config.rollouts_per_leaf = index_arg(
                &v,
                "rollouts_per_leaf",
                1,
                salon_engine::salon_search::MAX_ROLLOUTS_PER_LEAF as u64,
            )? as u32;
        }
        let floats: [(&str, Option<&Bound<'_, PyAny>>, &mut f32); 8] = [
            ("rollout_mix", rollout_mix, &mut config.rollout_mix),
            ("c_init", c_init, &mut config.c_init),
            ("c_base", c_base, &mut config.c_base),
            (
                "dirichlet_fraction",
                dirichlet_fraction,
                &mut config.dirichlet_fraction,
            ),
            ("gumbel_scale", gumbel_scale, &mut config.gumbel_scale),
            ("c_visit", c_visit, &mut config.c_visit),
            ("c_scale", c_scale, &mut config.c_scale),
            ("dirichlet_alpha", dirichlet_alpha, &mut 0.0),
        ];
        let mut alpha = None;
        for (name, value, slot) in floats {
            if let Some(v) = given(value) {
                let x = float_arg(&v, name)?;
                if name == "dirichlet_alpha" {
                    alpha = Some(x);
                } else {
                    *slot = x;
                }
            }
        }
        config.dirichlet_alpha = alpha;
        config.one_determinization = one_determinization;
        let threads = match given(threads) {
            Some(v) => index_arg(&v, "threads", 1, 256)? as usize,
            None => 1,
        };
        let seed = match given(seed) {
            Some(v) => index_arg(&v, "seed", 0, u64::MAX)?,
            None => 0,
        };
        if let Some(network) = network {
            let search =
                AnyNetworkSearch::new(&game.get().inner, config, threads, seed, overlap).py()?;
            return Ok(BatchedSearch {
                groups: Vec::new(),
                game,
                evaluator: evaluator.clone().unbind(),
                pass_players,
                helper: None,
                threads,
                seed,
                active: 0,
                native: Some(Native { search, network }),
            });
        }
        let (obs, actions) = (
            game.get().inner.observation_tensor_size(),
            game.get().inner.num_distinct_actions(),
        );
        let groups = (0..if overlap { 2 } else { 1 })
            .map(|_| {
                Ok(Group {
                    search: AnySearch::new(&game.get().inner, config.clone(), threads, seed)
                        .py()?,
                    observations: PyArray2::<f32>::zeros(py, [0, obs], false).unbind(),
                    masks: PyArray2::<bool>::zeros(py, [0, actions], false).unbind(),
                    players: PyArray1::<i32>::zeros(py, 0, false).unbind(),
                    rows: 0,
                    evaluation: None,
                })
            })
            .collect::<PyResult<Vec<Group>>>()?;
        let helper = if overlap {
            Some(lockstep::helper_thread().py()?)
        } else {
            None
        };
        Ok(BatchedSearch {
            groups,
            game,
            evaluator: evaluator.clone().unbind(),
            pass_players,
            helper,
            threads,
            seed,
            active: 0,
            native: None,
        })
    }

    #[getter]
    fn game(&self, py: Python<'_>) -> Py<Game> {
        self.game.clone_ref(py)
    }

    #[getter]
    fn evaluator(&self, py: Python<'_>) -> Py<PyAny> {
        self.evaluator.clone_ref(py)
    }

    #[getter]
    fn policy(&self) -> &'static str {
        self.config().policy.name()
    }

    #[getter]
    fn simulations(&self) -> u32 {
        self.config().simulations
    }

    #[getter]
    fn leaves_per_step(&self) -> u32 {
        self.config().leaves_per_step
    }

    /// Whether the evaluator is called as `evaluator(obs, mask, players)`.
    #[getter]
    fn pass_players(&self) -> bool {
        self.pass_players
    }

    #[getter]
    fn threads(&self) -> usize {
        self.threads
    }

    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// Searches every state (decision nodes of this game) and returns a `SearchResult`:
    /// `actions` int64[N], `visit_counts` int64[N, A], `policy` float32[N, A] (visit
    /// distribution for PUCT, improved policy for Gumbel) and `root_values`
    /// float32[N, num_players]. The search's generator advances with each call.
    fn run(&mut self, py: Python<'_>, states: &Bound<'_, PyAny>) -> PyResult<SearchResult> {
        let items: Vec<Bound<'_, PyAny>> = states
            .try_iter()
            .map_err(|_| {
                param_error("invalid parameter \"states\": a sequence of salon.State".into())
            })?
            .collect::<PyResult<_>>()?;
        let cells: Vec<&Bound<'_, State>> = items
            .iter()
            .enumerate()
            .map(|(i, s)| {
                s.cast::<State>().map_err(|_| {
                    param_error(format!(
                        "invalid parameter \"states\": item {i} is not a salon.State"
                    ))
                })
            })
            .collect::<PyResult<_>>()?;
        // Read locks while the roots are copied into the trees (a state changed meanwhile by
        // another thread raises ConcurrentUseError there instead of racing the copy).
        let guards = cells
            .iter()
            .map(|s| s.get().inner.read())
            .collect::<PyResult<Vec<_>>>()?;
        let roots: Vec<&AnyState> = guards.iter().map(|g| &**g).collect();
        let n_roots = roots.len();
        if let Some(native) = &mut self.native {
            let (search, network) = (&mut native.search, &native.network);
            let r = without_gil(py, || search.run(&roots, network.as_ref()).cloned()).py()?;
            return search_result(
                py,
                r.actions,
                r.visit_counts.iter().map(|&v| v as i64).collect(),
                r.policy,
                r.root_values,
                n_roots,
                r.num_actions,
                r.num_players,
            );
        }
        let (parts, active) = lockstep::split(n_roots, self.groups.len());
        self.active = active;
        let game = self.game.get();
        let evaluator = Evaluator {
            callable: &self.evaluator,
            game,
            pass_players: self.pass_players,
        };
        let (obs_size, actions, players) = (
            game.inner.observation_tensor_size(),
            game.inner.num_distinct_actions(),
            game.inner.num_players(),
        );
        for (group, &(from, to)) in self.groups.iter_mut().zip(&parts).take(active) {
            let search = &mut group.search;
            without_gil(py, || search.start_at(&roots[from..to], from)).py()?;
            let rows = group.search.max_rows(to - from);
            group.ensure_rows(py, rows, obs_size, actions);
            group.evaluation = None;
        }
        drop(roots);
        drop(guards);
        for group in self.groups.iter_mut().take(active) {
            group.rows = step_group(py, group)?;
        }
        // Each group alternates evaluation and step; with two groups, one steps on a helper
        // thread while the evaluator works on the other's leaves (salon_search::lockstep).
        loop {
            let groups = &mut self.groups[..active];
            let halves = [0, 1].map(|g| {
                groups.get(g).map_or(Half::default(), |x| Half {
                    rows: x.rows,
                    evaluated: x.evaluation.is_some(),
                })
            });
            match lockstep::next(&halves[..active]) {
                Next::Done => break,
                Next::Step(x) => groups[x].rows = step_group(py, &mut groups[x])?,
                Next::Evaluate(y) => {
                    let e = evaluate(py, &evaluator, &groups[y], groups[y].rows)?;
                    groups[y].evaluation = Some(e);
                }
                Next::StepBeside { step: x, .. } => {
                    let (a, b) = groups.split_at_mut(1);
                    let (gx, gy) = if x == 0 {
                        (&mut a[0], &mut b[0])
                    } else {
                        (&mut b[0], &mut a[0])
                    };
                    match &self.helper {
                        Some(helper) => step_while_evaluating(py, helper, &evaluator, gx, gy)?,
                        None => gx.rows = step_group(py, gx)?,
                    }
                }
            }
        }
        let mut result_actions = Vec::with_capacity(n_roots);
        let mut visits = Vec::with_capacity(n_roots * actions);
        let mut policy = Vec::with_capacity(n_roots * actions);
        let mut values = Vec::with_capacity(n_roots * players);
        for group in &self.groups[..active] {
            let r = group.search.results();
            result_actions.extend_from_slice(&r.actions);
            visits.extend(r.visit_counts.iter().map(|&v| v as i64));
            policy.extend_from_slice(&r.policy);
            values.extend_from_slice(&r.root_values);
        }
        search_result(
            py,
            result_actions,
            visits,
            policy,
            values,
            n_roots,
            actions,
            players,
        )
    }
    /// Where the last `run` spent its time in the engine: `tree` (selection, moves,
    /// expansion, backup) and `observations` (the leaves' observations and masks), in
    /// seconds, and `steps` (evaluator calls). The rest of a run's wall time is the
    /// evaluator and the Python call around it. With `overlap`, the two halves' figures are
    /// added up, though one half's trees work while the evaluator runs on the other's.
    fn last_timings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        if let Some(native) = &self.native {
            let (t, network) = native.search.timings();
            let d = pyo3::types::PyDict::new(py);
            d.set_item("tree", t.tree_seconds)?;
            d.set_item("observations", t.observation_seconds)?;
            d.set_item("steps", t.steps)?;
            d.set_item("network", network)?;
            return Ok(d);
        }
        let (mut tree, mut obs, mut steps) = (0.0, 0.0, 0);
        for g in &self.groups[..self.active] {
            let t = g.search.timings();
            tree += t.tree_seconds;
            obs += t.observation_seconds;
            steps += t.steps;
        }
        let d = pyo3::types::PyDict::new(py);
        d.set_item("tree", tree)?;
        d.set_item("observations", obs)?;
        d.set_item("steps", steps)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        let c = self.config();
        format!(
            "<BatchedSearch {} {} x {} simulations, {} thread(s)>",
            self.game.get().inner.spec_string(),
            c.policy.name(),
            c.simulations,
            self.threads
        )
    }
}
