//! atelier_canvas: not implemented yet.
