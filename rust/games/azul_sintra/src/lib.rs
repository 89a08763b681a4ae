//! Azul: Stained Glass of Sintra (engine name `azul_sintra`) for the salon engine.
//!
//! 2 to 4 players, palace-board side A or B. The strip layouts, window values, broken-glass
//! track and ornament positions of the published game are not public: the game ships a
//! SUBSTITUTE component set (`components/substitute.json`, not the publisher's data) and
//! accepts a user's own file with the same schema. See `docs/rules/azul_sintra.md`.
//!
//! The files, each importing only those below it: `components` (the component schema),
//! `game` (the game type), `state` (the state and its transitions), `scoring` (final
//! scoring, scores and returns), `actions` (ids, legality, generation, strings, the dispatch
//! of an id to its transition), `moves`, `invariants`, `position`, `render`, `svg`,
//! `observation`; `contract` implements the core's `Game` and `State` by calling into them;
//! this file only wires the modules and names the public types.

pub mod actions;
pub mod components;
mod contract;
mod game;
pub mod invariants;
mod moves;
mod observation;
pub mod position;
mod render;
pub mod scoring;
pub mod state;
mod svg;
#[doc(hidden)]
pub mod testing;

pub use components::{Components, COLOUR_NAMES, NUM_COLOURS, NUM_SLOTS, STRIP_SPACES};
pub use game::{
    AzulSintra, FACTORIES, MAX_FACTORIES, MAX_SEATS, NUM_ROUNDS, PIECES_PER_COLOUR, TOTAL_PIECES,
};
pub use state::{AzulSintraState, Phase};
