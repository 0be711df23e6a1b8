//! A table's games: a player at a real-cup table enters one, another confirms it; the
//! director's entry counts at once, and his corrections are logged.

use super::{
    GameEntry, GameLosers, TournamentNotice, TourneyError, director_only, tournament_notice,
};
use crate::service::reply::Reply;
use crate::service::{Command, Service, ServiceError};
use crate::tournament::{
    EntrantId, HalfResult, PendingGame, Scoring, TableGame, Tournament, TournamentError,
};

impl Service {
    pub(super) async fn enter_game(
        &self,
        cmd: &Command,
        table: u32,
        game: u32,
        entry: &GameEntry,
    ) -> Result<Reply, ServiceError> {
        let now = self.now();
        let (state, counted) = self
            .change_tournament(cmd, |t, asker| {
                let round = t.running_round().ok_or(TournamentError::NoRoundRunning)?;
                let number = round.number;
                let result = game_of(t, number, table, entry, None)?;
                if asker.director {
                    return Ok(Some(t.record_game(number, table, game, result)?));
                }
                let by = asker.entrant.ok_or(TourneyError::NotRegistered)?;
                t.propose_game(PendingGame {
                    round: number,
                    table,
                    game,
                    result,
                    by,
                    at: now,
                })?;
                Ok(None)
            })
            .await?;
        let notice = match counted {
            Some(entered) => TournamentNotice::GameCounted {
                table,
                game,
                losers: losers_of(&state, entered.round, table, game),
                table_closed: entered.table_closed,
                round_complete: entered.round_complete,
            },
            None => {
                let pending = state.pending_at(table);
                TournamentNotice::EntryWaiting {
                    table,
                    game,
                    by: pending.map_or_else(String::new, |p| state.name_of(p.by).to_string()),
                    losers: pending.map_or_else(GameLosers::default, |p| names(&state, &p.result)),
                }
            }
        };
        Ok(tournament_notice(notice, None))
    }

    /// `confirm` (or `reject`) the entry waiting at the asker's table (or the one named).
    pub(super) async fn confirm_entry(
        &self,
        cmd: &Command,
        table: Option<u32>,
        confirm: bool,
    ) -> Result<Reply, ServiceError> {
        let (state, notice) = self
            .change_tournament(cmd, |t, asker| {
                let by = asker.entrant.ok_or(TourneyError::NotRegistered)?;
                let round = t.running_round().ok_or(TournamentError::NoRoundRunning)?;
                let table = match table {
                    Some(n) => n,
                    None => round.table_of(by).ok_or(TourneyError::NotSeated)?.number,
                };
                if confirm {
                    let entered = t.confirm_game(table, by)?;
                    Ok(TournamentNotice::GameCounted {
                        table,
                        game: entered.game,
                        losers: GameLosers::default(),
                        table_closed: entered.table_closed,
                        round_complete: entered.round_complete,
                    })
                } else {
                    let dropped = t.reject_game(table, by)?;
                    Ok(TournamentNotice::EntryRejected {
                        table,
                        game: dropped.game,
                        by: t.name_of(by).to_string(),
                    })
                }
            })
            .await?;
        let notice = match notice {
            TournamentNotice::GameCounted {
                table,
                game,
                table_closed,
                round_complete,
                ..
            } => {
                let round = state.current_round().map_or(0, |r| r.number);
                TournamentNotice::GameCounted {
                    table,
                    game,
                    losers: losers_of(&state, round, table, game),
                    table_closed,
                    round_complete,
                }
            }
            other => other,
        };
        Ok(tournament_notice(notice, None))
    }

    pub(super) async fn correct_entry(
        &self,
        cmd: &Command,
        place: (u32, u32, u32),
        entry: Option<&GameEntry>,
    ) -> Result<Reply, ServiceError> {
        let now = self.now();
        let by = super::super::table::clean_name(&cmd.actor.name);
        let (round, table, game) = place;
        self.change_tournament(cmd, |t, asker| {
            director_only(asker)?;
            let players = t
                .round(round)?
                .table(table)
                .and_then(|tb| tb.games.get(game.saturating_sub(1) as usize))
                .map(|g| g.players.clone())
                .ok_or(TournamentError::UnknownGame { table, game })?;
            let result = match entry {
                Some(entry) => Some(game_of(t, round, table, entry, Some(players))?),
                None => None,
            };
            Ok(t.correct_game((now, &by, ""), place, result)?)
        })
        .await?;
        Ok(tournament_notice(
            TournamentNotice::Corrected {
                round,
                table,
                game,
                deleted: entry.is_none(),
            },
            None,
        ))
    }
}

