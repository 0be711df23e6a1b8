//! Real pace (issue "Real pace on real platforms"): three players press at a steady rhythm,
//! each reading the table message as it stands at that moment, as people do. A turn starts
//! with "look at my cup" on the table message (a new private message); the rest of it happens
//! in that private message, which every click changes in place. Serenity's ratelimiter and
//! the fake's limits are on, as in production.

use crate::common::current_player;
use crate::common::discord::{
    answer, buttons_version, is_move_button, open_and_start_in, start, table_at, table_message,
    user,
};
use schocken_fakes::discord::{Answer, Call, FakeDiscord, FakeUser, Place};
use std::time::Duration;
use tokio::time::Instant;

/// One player as the driver knows him.
struct Player {
    user: FakeUser,
    name: String,
    /// His private message of this turn, and its latest answer.
    view: Option<(u64, Answer)>,
    kept: bool,
    rolled: bool,
    doubled: bool,
    /// The move button he pressed last (a double click presses it again).
    last: Option<String>,
    /// The table version his last turn ended at: while the table shows an older one, it
    /// lags behind, and he waits.
    done_at: u64,
    /// His ephemeral messages when his turn began.
    ephemerals_before: usize,
}

/// What a run saw.
#[derive(Debug, Default)]
struct Tally {
    presses: usize,
    /// Ticks nobody pressed at (the table had not caught up with a finished turn yet).
    idle: usize,
    /// New ephemeral messages of each finished turn.
    per_turn: Vec<usize>,
    /// Buttons refused as outdated, and whether the driver meant it (a double click).
    stale: Vec<(String, bool)>,
    double_clicks: usize,
}

struct Driver<'a> {
    fake: &'a FakeDiscord,
    table: u64,
    players: Vec<Player>,
    /// The newest table version the answers told of.
    known: u64,
    /// Every how many turns a player double-clicks his roll (0: never).
    double_click_every: usize,
    tally: Tally,
    last_press: Option<Instant>,
}

/// Whether a private view offers a move.
fn has_move(a: &Answer) -> bool {
    a.custom_ids().iter().any(|id| is_move_button(id))
}

fn is_stale(a: &Answer) -> bool {
    a.content.contains("veraltet") || a.content.contains("outdated")
}

