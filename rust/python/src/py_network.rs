use std::sync::Arc;

use numpy::{PyArray1, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyTuple};
use salon_engine::salon_network::{Network as CoreNetwork, Runtime, MAX_NETWORK_BYTES};

use crate::convert::param_error;
use crate::errors::{IntoPyResult, NetworkError};
use crate::gil::without_gil;
use crate::handles::Game;

/// A policy-value network in ONNX, checked against its game when it loads and evaluated
/// natively (in Rust, the GIL released) inside `BatchedSearch` and `Bot("network")`.
///
/// `Network.load(source, game)`: `source` is a path or the file's bytes. The model reads
/// `obs` `float32[N, *observation_tensor_shape]` (or the flat `[N, size]`) and optionally
/// `players` `int32[N]`, and writes `logits[N, num_distinct_actions]` and
/// `values[N, num_players]` (win shares, by seat, or in the mover's frame when its metadata
/// says `salon.value_frame = mover`). Anything else raises `NetworkError` naming the problem.
#[pyclass(module = "salon", name = "Network", frozen)]
pub struct Network {
    pub(crate) inner: Arc<CoreNetwork>,
    pub(crate) game: Py<Game>,
    /// The file, kept for pickling (Ray workers, processes).
    bytes: Arc<Vec<u8>>,
    /// The runtime asked for, kept for pickling.
    runtime: Runtime,
}

/// A game argument: a `salon.Game` or a game string.
pub(crate) fn game_arg(py: Python<'_>, game: &Bound<'_, PyAny>) -> PyResult<Py<Game>> {
    if let Ok(g) = game.cast::<Game>() {
        return Ok(g.clone().unbind());
    }
    if let Ok(name) = game.extract::<String>() {
        return Py::new(py, crate::py_game::load_game(&name, None, None)?);
    }
    Err(param_error(format!(
        "invalid parameter \"game\": a salon.Game or a game name, got {}",
        game.get_type().name()?
    )))
}

/// The bytes of a network source: bytes-like, or a path to read.
fn source_bytes(source: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if let Ok(b) = source.cast::<PyBytes>() {
        return Ok(b.as_bytes().to_vec());
    }
    if let Ok(b) = source.cast::<PyByteArray>() {
        return Ok(b.to_vec());
    }
    if source.hasattr("tobytes")? && !source.is_instance_of::<pyo3::types::PyString>() {
        if let Ok(b) = source
            .call_method0("tobytes")
            .and_then(|b| b.extract::<Vec<u8>>())
        {
            return Ok(b);
        }
    }
    let path = source
        .py()
        .import("os")?
        .call_method1("fspath", (source,))
        .and_then(|p| p.extract::<std::path::PathBuf>())
        .map_err(|_| {
            param_error(format!(
                "invalid parameter \"source\": a path or the file's bytes, got {}",
                source
                    .get_type()
                    .name()
                    .map(|n| n.to_string())
                    .unwrap_or_default()
            ))
        })?;
    let shown = path.display().to_string();
    let meta = std::fs::metadata(&path)
        .map_err(|e| NetworkError::new_err(format!("network: cannot read {shown:?}: {e}")))?;
    if !meta.is_file() {
        return Err(NetworkError::new_err(format!(
            "network: {shown:?} is not a file"
        )));
    }
    if meta.len() > MAX_NETWORK_BYTES as u64 {
        return Err(NetworkError::new_err(format!(
            "network: {shown:?} is {} bytes, more than {MAX_NETWORK_BYTES}",
            meta.len()
        )));
    }
    std::fs::read(&path)
        .map_err(|e| NetworkError::new_err(format!("network: cannot read {shown:?}: {e}")))
}

#[pymethods]
impl Network {
    /// Loads a network of `game` from a path or from the file's bytes. `runtime`: `"auto"`
    /// (salon's dense kernel for a plain MLP, checked against tract on load; tract for any
    /// other graph), `"tract"`, or `"dense"` (a graph that is not a plain MLP is refused).
    #[staticmethod]
    #[pyo3(signature = (source, game, runtime="auto"))]
    fn load(
        py: Python<'_>,
        source: &Bound<'_, PyAny>,
        game: &Bound<'_, PyAny>,
        runtime: &str,
    ) -> PyResult<Network> {
        let runtime = Runtime::from_name(runtime).py()?;
        let game = game_arg(py, game)?;
        let bytes = source_bytes(source)?;
        let any_game = game.get().inner.clone();
        let inner = without_gil(py, || any_game.load_network_with(&bytes, runtime)).py()?;
        Ok(Network {
            inner,
            game,
            bytes: Arc::new(bytes),
            runtime,
        })
    }

