//! A table command, one function per kind of request. On error nothing changes.

use super::computer::play_bots;
use super::finish::finish_move;
use super::tally;
use super::{
    DiceProof, MAX_CLIENT_SEED, Member, Seating, Table, TableContext, TableOutcome, TableStatus,
    clean_name, find, may_manage, outcome,
};
use crate::engine::ai::Strategy;
use crate::engine::{Action, Departure, DiceRoller, Game, MAX_PLAYERS, Seat};
use crate::service::command::{Command, Request, UserRef};
use crate::service::error::ServiceError;
use crate::service::reply::Notice;

/// Applies a table command to the place's table (`None` when it has none). On error nothing
/// changes.
pub fn apply<R: DiceRoller + ?Sized>(
    table: Option<&Table>,
    cmd: &Command,
    ctx: &TableContext,
    rng: &mut R,
) -> Result<TableOutcome, ServiceError> {
    // The round that ended a tally game can still be taken back: the game opens again.
    if cmd.request == Request::Undo
        && let Some(finished) = table.filter(|t| t.status == TableStatus::Finished)
    {
        let mut table = finished.clone();
        table.updated_at = ctx.now;
        return tally::undo_round(table, cmd, ctx);
    }
    let open_table = table.filter(|t| t.status.is_open());
    if matches!(cmd.request, Request::Open | Request::OpenTally) {
        return match open_table {
            Some(_) => Err(ServiceError::TableExists),
            None => Ok(open(cmd, ctx, cmd.request == Request::OpenTally)),
        };
    }
    let current = match open_table {
        Some(t) => t,
        // The button of the game that just ended in this place.
        None if table.is_some_and(|t| cmd.expected.is_some_and(|(id, _)| id == t.id)) => {
            return Err(ServiceError::GameOver);
        }
        None => return Err(ServiceError::NoTable),
    };
    check_button(current, cmd)?;
    let mut table = current.clone();
    table.updated_at = ctx.now;
    match &cmd.request {
        Request::Join => join(table, cmd),
        Request::AddBot { name, strategy } => add_bot(table, cmd, name, *strategy),
        Request::Leave => leave(table, cmd, ctx, rng),
        Request::Kick { user } => kick(table, cmd, user, ctx, rng),
        Request::End => end(table, cmd),
        Request::Start => start(table, cmd, None, ctx, rng),
        Request::StartWith { starter } => start(table, cmd, Some(starter), ctx, rng),
        Request::EnterRound { text } => tally::enter_round(table, cmd, text, ctx),
        Request::Undo => tally::undo_round(table, cmd, ctx),
        Request::Seed { text } => set_client_seed(table, cmd, text),
        request => game_move(table, cmd, request, ctx, rng),
    }
}

/// A button from another game is stale whatever it does; a move must also be made for the
/// table's version, or for an older one the table tolerates (see [`Table::tolerates`]).
fn check_button(current: &Table, cmd: &Command) -> Result<(), ServiceError> {
    match cmd.expected {
        Some((table_id, _)) if table_id != current.id => Err(ServiceError::Stale),
        Some((_, version)) if cmd.request.is_move() && version != current.version => {
            let kind = game_action(&cmd.request).map(|a| a.kind());
            match kind {
                Some(kind) if current.tolerates(version, &cmd.actor.user, kind) => Ok(()),
                _ => Err(ServiceError::Stale),
            }
        }
        _ => Ok(()),
    }
}

/// A new table; with `tally` for a game with real dice (no dice of the bot's to prove).
fn open(cmd: &Command, ctx: &TableContext, tally: bool) -> TableOutcome {
    let actor = &cmd.actor;
    let mut table = Table {
        id: 0,
        chat: cmd.chat.clone(),
        version: 0,
        log_seq: 0,
        status: TableStatus::Lobby,
        opener: actor.user.clone(),
        members: Vec::new(),
        rules: ctx.rules.clone(),
        game: None,
        seed: ctx.seed,
        proof: ctx
            .server_seed
            .clone()
            .filter(|_| !tally)
            .map(DiceProof::new),
        season: ctx.season,
        created_at: ctx.now,
        updated_at: ctx.now,
        turn_deadline: None,
        message_ref: None,
        pending_stats: Vec::new(),
        round_since: 0,
        moves: Vec::new(),
        tally,
        entered: None,
        game_outs: Vec::new(),
    };
    let name = table.seat(actor.user.clone(), &actor.name, false);
    outcome(table, vec![Notice::Opened { name }])
}