impl<'a> Driver<'a> {
    fn new(fake: &'a FakeDiscord, table: u64, users: &[FakeUser], double: usize) -> Driver<'a> {
        let players = users
            .iter()
            .map(|u| Player {
                user: u.clone(),
                name: u.nick.clone().unwrap_or_default(),
                view: None,
                kept: false,
                rolled: false,
                doubled: false,
                last: None,
                done_at: 0,
                ephemerals_before: 0,
            })
            .collect();
        Driver {
            fake,
            table,
            players,
            known: 0,
            double_click_every: double,
            tally: Tally::default(),
            last_press: None,
        }
    }

    /// Presses at `rhythm` (milliseconds, cycled) until `enough` or the game is over.
    async fn run(&mut self, rhythm: &[u64], enough: impl Fn(&Tally) -> bool) {
        let mut next = Instant::now();
        for step in 0.. {
            if enough(&self.tally) || !self.press().await {
                return;
            }
            next += Duration::from_millis(rhythm[step % rhythm.len()]);
            tokio::time::sleep_until(next).await;
        }
    }

    /// One press, as the player the table shows to act would make it now; `false` when the
    /// game is over.
    async fn press(&mut self) -> bool {
        let t = table_message(self.fake, self.table);
        if t.custom_ids().is_empty() {
            return false;
        }
        let shown = buttons_version(&t.custom_ids()).unwrap_or(0);
        let current = current_player(&t.content);
        let Some(i) = self
            .players
            .iter()
            .position(|p| Some(&p.name) == current.as_ref())
        else {
            self.tally.idle += 1;
            return true;
        };
        if self.players[i].view.is_some() {
            self.private_move(i).await;
        } else if self.players[i].done_at > shown {
            self.tally.idle += 1;
        } else {
            let look = t.button("v1:l:").expect("look on the table");
            let p = &mut self.players[i];
            p.ephemerals_before = self.fake.ephemeral_messages(p.user.id).len();
            (p.kept, p.rolled, p.doubled) = (false, false, false);
            let a = self.click(i, self.table, &look, false).await;
            let message = a.message_id.expect("a private message");
            self.carry_on(i, message, a);
        }
        true
    }

    /// The next press in the player's private message: announce, keep once, roll once (a
    /// double click on the roll now and then), stand.
    async fn private_move(&mut self, i: usize) {
        let every = self.double_click_every;
        let turns = self.tally.per_turn.len();
        let p = &mut self.players[i];
        let Some((message, view)) = p.view.clone() else {
            return;
        };
        let double = every > 0 && turns.is_multiple_of(every) && p.rolled && !p.doubled;
        let choice = if double {
            p.doubled = true;
            p.last.clone()
        } else {
            next_button(&view, p.kept, p.rolled)
        };
        let Some(id) = choice else {
            self.end_turn(i);
            return;
        };
        p.kept |= id.starts_with("v1:k:");
        p.rolled |= id.starts_with("v1:r:");
        p.last = Some(id.clone());
        self.tally.double_clicks += usize::from(double);
        let a = self.click(i, message, &id, double).await;
        self.carry_on(i, message, a);
    }

    /// Keeps the private message for the rest of the turn, or ends the turn.
    fn carry_on(&mut self, i: usize, message: u64, a: Answer) {
        assert!(a.ephemeral, "{a:?}");
        if has_move(&a) {
            self.players[i].view = Some((message, a));
        } else {
            self.end_turn(i);
        }
    }

    fn end_turn(&mut self, i: usize) {
        let p = &mut self.players[i];
        p.view = None;
        p.done_at = self.known;
        let now = self.fake.ephemeral_messages(p.user.id).len();
        self.tally.per_turn.push(now - p.ephemerals_before);
    }

    async fn click(&mut self, i: usize, message: u64, id: &str, meant_stale: bool) -> Answer {
        let who = self.players[i].user.clone();
        let sent = self.fake.click(&who, message, id).expect("inject");
        self.last_press = Some(Instant::now());
        let a = answer(self.fake, &sent).await;
        self.tally.presses += 1;
        if is_stale(&a) {
            self.tally.stale.push((id.to_string(), meant_stale));
        }
        // A move that ends the turn leaves no buttons, but made a new version.
        let moved = is_move_button(id)
            .then(|| crate::common::discord::button_version(id).map(|v| v + 1))
            .flatten();
        let seen = buttons_version(&a.custom_ids()).or(moved.filter(|_| !is_stale(&a)));
        self.known = self.known.max(seen.unwrap_or(0));
        a
    }
}

/// When a write in `channel` first showed version `version` or a newer one.
fn shown_at(fake: &FakeDiscord, channel: u64, version: u64) -> std::time::Instant {
    fake.requests()
        .into_iter()
        .filter(|r| {
            matches!(r.call, Call::CreateMessage { channel: c, .. } | Call::EditMessage { channel: c, .. } if c == channel)
                && (200..300).contains(&r.status)
                && buttons_version(&r.custom_ids()).is_none_or(|v| v >= version)
        })
        .map(|r| r.at)
        .next()
        .expect("a write showing the newest state")
}

fn next_button(view: &Answer, kept: bool, rolled: bool) -> Option<String> {
    let keep = view.button("v1:k:");
    let roll = view.button("v1:r:");
    view.button("v1:a:")
        .or(keep.filter(|_| !kept && !rolled && roll.is_some()))
        .or(roll.clone().filter(|_| !rolled))
        .or(view.button("v1:s:"))
        .or(roll)
        .or_else(|| view.custom_ids().into_iter().find(|id| is_move_button(id)))
}

/// A turn keeps one private message: at a press every 1.5 s, each turn opens exactly one
/// new ephemeral message (the look on the table); keeping, rolling, standing and a refused
/// double click change it in place.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn real_pace_one_private_message_per_turn_at_a_press_every_1_5_s() {
    let (fake, _db, bot) = start(11).await;
    let players = [user(11, "Anna"), user(12, "Ben"), user(13, "Cem")];
    let table = open_and_start_in(&fake, &fake.place(), &players).await;
    let mut d = Driver::new(&fake, table, &players, 2);
    d.run(&[1500], |t| t.per_turn.len() >= 7).await;

