//! atelier_studio: not implemented yet.
