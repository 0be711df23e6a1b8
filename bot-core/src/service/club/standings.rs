//! Ratings over all the club's games, and the season's championship over its evenings.

use super::{ClubContent, club_content};
use crate::club::{championship, ratings};
use crate::service::reply::Reply;
use crate::service::{Command, Service, ServiceError};
use crate::store::ChatSettings;

/// Lines a ratings list shows at most.
const RATINGS_SHOWN: usize = 20;

impl Service {
    pub(super) async fn ratings(&self, cmd: &Command) -> Result<Reply, ServiceError> {
        let games = self.store.club_games(&cmd.chat.club(), None).await?;
        let mut list = ratings(&games);
        list.truncate(RATINGS_SHOWN);
        Ok(club_content(ClubContent::Ratings(list)))
    }

    pub(super) async fn championship(
        &self,
        cmd: &Command,
        settings: &ChatSettings,
    ) -> Result<Reply, ServiceError> {
        let nights = self
            .store
            .closed_nights(&cmd.chat.club(), settings.season)
            .await?;
        let evenings: Vec<_> = nights.into_iter().map(|(_, members)| members).collect();
        Ok(club_content(ClubContent::Championship {
            season: settings.season,
            evenings: evenings.len() as u32,
            lines: championship(&evenings),
        }))
    }
}
