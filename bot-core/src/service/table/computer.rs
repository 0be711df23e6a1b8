//! Computer players at a table, and hints. In a chat a computer player waits
//! [`TableContext::computer_pause_ms`] before its turn (the table's deadline wakes it), so
//! people can follow; at the terminal it moves at once. Both decide from what their seat
//! may see (`engine::ai`); the strong player's tables are shared by the service.

use super::finish::finish_move;
use super::{Table, TableContext, TableOutcome, is_computers_turn, outcome};
use crate::engine::ai::StrongPlayers;
use crate::engine::odds::ChoiceOdds;
use crate::engine::{ActionError, DiceRoller, Seat};
use crate::service::error::ServiceError;
use crate::service::ids::UserId;
use crate::service::reply::{Hint, HintChoice};

/// Choices a hint names.
const HINT_CHOICES: usize = 3;

fn lock(computers: &super::Computers) -> std::sync::MutexGuard<'_, StrongPlayers> {
    // A panic while deciding leaves nothing half-changed that matters: the tables are caches.
    computers.lock().unwrap_or_else(|p| p.into_inner())
}

/// Computer players move until a human is to act — at once when the context has no pause
/// (the terminal); in a chat they wait for the table's deadline ([`computer_turn`]).
pub(super) fn play_bots<R: DiceRoller + ?Sized>(
    out: &mut TableOutcome,
    ctx: &TableContext,
    rng: &mut R,
) {
    if ctx.computer_pause_ms > 0 {
        return;
    }
    while is_computers_turn(&out.table) {
        if !play_one_turn(out, ctx, rng) {
            return;
        }
    }
}

/// The pause is over: the computer player to act takes its whole turn.
pub(super) fn computer_turn<R: DiceRoller + ?Sized>(
    table: &Table,
    ctx: &TableContext,
    rng: &mut R,
) -> Option<TableOutcome> {
    let mut table = table.clone();
    table.updated_at = ctx.now;
    let mut out = outcome(table, Vec::new());
    if !play_one_turn(&mut out, ctx, rng) {
        return None;
    }
    out.table.version += 1;
    finish_move(&mut out, ctx);
    Some(out)
}

/// Plays the current computer player's moves until another seat is to act. Returns
/// whether it moved at all.
fn play_one_turn<R: DiceRoller + ?Sized>(
    out: &mut TableOutcome,
    ctx: &TableContext,
    rng: &mut R,
) -> bool {
    let table = &mut out.table;
    let Some(game) = table.game.as_mut() else {
        return false;
    };
    let Some(seat) = game.current() else {
        return false;
    };
    let Some(strategy) = table
        .members
        .get(seat.index())
        .filter(|m| m.bot)
        .map(|m| m.strategy)
    else {
        return false;
    };
    let mut moved = false;
    // A turn is a handful of moves; the bound only guards against a policy that loops.
    for _ in 0..64 {
        if game.current() != Some(seat) {
            break;
        }
        let Some(action) = lock(&ctx.computers).choose(strategy, game, seat) else {
            break;
        };
        match game.apply(seat, &action, rng) {
            Ok(events) => {
                out.events.extend(events);
                moved = true;
            }
            Err(_) => break,
        }
    }
    moved
}

/// A hint for `user`: his best choices by the exact odds, from what his seat may see.
pub fn hint(table: &Table, user: &UserId, ctx: &TableContext) -> Result<Hint, ServiceError> {
    let seat: Seat = table.seat_of(user).ok_or(ServiceError::NotMember)?;
    let game = table
        .game
        .as_ref()
        .filter(|_| !table.tally)
        .ok_or(ServiceError::NotRunning)?;
    // Someone else's turn reads as for any other move out of turn.
    match game.current() {
        Some(current) if current != seat => {
            return Err(ServiceError::Action(ActionError::NotYourTurn { current }));
        }
        _ => {}
    }
    let odds = lock(&ctx.computers)
        .for_rules(game.rules())
        .advice(game, seat)
        .ok_or(ServiceError::NoHintNow)?;
    Ok(Hint {
        choices: odds
            .into_iter()
            .take(HINT_CHOICES)
            .map(
                |ChoiceOdds {
                     choice,
                     not_lowest,
                     deckel,
                 }| HintChoice {
                    choice,
                    not_lowest,
                    deckel,
                },
            )
            .collect(),
    })
}
