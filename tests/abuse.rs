//! Hostile input through both platforms, end to end: the real `schocken` binary against the
//! local fake Discord and fake Telegram. Every hostile input gets a clear answer for its sender
//! alone (ephemeral on Discord, an alert or a reply on Telegram, in his language), changes
//! nothing (the table message and the stored tables, log, ledger and statistics are the same
//! before and after), and no die under a cup shows up in public before its reveal.

mod common;

use common::discord::slash;
use common::telegram::{alert, barrier, button, command, press, press_on};
use common::{
    Bot, DISCORD_TOKEN, Db, StoredTable, WAIT, current_player, discord, faces, junk, player_line,
    shows_dice, telegram,
};
use schocken_fakes::discord::{Call, FakeDiscord, FakeMessage, FakeUser, Injected, Place};
use schocken_fakes::telegram::{FakeTelegram, Recorded, TgChat, TgUser};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// The beginnings of every refusal the service can give (its error texts up to the first
/// argument), German and English; "not in this round" aside, which is also what a player
/// out of the round reads as his view.
fn refusals() -> Vec<String> {
    let mut out = Vec::new();
    for source in [
        include_str!("../bot-core/locales/de.ftl"),
        include_str!("../bot-core/locales/en.ftl"),
    ] {
        for line in source.lines() {
            let Some((id, text)) = line.split_once(" = ") else {
                continue;
            };
            let wanted = (id.starts_with("error-") && id != "error-not-in-round")
                || id == "notice-stale"
                || id == "notice-duplicate";
            let head = text.split('{').next().unwrap_or_default().trim();
            if wanted && head.chars().count() >= 5 {
                out.push(head.to_string());
            }
        }
    }
    out
}

fn refused(text: &str, refusals: &[String]) -> bool {
    refusals.iter().any(|r| text.starts_with(r.as_str()))
}

/// German or English, as the user's client.
fn say<'a>(english: bool, de: &'a str, en: &'a str) -> &'a str {
    if english { en } else { de }
}

/// Forged data that parses as no button at all.
fn garbage(seed: u64) -> Vec<String> {
    let mut out: Vec<String> = junk(seed, 24)
        .into_iter()
        .filter(|s| bot_core::service::ButtonId::parse(s).is_err())
        .collect();
    out.extend(
        [
            "",
            " ",
            "v1",
            "v1:",
            "v1:r",
            "v1:r:1",
            "v2:r:1:0",
            "V1:r:1:0",
            "v1:R:1:0",
            "v1:x:1:0",
            "v1:r:-1:0",
            "v1:r:01:0",
            "v1:r:1:0:",
            "v1:r:1:0:9",
            "v1:k:1:0",
            "v1:k:1:0:7",
            "v1:k:1:0:0",
            "v1:k:1:0:1111",
            "v1:a:1:0:8",
            "v1:a:1:0:x",
            "v1:r:zzzzzzzzzzzzzz:0",
            "v1:r:1:zzzzzzzzzzzzzz",
            "'); DROP TABLE tables;--",
            "<b>v1:r:1:0</b>",
            "v1:r:1:0\u{200B}",
            "🎲",
        ]
        .map(str::to_string),
    );
    out.push("v1:r:1:0".repeat(9));
    out
}

// ================================================================================================
// Discord
// ================================================================================================

/// The state that must not change, read after the bot answered.
async fn d_frozen(fake: &FakeDiscord, db: &Db, table: u64) -> (common::DbState, FakeMessage) {
    (db.state().await, discord::table_message(fake, table))
}

