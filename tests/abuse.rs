//! Hostile input through Discord, end to end: the real `schocken` binary against the local
//! fake Discord (Telegram: `abuse_telegram.rs`). Every hostile input gets a clear answer for its sender
//! alone (ephemeral, in his language), changes
//! nothing (the table message and the stored tables, log, ledger and statistics are the same
//! before and after), and no die under a cup shows up in public before its reveal.

mod common;

use common::discord::slash;
use common::foreign_cup::press_every_button;
use common::hostile::*;
use common::{DISCORD_TOKEN, Db, WAIT, current_player, discord, player_line, shows_dice};
use schocken_fakes::discord::{Call, FakeDiscord, FakeMessage, FakeUser, Injected, Place};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

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

    // Everybody else presses the owner's private buttons (Discord shows an ephemeral message
    // to its owner alone: the ids come as clicks on the table message).
    let others: Vec<&FakeUser> = players.iter().filter(|p| p.id != owner.id).collect();
    for who in others.iter().copied().chain([&dora, &eve]) {
        for id in &ids {
            let since = fake.requests().len();
            let a = discord::run_click(&fake, who, table, id).await;
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
    let a = discord::run_click(&fake, &cem, table, "v1:q:1:0").await;
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
    let opened = fake.requests().len();
    discord::run_slash_in(&fake, &other, &dora, slash("new")).await;
    let other_message = discord::posted_table(&fake, other.channel_id, opened).await;
    db.wait_for_message_ref(&format!("discord:{}/{}", fake.guild_id(), other.channel_id))
        .await;
    let other_join = discord::table_message(&fake, other_message)
        .button("v1:j:")
        .expect("join");
    let (before, shown) = d_frozen(&fake, &db, table).await;
    let other_shown = discord::table_message(&fake, other_message);
    let since = fake.requests().len();
    let foreign = say(
        english,
        "Das ist kein Knopf dieses Tisches.",
        "This is not a button of this table.",
    );
    let a = discord::run_click(&fake, &owner, table, &other_join).await;
    assert!(a.ephemeral && a.content == foreign, "{a:?}");
    let sent = fake
        .click_in(&other, &owner, other_message, &first_roll)
        .expect("inject");
    let a = discord::answer(&fake, &sent).await;
    assert!(a.ephemeral && a.content == foreign, "{a:?}");
    let empty = Place {
        channel_id: fake.channel_id() + 8,
        ..other.clone()
    };
    let sent = fake
        .click_in(&empty, &owner, other_message, &first_roll)
        .expect("inject");
    let a = discord::answer(&fake, &sent).await;
    assert!(a.ephemeral && a.content == foreign, "{a:?}");
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

/// What a seated player reads who presses a move while `to_play` is to play: not his turn,
/// or his turn of this round is over — in his language.
fn not_your_turn(presser: &FakeUser, to_play: &str) -> Vec<String> {
    if presser.locale.starts_with("en") {
        vec![
            format!("Not your turn – {to_play} is to play."),
            "You are done for this round.".to_string(),
        ]
    } else {
        vec![
            format!("Du bist nicht dran – {to_play} ist dran."),
            "Du bist in dieser Runde schon fertig.".to_string(),
        ]
    }
}

/// Players press the buttons of another player's private cup message itself (replayed
/// `custom_id`s with that message: Discord shows it to its owner alone). The presser gets a
/// new private message in his own language — a German presser on an English owner's cup and
/// the other way round, and a member of no table — and the owner's message stays exactly as
/// it was: no update in place (type 7), no edit, no follow-up into it, no die of his shown to
/// the presser. The owner's own clicks still change his message in place, and after such an
/// update it is still his alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn discord_presses_on_another_players_cup_are_answered_apart_and_leave_it_alone() {
    let (fake, db, bot) = discord::start(7).await;
    let anna = discord::user(11, "Anna");
    let cem = discord::user(13, "Cem").locale("en-US");
    let dora = discord::user(14, "Dora");
    let players = [anna.clone(), cem.clone()];
    let table = discord::open_and_start(&fake, &players).await;
    let mut play = discord::Play::new(&fake, table, &players);
    let (mut owners, mut pressed, mut after_update) = (BTreeSet::new(), 0, 0);
    for _ in 0..20 {
        let t = play.settled().await;
        let owner_name = current_player(&t.content).expect("someone to play");
        let owner = play.player(&owner_name);
        if owners.len() == 2 || !owners.insert(owner.id) {
            if owners.len() == 2 || !play.turn().await {
                break;
            }
            continue;
        }
        let presser = players.iter().find(|p| p.id != owner.id).expect("two");
        let look = t.button("v1:l:").expect("look");
        let view = play.private(&owner, table, &look).await;
        let cup = view.message_id.expect("the owner's cup message");
        let dice = discord::dice_under_cup(&view.content).expect("the owner sees his dice");
        let refusal = not_your_turn(presser, &owner_name);
        pressed += press_every_button(&fake, &db, table, cup, presser, &refusal, &dice).await;
        let stranger = ["Du sitzt nicht an diesem Tisch.".to_string()];
        pressed += press_every_button(&fake, &db, table, cup, &dora, &stranger, &dice).await;

        // The owner's own click changes his view in place; it is still his alone after.
        let own = ["v1:k:", "v1:r:"]
            .iter()
            .find_map(|p| fake.message(cup).and_then(|m| m.button(p)));
        if let Some(id) = own {
            let updated = play.private(&owner, cup, &id).await;
            assert_eq!(
                (updated.kind, updated.message_id),
                (7, Some(cup)),
                "{updated:?}"
            );
            let dice = discord::dice_under_cup(&updated.content).unwrap_or(dice);
            pressed += press_every_button(&fake, &db, table, cup, presser, &refusal, &dice).await;
            after_update += 1;
        }
        // He plays his turn on (a new look shows his cup again).
        play.turn().await;
    }
    assert_eq!(
        owners.len(),
        2,
        "each player owned a cup pressed by the other"
    );
    assert!(
        pressed >= 8 && after_update >= 1,
        "{pressed} presses, {after_update}"
    );
    // Until a round is revealed: no die seen under a cup showed anywhere before.
    let revealed = |c: &str| c.contains("Letzte Runde (") || c.contains("Last round (");
    for _ in 0..100 {
        if revealed(&play.settled().await.content) || !play.turn().await {
            break;
        }
    }
    play.assert_no_leaks();
    assert!(fake.late_answers().is_empty(), "{:?}", fake.late_answers());
    bot.assert_token_never_logged(DISCORD_TOKEN);
}

/// As above with every answer deferred (the adapter in process, `defer_after` zero): a press
/// on another player's cup gets a "thinking" message of its own, completed there; the owner's
/// message is neither acknowledged for it (type 6) nor edited. The owner's own click still
/// acknowledges and edits his view in place.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn discord_deferred_presses_on_another_players_cup_leave_it_alone() {
    use bot_core::config::Config;
    use bot_core::service::{Stop, SystemClock};
    use schocken_discord::DiscordConfig;
    use std::sync::Arc;
    use std::time::Duration;

    let fake = FakeDiscord::start().await.expect("fake Discord");
    let db = Db::new();
    let service = db
        .service(Config::default(), Arc::new(SystemClock), Some(7))
        .await;
    let config = DiscordConfig::new(DISCORD_TOKEN, Some(fake.api_url()), None)
        .with_defer_after(Duration::ZERO);
    let bot = tokio::spawn(schocken_discord::run(service, config, Stop::never()));
    fake.wait_ready(WAIT).await.expect("the bot connects");
    let anna = discord::user(11, "Anna").locale("en-GB");
    let ben = discord::user(12, "Ben");
    let sent = fake.slash(&anna, &slash("new")).expect("inject");
    discord::answer(&fake, &sent).await;
    let table = discord::posted_table(&fake, fake.channel_id(), sent.seq).await;
    discord::run_slash(&fake, &ben, slash("join")).await;
    discord::run_slash(&fake, &anna, slash("start")).await;
    let t = discord::wait_message(&fake, table, "the started game", |m| {
        current_player(&m.content).is_some()
    })
    .await;
    let owner_name = current_player(&t.content).expect("someone to play");
    let (owner, presser) = if owner_name == "Anna" {
        (&anna, &ben)
    } else {
        (&ben, &anna)
    };
    let look = t.button("v1:l:").expect("look");
    let view = discord::run_click(&fake, owner, table, &look).await;
    assert!(view.deferred && view.ephemeral, "{view:?}");
    let cup = view.message_id.expect("the owner's cup message");
    let dice = discord::dice_under_cup(&view.content).expect("the owner sees his dice");
    let refusal = not_your_turn(presser, &owner_name);
    press_every_button(&fake, &db, table, cup, presser, &refusal, &dice).await;

    let own = ["v1:k:", "v1:r:", "v1:s:"]
        .iter()
        .find_map(|p| fake.message(cup).and_then(|m| m.button(p)))
        .expect("a move in the owner's view");
    let updates = fake.message(cup).map(|m| m.updates).unwrap_or_default();
    let sent = fake.click(owner, cup, &own).expect("inject");
    let first = fake.callback(&sent, WAIT).await.expect("acknowledged");
    assert_eq!(
        first.call,
        Call::Callback {
            interaction: sent.id,
            kind: 6
        }
    );
    discord::wait_message(&fake, cup, "the owner's view edited in place", |m| {
        m.updates > updates
    })
    .await;
    assert!(fake.late_answers().is_empty(), "{:?}", fake.late_answers());
    bot.abort();
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
        slash("roll").boolean("blind", true),
        slash("bot"),
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
        names[5], "Langer Name Name Name Name Name…",
        "cut with an ellipsis, without the space before it"
    );
    assert_eq!(
        names[6], "Langer Name Name Name Name Name",
        "the cut name carries its ellipsis: no clash"
    );
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
    let export =
        discord::run_slash(&fake, &players[2], slash("history").boolean("csv", true)).await;
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

/// 30 clicks on one roll button, then 30 roll/stand clicks on the newest buttons: every click
/// answered within Discord's 3 s, one move per button (its action and table version), the
/// stored version and log advance by exactly the moves answered, and the Deckel add up to 13.
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
        // The table message follows the answers within about a second.
        let stored = db.table(&chat).await.expect("stored").version;
        discord::table_at(&fake, table, stored).await;
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
                *per_version.entry(id.clone()).or_default() += 1;
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
