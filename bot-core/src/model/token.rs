//! Table tokens: which place a web page shows, in a link (Telegram's `startapp`), signed so
//! a page cannot name a place it was not given; the chat adapters put them in their links,
//! the web adapter reads them. Only `[A-Za-z0-9_-]` (Telegram drops a `startapp` with any
//! other character): the place in base64url, then the first 12 bytes of its HMAC-SHA256
//! under the server's secret, always 16 characters, so no separator is needed.

use super::ids::ChatId;
use hmac::{Hmac, Mac};
use sha2::Sha256;

const TAG_BYTES: usize = 12;
/// The tag's length in base64url (12 bytes are 16 characters, without padding).
const TAG_CHARS: usize = TAG_BYTES / 3 * 4;
/// A place id is short; anything longer is no token of ours.
const MAX_TOKEN: usize = 256;

/// Signs and checks table tokens with one secret.
#[derive(Clone)]
pub struct Tokens {
    secret: Vec<u8>,
}

impl std::fmt::Debug for Tokens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Tokens(<secret>)")
    }
}

impl Tokens {
    pub fn new(secret: &[u8]) -> Tokens {
        Tokens {
            secret: secret.to_vec(),
        }
    }

    fn tag(&self, place: &str) -> Vec<u8> {
        let mut mac =
            Hmac::<Sha256>::new_from_slice(&self.secret).unwrap_or_else(|_| unreachable_mac());
        mac.update(place.as_bytes());
        mac.finalize().into_bytes()[..TAG_BYTES].to_vec()
    }

    /// The token of `place`.
    pub fn token(&self, place: &ChatId) -> String {
        let id = place.to_string();
        format!("{}{}", encode(id.as_bytes()), encode(&self.tag(&id)))
    }

    /// The place a token names, if the token is ours and intact.
    pub fn place(&self, token: &str) -> Option<ChatId> {
        if token.len() > MAX_TOKEN {
            return None;
        }
        // Links written before the tokens lost their `.` still open their table.
        let (id, tag) = match token.split_once('.') {
            Some(parts) => parts,
            None => token.split_at_checked(token.len().checked_sub(TAG_CHARS)?)?,
        };
        let id = String::from_utf8(decode(id)?).ok()?;
        let tag = decode(tag)?;
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.secret).ok()?;
        mac.update(id.as_bytes());
        // Constant time: the tag is compared by the MAC itself.
        mac.verify_truncated_left(&tag).ok()?;
        if tag.len() != TAG_BYTES {
            return None;
        }
        ChatId::parse(&id).ok()
    }
}

/// HMAC takes keys of any length; this cannot happen.
fn unreachable_mac() -> Hmac<Sha256> {
    match Hmac::<Sha256>::new_from_slice(b"schocken") {
        Ok(mac) => mac,
        Err(_) => unreachable!("HMAC-SHA256 accepts a key of any length"),
    }
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// base64url without padding.
pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..=chunk.len() {
            out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
    out
}

/// The bytes of base64url without padding; `None` for any other text.
pub fn decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in text.bytes() {
        let v = ALPHABET.iter().position(|a| *a == c)? as u32;
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    // Leftover bits must be the zero padding of the last character.
    (acc == 0).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_names_its_place_and_is_url_safe() {
        let tokens = Tokens::new(b"secret");
        for place in [
            "telegram:-1001234567890#42",
            "discord:1/2",
            "console:local",
            "test:x",
        ] {
            let token = tokens.token(&ChatId::parse(place).expect("a place"));
            assert!(
                token
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_".contains(c)),
                "Telegram's startapp alphabet: {token}"
            );
            assert!(token.len() <= 64, "{token}");
            assert_eq!(
                tokens.place(&token),
                Some(ChatId::parse(place).expect("a place"))
            );
        }
    }

    #[test]
    fn a_forged_or_foreign_token_names_nothing() {
        let tokens = Tokens::new(b"secret");
        let token = tokens.token(&ChatId::new("telegram", -100));
        let other = Tokens::new(b"other").token(&ChatId::new("telegram", -100));
        assert_eq!(tokens.place(&other), None, "another server's");
        let tag = &token[token.len() - TAG_CHARS..];
        let forged = format!("{}{tag}", encode(b"telegram:-200"));
        assert_eq!(tokens.place(&forged), None, "another place with this tag");
        for broken in [
            "",
            ".",
            "abc",
            "a.b",
            &token[..token.len() - 1],
            &"A".repeat(300),
            &"A".repeat(TAG_CHARS),
        ] {
            assert_eq!(tokens.place(broken), None, "{broken}");
        }
    }

    #[test]
    fn a_link_written_with_the_old_dot_still_opens_its_table() {
        let tokens = Tokens::new(b"secret");
        let place = ChatId::new("telegram", -100);
        let token = tokens.token(&place);
        let (id, tag) = token.split_at(token.len() - TAG_CHARS);
        assert_eq!(tokens.place(&format!("{id}.{tag}")), Some(place));
    }

    #[test]
    fn base64url_round_trips() {
        for len in 0..20 {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37 + 5) as u8).collect();
            assert_eq!(decode(&encode(&bytes)), Some(bytes));
        }
    }
}
