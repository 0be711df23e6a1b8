//! The bot's Mini App (BotFather → /newapp) that shows a table in the browser: table messages
//! link to it with the place's table token.

/// The Mini App and what signs its links.
#[derive(Clone, Debug)]
pub struct WebApp {
    /// The app's short name (`t.me/<bot>/<short name>`).
    pub short_name: String,
    /// Signs the table tokens the links carry (the web page reads them).
    pub tokens: bot_core::model::token::Tokens,
}
