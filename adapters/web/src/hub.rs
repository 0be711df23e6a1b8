//! The sockets of each place. Every stored move of a place (the service's `TableChange`, from
//! this process or, on PostgreSQL, another) tells each of its sockets to read the place anew;
//! a socket that is still busy with the last one just reads once more (its queue holds one
//! refresh at most). When changes may have been missed (the hub fell behind, or the
//! connection that hears the other processes was lost) the hub compares the stored version
//! of each place with the one each socket read last, and wakes the sockets behind. The hub
//! also counts the sockets of each user: a user opens a few, not hundreds.

use bot_core::memory::release_unused_room;
use bot_core::service::{Changed, ChatId, PublicTable, Service, TableChange, UserId};
use bot_core::text::Lang;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::{Notify, broadcast};
use tracing::{debug, warn};

/// Sockets one user may hold open at once (a phone, a laptop, a reload in flight).
pub const SOCKETS_PER_USER: usize = 4;

/// A stored state of a place's table: (table id, version, change count).
pub type StateKey = (i64, u64, u64);

/// What wakes one socket: the place changed (read it anew).
#[derive(Debug, Default)]
pub struct Wake {
    notify: Notify,
    /// The state the socket read last.
    read: Mutex<Option<StateKey>>,
    /// The newest stored state the hub heard of.
    newest: Mutex<Option<StateKey>>,
    /// Read at the next wake whatever was read before (a catch-up).
    forced: AtomicBool,
}

