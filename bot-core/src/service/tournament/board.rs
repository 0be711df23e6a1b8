//! The live board (the hall's projector) and each player's page, served by the web adapter:
//! the tournament as stored with its version (a page asks again when the version moves), and
//! the links the chats hand out. A board is read-only and needs no login: its link carries a
//! signed token naming the tournament.

use super::{TournamentContent, TourneyError, tournament_content, tourney_error};
use crate::model::ids::ChatId;
use crate::model::token::Tokens;
use crate::service::reply::Reply;
use crate::service::{Command, Service, ServiceError};
use crate::store::StoreError;
use crate::tournament::Tournament;

/// The platform name a tournament's token is signed under (it names no chat).
pub const BOARD_PLATFORM: &str = "tournament";

/// Where the web table is served, to link boards and player pages.
#[derive(Clone, Debug)]
pub struct BoardLinks {
    /// The web table's public address (`SCHOCKEN_WEB_URL`), without a trailing `/`.
    pub base: String,
    pub tokens: Tokens,
}

impl BoardLinks {
    /// The board's token: the tournament's id, signed.
    pub fn token(&self, tournament: i64) -> String {
        self.tokens.token(&ChatId::new(BOARD_PLATFORM, tournament))
    }

    /// The tournament a board's token names.
    pub fn tournament(tokens: &Tokens, token: &str) -> Option<i64> {
        let place = tokens.place(token)?;
        (place.platform() == BOARD_PLATFORM)
            .then(|| place.chat().parse().ok())
            .flatten()
    }

    pub fn board(&self, tournament: i64) -> String {
        format!("{}/turnier/{}", self.base, self.token(tournament))
    }

    pub fn player(&self, tournament: i64, number: u32) -> String {
        format!("{}/spieler/{number}", self.board(tournament))
    }
}

impl Service {
    /// Lets `/turnier tafel` hand out links (the web table is served at `links.base`).
    pub fn serve_boards(&self, links: BoardLinks) {
        let _ = self.boards.set(links);
    }

    /// A stored tournament's version (a page polls it cheaply).
    pub async fn tournament_version(&self, id: i64) -> Result<Option<i64>, StoreError> {
        self.store.tournament_version(id).await
    }

    /// A stored tournament with its version.
    pub async fn tournament_state(&self, id: i64) -> Result<Option<(i64, Tournament)>, StoreError> {
        Ok(self
            .store
            .tournament(id)
            .await?
            .map(|row| (row.version, row.state)))
    }

    /// `/turnier tafel`: the board's link, and the asker's own page if he plays.
    pub(super) async fn board_links(&self, cmd: &Command) -> Result<Reply, ServiceError> {
        let links = self
            .boards
            .get()
            .ok_or(tourney_error(TourneyError::NoBoard))?;
        let row = self.latest_tournament(cmd).await?;
        let own = row
            .state
            .entrant_of(&cmd.actor.user)
            .map(|e| links.player(row.id, e.id.0));
        Ok(tournament_content(TournamentContent::Board {
            tournament: row.state.name.clone(),
            board: links.board(row.id),
            own,
        }))
    }
}
