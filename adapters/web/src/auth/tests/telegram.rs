//! Telegram initData: published samples, our own signatures, and every way to spoil one.

use super::*;
use crate::auth::telegram::{DEFAULT_MAX_AGE, hash_hex, sign, sign_user, verify};
use proptest::prelude::*;
use std::time::Duration;
use url::form_urlencoded;

/// The sample of the Telegram Mini Apps SDK docs (docs.telegram-mini-apps.com, "Validating",
/// `@tma.js/init-data-node`) and of `init-data-golang`'s `validate_test.go`.
const SAMPLE: &str = "query_id=AAHdF6IQAAAAAN0XohDhrOrc&user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%7D&auth_date=1662771648&hash=c501b71e775f74ce10e377dea85a7ea24ecd640b223ea86dfe453e0eaed2e2b2";
const SAMPLE_TOKEN: &str = "5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8";

/// Data from a current client, with the Ed25519 `signature` field: the README of
/// github.com/Telegram-Mini-Apps/init-data-golang ("Validation"). Its hash holds only with
/// `signature` in the data-check-string.
const SIGNED_SAMPLE: &str = "user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%20%2B%20-%20%3F%20%5C%2F%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%2C%22allows_write_to_pm%22%3Atrue%2C%22photo_url%22%3A%22https%3A%5C%2F%5C%2Ft.me%5C%2Fi%5C%2Fuserpic%5C%2F320%5C%2F4FPEE4tmP3ATHa57u6MqTDih13LTOiMoKoLDRG4PnSA.svg%22%7D&chat_instance=8134722200314281151&chat_type=private&auth_date=1733509682&signature=TYJxVcisqbWjtodPepiJ6ghziUL94-KNpG8Pau-X7oNNLNBM72APCpi_RKiUlBvcqo5L-LAxIc3dnTzcZX_PDg&hash=a433d8f9847bd6addcc563bff7cc82c89e97ea0d90c11fe5729cae6796a36d73";
const SIGNED_SAMPLE_TOKEN: &str = "7342037359:AAHI25ES9xCOMPokpYoz-p8XVrZUdygo2J4";

/// `@telegram-apps/init-data-node`'s test data (tma.js, packages/init-data-node/src/entries/
/// node.test.ts): a start parameter, a chat and a receiver, signed at `auth_date=1`.
const SDK_TEST_SAMPLE: &str = "auth_date=1&can_send_after=10000&chat=%7B%22id%22%3A1%2C%22type%22%3A%22group%22%2C%22title%22%3A%22chat-title%22%2C%22photo_url%22%3A%22group%22%2C%22username%22%3A%22my-chat%22%7D&chat_instance=888&chat_type=sender&hash=47cfa22e72b887cba90c9cb833c5ea0f599975b6ce7193741844b5c4a4228b40&query_id=QUERY&receiver=%7B%22added_to_attachment_menu%22%3Afalse%2C%22allows_write_to_pm%22%3Atrue%2C%22first_name%22%3A%22receiver-first-name%22%2C%22id%22%3A991%2C%22is_bot%22%3Afalse%2C%22is_premium%22%3Atrue%2C%22language_code%22%3A%22ru%22%2C%22last_name%22%3A%22receiver-last-name%22%2C%22photo_url%22%3A%22receiver-photo%22%2C%22username%22%3A%22receiver-username%22%7D&start_param=debug&user=%7B%22added_to_attachment_menu%22%3Afalse%2C%22allows_write_to_pm%22%3Afalse%2C%22first_name%22%3A%22user-first-name%22%2C%22id%22%3A222%2C%22is_bot%22%3Atrue%2C%22is_premium%22%3Afalse%2C%22language_code%22%3A%22en%22%2C%22last_name%22%3A%22user-last-name%22%2C%22photo_url%22%3A%22user-photo%22%2C%22username%22%3A%22user-username%22%7D";

const TOKEN: &str = "123456:TEST-bot-token_for-the-web";
const OTHER_TOKEN: &str = "654321:another-bots-token";
const NOW: i64 = 1_750_000_000;

fn signed(fields: &[(&str, &str)]) -> String {
    sign(fields, TOKEN)
}

fn anna_data() -> String {
    sign_user(&anna(), NOW - 5, Some("AbC-123_x.y"), TOKEN)
}

fn check(init_data: &str) -> Result<InitData, AuthError> {
    verify(init_data, TOKEN, NOW, DEFAULT_MAX_AGE)
}

/// The decoded fields, sorted: two strings with these equal carry the same data.
fn decoded(init_data: &str) -> Vec<(String, String)> {
    let mut fields: Vec<_> = form_urlencoded::parse(init_data.as_bytes())
        .into_owned()
        .collect();
    fields.sort();
    fields
}

