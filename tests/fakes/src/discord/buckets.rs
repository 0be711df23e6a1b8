//! Discord's rate limits: per-route buckets (method, route template and major parameter) with
//! fixed windows, and the global limit, told to the client in `X-RateLimit-*` headers and
//! enforced with 429 `{"message", "retry_after", "global"}` — what serenity's ratelimiter reads.

use axum::http::Method;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// `limit` requests per window of `per`; the window starts with its first request and ends
/// `per` later (a fixed window, as Discord's buckets).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rate {
    pub limit: u32,
    pub per: Duration,
}

impl Rate {
    pub const fn new(limit: u32, per: Duration) -> Rate {
        Rate { limit, per }
    }
}

/// The rate limits the fake enforces. [`Default`] is Discord's; loosened values are for tests
/// of the fake itself: a bot test keeps them (and serenity its ratelimiter on).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiscordLimits {
    /// Creating, editing or deleting messages in a channel (`POST /channels/{c}/messages`,
    /// `PATCH|DELETE /channels/{c}/messages/{m}`): per bucket (each method its own).
    pub messages: Rate,
    /// Interaction webhooks (`/webhooks/{app}/{token}…`: follow-ups, `@original`): per token
    /// and route.
    pub webhooks: Rate,
    /// Every other route but interaction callbacks, per bucket.
    pub other: Rate,
    /// All requests together but interaction callbacks and interaction webhooks.
    pub global: Rate,
}

impl Default for DiscordLimits {
    fn default() -> Self {
        DiscordLimits {
            messages: Rate::new(5, Duration::from_secs(5)),
            webhooks: Rate::new(5, Duration::from_secs(2)),
            other: Rate::new(50, Duration::from_secs(1)),
            global: Rate::new(50, Duration::from_secs(1)),
        }
    }
}

impl DiscordLimits {
    /// No limits worth the name (tests of the fake only); the headers still go out.
    pub fn unlimited() -> Self {
        let any = Rate::new(u32::MAX, Duration::from_secs(1));
        DiscordLimits {
            messages: any,
            webhooks: any,
            other: any,
            global: any,
        }
    }
}

/// The bucket a request counts against.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Route {
    /// Method, template and major parameter: `PATCH /channels/7/messages/{id}`.
    pub(super) key: String,
    /// The opaque `X-RateLimit-Bucket`: one per method and template, as Discord's hashes.
    pub(super) hash: String,
    pub(super) rate: Rate,
    /// Counts against the global limit: every route but the interaction webhooks
    /// (follow-ups, `@original`), which Discord exempts like the callbacks.
    pub(super) global: bool,
}

/// The bucket of a request to `segments` (the path after `/api/v10`, split at `/`); `None`
/// for interaction callbacks, which Discord does not limit.
pub(super) fn classify(
    limits: &DiscordLimits,
    method: &Method,
    segments: &[&str],
) -> Option<Route> {
    if matches!(segments, ["interactions", _, _, "callback"]) {
        return None;
    }
    let mut key = Vec::with_capacity(segments.len());
    let mut shape = Vec::with_capacity(segments.len());
    for (i, segment) in segments.iter().enumerate() {
        let before = i.checked_sub(1).and_then(|j| segments.get(j)).copied();
        let two_before = i.checked_sub(2).and_then(|j| segments.get(j)).copied();
        match (two_before, before) {
            // Major parameters stay in the key; the hash only knows their kind.
            (_, Some(kind @ ("channels" | "guilds" | "webhooks"))) => {
                key.push((*segment).to_string());
                shape.push(format!("{{{kind}}}"));
            }
            (Some("webhooks"), _) => {
                key.push((*segment).to_string());
                shape.push("{token}".to_string());
            }
            _ if segment.parse::<u64>().is_ok() => {
                key.push("{id}".to_string());
                shape.push("{id}".to_string());
            }
            _ => {
                key.push((*segment).to_string());
                shape.push((*segment).to_string());
            }
        }
    }
    let rate = match (method, segments) {
        (&Method::POST, ["channels", _, "messages"])
        | (&Method::PATCH | &Method::DELETE, ["channels", _, "messages", _]) => limits.messages,
        (_, ["webhooks", _, _, ..]) => limits.webhooks,
        _ => limits.other,
    };
    let template = format!("{method} /{}", shape.join("/"));
    let mut hasher = DefaultHasher::new();
    template.hash(&mut hasher);
    Some(Route {
        key: format!("{method} /{}", key.join("/")),
        hash: format!("{:016x}", hasher.finish()),
        rate,
        global: !matches!(segments, ["webhooks", _, _, ..]),
    })
}

