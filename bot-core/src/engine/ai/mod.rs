//! Computer players. Each decides only from what its seat may see (its own cup once looked
//! at, and the public table), never from hidden dice: the rule of thumb ([`simple`]) and
//! strong play by the exact odds ([`strong`]).

pub mod simple;
pub mod strong;

pub use simple::{choose, play_out};
pub use strong::StrongPlayer;

use crate::engine::action::{Action, Seat};
use crate::engine::game::Game;
use crate::engine::rules::RuleSet;
use serde::{Deserialize, Serialize};

/// Strong players by rule set, kept between moves so that what they computed is reused
/// (a few rule sets are in play at once; the oldest is dropped beyond that).
#[derive(Default)]
pub struct StrongPlayers {
    players: Vec<StrongPlayer>,
}

impl std::fmt::Debug for StrongPlayers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "StrongPlayers({} rule sets)", self.players.len())
    }
}

impl StrongPlayers {
    const KEPT: usize = 8;

    /// The strong player for `rules`, made on first use.
    pub fn for_rules(&mut self, rules: &RuleSet) -> &mut StrongPlayer {
        let index = match self.players.iter().position(|p| p.rules() == rules) {
            Some(i) => i,
            None => {
                if self.players.len() >= Self::KEPT {
                    self.players.remove(0);
                }
                self.players.push(StrongPlayer::new(rules));
                self.players.len() - 1
            }
        };
        &mut self.players[index]
    }

    /// The next action of a computer player at `seat` that plays by `strategy`.
    pub fn choose(&mut self, strategy: Strategy, game: &Game, seat: Seat) -> Option<Action> {
        match strategy {
            Strategy::Simple => choose(game, seat),
            Strategy::Strong => self.for_rules(game.rules()).choose(game, seat),
        }
    }
}

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