/// Other players, and members of no table, press the buttons of one player's ephemeral cup;
/// junk and well-formed but wrong `v1:` ids (another table, a version to come, dice not in
/// the cup, another channel's table, a channel without one); a replayed interaction; an old
/// button after several moves; "look" and "roll" by a player out of the round. Each is
/// answered ephemerally in the clicker's language, shows no hidden die, touches no channel
/// message, and the stored tables, log, ledger and statistics stay the same.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn discord_clicks_on_other_cups_forged_and_replayed_ids_change_nothing() {
    let (fake, db, bot) = discord::start(7).await;
    let anna = discord::user(11, "Anna");
    let ben = discord::user(12, "Ben");
    let cem = discord::user(13, "Cem").locale("en-US");
    let dora = discord::user(14, "Dora");
    let eve = discord::user(15, "Eve").locale("en-GB");
    let players = [anna.clone(), ben.clone(), cem.clone()];
    let table = discord::open_and_start(&fake, &players).await;
    let first_roll = discord::table_message(&fake, table)
        .button("v1:r:")
        .expect("roll");
    let mut play = discord::Play::new(&fake, table, &players);

    // The player to act looks under his cup: his private view carries keep, roll and stand.
    let t = play.table();
    let owner_name = current_player(&t.content).expect("someone to play");
    let owner = play.player(&owner_name);
    let view = play
        .private(&owner, table, &t.button("v1:l:").expect("look"))
        .await;
    let private_message = view.message_id.expect("the ephemeral view");
    let owner_dice = discord::dice_under_cup(&view.content).expect("the owner sees his dice");
    let ids: Vec<String> = view
        .custom_ids()
        .into_iter()
        .filter(|id| !id.starts_with("v1:l:"))
        .collect();
    assert!(
        ids.iter().any(|i| i.starts_with("v1:k:")) && ids.iter().any(|i| i.starts_with("v1:s:")),
        "{ids:?}"
    );
    let (before, shown) = d_frozen(&fake, &db, table).await;

    // Everybody else presses the owner's private buttons.
    let others: Vec<&FakeUser> = players.iter().filter(|p| p.id != owner.id).collect();
    for who in others.iter().copied().chain([&dora, &eve]) {
        for id in &ids {
            let since = fake.requests().len();
            let a = discord::run_click(&fake, who, private_message, id).await;
            assert!(a.ephemeral, "{id} by {:?}: {a:?}", who.nick);
            let english = who.locale.starts_with("en");
            let member = players.iter().any(|p| p.id == who.id);
            let expected = match (member, english) {
                (true, false) => format!("Du bist nicht dran – {owner_name} ist dran."),
                (true, true) => format!("Not your turn – {owner_name} is to play."),
                (false, false) => "Du sitzt nicht an diesem Tisch.".to_string(),
                (false, true) => "You are not at this table.".to_string(),
            };
            assert_eq!(a.content, expected, "{id} by {:?}", who.nick);
            assert!(!shows_dice(&a.content) && !a.content.contains(&owner_dice));
            assert!(a.custom_ids().is_empty(), "no buttons for a refusal: {a:?}");
            discord::assert_untouched(&fake, since, "a click on another player's cup");
        }
    }
    // "Look at my cup" by members of no table.
    for (who, expected) in [
        (&dora, "Du sitzt nicht an diesem Tisch."),
        (&eve, "You are not at this table."),
    ] {
        let since = fake.requests().len();
        let a = discord::run_click(&fake, who, table, &t.button("v1:l:").expect("look")).await;
        assert!(a.ephemeral && a.content == expected, "{a:?}");
        discord::assert_untouched(&fake, since, "a look by a non-member");
    }
    assert_eq!(
        d_frozen(&fake, &db, table).await,
        (before.clone(), shown.clone())
    );

    // Forged data: no button at all, or a button of no table here.
    let version = view
        .button("v1:r:")
        .or_else(|| view.button("v1:s:"))
        .and_then(|id| id.split(':').nth(3).map(str::to_string))
        .expect("the view's version");
    let table_id = first_roll.split(':').nth(2).expect("table id").to_string();
    let english = owner.locale.starts_with("en");
    for forged in garbage(0x5eed) {
        let since = fake.requests().len();
        let a = discord::run_click(&fake, &anna, table, &forged).await;
        assert!(a.ephemeral, "{forged:?}: {a:?}");
        assert_eq!(
            a.content, "Dieser Knopf ist ungültig – er gehört zu keinem Tisch.",
            "{forged:?}"
        );
        discord::assert_untouched(&fake, since, "forged data");
    }
    let a = discord::run_click(&fake, &cem, table, "v1:x:1:0").await;
    assert_eq!(
        a.content,
        "This button is not valid – it belongs to no table."
    );
    let a = discord::run_click(&fake, &eve, table, &"v1:r:".repeat(30)).await;
    assert_eq!(
        a.content,
        "This button is not valid – it belongs to no table."
    );
    // Well-formed, but for another table, a version to come, or dice not in the cup.
    let missing = (1..=6u8)
        .find(|v| !owner_dice.contains(&format!("{v}")))
        .expect("a value not under the cup");
    let stale = say(
        english,
        "Dieser Knopf ist veraltet.",
        "This button is outdated.",
    );
    let mut wrong = well_formed_but_wrong(&table_id, &version, english);
    wrong.extend([
        (
            format!("v1:g:{table_id}:{version}"),
            say(
                english,
                "Das Spiel läuft schon",
                "The game is already running",
            ),
        ),
        (
            format!("v1:k:{table_id}:{version}:{missing}"),
            say(english, "Im Becher liegt keine", "There is no"),
        ),
    ]);
    for (forged, expected) in wrong {
        let since = fake.requests().len();
        let a = discord::run_click(&fake, &owner, table, &forged).await;
        assert!(a.ephemeral, "{forged}: {a:?}");
        assert!(a.content.starts_with(expected), "{forged}: {}", a.content);
        discord::assert_untouched(&fake, since, "a forged button");
    }
    // Somebody else's forged join: the game runs.
    let a = discord::run_click(&fake, &dora, table, &format!("v1:j:{table_id}:{version}")).await;
    assert!(a.content.starts_with("Das Spiel läuft schon"), "{a:?}");
    // A table in another channel: its buttons do nothing here, and ours nothing there.
    let other = Place {
        guild_id: Some(fake.guild_id()),
        channel_id: fake.channel_id() + 7,
        guild_locale: Some("de".into()),
    };
    discord::run_slash_in(&fake, &other, &dora, slash("new")).await;
    let other_message = discord::table_id(&fake, other.channel_id);
    let other_join = discord::table_message(&fake, other_message)
        .button("v1:j:")
        .expect("join");
    let (before, shown) = d_frozen(&fake, &db, table).await;
    let other_shown = discord::table_message(&fake, other_message);
    let since = fake.requests().len();
    let a = discord::run_click(&fake, &owner, table, &other_join).await;
    assert!(a.ephemeral && a.content.starts_with(stale), "{a:?}");
    let sent = fake
        .click_in(&other, &owner, other_message, &first_roll)
        .expect("inject");
    let a = discord::answer(&fake, &sent).await;
    assert!(a.ephemeral && a.content == stale, "{a:?}");
    let empty = Place {
        channel_id: fake.channel_id() + 8,
        ..other.clone()
    };
    let sent = fake
        .click_in(&empty, &owner, other_message, &first_roll)
        .expect("inject");
    let a = discord::answer(&fake, &sent).await;
    let none = say(
        english,
        "Hier ist kein Tisch offen.",
        "No table is open here.",
    );
    assert!(a.ephemeral && a.content.starts_with(none), "{a:?}");
    discord::assert_untouched(&fake, since, "buttons of another channel's table");
    assert_eq!(d_frozen(&fake, &db, table).await, (before.clone(), shown));
    assert_eq!(discord::table_message(&fake, other_message), other_shown);

    // A replayed interaction: the move counts once; the repeat is told "already done" (Discord
    // refuses a second answer to one interaction, the first stands).
    let roll = view.button("v1:r:").expect("roll in the private view");
    let sent = fake.click(&owner, private_message, &roll).expect("inject");
    let rolled = discord::answer(&fake, &sent).await;
    assert!(rolled.content.starts_with("Dein Becher") || rolled.content.starts_with("Your cup"));
    let (after_roll, shown_after_roll) = d_frozen(&fake, &db, table).await;
    assert_eq!(after_roll.log.len(), before.log.len() + 1, "one move");
    let since = fake.requests().len();
    fake.redeliver(&sent).expect("redeliver");
    let repeat = fake
        .wait_for(
            since,
            WAIT,
            |r| matches!(r.call, Call::Callback { interaction, .. } if interaction == sent.id),
        )
        .await
        .expect("the repeat is answered");
    let said = repeat.content().unwrap_or_default();
    assert!(
        said == "Schon erledigt." || said == "Already done.",
        "{repeat:?}"
    );
    assert_eq!(
        repeat.status, 400,
        "Discord takes one answer per interaction"
    );
    assert_eq!(fake.callback_attempts(sent.id).len(), 2);
    discord::assert_untouched(&fake, since, "a replayed interaction");
    assert_eq!(
        d_frozen(&fake, &db, table).await,
        (after_roll, shown_after_roll)
    );

    // An old button after several moves: outdated, the presser gets his current view.
    for _ in 0..3 {
        play.turn().await;
    }
    let (before, shown) = d_frozen(&fake, &db, table).await;
    for who in [&anna, &ben, &cem] {
        let since = fake.requests().len();
        let a = discord::run_click(&fake, who, table, &first_roll).await;
        assert!(a.ephemeral, "{a:?}");
        assert!(
            a.content.starts_with("Dieser Knopf ist veraltet")
                || a.content.starts_with("This button is outdated"),
            "{a:?}"
        );
        discord::assert_untouched(&fake, since, "an old button");
    }
    assert_eq!(d_frozen(&fake, &db, table).await, (before, shown));

    // Play on until someone is out (or watches the final), then he presses look and roll.
    let mut bystander = None;
    for _ in 0..300 {
        let t = play.table();
        bystander = sitting_out(&t.content, &play.players);
        if bystander.is_some() || !play.turn().await {
            break;
        }
    }
    let bystander = bystander.expect("a player out of the round");
    let t = play.table();
    assert!(!t.custom_ids().is_empty(), "the game still runs");
    let (before, shown) = d_frozen(&fake, &db, table).await;
    let english = bystander.locale.starts_with("en");
    let since = fake.requests().len();
    let a = discord::run_click(&fake, &bystander, table, &t.button("v1:l:").expect("look")).await;
    let expected = if english {
        "You do not play this round."
    } else {
        "Du spielst diese Runde nicht mit."
    };
    assert!(a.ephemeral && a.content.starts_with(expected), "{a:?}");
    assert!(!shows_dice(&a.content), "{a:?}");
    let a = discord::run_click(&fake, &bystander, table, &t.button("v1:r:").expect("roll")).await;
    assert!(a.ephemeral && !shows_dice(&a.content), "{a:?}");
    discord::assert_untouched(&fake, since, "an out player's clicks");
    assert_eq!(d_frozen(&fake, &db, table).await, (before, shown));

    play.play_to_the_end().await;
    play.assert_no_leaks();
    assert!(fake.late_answers().is_empty(), "{:?}", fake.late_answers());
    bot.assert_token_never_logged(DISCORD_TOKEN);
}

