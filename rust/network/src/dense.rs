//! The native fast path for the networks salon trains and most users bring: a stack of dense
//! layers with ReLU, a policy head and a value head (optionally softmaxed), read from the ONNX
//! graph and evaluated by salon's own kernel. Any other graph runs on `tract`.
//!
//! Why a kernel of our own: at the batch sizes of a search (1 to a few hundred rows), the
//! general runtime spends as long around its matrix products as in them, and was slower than
//! numpy on the same MLP (0.86x at 256 rows, 2026-12-02). Here the weights are packed once
//! into panels the width of the machine's vector registers, the two heads are one product, and
//! no allocation happens per call.
//!
//! Every output is `bias + sum_k x_k w_k` accumulated in the order of `k` with fused
//! multiply-adds, whatever kernel runs it (AVX-512, AVX2 or portable), so the results are
//! bit-identical on every machine.
//!
//! Why the first layer has a second loop: salon's observations are mostly one-hot planes (3-14%
//! of the inputs are non-zero), and the first layer holds most of the multiply-adds. When few
//! inputs are non-zero, each row adds up the weight rows of its non-zero inputs only, in the
//! order of `k`. A zero input adds exactly nothing (`fma(0, w, acc) == acc` for the finite
//! weights the reader accepts; at most the sign of an exact zero differs, which no comparison
//! or softmax sees), so both loops give the same values.

use std::cell::RefCell;
use std::collections::HashMap;

use half::f16;
use tract_onnx::pb::{GraphProto, NodeProto, TensorProto};

use crate::expectation::NetworkExpectation;

/// Rows evaluated together by the kernel (their inputs interleaved).
const ROWS: usize = 4;

/// The widest lane set any kernel uses; panels are packed for the detected one.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Kernel {
    #[cfg(target_arch = "x86_64")]
    Avx512,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    Portable,
}

impl Kernel {
    fn detect() -> Kernel {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx512f") {
                return Kernel::Avx512;
            }
            if std::arch::is_x86_feature_detected!("avx2")
                && std::arch::is_x86_feature_detected!("fma")
            {
                return Kernel::Avx2;
            }
        }
        Kernel::Portable
    }

    /// Output columns per panel.
    fn lanes(self) -> usize {
        match self {
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => 32,
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => 16,
            Kernel::Portable => 8,
        }
    }
}

/// One dense layer, its weights packed in panels of `lanes` output columns:
/// `panels[(c * inputs + k) * lanes + j]` is the weight from input `k` to output `c * lanes + j`.
struct Layer {
    inputs: usize,
    /// The outputs rounded up to a whole number of panels (the extra columns are zero).
    padded: usize,
    panels: Vec<f32>,
    bias: Vec<f32>,
    relu: bool,
}

/// The first layer's weights again, row by row (`rows[k * padded + j]`: input `k` to output
/// `j`), for observations with few non-zero inputs.
struct SparseRows {
    rows: Vec<f32>,
}

impl SparseRows {
    /// Above this share of non-zero inputs the panels are faster (the row loop reads and
    /// writes its outputs once per non-zero input; the panels keep them in registers).
    const MOST_NON_ZERO: f32 = 0.3;
}

/// A multilayer perceptron read from an ONNX graph.
pub(crate) struct DenseMlp {
    kernel: Kernel,
    layers: Vec<Layer>,
    first_rows: SparseRows,
    /// Columns of the last layer: the logits, then the value logits.
    num_actions: usize,
    num_players: usize,
    softmax_values: bool,
}

/// A float tensor among the graph's initializers, as a row-major matrix or a vector.
struct Weights {
    dims: Vec<usize>,
    data: Vec<f32>,
}

const FLOAT: i32 = 1;
const FLOAT16: i32 = 10;

