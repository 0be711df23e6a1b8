//! Club nights at the terminal (issue 25): the answers as text; the cash book's file (CSV or
//! spreadsheet) and the closed evening's picture go to files in the working directory.

use super::Console;
use bot_core::render::content_file;
use bot_core::service::club::ClubContent;
use bot_core::service::reply::Content;
use bot_core::service::{ClubRequest, Request};
use std::io::Write;

impl<R, W> Console<R, W>
where
    R: tokio::io::AsyncBufRead + Unpin,
    W: Write,
{
    pub(super) async fn club(&mut self, who: &str, request: ClubRequest) -> anyhow::Result<()> {
        let reply = self.handle(who, Request::Club(request)).await;
        let Some(Content::Club(club)) = &reply.content else {
            return self.show(&reply);
        };
        let content = reply.content.as_ref();
        let file = content.and_then(|c| content_file(c, self.lang));
        let saved = match club.as_ref() {
            ClubContent::CashBookFile(_) => "console-cash-exported",
            _ => {
                self.show(&reply)?;
                "console-night-picture"
            }
        };
        if let Some(file) = file {
            self.save(&file.name, &file.bytes, saved)?;
        }
        Ok(())
    }
}
