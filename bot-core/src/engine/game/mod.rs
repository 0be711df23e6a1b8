//! The game state machine: roll-off, rounds, halves, final, Blattschuss (R-GAME-*, R-RND-*,
//! R-SIX-*, R-SCORE-*). Every method either refuses (and changes nothing) or applies an action
//! completely and returns the events it caused.

use super::action::{Seat, StartError};
use super::dice::DiceRoller;
use super::eval::sorted;
use super::event::{Event, GameResult, Part, RoundSummary};
use super::round::Round;
use super::rules::{ExtraSet, RuleSet};
use super::score::DebtReason;
use serde::{Deserialize, Serialize};

mod check;
mod flow;
mod leave;
mod perform;
mod tally;

pub use tally::{EnteredThrow, RoundEntry, TallyError};

/// The most players at one table (a pub table; also what a chat message can show).
pub const MAX_PLAYERS: usize = 10;

/// The fewest players a game starts with.
pub const MIN_PLAYERS: usize = 2;

/// A player at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    pub left: bool,
}

/// Where a game's dice fall.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DiceMode {
    /// The bot throws every die.
    #[default]
    Rolled,
    /// On a real table; rounds are entered whole ([`RoundEntry`]).
    Tally,
}

/// The dice of a tally game, which never deals: the engine never throws there. Were it
/// ever asked, every die would show 1 (and debug builds stop).
struct NoDice;

impl DiceRoller for NoDice {
    fn roll_die(&mut self) -> u8 {
        debug_assert!(false, "a tally game threw a die");
        1
    }
}

/// A whole game (Partie).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    rules: RuleSet,
    players: Vec<Player>,
    part: Part,
    stock: u8,
    /// Deckel per seat.
    holdings: Vec<u8>,
    /// Losers of half 1 and half 2, in order.
    half_losers: Vec<Seat>,
    finalists: Option<[Seat; 2]>,
    round: Round,
    /// Out players who throw in at the next deal (R-SCORE-5).
    throw_ins: Vec<Seat>,
    last_round: Option<RoundSummary>,
    debts: Vec<(Seat, DebtReason)>,
    result: Option<GameResult>,
    rounds_played: u32,
    #[serde(default)]
    mode: DiceMode,
}

/// A throw of all three dice by `seat`.
fn roll3<R: DiceRoller + ?Sized>(seat: Seat, rng: &mut R) -> [u8; 3] {
    let mut dice = [0; 3];
    rng.throw(seat, &mut dice);
    dice
}

impl Game {
    /// Starts a game: validates the players, holds the roll-off (R-GAME-5) and deals the first
    /// round of half 1.
    pub fn start<R: DiceRoller + ?Sized>(
        rules: RuleSet,
        names: &[String],
        rng: &mut R,
    ) -> Result<(Game, Vec<Event>), StartError> {
        validate_names(names)?;
        let mut events = Vec::new();
        let mut contenders: Vec<Seat> = (0..names.len()).map(|i| Seat(i as u8)).collect();
        // Roll-off: highest pip total starts; the tied throw again (Stechen).
        let starter = loop {
            let rolls: Vec<(Seat, [u8; 3])> =
                contenders.iter().map(|s| (*s, roll3(*s, rng))).collect();
            let best = rolls.iter().map(|(_, d)| pips(d)).max().unwrap_or(0);
            let tied: Vec<Seat> = rolls
                .iter()
                .filter(|(_, d)| pips(d) == best)
                .map(|(s, _)| *s)
                .collect();
            events.push(Event::RollOff { rolls });
            if let [only] = tied[..] {
                break only;
            }
            contenders = tied;
        };
        let mut game = Game::seated(rules, names, starter, DiceMode::Rolled)?;
        game.start_part(Part::Half1, starter, rng, &mut events);
        Ok((game, events))
    }

    /// The players seated, the first round's starter known; nothing dealt yet.
    fn seated(
        rules: RuleSet,
        names: &[String],
        starter: Seat,
        mode: DiceMode,
    ) -> Result<Game, StartError> {
        validate_names(names)?;
        if starter.index() >= names.len() {
            return Err(StartError::NoSuchStarter);
        }
        Ok(Game {
            players: names
                .iter()
                .map(|n| Player {
                    name: n.trim().to_string(),
                    left: false,
                })
                .collect(),
            holdings: vec![0; names.len()],
            part: Part::Half1,
            stock: rules.deckel,
            rules,
            half_losers: Vec::new(),
            finalists: None,
            round: Round {
                number: 0,
                starter,
                announcing: false,
                extras: ExtraSet::EMPTY,
                limit: None,
                turn: 0,
                cups: Vec::new(),
            },
            throw_ins: Vec::new(),
            last_round: None,
            debts: Vec::new(),
            result: None,
            rounds_played: 0,
            mode,
        })
    }

