//! The planner's decisions, without Telegram.
use super::*;
use bot_core::engine::{ActionError, Game, RuleSet, Seat, seeded};
use bot_core::service::reply::{FairnessReport, ProofReport};
use bot_core::service::{TableStatus, UserId};

const ANNA: u64 = 101;
const BEN: u64 = 102;
const GROUP: i64 = -1001;

fn game() -> Game {
    let names = ["Anna".to_string(), "Ben".to_string()];
    Game::start(RuleSet::standard(), &names, &mut seeded(7))
        .expect("a game")
        .0
}

fn public(game: &Game) -> PublicTable {
    PublicTable {
        proof: None,
        table_id: 1,
        version: 3,
        status: TableStatus::Running,
        members: vec!["Anna".into(), "Ben".into()],
        computer: vec![false, false],
        opener: "Anna".into(),
        rules: RuleSet::standard(),
        view: Some(game.view_for(Viewer::Public)),
        message_ref: Some(format!("{GROUP}:5")),
        deadline: None,
        time_zone: "Europe/Berlin".into(),
        tally: false,
        seq: 0,
    }
}

fn private(game: &Game, user: u64, seat: u8) -> PrivateView {
    PrivateView {
        user: UserId::new("telegram", user),
        lang: Lang::De,
        table_id: 1,
        version: 3,
        view: game.view_for(Viewer::Player(Seat(seat))),
        rules: RuleSet::standard(),
        hints: false,
        round_over: None,
    }
}

fn reply(game: &Game) -> Reply {
    Reply {
        table: Some(public(game)),
        lang: Lang::De,
        actor_lang: Lang::De,
        ..Reply::default()
    }
}

fn plan_with(request: Request, reply: &Reply, origin: Origin, private: &PrivateChats) -> Effects {
    let known = Known {
        web_app: None,
        username: "SchockenTestBot",
        private,
    };
    plan(Place::chat(GROUP), Some(&request), reply, origin, &known)
}

#[test]
fn a_roll_by_button_shows_the_cup_in_an_alert_and_edits_the_table() {
    let game = game();
    let mut reply = reply(&game);
    reply.private = Some(private(&game, ANNA, 0));
    let effects = plan_with(
        Request::Roll,
        &reply,
        Origin::Press { user: ANNA },
        &PrivateChats::default(),
    );
    let answer = effects.answer.expect("the press is answered");
    assert!(answer.alert);
    assert!(answer.text.is_some_and(|t| t.contains("Wurf")));
    let table = effects.table.expect("the table");
    assert_eq!(
        (table.table_id, table.version, table.stored),
        (1, 3, Some(5))
    );
    assert!(!table.fresh && !table.repair_only);
    assert!(effects.messages.is_empty() && effects.cups.is_empty());
}

#[test]
fn a_refused_press_answers_the_presser_and_only_repairs_the_table() {
    let game = game();
    let mut reply = Reply::error(
        ServiceError::Action(ActionError::NotYourTurn { current: Seat(0) }),
        Lang::De,
    );
    reply.table = Some(public(&game));
    let effects = plan_with(
        Request::Roll,
        &reply,
        Origin::Press { user: BEN },
        &PrivateChats::default(),
    );
    let answer = effects.answer.expect("answered");
    assert!(answer.alert);
    assert_eq!(
        answer.text.as_deref(),
        Some("Du bist nicht dran – Anna ist dran.")
    );
    assert!(
        effects
            .table
            .is_some_and(|t| t.repair_only && t.notices.is_empty())
    );
    assert!(effects.messages.is_empty());
}

#[test]
fn a_typed_keep_refused_by_the_cup_says_nothing_about_it_in_the_group() {
    let game = game();
    let mut reply = Reply::error(
        ServiceError::Action(ActionError::NotInCup { value: 4 }),
        Lang::De,
    );
    reply.table = Some(public(&game));
    let origin = Origin::Command {
        message: 9,
        user: ANNA,
    };
    let keep = Request::Keep { values: vec![4] };
    let effects = plan_with(keep.clone(), &reply, origin, &PrivateChats::default());
    let (chat, message) = &effects.messages[0];
    assert_eq!(*chat, GROUP);
    assert_eq!(message.reply_to, Some(9));
    assert!(!message.text.contains('4'), "{}", message.text);
    assert_eq!(message.text, text::tr(Lang::De, "refused-see-cup", &[]));
    // With his private chat open, the reason goes there.
    let private = PrivateChats::default();
    private.set_reach(ANNA, Reach::Started);
    let effects = plan_with(keep, &reply, origin, &private);
    let (chat, message) = &effects.messages[0];
    assert_eq!(*chat, ANNA as i64);
    assert!(message.text.contains('4'), "{}", message.text);
}

