//! Local fakes of the chat platforms: they record every request and let tests inject events.
pub mod discord;
pub mod telegram;
