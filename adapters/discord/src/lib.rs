//! Schocken bot: the discord adapter.
