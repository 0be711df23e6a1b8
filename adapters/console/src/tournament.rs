//! Schockturnier at the terminal (issue 35): the answers as text, an export's file (CSV,
//! spreadsheet, picture) saved in the working directory.

use super::Console;
use bot_core::render::content_file;
use bot_core::service::Request;
use bot_core::service::tournament::TournamentRequest;
use std::io::Write;

impl<R, W> Console<R, W>
where
    R: tokio::io::AsyncBufRead + Unpin,
    W: Write,
{
    pub(super) async fn tournament(
        &mut self,
        who: &str,
        request: TournamentRequest,
    ) -> anyhow::Result<()> {
        let reply = self.handle(who, Request::Tournament(request)).await;
        self.show(&reply)?;
        let file = reply
            .content
            .as_ref()
            .and_then(|c| content_file(c, self.lang));
        if let Some(file) = file {
            self.save(&file.name, &file.bytes, "console-tournament-saved")?;
        }
        Ok(())
    }
}