    let t = &d.tally;
    let mean = t.per_turn.iter().sum::<usize>() as f64 / t.per_turn.len() as f64;
    let updates: usize = players
        .iter()
        .flat_map(|p| fake.ephemeral_messages(p.id))
        .map(|m| m.updates)
        .sum();
    eprintln!(
        "one private message per turn: {} turns, {} presses, new ephemerals per turn {:?} \
         (mean {mean:.2}), {updates} in-place updates, {} double clicks",
        t.per_turn.len(),
        t.presses,
        t.per_turn,
        t.double_clicks
    );
    assert!(t.per_turn.len() >= 7, "{t:?}");
    assert!(t.per_turn.iter().all(|n| *n == 1), "{t:?}");
    assert!(t.double_clicks >= 2, "refusals were tried: {t:?}");
    assert!(
        t.stale.iter().all(|(_, meant)| *meant),
        "only the double clicks were outdated: {t:?}"
    );
    assert!(updates >= t.presses - t.per_turn.len(), "{updates} updates");
    assert!(fake.rate_limited().is_empty(), "{:?}", fake.rate_limited());
    assert!(fake.late_answers().is_empty(), "{:?}", fake.late_answers());
    drop(bot);
}

/// Two channels, three players each, a press every 0.3–0.5 s for 20 s: no 429, each
/// channel's table writes within Discord's 5 per 5 s, every answer within Discord's 3 s, no
/// press refused as outdated because the table message lagged, and each table shows the
/// newest state within 3 s of the last press.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn real_pace_a_burst_of_presses_stays_within_discords_channel_limits() {
    const BURST: Duration = Duration::from_secs(20);
    let (fake, _db, bot) = start(13).await;
    let second = Place {
        channel_id: fake.channel_id() + 1,
        ..fake.place()
    };
    let first_players = [user(21, "Anna"), user(22, "Ben"), user(23, "Cem")];
    let second_players = [user(31, "Dora"), user(32, "Emil"), user(33, "Fritz")];
    let first = open_and_start_in(&fake, &fake.place(), &first_players).await;
    let second_table = open_and_start_in(&fake, &second, &second_players).await;
    let mut a = Driver::new(&fake, first, &first_players, 0);
    let mut b = Driver::new(&fake, second_table, &second_players, 0);
    let began = Instant::now();
    let enough = |_: &Tally| began.elapsed() >= BURST;
    tokio::join!(
        a.run(&[300, 400, 500, 350, 450], enough),
        b.run(&[450, 300, 400, 500, 350], enough),
    );

    let mut latencies = fake.latencies();
    latencies.sort();
    let slowest = latencies.last().copied().unwrap_or_default();
    for (d, channel) in [(&a, fake.channel_id()), (&b, second.channel_id)] {
        let last = d.last_press.expect("presses").into_std();
        table_at(&fake, d.table, d.known).await;
        let caught_up = shown_at(&fake, channel, d.known).saturating_duration_since(last);
        let writes = fake.max_message_writes_in_window(channel, Duration::from_secs(5));
        eprintln!(
            "burst in channel {channel}: {} presses, {} idle ticks, {} turns, at most {writes} \
             table writes in 5 s, newest state shown {caught_up:?} after the last press, \
             slowest answer {slowest:?}",
            d.tally.presses,
            d.tally.idle,
            d.tally.per_turn.len()
        );
        assert!(d.tally.presses >= 30, "{:?}", d.tally);
        assert!(
            d.tally.stale.is_empty(),
            "refused as outdated: {:?}",
            d.tally
        );
        // The outbox spaces writes 1.05 s apart: 5 in any 5 s, one more only if the network
        // held an earlier write back (the fake's fixed windows would allow up to 10).
        let limit = fake.limits().messages.limit as usize;
        assert!(
            writes <= limit + 1,
            "{writes} table writes within 5 s in {channel}"
        );
        assert!(caught_up <= Duration::from_secs(3), "{caught_up:?}");
    }
    assert!(fake.rate_limited().is_empty(), "{:?}", fake.rate_limited());
    assert!(fake.late_answers().is_empty(), "{:?}", fake.late_answers());
    assert!(slowest < Duration::from_secs(3), "{slowest:?}");
    drop(bot);
}
