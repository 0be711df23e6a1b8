//! Schocken in the browser: one page for a Telegram Mini App, a Discord Activity and local
//! play on one machine (`schocken web`), pushed live over a WebSocket. The web is a third
//! adapter, not a second game: requests go through the service like chat buttons, views come
//! from the engine through the service, texts and buttons from `bot_core::render`. See
//! `docs/WEB.md` for the protocol.
