//! A network loaded once, checked against its game, and evaluated by any thread.

use std::collections::{HashMap, HashSet};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Mutex;

use salon_core::{SalonError, SalonResult};
use salon_search::Evaluator;
use sha2::{Digest, Sha256};
use tract_onnx::pb::{type_proto, GraphProto, ModelProto, ValueInfoProto};
use tract_onnx::prelude::*;

use crate::dense::DenseMlp;
use crate::expectation::{NetworkExpectation, ValueFrame};
use crate::screen::{real_inputs, screen, shown};

/// The largest network file (the shipped ones are a few MB).
pub const MAX_NETWORK_BYTES: usize = 256 << 20;
/// The most elements any intermediate value may have for one row of the batch.
const MAX_ROW_ELEMENTS: i64 = 1 << 24;

/// What a loaded network is, for users and model cards.
#[derive(Clone, Debug, PartialEq)]
pub struct NetworkInfo {
    pub game: String,
    pub value_frame: ValueFrame,
    /// `salon.rollout_mix`: the share of a random playout's returns in the value of a leaf that
    /// the network bot uses by default (`SearchConfig::rollout_mix`); `None` where the file
    /// does not say (0).
    pub rollout_mix: Option<f32>,
    /// `salon.max_considered_actions`, `salon.c_visit`, `salon.c_scale`: the Gumbel root
    /// settings the network bot uses by default (`SearchConfig`'s fields of those names);
    /// `None` where the file does not say (the search's defaults).
    pub max_considered_actions: Option<u32>,
    pub c_visit: Option<f32>,
    pub c_scale: Option<f32>,
    /// `salon.rollouts_per_leaf`: the random playouts averaged at each leaf that the network
    /// bot uses by default (`SearchConfig::rollouts_per_leaf`); `None` where the file does not
    /// say (1).
    pub rollouts_per_leaf: Option<u32>,
    /// Whether the network reads the seat to move as a second input.
    pub takes_players: bool,
    /// Weights (elements of the initializers).
    pub parameters: u64,
    /// The SHA-256 of the file, in hex.
    pub sha256: String,
    /// The file's metadata (`metadata_props`), in file order.
    pub metadata: Vec<(String, String)>,
    pub producer: String,
}

/// Which code evaluates a network.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Runtime {
    /// salon's dense kernel where the graph is a plain MLP (checked against `tract` on load),
    /// else `tract`.
    Auto,
    /// Always `tract`, the general ONNX runtime.
    Tract,
    /// salon's dense kernel; a graph that is not a plain MLP is refused.
    Dense,
}

impl Runtime {
    pub fn from_name(name: &str) -> SalonResult<Runtime> {
        match name {
            "auto" => Ok(Runtime::Auto),
            "tract" => Ok(Runtime::Tract),
            "dense" => Ok(Runtime::Dense),
            other => Err(SalonError::param(
                "runtime",
                format!("\"auto\", \"tract\" or \"dense\", not {:?}", shown(other)),
            )),
        }
    }
}

/// The fewest rows a batch must have to be shared out between threads (below, one thread
/// is faster than two that wake up); shares are multiples of half of it.
const MIN_SHARED_ROWS: usize = 16;

/// The most plans made for fixed batch sizes that a network keeps.
const MAX_SIZED_PLANS: usize = 16;

/// The batch size a plan is made for: `rows` itself when small, else rounded up to a multiple
/// of 32 (the rows beyond `rows` are zeros), so that a search meets a few sizes only.
fn planned_rows(rows: usize) -> usize {
    if rows <= 16 {
        rows.next_power_of_two()
    } else {
        rows.div_ceil(32) * 32
    }
}

/// A policy-value network of one game, ready to evaluate (shared by threads: `&self`).
pub struct Network {
    /// The plan for any batch size (the batch a symbol).
    plan: Arc<TypedSimplePlan>,
    /// The model with the batch as a symbol, from which plans for one batch size are made
    /// (the runtime picks faster kernels when it knows the size: 23% on a 2x256 MLP).
    model: TypedModel,
    batch: Symbol,
    sized: Mutex<HashMap<usize, Arc<TypedSimplePlan>>>,
    info: NetworkInfo,
    expectation: NetworkExpectation,
    /// The observation's dimensions as the network reads them (after the batch).
    obs_dims: Vec<usize>,
    /// Position of the observation and of the players among the model's inputs.
    obs_input: usize,
    players_input: Option<(usize, DatumType)>,
    /// salon's own kernel, where the graph is a plain MLP and the runtime allows it.
    dense: Option<DenseMlp>,
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Network").field("info", &self.info).finish()
    }
}