#[test]
fn the_sdk_docs_sample_validates() {
    let data = verify(SAMPLE, SAMPLE_TOKEN, 1_662_771_648 + 60, DEFAULT_MAX_AGE)
        .expect("the published sample validates");
    assert_eq!(data.user.id, 279_058_397);
    assert_eq!(data.user.first_name, "Vladislav");
    assert_eq!(data.user.last_name.as_deref(), Some("Kibenko"));
    assert_eq!(data.user.username.as_deref(), Some("vdkfrost"));
    assert_eq!(data.user.language_code.as_deref(), Some("ru"));
    assert_eq!(data.auth_date, 1_662_771_648);
    assert_eq!(data.query_id.as_deref(), Some("AAHdF6IQAAAAAN0XohDhrOrc"));
    assert_eq!(data.start_param, None);
}

#[test]
fn the_signature_field_is_part_of_the_hmac_check() {
    let data = verify(
        SIGNED_SAMPLE,
        SIGNED_SAMPLE_TOKEN,
        1_733_509_682,
        DEFAULT_MAX_AGE,
    )
    .expect("current client data validates with its signature field");
    assert_eq!(data.user.first_name, r"Vladislav + - ? /");
    assert_eq!(data.chat_type.as_deref(), Some("private"));
    assert_eq!(data.chat_instance.as_deref(), Some("8134722200314281151"));
    // Without the signature field the same hash does not hold.
    let without: Vec<&str> = SIGNED_SAMPLE
        .split('&')
        .filter(|p| !p.starts_with("signature="))
        .collect();
    let without = without.join("&");
    let refused = verify(
        &without,
        SIGNED_SAMPLE_TOKEN,
        1_733_509_682,
        DEFAULT_MAX_AGE,
    );
    assert_eq!(refused, Err(AuthError::Tampered));
}

#[test]
fn the_sdk_test_sample_validates_with_its_start_param() {
    let data = verify(SDK_TEST_SAMPLE, SAMPLE_TOKEN, 1, DEFAULT_MAX_AGE)
        .expect("the SDK's test data validates");
    assert_eq!(data.user.id, 222);
    assert_eq!(data.start_param.as_deref(), Some("debug"));
    assert_eq!(data.chat_type.as_deref(), Some("sender"));
    let wrong = format!("{SAMPLE_TOKEN}A");
    assert_eq!(
        verify(SDK_TEST_SAMPLE, &wrong, 1, DEFAULT_MAX_AGE),
        Err(AuthError::Tampered)
    );
}

#[test]
fn the_hash_matches_the_sdks_published_vector() {
    // tma.js node.test.ts: signData('abc', 'my-secret-token').
    assert_eq!(
        hash_hex("abc", "my-secret-token"),
        "6ecc2e9b51f30dde6877ce374ede54eb626c84e78a5d9a9dcac54d2d248f6bde"
    );
}

#[test]
fn the_published_samples_expire_after_a_day() {
    let day_later = 1_662_771_648 + 86_400;
    assert!(verify(SAMPLE, SAMPLE_TOKEN, day_later, DEFAULT_MAX_AGE).is_ok());
    assert_eq!(
        verify(SAMPLE, SAMPLE_TOKEN, day_later + 1, DEFAULT_MAX_AGE),
        Err(AuthError::Expired { age_secs: 86_401 })
    );
}

#[test]
fn our_own_signature_round_trips() {
    let data = check(&anna_data()).expect("our own signature holds");
    assert_eq!(data.user, anna());
    assert_eq!(data.auth_date, NOW - 5);
    assert_eq!(data.start_param.as_deref(), Some("AbC-123_x.y"));
    assert_eq!(data.chat_type.as_deref(), Some("private"));
    // Unusual characters survive the encoding.
    let mut odd = anna();
    odd.first_name = "Zoë & Co = 100% + mehr\n🎲".into();
    let data = check(&sign_user(&odd, NOW, None, TOKEN)).expect("odd names hold");
    assert_eq!(data.user.first_name, odd.first_name);
}

#[test]
fn a_changed_user_name_is_refused() {
    let data = anna_data();
    let forged = data.replace("Anna", "Eve_");
    assert_ne!(forged, data);
    assert_eq!(check(&forged), Err(AuthError::Tampered));
}

#[test]
fn a_changed_or_respelled_hash_is_refused() {
    let data = anna_data();
    let (rest, hash) = data.rsplit_once("hash=").expect("a hash");
    let flipped = if hash.starts_with('0') { "1" } else { "0" };
    let other = format!("{rest}hash={flipped}{}", &hash[1..]);
    assert_eq!(check(&other), Err(AuthError::Tampered));
    let upper = format!("{rest}hash={}", hash.to_uppercase());
    assert_eq!(check(&upper), Err(AuthError::Tampered));
    let short = format!("{rest}hash={}", &hash[..62]);
    assert_eq!(check(&short), Err(AuthError::Tampered));
}

#[test]
fn data_without_a_hash_is_refused() {
    let data = anna_data();
    let (rest, _) = data.rsplit_once("&hash=").expect("a hash");
    assert_eq!(check(rest), Err(AuthError::MissingHash));
    assert_eq!(check(""), Err(AuthError::MissingHash));
}

#[test]
fn another_bots_data_is_refused() {
    let theirs = sign_user(&anna(), NOW, None, OTHER_TOKEN);
    assert_eq!(check(&theirs), Err(AuthError::Tampered));
}

