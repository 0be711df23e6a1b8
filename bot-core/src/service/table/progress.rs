//! The moves nobody made: a turn timer ran out (a computer player takes its turn, or the
//! player stands), an idle table closes; the hints. What follows every move is [`super::finish`].

pub use super::computer::hint;
use super::computer::{computer_turn, play_bots};
use super::finish::finish_move;
use super::{Table, TableContext, TableOutcome, TableStatus, is_computers_turn, outcome};
use crate::engine::{Action, DiceRoller};
use crate::service::reply::Notice;

/// The table's deadline passed: a computer player takes its turn after its pause, or the
/// turn timer ran out and the current player stands with what he has.
pub fn time_out<R: DiceRoller + ?Sized>(
    table: &Table,
    ctx: &TableContext,
    rng: &mut R,
) -> Option<TableOutcome> {
    if is_computers_turn(table) {
        return computer_turn(table, ctx, rng);
    }
    let game = table.game.as_ref()?;
    let seat = game.current()?;
    let mut table = table.clone();
    table.updated_at = ctx.now;
    let name = table.member_at(seat)?.name.clone();
    let game = table.game.as_mut()?;
    // While the starter announces, the timer starts the round without extras.
    let action = if game.round().announcing {
        Action::Throw
    } else {
        Action::Timeout
    };
    let events = game.apply(seat, &action, rng).ok()?;
    table.version += 1;
    let mut out = outcome(table, vec![Notice::TimedOut { name }]);
    out.events = events;
    play_bots(&mut out, ctx, rng);
    finish_move(&mut out, ctx);
    Some(out)
}

/// The database was gone for `outage_ms` while `table`'s player had his turn: he gets the
/// timer's full time again from now, and never less than the outage took from him (the
/// chat's timer may have changed meanwhile), so the outage is not held against him. A
/// computer player just moves when it is back; a real table has no timer.
pub fn renew_turn(table: &Table, ctx: &TableContext, outage_ms: i64) -> Option<TableOutcome> {
    let running = table.status == TableStatus::Running && !table.tally;
    let deadline = table.turn_deadline?;
    if !running || is_computers_turn(table) {
        return None;
    }
    let seat = table.game.as_ref()?.current()?;
    let name = table.member_at(seat)?.name.clone();
    let mut table = table.clone();
    table.turn_deadline = Some((ctx.now + ctx.turn_ms).max(deadline + outage_ms));
    table.updated_at = ctx.now;
    table.version += 1;
    let outage_seconds = ((outage_ms + 500) / 1000).max(1);
    Some(outcome(
        table,
        vec![Notice::TurnRenewed {
            name,
            outage_seconds,
        }],
    ))
}

/// Closes an idle table without a debt.
pub fn close_idle(table: &Table, ctx: &TableContext) -> Option<TableOutcome> {
    let mut table = table.clone();
    let mut events = Vec::new();
    if let Some(game) = table.game.as_mut()
        && !game.is_over()
    {
        events = game.abandon().ok()?;
    }
    table.status = TableStatus::Abandoned;
    table.turn_deadline = None;
    table.updated_at = ctx.now;
    table.version += 1;
    let stats = std::mem::take(&mut table.pending_stats);
    let mut out = outcome(table, vec![Notice::IdleClosed]);
    out.events = events;
    out.stats = stats;
    Some(out)
}
