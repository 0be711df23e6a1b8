//! Schocken bot: the console adapter.