/// The message of a panic caught inside the runtime.
fn panic_message(payload: Box<dyn std::any::Any + Send>) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown failure".into())
}

fn runtime_error(what: &str, e: impl std::fmt::Display) -> SalonError {
    let text = format!("{e:#}");
    let text: String = if text.chars().count() > 400 {
        text.chars().take(397).chain("...".chars()).collect()
    } else {
        text
    };
    SalonError::network(format!("{what}: {text}"))
}

impl Network {
    /// Loads an ONNX file's bytes as a network of the game `expectation` describes.
    pub fn load(bytes: &[u8], expectation: &NetworkExpectation) -> SalonResult<Network> {
        Network::load_with(bytes, expectation, Runtime::Auto)
    }

    /// Loads with the given runtime (`Runtime::Auto` is what `load` does).
    pub fn load_with(
        bytes: &[u8],
        expectation: &NetworkExpectation,
        runtime: Runtime,
    ) -> SalonResult<Network> {
        if bytes.len() > MAX_NETWORK_BYTES {
            return Err(SalonError::network(format!(
                "the file is {} bytes, more than the {MAX_NETWORK_BYTES} a network may have",
                bytes.len()
            )));
        }
        if bytes.is_empty() {
            return Err(SalonError::network("the file is empty"));
        }
        match catch_unwind(AssertUnwindSafe(|| {
            load_checked(bytes, expectation, runtime)
        })) {
            Ok(result) => result,
            Err(payload) => Err(SalonError::network(format!(
                "the runtime could not read this model: {}",
                panic_message(payload)
            ))),
        }
    }

    pub fn info(&self) -> &NetworkInfo {
        &self.info
    }

    pub fn expectation(&self) -> &NetworkExpectation {
        &self.expectation
    }

