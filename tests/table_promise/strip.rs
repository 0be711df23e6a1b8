//! Issue 27 on Discord: a table posted anew takes the old message's buttons off a moment
//! later (a channel write 1.05 s after the post); that job is kept in the database
//! (`pending_strips`) until done, so a process killed in between leaves it to the next.

use super::serial;
use crate::common::discord::{answer, open_and_start, posted_table, slash, user};
use crate::common::{Bot, Db};
use schocken_fakes::discord::{Call, FakeDiscord};
use std::time::{Duration, Instant};

const SEED: u64 = 2703;
/// How soon the restarted bot takes the old buttons off, its start included.
const STRIP_WAIT: Duration = Duration::from_secs(10);

/// Whether the bot keeps message `message` in its database as one whose buttons are to go.
async fn strip_pending(pool: &sqlx::SqlitePool, message: u64) -> bool {
    let pending: Result<i64, _> = sqlx::query_scalar(
        "SELECT COUNT(*) FROM pending_strips WHERE platform = 'discord' AND message = ?",
    )
    .bind(message.to_string())
    .fetch_one(pool)
    .await;
    pending.is_ok_and(|n| n > 0)
}

async fn read_only(db: &Db) -> sqlx::SqlitePool {
    let options = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(&db.path)
        .read_only(true);
    sqlx::pool::PoolOptions::new()
        .max_connections(1)
        .connect_with(options)
        .await
        .expect("open the bot's database")
}

/// Issue 27 "The table keeps its promise", no live buttons on an old table message after a
/// crash: `/schocken table` posts the table anew, and the bot is killed with SIGKILL as soon
/// as it has booked the new post (the old message's strip is in its database, 1.05 s before
/// the strip is due). The restarted process takes the old message's buttons off within a few
/// seconds, the new message keeps its buttons, and Discord never answers 429. Before the fix
/// the strip lived in the process only: the old message kept live buttons for good.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_old_table_message_loses_its_buttons_after_a_crash() {
    let _serial = serial().await;
    let fake = FakeDiscord::start().await.expect("fake Discord");
    let db = Db::new();
    let mut bot = Bot::discord(&fake, &db.path, SEED).await;
    let pool = read_only(&db).await;
    let players = [user(2711, "Anna"), user(2712, "Ben")];
    let old = open_and_start(&fake, &players).await;
    let channel = fake.channel_id();
    let sent = fake.slash(&players[1], &slash("table")).expect("inject");
    let shown = answer(&fake, &sent).await;
    assert!(shown.ephemeral, "{shown:?}");
    let new = posted_table(&fake, channel, sent.seq).await;
    assert_ne!(new, old, "the table is posted anew");
    let posted = Instant::now();
    kill_once_booked(&mut bot, &pool, old).await;
    let killed = Instant::now();
    let after_kill = fake.requests().len();
    let old_strip = Call::EditMessage {
        channel,
        message: old,
    };
    assert!(
        !fake
            .requests_since(sent.seq)
            .iter()
            .any(|r| r.call == old_strip),
        "the kill came before the old buttons were taken off"
    );
    assert!(
        !fake.message(old).expect("old").custom_ids().is_empty(),
        "the old message still has its buttons"
    );

    let restarted = Instant::now();
    bot = Bot::discord(&fake, &db.path, SEED).await;
    let ready = restarted.elapsed();
    let strip = fake
        .wait_for(after_kill, STRIP_WAIT, |r| {
            r.call == old_strip && r.status < 300
        })
        .await
        .expect("the restarted bot takes the old buttons off");
    eprintln!(
        "strip after a crash: killed {:?} after the new post was seen, restarted and ready in \
         {ready:?}, old buttons off {:?} after the restart ({:?} after the kill)",
        killed - posted,
        strip.at - restarted,
        strip.at - killed,
    );
    assert!(
        fake.message(old).expect("old").custom_ids().is_empty(),
        "the old message has no buttons any more"
    );
    let table = fake.message(new).expect("the new table message");
    assert!(
        !table.custom_ids().is_empty(),
        "the new message keeps its buttons"
    );
    wait_strip_done(&pool, old).await;
    assert!(fake.rate_limited().is_empty(), "{:?}", fake.rate_limited());
    drop(bot);
}

/// Kills the bot with SIGKILL as soon as it has booked the new post: the old message's strip
/// is in its database. Before that the bot does not know the new message (the platform's
/// answer is on its way), and no process can take the old buttons off for it.
async fn kill_once_booked(bot: &mut Bot, pool: &sqlx::SqlitePool, old: u64) {
    let posted = Instant::now();
    // The strip is due 1.05 s after the post.
    while !strip_pending(pool, old).await {
        assert!(
            posted.elapsed() < Duration::from_millis(900),
            "the bot books the new post"
        );
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    bot.kill();
}

/// Waits until the bot noted the strip as done.
async fn wait_strip_done(pool: &sqlx::SqlitePool, old: u64) {
    let start = Instant::now();
    while strip_pending(pool, old).await {
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "the strip is noted as done"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
