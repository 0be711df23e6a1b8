//! The terminal as the scorekeeper of a real table (tally mode): the dice fall on the table,
//! somebody types each round as it fell, the terminal keeps the Deckel.

use super::{Console, actor_and_text, commands};
use bot_core::render;
use bot_core::service::{PublicTable, Request};
use bot_core::text::tr;
use commands::Input;
use std::io::Write;

impl<R, W> Console<R, W>
where
    R: tokio::io::AsyncBufRead + Unpin,
    W: Write,
{
    /// Rounds are typed until the game ends or the input does.
    pub(super) async fn play_tally(&mut self) -> anyhow::Result<()> {
        let lang = self.lang;
        let mut shown_version = None;
        loop {
            let Some(table) = self.handle("console", Request::Show).await.table else {
                return Ok(());
            };
            if !table.status.is_open() {
                // The last round and who owes the Bierrunde; a typo in it can still be
                // taken back.
                let text = self.table_text(&table);
                self.say(&text)?;
                if self.last_round_taken_back(&table).await? {
                    continue;
                }
                self.say(&tr(lang, "console-goodbye", &[]))?;
                return Ok(());
            }
            if shown_version != Some(table.version) {
                let text = self.table_text(&table);
                self.say(&text)?;
                shown_version = Some(table.version);
            }
            let prompt = tr(lang, "console-tally-prompt", &[]);
            let Some(line) = self.prompt(&prompt).await? else {
                return Ok(());
            };
            // Who types: a player named before `:`, else the table's opener.
            let (who, text) = actor_and_text(&table, &line, &table.opener);
            if !self.tally_line(&table, &who, text).await? {
                self.say(&tr(lang, "console-saved", &[]))?;
                return Ok(());
            }
        }
    }

    /// After the last round: `rückgängig` takes it back (the game goes on), a club command
    /// is done (the evening goes on at the keyboard), anything else ends. Returns whether the
    /// game goes on.
    async fn last_round_taken_back(&mut self, table: &PublicTable) -> anyhow::Result<bool> {
        loop {
            let prompt = tr(self.lang, "console-tally-over", &[]);
            let Some(line) = self.prompt(&prompt).await? else {
                return Ok(false);
            };
            let (who, text) = actor_and_text(table, &line, &table.opener);
            match commands::parse(text) {
                Input::Request(Request::Undo) => {
                    let reply = self.handle(&who, Request::Undo).await;
                    self.show(&reply)?;
                    return Ok(reply.table.is_some_and(|t| t.status.is_open()));
                }
                Input::Request(Request::Club(request)) => self.club(&who, request).await?,
                _ => return Ok(false),
            }
        }
    }

    /// One typed line: a command, or a round (`r …`, or the round itself). Returns false
    /// when the player leaves the terminal.
    async fn tally_line(
        &mut self,
        table: &PublicTable,
        who: &str,
        text: &str,
    ) -> anyhow::Result<bool> {
        let lang = self.lang;
        let request = match commands::parse(text) {
            Input::Quit => return Ok(false),
            Input::Keys => {
                self.say(&render::help_text("console-tally-keys", self.voice()))?;
                return Ok(true);
            }
            // An empty line shows the table again.
            Input::MyCup => Request::Show,
            Input::Request(Request::Roll) => {
                self.say(&render::help_text("console-tally-keys", self.voice()))?;
                return Ok(true);
            }
            Input::Request(Request::Club(request)) => {
                self.club(who, request).await?;
                return Ok(true);
            }
            Input::Request(request) => request,
            Input::Round(text) | Input::Unknown(text) => {
                bot_core::commands::parse::round_request(&text)
            }
            Input::Invalid(e) => {
                self.say(&render::error_text(&e, Some(table), self.voice()))?;
                return Ok(true);
            }
            Input::Export(path) => {
                self.export(who, path).await?;
                return Ok(true);
            }
            Input::Verify(game) => {
                let reply = self.handle(who, Request::Verify { game }).await;
                self.show(&reply)?;
                return Ok(true);
            }
        };
        let show_table = request == Request::Show;
        let reply = self.handle(who, request).await;
        if let Some(table) = reply.table.as_ref().filter(|_| show_table) {
            self.say(&render::table_text(table, lang))?;
        }
        self.show(&reply)?;
        Ok(true)
    }
}
