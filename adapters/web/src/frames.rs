//! The JSON frames a page receives, typed (docs/WEB.md, "The socket"), built from the service's
//! reply model: the public table for everybody at the place, a player's own cup for his socket
//! alone, and the buttons the reader can use. Texts and buttons come from `bot_core::render`,
//! in the reader's language; the structured views (every die as `"covered"` or its kind and
//! value, `"aside:3"`, `"open:4"`, `"own:5"`) let the page draw the dice. A page gets what it draws and no
//! more: no rule set, no round record, nobody else's players in the cup part.
//!
//! The public part is the same for every reader of one language at one stored state of the
//! table, so it is serialized once ([`public_text`]) and the hub keeps it for every socket of
//! the place; [`state_text`] puts a reader's frame together around it.

use bot_core::engine::view::{CupView, DieView, PlayerStatus, PlayerView, TableView};
use bot_core::engine::{GameResult, Part, Seat, Viewer};
use bot_core::render::{self, Button, Surface, Voice};
use bot_core::service::{PrivateView, PublicTable, Reply, TableStatus, UserId};
use bot_core::text::Lang;
use serde::Serialize;
use serde_json::{Value, json};

/// One button as the page shows it; its id is the chat buttons' id.
#[derive(Debug, Serialize)]
struct PageButton<'a> {
    id: &'a str,
    label: &'a str,
    style: &'static str,
}

/// The public part of a state frame.
#[derive(Serialize)]
struct PublicOut<'a> {
    /// The table as the chats show it without `reveal` and `proof` (the page's "as text" puts
    /// the three together).
    text: String,
    /// Whose turn it is, or who owes the Bierrunde.
    #[serde(skip_serializing_if = "Option::is_none")]
    headline: Option<String>,
    table: TableOut<'a>,
    /// The last round's reveal, as the chats show it.
    #[serde(skip_serializing_if = "Option::is_none")]
    reveal: Option<String>,
    /// The fair dice's lines.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    proof: Vec<String>,
}

#[derive(Serialize)]
struct TableOut<'a> {
    table_id: i64,
    version: u64,
    status: TableStatus,
    members: &'a [String],
    /// Which members are computer players; left out when none is.
    #[serde(skip_serializing_if = "no_computer")]
    computer: &'a [bool],
    #[serde(skip_serializing_if = "Option::is_none")]
    view: Option<ViewOut<'a>>,
    /// The game's dice are provably fair (its lines are in `proof` beside the table).
    #[serde(skip_serializing_if = "is_false")]
    fair: bool,
    #[serde(skip_serializing_if = "is_false")]
    tally: bool,
    /// The turn timer's deadline (unix ms), if one runs.
    #[serde(skip_serializing_if = "Option::is_none")]
    deadline: Option<i64>,
}

/// The game as the page draws it.
#[derive(Serialize)]
struct ViewOut<'a> {
    part: Part,
    round: u32,
    stock: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    limit: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    current: Option<Seat>,
    players: Vec<PlayerOut<'a>>,
    #[serde(skip_serializing_if = "no_result")]
    result: &'a Option<GameResult>,
}

