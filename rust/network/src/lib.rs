//! Policy-value networks inside salon's search: one file format (ONNX), checked against a
//! game when it loads, evaluated natively with `tract` (pure Rust), shared by threads.
//!
//! A network reads `float32[N, *observation_tensor_shape]` (named `obs`, or the first input)
//! and, optionally, `int32[N]` the seat to move (named `players`, or the second input); it
//! writes `logits[N, num_distinct_actions]` and `values[N, num_players]` (named so, or the
//! first and second outputs), the values as win shares in seat order, or in the mover's frame
//! (column `k` = the player `k` seats after the mover) when its metadata says
//! `salon.value_frame = mover`. The convention is in `docs/learning.md`.
//!
//! | file | concept |
//! |---|---|
//! | `expectation.rs` | what a game asks of a network: shapes, players, value frame |
//! | `screen.rs` | the checks on the file before the runtime reads it |
//! | `network.rs` | loading, the checks against the game, evaluation |
//! | `dense.rs` | salon's own kernel for plain MLPs (the networks it trains), bit-identical on every machine |

mod dense;
mod expectation;
mod network;
mod screen;

pub use expectation::{NetworkExpectation, ValueFrame};
pub use network::{Network, NetworkInfo, Runtime, MAX_NETWORK_BYTES};
