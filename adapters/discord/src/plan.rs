//! What to show for a reply: the actor's answer (ephemeral or public) and the state the table
//! message should show (the last round's reveal is part of the table text). Pure: the texts
//! come from `bot_core::render`, in the chat's language for public messages and the actor's
//! language for his own.

use crate::payload::{MAX_CONTENT, Payload};
use bot_core::model::ids::play_button;
use bot_core::render::{self, Button, ButtonStyle, Surface, Voice};
use bot_core::service::club::ClubContent;
use bot_core::service::reply::Content;
use bot_core::service::{PrivateView, PublicTable, Reply, Request};
use bot_core::text::Lang;
use schocken_outbox::TableState;
use serenity::all::MessageId;

/// How a command reached the bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Via {
    Slash,
    Click,
}

/// The answer to the interaction itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Only the actor sees it (flag 64).
    Private(Payload),
    /// A message in the channel.
    Public(Payload),
    /// A click that needs no words: the table message shows what happened.
    Ack,
}

/// The table as its message shows it, without the lines of what happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableBody {
    pub text: String,
    pub rows: Vec<Vec<Button>>,
    /// The table is in the lobby or running (a game with cups to play in the browser).
    pub playable: bool,
}

/// The state the table message should show (see the outbox crate's `TableState`).
pub type TableUpdate = TableState<TableBody, MessageId, ()>;

/// A message id as the service stores it.
pub fn message_id(stored: &str) -> Option<MessageId> {
    stored
        .parse::<u64>()
        .ok()
        .filter(|id| *id != 0)
        .map(MessageId::new)
}

fn table_update(t: &PublicTable, notices: Vec<String>, lang: Lang) -> TableUpdate {
    TableState {
        table_id: t.table_id,
        version: t.version,
        place: (),
        body: TableBody {
            // Ten players with long names and a whole last round come close to Discord's
            // 2000 characters: the text shortens its last round rather than lose its end.
            text: render::table_text_within(t, lang, MAX_CONTENT),
            rows: render::table_buttons(t, lang),
            playable: t.status.is_open() && !t.tally,
        },
        notices,
        fresh: false,
        repair_only: false,
        last_round: t
            .view
            .as_ref()
            .and_then(|v| v.last_round.as_ref())
            .map(|r| format!("{}/{}", r.part.id(), r.number)),
        stored: t.message_ref.as_deref().and_then(message_id),
    }
}

/// `update` with a button that opens the table in the browser (the Activity), if it can be
/// played there.
pub fn with_play_button(mut update: TableUpdate, lang: Lang) -> TableUpdate {
    if update.body.playable {
        update.body.rows.push(vec![Button {
            id: play_button(update.table_id, update.version),
            label: bot_core::text::tr(lang, "button-play", &[]),
            style: ButtonStyle::Secondary,
        }]);
    }
    update
}

/// The message for a table state: the table, then what just happened.
pub fn payload(update: &TableUpdate) -> Payload {
    let mut content = update.body.text.clone();
    if !update.notices.is_empty() {
        content.push_str("\n\n");
        content.push_str(&update.notices.join("\n"));
    }
    Payload::new(&content, update.body.rows.clone())
}

/// Everything to send for one reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    pub answer: Answer,
    pub table: Option<TableUpdate>,
}

/// Whether the answer to `request` goes to the channel (before the reply is known: a deferred
/// answer keeps the visibility it was deferred with).
pub fn answers_publicly(request: &Request) -> bool {
    matches!(
        request,
        Request::Debts
            | Request::History { .. }
            | Request::Stats
            | Request::ShowRules { .. }
            | Request::SetRules { .. }
            | Request::SetTimeZone { .. }
            | Request::Judge { .. }
            | Request::Verify { .. }
            | Request::Fairness
            | Request::Reveal
            | Request::Paid { .. }
            | Request::Undo
    )
}

/// Whether the answer to `request` is a new private message even when the click came from
/// the actor's private view: a hint goes beside his cup, which stays as it is with its
/// buttons (other clicks there change that view in place).
pub fn answers_apart(request: &Request) -> bool {
    matches!(request, Request::Hint)
}

fn lines(
    notices: &[bot_core::service::Notice],
    t: Option<&PublicTable>,
    lang: Lang,
) -> Vec<String> {
    notices
        .iter()
        .filter_map(|n| render::notice_text(n, t, Voice::new(lang, Surface::Discord)))
        .filter(|l| !l.trim().is_empty())
        .collect()
}