impl<'a> ViewOut<'a> {
    fn of(view: &'a TableView) -> ViewOut<'a> {
        ViewOut {
            part: view.part,
            round: view.round,
            stock: view.stock,
            limit: view.limit,
            current: view.current,
            // Once the game is over its last round's dice are in the reveal, all of them: a
            // cup left under cover beside another one opened would read as a secret.
            players: view
                .players
                .iter()
                .map(|p| PlayerOut::of(p, view.result.is_none()))
                .collect(),
            result: &view.result,
        }
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_playing(status: &PlayerStatus) -> bool {
    *status == PlayerStatus::Playing
}

fn no_result(result: &&Option<GameResult>) -> bool {
    result.is_none()
}

fn no_computer(computer: &&[bool]) -> bool {
    !computer.contains(&true)
}

/// A player's row as the page draws it; what is false or empty is left out.
#[derive(Serialize)]
struct PlayerOut<'a> {
    seat: Seat,
    name: &'a str,
    deckel: u8,
    /// Left out while he plays.
    #[serde(skip_serializing_if = "is_playing")]
    status: PlayerStatus,
    #[serde(skip_serializing_if = "<[Part]>::is_empty")]
    lost_halves: &'a [Part],
    #[serde(skip_serializing_if = "is_false")]
    is_starter: bool,
    #[serde(skip_serializing_if = "is_false")]
    is_current: bool,
    #[serde(skip_serializing_if = "is_false")]
    throwing_in: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    cup: Option<CupOut>,
}

impl<'a> PlayerOut<'a> {
    fn of(p: &'a PlayerView, with_cup: bool) -> PlayerOut<'a> {
        PlayerOut {
            seat: p.seat,
            name: &p.name,
            deckel: p.deckel,
            status: p.status,
            lost_halves: &p.lost_halves,
            is_starter: p.is_starter,
            is_current: p.is_current,
            throwing_in: p.throwing_in,
            cup: p.cup.as_ref().filter(|_| with_cup).map(CupOut::of),
        }
    }
}

/// A die as the page reads it: `"covered"`, or its kind and value (`"open:4"`, `"aside:3"`,
/// `"own:5"`): a cup's three dice in a few bytes.
struct DieOut(DieView);

impl Serialize for DieOut {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            DieView::Covered => s.serialize_str("covered"),
            DieView::Aside(v) => s.collect_str(&format_args!("aside:{v}")),
            DieView::Open(v) => s.collect_str(&format_args!("open:{v}")),
            DieView::Own(v) => s.collect_str(&format_args!("own:{v}")),
        }
    }
}

#[derive(Serialize)]
struct CupOut {
    dice: [DieOut; 3],
    throws: u8,
    max_throws: u8,
    #[serde(skip_serializing_if = "is_false")]
    done: bool,
    #[serde(skip_serializing_if = "is_false")]
    blind: bool,
    #[serde(skip_serializing_if = "is_false")]
    looked: bool,
    #[serde(skip_serializing_if = "is_false")]
    must_throw: bool,
    #[serde(skip_serializing_if = "is_false")]
    thrown_in: bool,
}

impl CupOut {
    fn of(c: &CupView) -> CupOut {
        CupOut {
            dice: c.dice.map(DieOut),
            throws: c.throws,
            max_throws: c.max_throws,
            done: c.done,
            blind: c.blind,
            looked: c.looked,
            must_throw: c.must_throw,
            thrown_in: c.thrown_in,
        }
    }
}

/// A player's own part: his seat's row with his cup, and its text.
#[derive(Serialize)]
struct PrivateOut<'a> {
    text: String,
    view: OwnView<'a>,
}

#[derive(Serialize)]
struct OwnView<'a> {
    user: &'a UserId,
    view: OwnTable<'a>,
}

#[derive(Serialize)]
struct OwnTable<'a> {
    viewer: Viewer,
    /// His own row only: his seat and his cup (the rest of the row is in the public part).
    players: Vec<OwnRow>,
    #[serde(skip_serializing_if = "no_result")]
    result: &'a Option<GameResult>,
}

#[derive(Serialize)]
struct OwnRow {
    seat: Seat,
    #[serde(skip_serializing_if = "Option::is_none")]
    cup: Option<CupOut>,
}

