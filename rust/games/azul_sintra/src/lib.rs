//! azul_sintra: not implemented yet.
