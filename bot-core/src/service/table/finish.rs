//! What follows a move, whoever made it: the game's end, debts, statistics, the turn timer
//! (a computer player's pause) and the round's start.

use super::{NewDebt, Table, TableContext, TableOutcome, TableStatus, is_computers_turn};
use crate::engine::{Event, Mark, Part, Seat, marks};
use crate::service::reply::PlayerStats;

/// Keeps who went out in which round of a half (a tournament scores the order).
fn note_outs(outs: &mut Vec<(Part, Vec<Seat>)>, event: &Event) {
    match event {
        Event::PartStarted {
            part: Part::Half1, ..
        } => outs.clear(),
        Event::RoundScored(s) if !s.out.is_empty() => outs.push((s.part, s.out.clone())),
        Event::PenaltyEntered(e) if !e.out.is_empty() => outs.push((e.part, e.out.clone())),
        _ => {}
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
        note_outs(&mut table.game_outs, event);
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
