//! The tournament as files: the standings and every game as CSV (`;` and a byte-order mark
//! for a German reader, `,` for an English one), all of it as a spreadsheet (standings,
//! teams, games), and the standings as a picture.

use super::stage_name;
use crate::render::files::FileOut;
use crate::render::sheet::{Align, Column, Sheet, sheet_png};
use crate::service::tournament::{ExportFile, ExportKind, GameRow, RoundView, StandingsView};
use crate::text::{Lang, arg_num, arg_text, tr};
use rust_xlsxwriter::{Format, Workbook, Worksheet, XlsxError};

const BOM: &str = "\u{feff}";

/// The file of an export, named after the tournament and the day.
pub fn export_file(file: &ExportFile, lang: Lang) -> Option<FileOut> {
    let date = crate::time::local_date(file.made_at, &file.time_zone);
    let stem = format!("{}-{date}", slug(&file.standings.tournament));
    Some(match file.kind {
        ExportKind::Standings => FileOut::text(
            &format!("{stem}-stand.csv"),
            &csv_text(&standings_table(&file.standings, lang), lang),
            "text/csv",
        ),
        ExportKind::Games => FileOut::text(
            &format!("{stem}-spiele.csv"),
            &csv_text(&games_table(&file.games, lang), lang),
            "text/csv",
        ),
        ExportKind::Spreadsheet => match workbook(file, lang) {
            Ok(bytes) => FileOut {
                name: format!("{stem}.xlsx"),
                bytes,
                mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            },
            Err(e) => {
                tracing::warn!(error = %e, "the tournament's spreadsheet could not be written");
                return None;
            }
        },
        ExportKind::Picture => {
            let png = sheet_png(&picture(&file.standings, lang)).ok()?;
            FileOut::png(format!("{stem}.png"), png)
        }
        ExportKind::Cards => {
            let round = file.round.as_ref()?;
            let png = match sheet_png(&cards(round, lang)) {
                Ok(png) => png,
                Err(e) => {
                    tracing::warn!(error = %e, "the table cards could not be drawn");
                    return None;
                }
            };
            FileOut::png(format!("{stem}-runde-{}-tische.png", round.number), png)
        }
    })
}

/// The tournament's name as a file name: letters, digits and dashes.
fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-').to_string();
    if out.is_empty() {
        "turnier".into()
    } else {
        out
    }
}

/// A header row and the rows below it, as text cells.
struct Table {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

fn col(lang: Lang, id: &str) -> String {
    tr(lang, &format!("tourney-col-{id}"), &[])
}

fn standings_table(v: &StandingsView, lang: Lang) -> Table {
    let header = [
        "place", "name", "team", "points", "games", "lost", "halves", "final",
    ]
    .iter()
    .map(|id| col(lang, id))
    .collect();
    let final_place = |name: &str| {
        v.knockout
            .as_ref()
            .filter(|k| k.decided)
            .and_then(|k| k.order.iter().position(|n| n == name))
            .map(|i| (i + 1).to_string())
            .unwrap_or_default()
    };
    let rows = v
        .rows
        .iter()
        .map(|r| {
            vec![
                r.place.to_string(),
                r.name.clone(),
                r.team.clone().unwrap_or_default(),
                r.tally.points.to_string(),
                r.tally.games.to_string(),
                r.tally.games_lost.to_string(),
                r.tally.halves_lost.to_string(),
                final_place(&r.name),
            ]
        })
        .collect();
    Table { header, rows }
}

fn games_table(games: &[GameRow], lang: Lang) -> Table {
    let header = [
        "round",
        "stage",
        "table",
        "game",
        "players",
        "half1",
        "half2",
        "final-loser",
        "scharf",
    ]
    .iter()
    .map(|id| col(lang, id))
    .collect();
    let rows = games
        .iter()
        .map(|g| {
            let players: Vec<String> = g
                .players
                .iter()
                .map(|(name, points)| format!("{name} ({points})"))
                .collect();
            vec![
                g.round.to_string(),
                stage_name(g.stage, lang),
                g.table.to_string(),
                g.game.to_string(),
                players.join(", "),
                g.losers.halves.first().cloned().unwrap_or_default(),
                g.losers.halves.get(1).cloned().unwrap_or_default(),
                g.losers.final_loser.clone().unwrap_or_default(),
                if g.losers.scharf {
                    col(lang, "yes")
                } else {
                    String::new()
                },
            ]
        })
        .collect();
    Table { header, rows }
}

fn csv_text(table: &Table, lang: Lang) -> String {
    let separator = match lang {
        Lang::De => ';',
        Lang::En => ',',
    };
    let mut out = String::from(BOM);
    out.push_str(&crate::csv::row_with(&table.header, separator));
    for row in &table.rows {
        out.push_str(&crate::csv::row_with(row, separator));
    }
    out
}

fn workbook(file: &ExportFile, lang: Lang) -> Result<Vec<u8>, XlsxError> {
    let mut workbook = Workbook::new();
    let standings = standings_table(&file.standings, lang);
    workbook.push_worksheet(sheet(
        &col(lang, "sheet-standings"),
        &standings,
        &[0, 3, 4, 5, 6, 7],
    )?);
    if !file.standings.teams.is_empty() {
        let teams = Table {
            header: ["place", "team", "points", "members"]
                .iter()
                .map(|id| col(lang, id))
                .collect(),
            rows: file
                .standings
                .teams
                .iter()
                .map(|t| {
                    vec![
                        t.place.to_string(),
                        t.name.clone(),
                        t.tally.points.to_string(),
                        t.members.to_string(),
                    ]
                })
                .collect(),
        };
        workbook.push_worksheet(sheet(&col(lang, "sheet-teams"), &teams, &[0, 2, 3])?);
    }
    let games = games_table(&file.games, lang);
    workbook.push_worksheet(sheet(&col(lang, "sheet-games"), &games, &[0, 2, 3])?);
    workbook.save_to_buffer()
}

/// A worksheet of `table`; the columns in `numbers` are written as numbers.
fn sheet(name: &str, table: &Table, numbers: &[usize]) -> Result<Worksheet, XlsxError> {
    let mut sheet = Worksheet::new();
    sheet.set_name(name)?;
    let bold = Format::new().set_bold();
    for (c, title) in table.header.iter().enumerate() {
        sheet.write_string_with_format(0, c as u16, title, &bold)?;
    }
    sheet.set_freeze_panes(1, 0)?;
    for (r, row) in table.rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            let (r, c16) = (r as u32 + 1, c as u16);
            match cell.parse::<f64>() {
                Ok(n) if numbers.contains(&c) => sheet.write_number(r, c16, n)?,
                _ => sheet.write_string(r, c16, cell)?,
            };
        }
    }
    sheet.autofit();
    Ok(sheet)
}

