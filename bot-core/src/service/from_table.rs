//! The reply model built from a table: what everybody sees, what one player sees, and what a
//! command changed. Every die reaches a reply through the engine's `view_for`.

use super::reply::{Notice, PrivateView, PublicProof, PublicTable, Reply};
use super::table::{Table, TableOutcome};
use super::{Command, Langs, Request, ServiceError, UserId};
use crate::engine::{Event, RoundSummary, Seat, Viewer};
use crate::text::Lang;

/// The public table message's content; times in `zone`.
pub fn public_table(table: &Table, zone: &str) -> PublicTable {
    PublicTable {
        table_id: table.id,
        version: table.version,
        status: table.status,
        members: table.members.iter().map(|m| m.name.clone()).collect(),
        computer: table.members.iter().map(|m| m.bot).collect(),
        opener: table
            .member_index(&table.opener)
            .map(|i| table.members[i].name.clone())
            .unwrap_or_default(),
        rules: table.rules.clone(),
        view: table.game.as_ref().map(|g| g.view_for(Viewer::Public)),
        message_ref: table.message_ref.clone(),
        deadline: table.turn_deadline,
        time_zone: zone.to_string(),
        proof: public_proof(table),
        tally: table.tally,
        seq: table.log_seq,
    }
}

/// The commitment and client seed; the server seed only once the game is over.
fn public_proof(table: &Table) -> Option<PublicProof> {
    let proof = table.proof.as_ref()?;
    Some(PublicProof {
        commitment: proof.commitment.clone(),
        client_seed: table.client_seed()?,
        server_seed: table.revealed_seed().map(str::to_string),
        throws: proof.throws,
    })
}

/// The private view of `user`, if he sits at the running (or just finished) game.
pub fn private_view(table: &Table, user: &UserId, lang: Lang) -> Option<PrivateView> {
    let game = table.game.as_ref()?;
    let seat: Seat = table.seat_of(user)?;
    Some(PrivateView {
        user: user.clone(),
        lang,
        table_id: table.id,
        version: table.version,
        view: game.view_for(Viewer::Player(seat)),
        rules: table.rules.clone(),
        hints: false,
        round_over: None,
    })
}

/// A refused command: the reason for the actor, and the table so the refusal can name who
/// is to play (adapters leave the table message as it is for a refusal).
pub(super) fn refusal(
    e: ServiceError,
    table: Option<&Table>,
    actor: &UserId,
    langs: Langs,
    zone: &str,
) -> Reply {
    let lang = langs.actor;
    let mut reply = Reply::error(e.clone(), lang);
    // The refusal speaks the actor's language; the table stays in the chat's.
    reply.lang = langs.public;
    reply.table = table.map(|t| public_table(t, zone));
    if e == ServiceError::Stale
        && let Some(table) = table
    {
        // Show the current state instead of the outdated buttons.
        reply.private = private_view(table, actor, lang);
    }
    reply
}

/// A look that stored nothing: the cup, or why there is none.
pub(super) fn look(table: &Table, user: &UserId, langs: Langs, zone: &str) -> Reply {
    let private = private_view(table, user, langs.actor);
    let no_cup = private.is_none()
        || table
            .game
            .as_ref()
            .zip(table.seat_of(user))
            .is_some_and(|(g, s)| g.round().cup(s).is_none());
    Reply {
        private_notices: if no_cup {
            vec![Notice::NotPlaying]
        } else {
            Vec::new()
        },
        private,
        table: Some(public_table(table, zone)),
        lang: langs.public,
        actor_lang: langs.actor,
        ..Reply::default()
    }
}

/// Whether `request` shows the actor his cup afterwards.
fn shows_own_cup(request: &Request) -> bool {
    matches!(
        request,
        Request::Look
            | Request::Roll
            | Request::Keep { .. }
            | Request::Flip
            | Request::Stand
            | Request::Blind
            | Request::Announce { .. }
            | Request::Start
            | Request::ThrowIn
    )
}

/// The reply to a stored table command.
pub(super) fn build_reply(out: &TableOutcome, cmd: &Command, langs: Langs, zone: &str) -> Reply {
    let table = &out.table;
    let mut notices = out.notices.clone();
    let mut reveals = Vec::new();
    for event in &out.events {
        if let Event::RoundScored(summary) = event {
            reveals.push((**summary).clone());
        }
        if let Some(public) = event.visible_to(Viewer::Public) {
            notices.push(Notice::Game(public));
        }
    }
    // A real table has no cups to show.
    let private = (shows_own_cup(&cmd.request) && !table.tally)
        .then(|| private_view(table, &cmd.actor.user, langs.actor))
        .flatten()
        .map(|mut view| {
            view.round_over = own_round_over(table, &cmd.actor.user, &reveals);
            view
        });
    let next_private = table
        .current_user()
        .filter(|u| **u != cmd.actor.user)
        .filter(|_| {
            out.events
                .iter()
                .any(|e| matches!(e, Event::TurnPassed { .. } | Event::RoundStarted { .. }))
        })
        .and_then(|u| private_view(table, u, langs.public));
    Reply {
        table: Some(public_table(table, zone)),
        reveals,
        notices,
        private_notices: Vec::new(),
        private,
        next_private,
        content: None,
        lang: langs.public,
        actor_lang: langs.actor,
    }
}

/// The round the actor's own move just ended, if he threw in it: his cup already shows the
/// next round, so he would not see the throw that ended this one.
fn own_round_over(
    table: &Table,
    user: &UserId,
    reveals: &[RoundSummary],
) -> Option<Box<RoundSummary>> {
    let seat = table.seat_of(user)?;
    reveals
        .iter()
        .rev()
        .find(|s| s.throws.iter().any(|t| t.seat == seat))
        .map(|s| Box::new(s.clone()))
}
