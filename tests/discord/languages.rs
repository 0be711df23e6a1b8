//! Languages: ephemeral text follows the user's client, public text the server's locale;
//! tables of two servers stay apart, and `/schocken table` moves the buttons to a new
//! message.

use crate::common::discord::{
    answer, posted_table, run_click, run_slash, slash, table_message, table_shows, user,
    wait_message,
};
use crate::setup;
use schocken_fakes::discord::Place;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ephemeral_text_follows_the_user_public_text_the_server() {
    let s = setup().await;
    let fake = &s.fake;
    // A German server; Eve's client is English.
    let eve = user(21, "Eve").locale("en-US");
    let finn = user(22, "Finn");
    let opened = run_slash(fake, &eve, slash("new")).await;
    assert!(
        opened.content.contains("opened a table"),
        "{}",
        opened.content
    );
    let table = posted_table(fake, fake.channel_id(), 0).await;
    assert!(
        table_message(fake, table)
            .content
            .contains("Schocken-Tisch von Eve")
    );
    run_slash(fake, &finn, slash("join")).await;
    run_slash(fake, &finn, slash("start")).await;
    let t = table_shows(fake, table, "Hälfte").await;
    let look = t.button("v1:l:").expect("look");
    let eve_view = run_click(fake, &eve, table, &look).await;
    assert!(
        eve_view.content.contains("Your cup"),
        "{}",
        eve_view.content
    );
    let finn_view = run_click(fake, &finn, table, &look).await;
    assert!(
        finn_view.content.contains("Dein Becher"),
        "{}",
        finn_view.content
    );
    assert!(table_message(fake, table).content.contains("Hälfte"));
    let help = run_slash(fake, &eve, slash("help")).await;
    assert!(help.ephemeral);
    assert!(help.content.contains("how to play"), "{}", help.content);
    let forged = run_click(fake, &eve, table, "nonsense").await;
    assert!(forged.content.contains("not valid"), "{}", forged.content);

    // An English server; Finn's client is German.
    let english = Place {
        guild_id: Some(fake.guild_id() + 1),
        channel_id: fake.channel_id() + 1,
        guild_locale: Some("en-US".into()),
    };
    let sent = fake
        .slash_in(&english, &finn, &slash("new"))
        .expect("inject");
    let opened = answer(fake, &sent).await;
    assert!(opened.content.contains("aufgemacht"), "{}", opened.content);
    let english_table = posted_table(fake, english.channel_id, sent.seq).await;
    let t = table_message(fake, english_table);
    assert!(
        t.content.contains("Schocken table of Finn"),
        "{}",
        t.content
    );
    assert!(t.content.contains("Finn opened a table"), "{}", t.content);
    // `/schocken table` shows the table as a new message; the buttons move there.
    let shown = fake
        .slash_in(&english, &finn, &slash("table"))
        .expect("inject");
    assert!(answer(fake, &shown).await.ephemeral);
    let fresh = posted_table(fake, english.channel_id, shown.seq).await;
    assert_ne!(fresh, english_table);
    assert!(!table_message(fake, fresh).custom_ids().is_empty());
    wait_message(fake, english_table, "the old table without buttons", |m| {
        m.custom_ids().is_empty()
    })
    .await;
    let sent = fake
        .slash_in(&english, &eve, &slash("join"))
        .expect("inject");
    answer(fake, &sent).await;
    table_shows(fake, fresh, "Finn, Eve").await;

    // The German table is untouched by the English one.
    assert!(table_message(fake, table).content.contains("Hälfte"));
}