#[test]
fn a_typed_roll_is_confirmed_without_dice_or_shown_in_the_private_chat() {
    let game = game();
    let mut reply = reply(&game);
    reply.private = Some(private(&game, ANNA, 0));
    let origin = Origin::Command {
        message: 9,
        user: ANNA,
    };
    let effects = plan_with(Request::Roll, &reply, origin, &PrivateChats::default());
    let (_, confirmation) = &effects.messages[0];
    assert!(!confirmation.text.contains(['⚀', '⚁', '⚂', '⚃', '⚄', '⚅']));
    let look = keyboard::callback_data(confirmation.markup.as_ref().expect("a button"));
    assert_eq!(look, ["v1:l:1:3"]);
    assert!(effects.cups.is_empty());
    let private = PrivateChats::default();
    private.set_reach(ANNA, Reach::Started);
    let effects = plan_with(Request::Roll, &reply, origin, &private);
    assert!(effects.messages.is_empty());
    assert_eq!(effects.cups.len(), 1);
    assert!(effects.cups[0].1.fresh, "a new cup message");
}

#[test]
fn the_next_player_gets_his_cup_privately_unless_his_chat_is_closed() {
    let game = game();
    let mut reply = reply(&game);
    reply.next_private = Some(private(&game, BEN, 1));
    let effects = plan_with(
        Request::Stand,
        &reply,
        Origin::Press { user: ANNA },
        &PrivateChats::default(),
    );
    assert_eq!(effects.cups.len(), 1, "one try while it is not known");
    let closed = PrivateChats::default();
    closed.set_reach(BEN, Reach::Closed);
    let effects = plan_with(
        Request::Stand,
        &reply,
        Origin::Press { user: ANNA },
        &closed,
    );
    assert!(effects.cups.is_empty());
}

fn content_plan(content: Content) -> Effects {
    let reply = Reply {
        content: Some(content),
        lang: Lang::De,
        actor_lang: Lang::De,
        ..Reply::default()
    };
    let origin = Origin::Command {
        message: 9,
        user: ANNA,
    };
    plan_with(Request::Fairness, &reply, origin, &PrivateChats::default())
}

#[test]
fn a_games_record_goes_out_as_a_file_while_a_running_game_is_text() {
    let checked = ProofReport::Checked {
        game: 4,
        filename: "schocken-spiel-4.json".into(),
        record: "{\"throws\": []}".into(),
        throws: 17,
        mismatch: None,
    };
    let effects = content_plan(Content::Proof(Box::new(checked)));
    let (chat, message) = &effects.messages[0];
    assert_eq!(*chat, GROUP);
    assert_eq!(
        message.attachment,
        Some(Attachment::Document {
            name: "schocken-spiel-4.json".into(),
            bytes: b"{\"throws\": []}".to_vec()
        })
    );
    assert!(
        message.text.contains("alle 17 Würfe passen"),
        "{}",
        message.text
    );
    assert!(message.text.chars().count() <= MAX_CAPTION);
    let running = ProofReport::Running {
        game: 5,
        commitment: "ab".repeat(32),
        client_seed: "Stammtisch".into(),
        last_over: Some(4),
    };
    let effects = content_plan(Content::Proof(Box::new(running)));
    let (_, message) = &effects.messages[0];
    assert_eq!(message.attachment, None);
    assert!(message.text.contains(&"ab".repeat(32)), "{}", message.text);
    assert!(message.text.contains("Stammtisch"), "{}", message.text);
}

#[test]
fn the_dice_statistics_are_a_chart_with_the_text_as_caption() {
    let report = FairnessReport::new([10, 12, 9, 11, 8, 10], 3);
    let effects = content_plan(Content::Fairness(Box::new(report)));
    let (_, message) = &effects.messages[0];
    let Some(Attachment::Photo { name, bytes }) = &message.attachment else {
        panic!("a photo: {message:?}");
    };
    assert_eq!(name, bot_core::render::CHART_FILE);
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
    assert!(message.text.contains("Chi-Quadrat"), "{}", message.text);
    assert!(message.text.chars().count() <= MAX_CAPTION);
    // No dice yet: the text alone.
    let none = FairnessReport::new([0; 6], 0);
    let effects = content_plan(Content::Fairness(Box::new(none)));
    let (_, message) = &effects.messages[0];
    assert_eq!(message.attachment, None);
    assert!(!message.text.is_empty());
}

#[test]
fn a_notice_for_the_sender_alone_answers_his_command_in_his_language() {
    use bot_core::service::ClubRequest;
    use bot_core::service::club::ClubNotice;
    let reply = Reply {
        private_notices: vec![Notice::Club(ClubNotice::AlreadyCheckedIn {
            name: "Anna".into(),
            at: 1_700_000_000_000,
            time_zone: "Europe/Berlin".into(),
        })],
        lang: Lang::De,
        actor_lang: Lang::En,
        ..Reply::default()
    };
    let effects = plan_with(
        Request::Club(ClubRequest::CheckIn),
        &reply,
        Origin::Command {
            message: 9,
            user: ANNA,
        },
        &PrivateChats::default(),
    );
    let [(chat, message)] = effects.messages.as_slice() else {
        panic!("one answer: {:?}", effects.messages);
    };
    assert_eq!(*chat, GROUP);
    assert_eq!(message.reply_to, Some(9), "a reply to his command");
    assert!(message.text.contains("Anna"), "{}", message.text);
    assert!(!message.text.contains("schon"), "English: {}", message.text);
    // A press gets it as a toast instead, not as a message.
    let pressed = plan_with(
        Request::Club(ClubRequest::CheckIn),
        &reply,
        Origin::Press { user: ANNA },
        &PrivateChats::default(),
    );
    assert!(pressed.messages.is_empty());
}
