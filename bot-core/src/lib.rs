//! Schocken: the pure rules engine ([`engine`]), the platform-neutral game service
//! ([`service`]) with its SQLite store ([`store`]), the text every adapter renders
//! ([`text`], [`render`]), and the catalogue of every front end's commands ([`commands`]).

pub mod club;
pub mod commands;
pub mod config;
pub mod csv;
pub mod engine;
pub mod grammar;
pub mod memory;
pub mod metrics;
pub mod model;
pub mod render;
pub mod service;
pub mod store;
pub mod text;
pub mod time;
pub mod tournament;