/// The game an entry describes, its names read against the table's players.
fn game_of(
    t: &Tournament,
    round: u32,
    table: u32,
    entry: &GameEntry,
    players: Option<Vec<EntrantId>>,
) -> Result<TableGame, TourneyError> {
    let r = t.round(round)?;
    let seated = r
        .table(table)
        .ok_or(TournamentError::UnknownTable { round, table })?;
    let players = players.unwrap_or_else(|| seated.next_players(&t.format, r.stage));
    let who = |token: &str| resolve(t, &seated.players, table, token);
    match entry {
        GameEntry::Losers { names } => {
            if t.format.scoring == Scoring::Platzierung && !r.stage.is_knockout() {
                return Err(TourneyError::OrderNeeded);
            }
            if names.is_empty() || names.len() > 3 {
                return Err(TourneyError::LosersCount);
            }
            let losers = names
                .iter()
                .map(|n| who(n))
                .collect::<Result<Vec<_>, _>>()?;
            let halves = &losers[..losers.len().min(2)];
            let final_loser = losers.get(2).copied();
            Ok(TableGame::from_losers(&players, halves, final_loser, false))
        }
        GameEntry::Order {
            halves,
            final_loser,
        } => {
            let mut read = Vec::new();
            for half in halves {
                let mut groups = half
                    .iter()
                    .map(|g| g.iter().map(|n| who(n)).collect::<Result<Vec<_>, _>>())
                    .collect::<Result<Vec<_>, _>>()?;
                let loser = match groups.pop().as_deref() {
                    Some([one]) => *one,
                    _ => return Err(TourneyError::LosersCount),
                };
                read.push(HalfResult { out: groups, loser });
            }
            let final_loser = final_loser.as_deref().map(who).transpose()?;
            Ok(TableGame {
                players,
                halves: read,
                final_loser,
                scharf: false,
            })
        }
    }
}

/// A player at the table by seat number (1 = the captain) or by name: the whole name, or
/// the start of exactly one name, in any case.
fn resolve(
    t: &Tournament,
    seated: &[EntrantId],
    table: u32,
    token: &str,
) -> Result<EntrantId, TourneyError> {
    let token = token.trim().trim_start_matches('@');
    if let Ok(seat) = token.parse::<u32>() {
        return seated
            .get(seat.saturating_sub(1) as usize)
            .filter(|_| seat >= 1)
            .copied()
            .ok_or(TourneyError::NoSeat { seat, table });
    }
    let wanted = token.to_lowercase();
    let name = |id: &EntrantId| t.name_of(*id).to_lowercase();
    if let Some(id) = seated.iter().find(|id| name(id) == wanted) {
        return Ok(*id);
    }
    let starts: Vec<EntrantId> = seated
        .iter()
        .filter(|id| name(id).starts_with(&wanted))
        .copied()
        .collect();
    match starts.as_slice() {
        [one] => Ok(*one),
        [] => Err(TourneyError::NotAtThisTable {
            name: token.to_string(),
            table,
        }),
        _ => Err(TourneyError::Ambiguous {
            name: token.to_string(),
            table,
        }),
    }
}

fn names(t: &Tournament, game: &TableGame) -> GameLosers {
    GameLosers {
        halves: game
            .halves
            .iter()
            .map(|h| t.name_of(h.loser).to_string())
            .collect(),
        final_loser: game.final_loser.map(|f| t.name_of(f).to_string()),
        scharf: game.scharf,
    }
}

pub(super) fn losers_of(t: &Tournament, round: u32, table: u32, game: u32) -> GameLosers {
    t.round(round)
        .ok()
        .and_then(|r| r.table(table))
        .and_then(|tb| tb.games.get(game.saturating_sub(1) as usize))
        .map(|g| names(t, g))
        .unwrap_or_default()
}