fn joined(parts: &[String]) -> String {
    parts
        .iter()
        .filter(|p| !p.trim().is_empty())
        .cloned()
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// The buttons of a private view (a cup not looked at yet offers "look at my cup").
fn private_rows(p: &PrivateView) -> Vec<Vec<Button>> {
    render::private_buttons(p)
}

/// The plan for the reply to `request`.
pub fn plan(reply: &Reply, request: &Request, via: Via) -> Plan {
    if !reply.private_notices.is_empty() {
        return refusal(reply);
    }
    let table = reply.table.as_ref();
    let notes = lines(&reply.notices, table, reply.lang);
    let update = table.map(|t| TableState {
        fresh: matches!(request, Request::Show),
        ..table_update(t, notes.clone(), reply.lang)
    });
    let answer = if let Some(content) = &reply.content {
        content_answer(content, reply, &notes)
    } else if let Some(p) = &reply.private {
        Answer::Private(Payload::new(&render::private_text(p), private_rows(p)))
    } else if let Some(t) = table {
        match via {
            Via::Click => Answer::Ack,
            Via::Slash => {
                // The channel sees the table; the actor gets the news in his language.
                let own_notes = lines(&reply.notices, table, reply.actor_lang);
                let text = if own_notes.is_empty() {
                    render::table_text(t, reply.actor_lang)
                } else {
                    own_notes.join("\n")
                };
                Answer::Private(Payload::text(&text))
            }
        }
    } else if !notes.is_empty() {
        Answer::Public(Payload::text(&notes.join("\n")))
    } else {
        Answer::Private(Payload::text("✓"))
    };
    Plan {
        answer,
        table: update,
    }
}

/// Refused, outdated, already done, nothing to look at, a hint: for the actor only (with his
/// current cup, when the reply has it), and the table stays as it is.
fn refusal(reply: &Reply) -> Plan {
    let table = reply.table.as_ref();
    let notes = lines(&reply.private_notices, table, reply.actor_lang);
    let mut rows = Vec::new();
    let mut parts = vec![notes.join("\n")];
    if let Some(p) = &reply.private {
        let text = render::private_text(p);
        if !notes.contains(&text) {
            parts.push(text);
        }
        rows = private_rows(p);
    }
    // A refusal may come from a table message that missed an edit (the bot died between
    // storing a move and showing it): bring it up to date unless it is known current.
    let repair = table.map(|t| TableState {
        repair_only: true,
        ..table_update(t, Vec::new(), reply.lang)
    });
    Plan {
        answer: Answer::Private(Payload::new(&joined(&parts), rows)),
        table: repair,
    }
}

/// Read-only content: help and the files for the actor alone (the ledger, the cash book),
/// the rest for the channel (a game's record, the dice statistics' chart, a closed evening's
/// picture attached).
fn content_answer(content: &Content, reply: &Reply, notes: &[String]) -> Answer {
    let own = Voice::new(reply.actor_lang, Surface::Discord);
    if matches!(content, Content::Help) {
        return Answer::Private(Payload::text(&render::content_text(content, own)));
    }
    if for_the_actor_alone(content) {
        let payload = Payload::text(&render::content_text(content, own));
        return Answer::Private(with_file(payload, content, reply.actor_lang));
    }
    let public = Voice::new(reply.lang, Surface::Discord);
    let text = joined(&[render::content_text(content, public), notes.join("\n")]);
    Answer::Public(with_file(Payload::text(&text), content, reply.lang))
}

/// Files the asker takes away: the Bierrunde ledger and the cash book.
fn for_the_actor_alone(content: &Content) -> bool {
    match content {
        Content::Export { .. } => true,
        Content::Club(club) => matches!(club.as_ref(), ClubContent::CashBookFile(_)),
        _ => false,
    }
}

/// `payload` with the file `content` carries, if any.
fn with_file(payload: Payload, content: &Content, lang: Lang) -> Payload {
    match render::content_file(content, lang) {
        Some(file) => payload.with_file(&file.name, file.bytes),
        None => payload,
    }
}

/// The table update for a reply nobody asked for (a turn timer, an idle table), in the
/// chat's language.
pub fn plan_outbound(reply: &Reply, lang: Lang) -> Option<TableUpdate> {
    let table = reply.table.as_ref()?;
    let notes = lines(&reply.notices, Some(table), lang);
    Some(table_update(table, notes, lang))
}

/// The notices of a reply nobody asked for that has no table (a cash box reminder), in
/// the channel's language; `None` if there are none.
pub fn notice_outbound(reply: &Reply, lang: Lang) -> Option<String> {
    let voice = Voice::new(lang, Surface::Discord);
    let text: Vec<String> = reply
        .notices
        .iter()
        .filter_map(|n| render::notice_text(n, None, voice))
        .collect();
    (!text.is_empty()).then(|| text.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use bot_core::service::Notice;
    use bot_core::service::ServiceError;
    use bot_core::service::reply::{FairnessReport, ProofReport};

    #[test]
    fn refusals_are_private_and_touch_nothing() {
        let reply = Reply::error(ServiceError::NotRunning, Lang::En);
        let plan = plan(&reply, &Request::Roll, Via::Click);
        assert!(matches!(plan.answer, Answer::Private(_)));
        assert!(plan.table.is_none());
    }

    #[test]
    fn a_hint_is_the_actors_alone_in_his_language_and_apart_from_his_cup() {
        use bot_core::engine::odds::Choice;
        use bot_core::service::reply::{Hint, HintChoice};
        let hint = Hint {
            choices: vec![
                HintChoice {
                    choice: Choice::Throw { keep: vec![1, 1] },
                    not_lowest: 0.714,
                    deckel: 0.83,
                },
                HintChoice {
                    choice: Choice::Stand,
                    not_lowest: 0.5,
                    deckel: 1.2,
                },
            ],
        };
        let reply = Reply {
            private_notices: vec![Notice::Hint(hint)],
            lang: Lang::En,
            actor_lang: Lang::De,
            ..Reply::default()
        };
        let plan = plan(&reply, &Request::Hint, Via::Click);
        assert!(plan.table.is_none(), "the table stays as it is");
        let Answer::Private(p) = plan.answer else {
            panic!("a hint is private: {:?}", plan.answer);
        };
        assert!(
            p.content.starts_with("💡 Tipp: Halten 1 1."),
            "{}",
            p.content
        );
        assert!(
            p.content
                .contains("zu 71 % nicht Letzter, im Schnitt 0,8 Deckel"),
            "{}",
            p.content
        );
        assert!(p.rows.is_empty(), "no buttons: the cup keeps them");
        assert!(answers_apart(&Request::Hint));
        assert!(!answers_publicly(&Request::Hint));
        for moved in [Request::Roll, Request::Stand, Request::Look, Request::Blind] {
            assert!(!answers_apart(&moved), "{moved:?}");
        }
    }

    #[test]
    fn a_refused_hint_says_why_privately() {
        for (e, reason) in [
            (ServiceError::HintsOff, "Tipps sind in diesem Chat aus"),
            (ServiceError::NoHintNow, "wenn du dran bist"),
        ] {
            let mut reply = Reply::error(e, Lang::De);
            reply.lang = Lang::En;
            let Answer::Private(p) = plan(&reply, &Request::Hint, Via::Click).answer else {
                panic!("a refusal is private");
            };
            assert!(p.content.contains(reason), "{}", p.content);
            assert!(!p.content.contains("💡 Tipp:"), "{}", p.content);
        }
    }

    #[test]
    fn ledger_notices_without_a_table_go_to_the_channel() {
        let reply = Reply {
            notices: vec![Notice::Undone {
                kind: "paid".into(),
                name: "x".into(),
            }],
            ..Reply::default()
        };
        let plan = plan(&reply, &Request::Undo, Via::Slash);
        assert!(matches!(plan.answer, Answer::Public(_)));
        assert!(answers_publicly(&Request::Undo));
        assert!(!answers_publicly(&Request::Roll));
    }

    #[test]
    fn help_is_in_the_actors_language() {
        let reply = Reply {
            content: Some(Content::Help),
            lang: Lang::De,
            actor_lang: Lang::En,
            ..Reply::default()
        };
        let Answer::Private(p) = plan(&reply, &Request::Help, Via::Slash).answer else {
            panic!("help is private");
        };
        assert_eq!(
            p.content,
            render::content_text(&Content::Help, Voice::new(Lang::En, Surface::Discord))
        );
    }

    fn public(content: Content, request: &Request) -> Payload {
        let reply = Reply {
            content: Some(content),
            lang: Lang::De,
            actor_lang: Lang::En,
            ..Reply::default()
        };
        match plan(&reply, request, Via::Slash).answer {
            Answer::Public(p) => p,
            other => panic!("a public answer: {other:?}"),
        }
    }

    #[test]
    fn a_games_record_goes_to_the_channel_as_a_file() {
        let verify = Request::Verify { game: None };
        assert!(answers_publicly(&verify) && answers_publicly(&Request::Fairness));
        let checked = ProofReport::Checked {
            game: 7,
            filename: "schocken-spiel-7.json".into(),
            record: "{}".into(),
            throws: 3,
            mismatch: None,
        };
        let p = public(Content::Proof(Box::new(checked)), &verify);
        assert!(p.content.contains("alle 3 Würfe passen"), "{}", p.content);
        let file = p.file.expect("the record");
        assert_eq!(
            (file.name.as_str(), file.bytes.as_slice()),
            ("schocken-spiel-7.json", &b"{}"[..])
        );
        let running = ProofReport::Running {
            game: 8,
            commitment: "ab".repeat(32),
            client_seed: "8".into(),
            last_over: Some(7),
        };
        let p = public(Content::Proof(Box::new(running)), &verify);
        assert!(p.file.is_none());
        assert!(
            p.content.contains("/schocken prüfen spiel:7"),
            "{}",
            p.content
        );
    }

    #[test]
    fn the_dice_statistics_come_with_a_chart() {
        let report = FairnessReport::new([10, 12, 9, 11, 8, 10], 2);
        let p = public(Content::Fairness(Box::new(report)), &Request::Fairness);
        assert!(p.content.contains("Chi-Quadrat-Test: "), "{}", p.content);
        let chart = p.file.expect("the chart");
        assert_eq!(chart.name, render::CHART_FILE);
        assert!(chart.bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
        let none = FairnessReport::new([0; 6], 0);
        let p = public(Content::Fairness(Box::new(none)), &Request::Fairness);
        assert!(p.file.is_none(), "no dice, no chart");
    }
}