    /// `"dense"` (salon's kernel) or `"tract"`: what evaluates this network.
    pub fn runtime(&self) -> &'static str {
        if self.dense.is_some() {
            "dense"
        } else {
            "tract"
        }
    }

    /// The instruction set the dense kernel uses (`avx512`, `avx2`, `portable`), if it runs.
    pub fn kernel(&self) -> Option<&'static str> {
        self.dense.as_ref().map(DenseMlp::kernel_name)
    }

    /// Runs the network on `rows` observations; writes the logits and the values by seat.
    pub fn evaluate_rows(
        &self,
        rows: usize,
        observations: &[f32],
        players: &[i32],
        logits: &mut [f32],
        values: &mut [f32],
    ) -> SalonResult<()> {
        self.evaluate_shared(None, rows, observations, players, logits, values)
    }

    /// Evaluates, sharing the rows out between the calling thread and `pool`'s (the dense
    /// kernel only: each row's result is the same whichever thread computes it).
    pub fn evaluate_shared(
        &self,
        pool: Option<&rayon::ThreadPool>,
        rows: usize,
        observations: &[f32],
        players: &[i32],
        logits: &mut [f32],
        values: &mut [f32],
    ) -> SalonResult<()> {
        let e = &self.expectation;
        let (o, a, p) = (e.observation_size(), e.num_actions, e.num_players);
        if observations.len() != rows * o
            || players.len() != rows
            || logits.len() != rows * a
            || values.len() != rows * p
        {
            return Err(SalonError::param(
                "observations",
                format!("{rows} rows of {o} floats, with {rows} players, are needed"),
            ));
        }
        if let Some(&bad) = players.iter().find(|&&s| s < 0 || s as usize >= p) {
            return Err(SalonError::InvalidPlayer {
                player: bad.into(),
                num_players: p,
            });
        }
        if rows == 0 {
            return Ok(());
        }
        if let Some(dense) = &self.dense {
            if p > salon_core::MAX_PLAYERS {
                return Err(SalonError::network(format!(
                    "{p} players are more than salon's {}",
                    salon_core::MAX_PLAYERS
                )));
            }
            let run = || match pool {
                Some(pool) if rows >= 2 * MIN_SHARED_ROWS => {
                    let threads = pool.current_num_threads() + 1;
                    let share = rows.div_ceil(threads).next_multiple_of(MIN_SHARED_ROWS / 2);
                    let parts = observations
                        .chunks(share * o)
                        .zip(logits.chunks_mut(share * a))
                        .zip(values.chunks_mut(share * p));
                    pool.in_place_scope(|scope| {
                        let mut parts = parts.map(|((x, l), v)| (x.len() / o, x, l, v));
                        let mine = parts.next();
                        for (n, x, l, v) in parts {
                            scope.spawn(move |_| dense.evaluate(n, x, l, v));
                        }
                        if let Some((n, x, l, v)) = mine {
                            dense.evaluate(n, x, l, v);
                        }
                    });
                }
                _ => dense.evaluate(rows, observations, logits, values),
            };
            if let Err(payload) = catch_unwind(AssertUnwindSafe(run)) {
                return Err(SalonError::network(format!(
                    "the dense kernel failed: {}",
                    panic_message(payload)
                )));
            }
            return self.finish(players, logits, values);
        }
        let outputs = match catch_unwind(AssertUnwindSafe(|| self.run(rows, observations, players)))
        {
            Ok(r) => r?,
            Err(payload) => {
                return Err(SalonError::network(format!(
                    "the runtime failed: {}",
                    panic_message(payload)
                )))
            }
        };
        let (l, v) = (&outputs[0], &outputs[1]);
        let (l, v) = (
            l.try_as_plain_ram()
                .map_err(|e| runtime_error("logits", e))?,
            v.try_as_plain_ram()
                .map_err(|e| runtime_error("values", e))?,
        );
        let l = l
            .as_slice::<f32>()
            .map_err(|e| runtime_error("logits", e))?;
        let v = v
            .as_slice::<f32>()
            .map_err(|e| runtime_error("values", e))?;
        if l.len() != rows * a || v.len() != rows * p {
            return Err(SalonError::network(format!(
                "for {rows} rows the network gave {} logits and {} values, not {} and {}",
                l.len(),
                v.len(),
                rows * a,
                rows * p
            )));
        }
        logits.copy_from_slice(l);
        values.copy_from_slice(v);
        self.finish(players, logits, values)
    }

    /// Checks the outputs and turns the values into seat order.
    fn finish(&self, players: &[i32], logits: &[f32], values: &mut [f32]) -> SalonResult<()> {
        // Folds rather than `any`, so that the loops vectorize.
        if logits
            .iter()
            .fold(false, |bad, x| bad | x.is_nan() | (*x == f32::INFINITY))
        {
            return Err(SalonError::network("the network's logits hold NaN or +inf"));
        }
        if !values.iter().fold(true, |ok, x| ok & x.is_finite()) {
            return Err(SalonError::network(
                "the network's values hold NaN or infinities",
            ));
        }
        let p = self.expectation.num_players;
        match self.info.value_frame {
            ValueFrame::Seat => {}
            ValueFrame::Mover => {
                let mut from = [0.0f32; salon_core::MAX_PLAYERS];
                for (row, &mover) in players.iter().enumerate() {
                    let to = &mut values[row * p..(row + 1) * p];
                    from[..p].copy_from_slice(to);
                    for (k, &x) in from[..p].iter().enumerate() {
                        to[(mover as usize + k) % p] = x;
                    }
                }
            }
        }
        Ok(())
    }

    /// The plan for `rows` rows, made once per planned size (the symbolic plan if making
    /// one fails); and the rows it takes.
    fn plan_for(&self, rows: usize) -> (Arc<TypedSimplePlan>, usize) {
        let size = planned_rows(rows);
        let Ok(mut sized) = self.sized.lock() else {
            return (Arc::clone(&self.plan), rows);
        };
        if let Some(p) = sized.get(&size) {
            return (Arc::clone(p), size);
        }
        let mut subs = HashMap::new();
        subs.insert(self.batch.clone(), (size as i64).to_dim());
        let made = self
            .model
            .set_symbols(&subs)
            .and_then(|m| m.into_optimized())
            .and_then(|m| m.into_runnable());
        match made {
            Ok(plan) => {
                if sized.len() >= MAX_SIZED_PLANS {
                    sized.clear();
                }
                sized.insert(size, Arc::clone(&plan));
                (plan, size)
            }
            Err(_) => (Arc::clone(&self.plan), rows),
        }
    }

    fn run(&self, rows: usize, observations: &[f32], players: &[i32]) -> SalonResult<TVec<TValue>> {
        let (plan, size) = self.plan_for(rows);
        let mut shape = Vec::with_capacity(1 + self.obs_dims.len());
        shape.push(size);
        shape.extend_from_slice(&self.obs_dims);
        let obs = if size == rows {
            Tensor::from_shape(&shape, observations)
        } else {
            let mut padded = vec![0.0f32; size * self.expectation.observation_size()];
            padded[..observations.len()].copy_from_slice(observations);
            Tensor::from_shape(&shape, &padded)
        }
        .map_err(|e| runtime_error("observations", e))?;
        let mut seats = players.to_vec();
        seats.resize(size, 0);
        let players = &seats[..];
        let mut inputs: Vec<Option<TValue>> =
            vec![None; 1 + usize::from(self.players_input.is_some())];
        inputs[self.obs_input] = Some(obs.into());
        if let Some((at, dt)) = self.players_input {
            let t = if dt == DatumType::I64 {
                let wide: Vec<i64> = players.iter().map(|&x| x.into()).collect();
                Tensor::from_shape(&[size], &wide)
            } else {
                Tensor::from_shape(&[size], players)
            };
            inputs[at] = Some(t.map_err(|e| runtime_error("players", e))?.into());
        }
        let inputs: TVec<TValue> = inputs.into_iter().flatten().collect();
        let mut out = plan
            .run(inputs)
            .map_err(|e| runtime_error("the network failed", e))?;
        if size != rows {
            for v in out.iter_mut() {
                let t = v
                    .clone()
                    .into_tensor()
                    .slice(0, 0, rows)
                    .map_err(|e| runtime_error("outputs", e))?;
                *v = t.into();
            }
        }
        Ok(out)
    }
}