/// A player out of the round in a table text: out ("… raus"), or watching the final.
fn sitting_out<U: Clone>(text: &str, players: &[(String, U)]) -> Option<U> {
    players
        .iter()
        .find(|(n, _)| {
            player_line(text, n).is_some_and(|l| l.ends_with(" raus"))
                || (text.contains("Finale: ") && !final_line(text).contains(n.as_str()))
        })
        .map(|(_, u)| u.clone())
}

fn final_line(text: &str) -> &str {
    text.lines()
        .find(|l| l.starts_with("Finale: ") || l.starts_with("Final: "))
        .unwrap_or_default()
}

/// Well-formed ids for the running table `table_id` at `version` that fit no move: a roll and
/// a stand on the next table, a roll and a stand of a version to come, a join; each with the
/// beginning of the refusal it gets.
fn well_formed_but_wrong(
    table_id: &str,
    version: &str,
    english: bool,
) -> Vec<(String, &'static str)> {
    let other_table = base36(parse_base36(table_id) + 1);
    let later = base36(parse_base36(version) + 3);
    let stale = say(
        english,
        "Dieser Knopf ist veraltet.",
        "This button is outdated.",
    );
    vec![
        (format!("v1:r:{other_table}:{version}"), stale),
        (format!("v1:s:{other_table}:{version}"), stale),
        (format!("v1:r:{table_id}:{later}"), stale),
        (format!("v1:s:{table_id}:{later}"), stale),
        (
            format!("v1:j:{table_id}:{version}"),
            say(
                english,
                "Du sitzt schon am Tisch.",
                "You are already at the table.",
            ),
        ),
    ]
}

fn base36(mut n: u64) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    if n == 0 {
        return "0".into();
    }
    let mut out = Vec::new();
    while n > 0 {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
    }
    out.reverse();
    String::from_utf8(out).expect("ascii")
}

fn parse_base36(s: &str) -> u64 {
    u64::from_str_radix(s, 36).expect("base 36")
}

/// Game, ledger and table commands in a channel and a DM without a table: an ephemeral,
/// German or English answer each; nothing posted, nothing stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn discord_commands_where_no_table_is_open_are_refused_privately() {
    let (fake, db, bot) = discord::start(3).await;
    let anna = discord::user(11, "Anna");
    let ben = discord::user(12, "Ben");
    let cem = discord::user(13, "Cem").locale("en-US");
    let before = db.state().await;
    let since = fake.requests().len();
    let channel = fake.place();
    let dm = Place {
        guild_id: None,
        channel_id: 1_400_000_000_000_000_001,
        guild_locale: None,
    };
    let commands = [
        slash("roll"),
        slash("keep").string("dice", "1 1"),
        slash("stand"),
        slash("flip"),
        slash("blind"),
        slash("leave"),
        slash("start"),
        slash("kick").user("user", &ben),
        slash("end"),
        slash("paid"),
        slash("paid").user("user", &ben),
        slash("undo"),
        slash("reveal"),
        slash("table"),
    ];
    for place in [&channel, &dm] {
        for (who, english) in [(&anna, false), (&cem, true)] {
            for command in &commands {
                let a = discord::run_slash_in(&fake, place, who, command.clone()).await;
                let what = format!(
                    "{:?} {:?} in {:?}",
                    command.subcommand, command.options, place
                );
                assert!(a.ephemeral, "{what}: {a:?}");
                // Outside a server there is no nickname: the user name.
                let name = match place.guild_id {
                    Some(_) => who.nick.clone().unwrap_or_default(),
                    None => who.username.clone(),
                };
                let expected: &[&str] = match (command.subcommand.as_deref(), english) {
                    // A member never seen in this chat is not named.
                    (Some("paid"), false) => &[
                        "schuldet keine Runde.",
                        "Diese Person schuldet hier keine Runde.",
                    ],
                    (Some("paid"), true) => &["owes no round.", "That member owes no round here."],
                    (Some("undo"), false) => &["Du hast nichts, was sich rückgängig machen ließe."],
                    (Some("undo"), true) => &["You have nothing to undo."],
                    (Some("reveal"), false) => &["Gerade läuft kein Spiel."],
                    (Some("reveal"), true) => &["No game is running."],
                    (_, false) => &["Hier ist kein Tisch offen. Mach einen auf mit /schocken neu"],
                    (_, true) => &["No table is open here. Open one with /schocken new"],
                };
                assert!(
                    expected
                        .iter()
                        .any(|e| a.content.starts_with(e) || a.content.ends_with(e)),
                    "{what}: {}",
                    a.content
                );
                if command.subcommand.as_deref() == Some("paid") && command.options.is_empty() {
                    assert!(a.content.starts_with(&name), "{what}: {}", a.content);
                }
            }
        }
    }
    discord::assert_untouched(&fake, since, "commands without a table");
    assert_eq!(db.state().await, before, "nothing stored");
    assert!(fake.late_answers().is_empty());
    bot.assert_token_never_logged(DISCORD_TOKEN);
}

