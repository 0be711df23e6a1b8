//! Schocken bot: the telegram adapter.