#[test]
fn old_data_is_refused_at_max_age_plus_one_second() {
    let day = DEFAULT_MAX_AGE.as_secs() as i64;
    let at_limit = sign_user(&anna(), NOW - day, None, TOKEN);
    assert!(check(&at_limit).is_ok());
    let expired = sign_user(&anna(), NOW - day - 1, None, TOKEN);
    assert_eq!(
        check(&expired),
        Err(AuthError::Expired { age_secs: day + 1 })
    );
    let hour = Duration::from_secs(3600);
    let two_hours = sign_user(&anna(), NOW - 7200, None, TOKEN);
    assert_eq!(
        verify(&two_hours, TOKEN, NOW, hour),
        Err(AuthError::Expired { age_secs: 7200 })
    );
}

#[test]
fn data_from_the_future_is_refused_beyond_a_minute() {
    let ahead = sign_user(&anna(), NOW + 60, None, TOKEN);
    assert!(check(&ahead).is_ok());
    let too_far = sign_user(&anna(), NOW + 61, None, TOKEN);
    assert_eq!(
        check(&too_far),
        Err(AuthError::FromTheFuture { ahead_secs: 61 })
    );
}

#[test]
fn signed_data_must_still_say_when_and_who() {
    let now = NOW.to_string();
    let user = r#"{"id":7,"first_name":"Cleo"}"#;
    assert_eq!(
        check(&signed(&[("user", user)])),
        Err(AuthError::MissingAuthDate)
    );
    assert_eq!(
        check(&signed(&[("auth_date", "yesterday"), ("user", user)])),
        Err(AuthError::Malformed("auth_date"))
    );
    assert_eq!(
        check(&signed(&[("auth_date", &now)])),
        Err(AuthError::NoUser)
    );
    assert_eq!(
        check(&signed(&[("auth_date", &now), ("user", r#"{"id":"x"}"#)])),
        Err(AuthError::Malformed("user"))
    );
    let data = check(&signed(&[("auth_date", &now), ("user", user)])).expect("minimal data");
    assert_eq!(data.user, TelegramUser::new(7, "Cleo"));
}

#[test]
fn a_field_twice_or_an_overlong_string_is_malformed() {
    let data = anna_data();
    let twice = format!("auth_date={NOW}&{data}");
    assert_eq!(check(&twice), Err(AuthError::Malformed("a field twice")));
    let long = format!("{data}&x={}", "y".repeat(9000));
    assert_eq!(check(&long), Err(AuthError::Malformed("initData too long")));
}

#[test]
fn signing_drops_a_given_hash_and_puts_its_own_last() {
    let now = NOW.to_string();
    let user = r#"{"id":8,"first_name":"Dora"}"#;
    let data = signed(&[("hash", "00"), ("auth_date", &now), ("user", user)]);
    assert_eq!(data.matches("hash=").count(), 1);
    assert!(
        data.rsplit_once('&')
            .is_some_and(|(_, h)| h.starts_with("hash="))
    );
    assert!(check(&data).is_ok());
}

/// Every position, a handful of replacements: a change that changes the decoded data is
/// refused; one that leaves it as it was (`%7B` → `%7b`) is the same data and holds.
#[test]
fn every_single_character_change_of_signed_data_is_refused() {
    let data = anna_data();
    let chars: Vec<char> = data.chars().collect();
    let mut refused = 0;
    for at in 0..chars.len() {
        for c in ['0', '9', 'a', 'f', 'A', 'F', '%', '&', '=', '+', ' ', 'ß'] {
            if chars[at] == c {
                continue;
            }
            let mut changed = chars.clone();
            changed[at] = c;
            let changed: String = changed.into_iter().collect();
            let result = check(&changed);
            if decoded(&changed) == decoded(&data) {
                assert!(result.is_ok(), "{changed}: the same data is refused");
            } else {
                assert!(result.is_err(), "{changed}: changed data is accepted");
                refused += 1;
            }
        }
    }
    assert!(refused > chars.len() * 10, "{refused} refused");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any signed data, any position, any character.
    #[test]
    fn any_single_character_change_of_any_signed_data_is_refused(
        first in "\\PC{1,16}",
        last in proptest::option::of("\\PC{1,16}"),
        start in "[A-Za-z0-9_-]{1,64}",
        id in 1u64..1u64 << 52,
        at in any::<prop::sample::Index>(),
        c in prop_oneof![3 => proptest::char::range('!', '~'), 1 => any::<char>()],
    ) {
        let user = TelegramUser { id, first_name: first, last_name: last, username: None,
            language_code: Some("de".into()) };
        let data = sign_user(&user, NOW, Some(&start), TOKEN);
        prop_assert_eq!(check(&data).map(|d| d.user), Ok(user));
        let mut chars: Vec<char> = data.chars().collect();
        let at = at.index(chars.len());
        prop_assume!(chars[at] != c);
        chars[at] = c;
        let changed: String = chars.into_iter().collect();
        if decoded(&changed) == decoded(&data) {
            prop_assert!(check(&changed).is_ok());
        } else {
            prop_assert!(check(&changed).is_err(), "accepted: {}", changed);
        }
    }
}
