//! Provably fair dice (commit, then reveal). Before any die falls the players see the
//! commitment `C = SHA-256(S)` of a secret server seed `S` and know the client seed `K`; the
//! dice of throw `n` are the bytes of `HMAC-SHA256(S, "K:n:c")` for `c = 0, 1, …`, each byte
//! below 252 giving the die `b % 6 + 1` (252 is the largest multiple of 6 in a byte, so no
//! face is favoured). When the game ends `S` is revealed and anyone can recompute every die.

use super::action::Seat;
use super::dice::DiceRoller;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt;

/// Bytes at or above this are skipped: 252 = 42 × 6.
const UNBIASED_BELOW: u8 = 252;

/// The secret server seed: 64 lowercase hex characters. Its `Debug` hides it, so no log line
/// can show it by accident.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ServerSeed(String);

impl ServerSeed {
    /// The seed written out from 32 random bytes.
    pub fn from_bytes(bytes: &[u8; 32]) -> ServerSeed {
        ServerSeed(to_hex(bytes))
    }

    /// A seed as players write it (64 hex characters, any case).
    pub fn parse(text: &str) -> Option<ServerSeed> {
        let text = text.trim();
        (text.len() == 64 && text.bytes().all(|b| b.is_ascii_hexdigit()))
            .then(|| ServerSeed(text.to_ascii_lowercase()))
    }

    /// The seed itself: show it only once the game is over.
    pub fn reveal(&self) -> &str {
        &self.0
    }

    /// `C`: SHA-256 of the seed's ASCII text, in lowercase hex.
    pub fn commitment(&self) -> String {
        commitment(&self.0)
    }
}

impl fmt::Debug for ServerSeed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ServerSeed(hidden)")
    }
}

/// SHA-256 of `text` in lowercase hex.
pub fn commitment(text: &str) -> String {
    to_hex(&Sha256::digest(text.as_bytes()))
}

fn to_hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(DIGITS[usize::from(b >> 4)] as char);
        out.push(DIGITS[usize::from(b & 15)] as char);
    }
    out
}

/// The dice of throw `n`, written into `dice` (one to three of them, or more).
pub fn throw_dice(server_seed: &str, client_seed: &str, n: u64, dice: &mut [u8]) {
    let mut filled = 0;
    let mut block = 0u64;
    while filled < dice.len() {
        let mut mac = match Hmac::<Sha256>::new_from_slice(server_seed.as_bytes()) {
            Ok(mac) => mac,
            // HMAC takes keys of any length; this arm cannot happen.
            Err(_) => return,
        };
        mac.update(format!("{client_seed}:{n}:{block}").as_bytes());
        for b in mac.finalize().into_bytes() {
            if filled == dice.len() {
                break;
            }
            if b < UNBIASED_BELOW {
                dice[filled] = b % 6 + 1;
                filled += 1;
            }
        }
        block += 1;
    }
}

/// One throw as the game record lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawnThrow {
    pub n: u64,
    /// Who threw (every throw the engine makes has a thrower).
    pub seat: Option<Seat>,
    pub dice: Vec<u8>,
}

/// Dice drawn by the scheme for one game, from throw `next` on; remembers what it drew.
#[derive(Clone, Debug)]
pub struct FairDice {
    server_seed: ServerSeed,
    client_seed: String,
    next: u64,
    drawn: Vec<DrawnThrow>,
}

impl FairDice {
    /// Dice for a game that has made `throws_made` throws so far.
    pub fn new(server_seed: ServerSeed, client_seed: String, throws_made: u64) -> FairDice {
        FairDice {
            server_seed,
            client_seed,
            next: throws_made + 1,
            drawn: Vec::new(),
        }
    }

    /// The throws drawn so far, oldest first (taken out).
    pub fn take_drawn(&mut self) -> Vec<DrawnThrow> {
        std::mem::take(&mut self.drawn)
    }

    /// How many throws the game has made, these included.
    pub fn throws_made(&self) -> u64 {
        self.next - 1
    }

    fn draw(&mut self, seat: Option<Seat>, dice: &mut [u8]) {
        throw_dice(
            self.server_seed.reveal(),
            &self.client_seed,
            self.next,
            dice,
        );
        self.drawn.push(DrawnThrow {
            n: self.next,
            seat,
            dice: dice.to_vec(),
        });
        self.next += 1;
    }
}

impl DiceRoller for FairDice {
    /// A lone die is a throw of its own.
    fn roll_die(&mut self) -> u8 {
        let mut die = [0u8];
        self.draw(None, &mut die);
        die[0]
    }

    fn throw(&mut self, seat: Seat, dice: &mut [u8]) {
        self.draw(Some(seat), dice);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: &str = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

    /// The test vector (R-FAIR): commitment and throws 1–5 of K = "Stammtisch".
    #[test]
    fn test_vector_matches() {
        let seed = ServerSeed::parse(S).expect("valid seed");
        assert_eq!(
            seed.commitment(),
            "7b3d979ca8330a94fa7e9e1b466d8b99e0bcdea1ec90596c0dcc8d7ef6b4300c"
        );
        let expected = [[4, 6, 2], [5, 1, 6], [5, 1, 2], [6, 3, 2], [4, 4, 4]];
        let mut dice = FairDice::new(seed, "Stammtisch".into(), 0);
        for want in expected {
            let mut got = [0u8; 3];
            dice.throw(Seat(0), &mut got);
            assert_eq!(got, want);
        }
        assert_eq!(dice.throws_made(), 5);
        let drawn = dice.take_drawn();
        assert_eq!(drawn.len(), 5);
        assert_eq!(drawn[4].n, 5);
    }

    #[test]
    fn continuing_a_game_continues_the_numbering() {
        let seed = ServerSeed::parse(S).expect("valid seed");
        let mut later = FairDice::new(seed, "Stammtisch".into(), 3);
        let mut got = [0u8; 3];
        later.throw(Seat(1), &mut got);
        assert_eq!(got, [6, 3, 2]);
    }

    #[test]
    fn the_seed_never_shows_in_debug_output() {
        let seed = ServerSeed::parse(S).expect("valid seed");
        let dice = FairDice::new(seed.clone(), "K".into(), 0);
        assert!(!format!("{seed:?} {dice:?}").contains(&S[..16]));
        assert_eq!(ServerSeed::parse("zz"), None);
        assert_eq!(ServerSeed::parse(&S.to_uppercase()), Some(seed));
    }

    #[test]
    fn many_dice_use_further_blocks() {
        let mut dice = [0u8; 100];
        throw_dice(S, "K", 1, &mut dice);
        assert!(dice.iter().all(|d| (1..=6).contains(d)));
    }
}