/// Seats are taken in the lobby only, up to the engine's maximum.
fn check_seat_free(table: &Table) -> Result<(), ServiceError> {
    if table.status == TableStatus::Running {
        return Err(ServiceError::GameRunning);
    }
    if table.members.len() >= MAX_PLAYERS {
        return Err(ServiceError::TableFull { max: MAX_PLAYERS });
    }
    Ok(())
}

fn join(mut table: Table, cmd: &Command) -> Result<TableOutcome, ServiceError> {
    if table.member_index(&cmd.actor.user).is_some() {
        return Err(ServiceError::AlreadyMember);
    }
    check_seat_free(&table)?;
    let name = table.seat(cmd.actor.user.clone(), &cmd.actor.name, false);
    table.version += 1;
    Ok(outcome(table, vec![Notice::Joined { name }]))
}

fn add_bot(
    mut table: Table,
    cmd: &Command,
    name: &str,
    strategy: Strategy,
) -> Result<TableOutcome, ServiceError> {
    if !may_manage(&table, &cmd.actor) {
        return Err(ServiceError::OpenerOrAdminOnly);
    }
    if !Seating::new(table.tally).seats_computers() {
        return Err(ServiceError::ComputerAtRealTable);
    }
    check_seat_free(&table)?;
    let name = table.seat_computer(name, strategy);
    table.version += 1;
    Ok(outcome(
        table,
        vec![Notice::ComputerJoined { name, strategy }],
    ))
}

fn leave<R: DiceRoller + ?Sized>(
    table: Table,
    cmd: &Command,
    ctx: &TableContext,
    rng: &mut R,
) -> Result<TableOutcome, ServiceError> {
    let index = table
        .member_index(&cmd.actor.user)
        .filter(|i| !table.members[*i].left)
        .ok_or(ServiceError::NotMember)?;
    let name = table.members[index].name.clone();
    remove_member(
        table,
        index,
        Departure::Left,
        Notice::Left { name },
        ctx,
        rng,
    )
}

fn kick<R: DiceRoller + ?Sized>(
    table: Table,
    cmd: &Command,
    user: &UserRef,
    ctx: &TableContext,
    rng: &mut R,
) -> Result<TableOutcome, ServiceError> {
    if !may_manage(&table, &cmd.actor) {
        return Err(ServiceError::OpenerOrAdminOnly);
    }
    let index = find(&table, user)?;
    let kicked = &table.members[index];
    if kicked.left {
        return Err(ServiceError::UnknownPlayer {
            name: kicked.name.clone(),
        });
    }
    let by = table
        .member_index(&cmd.actor.user)
        .map(|i| table.members[i].name.clone())
        .unwrap_or_else(|| clean_name(&cmd.actor.name));
    let notice = Notice::Kicked {
        name: kicked.name.clone(),
        by,
    };
    remove_member(table, index, Departure::Kicked, notice, ctx, rng)
}

fn end(mut table: Table, cmd: &Command) -> Result<TableOutcome, ServiceError> {
    if !may_manage(&table, &cmd.actor) {
        return Err(ServiceError::OpenerOrAdminOnly);
    }
    let mut events = Vec::new();
    if let Some(game) = table.game.as_mut()
        && !game.is_over()
    {
        events = game.abandon()?;
    }
    table.status = TableStatus::Abandoned;
    table.turn_deadline = None;
    table.version += 1;
    let stats = std::mem::take(&mut table.pending_stats);
    let by = clean_name(&cmd.actor.name);
    let mut out = outcome(table, vec![Notice::Ended { by }]);
    out.events = events;
    out.stats = stats;
    Ok(out)
}

fn start<R: DiceRoller + ?Sized>(
    mut table: Table,
    cmd: &Command,
    starter: Option<&UserRef>,
    ctx: &TableContext,
    rng: &mut R,
) -> Result<TableOutcome, ServiceError> {
    if table.status == TableStatus::Running {
        return Err(ServiceError::GameRunning);
    }
    if table.member_index(&cmd.actor.user).is_none() {
        return Err(ServiceError::NotMember);
    }
    let names: Vec<String> = table.members.iter().map(|m| m.name.clone()).collect();
    let (game, events) = if table.tally {
        // The roll-off was at the table: its winner is named, or the seating order begins.
        let starter = starter
            .map(|s| find(&table, s).map(|i| Seat(i as u8)))
            .transpose()?;
        Game::start_tally(table.rules.clone(), &names, starter)?
    } else {
        if starter.is_some() {
            return Err(ServiceError::StarterByRollOff);
        }
        // The client seed is fixed before the first die (the roll-off) falls.
        let public_id = table.id.to_string();
        if let Some(proof) = table.proof.as_mut() {
            proof.client_seed.get_or_insert(public_id);
        }
        Game::start(table.rules.clone(), &names, rng)?
    };
    table.game = Some(game);
    table.status = TableStatus::Running;
    table.version += 1;
    let mut out = outcome(table, vec![Notice::Started]);
    out.events = events;
    play_bots(&mut out, ctx, rng);
    finish_move(&mut out, ctx);
    Ok(out)
}