/// Names a hostile (or just creative) server gives its members.
fn odd_names() -> Vec<String> {
    vec![
        "🍺🎲 Prost 🎉 👨‍👩‍👧".to_string(),
        "مرحبا שלום \u{202E}dlrow\u{202C} ok".to_string(),
        "Zero\u{200B}Width\u{200D}Join\u{FEFF}er\u{2060}".to_string(),
        "@everyone <@123> **x** <@&456>".to_string(),
        "'); DROP TABLE ledger;--".to_string(),
        format!("Langer {}", "Name ".repeat(59)),
        // The long name cut to 32 characters, and then some: the two must not clash.
        "Langer Name Name Name Name Name".to_string(),
    ]
}

/// A message body's `allowed_mentions` pings nobody.
fn pings_nobody(body: &Value) -> bool {
    let Some(allowed) = body.get("allowed_mentions") else {
        return false;
    };
    let empty = |k: &str| {
        allowed
            .get(k)
            .is_none_or(|v| v.as_array().is_some_and(|a| a.is_empty()))
    };
    allowed
        .get("parse")
        .is_some_and(|p| p == &serde_json::json!([]))
        && empty("users")
        && empty("roles")
        && allowed.get("replied_user") != Some(&Value::Bool(true))
}

/// The loser of a finished game: the longest of `names` on the table's 🍺 line (one name
/// may hold another).
fn loser_among(table: &str, names: &[String]) -> String {
    let line = table
        .lines()
        .find(|l| l.starts_with("🍺 "))
        .expect("the game is over");
    names
        .iter()
        .filter(|n| line.contains(n.as_str()))
        .max_by_key(|n| n.len())
        .expect("a loser among the players")
        .clone()
}

/// The CSV export names `loser` as the debtor of a debt.
fn assert_debt_exported(csv: &[u8], loser: &str) {
    let csv = String::from_utf8(csv.to_vec()).expect("utf-8");
    let rows: Vec<Vec<String>> = csv.lines().skip(1).map(common::csv_fields).collect();
    assert!(
        rows.iter().any(|r| r[2] == "debt" && r[4] == loser),
        "{loser:?} in\n{csv}"
    );
}

/// Seven players named with emoji, right-to-left text and overrides, zero-width characters,
/// Discord mentions and markdown, SQL, 300 characters (and that name cut to 32 once more)
/// play a whole game: the table shows every name, no message may ping anyone, nothing hidden
/// leaks, and debts, statistics and the CSV export keep the names as the table shows them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn discord_odd_names_play_ping_nobody_and_stay_intact() {
    let (fake, db, bot) = discord::start(5).await;
    let nicks = odd_names();
    let players: Vec<FakeUser> = nicks
        .iter()
        .enumerate()
        .map(|(i, n)| discord::user(31 + i as u64, n))
        .collect();
    let names = common::table_names(&nicks);
    assert_eq!(
        names[5], "Langer Name Name Name Name Name",
        "cut, without the space"
    );
    assert_eq!(names[6], "Langer Name Name Name Name Name (2)");
    let table = discord::open_and_start(&fake, &players).await;
    let started = discord::table_message(&fake, table);
    for name in &names {
        assert!(
            player_line(&started.content, name).is_some(),
            "{name:?} in\n{}",
            started.content
        );
    }
    let mut play = discord::Play::new(&fake, table, &players);
    play.play_to_the_end().await;
    play.assert_no_leaks();

    // The ledger and the statistics keep the names as the table shows them.
    let loser = loser_among(&play.table().content, &names);
    let debts = discord::run_slash(&fake, &players[0], slash("debts")).await;
    assert!(
        debts.content.contains(&format!("{loser}: 1")),
        "{}",
        debts.content
    );
    let stats = discord::run_slash(&fake, &players[1], slash("stats")).await;
    for name in &names {
        assert!(
            stats.content.contains(name.as_str()),
            "{name:?}: {}",
            stats.content
        );
    }
    let export = discord::run_slash(&fake, &players[2], slash("export")).await;
    assert_debt_exported(&export.files.first().expect("the CSV").bytes, &loser);
    let state = db.state().await;
    assert!(
        state.ledger.iter().any(|l| l.3 == loser),
        "{:?}",
        state.ledger
    );
    let stored: BTreeSet<&str> = state.stats.iter().map(|s| s.2.as_str()).collect();
    for name in &names {
        assert!(stored.contains(name.as_str()), "{name:?} in {stored:?}");
    }

    // Nobody was pinged: every message that carries text says so, mentions or not.
    let mut checked = 0;
    for r in fake.requests() {
        let Some(message) = r.message() else { continue };
        let Some(content) = message.get("content").and_then(Value::as_str) else {
            continue;
        };
        assert!(content.chars().count() <= 2000, "{r:?}");
        if content.contains('@') {
            checked += 1;
            assert!(pings_nobody(message), "a message may ping: {message}");
        }
    }
    assert!(checked > 20, "only {checked} messages named the @ player");
    let everyone = fake
        .requests()
        .into_iter()
        .filter(|r| r.is_public_message())
        .filter(|r| r.content().is_some_and(|c| c.contains("@everyone <@123>")))
        .count();
    assert!(everyone > 10, "the name is shown as it is: {everyone}");
    assert!(fake.late_answers().is_empty());
    bot.assert_token_never_logged(DISCORD_TOKEN);
}

fn version_of(id: &str) -> String {
    id.split(':').nth(3).unwrap_or_default().to_string()
}

/// The one move a flood on one button applied is stored: version and log one further.
async fn one_move_later(db: &Db, chat: &str, start: &StoredTable) -> StoredTable {
    let after = db.table(chat).await.expect("stored");
    assert_eq!(after.version, start.version + 1);
    assert_eq!(after.log_entries, start.log_entries + 1);
    after
}

/// Floods on the newest buttons applied at most one move per table version, the stored
/// version and log advanced by exactly the `moves` answered, and the Deckel add up.
async fn assert_one_move_per_version(
    db: &Db,
    chat: &str,
    before: &StoredTable,
    moves: usize,
    per_version: &BTreeMap<String, usize>,
) {
    assert!(
        per_version.values().all(|n| *n == 1),
        "at most one move per version: {per_version:?}"
    );
    let end = db.table(chat).await.expect("stored");
    assert_eq!(
        end.version,
        before.version + moves as u64,
        "{per_version:?}"
    );
    assert_eq!(end.log_entries, before.log_entries + moves);
    assert!(moves >= 2, "the flood made progress: {moves}");
    end.assert_deckel_add_up();
}

/// The game is over in the store, its Deckel adding up.
async fn assert_finished(db: &Db, chat: &str) {
    let done = db.table(chat).await.expect("stored");
    assert_eq!(done.status, "finished");
    done.assert_deckel_add_up();
}

