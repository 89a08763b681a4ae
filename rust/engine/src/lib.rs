//! Every salon game behind one small closed enum.
//!
//! The bindings and the tools work with [`AnyGame`] and [`AnyState`]; each method is a
//! `match` over the registered games into the generic code of `salon-core` and `salon-search`, so there is no
//! dynamic dispatch on the hot path and adding a game means adding it to the two lists in
//! `registry.rs`.

mod any_batch;
mod any_game;
mod any_network_search;
mod any_search;
mod any_state;
mod catalogue;
mod network_bot;
mod registry;
mod spec;

pub use any_batch::AnyBatch;
pub use any_game::{AnyGame, GameVisitor};
pub use any_network_search::AnyNetworkSearch;
pub use any_search::AnySearch;
pub use any_state::AnyState;
pub use catalogue::GameEntry;
pub use network_bot::NetworkBot;
pub use registry::catalogue;
pub use spec::parse_game_spec;

pub use salon_core;
pub use salon_network;
pub use salon_search;