/// The table as everybody at the place sees it, in `lang`, as JSON text.
pub fn public_text(t: &PublicTable, lang: Lang) -> String {
    let view = t.view.as_ref();
    let out = PublicOut {
        text: render::game_text(t, lang),
        headline: view.and_then(|view| render::turn_line(t, view, lang)),
        table: TableOut {
            table_id: t.table_id,
            version: t.version,
            status: t.status,
            members: &t.members,
            computer: &t.computer,
            view: view.map(ViewOut::of),
            fair: t.proof.is_some(),
            tally: t.tally,
            deadline: t.deadline,
        },
        reveal: view
            .and_then(|v| v.last_round.as_ref())
            .map(|round| render::reveal_text(round, t, lang)),
        proof: render::proof_lines(t, lang),
    };
    serde_json::to_string(&out).unwrap_or_else(|_| "null".into())
}

/// A player's own view, as JSON text: his row of the table with his cup.
pub fn private_text(p: &PrivateView) -> String {
    let view = &p.view;
    let own = match view.viewer {
        Viewer::Player(seat) => view
            .players
            .iter()
            .filter(|pl| pl.seat == seat)
            .map(|pl| OwnRow {
                seat: pl.seat,
                cup: pl.cup.as_ref().map(CupOut::of),
            })
            .collect(),
        Viewer::Public => Vec::new(),
    };
    let out = PrivateOut {
        text: render::private_text(p),
        view: OwnView {
            user: &p.user,
            view: OwnTable {
                viewer: view.viewer,
                players: own,
                result: &view.result,
            },
        },
    };
    serde_json::to_string(&out).unwrap_or_else(|_| "null".into())
}

/// Who the page is.
#[derive(Clone, Debug, Serialize)]
pub struct You {
    pub id: String,
    pub name: String,
    pub seated: bool,
}

#[derive(Serialize)]
struct StateHead<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    place: &'a str,
    you: &'a You,
    buttons: Vec<Vec<PageButton<'a>>>,
}

/// A reader's state frame as JSON text around the place's `public` part (from
/// [`public_text`], `None` without a table): his own cup only if `reply` carries his (the
/// service builds a private view for its actor alone), and the buttons he can use now (one
/// set: a page shows no button its reader cannot press).
pub fn state_text(
    place: &str,
    you: &You,
    reply: &Reply,
    public: Option<&str>,
    lang: Lang,
) -> String {
    let reader = render::Reader {
        seated: you.seated,
        private: reply.private.as_ref(),
    };
    let usable = reply
        .table
        .as_ref()
        .map(|t| render::reader_buttons(t, reader, lang))
        .unwrap_or_default();
    let head = StateHead {
        kind: "state",
        place,
        you,
        buttons: page_buttons(&usable),
    };
    let head = serde_json::to_string(&head).unwrap_or_else(|_| "{}".into());
    let private = reply.private.as_ref().map(private_text);
    // The head's closing brace makes room for the two parts (both already JSON).
    let mut frame = String::with_capacity(
        head.len() + public.map_or(4, str::len) + private.as_ref().map_or(4, String::len) + 24,
    );
    frame.push_str(&head[..head.len() - 1]);
    frame.push_str(",\"public\":");
    frame.push_str(public.unwrap_or("null"));
    frame.push_str(",\"private\":");
    frame.push_str(private.as_deref().unwrap_or("null"));
    frame.push('}');
    frame
}

fn page_buttons(rows: &[Vec<Button>]) -> Vec<Vec<PageButton<'_>>> {
    rows.iter()
        .map(|row| {
            row.iter()
                .map(|b| PageButton {
                    id: &b.id,
                    label: &b.label,
                    style: b.style.id(),
                })
                .collect()
        })
        .collect()
}

/// What the service told the actor alone (a refusal, "already done", a hint), if anything.
pub fn notices(reply: &Reply) -> Option<Value> {
    let voice = Voice::new(reply.actor_lang, Surface::Plain);
    let lines: Vec<String> = reply
        .private_notices
        .iter()
        .filter_map(|n| render::notice_text(n, reply.table.as_ref(), voice))
        .filter(|l| !l.trim().is_empty())
        .collect();
    (!lines.is_empty())
        .then(|| json!({"type": "notice", "private": true, "text": lines.join("\n")}))
}