    /// `"dense"` (salon's kernel) or `"tract"`: what evaluates this network.
    #[getter]
    fn runtime(&self) -> &'static str {
        self.inner.runtime()
    }

    #[getter]
    fn game(&self, py: Python<'_>) -> Py<Game> {
        self.game.clone_ref(py)
    }

    /// `"seat"` or `"mover"`: the frame of the model's value output.
    #[getter]
    fn value_frame(&self) -> &'static str {
        self.inner.info().value_frame.name()
    }

    /// Whether the model reads the seat to move (`players`) besides the observation.
    #[getter]
    fn takes_players(&self) -> bool {
        self.inner.info().takes_players
    }

    /// The number of weights (elements of the model's initializers).
    #[getter]
    fn parameters(&self) -> u64 {
        self.inner.info().parameters
    }

    /// The SHA-256 of the file, in hex.
    #[getter]
    fn sha256(&self) -> String {
        self.inner.info().sha256.clone()
    }

    /// The file's metadata (ONNX `metadata_props`).
    #[getter]
    fn metadata<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in &self.inner.info().metadata {
            d.set_item(k, v)?;
        }
        Ok(d)
    }

    /// The file's bytes (what `load` read).
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.bytes)
    }

    /// Runs the network on `obs` (`float32[N, *observation_tensor_shape]`) with the seat to
    /// move of each row (`players`, int[N]; all 0 when not given) and returns `(logits
    /// float32[N, A], values float32[N, num_players])`, the values by seat.
    #[pyo3(signature = (obs, players=None))]
    fn evaluate<'py>(
        &self,
        py: Python<'py>,
        obs: &Bound<'py, PyAny>,
        players: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let e = self.inner.expectation();
        let (o, a, p) = (e.observation_size(), e.num_actions, e.num_players);
        let numpy = py.import("numpy")?;
        let x = numpy
            .call_method1("ascontiguousarray", (obs, "float32"))
            .map_err(|err| {
                param_error(format!(
                    "invalid parameter \"obs\": an array of floats: {err}"
                ))
            })?;
        let x = x
            .cast_into::<numpy::PyArrayDyn<f32>>()
            .map_err(|err| param_error(format!("invalid parameter \"obs\": {err}")))?;
        let shape = x.shape().to_vec();
        let rows = shape.first().copied().unwrap_or(0);
        if shape.is_empty()
            || shape[1..].iter().product::<usize>() != o
            || (shape.len() != 2 && shape[1..] != e.observation_shape[..])
        {
            return Err(param_error(format!(
                "invalid parameter \"obs\": shape (N, {}) or (N, {o}) is needed, got {shape:?}",
                e.observation_shape
                    .iter()
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        let seats: Vec<i32> = match players {
            Some(v) if !v.is_none() => {
                let s = numpy.call_method1("asarray", (v,))?;
                let kind: String = s.getattr("dtype")?.getattr("kind")?.extract()?;
                if kind != "i" && kind != "u" {
                    return Err(param_error(
                        "invalid parameter \"players\": an array of ints".into(),
                    ));
                }
                let s: Vec<i64> = s.call_method0("ravel")?.call_method0("tolist")?.extract()?;
                if s.len() != rows {
                    return Err(param_error(format!(
                        "invalid parameter \"players\": {rows} seats are needed, got {}",
                        s.len()
                    )));
                }
                s.iter()
                    .map(|&v| {
                        i32::try_from(v).map_err(|_| {
                            crate::errors::InvalidPlayerError::new_err(format!(
                                "player {v} is out of range"
                            ))
                        })
                    })
                    .collect::<PyResult<_>>()?
            }
            _ => vec![0; rows],
        };
        let readonly = x.readonly();
        let data = readonly.as_slice()?;
        let mut logits = vec![0.0f32; rows * a];
        let mut values = vec![0.0f32; rows * p];
        let net = &self.inner;
        without_gil(py, || {
            net.evaluate_rows(rows, data, &seats, &mut logits, &mut values)
        })
        .py()?;
        let l = PyArray1::from_vec(py, logits).reshape([rows, a])?;
        let v = PyArray1::from_vec(py, values).reshape([rows, p])?;
        PyTuple::new(py, [l.into_any(), v.into_any()])
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.get();
        let load = py.get_type::<Network>().getattr("load")?;
        let runtime = match this.runtime {
            Runtime::Auto => "auto",
            Runtime::Tract => "tract",
            Runtime::Dense => "dense",
        };
        let args = PyTuple::new(
            py,
            [
                PyBytes::new(py, &this.bytes).into_any(),
                this.game.bind(py).clone().into_any(),
                runtime.into_pyobject(py)?.into_any(),
            ],
        )?;
        PyTuple::new(py, [load, args.into_any()])
    }

    fn __repr__(&self) -> String {
        let info = self.inner.info();
        format!(
            "<Network of {} ({} weights, values by {}{}, runtime {}), sha256 {}>",
            self.game.get().inner.spec_string(),
            info.parameters,
            info.value_frame.name(),
            if info.takes_players {
                ", reads players"
            } else {
                ""
            },
            match self.inner.kernel() {
                Some(k) => format!("dense/{k}"),
                None => "tract".into(),
            },
            &info.sha256[..12]
        )
    }
}