impl Evaluator for Network {
    fn evaluate(
        &self,
        rows: usize,
        observations: &[f32],
        players: &[i32],
        logits: &mut [f32],
        values: &mut [f32],
    ) -> SalonResult<()> {
        self.evaluate_rows(rows, observations, players, logits, values)
    }

    fn evaluate_on(
        &self,
        pool: Option<&rayon::ThreadPool>,
        rows: usize,
        observations: &[f32],
        players: &[i32],
        logits: &mut [f32],
        values: &mut [f32],
    ) -> SalonResult<()> {
        self.evaluate_shared(pool, rows, observations, players, logits, values)
    }
}

/// The declared element type and dimensions of a graph input or output (`None` for a
/// dimension given by name or not at all).
fn declared(v: &ValueInfoProto) -> (i32, Option<Vec<Option<i64>>>) {
    use tract_onnx::pb::tensor_shape_proto::dimension::Value;
    match v.r#type.as_ref().and_then(|t| t.value.as_ref()) {
        Some(type_proto::Value::TensorType(t)) => {
            let dims = t.shape.as_ref().map(|s| {
                s.dim
                    .iter()
                    .map(|d| match d.value {
                        Some(Value::DimValue(x)) => Some(x),
                        _ => None,
                    })
                    .collect()
            });
            (t.elem_type, dims)
        }
        None => (0, None),
    }
}

/// Finds the input or output called `name`, or else the one at `position`.
fn by_name_or_position<'a>(
    items: &[&'a ValueInfoProto],
    name: &str,
    position: usize,
) -> Option<(usize, &'a ValueInfoProto)> {
    items
        .iter()
        .position(|v| v.name == name)
        .or((position < items.len()).then_some(position))
        .map(|i| (i, items[i]))
}

fn metadata(model: &ModelProto) -> Vec<(String, String)> {
    model
        .metadata_props
        .iter()
        .map(|e| (e.key.clone(), e.value.clone()))
        .collect()
}

