//! Presses on another player's private cup message: Discord shows an ephemeral message to its
//! owner alone, but a modified client can replay a click with its `custom_id` and message id.
//! What must hold for each press: the presser is answered with a new private message of his
//! own, the owner's message stays exactly as it was, and nothing of the owner's cup reaches
//! the presser.

use super::discord::{self, assert_untouched};
use super::{Db, shows_dice};
use schocken_fakes::discord::{Answer, Call, FakeDiscord, FakeUser};

/// `who` replays every button of the private message `cup` (not his) but "look": each press
/// is answered with one of the texts `expected`, apart from the cup, and changes nothing. `owner_dice`: what the
/// owner saw under his cup. Returns how many buttons were pressed.
pub async fn press_every_button(
    fake: &FakeDiscord,
    db: &Db,
    table: u64,
    cup: u64,
    who: &FakeUser,
    expected: &[String],
    owner_dice: &str,
) -> usize {
    let cup_before = fake.message(cup).expect("the owner's cup message");
    let ids: Vec<String> = cup_before
        .custom_ids()
        .into_iter()
        .filter(|id| !id.starts_with("v1:l:"))
        .collect();
    assert!(!ids.is_empty(), "the cup offers moves: {cup_before:?}");
    let stored = (db.state().await, discord::table_message(fake, table));
    for id in &ids {
        let since = fake.requests().len();
        let sent = fake.replay_click(who, cup, id).expect("inject");
        let a = discord::answer(fake, &sent).await;
        let what = format!("{id} pressed by {:?} on message {cup}", who.nick);
        assert_answered_apart(&a, cup, &what);
        assert!(expected.contains(&a.content), "{what}: {a:?}");
        assert!(a.custom_ids().is_empty(), "no buttons for a refusal: {a:?}");
        assert!(!shows_dice(&a.content), "{what}: {a:?}");
        // Everything sent for the press: new messages only, none naming the owner's dice.
        for r in fake.requests_since(since) {
            if !r.belongs_to(sent.id) {
                continue;
            }
            if let Call::Callback { kind, .. } = r.call {
                assert!(kind == 4 || kind == 5, "{what}: response type {kind}");
            }
            assert!(
                !matches!(r.call, Call::Followup { message, .. } | Call::EditFollowup { message, .. } if message == cup),
                "{what}: {r:?}"
            );
            assert!(
                !r.mentions(owner_dice),
                "{what} leaked the owner's cup: {r:?}"
            );
        }
        assert_eq!(
            fake.message(cup).as_ref(),
            Some(&cup_before),
            "{what} changed the owner's message"
        );
        assert_untouched(fake, since, &what);
    }
    let after = (db.state().await, discord::table_message(fake, table));
    assert_eq!(after, stored, "nothing stored, the table message as it was");
    ids.len()
}

/// A private answer in a new message (at once, type 4, or completing an ephemeral
/// deferral of its own), never the clicked message `cup`.
pub fn assert_answered_apart(a: &Answer, cup: u64, what: &str) {
    assert!(a.ephemeral, "{what}: {a:?}");
    assert!(a.kind == 4 || (a.kind == 5 && a.deferred), "{what}: {a:?}");
    assert!(
        a.message_id.is_some_and(|m| m != cup),
        "{what}: answered in {:?}, not apart",
        a.message_id
    );
}
