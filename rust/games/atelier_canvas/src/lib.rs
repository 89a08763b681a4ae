//! atelier_canvas: Atelier, the canvas card game (Red Glove), for 2 to 5 players.
//!
//! Players draw colour cards from a deck and a circle of 8 face-up cards, then play blank
//! canvases, drawings on blank canvases and paintings on drawings of the same artwork,
//! paying each cost with cards from hand and cards of their own palette. The rules, with
//! the source of each, are in `docs/rules/atelier_canvas.md`; the action encoding is in
//! [`actions`]; the hidden-information model in [`observation`].
//!
//! The card contents are not public: the embedded set (`components/substitute.json`) is the
//! engine's own substitute, labelled as such; a user's file with the same schema replaces it.

pub mod actions;
mod card_facts;
pub mod components;
mod contract;
mod cost;
mod game;
mod holdings;
pub mod invariants;
mod moves;
pub mod observation;
pub mod position;
mod render;
mod scoring;
mod state;
mod svg;
#[doc(hidden)]
pub mod testing;

pub use game::{AtelierCanvas, CIRCLE, DEAL, END_PAINTINGS, HAND_LIMIT, MAX_ROUNDS};
pub use state::AtelierCanvasState;