/// The weights of a `FLOAT` initializer, or of a `FLOAT16` one with `half` (widened exactly to
/// `f32`: a network stored at half precision computes as its `f32` twin would).
fn float_tensor(t: &TensorProto, half: bool) -> Option<Weights> {
    let data_type = if half { FLOAT16 } else { FLOAT };
    if t.data_type != data_type || t.data_location.unwrap_or(0) != 0 || t.segment.is_some() {
        return None;
    }
    let dims: Vec<usize> = t
        .dims
        .iter()
        .map(|&d| usize::try_from(d).ok())
        .collect::<Option<_>>()?;
    let count = dims.iter().try_fold(1usize, |n, &d| n.checked_mul(d))?;
    let width = if half { 2 } else { 4 };
    let data: Vec<f32> = if !t.raw_data.is_empty() {
        if t.raw_data.len() != count.checked_mul(width)? {
            return None;
        }
        if half {
            t.raw_data
                .chunks_exact(2)
                .map(|b| f16::from_le_bytes([b[0], b[1]]).to_f32())
                .collect()
        } else {
            t.raw_data
                .chunks_exact(4)
                .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect()
        }
    } else if half {
        // ONNX keeps unpacked half floats as the low 16 bits of int32_data.
        t.int32_data
            .iter()
            .map(|&v| {
                u16::try_from(v)
                    .ok()
                    .map(|bits| f16::from_bits(bits).to_f32())
            })
            .collect::<Option<_>>()?
    } else {
        t.float_data.clone()
    };
    (data.len() == count).then_some(Weights { dims, data })
}

/// What a value of the graph is, as far as the dense reading goes.
#[derive(Clone)]
enum Value {
    /// The observation, flat.
    Input,
    /// The observation still in its tensor shape (only `Flatten` may read it).
    ShapedInput,
    /// `x W + b` with `x` another value; `w` is `[inputs, outputs]`.
    Affine {
        from: String,
        w: usize,
        b: Option<usize>,
    },
    Relu(String),
    Softmax(String),
}

fn int_attribute(node: &NodeProto, name: &str) -> Option<i64> {
    node.attribute.iter().find(|a| a.name == name).map(|a| a.i)
}

fn float_attribute(node: &NodeProto, name: &str) -> Option<f32> {
    node.attribute.iter().find(|a| a.name == name).map(|a| a.f)
}

/// The shape of the graph: what each value is, and the weights the affine ones use.
struct Reading {
    values: HashMap<String, Value>,
    weights: Vec<Weights>,
    initializers: HashMap<String, usize>,
}

impl Reading {
    fn initializer(&mut self, graph: &GraphProto, name: &str) -> Option<usize> {
        if let Some(&i) = self.initializers.get(name) {
            return Some(i);
        }
        let t = graph.initializer.iter().find(|t| t.name == name)?;
        let w = float_tensor(t, false)?;
        self.weights.push(w);
        self.initializers
            .insert(name.to_string(), self.weights.len() - 1);
        Some(self.weights.len() - 1)
    }

    fn is_value(&self, name: &str) -> bool {
        self.values.contains_key(name)
    }