/// 30 clicks on one roll button, then 30 roll/stand clicks on the newest buttons: every click
/// answered within Discord's 3 s, one move per table version, the stored version and log
/// advance by exactly the moves answered, and the Deckel add up to 13.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn discord_a_flood_of_clicks_applies_one_move_per_version() {
    let (fake, db, bot) = discord::start(9).await;
    let players = [
        discord::user(11, "Anna"),
        discord::user(12, "Ben"),
        discord::user(13, "Cem"),
    ];
    let table = discord::open_and_start(&fake, &players).await;
    let chat = discord::chat(&fake, fake.channel_id());
    let mut play = discord::Play::new(&fake, table, &players);
    let start = db.table(&chat).await.expect("stored");

    // 30 clicks on the same roll button, as fast as they come.
    let t = play.table();
    let name = current_player(&t.content).expect("someone");
    let who = play.player(&name);
    let roll = t.button("v1:r:").expect("roll");
    let sent: Vec<Injected> = (0..30)
        .map(|_| fake.click(&who, table, &roll).expect("inject"))
        .collect();
    let refusals = refusals();
    let mut applied = 0;
    for s in &sent {
        let a = fake.answer(s, WAIT).await.expect("every click is answered");
        assert!(a.ephemeral, "{a:?}");
        if refused(&a.content, &refusals) {
            assert!(
                a.content.starts_with("Dieser Knopf ist veraltet"),
                "{}",
                a.content
            );
        } else {
            applied += 1;
        }
    }
    assert_eq!(applied, 1, "one roll per version");
    let after = one_move_later(&db, &chat, &start).await;

    // 30 more in three waves, roll and stand by turns, each on the newest buttons at that
    // moment (the first wave still by the same player, then by whoever is to play).
    let mut per_version: BTreeMap<String, usize> = BTreeMap::new();
    let mut moves = 0;
    for wave in 0..3 {
        let mut clicks: Vec<(Injected, String)> = Vec::new();
        for i in 0..10 {
            let t = play.table();
            let Some(name) = current_player(&t.content) else {
                break;
            };
            let who = if wave == 0 {
                who.clone()
            } else {
                play.player(&name)
            };
            let id = if i % 2 == 0 {
                t.button("v1:r:")
            } else {
                t.button("v1:s:")
            };
            let Some(id) = id else { break };
            clicks.push((fake.click(&who, table, &id).expect("inject"), id));
        }
        for (s, id) in &clicks {
            let a = fake.answer(s, WAIT).await.expect("every click is answered");
            assert!(a.ephemeral, "{a:?}");
            if !refused(&a.content, &refusals) {
                moves += 1;
                *per_version.entry(version_of(id)).or_default() += 1;
            }
        }
    }
    assert_one_move_per_version(&db, &chat, &after, moves, &per_version).await;
    assert!(
        fake.late_answers().is_empty(),
        "late: {:?}",
        fake.late_answers()
    );

    // The game goes on normally and ends with 13 Deckel throughout.
    play.play_to_the_end().await;
    play.assert_no_leaks();
    assert_finished(&db, &chat).await;
    bot.assert_token_never_logged(DISCORD_TOKEN);
}

// ================================================================================================
// Telegram
// ================================================================================================

/// The state that must not change, read after the bot handled everything before: the stored
/// tables, log, ledger and statistics, and the group's table text.
async fn t_frozen(fake: &FakeTelegram, db: &Db, group: &TgChat) -> (common::DbState, String) {
    let state = db.state().await;
    let table = telegram::table_message(fake, group.id).expect("table");
    (state, table.text)
}

/// Only answers to presses since `mark`, and answers to commands that reply to them: no
/// message posted in, or edited in, any group (a presser's own private cup may be brought up
/// to date).
fn t_untouched(fake: &FakeTelegram, mark: u64, what: &str) {
    t_untouched_but(fake, mark, what, &[]);
}

fn t_untouched_but(fake: &FakeTelegram, mark: u64, what: &str, own_private: &[i64]) {
    for r in fake.requests_since(mark) {
        if r.is("answerCallbackQuery") || r.is("getUpdates") || r.is("getChatMember") {
            continue;
        }
        if r.is("editMessageText") && r.chat_id().is_some_and(|c| own_private.contains(&c)) {
            continue;
        }
        let reply = r.params.get("reply_parameters").is_some();
        assert!(
            r.is("sendMessage") && reply,
            "{what} changed something: {} {}",
            r.method,
            r.params
        );
    }
}

