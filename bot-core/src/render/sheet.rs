//! A small table ("sheet") as a PNG picture, e.g. a club evening's summary posted to Discord
//! or Telegram. Text is rasterized from the embedded DejaVu Sans with `ab_glyph` (pure Rust,
//! no system fonts, no clock, no randomness), so the same sheet gives the same bytes on
//! every machine.
//!
//! Split by job: `setting` chooses how tight a table is set, `text` lays out, measures and
//! draws a line, `mug` draws 🍺 (the font has no emoji), `canvas` holds the pixels; this
//! file places and draws the table.

mod canvas;
mod mug;
mod setting;
mod text;

use ab_glyph::{FontRef, InvalidFont};
use canvas::{Canvas, Upright};
use setting::{Measure, Setting, choose_setting, fit_columns, measure};
use text::Face;

#[cfg(test)]
mod tests;

const REGULAR_TTF: &[u8] = include_bytes!("../../assets/DejaVuSans.ttf");
const BOLD_TTF: &[u8] = include_bytes!("../../assets/DejaVuSans-Bold.ttf");

/// Widest picture made: chat clients shrink wider ones until the text is unreadable.
pub const MAX_WIDTH: u32 = 1200;
/// Narrowest picture, so an almost empty sheet still looks like a card, not a sliver.
const MIN_WIDTH: u32 = 320;
/// Data rows drawn at most; a longer table shows its first rows and then one "…" row, which
/// keeps the picture's height (and the work) bounded whatever the caller passes.
pub const MAX_ROWS: usize = 60;
/// Footer lines drawn at most, for the same reason.
const MAX_FOOTER_LINES: usize = 10;

const MARGIN: u32 = 24;
/// Room between a cell's text and its column's edges.
const CELL_PAD: u32 = 12;
/// The same where a wide table is set tight.
const TIGHT_PAD: u32 = 8;
/// Tallest header row: an upright header longer than this is cut with "…".
const MAX_HEADER_HEIGHT: u32 = 180;
const TITLE_HEIGHT: u32 = 40;
const LINE_HEIGHT: u32 = 26;
const ROW_HEIGHT: u32 = 30;
const SECTION_GAP: u32 = 12;
const RULE_THICKNESS: u32 = 2;

const TITLE_SIZE: f32 = 28.0;
const TEXT_SIZE: f32 = 17.0;
/// Smallest text a too wide table is set in before its widest columns are cut.
const MIN_TEXT_SIZE: f32 = 14.0;
const NOTE_SIZE: f32 = 16.0;

type Rgb = [u8; 3];
const PAPER: Rgb = [250, 250, 247];
const STRIPE: Rgb = [236, 239, 243];
const INK: Rgb = [32, 34, 38];
const MUTED_INK: Rgb = [88, 93, 101];
const RULE: Rgb = [110, 114, 120];
const ELLIPSIS: &str = "…";

/// How a column's cells are aligned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

#[derive(Clone, Debug)]
pub struct Column {
    pub header: String,
    pub align: Align,
}

