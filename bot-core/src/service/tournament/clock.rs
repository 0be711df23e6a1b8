//! The round clock's end: the timer finds the tournaments whose clock ran out, marks the
//! round's time as over (the games in play are finished scharf, no new game begins) and says
//! so where the tournament was created and at every table still playing in a chat.

use super::TournamentNotice;
use crate::model::ids::ChatId;
use crate::service::reply::{Notice, Reply};
use crate::service::{Outbound, Service};
use crate::store::StoreError;
use tracing::warn;

impl Service {
    /// Ends the rounds whose clock ran out by `now` (the timer calls it every tick).
    pub(crate) async fn tournament_clocks(&self, now: i64) {
        let due = match self.store.due_tournament_clocks(now).await {
            Ok(due) => due,
            Err(e) => {
                self.store_failed(&e);
                return;
            }
        };
        for id in due {
            match self.end_round_time(id, now).await {
                Ok(Some((round, places))) => self.say_time_is_up(round, places).await,
                Ok(None) => {}
                Err(e) => warn!(tournament = id, error = %e, "could not end a round's time"),
            }
        }
    }

    /// Marks the time over; the round's number and where to say it, or `None` when another
    /// process (or command) did first.
    async fn end_round_time(
        &self,
        id: i64,
        now: i64,
    ) -> Result<Option<(u32, Vec<ChatId>)>, StoreError> {
        let Some(row) = self.store.tournament(id).await? else {
            return Ok(None);
        };
        let mut next = row.state.clone();
        if !next.time_over(now) {
            return Ok(None);
        }
        match self
            .store
            .save_tournament(row.id, row.version, &next, now)
            .await
        {
            Ok(_) => {}
            Err(StoreError::Stale) => return Ok(None),
            Err(e) => return Err(e),
        }
        let Some(round) = next.current_round() else {
            return Ok(None);
        };
        let mut places = vec![row.chat.clone()];
        for table in round.tables.iter().filter(|t| !t.closed) {
            if let Some(place) = table.place.as_deref().and_then(|p| ChatId::parse(p).ok())
                && !places.contains(&place)
            {
                places.push(place);
            }
        }
        Ok(Some((round.number, places)))
    }

    async fn say_time_is_up(&self, round: u32, places: Vec<ChatId>) {
        for chat in places {
            let lang = match self.settings(&chat.group()).await {
                Ok(settings) => settings.lang.unwrap_or_default(),
                Err(_) => Default::default(),
            };
            let reply = Reply {
                notices: vec![Notice::Tournament(TournamentNotice::TimeUp { round })],
                lang,
                actor_lang: lang,
                ..Reply::default()
            };
            let _ = self.outbound.send(Outbound { chat, reply });
        }
    }
}
