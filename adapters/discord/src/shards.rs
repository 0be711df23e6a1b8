//! Which of the bot's gateway shards this process runs (`DISCORD_SHARDS`): Discord sends a
//! guild's events to shard `(guild_id >> 22) % total`, so processes that run different shards
//! of one total serve different guilds, and together all of them.

use std::fmt;

/// Shards `first..=last` of `total`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardRange {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

impl ShardRange {
    /// One shard of one: every guild (the default).
    pub const ALL_IN_ONE: ShardRange = ShardRange {
        first: 0,
        last: 0,
        total: 1,
    };

    /// `A-B/N` (shards A to B of N), `A/N` (shard A of N), or `N` (all N shards here).
    pub fn parse(text: &str) -> Result<ShardRange, String> {
        let wrong = || {
            format!("DISCORD_SHARDS: `{text}` is no shard range (e.g. 0-1/4: shards 0 and 1 of 4)")
        };
        let number = |t: &str| t.trim().parse::<u32>().map_err(|_| wrong());
        let text = text.trim();
        let range = match text.split_once('/') {
            None => {
                let total = number(text)?;
                ShardRange {
                    first: 0,
                    last: total.saturating_sub(1),
                    total,
                }
            }
            Some((shards, total)) => {
                let total = number(total)?;
                let (first, last) = match shards.split_once('-') {
                    Some((a, b)) => (number(a)?, number(b)?),
                    None => (number(shards)?, number(shards)?),
                };
                ShardRange { first, last, total }
            }
        };
        if range.total == 0 || range.first > range.last || range.last >= range.total {
            return Err(wrong());
        }
        Ok(range)
    }

    /// The shard that receives the events of `guild`.
    pub fn shard_of(guild: u64, total: u32) -> u32 {
        ((guild >> 22) % u64::from(total.max(1))) as u32
    }
}

impl fmt::Display for ShardRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}/{}", self.first, self.last, self.total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shard_ranges_read_as_operators_write_them() {
        let r = |first, last, total| ShardRange { first, last, total };
        assert_eq!(ShardRange::parse("0-1/4"), Ok(r(0, 1, 4)));
        assert_eq!(ShardRange::parse("3/4"), Ok(r(3, 3, 4)));
        assert_eq!(ShardRange::parse(" 2 "), Ok(r(0, 1, 2)));
        for wrong in ["", "4/4", "2-1/4", "0/0", "a-b/c", "1-"] {
            let e = ShardRange::parse(wrong).expect_err(wrong);
            assert!(e.contains("no shard range"), "{e}");
        }
        assert_eq!(ShardRange::shard_of(1200000000000000001, 1), 0);
        assert_eq!(r(0, 1, 4).to_string(), "0-1/4");
    }
}