fn locked<T: Copy>(m: &Mutex<T>) -> T {
    *m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Wake {
    /// Waits until the place changed since the last wait (a change before the wait counts).
    pub async fn changed(&self) {
        self.notify.notified().await;
    }

    /// The socket read this state of the table.
    pub fn read(&self, table: Option<StateKey>) {
        *self.read.lock().unwrap_or_else(|p| p.into_inner()) = table;
    }

    fn last_read(&self) -> Option<StateKey> {
        locked(&self.read)
    }

    /// Whether the socket must read the place after a wake: not when it read the newest
    /// state already (its own press's answer showed it before the hub's wake came).
    pub fn behind(&self) -> bool {
        if self.forced.swap(false, Ordering::Relaxed) {
            return true;
        }
        match (locked(&self.newest), self.last_read()) {
            (Some(newest), Some(read)) => newest > read,
            _ => true,
        }
    }

    fn heard(&self, state: StateKey) {
        let mut newest = self.newest.lock().unwrap_or_else(|p| p.into_inner());
        if newest.is_none_or(|n| n < state) {
            *newest = Some(state);
        }
    }

    fn force(&self) {
        self.forced.store(true, Ordering::Relaxed);
        self.notify.notify_one();
    }
}

struct Member {
    id: u64,
    user: UserId,
    wake: std::sync::Arc<Wake>,
}

#[derive(Default)]
pub struct Hub {
    places: Mutex<HashMap<ChatId, Vec<Member>>>,
    /// Each place's public frame part at its newest state read, per language: serialized
    /// once, sent to every socket of the place.
    publics: Mutex<HashMap<ChatId, PublicPart>>,
    next: AtomicU64,
}

/// A place's public part at one stored state (table id, version, change count).
struct PublicPart {
    state: (i64, u64, u64),
    texts: [Option<Arc<str>>; 2],
}

fn lang_slot(lang: Lang) -> usize {
    match lang {
        Lang::De => 0,
        Lang::En => 1,
    }
}

/// A socket's place in the hub; leaving is explicit (`Hub::leave`).
#[derive(Debug)]
pub struct Seat {
    id: u64,
    place: ChatId,
}

impl Hub {
    fn places(&self) -> MutexGuard<'_, HashMap<ChatId, Vec<Member>>> {
        self.places.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Adds a socket of `user` at `place`; `None` if the user holds too many already.
    pub fn join(&self, place: &ChatId, user: &UserId) -> Option<(Seat, std::sync::Arc<Wake>)> {
        let mut places = self.places();
        let held = places
            .values()
            .flatten()
            .filter(|m| m.user == *user)
            .count();
        if held >= SOCKETS_PER_USER {
            return None;
        }
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let wake = std::sync::Arc::new(Wake::default());
        places.entry(place.clone()).or_default().push(Member {
            id,
            user: user.clone(),
            wake: wake.clone(),
        });
        Some((
            Seat {
                id,
                place: place.clone(),
            },
            wake,
        ))
    }

    pub fn leave(&self, seat: Seat) {
        let mut places = self.places();
        if let Some(members) = places.get_mut(&seat.place) {
            members.retain(|m| m.id != seat.id);
            if members.is_empty() {
                places.remove(&seat.place);
                release_unused_room(&mut places);
                let mut publics = self.publics();
                publics.remove(&seat.place);
                release_unused_room(&mut publics);
            }
        }
    }

    fn publics(&self) -> MutexGuard<'_, HashMap<ChatId, PublicPart>> {
        self.publics.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The public part of `place`'s state frames for `t` in `lang`: built once per stored
    /// state and language, then the same text for every socket of the place.
    pub fn public(&self, place: &ChatId, t: &PublicTable, lang: Lang) -> Arc<str> {
        let state = (t.table_id, t.version, t.seq);
        let slot = lang_slot(lang);
        if let Some(part) = self.publics().get(place)
            && part.state == state
            && let Some(text) = &part.texts[slot]
        {
            return text.clone();
        }
        // Built outside the lock; two sockets racing build it twice, which is harmless.
        let text: Arc<str> = crate::frames::public_text(t, lang).into();
        let mut publics = self.publics();
        let part = publics.entry(place.clone()).or_insert_with(|| PublicPart {
            state,
            texts: [None, None],
        });
        if part.state < state {
            *part = PublicPart {
                state,
                texts: [None, None],
            };
        }
        if part.state == state {
            part.texts[slot] = Some(text.clone());
        }
        text
    }

    /// Sockets open in all.
    pub fn sockets(&self) -> usize {
        self.places().values().map(Vec::len).sum()
    }

    /// Wakes the sockets of the place `change` stored.
    pub fn changed(&self, change: &TableChange) {
        if let Some(members) = self.places().get(&change.place) {
            for m in members {
                m.wake.heard((change.table_id, change.version, change.seq));
                // At most one wake-up is kept: a socket reads the newest state once.
                m.wake.notify.notify_one();
            }
        }
    }

    /// Wakes the sockets that read another table version than the one stored now (changes
    /// were missed); every socket if the store cannot be asked.
    async fn catch_up(&self, service: &Service) {
        let sockets: Vec<(ChatId, Vec<std::sync::Arc<Wake>>)> = self
            .places()
            .iter()
            .map(|(place, members)| {
                (
                    place.clone(),
                    members.iter().map(|m| m.wake.clone()).collect(),
                )
            })
            .collect();
        let places: Vec<ChatId> = sockets.iter().map(|(p, _)| p.clone()).collect();
        let stored: HashMap<ChatId, (i64, u64)> = match service.latest_versions(&places).await {
            Ok(stored) => stored
                .into_iter()
                .map(|c| (c.place, (c.table_id, c.version)))
                .collect(),
            Err(e) => {
                warn!(error = %e, "cannot ask the stored versions; every page reads anew");
                HashMap::new()
            }
        };
        let mut woken = 0;
        for (place, wakes) in sockets {
            let now = stored.get(&place).copied();
            for wake in wakes {
                let read = wake.last_read().map(|(id, version, _)| (id, version));
                if now.is_none() || read != now {
                    wake.force();
                    woken += 1;
                }
            }
        }
        debug!(woken, "pages behind the stored versions read anew");
    }

    /// Follows the service's stored table versions until the service goes away.
    pub async fn follow(&self, mut changes: broadcast::Receiver<Changed>, service: &Service) {
        loop {
            match changes.recv().await {
                Ok(Changed::Table(change)) => self.changed(&change),
                Ok(Changed::Missed) => self.catch_up(service).await,
                Err(RecvError::Lagged(missed)) => {
                    warn!(
                        missed,
                        "table changes came faster than followed; catching up"
                    );
                    self.catch_up(service).await;
                }
                Err(RecvError::Closed) => {
                    debug!("the service stopped; no more table changes");
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn user(n: u64) -> UserId {
        UserId::new("telegram", n)
    }

    #[tokio::test]
    async fn a_change_wakes_the_sockets_of_its_place_only() {
        let hub = Hub::default();
        let here = ChatId::new("telegram", -1);
        let there = ChatId::new("telegram", -2);
        let (_a, wake_a) = hub.join(&here, &user(1)).expect("joined");
        let (_b, wake_b) = hub.join(&there, &user(2)).expect("joined");
        let change = |version| TableChange {
            place: here.clone(),
            table_id: 1,
            version,
            seq: version,
        };
        hub.changed(&change(3));
        hub.changed(&change(4));
        tokio::time::timeout(Duration::from_secs(1), wake_a.changed())
            .await
            .expect("woken");
        let again = tokio::time::timeout(Duration::from_millis(50), wake_a.changed()).await;
        assert!(
            again.is_err(),
            "two changes in a row: one read of the newest state"
        );
        let other = tokio::time::timeout(Duration::from_millis(50), wake_b.changed()).await;
        assert!(other.is_err(), "another place's socket sleeps on");
        assert!(wake_a.behind(), "it read nothing yet");
        wake_a.read(Some((1, 4, 4)));
        assert!(!wake_a.behind(), "its own press showed it the newest state");
        hub.changed(&change(5));
        assert!(wake_a.behind(), "a newer state");
        wake_a.force();
        wake_a.read(Some((1, 5, 5)));
        assert!(wake_a.behind(), "a catch-up reads in any case");
        assert!(!wake_a.behind(), "once");
    }

    #[test]
    fn a_user_holds_a_few_sockets_at_most() {
        let hub = Hub::default();
        let place = ChatId::new("telegram", -1);
        let seats: Vec<_> = (0..SOCKETS_PER_USER)
            .map(|_| hub.join(&place, &user(1)).expect("joined").0)
            .collect();
        assert!(hub.join(&place, &user(1)).is_none());
        assert!(hub.join(&place, &user(2)).is_some(), "others still may");
        for seat in seats {
            hub.leave(seat);
        }
        assert!(hub.join(&place, &user(1)).is_some());
        assert_eq!(hub.sockets(), 2);
    }
}