    /// Reads one node; `None` when it is not part of a dense network.
    fn node(&mut self, graph: &GraphProto, node: &NodeProto) -> Option<()> {
        if !node.domain.is_empty() && node.domain != "ai.onnx" {
            return None;
        }
        let [output] = &node.output[..] else {
            return None;
        };
        let input = |i: usize| {
            node.input
                .get(i)
                .map(String::as_str)
                .filter(|s| !s.is_empty())
        };
        let value = match node.op_type.as_str() {
            "Flatten" => {
                let from = input(0)?;
                let axis = int_attribute(node, "axis").unwrap_or(1);
                match self.values.get(from)? {
                    Value::Input | Value::ShapedInput if axis == 1 => Value::Input,
                    _ => return None,
                }
            }
            "Identity" => self.values.get(input(0)?)?.clone(),
            "Cast" => {
                // A weight kept at half precision in the file, widened for the products: the
                // product reads the widened weight under the Cast's output name.
                let source = input(0)?;
                if int_attribute(node, "to")? != i64::from(FLOAT)
                    || self.is_value(source)
                    || self.is_value(output)
                    || self.initializers.contains_key(output.as_str())
                {
                    return None;
                }
                let t = graph.initializer.iter().find(|t| t.name == source)?;
                let w = float_tensor(t, t.data_type == FLOAT16)?;
                self.weights.push(w);
                self.initializers
                    .insert(output.to_string(), self.weights.len() - 1);
                return Some(());
            }
            "Gemm" => {
                let trans_a = int_attribute(node, "transA").unwrap_or(0);
                let trans_b = int_attribute(node, "transB").unwrap_or(0);
                let alpha = float_attribute(node, "alpha").unwrap_or(1.0);
                let beta = float_attribute(node, "beta").unwrap_or(1.0);
                if trans_a != 0 || alpha != 1.0 || beta != 1.0 || node.input.len() > 3 {
                    return None;
                }
                let from = input(0)?;
                if !self.is_value(from) || matches!(self.values.get(from), Some(Value::ShapedInput))
                {
                    return None;
                }
                let w = self.initializer(graph, input(1)?)?;
                if self.weights[w].dims.len() != 2 {
                    return None;
                }
                if trans_b == 1 {
                    let w = self.transposed(w);
                    let b = match input(2) {
                        Some(name) => Some(self.initializer(graph, name)?),
                        None => None,
                    };
                    return self.define(
                        output,
                        Value::Affine {
                            from: from.into(),
                            w,
                            b,
                        },
                    );
                } else if trans_b != 0 {
                    return None;
                }
                let b = match input(2) {
                    Some(name) => Some(self.initializer(graph, name)?),
                    None => None,
                };
                Value::Affine {
                    from: from.into(),
                    w,
                    b,
                }
            }
            "MatMul" => {
                let from = input(0)?;
                if !self.is_value(from) || matches!(self.values.get(from), Some(Value::ShapedInput))
                {
                    return None;
                }
                let w = self.initializer(graph, input(1)?)?;
                if self.weights[w].dims.len() != 2 {
                    return None;
                }
                Value::Affine {
                    from: from.into(),
                    w,
                    b: None,
                }
            }
            "Add" => {
                let (a, b) = (input(0)?, input(1)?);
                let (x, bias) = if self.is_value(a) { (a, b) } else { (b, a) };
                let Some(Value::Affine { from, w, b: None }) = self.values.get(x).cloned() else {
                    return None;
                };
                let bias = self.initializer(graph, bias)?;
                Value::Affine {
                    from,
                    w,
                    b: Some(bias),
                }
            }
            "Relu" => {
                let from = input(0)?;
                matches!(self.values.get(from)?, Value::Affine { .. }).then_some(())?;
                Value::Relu(from.into())
            }
            "Softmax" => {
                let from = input(0)?;
                let axis = int_attribute(node, "axis").unwrap_or(-1);
                (axis == 1 || axis == -1).then_some(())?;
                matches!(self.values.get(from)?, Value::Affine { .. }).then_some(())?;
                Value::Softmax(from.into())
            }
            _ => return None,
        };
        self.define(output, value)
    }

    fn define(&mut self, name: &str, value: Value) -> Option<()> {
        // A name defined twice is not a well-formed graph; leave it to the runtime's checks.
        self.values
            .insert(name.to_string(), value)
            .is_none()
            .then_some(())
    }

    fn transposed(&mut self, w: usize) -> usize {
        let (rows, cols) = (self.weights[w].dims[0], self.weights[w].dims[1]);
        let data = &self.weights[w].data;
        let mut t = vec![0.0f32; rows * cols];
        for r in 0..rows {
            for c in 0..cols {
                t[c * rows + r] = data[r * cols + c];
            }
        }
        self.weights.push(Weights {
            dims: vec![cols, rows],
            data: t,
        });
        self.weights.len() - 1
    }

    /// The bias of an affine value as a vector of `outputs` (a `[outputs]` or `[1, outputs]` tensor).
    fn bias(&self, b: Option<usize>, outputs: usize) -> Option<Vec<f32>> {
        match b {
            None => Some(vec![0.0; outputs]),
            Some(b) => {
                let t = &self.weights[b];
                let fits = t.dims == [outputs] || t.dims == [1, outputs];
                fits.then(|| t.data.clone())
            }
        }
    }
}

/// One affine step of the chain, before packing: `[inputs, outputs]` weights and the bias.
struct Affine {
    inputs: usize,
    outputs: usize,
    w: Vec<f32>,
    b: Vec<f32>,
}

