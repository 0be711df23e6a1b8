//! What the adapter remembers between updates (in memory; the game itself lives in the
//! service): which place a table belongs to, and who can be written to privately. What the
//! table messages show is the outbox's business. Entries nobody used for a while are
//! forgotten (`forget_idle`): a table's place is found again in the store, a user's private
//! chat is tried again once.

use crate::place::Place;
use bot_core::memory::release_unused_room;
use bot_core::text::Lang;
use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // Nothing here can be left half-changed by a panic.
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Which place each table belongs to (a press in a private chat names only the table).
#[derive(Default)]
pub struct TablePlaces {
    places: Mutex<HashMap<i64, (Place, Instant)>>,
}

impl TablePlaces {
    pub fn remember(&self, table: i64, place: Place) {
        if table > 0 {
            lock(&self.places).insert(table, (place, Instant::now()));
        }
    }

    pub fn place_of(&self, table: i64) -> Option<Place> {
        let mut places = lock(&self.places);
        let (place, used) = places.get_mut(&table)?;
        *used = Instant::now();
        Some(*place)
    }

    /// The newest table known in `place` (tables get ever larger ids).
    pub fn newest_in(&self, place: Place) -> Option<i64> {
        lock(&self.places)
            .iter()
            .filter(|(_, (p, _))| *p == place)
            .map(|(table, _)| *table)
            .max()
    }

    /// A group became a supergroup: its tables moved along.
    pub fn migrate(&self, old: i64, new: i64) {
        for (place, _) in lock(&self.places).values_mut() {
            if place.chat == old {
                place.chat = new;
            }
        }
    }

    /// Forgets the tables nobody named for `idle`; returns how many are left.
    pub fn forget_idle(&self, idle: Duration) -> usize {
        let mut places = lock(&self.places);
        places.retain(|_, (_, used)| used.elapsed() < idle);
        release_unused_room(&mut places);
        places.len()
    }
}

/// Whether a user's private chat with the bot is open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Reach {
    /// Not known since the start of this process: one try tells (403 = not started).
    #[default]
    Unknown,
    Started,
    /// Not started, or blocked: no more tries until he presses START.
    Closed,
}

/// The private cup message of a user.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CupMessage {
    pub message: i32,
    pub table: i64,
}

#[derive(Clone, Copy, Debug)]
struct PrivateUser {
    reach: Reach,
    lang: Option<Lang>,
    cup: Option<CupMessage>,
    /// The table he last acted at in a group (a `/tipp` in his private chat asks there).
    table: Option<i64>,
    /// When the adapter last had to do with him.
    used: Instant,
}

impl Default for PrivateUser {
    fn default() -> Self {
        PrivateUser {
            reach: Reach::default(),
            lang: None,
            cup: None,
            table: None,
            used: Instant::now(),
        }
    }
}

/// The users' private chats.
#[derive(Default)]
pub struct PrivateChats {
    users: Mutex<HashMap<u64, PrivateUser>>,
}

/// The entry of `user`, marked as used now.
fn user_entry(users: &mut HashMap<u64, PrivateUser>, user: u64) -> &mut PrivateUser {
    let entry = users.entry(user).or_default();
    entry.used = Instant::now();
    entry
}

impl PrivateChats {
    /// Forgets the users the adapter had nothing to do with for `idle`; returns how many
    /// are left.
    pub fn forget_idle(&self, idle: Duration) -> usize {
        let mut users = lock(&self.users);
        users.retain(|_, u| u.used.elapsed() < idle);
        release_unused_room(&mut users);
        users.len()
    }

    /// Notes the user's language (private messages are in it).
    pub fn seen(&self, user: u64, lang: Lang) {
        user_entry(&mut lock(&self.users), user).lang = Some(lang);
    }

    pub fn lang(&self, user: u64) -> Option<Lang> {
        lock(&self.users).get(&user).and_then(|u| u.lang)
    }

    pub fn set_reach(&self, user: u64, reach: Reach) {
        user_entry(&mut lock(&self.users), user).reach = reach;
    }

    pub fn reach(&self, user: u64) -> Reach {
        lock(&self.users)
            .get(&user)
            .map(|u| u.reach)
            .unwrap_or_default()
    }

    pub fn may_write(&self, user: u64) -> bool {
        lock(&self.users)
            .get(&user)
            .is_none_or(|u| u.reach != Reach::Closed)
    }

    pub fn cup(&self, user: u64) -> Option<CupMessage> {
        lock(&self.users).get(&user).and_then(|u| u.cup)
    }

    /// Remembers the user's newest cup message; returns the one it replaces.
    pub fn set_cup(&self, user: u64, cup: CupMessage) -> Option<CupMessage> {
        let mut users = lock(&self.users);
        let entry = user_entry(&mut users, user);
        entry.table = Some(cup.table);
        entry.cup.replace(cup)
    }

    /// The user acted at `table` (in its group, or through its deep link).
    pub fn acted_at(&self, user: u64, table: i64) {
        if table > 0 {
            user_entry(&mut lock(&self.users), user).table = Some(table);
        }
    }

    /// The table the user last acted at or got a private cup of.
    pub fn table(&self, user: u64) -> Option<i64> {
        lock(&self.users).get(&user).and_then(|u| u.table)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn idle_entries_are_forgotten_and_busy_ones_stay() {
        let places = TablePlaces::default();
        let users = PrivateChats::default();
        places.remember(7, Place::chat(-5));
        users.seen(1, Lang::De);
        assert_eq!(places.forget_idle(Duration::from_secs(60)), 1);
        assert_eq!(users.forget_idle(Duration::from_secs(60)), 1);
        assert_eq!(places.place_of(7), Some(Place::chat(-5)));
        assert_eq!(places.forget_idle(Duration::ZERO), 0);
        assert_eq!(users.forget_idle(Duration::ZERO), 0);
        assert_eq!(places.place_of(7), None, "found in the store again");
        assert_eq!(users.lang(1), None);
        assert!(users.may_write(1), "an unknown chat is tried once");
    }

    #[test]
    fn private_reach_is_tried_once_until_start() {
        let p = PrivateChats::default();
        assert!(p.may_write(1), "unknown: one try");
        p.set_reach(1, Reach::Closed);
        assert!(!p.may_write(1));
        p.set_reach(1, Reach::Started);
        assert!(p.may_write(1));
        let first = CupMessage {
            message: 5,
            table: 1,
        };
        assert_eq!(p.set_cup(1, first), None);
        assert_eq!(
            p.set_cup(
                1,
                CupMessage {
                    message: 6,
                    table: 1
                }
            ),
            Some(first)
        );
        assert_eq!(p.table(1), Some(1));
        p.acted_at(1, 9);
        assert_eq!(p.table(1), Some(9));
        assert_eq!(p.table(2), None);
    }

    #[test]
    fn tables_follow_a_migration() {
        let t = TablePlaces::default();
        t.remember(3, Place::chat(-5));
        t.migrate(-5, -1005);
        assert_eq!(t.place_of(3), Some(Place::chat(-1005)));
        assert_eq!(t.place_of(4), None);
        t.remember(8, Place::chat(-1005));
        t.remember(9, Place::chat(-7));
        assert_eq!(t.newest_in(Place::chat(-1005)), Some(8));
        assert_eq!(t.newest_in(Place::chat(-8)), None);
    }
}