/// A seated player sets the client seed of the provably fair dice, before the start.
fn set_client_seed(
    mut table: Table,
    cmd: &Command,
    text: &str,
) -> Result<TableOutcome, ServiceError> {
    let name = table
        .member_index(&cmd.actor.user)
        .map(|i| table.members[i].name.clone())
        .ok_or(ServiceError::NotMember)?;
    if table.status == TableStatus::Running {
        return Err(ServiceError::SeedFixed);
    }
    let proof = table.proof.as_mut().ok_or(ServiceError::SeedFixed)?;
    let seed = text.trim();
    if seed.is_empty()
        || seed.chars().count() > MAX_CLIENT_SEED
        || seed.chars().any(char::is_control)
    {
        return Err(ServiceError::BadClientSeed {
            max: MAX_CLIENT_SEED,
        });
    }
    proof.client_seed = Some(seed.to_string());
    table.version += 1;
    let seed = seed.to_string();
    Ok(outcome(table, vec![Notice::ClientSeedSet { name, seed }]))
}

/// The engine's action for a game request.
fn game_action(request: &Request) -> Option<Action> {
    Some(match request {
        Request::Roll => Action::Throw,
        Request::Keep { values } => Action::Keep {
            values: values.clone(),
        },
        Request::Flip => Action::Flip,
        Request::Stand => Action::Stand,
        Request::Blind => Action::Blind,
        Request::Announce { extras } => Action::Announce { extras: *extras },
        Request::ThrowIn => Action::ThrowIn,
        Request::Look => Action::Look,
        _ => return None,
    })
}

fn game_move<R: DiceRoller + ?Sized>(
    mut table: Table,
    cmd: &Command,
    request: &Request,
    ctx: &TableContext,
    rng: &mut R,
) -> Result<TableOutcome, ServiceError> {
    let action = game_action(request).ok_or(ServiceError::NotRunning)?;
    if table.status != TableStatus::Running {
        return Err(ServiceError::NotRunning);
    }
    let seat = table
        .seat_of(&cmd.actor.user)
        .ok_or(ServiceError::NotMember)?;
    let game = table.game.as_mut().ok_or(ServiceError::NotRunning)?;
    // At a real table the starter says his extras out loud; anyone seated presses them.
    let seat = match action {
        Action::Announce { .. } if game.is_tally() => game.round().starter,
        _ => seat,
    };
    if action == Action::Look && game.round().cup(seat).is_none() {
        // Nothing to look at: the reply says why.
        return Ok(TableOutcome {
            changed: false,
            ..outcome(table, Vec::new())
        });
    }
    let before = game.clone();
    let events = game.apply(seat, &action, rng)?;
    let changed = *game != before;
    if action == Action::Look {
        // Looking is no move: buttons stay valid and no timer restarts.
        let mut out = outcome(table, Vec::new());
        out.events = events;
        out.changed = changed;
        return Ok(out);
    }
    table.version += 1;
    table.remember_move(&cmd.actor.user, action.kind());
    let mut out = outcome(table, Vec::new());
    out.events = events;
    play_bots(&mut out, ctx, rng);
    finish_move(&mut out, ctx);
    Ok(out)
}

/// Takes a member off the table: in the lobby his seat goes; in a running game the engine
/// returns his Deckel and his seat stays marked as left. His rights as the opener go on.
fn remove_member<R: DiceRoller + ?Sized>(
    mut table: Table,
    index: usize,
    departure: Departure,
    notice: Notice,
    ctx: &TableContext,
    rng: &mut R,
) -> Result<TableOutcome, ServiceError> {
    table.version += 1;
    let leaving = table.members[index].user.clone();
    match table.game.as_mut() {
        Some(game) if table.status == TableStatus::Running => {
            let events = game.remove_player(Seat(index as u8), departure, rng)?;
            table.members[index].left = true;
            table.pass_opener_on(&leaving);
            let mut out = outcome(table, vec![notice]);
            out.events = events;
            play_bots(&mut out, ctx, rng);
            finish_move(&mut out, ctx);
            Ok(out)
        }
        _ => {
            table.pass_opener_on(&leaving);
            table.members.remove(index);
            if !table.members.iter().any(|m: &Member| !m.bot) {
                table.status = TableStatus::Abandoned;
            }
            Ok(outcome(table, vec![notice]))
        }
    }
}
