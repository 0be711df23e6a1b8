//! What follows a move: computer players take their turns, the game's end, debts and
//! statistics, the turn timer; and the moves nobody made (a turn timer ran out, an idle table
//! closes).

pub use super::computer::hint;
use super::computer::{computer_turn, is_computers_turn, play_bots};
use super::{NewDebt, Table, TableContext, TableOutcome, TableStatus, outcome};
use crate::engine::{Action, DiceRoller, Event, Mark, Seat, marks};
use crate::service::reply::{Notice, PlayerStats};

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

/// Adds a player's delta to the game's statistics so far.
fn add_stats(pending: &mut Vec<PlayerStats>, delta: PlayerStats) {
    match pending.iter_mut().find(|s| s.user == delta.user) {
        Some(s) => {
            s.name = delta.name;
            s.games += delta.games;
            s.halves_lost += delta.halves_lost;
            s.finals += delta.finals;
            s.games_lost += delta.games_lost;
            s.blattschuss += delta.blattschuss;
            s.schock_aus += delta.schock_aus;
            s.schock_aus_received += delta.schock_aus_received;
            if let Some(best) = delta.best
                && s.best.is_none_or(|b| best.rank > b.rank)
            {
                s.best = Some(best);
            }
        }
        None => pending.push(delta),
    }
}

/// After a move: the game's end, debts, statistics, the turn timer and the round's start.
pub(super) fn finish_move(out: &mut TableOutcome, ctx: &TableContext) {
    let table = &mut out.table;
    let mut stats = StatsDelta::default();
    let mut over = false;
    for event in &out.events {
        // A computer player owes nobody a round: its debts stay out of the ledger.
        if let Event::DebtOwed { seat, reason } = event
            && let Some(m) = table.member_at(*seat).filter(|m| !m.bot)
        {
            out.debts.push(NewDebt {
                user: m.user.clone(),
                name: m.name.clone(),
                reason: *reason,
            });
        }
        over |= matches!(event, Event::GameOver(_));
        stats.count(table, event);
    }
    if over {
        let abandoned = table
            .game
            .as_ref()
            .and_then(|g| g.result())
            .is_some_and(|r| r.abandoned);
        table.status = if abandoned {
            TableStatus::Abandoned
        } else {
            TableStatus::Finished
        };
    }
    let running = table.status == TableStatus::Running && !table.tally;
    table.turn_deadline = match table.current_user() {
        // A computer player moves after its pause.
        Some(_) if running && is_computers_turn(table) => Some(ctx.now + ctx.computer_pause_ms),
        // No timer at a real table: nobody there waits for the bot.
        Some(_) if ctx.turn_ms > 0 && running => Some(ctx.now + ctx.turn_ms),
        _ => None,
    };
    for delta in stats.0 {
        add_stats(&mut table.pending_stats, delta);
    }
    if over {
        out.stats = std::mem::take(&mut table.pending_stats);
    }
    if out
        .events
        .iter()
        .any(|e| matches!(e, Event::RoundStarted { .. }))
    {
        table.round_since = table.version;
    }
}

/// What one command's events add to the players' statistics.
#[derive(Default)]
struct StatsDelta(Vec<PlayerStats>);

impl StatsDelta {
    /// Adds to the statistics of the member at `seat`.
    fn add(&mut self, table: &Table, seat: Seat, change: impl Fn(&mut PlayerStats)) {
        let Some(member) = table.member_at(seat) else {
            return;
        };
        let i = match self.0.iter().position(|s| s.user == member.user) {
            Some(i) => i,
            None => {
                self.0.push(PlayerStats {
                    user: member.user.clone(),
                    name: member.name.clone(),
                    ..PlayerStats::default()
                });
                self.0.len() - 1
            }
        };
        change(&mut self.0[i]);
    }

    /// Adds what `event` marks ([`crate::engine::marks`]: the one reading of a game's events
    /// for rolled and tally games alike) to the players' statistics.
    fn count(&mut self, table: &Table, event: &Event) {
        let seated: Vec<Seat> = (0..table.members.len())
            .filter(|i| !table.members[*i].left)
            .map(|i| Seat(i as u8))
            .collect();
        for (seat, mark) in marks(event, &seated) {
            self.add(table, seat, |s| match mark {
                Mark::Played => s.games += 1,
                Mark::HalfLost => s.halves_lost += 1,
                Mark::Final => s.finals += 1,
                Mark::GameLost { blattschuss } => {
                    s.games_lost += 1;
                    s.blattschuss += i64::from(blattschuss);
                }
                Mark::SchockAusThrown => s.schock_aus += 1,
                Mark::SchockAusReceived => s.schock_aus_received += 1,
                Mark::Threw(eval) => {
                    if s.best.is_none_or(|b| eval.rank > b.rank) {
                        s.best = Some(eval);
                    }
                }
            });
        }
    }
}