/// The round's table cards: a row per table, its seats numbered (seat 1 is the captain who
/// enters the games), and boxes for the games' losers to fill in at a real-cup table.
fn cards(r: &RoundView, lang: Lang) -> Sheet {
    let seats = r.tables.iter().map(|t| t.players.len()).max().unwrap_or(0);
    let mut columns = vec![Column {
        header: col(lang, "table"),
        align: Align::Right,
    }];
    columns.extend((1..=seats).map(|seat| Column {
        header: tr(lang, "tourney-card-seat", &[("seat", arg_num(seat as u32))]),
        align: Align::Left,
    }));
    columns.extend((1..=usize::from(r.games_per_round)).map(|game| Column {
        header: tr(lang, "tourney-card-game", &[("game", arg_num(game as u32))]),
        align: Align::Left,
    }));
    let rows = r
        .tables
        .iter()
        .map(|t| {
            let mut row = vec![t.number.to_string()];
            row.extend((0..seats).map(|i| t.players.get(i).cloned().unwrap_or_default()));
            row.extend((0..r.games_per_round).map(|_| String::new()));
            row
        })
        .collect();
    Sheet {
        title: tr(
            lang,
            "tourney-card-title",
            &[
                ("name", arg_text(r.tournament.clone())),
                ("round", arg_num(r.number)),
                ("stage", arg_text(stage_name(r.stage, lang))),
            ],
        ),
        subtitle: Some(tr(lang, "tourney-card-how", &[])),
        columns,
        rows,
        footer: vec![tr(
            lang,
            "tourney-round-proof",
            &[
                ("commitment", arg_text(r.commitment.clone())),
                ("seed", arg_text(r.seed.clone())),
            ],
        )],
    }
}

/// The standings as a picture: the final order once decided, else the point rounds' table.
fn picture(v: &StandingsView, lang: Lang) -> Sheet {
    let column = |id: &str, align| Column {
        header: col(lang, id),
        align,
    };
    let decided = v.knockout.as_ref().filter(|k| k.decided);
    let (columns, rows) = match decided {
        Some(k) => (
            vec![column("place", Align::Right), column("name", Align::Left)],
            k.order
                .iter()
                .enumerate()
                .map(|(i, n)| vec![(i + 1).to_string(), n.clone()])
                .collect(),
        ),
        None => {
            // The team column only where there are teams.
            let shown: &[usize] = if v.teams.is_empty() {
                &[0, 1, 3, 4, 5]
            } else {
                &[0, 1, 2, 3, 4, 5]
            };
            let all = [
                column("place", Align::Right),
                column("name", Align::Left),
                column("team", Align::Left),
                column("points", Align::Right),
                column("games", Align::Right),
                column("lost", Align::Right),
            ];
            let t = standings_table(v, lang);
            (
                shown.iter().map(|i| all[*i].clone()).collect(),
                t.rows
                    .into_iter()
                    .map(|r| shown.iter().map(|i| r[*i].clone()).collect())
                    .collect(),
            )
        }
    };
    Sheet {
        title: v.tournament.clone(),
        subtitle: Some(tr(
            lang,
            if decided.is_some() {
                "tourney-picture-final"
            } else {
                "tourney-picture-points"
            },
            &[
                ("done", arg_num(v.rounds_done)),
                ("rounds", arg_num(v.format.point_rounds)),
                ("name", arg_text(v.tournament.clone())),
            ],
        )),
        columns,
        rows,
        footer: Vec::new(),
    }
}