/// A table as a picture: a bold title, an optional subtitle line, a header row, rows, and
/// footer lines under the table.
pub struct Sheet {
    pub title: String,
    pub subtitle: Option<String>,
    pub columns: Vec<Column>,
    pub rows: Vec<Vec<String>>,
    pub footer: Vec<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum SheetError {
    #[error("row {row} has {found} cells, but the sheet has {expected} columns")]
    RowLength {
        row: usize,
        expected: usize,
        found: usize,
    },
    #[error("the embedded font cannot be read: {0}")]
    Font(#[from] InvalidFont),
    #[error("PNG encoding failed: {0}")]
    Png(#[from] png::EncodingError),
}

/// Draws `sheet` as an 8-bit RGB PNG.
///
/// Every row must have one cell per column. A table too wide for [`MAX_WIDTH`] is set
/// tighter (see `setting::SETTINGS`); content still too wide is cut with "…". Rows past
/// [`MAX_ROWS`] are left out (see there).
pub fn sheet_png(sheet: &Sheet) -> Result<Vec<u8>, SheetError> {
    check_rows(sheet)?;
    let regular = FontRef::try_from_slice(REGULAR_TTF)?;
    let bold = FontRef::try_from_slice(BOLD_TTF)?;
    let ellipsis_row = vec![ELLIPSIS.to_string(); sheet.columns.len()];
    let rows = visible_rows(&sheet.rows, &ellipsis_row);
    let footer = &sheet.footer[..sheet.footer.len().min(MAX_FOOTER_LINES)];

    let base = Faces::new(&bold, &regular, TEXT_SIZE);
    let setting = choose_setting(&measure(sheet, &rows, &base));
    let faces = Faces::new(&bold, &regular, setting.size);
    let layout = Layout::new(sheet, &rows, footer, &faces, setting);
    let mut canvas = Canvas::new(layout.inner + 2 * MARGIN, layout.height);

    let whole_line = |top, height| TextBox {
        left: MARGIN,
        width: layout.inner,
        top,
        height,
        pad: 0,
    };
    let mut top = MARGIN;
    let title_box = whole_line(top, TITLE_HEIGHT);
    title_box.draw(&mut canvas, &faces.title, &sheet.title, Align::Left, INK);
    top += TITLE_HEIGHT;
    if let Some(subtitle) = &sheet.subtitle {
        let subtitle_box = whole_line(top, LINE_HEIGHT);
        subtitle_box.draw(&mut canvas, &faces.note, subtitle, Align::Left, MUTED_INK);
        top += LINE_HEIGHT;
    }
    top += SECTION_GAP;
    top = draw_table(&mut canvas, sheet, &rows, &faces, &layout, top);

    if !footer.is_empty() {
        top += SECTION_GAP;
    }
    for line in footer {
        whole_line(top, LINE_HEIGHT).draw(&mut canvas, &faces.note, line, Align::Left, MUTED_INK);
        top += LINE_HEIGHT;
    }
    canvas.encode()
}

/// Draws the header row, its rule and the rows from `top`; returns the table's bottom.
fn draw_table(
    canvas: &mut Canvas,
    sheet: &Sheet,
    rows: &[&Vec<String>],
    faces: &Faces,
    layout: &Layout,
    mut top: u32,
) -> u32 {
    draw_header(canvas, &faces.header, sheet, layout, top);
    top += layout.header_height;
    let table_width: u32 = layout.widths.iter().sum();
    canvas.fill_rect(MARGIN, top, table_width, RULE_THICKNESS, RULE);
    top += RULE_THICKNESS;
    for (index, row) in rows.iter().enumerate() {
        // Every second row tinted, so the eye can follow a long row across.
        if index % 2 == 1 {
            canvas.fill_rect(MARGIN, top, table_width, ROW_HEIGHT, STRIPE);
        }
        let cells: Vec<&str> = row.iter().map(String::as_str).collect();
        draw_row(canvas, &faces.cell, sheet, layout, &cells, top);
        top += ROW_HEIGHT;
    }
    top
}

/// Top of the first data row: everything above it has a fixed height but the header row,
/// which grows for upright headers.
fn body_top(has_subtitle: bool, header_height: u32) -> u32 {
    let subtitle = if has_subtitle { LINE_HEIGHT } else { 0 };
    MARGIN + TITLE_HEIGHT + subtitle + SECTION_GAP + header_height + RULE_THICKNESS
}

fn check_rows(sheet: &Sheet) -> Result<(), SheetError> {
    let expected = sheet.columns.len();
    match sheet.rows.iter().position(|row| row.len() != expected) {
        Some(row) => Err(SheetError::RowLength {
            row,
            expected,
            found: sheet.rows[row].len(),
        }),
        None => Ok(()),
    }
}

/// The rows to draw: all of them if they fit in [`MAX_ROWS`], else the first ones and the
/// "…" row as the last.
fn visible_rows<'a>(
    rows: &'a [Vec<String>],
    ellipsis_row: &'a Vec<String>,
) -> Vec<&'a Vec<String>> {
    if rows.len() <= MAX_ROWS {
        return rows.iter().collect();
    }
    rows.iter()
        .take(MAX_ROWS - 1)
        .chain(std::iter::once(ellipsis_row))
        .collect()
}

/// Where everything goes: the picture's inner width and height, the columns.
struct Layout {
    /// The picture's width inside its margins.
    inner: u32,
    height: u32,
    widths: Vec<u32>,
    /// Which columns' headers stand upright.
    upright: Vec<bool>,
    header_height: u32,
    pad: u32,
}

impl Layout {
    fn new(
        sheet: &Sheet,
        rows: &[&Vec<String>],
        footer: &[String],
        faces: &Faces,
        setting: Setting,
    ) -> Layout {
        let measures = measure(sheet, rows, faces);
        let desired: Vec<u32> = measures
            .iter()
            .map(|m| m.width(setting, setting.size))
            .collect();
        let upright: Vec<bool> = measures.iter().map(|m| m.upright(setting)).collect();
        let table_width = desired.iter().fold(0u32, |sum, w| sum.saturating_add(*w));
        let limit = MAX_WIDTH as f32;
        let notes = sheet.subtitle.iter().chain(footer);
        let text_width = notes
            .map(|line| faces.note.width_up_to(line, limit))
            .fold(faces.title.width_up_to(&sheet.title, limit), f32::max);
        let inner = table_width
            .max(text_width.ceil() as u32)
            .clamp(MIN_WIDTH - 2 * MARGIN, MAX_WIDTH - 2 * MARGIN);
        let header_height = header_height(&measures, &upright, setting.pad);
        let footer_height = match footer.len() {
            0 => 0,
            n => SECTION_GAP + n as u32 * LINE_HEIGHT,
        };
        let body_top = body_top(sheet.subtitle.is_some(), header_height);
        let height = body_top + rows.len() as u32 * ROW_HEIGHT + footer_height + MARGIN;
        Layout {
            inner,
            height,
            widths: fit_columns(&desired, inner),
            upright,
            header_height,
            pad: setting.pad,
        }
    }
}

/// The header row's height: a row's, or as tall as the longest upright header (up to
/// [`MAX_HEADER_HEIGHT`]).
fn header_height(measures: &[Measure], upright: &[bool], pad: u32) -> u32 {
    let longest = measures
        .iter()
        .zip(upright)
        .filter(|(_, upright)| **upright)
        .map(|(m, _)| m.header.ceil() as u32 + 2 * pad)
        .max()
        .unwrap_or(0);
    longest.clamp(ROW_HEIGHT, MAX_HEADER_HEIGHT)
}

/// The header row from `top`: level headers sit at its foot, upright ones rise from it.
fn draw_header(canvas: &mut Canvas, face: &Face, sheet: &Sheet, layout: &Layout, top: u32) {
    let bottom = top + layout.header_height;
    let mut left = MARGIN;
    let columns = sheet
        .columns
        .iter()
        .zip(&layout.widths)
        .zip(&layout.upright);
    for ((column, width), upright) in columns {
        if *upright {
            let room = layout.header_height.saturating_sub(2 * layout.pad) as f32;
            let shown = face.fit(&column.header, room);
            // The line lies across the column, on the side its cells are aligned to.
            let span = face.line_span().ceil() as u32;
            let line_left = match column.align {
                Align::Left => left + layout.pad,
                Align::Right => (left + width).saturating_sub(layout.pad + span),
            };
            let baseline = face.baseline(line_left.max(left), span);
            let foot = i64::from(bottom - layout.pad) - 1;
            let mut turned = Upright {
                canvas: &mut *canvas,
                bottom: foot,
            };
            face.draw(&mut turned, &shown, 0.0, baseline, INK);
        } else {
            let cell = TextBox {
                left,
                width: *width,
                top: bottom - ROW_HEIGHT,
                height: ROW_HEIGHT,
                pad: layout.pad,
            };
            cell.draw(canvas, face, &column.header, column.align, INK);
        }
        left += width;
    }
}

fn draw_row(
    canvas: &mut Canvas,
    face: &Face,
    sheet: &Sheet,
    layout: &Layout,
    cells: &[&str],
    top: u32,
) {
    let mut left = MARGIN;
    for ((column, width), text) in sheet.columns.iter().zip(&layout.widths).zip(cells) {
        let cell = TextBox {
            left,
            width: *width,
            top,
            height: ROW_HEIGHT,
            pad: layout.pad,
        };
        cell.draw(canvas, face, text, column.align, INK);
        left += width;
    }
}

struct Faces<'f> {
    title: Face<'f>,
    header: Face<'f>,
    cell: Face<'f>,
    note: Face<'f>,
}

impl<'f> Faces<'f> {
    /// The faces with the table's text at `size`; title and notes keep theirs.
    fn new(bold: &'f FontRef<'static>, regular: &'f FontRef<'static>, size: f32) -> Self {
        Faces {
            title: Face::new(bold, TITLE_SIZE),
            header: Face::new(bold, size),
            cell: Face::new(regular, size),
            note: Face::new(regular, NOTE_SIZE),
        }
    }
}

/// A box text is drawn into, `pad` pixels in from its left and right edges.
struct TextBox {
    left: u32,
    width: u32,
    top: u32,
    height: u32,
    pad: u32,
}

impl TextBox {
    fn draw(&self, canvas: &mut Canvas, face: &Face, text: &str, align: Align, ink: Rgb) {
        let room = self.width.saturating_sub(2 * self.pad) as f32;
        let shown = face.fit(text, room);
        let start = (self.left + self.pad) as f32;
        let x = match align {
            Align::Left => start,
            Align::Right => start + room - face.width_up_to(&shown, f32::INFINITY),
        };
        // Whole-pixel starts keep equal strings looking equal in every row.
        let baseline = face.baseline(self.top, self.height);
        face.draw(canvas, &shown, x.round(), baseline, ink);
    }
}
