//! Tally tables: a game with real dice whose rounds are entered whole. The engine scores
//! them ([`crate::engine::RoundEntry`]); here the names of the typed line become seats, and
//! the last entered round can be taken back within the undo window.

use super::finish::finish_move;
use super::{Table, TableContext, TableOutcome, TableStatus, TakenBack, clean_name, find, outcome};
use crate::engine::judge::ThrowInput;
use crate::engine::{EnteredThrow, FinalThrow, RoundEntry, Seat, TallyError};
use crate::grammar::{self, tally::RoundLine};
use crate::model::table::EnteredRound;
use crate::service::command::{Command, UserRef};
use crate::service::error::ServiceError;
use crate::service::reply::Notice;

/// A seated player enters the round that just fell at the table.
pub(super) fn enter_round(
    mut table: Table,
    cmd: &Command,
    text: &str,
    ctx: &TableContext,
) -> Result<TableOutcome, ServiceError> {
    if !table.tally {
        return Err(TallyError::NotTally.into());
    }
    if table.status != TableStatus::Running {
        return Err(ServiceError::NotRunning);
    }
    let by = table
        .seat_of(&cmd.actor.user)
        .and_then(|s| table.member_at(s))
        .map(|m| m.name.clone())
        .ok_or(ServiceError::NotMember)?;
    let line =
        grammar::tally::parse(text).map_err(|e| ServiceError::JudgeSyntax(clip_part(&e.part)))?;
    let entry = round_entry(&table, line)?;
    let game = table.game.as_mut().ok_or(ServiceError::NotRunning)?;
    let before = game.clone();
    let events = game.enter_round(&entry)?;
    let stats = table.pending_stats.clone();
    table.version += 1;
    let mut out = outcome(table, vec![Notice::RoundEntered { by }]);
    out.events = events;
    finish_move(&mut out, ctx);
    // What the round wrote beyond the table goes back with it.
    out.table.entered = Some(Box::new(EnteredRound {
        before,
        stats,
        debts: out.debts.clone(),
        written_stats: out.stats.clone(),
        by: cmd.actor.user.clone(),
        at: ctx.now,
    }));
    Ok(out)
}

/// Whether `cmd`'s undo is for this table: a tally game runs here, or just ended with an
/// entered round, and has a round to take back (otherwise undo is the ledger's).
pub fn undoes_round(table: Option<&Table>) -> bool {
    table.is_some_and(|t| {
        t.tally
            && matches!(t.status, TableStatus::Running | TableStatus::Finished)
            && t.entered.is_some()
    })
}

/// Takes back the last entered round (a typo at the pub): anyone seated, within the undo
/// window. Only that one round: the game before it had no other to go back to. A round that
/// ended the game opens it again: its Bierrunde is reversed in the ledger and its statistics
/// come off the season.
pub(super) fn undo_round(
    mut table: Table,
    cmd: &Command,
    ctx: &TableContext,
) -> Result<TableOutcome, ServiceError> {
    let by = table
        .seat_of(&cmd.actor.user)
        .and_then(|s| table.member_at(s))
        .map(|m| m.name.clone())
        .ok_or(ServiceError::NotMember)?;
    let entered = table.entered.take().ok_or(ServiceError::NothingToUndo)?;
    if ctx.now - entered.at > ctx.undo_ms {
        return Err(ServiceError::UndoExpired {
            minutes: (ctx.undo_ms / 60_000).max(1) as u32,
        });
    }
    table.game = Some(entered.before);
    table.pending_stats = entered.stats;
    table.status = TableStatus::Running;
    table.version += 1;
    table.round_since = table.version;
    let mut notices = vec![Notice::RoundTakenBack { by }];
    notices.extend(entered.debts.iter().map(|d| Notice::DebtTakenBack {
        name: d.name.clone(),
    }));
    let mut out = outcome(table, notices);
    out.taken_back = TakenBack {
        debts: entered.debts,
        stats: entered.written_stats,
    };
    Ok(out)
}

/// The seat a typed name stands for (as `/kick` finds players: case does not matter).
fn seat_named(table: &Table, name: &str) -> Result<Seat, ServiceError> {
    find(table, &UserRef::Name(clean_name(name))).map(|i| Seat(i as u8))
}

fn round_entry(table: &Table, line: RoundLine) -> Result<RoundEntry, ServiceError> {
    Ok(match line {
        RoundLine::Throws(throws) => RoundEntry::Throws {
            throws: throws
                .iter()
                .map(|t| entered_throw(table, t))
                .collect::<Result<_, _>>()?,
        },
        RoundLine::Penalty {
            loser,
            deckel,
            from,
        } => RoundEntry::Penalty {
            loser: seat_named(table, &loser)?,
            deckel,
            from: from.map(|f| seat_named(table, &f)).transpose()?,
        },
        RoundLine::SchockAus { loser } => RoundEntry::SchockAus {
            loser: seat_named(table, &loser)?,
        },
    })
}

fn entered_throw(table: &Table, t: &ThrowInput) -> Result<EnteredThrow, ServiceError> {
    let die = |i: usize| t.dice.get(i).map_or(0, |v| u8::try_from(*v).unwrap_or(0));
    Ok(EnteredThrow {
        seat: seat_named(table, &t.player)?,
        throw: FinalThrow {
            dice: [die(0), die(1), die(2)],
            throws: u8::try_from(t.throws).unwrap_or(u8::MAX),
            hand: t.hand,
            blind: t.blind,
        },
    })
}

/// The unreadable part of a line, short enough for a message.
fn clip_part(part: &str) -> String {
    part.chars().take(60).collect()
}
