//! Computer players. Each decides only from what its seat may see (its own cup once looked
//! at, and the public table), never from hidden dice: the rule of thumb ([`simple`]) and
//! strong play by the exact odds ([`strong`]).

pub mod simple;
pub mod strong;

pub use simple::{choose, play_out};
pub use strong::StrongPlayer;

use serde::{Deserialize, Serialize};

/// How a computer player plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Strategy {
    /// The rule of thumb (`einfach`).
    #[default]
    Simple,
    /// The exact odds (`stark`).
    Strong,
}

impl Strategy {
    pub const ALL: [Strategy; 2] = [Strategy::Simple, Strategy::Strong];

    /// Reads a level as players type it, German or English.
    pub fn parse(text: &str) -> Option<Strategy> {
        match text.trim().to_lowercase().as_str() {
            "einfach" | "simple" | "easy" | "leicht" => Some(Strategy::Simple),
            "stark" | "strong" | "hard" | "schwer" => Some(Strategy::Strong),
            _ => None,
        }
    }

    /// The stable id (storage, JSON).
    pub fn id(self) -> &'static str {
        match self {
            Strategy::Simple => "simple",
            Strategy::Strong => "strong",
        }
    }
}
