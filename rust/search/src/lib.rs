//! What runs games on top of the game contract (`salon-core`), for any [`salon_core::Game`]:
//! batched stepping, search and bots, all on one parallel runner ([`workers::Workers`]).
//!
//! - [`bots`]: the native bots, uniform random, greedy, MCTS and IS-MCTS, each choosing one
//!   action for the player to move.
//! - The batched search with an evaluator: AlphaZero's PUCT and Gumbel MuZero's root search
//!   over many roots at once. Each lock step writes the leaves of every tree (the observation
//!   of the player to move at the leaf, and its legal mask) into buffers, an evaluator scores
//!   them in one call (`logits` over the action space, a value per player), and the next step
//!   backs them up. Values are per player, in the scale of `returns()`: win shares in [0, 1]
//!   (terminal leaves are backed up with their returns, with no evaluation). The caller
//!   evaluates ([`BatchedSearch`]), or an [`Evaluator`] does with no caller in the loop
//!   ([`EvaluatorSearch`], the native networks of `salon-network`).
//!
//! | file | concept |
//! |---|---|
//! | `config.rs` | the settings and their defaults |
//! | `arena.rs` | the one tree arena: a search tree's nodes in one `Vec`, reused |
//! | `search_node.rs` | the batched search's node: priors, values, chance outcomes |
//! | `puct.rs` | AlphaZero's PUCT rule and root noise |
//! | `gumbel.rs` | Gumbel MuZero's completed Q, root and interior rules, improved policy |
//! | `noise.rs` | Gumbel and Dirichlet draws |
//! | `tree_search.rs` | one root's simulations: descent, chance, hidden information, backup |
//! | `driver.rs` | many roots in lock step, the caller's buffers |
//! | `workers.rs` | the one parallel runner: threads that claim pieces of work in turn |
//! | `batch.rs` | N games stepped together into the caller's buffers (the vector environment) |
//! | `lockstep.rs` | the lock-step loop of every evaluator: which half steps, which is evaluated, the overlap thread |
//! | `evaluator.rs` | a network the search calls itself, driven by that loop |
//! | `analysis.rs` | what a finished search thinks of its root (moves, principal variation) |
//! | `bots/` | random, greedy, MCTS and IS-MCTS, and their tree's node (`bots/tree.rs`) |
//!
//! The algorithms and their references are in `docs/learning.md`.

mod analysis;
mod arena;
pub mod batch;
pub mod bots;
mod config;
mod driver;
mod evaluator;
pub mod gumbel;
pub mod lockstep;
mod noise;
pub mod puct;
mod search_node;
mod tree_search;
pub mod workers;

pub use analysis::{MoveAnalysis, RootAnalysis};
pub use arena::Arena;
pub use config::{RootPolicy, SearchConfig, MAX_CONSIDERED, MAX_ROLLOUTS_PER_LEAF};
pub use driver::{BatchedSearch, SearchError, SearchResults, SearchTimings};
pub use evaluator::{Evaluator, EvaluatorSearch};
pub use search_node::{Node, NodeKind, SearchArena};