/// As on Discord: a group's lobby buttons pressed in a private chat; the buttons of one
/// player's private cup pressed by others (in the group and in their own private chats) and
/// by members of no table; junk and wrong `v1:` data; another group's buttons; a callback
/// query delivered twice; an old button; an out player's presses. Alerts in the presser's
/// language, no hidden die in them, no group message sent or edited, the database the same.
#[tokio::test]
async fn telegram_presses_on_other_cups_forged_and_replayed_data_change_nothing() {
    let (fake, db, bot) = telegram::start(11).await;
    let group = TgChat::group(-2001, "Kneipe");
    let chat = "telegram:-2001";
    let anna = TgUser::new(101, "Anna");
    let ben = TgUser::new(102, "Ben");
    let cem = TgUser::new(103, "Cem").lang("en");
    let dora = TgUser::new(104, "Dora");
    let eve = TgUser::new(105, "Eve").lang("en");
    let players = [anna.clone(), ben.clone(), cem.clone()];

    // Everybody opens the private chat with the bot (cups with every button go there).
    command(&fake, &group, &anna, "/neu").await;
    let lobby = telegram::table_message(&fake, group.id).expect("lobby");
    let link = lobby.urls().pop().expect("deep link");
    let payload = link.split("start=").nth(1).expect("payload").to_string();
    for p in [&anna, &ben, &cem, &dora, &eve] {
        let mark = fake.mark();
        fake.start_private(p, Some(&payload));
        fake.wait_for(mark, WAIT, |r| {
            r.is("sendMessage") && r.chat_id() == Some(p.id)
        })
        .await
        .expect("an answer in private");
    }
    // A forged press in a private chat must not seat anyone at a group's table.
    let join = button(&lobby, "j").expect("join");
    let before = db.state().await;
    let mark = fake.mark();
    let private_dora = TgChat::private(&dora);
    let last_private = fake
        .bot_messages(dora.id)
        .last()
        .expect("a private message")
        .message_id;
    for data in [
        join.clone(),
        button(&lobby, "g").expect("go"),
        join.replace("v1:j:", "v1:t:"),
    ] {
        let a = press_on(&fake, &private_dora, &dora, last_private, &data).await;
        assert!(a.show_alert(), "{data}: {:?}", a.params);
        assert!(!alert(&a).is_empty(), "{data}: a clear answer");
    }
    barrier(&fake, &group).await;
    t_untouched(
        &fake,
        mark,
        "a group's lobby buttons pressed in a private chat",
    );
    assert_eq!(
        db.state().await,
        before,
        "nobody joined from a private chat"
    );
    assert!(
        telegram::table_message(&fake, group.id)
            .expect("lobby")
            .text
            .contains("Am Tisch (1): Anna")
    );

    for p in &players[1..] {
        let table = telegram::table_message(&fake, group.id).expect("lobby");
        press(&fake, &group, p, &button(&table, "j").expect("join")).await;
    }
    let table = telegram::table_message(&fake, group.id).expect("lobby");
    press(&fake, &group, &cem, &button(&table, "g").expect("go")).await;
    barrier(&fake, &group).await;
    let mut play = telegram::Play::new(&fake, &group, &players);
    let first_roll = button(
        &telegram::table_message(&fake, group.id).expect("table"),
        "r",
    )
    .expect("roll");

    // The player to act gets his cup privately, with every button; he looks.
    let t = telegram::table_message(&fake, group.id).expect("table");
    let owner_name = current_player(&t.text).expect("current");
    let owner = play.player(&owner_name);
    let cup = fake
        .wait_until(WAIT, |f| {
            f.bot_messages(owner.id)
                .into_iter()
                .rev()
                .find(|m| m.text.starts_with("Dein Becher") || m.text.starts_with("Your cup"))
        })
        .await
        .expect("the owner's private cup");
    press_on(
        &fake,
        &TgChat::private(&owner),
        &owner,
        cup.message_id,
        &button(&cup, "l").expect("look"),
    )
    .await;
    // The cup message is edited in place before the press is answered.
    let cup = fake.message(owner.id, cup.message_id).expect("cup");
    let owner_dice = faces(cup.text.lines().next().unwrap_or_default());
    assert_eq!(owner_dice.len(), 3, "{}", cup.text);
    let ids: Vec<String> = cup
        .callback_data()
        .into_iter()
        .filter(|d| !d.starts_with("v1:l:"))
        .collect();
    assert!(ids.iter().any(|d| d.starts_with("v1:k:")), "{ids:?}");
    barrier(&fake, &group).await;
    let (before, shown) = t_frozen(&fake, &db, &group).await;

    // The others press the owner's private buttons: in the group, and in their own private
    // chat (forged there); non-members too.
    let mark = fake.mark();
    for who in [&anna, &ben, &cem, &dora, &eve] {
        if who.id == owner.id {
            continue;
        }
        let member = players.iter().any(|p| p.id == who.id);
        let english = who.language_code.as_deref() == Some("en");
        let expected = match (member, english) {
            (true, false) => format!("Du bist nicht dran – {owner_name} ist dran."),
            (true, true) => format!("Not your turn – {owner_name} is to play."),
            (false, false) => "Du sitzt nicht an diesem Tisch.".to_string(),
            (false, true) => "You are not at this table.".to_string(),
        };
        let own_private = TgChat::private(who);
        let own_message = fake
            .bot_messages(who.id)
            .last()
            .expect("a private message")
            .message_id;
        for id in &ids {
            for (chat, message) in [(&group, t.message_id), (&own_private, own_message)] {
                let a = press_on(&fake, chat, who, message, id).await;
                assert!(a.show_alert(), "{id}: {:?}", a.params);
                assert_eq!(
                    alert(&a),
                    expected,
                    "{id} by {} in {}",
                    who.first_name,
                    chat.id
                );
                assert!(!shows_dice(&alert(&a)));
            }
        }
        // Look at my cup, by a non-member.
        if !member {
            let a = press(&fake, &group, who, &button(&t, "l").expect("look")).await;
            assert_eq!(alert(&a), expected);
        }
    }
    barrier(&fake, &group).await;
    t_untouched(&fake, mark, "presses on another player's cup");
    assert_eq!(
        t_frozen(&fake, &db, &group).await,
        (before.clone(), shown.clone())
    );

    // Forged data; buttons of another table, a version to come, dice not in the cup.
    let mark = fake.mark();
    for forged in garbage(0xfeed) {
        let a = press(&fake, &group, &owner, &forged).await;
        assert!(a.show_alert(), "{forged:?}");
        let said = alert(&a);
        assert!(
            said == "Dieser Knopf ist ungültig – er gehört zu keinem Tisch."
                || said == "This button is not valid – it belongs to no table.",
            "{forged:?}: {said}"
        );
    }
    let version = version_of(&button(&t, "r").expect("roll"));
    let table_id = first_roll.split(':').nth(2).expect("table id").to_string();
    let missing = (1..=6u8)
        .find(|v| !owner_dice.iter().any(|f| f.ends_with(&v.to_string())))
        .expect("a value not in the cup");
    let english = owner.language_code.as_deref() == Some("en");
    let stale = say(
        english,
        "Dieser Knopf ist veraltet.",
        "This button is outdated.",
    );
    for (forged, expected) in well_formed_but_wrong(&table_id, &version, english) {
        let a = press(&fake, &group, &owner, &forged).await;
        let said = alert(&a);
        assert!(
            a.show_alert() && said.starts_with(expected),
            "{forged}: {said}"
        );
    }
    let a = press(&fake, &group, &dora, &format!("v1:j:{table_id}:{version}")).await;
    assert!(
        alert(&a).starts_with("Das Spiel läuft schon"),
        "{:?}",
        a.params
    );
    // Keeping a value the cup does not hold: said to the owner alone, in an alert.
    let a = press(
        &fake,
        &group,
        &owner,
        &format!("v1:k:{table_id}:{version}:{missing}"),
    )
    .await;
    assert!(a.show_alert() && !alert(&a).is_empty(), "{:?}", a.params);
    barrier(&fake, &group).await;
    t_untouched(&fake, mark, "forged data");
    // A table of another group: stale there; in a chat without a table: no table.
    let other_group = TgChat::group(-2002, "Nebenan");
    let empty_group = TgChat::group(-2003, "Leer");
    command(&fake, &other_group, &dora, "/neu").await;
    let other_lobby = telegram::table_message(&fake, other_group.id).expect("other lobby");
    let mark_other = fake.mark();
    let a = press(
        &fake,
        &group,
        &owner,
        &button(&other_lobby, "j").expect("join"),
    )
    .await;
    assert_eq!(alert(&a), stale);
    let a = press_on(
        &fake,
        &other_group,
        &dora,
        other_lobby.message_id,
        &first_roll,
    )
    .await;
    assert_eq!(alert(&a), "Dieser Knopf ist veraltet.");
    let a = press_on(&fake, &empty_group, &dora, 1, &first_roll).await;
    assert!(
        alert(&a).starts_with("Hier ist kein Tisch offen."),
        "{:?}",
        a.params
    );
    barrier(&fake, &group).await;
    barrier(&fake, &other_group).await;
    t_untouched(&fake, mark_other, "buttons of another group's table");
    let with_other = db.state().await;
    assert_eq!(
        with_other
            .tables
            .iter()
            .filter(|t| t.1 == chat)
            .collect::<Vec<_>>(),
        before
            .tables
            .iter()
            .filter(|t| t.1 == chat)
            .collect::<Vec<_>>()
    );
    assert_eq!(
        with_other.log.len(),
        before.log.len() + 1,
        "only the other group's /neu"
    );
    assert_eq!(
        telegram::table_message(&fake, group.id)
            .expect("table")
            .text,
        shown
    );

    // A replayed press: the roll counts once; the repeat is answered "already done".
    let roll = button(&t, "r").expect("roll");
    let rolled = fake.press(&group, &owner, t.message_id, &roll);
    let first = fake
        .answer_to(rolled.callback_id.as_deref().expect("id"), WAIT)
        .await
        .expect("answered");
    assert_eq!(faces(&alert(&first)).len(), 3, "{:?}", first.params);
    barrier(&fake, &group).await;
    let (after_roll, shown) = t_frozen(&fake, &db, &group).await;
    assert_eq!(after_roll.log.len(), with_other.log.len() + 1);
    let mark = fake.mark();
    fake.redeliver(rolled.update_id).expect("redeliver");
    let again = fake
        .wait_for(mark, WAIT, |r| {
            r.is("answerCallbackQuery") && r.callback_query_id() == rolled.callback_id.as_deref()
        })
        .await
        .expect("the repeat is answered");
    let said = alert(&again);
    assert!(
        said == "Schon erledigt." || said == "Already done.",
        "{:?}",
        again.params
    );
    barrier(&fake, &group).await;
    t_untouched(&fake, mark, "a replayed press");
    assert_eq!(t_frozen(&fake, &db, &group).await, (after_roll, shown));

    // An old button after several moves.
    for _ in 0..3 {
        play.turn().await;
    }
    barrier(&fake, &group).await;
    let (before, shown) = t_frozen(&fake, &db, &group).await;
    let mark = fake.mark();
    for who in &players {
        let a = press(&fake, &group, who, &first_roll).await;
        let said = alert(&a);
        assert!(
            said == "Dieser Knopf ist veraltet." || said == "This button is outdated.",
            "{said}"
        );
    }
    barrier(&fake, &group).await;
    t_untouched(&fake, mark, "an old button");
    assert_eq!(t_frozen(&fake, &db, &group).await, (before, shown));

    // Someone out of the round presses look and roll.
    let mut bystander = None;
    for _ in 0..400 {
        let Some(t) = telegram::table_message(&fake, group.id) else {
            break;
        };
        bystander = sitting_out(&t.text, &play.players);
        if bystander.is_some() || !play.turn().await {
            break;
        }
    }
    let bystander = bystander.expect("a player out of the round");
    barrier(&fake, &group).await;
    let t = telegram::table_message(&fake, group.id).expect("table");
    let before = db.state().await;
    let mark = fake.mark();
    let a = press(&fake, &group, &bystander, &button(&t, "l").expect("look")).await;
    let said = alert(&a);
    assert!(
        said == "Du spielst diese Runde nicht mit." || said == "You do not play this round.",
        "{said}"
    );
    let a = press(&fake, &group, &bystander, &button(&t, "r").expect("roll")).await;
    assert!(a.show_alert() && !shows_dice(&alert(&a)), "{:?}", a.params);
    barrier(&fake, &group).await;
    t_untouched_but(&fake, mark, "an out player's presses", &[bystander.id]);
    assert_eq!(db.state().await, before);

    play.play_to_the_end().await;
    play.assert_no_leaks();
    assert_no_token(&bot, &fake);
}

