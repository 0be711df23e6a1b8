//! The tournament as files: the standings or every game as CSV, all of it as a spreadsheet,
//! the standings as a picture.

use super::views::standings_view;
use super::{ExportFile, ExportKind, GameLosers, GameRow, TournamentContent, tournament_content};
use crate::service::reply::Reply;
use crate::service::{Command, Service, ServiceError};
use crate::store::ChatSettings;
use crate::tournament::{Tournament, score_game};

/// Every game of every round, in the order of rounds, tables and games.
pub(crate) fn game_rows(t: &Tournament) -> Vec<GameRow> {
    let mut rows = Vec::new();
    for round in &t.rounds {
        for table in &round.tables {
            for (i, game) in table.games.iter().enumerate() {
                let scores = score_game(&t.format, game);
                rows.push(GameRow {
                    round: round.number,
                    stage: round.stage,
                    table: table.number,
                    game: i as u32 + 1,
                    players: scores
                        .iter()
                        .map(|(p, s)| (t.name_of(*p).to_string(), s.points))
                        .collect(),
                    losers: GameLosers {
                        halves: game
                            .halves
                            .iter()
                            .map(|h| t.name_of(h.loser).to_string())
                            .collect(),
                        final_loser: game.final_loser.map(|f| t.name_of(f).to_string()),
                        scharf: game.scharf,
                    },
                });
            }
        }
    }
    rows
}

impl Service {
    pub(super) async fn tournament_export(
        &self,
        cmd: &Command,
        kind: ExportKind,
        settings: &ChatSettings,
    ) -> Result<Reply, ServiceError> {
        let row = self.latest_tournament(cmd).await?;
        let file = ExportFile {
            kind,
            standings: standings_view(&row.state),
            games: game_rows(&row.state),
            round: row
                .state
                .current_round()
                .map(|r| super::views::round_view(&row.state, r, self.now())),
            made_at: self.now(),
            time_zone: self.zone(settings),
        };
        Ok(tournament_content(TournamentContent::File(Box::new(file))))
    }
}
