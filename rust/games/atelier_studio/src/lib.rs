//! Atelier: The Painter's Studio (`atelier_studio`) for the salon engine.
//!
//! Players roll dice to place students on the four paint piles, move them, collect and gain
//! paint cylinders, and paint face-up paintings; secret patrons score at the end. The rules,
//! their sources, the action encoding and the substitute component set are listed in
//! `docs/rules/atelier_studio.md`.
//!
//! Files, each importing only those listed before it: `components`, `dice` (the roll table),
//! `game` (the game type), `state` (the state and its transitions), `scoring`, `actions` (ids, legality,
//! generation, strings, the dispatch of an id to its transition), `moves`, `invariants`,
//! `observation`, `position`, `render`, `svg`; `contract` implements the core's `Game` and
//! `State` by calling into them, and nothing imports it. This file only wires the modules and
//! names the public types.

mod actions;
mod components;
mod contract;
mod dice;
mod game;
pub mod invariants;
mod moves;
mod observation;
pub mod position;
mod render;
mod scoring;
mod state;
mod svg;
#[doc(hidden)]
pub mod testing;

pub use game::{AtelierStudio, DISPLAY, MAX_ROUNDS};
pub use state::AtelierStudioState;
