//! The contract every salon game follows, and the machinery shared by all of them.
//!
//! A game is two types: a [`Game`] (parameters and component data, built once) and a
//! [`State`] (a fixed-size value; cloning it is a copy). State methods take the game by
//! reference, so a state never carries heap data and search can copy it freely.
//! [`TrackedState`] adds what a user-facing state needs on top: the action history, the
//! seeded chance generator and serialization.

pub mod action;
pub mod actor;
pub mod chance;
pub mod components;
pub mod conformance;
pub mod error;
mod fixed_vec;
pub mod game;
pub mod interrupt;
pub mod json;
pub mod params;
pub mod playout;
pub mod position;
pub mod position_moves;
pub mod rng;
pub mod shares;
pub mod svg;
pub mod tensor_writer;
pub mod tracked;

pub use action::{Action, ActionList, MAX_LEGAL_ACTIONS};
pub use actor::{Actor, CHANCE, MAX_PLAYERS, TERMINAL};
pub use chance::{ChanceOutcomes, MAX_CHANCE_OUTCOMES};
pub use components::ComponentInfo;
pub use error::{SalonError, SalonResult};
pub use game::{Game, GameInfo, State};
pub use params::{ParamSpec, ParamValue, Params};
pub use position_moves::{FieldValue, MoveFields};
pub use rng::Xoshiro256StarStar;
pub use shares::{win_shares, Returns, Scores};
pub use tensor_writer::TensorWriter;
pub use tracked::{Origin, ResampleLink, TrackedState};
