//! Club nights at the terminal (issue 25): the answers as text; the cash book's CSV and the
//! closed evening's picture go to files in the working directory.

use super::Console;
use bot_core::render::club::night_picture;
use bot_core::service::club::ClubContent;
use bot_core::service::reply::Content;
use bot_core::service::{ClubRequest, Request};
use bot_core::text::{arg_text, tr};
use std::io::Write;

impl<R, W> Console<R, W>
where
    R: tokio::io::AsyncBufRead + Unpin,
    W: Write,
{
    pub(super) async fn club(&mut self, who: &str, request: ClubRequest) -> anyhow::Result<()> {
        let reply = self.handle(who, Request::Club(request)).await;
        match &reply.content {
            Some(Content::Export { filename, csv }) => {
                std::fs::write(filename, csv)?;
                let path = arg_text(filename.clone());
                self.say(&tr(self.lang, "console-cash-exported", &[("path", path)]))
            }
            Some(Content::Club(content)) => {
                self.show(&reply)?;
                if let ClubContent::Night(report) = content.as_ref()
                    && let Some(closed) = report.closed_at
                {
                    let date = bot_core::time::local_date(closed, &report.time_zone);
                    let path = format!("clubabend-{date}.png");
                    std::fs::write(&path, night_picture(report, self.lang)?)?;
                    let path = arg_text(path);
                    self.say(&tr(self.lang, "console-night-picture", &[("path", path)]))?;
                }
                Ok(())
            }
            _ => self.show(&reply),
        }
    }
}
