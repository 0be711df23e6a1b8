//! Schocken: the rules engine ([`engine`]) and, on top of it, the platform-neutral service.

pub mod engine;
pub mod text;
