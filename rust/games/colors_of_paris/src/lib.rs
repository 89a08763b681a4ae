//! Colors of Paris (engine name `colors_of_paris`) for the salon engine.
//!
//! 2 to 4 players; basic or advanced rules (bonus cards and painter tiles). The wheel
//! layout, forbidden spaces, track values, upgrade costs, paintings, bonus cards and painter
//! tiles of the published game are not public: the game ships a SUBSTITUTE component set
//! (`components/substitute.json`, not the publisher's data) and accepts a user's own file
//! with the same schema. See `docs/rules/colors_of_paris.md`.
//!
//! Files, each importing only those listed before it: `components` (the component file),
//! `game` (the game type), `state` (the state and its
//! transitions), `actions` (ids, legality, generation, dispatch, strings), `invariants`,
//! `scoring`, `moves`, `position`, `render`, `observation`, `svg`; `contract` implements the
//! core's `Game` and `State` traits by calling them, and nothing imports it. `testing` holds
//! helpers for the tests only. This file only wires the modules and names the public types.

pub mod actions;
pub mod components;
mod contract;
mod game;
pub mod invariants;
mod moves;
mod observation;
pub mod position;
mod render;
mod scoring;
pub mod state;
mod svg;
#[doc(hidden)]
pub mod testing;

pub use components::Components;
pub use game::ColorsOfParis;
pub use state::ColorsOfParisState;