    // ----- accessors -------------------------------------------------------------------

    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }
    pub fn players(&self) -> &[Player] {
        &self.players
    }
    pub fn player_name(&self, seat: Seat) -> &str {
        self.players
            .get(seat.index())
            .map(|p| p.name.as_str())
            .unwrap_or("?")
    }
    pub fn seat_of(&self, name: &str) -> Option<Seat> {
        self.players
            .iter()
            .position(|p| p.name == name)
            .map(|i| Seat(i as u8))
    }
    pub fn part(&self) -> Part {
        self.part
    }
    pub fn stock(&self) -> u8 {
        self.stock
    }
    pub fn holdings(&self, seat: Seat) -> u8 {
        self.holdings.get(seat.index()).copied().unwrap_or(0)
    }
    pub fn all_holdings(&self) -> &[u8] {
        &self.holdings
    }
    pub fn half_losers(&self) -> &[Seat] {
        &self.half_losers
    }
    pub fn finalists(&self) -> Option<[Seat; 2]> {
        self.finalists
    }
    pub fn round(&self) -> &Round {
        &self.round
    }
    /// The throws counting in the current round: its extras (R-RANK-6) and, in the final
    /// under `baby_schock_out`, the Baby Schock Out Hand (R-RANK-7).
    pub fn in_play(&self) -> ExtraSet {
        if self.part == Part::Final {
            self.rules.in_final(self.round.extras)
        } else {
            self.round.extras
        }
    }
    pub fn last_round(&self) -> Option<&RoundSummary> {
        self.last_round.as_ref()
    }
    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }
    pub fn debts(&self) -> &[(Seat, DebtReason)] {
        &self.debts
    }
    pub fn rounds_played(&self) -> u32 {
        self.rounds_played
    }
    pub fn throw_ins(&self) -> &[Seat] {
        &self.throw_ins
    }
    /// The player to act (the starter while he announces), if the game runs.
    pub fn current(&self) -> Option<Seat> {
        if self.is_over() {
            None
        } else {
            self.round.current()
        }
    }

    /// Whether the seat may play in the current part: in a half every player, in the final
    /// the two finalists.
    pub(super) fn eligible(&self, seat: Seat) -> bool {
        match self.finalists {
            Some(f) if self.part == Part::Final => f.contains(&seat),
            _ => true,
        }
    }

    /// Whether the seat takes part in rounds (R-SCORE-4): everybody while the stock holds
    /// Deckel, afterwards only those holding Deckel.
    pub fn is_active(&self, seat: Seat) -> bool {
        let Some(p) = self.players.get(seat.index()) else {
            return false;
        };
        !p.left && (self.holdings(seat) > 0 || (self.stock > 0 && self.eligible(seat)))
    }

    /// Whether the seat is out of the current half or final (and has not left the game).
    pub fn is_out(&self, seat: Seat) -> bool {
        self.players.get(seat.index()).is_some_and(|p| !p.left) && !self.is_active(seat)
    }

    pub(super) fn seats(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.players.len()).map(|i| Seat(i as u8))
    }

    /// Seats in seating order starting at `from` (R-GAME-7).
    pub(super) fn seats_from(&self, from: Seat) -> impl Iterator<Item = Seat> + '_ {
        let n = self.players.len();
        (0..n).map(move |k| Seat(((from.index() + k) % n) as u8))
    }

    /// The first active seat at or after `from`.
    pub(super) fn next_active(&self, from: Seat) -> Option<Seat> {
        self.seats_from(from).find(|s| self.is_active(*s))
    }
}

fn pips(d: &[u8; 3]) -> u8 {
    d.iter().sum()
}

fn validate_names(names: &[String]) -> Result<(), StartError> {
    if names.len() < MIN_PLAYERS {
        return Err(StartError::TooFewPlayers);
    }
    if names.len() > MAX_PLAYERS {
        return Err(StartError::TooManyPlayers { max: MAX_PLAYERS });
    }
    for (i, n) in names.iter().enumerate() {
        let n = n.trim();
        if n.is_empty() {
            return Err(StartError::EmptyName);
        }
        if names[..i].iter().any(|m| m.trim() == n) {
            return Err(StartError::DuplicateName(n.to_string()));
        }
    }
    Ok(())
}

/// The sorted dice of a cup, for display.
pub fn shown(dice: [u8; 3]) -> [u8; 3] {
    sorted(dice)
}
