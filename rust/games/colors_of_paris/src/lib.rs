//! colors_of_paris: not implemented yet.
