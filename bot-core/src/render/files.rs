//! The file a read-only answer hands out, named and typed once for every surface: the
//! Bierrunde ledger and a game's record as text files, the dice statistics as a chart, a
//! closed club evening as a picture, the cash book as CSV or a spreadsheet. Adapters only
//! attach it (a picture as a photo where the platform has one).

use super::chart::fairness_chart;
use super::club::{book_file, night_picture};
use crate::service::club::ClubContent;
use crate::service::reply::{Content, ProofReport};
use crate::service::tournament::TournamentContent;
use crate::text::Lang;

/// The file name of the dice statistics' chart.
pub const CHART_FILE: &str = "wuerfelstatistik.png";

/// A file to hand out: its name, its bytes and its MIME type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileOut {
    pub name: String,
    pub bytes: Vec<u8>,
    pub mime: &'static str,
}

impl FileOut {
    pub(crate) fn text(name: &str, text: &str, mime: &'static str) -> FileOut {
        FileOut {
            name: name.to_string(),
            bytes: text.as_bytes().to_vec(),
            mime,
        }
    }

    pub(crate) fn png(name: String, bytes: Vec<u8>) -> FileOut {
        FileOut {
            name,
            bytes,
            mime: "image/png",
        }
    }

    /// A picture (sent as a photo where the platform has photos).
    pub fn is_picture(&self) -> bool {
        self.mime.starts_with("image/")
    }
}

/// The file `content` carries in the reader's language; `None` when it has none (or a
/// picture could not be drawn: the text then says it all).
pub fn content_file(content: &Content, lang: Lang) -> Option<FileOut> {
    match content {
        Content::Export { filename, csv } => Some(FileOut::text(filename, csv, "text/csv")),
        Content::Proof(report) => match report.as_ref() {
            ProofReport::Checked {
                filename, record, ..
            }
            | ProofReport::Predates {
                filename, record, ..
            } => Some(FileOut::text(filename, record, "text/plain")),
            ProofReport::Running { .. } => None,
        },
        Content::Fairness(report) if report.dice > 0 => {
            let png = fairness_chart(&report.faces, report.expected);
            (!png.is_empty()).then(|| FileOut::png(CHART_FILE.to_string(), png))
        }
        Content::Club(club) => club_file(club, lang),
        Content::Tournament(t) => match t.as_ref() {
            TournamentContent::File(file) => super::tournament::export_file(file, lang),
            _ => None,
        },
        _ => None,
    }
}

fn club_file(content: &ClubContent, lang: Lang) -> Option<FileOut> {
    match content {
        ClubContent::Night(report) if report.closed_at.is_some() => {
            let png = night_picture(report, lang).ok()?;
            let date = crate::time::local_date(report.opened_at, &report.time_zone);
            Some(FileOut::png(format!("clubabend-{date}.png"), png))
        }
        ClubContent::CashBookFile(file) => match book_file(file, lang) {
            Ok(out) => Some(out),
            Err(e) => {
                tracing::warn!(error = %e, "the cash book's spreadsheet could not be written");
                None
            }
        },
        _ => None,
    }
}
