//! A table: one game in one chat, from the lobby to its end. The table logic (membership,
//! permissions, staleness, computer players) is a pure function of the table and a command;
//! the game rules stay in the engine.

use super::command::{Command, Request, UserRef};
use super::error::ServiceError;
use super::ids::{ChatId, UserId};
use super::reply::PlayerStats;
use crate::engine::{
    Action, DebtReason, DiceRoller, Event, Game, MAX_PLAYERS, RuleSet, Seat, ThrowClass, ai,
};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableStatus {
    Lobby,
    Running,
    Finished,
    Abandoned,
}

impl TableStatus {
    pub fn id(self) -> &'static str {
        match self {
            TableStatus::Lobby => "lobby",
            TableStatus::Running => "running",
            TableStatus::Finished => "finished",
            TableStatus::Abandoned => "abandoned",
        }
    }

    pub fn is_open(self) -> bool {
        matches!(self, TableStatus::Lobby | TableStatus::Running)
    }
}

/// A member of the table; his index is his seat once the game starts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Member {
    pub user: UserId,
    /// The name shown at the table (unique at the table).
    pub name: String,
    /// A computer player.
    pub bot: bool,
    /// Left (or was kicked) after the game started; the seat stays.
    pub left: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Table {
    /// Database id; set when the table is first stored.
    #[serde(skip)]
    pub id: i64,
    pub chat: ChatId,
    /// Counts the moves; buttons carry it, a move on an older version is stale.
    pub version: u64,
    /// Counts stored commands (the event log's sequence).
    pub log_seq: u64,
    pub status: TableStatus,
    pub opener: UserId,
    pub members: Vec<Member>,
    pub rules: RuleSet,
    pub game: Option<Game>,
    /// The dice of this table come from this seed and the log sequence.
    pub seed: u64,
    pub season: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub turn_deadline: Option<i64>,
    pub message_ref: Option<String>,
    /// This game's statistics so far; they go to the store when the game ends (so a move is
    /// one small write, and a game counts once it is over).
    #[serde(default)]
    pub pending_stats: Vec<PlayerStats>,
}

/// What a table command changed.
#[derive(Clone, Debug, PartialEq)]
pub struct TableOutcome {
    pub table: Table,
    /// Engine events (every die, for the log).
    pub events: Vec<Event>,
    /// Table-level happenings (joins, kicks, …) for the public notices.
    pub notices: Vec<super::reply::Notice>,
    /// New ledger debts.
    pub debts: Vec<NewDebt>,
    /// Statistics to add.
    pub stats: Vec<PlayerStats>,
    /// Whether the table state changed at all (a repeated look changes nothing).
    pub changed: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewDebt {
    pub user: UserId,
    pub name: String,
    pub reason: DebtReason,
}

/// What the table logic needs from outside.
#[derive(Clone, Debug)]
pub struct TableContext {
    pub now: i64,
    /// The chat's rules, for a new table.
    pub rules: RuleSet,
    pub season: i64,
    /// The seed for a new table.
    pub seed: u64,
    /// Milliseconds per turn; 0 = no timer.
    pub turn_ms: i64,
}

impl Table {
    pub fn member_index(&self, user: &UserId) -> Option<usize> {
        self.members.iter().position(|m| &m.user == user)
    }

    pub fn seat_of(&self, user: &UserId) -> Option<Seat> {
        self.member_index(user)
            .filter(|i| !self.members[*i].left)
            .map(|i| Seat(i as u8))
    }

    pub fn member_at(&self, seat: Seat) -> Option<&Member> {
        self.members.get(seat.index())
    }

    /// The user whose turn it is.
    pub fn current_user(&self) -> Option<&UserId> {
        let seat = self.game.as_ref()?.current()?;
        self.member_at(seat).map(|m| &m.user)
    }

