//! Discord's own sharding across processes: two `schocken` processes on one PostgreSQL
//! database run shards 0 and 1 of 2 (`DISCORD_SHARDS`). Discord sends a guild's events to the
//! shard `(guild_id >> 22) % 2`, so each process serves the guilds of its shard: tables in
//! both guilds play at once, each through its own process, and a process killed mid-game is
//! replaced by a new one running the same shard that plays on from the database. The crash
//! checks hold afterwards.

mod common;

use common::discord::{self as dc, Play};
use common::{Bot, Platform, postgres};
use schocken_fakes::discord::{FakeDiscord, Place};
use schocken_load::check;
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

/// A guild id near `near` whose events go to `shard` of `total`.
fn guild_on(shard: u64, total: u64, near: u64) -> u64 {
    let mut guild = near;
    while (guild >> 22) % total != shard {
        guild += 1 << 22;
    }
    guild
}

/// Starts a process running `shards` (`A/N`) on `database`; waits until its shard is
/// connected.
async fn start_shard(fake: &FakeDiscord, database: &str, shard: [u64; 2], seed: u64) -> Bot {
    let shards = format!("{}/{}", shard[0], shard[1]);
    let sessions_before = fake.sessions();
    let mut bot = Bot::spawn_with(
        Platform::Discord(fake),
        Path::new("unused.db"),
        seed,
        &[("DATABASE_URL", database), ("DISCORD_SHARDS", &shards)],
    );
    let deadline = tokio::time::Instant::now() + Duration::from_secs(40);
    while tokio::time::Instant::now() < deadline {
        if fake
            .connected_shards_since(sessions_before)
            .contains(&shard)
        {
            // The commands are registered once the gateway is ready; give it that moment.
            tokio::time::sleep(Duration::from_millis(300)).await;
            return bot;
        }
        if !bot.running() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    bot.kill();
    panic!("shard {shards} did not connect:\n{}", bot.log());
}

/// The tables' newest versions shown in their messages.
fn shown_versions(fake: &FakeDiscord, tables: &[u64]) -> BTreeMap<u64, u64> {
    let mut seen = BTreeMap::new();
    for message in tables {
        let shown = dc::table_message(fake, *message);
        let Some(version) = dc::buttons_version(&shown.custom_ids()) else {
            continue;
        };
        let table = shown.custom_ids().iter().find_map(|id| {
            id.split(':')
                .nth(2)
                .and_then(|t| u64::from_str_radix(t, 36).ok())
        });
        if let Some(table) = table {
            seen.insert(table, version);
        }
    }
    seen
}

#[tokio::test]
async fn two_processes_serve_the_guilds_of_their_shards() {
    let Some(database) = postgres::fresh_database().await else {
        return;
    };
    let fake = FakeDiscord::start().await.expect("fake Discord");
    let first_guild = fake.guild_id();
    let first_shard = [(first_guild >> 22) % 2, 2];
    let second_shard = [1 - first_shard[0], 2];
    let second_guild = guild_on(second_shard[0], 2, first_guild + 1);
    let places = [
        fake.place(),
        Place {
            guild_id: Some(second_guild),
            channel_id: fake.channel_id() + 1_000,
            guild_locale: Some("de".into()),
        },
    ];
    let mut first = start_shard(&fake, &database, first_shard, 61).await;
    let second = start_shard(&fake, &database, second_shard, 62).await;
    assert_eq!(fake.connected_shards(), vec![[0, 2], [1, 2]]);

    let players = [dc::user(401, "Anna"), dc::user(402, "Ben")];
    let mut tables = Vec::new();
    for place in &places {
        tables.push(dc::open_and_start_in(&fake, place, &players).await);
    }
    let mut plays: Vec<Play> = tables
        .iter()
        .map(|t| Play::new(&fake, *t, &players))
        .collect();
    for _ in 0..3 {
        for play in &mut plays {
            play.turn().await;
        }
    }
    // Each process took the interactions of its own guild only.
    let channel = |place: &Place| format!("/{}", place.channel_id);
    assert!(first.log().contains(&channel(&places[0])));
    assert!(!first.log().contains(&channel(&places[1])));
    assert!(second.log().contains(&channel(&places[1])));
    assert!(!second.log().contains(&channel(&places[0])));

    // The first process dies mid-game; a new one takes its shard and plays on from the
    // database.
    first.kill();
    dc::assert_within_limits(&fake);
    let restarted_at = fake.requests().len();
    let first = start_shard(&fake, &database, first_shard, 63).await;
    // The killed process may have died between storing a move and showing it: the first
    // click on the message after that (here a spectator's, refused) brings it up to date.
    let spectator = dc::user(499, "Zoe");
    for table in &tables {
        let roll = dc::table_message(&fake, *table)
            .button("v1:r:")
            .expect("the roll button");
        let refused = dc::run_click(&fake, &spectator, *table, &roll).await;
        assert!(refused.ephemeral, "{refused:?}");
    }
    for _ in 0..3 {
        for play in &mut plays {
            play.turn().await;
        }
    }
    let seen = shown_versions(&fake, &tables);
    assert_eq!(seen.len(), 2, "{seen:?}");
    let problems = check::problems(&database, &seen).await.expect("checks ran");
    assert!(problems.is_empty(), "{problems:#?}");
    // Every interaction was answered in time. A process that starts knows nothing of the
    // rate limits its killed predecessor used up: Discord may answer its first edits with
    // 429 (it waits and edits again) — only then, and only in the restarted shard's channel.
    assert!(
        fake.late_answers().is_empty(),
        "every interaction answered in time"
    );
    for limited in fake.rate_limited() {
        assert!(limited.seq >= restarted_at, "{limited:?}");
        assert!(
            limited.path.contains(&places[0].channel_id.to_string()),
            "{limited:?}"
        );
    }
    drop((first, second));
}