impl DenseMlp {
    /// Reads `graph` as a dense network from the observation input `obs` (`flat`: declared as
    /// `[N, size]`) to the `logits` and `values` outputs; `None` when it is anything else.
    pub(crate) fn read(
        graph: &GraphProto,
        obs: &str,
        flat: bool,
        logits: &str,
        values: &str,
        expectation: &NetworkExpectation,
    ) -> Option<DenseMlp> {
        let (observation_size, num_actions, num_players) = (
            expectation.observation_size(),
            expectation.num_actions,
            expectation.num_players,
        );
        let mut reading = Reading {
            values: HashMap::new(),
            weights: Vec::new(),
            initializers: HashMap::new(),
        };
        reading.values.insert(
            obs.to_string(),
            if flat {
                Value::Input
            } else {
                Value::ShapedInput
            },
        );
        for node in &graph.node {
            reading.node(graph, node)?;
        }
        // The heads read the same hidden value.
        let Value::Affine {
            from: hidden,
            w: wp,
            b: bp,
        } = reading.values.get(logits)?.clone()
        else {
            return None;
        };
        let (value_affine, softmax_values) = match reading.values.get(values)?.clone() {
            Value::Softmax(v) => (v, true),
            Value::Affine { .. } => (values.to_string(), false),
            _ => return None,
        };
        let Value::Affine {
            from: value_hidden,
            w: wv,
            b: bv,
        } = reading.values.get(&value_affine)?.clone()
        else {
            return None;
        };
        if value_hidden != hidden {
            return None;
        }
        // The hidden chain, from the heads back to the observation.
        let mut chain: Vec<(usize, Option<usize>)> = Vec::new();
        let mut at = hidden;
        loop {
            match reading.values.get(&at)?.clone() {
                Value::Input => break,
                Value::Relu(affine) => {
                    let Value::Affine { from, w, b } = reading.values.get(&affine)?.clone() else {
                        return None;
                    };
                    chain.push((w, b));
                    at = from;
                }
                _ => return None,
            }
            if chain.len() > 64 {
                return None;
            }
        }
        chain.reverse();
        let mut affines = Vec::new();
        let mut width = observation_size;
        for (w, b) in chain {
            let dims = &reading.weights[w].dims;
            if dims[0] != width {
                return None;
            }
            let outputs = dims[1];
            affines.push(Affine {
                inputs: width,
                outputs,
                w: reading.weights[w].data.clone(),
                b: reading.bias(b, outputs)?,
            });
            width = outputs;
        }
        // The heads, side by side in one product.
        let (p, v) = (&reading.weights[wp], &reading.weights[wv]);
        if p.dims != [width, num_actions] || v.dims != [width, num_players] {
            return None;
        }
        let heads = num_actions + num_players;
        let mut w = vec![0.0f32; width * heads];
        for k in 0..width {
            w[k * heads..k * heads + num_actions]
                .copy_from_slice(&p.data[k * num_actions..(k + 1) * num_actions]);
            w[k * heads + num_actions..(k + 1) * heads]
                .copy_from_slice(&v.data[k * num_players..(k + 1) * num_players]);
        }
        let mut b = reading.bias(bp, num_actions)?;
        b.extend(reading.bias(bv, num_players)?);
        affines.push(Affine {
            inputs: width,
            outputs: heads,
            w,
            b,
        });
        if affines
            .iter()
            .any(|a| a.w.iter().chain(&a.b).any(|x| !x.is_finite()))
        {
            return None;
        }
        Some(DenseMlp::pack(
            Kernel::detect(),
            affines,
            num_actions,
            num_players,
            softmax_values,
        ))
    }