    fn find(&self, user: &UserRef) -> Result<usize, ServiceError> {
        let found = match user {
            UserRef::Id(id) => self.member_index(id),
            UserRef::Name(name) => {
                let wanted = name.trim().trim_start_matches('@').to_lowercase();
                self.members
                    .iter()
                    .position(|m| m.name.to_lowercase() == wanted)
            }
        };
        found.ok_or_else(|| ServiceError::UnknownPlayer {
            name: match user {
                UserRef::Id(id) => id.0.clone(),
                UserRef::Name(n) => n.clone(),
            },
        })
    }

    /// Seats a new member under a name no other member has; returns that name.
    fn seat(&mut self, user: UserId, wanted: &str, bot: bool) -> String {
        let name = self.unique_name(wanted);
        self.members.push(Member {
            user,
            name: name.clone(),
            bot,
            left: false,
        });
        name
    }

    fn unique_name(&self, wanted: &str) -> String {
        let base = clean_name(wanted);
        let taken = |n: &str| self.members.iter().any(|m| m.name.eq_ignore_ascii_case(n));
        if !taken(&base) {
            return base;
        }
        (2..)
            .map(|k| format!("{base} ({k})"))
            .find(|n| !taken(n))
            .unwrap_or(base)
    }
}

/// A player name fit for a table: no control characters, no line breaks, at most 32
/// characters; never empty.
pub fn clean_name(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .filter(|c| !c.is_control())
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let short: String = cleaned.chars().take(32).collect();
    // The cut may end in the space between two words; the engine trims names, so a name
    // with a trailing space would show differently and clash with the same name without it.
    let short = short.trim_end().to_string();
    if short.is_empty() {
        "?".to_string()
    } else {
        short
    }
}

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

/// Applies a table command. On error nothing changes.
pub fn apply<R: DiceRoller + ?Sized>(
    table: Option<&Table>,
    cmd: &Command,
    ctx: &TableContext,
    rng: &mut R,
) -> Result<TableOutcome, ServiceError> {
    use super::reply::Notice;
    let actor = &cmd.actor;
    let open_table = table.filter(|t| t.status.is_open());

    if cmd.request == Request::Open {
        if open_table.is_some() {
            return Err(ServiceError::TableExists);
        }
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
            season: ctx.season,
            created_at: ctx.now,
            updated_at: ctx.now,
            turn_deadline: None,
            message_ref: None,
            pending_stats: Vec::new(),
        };
        let name = table.seat(actor.user.clone(), &actor.name, false);
        return Ok(outcome(table, vec![Notice::Opened { name }]));
    }

    let current = open_table.ok_or(ServiceError::NoTable)?;
    // A button from another game is stale whatever it does; a move must also match the
    // table's version (a double click, an outdated message).
    if let Some((table_id, version)) = cmd.expected
        && (table_id != current.id || (cmd.request.is_move() && version != current.version))
    {
        return Err(ServiceError::Stale);
    }
    let mut table = current.clone();
    table.updated_at = ctx.now;
    let is_opener_or_admin = actor.admin || table.opener == actor.user;