fn assert_no_token(bot: &Bot, fake: &FakeTelegram) {
    bot.assert_token_never_logged(fake.token());
}

/// Every text in these requests, one a line.
fn texts(requests: &[Recorded]) -> String {
    requests
        .iter()
        .filter_map(|r| r.text())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Commands in a group and in private chats without a table: exactly one message each, a
/// reply to the command, in the sender's language; nothing stored, no table message.
#[tokio::test]
async fn telegram_commands_where_no_table_is_open_get_a_reply() {
    let (fake, db, bot) = telegram::start(2).await;
    let group = TgChat::group(-2101, "Leer");
    let anna = TgUser::new(101, "Anna");
    let cem = TgUser::new(103, "Cem").lang("en");
    let before = db.state().await;
    let commands = [
        "/wurf",
        "/roll",
        "/halten 1 1",
        "/keep 11",
        "/stehen",
        "/drehen",
        "/blind",
        "/aussteigen",
        "/los",
        "/kick Ben",
        "/ende",
        "/bezahlt",
        "/bezahlt Ben",
        "/rueckgaengig",
        "/aufdecken",
        "/tisch",
    ];
    let private_anna = TgChat::private(&anna);
    let private_cem = TgChat::private(&cem);
    fake.start_private(&anna, None);
    fake.start_private(&cem, None);
    barrier(&fake, &private_anna).await;
    barrier(&fake, &private_cem).await;
    for (chat, who, english) in [
        (&group, &anna, false),
        (&group, &cem, true),
        (&private_anna, &anna, false),
        (&private_cem, &cem, true),
    ] {
        for command in commands {
            let mark = fake.mark();
            let injected = fake.command(chat, who, command);
            barrier(&fake, chat).await;
            let sent: Vec<Recorded> = fake
                .requests_since(mark)
                .into_iter()
                .filter(|r| r.is("sendMessage") || r.is("editMessageText") || r.is("sendDocument"))
                .collect();
            assert_eq!(sent.len(), 1, "{command} in {}: {sent:?}", chat.id);
            let reply = &sent[0];
            assert!(reply.ok() && reply.is("sendMessage"), "{reply:?}");
            assert_eq!(reply.chat_id(), Some(chat.id));
            assert_eq!(
                reply.params["reply_parameters"]["message_id"].as_i64(),
                injected.message_id,
                "{command}: a reply to the command"
            );
            let text = reply.text().unwrap_or_default();
            let name = &who.first_name;
            let ok = match (
                command.split_whitespace().next().unwrap_or_default(),
                english,
            ) {
                ("/bezahlt", false) => text.ends_with("schuldet keine Runde."),
                ("/bezahlt", true) => text.ends_with("owes no round."),
                ("/rueckgaengig", false) => {
                    text == "Du hast nichts, was sich rückgängig machen ließe."
                }
                ("/rueckgaengig", true) => text == "You have nothing to undo.",
                ("/aufdecken", false) => text == "Gerade läuft kein Spiel.",
                ("/aufdecken", true) => text == "No game is running.",
                (_, false) => text.starts_with("Hier ist kein Tisch offen."),
                (_, true) => text.starts_with("No table is open here."),
            };
            assert!(ok, "{command} by {name} in {}: {text}", chat.id);
            if command == "/bezahlt" {
                assert!(text.starts_with(name.as_str()), "{text}");
            }
        }
    }
    assert_eq!(db.state().await, before, "nothing stored");
    assert!(
        telegram::table_message(&fake, group.id).is_none(),
        "no table message"
    );
    assert_no_token(&bot, &fake);
}

/// The odd names of the Discord test, HTML markup instead of mentions: a whole game; no
/// request carries a parse mode or entities (the markup arrives as text), nothing hidden
/// leaks, and debts, statistics and the CSV export keep the names.
#[tokio::test]
async fn telegram_odd_names_play_unparsed_and_stay_intact() {
    let (fake, db, bot) = telegram::start(5).await;
    let group = TgChat::group(-2201, "<b>Stamm</b>tisch &amp; Co");
    let mut players: Vec<TgUser> = odd_names()
        .into_iter()
        .enumerate()
        .map(|(i, n)| TgUser::new(301 + i as i64, &n))
        .collect();
    players[3] = TgUser::new(304, "<b>Fett</b> &amp;")
        .last_name("<i>x</i> &lt;3 <a href=\"tg://user?id=1\">y</a>");
    let mut play = telegram::Play::new(&fake, &group, &players);
    let play_names: Vec<String> = play.players.iter().map(|(n, _)| n.clone()).collect();
    telegram::open_and_start(&fake, &group, &players).await;
    let started = telegram::table_message(&fake, group.id).expect("table");
    for name in &play_names {
        assert!(
            player_line(&started.text, name).is_some(),
            "{name:?} in\n{}",
            started.text
        );
    }
    play.play_to_the_end().await;
    play.assert_no_leaks();
    let finished = telegram::table_message(&fake, group.id).expect("table");
    let loser = loser_among(&finished.text, &play_names);

    let debts = texts(&command(&fake, &group, &players[0], "/deckel").await);
    assert!(debts.contains(&format!("{loser}: 1")), "{debts}");
    let export = command(&fake, &group, &players[1], "/export").await;
    let document = export
        .iter()
        .find(|r| r.is("sendDocument"))
        .expect("the CSV");
    assert_debt_exported(&document.files[0].content, &loser);
    let stats = texts(&command(&fake, &group, &players[2], "/statistik").await);
    for name in &play_names {
        assert!(stats.contains(name.as_str()), "{name:?}: {stats}");
    }
    let state = db.state().await;
    assert!(state.ledger.iter().any(|l| l.3 == loser));

    // Telegram shows every text as it is: no parse mode, no entities; markup characters arrive
    // verbatim, the bot's own texts included.
    let mut markup_seen = 0;
    for r in fake.requests() {
        assert!(
            r.params.get("parse_mode").is_none(),
            "{} {}",
            r.method,
            r.params
        );
        assert!(
            r.params.get("entities").is_none(),
            "{} {}",
            r.method,
            r.params
        );
        if let Some(text) = r
            .text()
            .or_else(|| r.params.get("text").and_then(Value::as_str))
            && text.contains("<b>Fett</b> &amp; <i>x</i> &lt;3")
        {
            markup_seen += 1;
        }
    }
    assert!(
        markup_seen > 10,
        "the markup name is shown as it is: {markup_seen}"
    );
    assert_no_token(&bot, &fake);
}

/// 30 presses on one roll button, then 30 roll/stand presses on the newest buttons: every
/// press answered, one move per table version, the Deckel add up to 13.
#[tokio::test]
async fn telegram_a_flood_of_presses_applies_one_move_per_version() {
    let (fake, db, bot) = telegram::start(9).await;
    let group = TgChat::group(-2301, "Flut");
    let chat = "telegram:-2301";
    let players = [
        TgUser::new(101, "Anna"),
        TgUser::new(102, "Ben"),
        TgUser::new(103, "Cem"),
    ];
    telegram::open_and_start(&fake, &group, &players).await;
    let mut play = telegram::Play::new(&fake, &group, &players);
    let start = db.table(chat).await.expect("stored");

    let t = telegram::table_message(&fake, group.id).expect("table");
    let name = current_player(&t.text).expect("current");
    let who = play.player(&name);
    let roll = button(&t, "r").expect("roll");
    let presses: Vec<String> = (0..30)
        .map(|_| {
            fake.press(&group, &who, t.message_id, &roll)
                .callback_id
                .expect("id")
        })
        .collect();
    let refusals = refusals();
    let mut applied = 0;
    for id in &presses {
        let a = fake
            .answer_to(id, WAIT)
            .await
            .expect("every press is answered");
        if refused(&alert(&a), &refusals) {
            assert_eq!(alert(&a), "Dieser Knopf ist veraltet.", "{:?}", a.params);
        } else {
            assert_eq!(
                faces(&alert(&a)).len(),
                3,
                "the roll shows the cup: {:?}",
                a.params
            );
            applied += 1;
        }
    }
    assert_eq!(applied, 1, "one roll per version");
    barrier(&fake, &group).await;
    let after = one_move_later(&db, chat, &start).await;

    // 30 more in three waves on the newest buttons at that moment.
    let mut per_version: BTreeMap<String, usize> = BTreeMap::new();
    let mut moves = 0;
    for wave in 0..3 {
        let mut flood: Vec<(String, String)> = Vec::new();
        for i in 0..10 {
            let t = telegram::table_message(&fake, group.id).expect("table");
            let Some(name) = current_player(&t.text) else {
                break;
            };
            let who = if wave == 0 {
                who.clone()
            } else {
                play.player(&name)
            };
            let Some(data) = button(&t, if i % 2 == 0 { "r" } else { "s" }) else {
                break;
            };
            let id = fake
                .press(&group, &who, t.message_id, &data)
                .callback_id
                .expect("id");
            flood.push((id, data));
        }
        for (id, data) in &flood {
            let a = fake
                .answer_to(id, WAIT)
                .await
                .expect("every press is answered");
            if !refused(&alert(&a), &refusals) {
                moves += 1;
                *per_version.entry(version_of(data)).or_default() += 1;
            }
        }
        barrier(&fake, &group).await;
    }
    barrier(&fake, &group).await;
    assert_one_move_per_version(&db, chat, &after, moves, &per_version).await;

    play.play_to_the_end().await;
    play.assert_no_leaks();
    assert_finished(&db, chat).await;
    assert_no_token(&bot, &fake);
}