    fn pack(
        kernel: Kernel,
        affines: Vec<Affine>,
        num_actions: usize,
        num_players: usize,
        softmax_values: bool,
    ) -> DenseMlp {
        let lanes = kernel.lanes();
        let last = affines.len() - 1;
        let mut layers = Vec::with_capacity(affines.len());
        let mut inputs = affines[0].inputs;
        let mut first_rows = Vec::new();
        for (i, a) in affines.into_iter().enumerate() {
            // A layer reads the padded width of the one before (the padding is zero).
            let padded = a.outputs.div_ceil(lanes) * lanes;
            let mut panels = vec![0.0f32; padded * inputs];
            for c in 0..padded / lanes {
                for k in 0..a.inputs {
                    for j in 0..lanes {
                        let out = c * lanes + j;
                        if out < a.outputs {
                            panels[(c * inputs + k) * lanes + j] = a.w[k * a.outputs + out];
                        }
                    }
                }
            }
            if i == 0 {
                first_rows = vec![0.0f32; a.inputs * padded];
                for k in 0..a.inputs {
                    first_rows[k * padded..k * padded + a.outputs]
                        .copy_from_slice(&a.w[k * a.outputs..(k + 1) * a.outputs]);
                }
            }
            let mut bias = a.b;
            bias.resize(padded, 0.0);
            layers.push(Layer {
                inputs,
                padded,
                panels,
                bias,
                relu: i != last,
            });
            inputs = padded;
        }
        DenseMlp {
            kernel,
            layers,
            first_rows: SparseRows { rows: first_rows },
            num_actions,
            num_players,
            softmax_values,
        }
    }