    match &cmd.request {
        Request::Join => {
            if table.member_index(&actor.user).is_some() {
                return Err(ServiceError::AlreadyMember);
            }
            if table.status == TableStatus::Running {
                return Err(ServiceError::GameRunning);
            }
            if table.members.len() >= MAX_PLAYERS {
                return Err(ServiceError::TableFull { max: MAX_PLAYERS });
            }
            let name = table.seat(actor.user.clone(), &actor.name, false);
            table.version += 1;
            Ok(outcome(table, vec![Notice::Joined { name }]))
        }
        Request::AddBot { name } => {
            if !is_opener_or_admin {
                return Err(ServiceError::OpenerOrAdminOnly);
            }
            if table.status == TableStatus::Running {
                return Err(ServiceError::GameRunning);
            }
            if table.members.len() >= MAX_PLAYERS {
                return Err(ServiceError::TableFull { max: MAX_PLAYERS });
            }
            let user = UserId(format!("bot:{}:{}", table.chat, table.unique_name(name)));
            let name = table.seat(user, name, true);
            table.version += 1;
            Ok(outcome(table, vec![Notice::Joined { name }]))
        }
        Request::Leave => {
            let index = table
                .member_index(&actor.user)
                .filter(|i| !table.members[*i].left)
                .ok_or(ServiceError::NotMember)?;
            remove_member(table, index, None, ctx, rng)
        }
        Request::Kick { user } => {
            if !is_opener_or_admin {
                return Err(ServiceError::OpenerOrAdminOnly);
            }
            let index = table.find(user)?;
            if table.members[index].left {
                return Err(ServiceError::UnknownPlayer {
                    name: table.members[index].name.clone(),
                });
            }
            let by = table
                .member_index(&actor.user)
                .map(|i| table.members[i].name.clone())
                .unwrap_or_else(|| clean_name(&actor.name));
            remove_member(table, index, Some(by), ctx, rng)
        }
        Request::End => {
            if !is_opener_or_admin {
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
            let by = clean_name(&actor.name);
            let mut out = outcome(table, vec![Notice::Ended { by }]);
            out.events = events;
            out.stats = stats;
            Ok(out)
        }
        Request::Start => {
            if table.status == TableStatus::Running {
                return Err(ServiceError::GameRunning);
            }
            if table.member_index(&actor.user).is_none() {
                return Err(ServiceError::NotMember);
            }
            let names: Vec<String> = table.members.iter().map(|m| m.name.clone()).collect();
            let (game, events) = Game::start(table.rules.clone(), &names, rng)?;
            table.game = Some(game);
            table.status = TableStatus::Running;
            table.version += 1;
            let mut out = outcome(table, vec![Notice::Started]);
            out.events = events;
            play_bots(&mut out, rng);
            finish_move(&mut out, ctx);
            Ok(out)
        }
        request => {
            let action = game_action(request).ok_or(ServiceError::NotRunning)?;
            if table.status != TableStatus::Running {
                return Err(ServiceError::NotRunning);
            }
            let seat = table.seat_of(&actor.user).ok_or(ServiceError::NotMember)?;
            let game = table.game.as_mut().ok_or(ServiceError::NotRunning)?;
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
            let mut out = outcome(table, Vec::new());
            out.events = events;
            play_bots(&mut out, rng);
            finish_move(&mut out, ctx);
            Ok(out)
        }
    }
}

/// The turn timer ran out: the current player stands with what he has.
pub fn time_out<R: DiceRoller + ?Sized>(
    table: &Table,
    ctx: &TableContext,
    rng: &mut R,
) -> Option<TableOutcome> {
    use super::reply::Notice;
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
    play_bots(&mut out, rng);
    finish_move(&mut out, ctx);
    Some(out)
}

/// Closes an idle table without a debt.
pub fn close_idle(table: &Table, ctx: &TableContext) -> Option<TableOutcome> {
    use super::reply::Notice;
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

fn outcome(table: Table, notices: Vec<super::reply::Notice>) -> TableOutcome {
    TableOutcome {
        table,
        events: Vec::new(),
        notices,
        debts: Vec::new(),
        stats: Vec::new(),
        changed: true,
    }
}

fn remove_member<R: DiceRoller + ?Sized>(
    mut table: Table,
    index: usize,
    kicked_by: Option<String>,
    ctx: &TableContext,
    rng: &mut R,
) -> Result<TableOutcome, ServiceError> {
    use super::reply::Notice;
    let name = table.members[index].name.clone();
    let notice = match kicked_by {
        Some(by) => Notice::Kicked {
            name: name.clone(),
            by,
        },
        None => Notice::Left { name: name.clone() },
    };
    table.version += 1;
    match table.game.as_mut() {
        Some(game) if table.status == TableStatus::Running => {
            let events = game.remove_player(Seat(index as u8), rng)?;
            table.members[index].left = true;
            let mut out = outcome(table, vec![notice]);
            out.events = events;
            play_bots(&mut out, rng);
            finish_move(&mut out, ctx);
            Ok(out)
        }
        _ => {
            let leaving = table.members.remove(index);
            let humans_left = table.members.iter().any(|m| !m.bot);
            if !humans_left {
                table.status = TableStatus::Abandoned;
            } else if leaving.user == table.opener
                && let Some(next) = table.members.iter().find(|m| !m.bot)
            {
                table.opener = next.user.clone();
            }
            Ok(outcome(table, vec![notice]))
        }
    }
}

/// Lets computer players move until a human is to act.
fn play_bots<R: DiceRoller + ?Sized>(out: &mut TableOutcome, rng: &mut R) {
    let table = &mut out.table;
    let Some(game) = table.game.as_mut() else {
        return;
    };
    for _ in 0..10_000 {
        let Some(seat) = game.current() else {
            return;
        };
        if !table.members.get(seat.index()).is_some_and(|m| m.bot) {
            return;
        }
        let Some(action) = ai::choose(game, seat) else {
            return;
        };
        match game.apply(seat, &action, rng) {
            Ok(events) => out.events.extend(events),
            Err(_) => return,
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
            if let Some(best) = delta.best
                && s.best.is_none_or(|b| best.rank > b.rank)
            {
                s.best = Some(best);
            }
        }
        None => pending.push(delta),
    }
}

/// After a move: the game's end, debts, statistics and the turn timer.
fn finish_move(out: &mut TableOutcome, ctx: &TableContext) {
    let table = &mut out.table;
    let user_of = |seat: Seat| {
        table
            .members
            .get(seat.index())
            .map(|m| (m.user.clone(), m.name.clone()))
    };
    let mut stats: Vec<PlayerStats> = Vec::new();
    let mut delta = |seat: Seat, f: &dyn Fn(&mut PlayerStats)| {
        if let Some((user, name)) = user_of(seat) {
            let i = match stats.iter().position(|s| s.user == user) {
                Some(i) => i,
                None => {
                    stats.push(PlayerStats {
                        user,
                        name,
                        ..PlayerStats::default()
                    });
                    stats.len() - 1
                }
            };
            f(&mut stats[i]);
        }
    };
    let mut debts = Vec::new();
    let mut over = false;
    for event in &out.events {
        match event {
            Event::RoundScored(summary) => {
                for t in &summary.throws {
                    let eval = t.eval;
                    delta(t.seat, &|s| {
                        if eval.class == ThrowClass::SchockAus {
                            s.schock_aus += 1;
                        }
                        if s.best.is_none_or(|b| eval.rank > b.rank) {
                            s.best = Some(eval);
                        }
                    });
                }
            }
            Event::PartLost { part, seat } if *part != crate::engine::Part::Final => {
                delta(*seat, &|s| s.halves_lost += 1);
            }
            Event::FinalStarted { finalists, .. } => {
                for seat in finalists {
                    delta(*seat, &|s| s.finals += 1);
                }
            }
            Event::DebtOwed { seat, reason } => {
                if let Some((user, name)) = user_of(*seat) {
                    debts.push(NewDebt {
                        user,
                        name,
                        reason: *reason,
                    });
                }
            }
            Event::GameOver(result) => {
                over = true;
                if !result.abandoned {
                    for (i, m) in table.members.iter().enumerate() {
                        if !m.left {
                            delta(Seat(i as u8), &|s| s.games += 1);
                        }
                    }
                    if let Some(loser) = result.loser {
                        let blatt = result.blattschuss;
                        delta(loser, &|s| {
                            s.games_lost += 1;
                            if blatt {
                                s.blattschuss += 1;
                            }
                        });
                    }
                }
            }
            _ => {}
        }
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
    table.turn_deadline = match table.current_user() {
        Some(_) if ctx.turn_ms > 0 && table.status == TableStatus::Running => {
            Some(ctx.now + ctx.turn_ms)
        }
        _ => None,
    };
    out.debts.extend(debts);
    for delta in stats {
        add_stats(&mut table.pending_stats, delta);
    }
    if over {
        out.stats = std::mem::take(&mut table.pending_stats);
    }
}