/// A fixed window: it ends at `reset`, and `used` requests counted in it.
#[derive(Clone, Copy, Debug)]
struct Window {
    reset: Instant,
    used: u32,
}

impl Window {
    /// The window `now` falls in (a new one once the old has ended).
    fn current(slot: &mut Option<Window>, rate: Rate, now: Instant) -> &mut Window {
        let window = slot.get_or_insert(Window {
            reset: now + rate.per,
            used: 0,
        });
        if now >= window.reset {
            *window = Window {
                reset: now + rate.per,
                used: 0,
            };
        }
        window
    }
}

/// The headers and, if it is refused, the 429 body of a request.
#[derive(Debug, PartialEq)]
pub(super) enum Verdict {
    /// Not limited (interaction callbacks): no headers.
    Unlimited,
    /// Within the limits; these headers go with the answer.
    Pass(Vec<(&'static str, String)>),
    /// Over a limit: 429 with these headers and body; nothing happens.
    Limited {
        headers: Vec<(&'static str, String)>,
        body: Value,
        global: bool,
    },
}

/// The windows of every bucket and of the global limit.
#[derive(Debug, Default)]
pub(super) struct RateLimits {
    buckets: HashMap<String, Option<Window>>,
    global: Option<Window>,
}

/// Seconds for a header or body, rounded up to the millisecond (a client that waits exactly
/// that long must find the window over).
fn seconds(d: Duration) -> f64 {
    (d.as_secs_f64() * 1000.0).ceil() / 1000.0
}

fn epoch_after(d: Duration) -> f64 {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    seconds(now + d)
}

impl RateLimits {
    /// Counts a request arriving `now` on `route` and tells how to answer it.
    pub(super) fn check(
        &mut self,
        limits: &DiscordLimits,
        route: Option<&Route>,
        now: Instant,
    ) -> Verdict {
        let Some(route) = route else {
            return Verdict::Unlimited;
        };
        let global = Window::current(&mut self.global, limits.global, now);
        if route.global && global.used >= limits.global.limit {
            let wait = seconds(global.reset.saturating_duration_since(now));
            return Verdict::Limited {
                headers: vec![
                    ("retry-after", format!("{wait:.3}")),
                    ("x-ratelimit-global", "true".to_string()),
                    ("x-ratelimit-scope", "global".to_string()),
                ],
                body: json!({
                    "message": "You are being rate limited.",
                    "retry_after": wait,
                    "global": true,
                }),
                global: true,
            };
        }
        if route.global {
            global.used += 1;
        }
        let slot = self.buckets.entry(route.key.clone()).or_default();
        let window = Window::current(slot, route.rate, now);
        let reset_after = window.reset.saturating_duration_since(now);
        let limited = window.used >= route.rate.limit;
        if !limited {
            window.used += 1;
        }
        let mut headers = vec![
            ("x-ratelimit-limit", route.rate.limit.to_string()),
            (
                "x-ratelimit-remaining",
                route.rate.limit.saturating_sub(window.used).to_string(),
            ),
            (
                "x-ratelimit-reset",
                format!("{:.3}", epoch_after(reset_after)),
            ),
            (
                "x-ratelimit-reset-after",
                format!("{:.3}", seconds(reset_after)),
            ),
            ("x-ratelimit-bucket", route.hash.clone()),
        ];
        if !limited {
            return Verdict::Pass(headers);
        }
        let wait = seconds(reset_after);
        headers.push(("retry-after", format!("{wait:.3}")));
        headers.push(("x-ratelimit-scope", "user".to_string()));
        Verdict::Limited {
            headers,
            body: json!({
                "message": "You are being rate limited.",
                "retry_after": wait,
                "global": false,
            }),
            global: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn route(method: Method, path: &str) -> Option<Route> {
        let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
        classify(&DiscordLimits::default(), &method, &segments)
    }

    fn header<'a>(headers: &'a [(&'static str, String)], name: &str) -> Option<&'a str> {
        headers
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    #[test]
    fn routes_fall_into_discords_buckets() {
        let edit = route(Method::PATCH, "/channels/7/messages/99").expect("limited");
        assert_eq!(edit.key, "PATCH /channels/7/messages/{id}");
        assert_eq!(edit.rate, Rate::new(5, Duration::from_secs(5)));
        let other_message = route(Method::PATCH, "/channels/7/messages/98").expect("limited");
        assert_eq!(other_message.key, edit.key, "one bucket per channel");
        let other_channel = route(Method::PATCH, "/channels/8/messages/99").expect("limited");
        assert_ne!(other_channel.key, edit.key);
        assert_eq!(
            other_channel.hash, edit.hash,
            "the hash names the route, not the channel"
        );
        let create = route(Method::POST, "/channels/7/messages").expect("limited");
        assert_ne!(create.key, edit.key, "each method its own bucket");
        assert_eq!(create.rate.limit, 5);
        let delete = route(Method::DELETE, "/channels/7/messages/99").expect("limited");
        assert_eq!(delete.rate.limit, 5);
        let get = route(Method::GET, "/channels/7/messages/99").expect("limited");
        assert_eq!(get.rate, Rate::new(50, Duration::from_secs(1)));
        let follow_up = route(Method::POST, "/webhooks/1/tok-a").expect("limited");
        assert_eq!(follow_up.key, "POST /webhooks/1/tok-a");
        assert_eq!(follow_up.rate, Rate::new(5, Duration::from_secs(2)));
        let original = route(Method::PATCH, "/webhooks/1/tok-a/messages/@original").expect("x");
        assert_eq!(original.key, "PATCH /webhooks/1/tok-a/messages/@original");
        let other_token = route(Method::POST, "/webhooks/1/tok-b").expect("limited");
        assert_ne!(other_token.key, follow_up.key, "one bucket per token");
        assert_eq!(route(Method::POST, "/interactions/5/tok/callback"), None);
        let commands = route(Method::PUT, "/applications/1/commands").expect("limited");
        assert_eq!(commands.key, "PUT /applications/{id}/commands");
    }

    #[test]
    fn five_message_writes_per_fixed_window_of_five_seconds() {
        let limits = DiscordLimits::default();
        let mut rl = RateLimits::default();
        let edit = route(Method::PATCH, "/channels/7/messages/1");
        let t0 = Instant::now();
        for i in 0..5 {
            let at = t0 + Duration::from_millis(900 * i);
            let Verdict::Pass(headers) = rl.check(&limits, edit.as_ref(), at) else {
                panic!("edit {i} passes");
            };
            assert_eq!(header(&headers, "x-ratelimit-limit"), Some("5"));
            let remaining = (4 - i).to_string();
            assert_eq!(
                header(&headers, "x-ratelimit-remaining"),
                Some(remaining.as_str())
            );
            let expected = format!("{:.3}", 5.0 - 0.9 * i as f64);
            assert_eq!(
                header(&headers, "x-ratelimit-reset-after"),
                Some(expected.as_str())
            );
            assert!(header(&headers, "x-ratelimit-bucket").is_some_and(|b| b.len() == 16));
        }
        // The sixth in the window (at 4 s) waits 1 s.
        let Verdict::Limited {
            headers,
            body,
            global,
        } = rl.check(&limits, edit.as_ref(), t0 + Duration::from_secs(4))
        else {
            panic!("the sixth is limited");
        };
        assert!(!global);
        assert_eq!(
            body,
            json!({"message": "You are being rate limited.", "retry_after": 1.0, "global": false})
        );
        assert_eq!(header(&headers, "retry-after"), Some("1.000"));
        assert_eq!(header(&headers, "x-ratelimit-remaining"), Some("0"));
        assert_eq!(header(&headers, "x-ratelimit-scope"), Some("user"));
        assert_eq!(header(&headers, "x-ratelimit-global"), None);
        let reset: f64 = header(&headers, "x-ratelimit-reset")
            .and_then(|r| r.parse().ok())
            .unwrap_or_default();
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default()
            .as_secs_f64();
        assert!((reset - now - 1.0).abs() < 0.5, "{reset} vs {now}");
        // Another channel, and creating in this one, are other buckets.
        let other = route(Method::PATCH, "/channels/8/messages/1");
        assert!(matches!(
            rl.check(&limits, other.as_ref(), t0),
            Verdict::Pass(_)
        ));
        let create = route(Method::POST, "/channels/7/messages");
        assert!(matches!(
            rl.check(&limits, create.as_ref(), t0),
            Verdict::Pass(_)
        ));
        // Just before 5 s still limited; at 5 s a new window with five more.
        let at = t0 + Duration::from_millis(4999);
        assert!(matches!(
            rl.check(&limits, edit.as_ref(), at),
            Verdict::Limited { .. }
        ));
        let at = t0 + Duration::from_secs(5);
        let Verdict::Pass(headers) = rl.check(&limits, edit.as_ref(), at) else {
            panic!("a new window");
        };
        assert_eq!(header(&headers, "x-ratelimit-remaining"), Some("4"));
        assert_eq!(header(&headers, "x-ratelimit-reset-after"), Some("5.000"));
    }

    #[test]
    fn interaction_webhooks_take_five_per_two_seconds_per_token() {
        let limits = DiscordLimits::default();
        let mut rl = RateLimits::default();
        let a = route(Method::POST, "/webhooks/1/tok-a");
        let b = route(Method::POST, "/webhooks/1/tok-b");
        let t0 = Instant::now();
        for _ in 0..5 {
            assert!(matches!(
                rl.check(&limits, a.as_ref(), t0),
                Verdict::Pass(_)
            ));
        }
        assert!(matches!(
            rl.check(&limits, a.as_ref(), t0),
            Verdict::Limited { .. }
        ));
        assert!(matches!(
            rl.check(&limits, b.as_ref(), t0),
            Verdict::Pass(_)
        ));
        let later = t0 + Duration::from_secs(2);
        assert!(matches!(
            rl.check(&limits, a.as_ref(), later),
            Verdict::Pass(_)
        ));
    }

    /// Fifty message posts to fifty channels at `t0`: the global second is spent.
    fn spend_global(rl: &mut RateLimits, limits: &DiscordLimits, t0: Instant) {
        for channel in 0..50 {
            let r = route(Method::POST, &format!("/channels/{channel}/messages"));
            assert!(matches!(rl.check(limits, r.as_ref(), t0), Verdict::Pass(_)));
        }
    }

    #[test]
    fn fifty_requests_a_second_globally_callbacks_exempt() {
        let limits = DiscordLimits::default();
        let mut rl = RateLimits::default();
        let t0 = Instant::now();
        spend_global(&mut rl, &limits, t0);
        let r = route(Method::POST, "/channels/99/messages");
        let Verdict::Limited {
            headers,
            body,
            global,
        } = rl.check(&limits, r.as_ref(), t0 + Duration::from_millis(250))
        else {
            panic!("the 51st is limited");
        };
        assert!(global);
        assert_eq!(body["global"], true);
        assert_eq!(body["retry_after"], 0.75);
        assert_eq!(header(&headers, "x-ratelimit-global"), Some("true"));
        assert_eq!(header(&headers, "retry-after"), Some("0.750"));
        // Callbacks pass, without headers.
        let callback = route(Method::POST, "/interactions/1/tok/callback");
        assert_eq!(rl.check(&limits, callback.as_ref(), t0), Verdict::Unlimited);
        // The globally refused request did not count in its bucket.
        let later = t0 + Duration::from_secs(1);
        let Verdict::Pass(headers) = rl.check(&limits, r.as_ref(), later) else {
            panic!("a new second");
        };
        assert_eq!(header(&headers, "x-ratelimit-remaining"), Some("4"));
    }

    /// Discord: interaction responses and follow-ups are not bound to the global limit; they
    /// keep their own bucket per interaction token.
    #[test]
    fn interaction_webhooks_pass_a_spent_global_limit() {
        let limits = DiscordLimits::default();
        let mut rl = RateLimits::default();
        let t0 = Instant::now();
        spend_global(&mut rl, &limits, t0);
        for token in 0..10 {
            let follow_up = route(Method::POST, &format!("/webhooks/1/tok-{token}"));
            assert!(matches!(
                rl.check(&limits, follow_up.as_ref(), t0),
                Verdict::Pass(_)
            ));
        }
        let r = route(Method::POST, "/channels/99/messages");
        assert!(matches!(
            rl.check(&limits, r.as_ref(), t0),
            Verdict::Limited { global: true, .. }
        ));
    }
}
