//! Local fakes of the chat platforms: they record every request and let tests inject events.
//!
//! Both fakes enforce the platforms' flood limits by default (Telegram: 20 writes a minute per
//! group, about one a second per chat, 30 a second overall; Discord: per-route buckets and the
//! global limit, with `X-RateLimit-*` headers), so the bot runs against them with its
//! production rate limiting on.
pub mod balancer;
pub mod discord;
pub mod scrape;
pub mod telegram;
pub mod window;

#[cfg(test)]
mod http_client;
