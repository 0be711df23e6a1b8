//! Club evenings as the service's tests play them (issue 25): the catalogue, a first evening
//! that makes Carla a member, a second with a late member, an absent one and two games.

use super::service::{Harness, actor, admin};
use bot_core::service::club::{ClubContent, ClubError, ClubNotice, NightReport};
use bot_core::service::reply::Content;
use bot_core::service::{Clock, ClubRequest, Notice, Reply, Request, ServiceError};

pub fn club(request: ClubRequest) -> Request {
    Request::Club(request)
}

pub fn report(reply: &Reply) -> NightReport {
    match &reply.content {
        Some(Content::Club(c)) => match c.as_ref() {
            ClubContent::Night(r) => r.clone(),
            other => panic!("not a night: {other:?}"),
        },
        other => panic!("no club content: {other:?}"),
    }
}

pub fn club_refusal(e: ServiceError) -> ClubError {
    match e {
        ServiceError::Club(c) => c,
        other => panic!("not a club refusal: {other:?}"),
    }
}

pub const MINUTE: i64 = 60_000;

/// The club's first evening: Carla comes, nobody plays; so she is a member from then on.
pub async fn first_evening(h: &Harness) {
    h.ok(
        admin("Max"),
        club(ClubRequest::OpenNight { late_after: None }),
    )
    .await;
    h.ok(actor("Carla"), club(ClubRequest::CheckIn)).await;
    h.clock.advance(60 * MINUTE);
    h.ok(admin("Max"), club(ClubRequest::CloseNight)).await;
}

/// The second evening: late after an hour; Anna on time, Ben late; Carla stays home; Anna
/// and Ben play two games. Returns the closing reply.
pub async fn second_evening(h: &Harness) -> Reply {
    h.clock.advance(24 * 60 * MINUTE);
    let late = bot_core::time::local_clock(h.clock.now_ms() + 60 * MINUTE, "Europe/Berlin");
    let opened = h
        .ok(
            admin("Max"),
            club(ClubRequest::OpenNight {
                late_after: Some(late),
            }),
        )
        .await;
    assert!(matches!(
        opened.notices.as_slice(),
        [Notice::Club(ClubNotice::NightOpened {
            late_after: Some(_),
            ..
        })]
    ));
    h.ok(actor("Anna"), club(ClubRequest::CheckIn)).await;
    h.clock.advance(90 * MINUTE);
    let ben = h.ok(actor("Ben"), club(ClubRequest::CheckIn)).await;
    assert_eq!(
        ben.notices,
        vec![Notice::Club(ClubNotice::CheckedIn {
            name: "Ben".into(),
            late: true
        })]
    );
    for _ in 0..2 {
        h.anna_and_ben_play_a_game().await;
    }
    h.clock.advance(120 * MINUTE);
    h.ok(admin("Max"), club(ClubRequest::CloseNight)).await
}

pub async fn set_catalogue(h: &Harness) {
    h.ok(
        admin("Max"),
        club(ClubRequest::SetCatalogue {
            words: "spiel=1 haelfte=0,50 bierrunde=2 abend=3 zuspaet=1,50 runde_preis=12".into(),
        }),
    )
    .await;
}
