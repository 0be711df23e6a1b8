//! Digital tables: a chat place (a Discord channel or thread, a Telegram topic, the web
//! table) is bound to a table of the running round with `/turnier tisch N`; every game that
//! ends there among exactly that table's players counts by itself.

use super::{TournamentNotice, TourneyError, director_only, tournament_notice};
use crate::engine::{Part, Seat};
use crate::model::ids::UserId;
use crate::model::table::Table;
use crate::service::reply::Reply;
use crate::service::{Command, Service, ServiceError};
use crate::store::StoreError;
use crate::tournament::{EntrantId, HalfResult, TableGame, Tournament, TournamentError};
use tracing::warn;

/// A game that ended at a chat table, by its players' accounts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FinishedGame {
    pub players: Vec<UserId>,
    /// Per half: the groups going out (first first) and the loser.
    pub halves: Vec<(Vec<Vec<UserId>>, UserId)>,
    pub final_loser: Option<UserId>,
}

/// The game of `table` once it is over (not abandoned), with every seat's account.
pub(crate) fn finished_game(table: &Table) -> Option<FinishedGame> {
    let game = table.game.as_ref()?;
    let result = game.result().filter(|r| !r.abandoned)?;
    let user = |seat: Seat| table.member_at(seat).map(|m| m.user.clone());
    let players = (0..game.players().len())
        .map(|i| user(Seat(i as u8)))
        .collect::<Option<Vec<_>>>()?;
    let halves = [Part::Half1, Part::Half2]
        .into_iter()
        .zip(game.half_losers())
        .map(|(part, loser)| {
            let mut seen: Vec<Seat> = vec![*loser];
            let groups = table
                .game_outs
                .iter()
                .filter(|(p, _)| *p == part)
                .filter_map(|(_, out)| {
                    let group: Vec<UserId> = out
                        .iter()
                        .filter(|s| !seen.contains(s))
                        .filter_map(|s| user(*s))
                        .collect();
                    seen.extend(out.iter().copied());
                    (!group.is_empty()).then_some(group)
                })
                .collect();
            Some((groups, user(*loser)?))
        })
        .collect::<Option<Vec<_>>>()?;
    let final_loser = match game.finalists() {
        Some(_) => Some(user(result.loser?)?),
        None => None,
    };
    Some(FinishedGame {
        players,
        halves,
        final_loser,
    })
}

/// The game in the tournament's numbers; `None` when a player is no entrant.
fn as_table_game(t: &Tournament, game: &FinishedGame) -> Option<TableGame> {
    let id = |u: &UserId| t.entrant_of(u).map(|e| e.id);
    let players = game
        .players
        .iter()
        .map(id)
        .collect::<Option<Vec<EntrantId>>>()?;
    let mut halves = Vec::new();
    for (groups, loser) in &game.halves {
        let loser = id(loser)?;
        let mut out: Vec<Vec<EntrantId>> = groups
            .iter()
            .map(|g| g.iter().map(id).collect::<Option<Vec<_>>>())
            .collect::<Option<_>>()?;
        // Whoever the rounds did not name went out with the half's last round.
        let named: Vec<EntrantId> = out.iter().flatten().copied().chain([loser]).collect();
        let rest: Vec<EntrantId> = players
            .iter()
            .copied()
            .filter(|p| !named.contains(p))
            .collect();
        if !rest.is_empty() {
            out.push(rest);
        }
        halves.push(HalfResult { out, loser });
    }
    Some(TableGame {
        players,
        halves,
        final_loser: game.final_loser.as_ref().map(id).unwrap_or(None),
        scharf: false,
    })
}

impl Service {
    /// `/turnier tisch N`: table N of the running round plays here.
    pub(super) async fn bind_table_here(
        &self,
        cmd: &Command,
        table: u32,
    ) -> Result<Reply, ServiceError> {
        let place = cmd.chat.to_string();
        self.change_tournament(cmd, |t, asker| {
            let round = t.running_round().ok_or(TournamentError::NoRoundRunning)?;
            let seated = asker
                .entrant
                .and_then(|e| round.table_of(e))
                .is_some_and(|tb| tb.number == table);
            if !seated {
                director_only(asker)?;
            }
            Ok(t.bind_place(table, &place)?)
        })
        .await?;
        Ok(tournament_notice(
            TournamentNotice::TableBound { table },
            None,
        ))
    }

    /// After a game ended at `table`'s place: if the place plays a tournament table, the
    /// game counts there. Returns what to tell the table (also when it could not count).
    pub(crate) async fn report_tournament_game(&self, table: &Table) -> Option<TournamentNotice> {
        let game = finished_game(table)?;
        let place = table.chat.to_string();
        for _ in 0..8 {
            let row = match self.store.running_tournament(&table.chat.club()).await {
                Ok(Some(row)) => row,
                Ok(None) => return None,
                Err(e) => {
                    warn!(error = %e, place = %place, "tournament not reachable; the game was not counted");
                    return None;
                }
            };
            let mut next = row.state.clone();
            next.time_over(self.now());
            let (round, number) = next.table_at(&place)?;
            let Some(result) = as_table_game(&next, &game) else {
                return Some(not_counted(number, TourneyError::NotRegistered));
            };
            let entry = next.round(round).ok()?.table(number)?.games.len() as u32 + 1;
            let entered = match next.record_game(round, number, entry, result) {
                Ok(entered) => entered,
                Err(e) => return Some(not_counted(number, e.into())),
            };
            match self
                .store
                .save_tournament(row.id, row.version, &next, self.now())
                .await
            {
                Ok(_) => {
                    return Some(TournamentNotice::GameCounted {
                        table: number,
                        game: entered.game,
                        losers: super::entries::losers_of(&next, round, number, entered.game),
                        table_closed: entered.table_closed,
                        round_complete: entered.round_complete,
                    });
                }
                Err(StoreError::Stale) => continue,
                Err(e) => {
                    warn!(error = %e, place = %place, "the tournament could not store a game");
                    return None;
                }
            }
        }
        None
    }
}

fn not_counted(table: u32, why: TourneyError) -> TournamentNotice {
    TournamentNotice::NotCounted { table, why }
}
