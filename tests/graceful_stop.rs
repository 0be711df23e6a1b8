//! A graceful stop (SIGTERM, as `docker stop` and `systemctl stop` send it): the bot takes no
//! new events, answers those in flight, makes their writes (the table message shows the last
//! answered move), closes the store and exits with success within 10 s. Telegram updates it
//! did not take wait for the next process; nothing is answered twice or lost.

mod common;

use common::discord::{self as dc, buttons_version, table_message as dc_table};
use common::telegram::{
    self, Play, button, open_and_start, settle, table_message, version, wait_version,
};
use common::{Bot, WAIT, current_player};
use schocken_fakes::telegram::{TgChat, TgUser};
use std::time::Duration;

const STOP_LIMIT: Duration = Duration::from_secs(10);

fn assert_stopped_in_time(bot: &Bot, status: Option<std::process::ExitStatus>, took: Duration) {
    assert!(
        status.is_some_and(|s| s.success()),
        "exit {status:?} after {took:?}\n{}",
        bot.log()
    );
    // The log's fields are coloured: compare without the escape sequences.
    let log = bot.log();
    let plain: String = log
        .split('\u{1b}')
        .enumerate()
        .map(|(i, part)| match part.find('m') {
            Some(end) if i > 0 => &part[end + 1..],
            _ => part,
        })
        .collect();
    assert!(plain.contains("stopping: taking no new events"), "{log}");
    assert!(plain.contains("stopped in_time=true"), "{log}");
}

#[tokio::test]
async fn telegram_sigterm_finishes_in_flight_and_leaves_the_rest_for_the_next_process() {
    let (fake, db, mut first) = telegram::start(31).await;
    let group = TgChat::group(-1007, "Stammtisch");
    let players = [
        TgUser::new(101, "Anna"),
        TgUser::new(102, "Ben"),
        TgUser::new(103, "Cem"),
    ];
    open_and_start(&fake, &group, &players).await;
    let mut play = Play::new(&fake, &group, &players);
    for _ in 0..2 {
        play.turn().await;
    }
    settle(&fake, &group).await;
    // A roll, shown on the table at once, then a stand answered just before the stop: its
    // table edit waits for the group's pace (one write per 3 s) and is made before the exit.
    let table = table_message(&fake, group.id).expect("table");
    let player = play.player(&current_player(&table.text).expect("current"));
    let roll = fake.press(
        &group,
        &player,
        table.message_id,
        &button(&table, "r").expect("roll"),
    );
    let roll_id = roll.callback_id.clone().expect("a press");
    fake.answer_to(&roll_id, WAIT).await.expect("rolled");
    let rolled = wait_version(&fake, group.id, version(&table).expect("v") + 1).await;
    let stand = fake.press(
        &group,
        &player,
        rolled.message_id,
        &button(&rolled, "s").expect("stand"),
    );
    let stand_id = stand.callback_id.clone().expect("a press");
    fake.answer_to(&stand_id, WAIT).await.expect("stood");
    let (status, took) = first.terminate(STOP_LIMIT).await;
    assert_stopped_in_time(&first, status, took);
    let after = table_message(&fake, group.id).expect("table");
    assert!(
        version(&after).expect("version") > version(&rolled).expect("v"),
        "the stand's table edit was made before the exit ({took:?})"
    );

    // A press while no process runs waits in Telegram's queue for the next one.
    let look = button(&after, "l").expect("look");
    let meanwhile = fake.press(&group, &player, after.message_id, &look);
    let _second = Bot::telegram(&fake, &db.path, 31).await;
    let meanwhile_id = meanwhile.callback_id.clone().expect("a press");
    fake.answer_to(&meanwhile_id, WAIT).await.expect("answered");
    for id in [&roll_id, &stand_id, &meanwhile_id] {
        let answers = fake
            .requests_since(0)
            .into_iter()
            .filter(|r| r.is("answerCallbackQuery") && r.callback_query_id() == Some(id))
            .count();
        assert_eq!(answers, 1, "each press is answered once");
    }
    // The game goes on where it was.
    for _ in 0..3 {
        play.turn().await;
    }
    play.assert_no_leaks();
}

#[tokio::test]
async fn discord_sigterm_makes_the_table_writes_and_exits_in_time() {
    let (fake, _db, mut bot) = dc::start(32).await;
    let players = [dc::user(201, "Anna"), dc::user(202, "Ben")];
    let table = dc::open_and_start(&fake, &players).await;
    let mut play = dc::Play::new(&fake, table, &players);
    for _ in 0..2 {
        play.turn().await;
    }
    let t = play.settled().await;
    let shown = buttons_version(&t.custom_ids()).expect("version");
    let who = play.player(&current_player(&t.content).expect("someone"));
    // A roll, shown on the table at once, then a stand answered just before the stop: its
    // table edit (one per channel and 1.05 s) is made before the exit.
    let roll = t.button("v1:r:").expect("roll");
    let sent = fake.click(&who, table, &roll).expect("inject");
    let answered = dc::answer(&fake, &sent).await;
    assert!(answered.ephemeral, "{answered:?}");
    let rolled = dc::table_at(&fake, table, shown + 1).await;
    let stand = rolled.button("v1:s:").expect("stand");
    let sent = fake.click(&who, table, &stand).expect("inject");
    dc::answer(&fake, &sent).await;
    let (status, took) = bot.terminate(STOP_LIMIT).await;
    assert_stopped_in_time(&bot, status, took);
    let after = dc_table(&fake, table);
    assert!(
        buttons_version(&after.custom_ids()).expect("version") > shown + 1,
        "the stand's table edit was made before the exit ({took:?})"
    );
}