fn load_checked(
    bytes: &[u8],
    expectation: &NetworkExpectation,
    runtime: Runtime,
) -> SalonResult<Network> {
    let onnx = tract_onnx::onnx();
    let proto = onnx
        .proto_model_for_read(&mut &bytes[..])
        .map_err(|e| runtime_error("the file is not an ONNX model", e))?;
    let supported: HashSet<String> = onnx.op_register.0.keys().cloned().collect();
    screen(&proto, &supported)?;
    let graph: &GraphProto = proto
        .graph
        .as_ref()
        .ok_or_else(|| SalonError::network("the file holds no graph"))?;
    let meta = metadata(&proto);
    let get = |key: &str| meta.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str());
    if let Some(g) = get("salon.game") {
        if g != expectation.game {
            return Err(SalonError::network(format!(
                "this is a network of {:?}, not of {}",
                shown(g),
                expectation.game
            )));
        }
    }
    if let Some(n) = get("salon.players") {
        if n.trim().parse::<usize>().ok() != Some(expectation.num_players) {
            return Err(SalonError::network(format!(
                "this network is for {:?} players, the game has {}",
                shown(n),
                expectation.num_players
            )));
        }
    }
    let value_frame = get("salon.value_frame")
        .map(ValueFrame::from_name)
        .transpose()?
        .unwrap_or(ValueFrame::Seat);
    let rollout_mix = get("salon.rollout_mix")
        .map(|text| match text.trim().parse::<f32>() {
            Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
            _ => Err(SalonError::network(format!(
                "salon.rollout_mix must be a number from 0 to 1, not {:?}",
                shown(text)
            ))),
        })
        .transpose()?;
    let whole_number = |key: &str, max: u32| {
        get(key)
            .map(|text| match text.trim().parse::<u32>() {
                Ok(n) if (1..=max).contains(&n) => Ok(n),
                _ => Err(SalonError::network(format!(
                    "{key} must be a whole number from 1 to {max}, not {:?}",
                    shown(text)
                ))),
            })
            .transpose()
    };
    let max_considered_actions =
        whole_number("salon.max_considered_actions", salon_search::MAX_CONSIDERED)?;
    let gumbel_constant = |key: &str| {
        get(key)
            .map(|text| match text.trim().parse::<f32>() {
                Ok(x) if x.is_finite() && (0.0..=1e6).contains(&x) => Ok(x),
                _ => Err(SalonError::network(format!(
                    "{key} must be a number from 0 to 1e6, not {:?}",
                    shown(text)
                ))),
            })
            .transpose()
    };
    let c_visit = gumbel_constant("salon.c_visit")?;
    let c_scale = gumbel_constant("salon.c_scale")?;
    let rollouts_per_leaf = whole_number(
        "salon.rollouts_per_leaf",
        salon_search::MAX_ROLLOUTS_PER_LEAF,
    )?;

    // Inputs: the observation, and optionally the seat to move.
    let inputs = real_inputs(graph);
    if inputs.len() > 2 {
        let names: Vec<String> = inputs.iter().map(|v| shown(&v.name)).collect();
        return Err(SalonError::network(format!(
            "the model has inputs {names:?}; a network takes obs and, optionally, players"
        )));
    }
    let (obs_input, obs_info) = by_name_or_position(&inputs, "obs", 0)
        .ok_or_else(|| SalonError::network("the model has no input"))?;
    let players_input = (inputs.len() == 2).then(|| 1 - obs_input);
    let (obs_type, obs_declared) = declared(obs_info);
    if obs_type != 0 && obs_type != 1 {
        return Err(SalonError::network(format!(
            "input {:?} must be float32 (ONNX type 1), it is type {obs_type}",
            shown(&obs_info.name)
        )));
    }
    let full: Vec<usize> = expectation.observation_shape.clone();
    let obs_dims = match obs_declared {
        None => full.clone(),
        Some(d) => {
            let fits = |want: &[usize]| {
                d.len() == want.len() + 1
                    && d[1..]
                        .iter()
                        .zip(want)
                        .all(|(g, &w)| g.is_none_or(|g| g == w as i64))
            };
            let flat = [expectation.observation_size()];
            if fits(&full) {
                full.clone()
            } else if fits(&flat) {
                flat.to_vec()
            } else {
                let shown_dims: Vec<String> = d
                    .iter()
                    .map(|x| x.map_or("?".into(), |x| x.to_string()))
                    .collect();
                return Err(SalonError::network(format!(
                    "input {:?} has shape [{}]; {} needs [N, {}] (or the flat [N, {}])",
                    shown(&obs_info.name),
                    shown_dims.join(", "),
                    expectation.game,
                    full.iter()
                        .map(|x| x.to_string())
                        .collect::<Vec<_>>()
                        .join(", "),
                    expectation.observation_size()
                )));
            }
        }
    };
    let players_dt = match players_input {
        None => None,
        Some(i) => {
            let (t, dims) = declared(inputs[i]);
            if let Some(d) = dims {
                if d.len() != 1 {
                    return Err(SalonError::network(format!(
                        "input {:?} (the seat to move) must have shape [N]",
                        shown(&inputs[i].name)
                    )));
                }
            }
            Some(match t {
                0 | 6 => DatumType::I32,
                7 => DatumType::I64,
                other => {
                    return Err(SalonError::network(format!(
                        "input {:?} (the seat to move) must be int32, it is ONNX type {other}",
                        shown(&inputs[i].name)
                    )))
                }
            })
        }
    };

    // Outputs: logits and values.
    let outputs: Vec<&ValueInfoProto> = graph.output.iter().collect();
    if outputs.len() < 2 {
        return Err(SalonError::network(
            "the model has one output; a network gives logits and values",
        ));
    }
    let (logits_at, _) = by_name_or_position(&outputs, "logits", 0)
        .ok_or_else(|| SalonError::network("no logits output"))?;
    let (values_at, _) = by_name_or_position(&outputs, "values", 1)
        .ok_or_else(|| SalonError::network("no values output"))?;
    if logits_at == values_at {
        return Err(SalonError::network(
            "the logits and the values are the same output",
        ));
    }

    let mut model = onnx
        .model_for_proto_model(&proto)
        .map_err(|e| runtime_error("the runtime could not read the model", e))?;
    let n = model.symbols.sym("N");
    let mut obs_shape: Vec<TDim> = vec![n.to_dim()];
    obs_shape.extend(obs_dims.iter().map(|&d| d.to_dim()));
    let model_inputs = model
        .input_outlets()
        .map_err(|e| runtime_error("inputs", e))?
        .to_vec();
    if model_inputs.len() != inputs.len() {
        return Err(SalonError::network(format!(
            "the runtime sees {} inputs, the file lists {}",
            model_inputs.len(),
            inputs.len()
        )));
    }
    model
        .set_input_fact(
            obs_input,
            InferenceFact::dt_shape(DatumType::F32, obs_shape),
        )
        .map_err(|e| runtime_error("the observation input", e))?;
    if let (Some(i), Some(dt)) = (players_input, players_dt) {
        model
            .set_input_fact(i, InferenceFact::dt_shape(dt, vec![n.to_dim()]))
            .map_err(|e| runtime_error("the players input", e))?;
    }
    let model_outputs = model
        .output_outlets()
        .map_err(|e| runtime_error("outputs", e))?
        .to_vec();
    let chosen = [model_outputs[logits_at], model_outputs[values_at]];
    model
        .select_output_outlets(&chosen)
        .map_err(|e| runtime_error("outputs", e))?;
    let decluttered = model
        .into_typed()
        .and_then(|m| m.into_decluttered())
        .map_err(|e| runtime_error("the model does not fit these inputs", e))?;
    let typed = decluttered
        .clone()
        .into_optimized()
        .map_err(|e| runtime_error("the model does not fit these inputs", e))?;

    // Shapes: the outputs, and every value bounded for one row of the batch.
    let one = SymbolValues::default().with(&n, 1);
    let want = [
        ("logits", expectation.num_actions),
        ("values", expectation.num_players),
    ];
    for (k, (what, width)) in want.iter().enumerate() {
        let outlet = typed
            .output_outlets()
            .map_err(|e| runtime_error("outputs", e))?[k];
        let fact = typed
            .outlet_fact(outlet)
            .map_err(|e| runtime_error("outputs", e))?;
        if fact.datum_type != DatumType::F32 {
            return Err(SalonError::network(format!(
                "the {what} must be float32, they are {:?}",
                fact.datum_type
            )));
        }
        let dims: Vec<TDim> = fact.shape.iter().cloned().collect();
        let ok = dims.len() == 2 && dims[0] == n.to_dim() && dims[1] == width.to_dim();
        if !ok {
            let shown_dims: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
            return Err(SalonError::network(format!(
                "the {what} have shape [{}]; {} needs [N, {width}]",
                shown_dims.join(", "),
                expectation.game
            )));
        }
    }
    for node in typed.nodes() {
        for output in &node.outputs {
            let mut elements: i64 = 1;
            for d in output.fact.shape.iter() {
                let v = d.eval(&one).to_i64().map_err(|_| {
                    SalonError::network(format!(
                        "the size of {:?} is not fixed by the batch size",
                        shown(&node.name)
                    ))
                })?;
                elements = elements.saturating_mul(v.max(0));
            }
            if elements > MAX_ROW_ELEMENTS {
                return Err(SalonError::network(format!(
                    "{:?} has {elements} elements per row, more than {MAX_ROW_ELEMENTS}",
                    shown(&node.name)
                )));
            }
        }
    }
    let plan = typed
        .into_runnable()
        .map_err(|e| runtime_error("the runtime could not plan the model", e))?;

    let parameters = graph
        .initializer
        .iter()
        .map(|t| t.dims.iter().map(|&d| d.max(0) as u64).product::<u64>())
        .sum();
    let sha256 = Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let info = NetworkInfo {
        game: expectation.game.clone(),
        value_frame,
        rollout_mix,
        max_considered_actions,
        c_visit,
        c_scale,
        rollouts_per_leaf,
        takes_players: players_input.is_some(),
        parameters,
        sha256,
        metadata: meta.clone(),
        producer: shown(&proto.producer_name),
    };
    let dense = match runtime {
        Runtime::Tract => None,
        Runtime::Auto | Runtime::Dense => {
            let read = players_input.is_none().then(|| {
                DenseMlp::read(
                    graph,
                    &obs_info.name,
                    obs_dims.len() == 1,
                    &outputs[logits_at].name,
                    &outputs[values_at].name,
                    expectation,
                )
            });
            match read.flatten() {
                Some(d) => Some(d),
                None if runtime == Runtime::Dense => {
                    return Err(SalonError::network(
                        "runtime \"dense\" reads only a plain MLP (dense layers with ReLU, a policy and a value head, no players input); load this model with runtime \"tract\"",
                    ))
                }
                None => None,
            }
        }
    };
    let mut network = Network {
        plan,
        model: decluttered,
        batch: n,
        sized: Mutex::new(HashMap::new()),
        info,
        expectation: expectation.clone(),
        obs_dims,
        obs_input,
        players_input: players_input.zip(players_dt),
        dense: None,
    };
    if let Some(dense) = dense {
        agrees_with_tract(&network, &dense)?;
        network.dense = Some(dense);
    }
    // A trial batch of two rows: the model runs and gives usable outputs.
    let (o, a, p) = (
        expectation.observation_size(),
        expectation.num_actions,
        expectation.num_players,
    );
    let (mut l, mut v) = (vec![0.0f32; 2 * a], vec![0.0f32; 2 * p]);
    network
        .evaluate_rows(2, &vec![0.0; 2 * o], &[0, (p > 1) as i32], &mut l, &mut v)
        .map_err(|e| {
            SalonError::network(format!(
                "a trial evaluation failed: {}",
                e.to_string().trim_start_matches("network: ")
            ))
        })?;
    Ok(network)
}