    pub(crate) fn kernel_name(&self) -> &'static str {
        match self.kernel {
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => "avx512",
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => "avx2",
            Kernel::Portable => "portable",
        }
    }

    /// Evaluates `rows` flat observations; writes `rows x num_actions` logits and
    /// `rows x num_players` values (softmaxed when the graph says so), in the model's frame.
    pub(crate) fn evaluate(
        &self,
        rows: usize,
        observations: &[f32],
        logits: &mut [f32],
        values: &mut [f32],
    ) {
        thread_local! {
            static SCRATCH: RefCell<(Vec<f32>, Vec<f32>)> = const { RefCell::new((Vec::new(), Vec::new())) };
        }
        SCRATCH.with(|scratch| {
            let mut scratch = scratch.borrow_mut();
            let (a, b) = &mut *scratch;
            self.evaluate_with(rows, observations, logits, values, a, b);
        });
    }

    fn evaluate_with(
        &self,
        rows: usize,
        observations: &[f32],
        logits: &mut [f32],
        values: &mut [f32],
        a: &mut Vec<f32>,
        b: &mut Vec<f32>,
    ) {
        let blocks = rows.div_ceil(ROWS);
        let first = &self.layers[0];
        let observations = &observations[..rows * first.inputs];
        let non_zero = observations.iter().filter(|&&x| x != 0.0).count();
        let rest = if (non_zero as f32) < SparseRows::MOST_NON_ZERO * observations.len() as f32 {
            // The first layer's outputs, interleaved like every layer's: `a[(block * padded + j) * ROWS + r]`.
            a.clear();
            a.resize(blocks * first.padded * ROWS, 0.0);
            b.clear();
            b.resize(first.padded, 0.0);
            for (row, obs) in observations.chunks_exact(first.inputs).enumerate() {
                self.first_layer_row(obs, b);
                let (block, r) = (row / ROWS, row % ROWS);
                let base = block * first.padded * ROWS;
                for (j, &y) in b.iter().enumerate() {
                    a[base + j * ROWS + r] = if first.relu { y.max(0.0) } else { y };
                }
            }
            &self.layers[1..]
        } else {
            // The observations interleaved by blocks of rows: `a[(block * inputs + k) * ROWS + r]`.
            a.clear();
            a.resize(blocks * first.inputs * ROWS, 0.0);
            for (row, obs) in observations.chunks_exact(first.inputs).enumerate() {
                let (block, r) = (row / ROWS, row % ROWS);
                let base = block * first.inputs * ROWS;
                for (k, &x) in obs.iter().enumerate() {
                    a[base + k * ROWS + r] = x;
                }
            }
            &self.layers[..]
        };
        for layer in rest {
            b.clear();
            b.resize(blocks * layer.padded * ROWS, 0.0);
            self.layer(layer, blocks, a, b);
            std::mem::swap(a, b);
        }
        // `a` holds the heads, interleaved like the inputs.
        let heads = self.layers[self.layers.len() - 1].padded;
        let (n_a, n_p) = (self.num_actions, self.num_players);
        for row in 0..rows {
            let (block, r) = (row / ROWS, row % ROWS);
            let at = |j: usize| a[(block * heads + j) * ROWS + r];
            for (j, out) in logits[row * n_a..(row + 1) * n_a].iter_mut().enumerate() {
                *out = at(j);
            }
            let v = &mut values[row * n_p..(row + 1) * n_p];
            for (j, out) in v.iter_mut().enumerate() {
                *out = at(n_a + j);
            }
            if self.softmax_values {
                let top = v.iter().fold(f32::NEG_INFINITY, |m, &x| m.max(x));
                let mut total = 0.0f32;
                for x in v.iter_mut() {
                    *x = (*x - top).exp();
                    total += *x;
                }
                for x in v.iter_mut() {
                    *x /= total;
                }
            }
        }
    }

    /// The first layer's outputs of one observation before the ReLU, from its non-zero inputs.
    fn first_layer_row(&self, obs: &[f32], out: &mut [f32]) {
        let (bias, rows) = (&self.layers[0].bias, &self.first_rows.rows);
        match self.kernel {
            // SAFETY: the kernel was chosen by detecting these features on this machine.
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => unsafe { row_sum_avx512(bias, rows, obs, out) },
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => unsafe { row_sum_avx2(bias, rows, obs, out) },
            Kernel::Portable => row_sum(bias, rows, obs, out),
        }
    }

    fn layer(&self, layer: &Layer, blocks: usize, input: &[f32], output: &mut [f32]) {
        match self.kernel {
            // SAFETY: the kernel was chosen by detecting these features on this machine.
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => unsafe { layer_avx512(layer, blocks, input, output) },
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => unsafe { layer_avx2(layer, blocks, input, output) },
            Kernel::Portable => layer_panels::<8>(layer, blocks, input, output),
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn layer_avx512(layer: &Layer, blocks: usize, input: &[f32], output: &mut [f32]) {
    use std::arch::x86_64::*;
    const LANES: usize = 32;
    let k_len = layer.inputs;
    for (c, panel) in layer.panels.chunks_exact(k_len * LANES).enumerate() {
        let Some(bias) = layer.bias.get(c * LANES..(c + 1) * LANES) else {
            return;
        };
        for block in 0..blocks {
            let x = &input[block * k_len * ROWS..(block + 1) * k_len * ROWS];
            let mut acc = [[0.0f32; LANES]; ROWS];
            // SAFETY: every load reads 16 floats inside a slice of at least 32 (the bias, a
            // panel row), every store writes 16 inside an array of 32.
            unsafe {
                let (b0, b1) = (
                    _mm512_loadu_ps(bias.as_ptr()),
                    _mm512_loadu_ps(bias.as_ptr().add(16)),
                );
                let mut a = [[b0, b1]; ROWS];
                for (xs, w) in x
                    .as_chunks::<ROWS>()
                    .0
                    .iter()
                    .zip(panel.as_chunks::<LANES>().0)
                {
                    let (w0, w1) = (
                        _mm512_loadu_ps(w.as_ptr()),
                        _mm512_loadu_ps(w.as_ptr().add(16)),
                    );
                    for r in 0..ROWS {
                        let xr = _mm512_set1_ps(xs[r]);
                        a[r][0] = _mm512_fmadd_ps(xr, w0, a[r][0]);
                        a[r][1] = _mm512_fmadd_ps(xr, w1, a[r][1]);
                    }
                }
                for r in 0..ROWS {
                    _mm512_storeu_ps(acc[r].as_mut_ptr(), a[r][0]);
                    _mm512_storeu_ps(acc[r].as_mut_ptr().add(16), a[r][1]);
                }
            }
            store_block(
                layer,
                c * LANES,
                &acc,
                &mut output[block * layer.padded * ROWS..(block + 1) * layer.padded * ROWS],
            );
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn layer_avx2(layer: &Layer, blocks: usize, input: &[f32], output: &mut [f32]) {
    use std::arch::x86_64::*;
    const LANES: usize = 16;
    let k_len = layer.inputs;
    for (c, panel) in layer.panels.chunks_exact(k_len * LANES).enumerate() {
        let Some(bias) = layer.bias.get(c * LANES..(c + 1) * LANES) else {
            return;
        };
        for block in 0..blocks {
            let x = &input[block * k_len * ROWS..(block + 1) * k_len * ROWS];
            let mut acc = [[0.0f32; LANES]; ROWS];
            // SAFETY: every load reads 8 floats inside a slice of at least 16 (the bias, a
            // panel row), every store writes 8 inside an array of 16.
            unsafe {
                let (b0, b1) = (
                    _mm256_loadu_ps(bias.as_ptr()),
                    _mm256_loadu_ps(bias.as_ptr().add(8)),
                );
                let mut a = [[b0, b1]; ROWS];
                for (xs, w) in x
                    .as_chunks::<ROWS>()
                    .0
                    .iter()
                    .zip(panel.as_chunks::<LANES>().0)
                {
                    let (w0, w1) = (
                        _mm256_loadu_ps(w.as_ptr()),
                        _mm256_loadu_ps(w.as_ptr().add(8)),
                    );
                    for r in 0..ROWS {
                        let xr = _mm256_set1_ps(xs[r]);
                        a[r][0] = _mm256_fmadd_ps(xr, w0, a[r][0]);
                        a[r][1] = _mm256_fmadd_ps(xr, w1, a[r][1]);
                    }
                }
                for r in 0..ROWS {
                    _mm256_storeu_ps(acc[r].as_mut_ptr(), a[r][0]);
                    _mm256_storeu_ps(acc[r].as_mut_ptr().add(8), a[r][1]);
                }
            }
            store_block(
                layer,
                c * LANES,
                &acc,
                &mut output[block * layer.padded * ROWS..(block + 1) * layer.padded * ROWS],
            );
        }
    }
}

/// `out = bias + sum_k obs[k] * rows[k]` over the non-zero `obs[k]`, in the order of `k`
/// (compiled once per kernel's features, so that `mul_add` is the machine's fused instruction).
#[inline(always)]
fn row_sum(bias: &[f32], rows: &[f32], obs: &[f32], out: &mut [f32]) {
    out.copy_from_slice(bias);
    let width = out.len();
    for (&x, w) in obs.iter().zip(rows.chunks_exact(width)) {
        if x != 0.0 {
            for (o, &w) in out.iter_mut().zip(w) {
                *o = x.mul_add(w, *o);
            }
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn row_sum_avx512(bias: &[f32], rows: &[f32], obs: &[f32], out: &mut [f32]) {
    row_sum(bias, rows, obs, out)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn row_sum_avx2(bias: &[f32], rows: &[f32], obs: &[f32], out: &mut [f32]) {
    row_sum(bias, rows, obs, out)
}

/// Writes one block's outputs of one panel, interleaved by row like the inputs.
#[inline(always)]
fn store_block<const LANES: usize>(
    layer: &Layer,
    first: usize,
    acc: &[[f32; LANES]; ROWS],
    out: &mut [f32],
) {
    for (r, acc_r) in acc.iter().enumerate() {
        for (j, &y) in acc_r.iter().enumerate() {
            out[(first + j) * ROWS + r] = if layer.relu { y.max(0.0) } else { y };
        }
    }
}

/// One layer over every block of rows, panel by panel (a panel's weights stay in the first
/// cache while the rows stream past them).
#[inline(always)]
fn layer_panels<const LANES: usize>(
    layer: &Layer,
    blocks: usize,
    input: &[f32],
    output: &mut [f32],
) {
    let k_len = layer.inputs;
    let panel_len = k_len * LANES;
    for (c, panel) in layer.panels.chunks_exact(panel_len).enumerate() {
        let bias: &[f32; LANES] = match layer.bias[c * LANES..(c + 1) * LANES].try_into() {
            Ok(b) => b,
            Err(_) => return,
        };
        for block in 0..blocks {
            let x = &input[block * k_len * ROWS..(block + 1) * k_len * ROWS];
            let mut acc = [*bias; ROWS];
            for (xs, w) in x
                .as_chunks::<ROWS>()
                .0
                .iter()
                .zip(panel.as_chunks::<LANES>().0)
            {
                for r in 0..ROWS {
                    let xr = xs[r];
                    for j in 0..LANES {
                        acc[r][j] = xr.mul_add(w[j], acc[r][j]);
                    }
                }
            }
            store_block(
                layer,
                c * LANES,
                &acc,
                &mut output[block * layer.padded * ROWS..(block + 1) * layer.padded * ROWS],
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn random(n: usize, seed: &mut u64) -> Vec<f32> {
        (0..n)
            .map(|_| {
                *seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                ((*seed >> 40) as f32 / (1u64 << 24) as f32) - 0.5
            })
            .collect()
    }

    /// The product written out plainly, in the same order of accumulation.
    fn reference(affines: &[Affine], x: &[f32]) -> Vec<f32> {
        let mut h = x.to_vec();
        for (i, a) in affines.iter().enumerate() {
            let mut out = a.b.clone();
            for (k, &xk) in h.iter().enumerate() {
                for (j, o) in out.iter_mut().enumerate() {
                    *o = xk.mul_add(a.w[k * a.outputs + j], *o);
                }
            }
            if i + 1 < affines.len() {
                out.iter_mut().for_each(|v| *v = v.max(0.0));
            }
            h = out;
        }
        h
    }

    fn network(kernel: Kernel, seed: &mut u64) -> (DenseMlp, Vec<Affine>) {
        let dims = [(37, 50), (50, 19), (19, 11 + 3)];
        let make = |seed: &mut u64| {
            dims.iter()
                .map(|&(i, o)| Affine {
                    inputs: i,
                    outputs: o,
                    w: random(i * o, seed),
                    b: random(o, seed),
                })
                .collect::<Vec<_>>()
        };
        let affines = make(&mut seed.clone());
        let copy = make(seed);
        (DenseMlp::pack(kernel, affines, 11, 3, false), copy)
    }

    /// `net` on `rows` rows of `x` gives what [`reference`] gives for each row.
    fn assert_plain_products(net: &DenseMlp, affines: &[Affine], rows: usize, x: &[f32]) {
        let (mut l, mut v) = (vec![0.0; rows * 11], vec![0.0; rows * 3]);
        net.evaluate(rows, x, &mut l, &mut v);
        for row in 0..rows {
            let want = reference(affines, &x[row * 37..(row + 1) * 37]);
            let at = format!("{:?} rows {rows} row {row}", net.kernel);
            assert_eq!(&l[row * 11..(row + 1) * 11], &want[..11], "{at}");
            assert_eq!(&v[row * 3..(row + 1) * 3], &want[11..], "{at}");
        }
    }

    /// Every kernel this machine can run.
    fn kernels_here() -> Vec<Kernel> {
        let mut kernels = vec![Kernel::Portable];
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx512f") {
                kernels.push(Kernel::Avx512);
            }
            if std::arch::is_x86_feature_detected!("avx2")
                && std::arch::is_x86_feature_detected!("fma")
            {
                kernels.push(Kernel::Avx2);
            }
        }
        kernels
    }

    /// One-hot-like inputs (most zero, one row entirely zero) take the first layer's row
    /// loop; the outputs must equal the plain products.
    #[test]
    fn sparse_inputs_give_the_plain_products_exactly() {
        for kernel in kernels_here() {
            for rows in [1, 3, 4, 9, 64] {
                let mut seed = 11;
                let (net, affines) = network(kernel, &mut seed);
                let mut x = random(rows * 37, &mut seed);
                for (i, v) in x.iter_mut().enumerate() {
                    let (row, k) = (i / 37, i % 37);
                    if row == 2 || (k % 9 != 0 && k != (3 * row) % 37) {
                        *v = 0.0;
                    }
                }
                let non_zero = x.iter().filter(|&&v| v != 0.0).count();
                assert!((non_zero as f32) < SparseRows::MOST_NON_ZERO * x.len() as f32);
                assert_plain_products(&net, &affines, rows, &x);
            }
        }
    }

    #[test]
    fn every_kernel_gives_the_plain_products_exactly() {
        for kernel in kernels_here() {
            for rows in [1, 3, 4, 9] {
                let mut seed = 7;
                let (net, affines) = network(kernel, &mut seed);
                let x = random(rows * 37, &mut seed);
                assert_plain_products(&net, &affines, rows, &x);
            }
        }
    }
}