/// A line for the page alone (bad input, a closed session).
pub fn notice_text(text: &str) -> Value {
    json!({"type": "notice", "private": true, "text": text})
}

#[cfg(test)]
mod tests {
    use super::*;
    use bot_core::config::Config;
    use bot_core::service::{Actor, ChatId, Command, Request, Service, SystemClock};
    use bot_core::store::Store;
    use std::sync::Arc;

    fn actor(id: u64, name: &str) -> Actor {
        Actor::new(UserId::new("telegram", id), name, Some(Lang::De), false)
    }

    /// A running game of Anna and Ben, as Anna's page reads it.
    async fn running() -> Reply {
        let store = Store::open("sqlite::memory:").await.expect("store");
        let config = Config {
            turn_timer_seconds: 0,
            ..Config::default()
        };
        let service = Service::new(store, config, Arc::new(SystemClock), Some(5))
            .await
            .expect("service");
        let place = ChatId::new("telegram", -1);
        for (who, request) in [
            (actor(1, "Anna"), Request::Open),
            (actor(2, "Ben"), Request::Join),
            (actor(1, "Anna"), Request::Start),
        ] {
            service
                .handle(Command::new(place.clone(), who, request))
                .await;
        }
        service.view(&place, actor(1, "Anna")).await
    }

    #[tokio::test]
    async fn a_state_frame_carries_what_the_page_draws_and_its_readers_cup_only() {
        let reply = running().await;
        let table = reply.table.as_ref().expect("a table");
        let public = public_text(table, Lang::De);
        let you = You {
            id: "telegram:1".into(),
            name: "Anna".into(),
            seated: true,
        };
        let text = state_text("token", &you, &reply, Some(&public), Lang::De);
        let frame: Value = serde_json::from_str(&text).expect("JSON");
        assert_eq!(frame["type"], "state");
        assert_eq!(frame["you"]["name"], "Anna");
        assert_eq!(frame["public"]["table"]["status"], "running");
        assert_eq!(
            frame["public"]["table"]["view"]["players"]
                .as_array()
                .map(Vec::len),
            Some(2)
        );
        assert!(
            frame["public"]["table"].get("rules").is_none(),
            "no rule set"
        );
        assert!(
            frame["public"]["table"].get("message_ref").is_none(),
            "no chat message"
        );
        assert!(!frame["public"].to_string().contains("\"own\""), "R-RND-4");
        let own = &frame["private"]["view"];
        assert_eq!(own["user"], "telegram:1");
        let rows = own["view"]["players"].as_array().expect("his row");
        assert_eq!(rows.len(), 1, "his own row only");
        assert_eq!(rows[0]["seat"], 0, "his seat (Anna sits first)");
        assert_eq!(
            rows[0]["cup"]["dice"].as_array().map(Vec::len),
            Some(3),
            "with his cup"
        );
        assert!(
            rows[0].get("name").is_none(),
            "the rest of his row is public"
        );
        assert_eq!(
            frame["public"]["table"]["view"]["players"][0]["cup"]["dice"],
            json!(["covered", "covered", "covered"]),
            "R-RND-4: a die in a few bytes, Anna's hidden from the public"
        );
        assert!(
            rows[0]["cup"]["dice"]
                .as_array()
                .into_iter()
                .flatten()
                .all(|d| d
                    .as_str()
                    .is_some_and(|d| d == "covered" || d.starts_with("own:"))),
            "her own cup: {own}"
        );
        assert!(frame["buttons"].is_array());
        // The reader's frame stays small (docs/PERFORMANCE.md, web table): no false flags,
        // no nulls, no rule set, no second copy of the commitment.
        assert!(!text.contains("null") && !text.contains("false"), "{text}");
        assert!(text.len() < 2048, "{} bytes", text.len());
        assert_eq!(
            text.matches("Commitment").count(),
            1,
            "in the proof lines only"
        );
    }
}