/// Checks salon's reading of a dense graph against `tract` on a few made-up observations: a
/// graph the reading got wrong is refused rather than evaluated differently.
fn agrees_with_tract(network: &Network, dense: &DenseMlp) -> SalonResult<()> {
    let e = &network.expectation;
    let (o, a, p) = (e.observation_size(), e.num_actions, e.num_players);
    let rows = 5;
    let mut seed = 0x5a10_u64;
    let obs: Vec<f32> = (0..rows * o)
        .map(|_| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 40) as f32 / (1u64 << 24) as f32
        })
        .collect();
    let players: Vec<i32> = (0..rows).map(|r| (r % p) as i32).collect();
    let (mut l1, mut v1) = (vec![0.0f32; rows * a], vec![0.0f32; rows * p]);
    network.evaluate_rows(rows, &obs, &players, &mut l1, &mut v1)?;
    let (mut l2, mut v2) = (vec![0.0f32; rows * a], vec![0.0f32; rows * p]);
    dense.evaluate(rows, &obs, &mut l2, &mut v2);
    network.finish(&players, &l2, &mut v2)?;
    let close = |x: &[f32], y: &[f32]| {
        x.iter()
            .zip(y)
            .all(|(a, b)| (a - b).abs() <= 1e-3 * (1.0 + a.abs().max(b.abs())))
    };
    if close(&l1, &l2) && close(&v1, &v2) {
        Ok(())
    } else {
        Err(SalonError::network(
            "salon's dense kernel and tract disagree on this model; load it with runtime \"tract\"",
        ))
    }
}
