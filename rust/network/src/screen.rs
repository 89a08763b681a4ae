//! The checks on a network file before the runtime reads it: what a policy-value network
//! needs and nothing that reaches outside the file (external data), hides a memory bomb
//! (tensors larger than their bytes) or that the runtime lacks (operators, control flow).

use std::collections::HashSet;

use salon_core::{SalonError, SalonResult};
use tract_onnx::pb::{
    tensor_proto::DataLocation, AttributeProto, GraphProto, ModelProto, TensorProto,
};

/// The most nodes a network may have.
const MAX_NODES: usize = 20_000;
/// The most elements of one constant tensor.
const MAX_TENSOR_ELEMENTS: u64 = 1 << 28;

/// Checks the parsed file; `supported` lists the operators the runtime implements.
pub(crate) fn screen(model: &ModelProto, supported: &HashSet<String>) -> SalonResult<()> {
    let graph = model
        .graph
        .as_ref()
        .ok_or_else(|| SalonError::network("the file holds no graph"))?;
    if !model.training_info.is_empty() {
        return Err(SalonError::network(
            "the file holds training information; export the inference graph only",
        ));
    }
    if graph.node.len() > MAX_NODES {
        return Err(SalonError::network(format!(
            "the graph has {} nodes, more than {MAX_NODES}",
            graph.node.len()
        )));
    }
    if graph.input.is_empty() || graph.output.is_empty() {
        return Err(SalonError::network("the graph has no input or no output"));
    }
    if !graph.sparse_initializer.is_empty() {
        return Err(SalonError::network("sparse initializers are not supported"));
    }
    for t in &graph.initializer {
        tensor(t)?;
    }
    for node in &graph.node {
        let domain = node.domain.as_str();
        if !(domain.is_empty() || domain == "ai.onnx") {
            return Err(SalonError::network(format!(
                "operator {:?} of domain {domain:?} is not supported by the runtime (only the standard ONNX operators are)",
                shown(&node.op_type)
            )));
        }
        if !supported.contains(&node.op_type) {
            return Err(SalonError::network(format!(
                "operator {:?} is not supported by the runtime",
                shown(&node.op_type)
            )));
        }
        for a in &node.attribute {
            attribute(a, &node.op_type)?;
        }
    }
    Ok(())
}

fn attribute(a: &AttributeProto, op: &str) -> SalonResult<()> {
    if a.g.is_some() || !a.graphs.is_empty() {
        return Err(SalonError::network(format!(
            "operator {:?} carries a subgraph: control flow is not supported",
            shown(op)
        )));
    }
    if a.sparse_tensor.is_some() || !a.sparse_tensors.is_empty() {
        return Err(SalonError::network("sparse tensors are not supported"));
    }
    if let Some(t) = &a.t {
        tensor(t)?;
    }
    a.tensors.iter().try_for_each(tensor)?;
    if a.floats.iter().any(|x| !x.is_finite()) || !a.f.is_finite() {
        return Err(SalonError::network(format!(
            "operator {:?} has a non-finite attribute {:?}",
            shown(op),
            shown(&a.name)
        )));
    }
    Ok(())
}

/// The bytes of one element of an ONNX data type (`None`: a type a network has no use for).
fn element_bytes(data_type: i32) -> Option<u64> {
    Some(match data_type {
        1 | 6 | 12 => 4,      // float, int32, uint32
        2 | 3 | 9 => 1,       // uint8, int8, bool
        4 | 5 | 10 | 16 => 2, // uint16, int16, float16, bfloat16
        7 | 11 | 13 => 8,     // int64, double, uint64
        _ => return None,
    })
}

fn tensor(t: &TensorProto) -> SalonResult<()> {
    let name = shown(&t.name);
    if t.data_location == Some(DataLocation::External as i32) || !t.external_data.is_empty() {
        return Err(SalonError::network(format!(
            "tensor {name:?} keeps its data in another file: a network must be one self-contained file"
        )));
    }
    let Some(size) = element_bytes(t.data_type) else {
        return Err(SalonError::network(format!(
            "tensor {name:?} has data type {}, which a network cannot use",
            t.data_type
        )));
    };
    let mut elements: u64 = 1;
    for &d in &t.dims {
        let d = u64::try_from(d).map_err(|_| {
            SalonError::network(format!("tensor {name:?} has a negative dimension {d}"))
        })?;
        elements = elements
            .checked_mul(d)
            .filter(|&e| e <= MAX_TENSOR_ELEMENTS)
            .ok_or_else(|| {
                SalonError::network(format!(
                    "tensor {name:?} is larger than {MAX_TENSOR_ELEMENTS} elements"
                ))
            })?;
    }
    let given = if !t.raw_data.is_empty() {
        if t.raw_data.len() as u64 != elements * size {
            return Err(SalonError::network(format!(
                "tensor {name:?} has {} bytes of data for {elements} elements of {size} bytes",
                t.raw_data.len()
            )));
        }
        elements
    } else {
        (t.float_data.len()
            + t.int32_data.len()
            + t.int64_data.len()
            + t.double_data.len()
            + t.uint64_data.len()) as u64
    };
    if given != elements {
        return Err(SalonError::network(format!(
            "tensor {name:?} has {given} values for its {elements} elements"
        )));
    }
    let finite = match t.data_type {
        1 if !t.raw_data.is_empty() => t
            .raw_data
            .chunks_exact(4)
            .all(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]).is_finite()),
        1 => t.float_data.iter().all(|x| x.is_finite()),
        11 if !t.raw_data.is_empty() => t.raw_data.chunks_exact(8).all(|b| {
            let mut w = [0u8; 8];
            w.copy_from_slice(b);
            f64::from_le_bytes(w).is_finite()
        }),
        11 => t.double_data.iter().all(|x| x.is_finite()),
        // float16: exponent bits all ones is an infinity or a NaN
        10 if !t.raw_data.is_empty() => t
            .raw_data
            .chunks_exact(2)
            .all(|b| u16::from_le_bytes([b[0], b[1]]) & 0x7C00 != 0x7C00),
        10 => t.int32_data.iter().all(|&v| v & 0x7C00 != 0x7C00),
        _ => true,
    };
    if !finite {
        return Err(SalonError::network(format!(
            "tensor {name:?} holds NaN or infinite weights"
        )));
    }
    Ok(())
}

/// A name from the file, cut short for an error message.
pub(crate) fn shown(name: &str) -> String {
    if name.chars().count() <= 60 {
        name.to_string()
    } else {
        name.chars().take(57).chain("...".chars()).collect()
    }
}

/// The graph's inputs that are not initializers (older exporters list weights as inputs).
pub(crate) fn real_inputs(graph: &GraphProto) -> Vec<&tract_onnx::pb::ValueInfoProto> {
    let weights: HashSet<&str> = graph.initializer.iter().map(|t| t.name.as_str()).collect();
    graph
        .input
        .iter()
        .filter(|i| !weights.contains(i.name.as_str()))
        .collect()
}
