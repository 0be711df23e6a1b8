//! A small table ("sheet") as a PNG picture, e.g. a club evening's summary posted to Discord
//! or Telegram. Text is rasterized from the embedded DejaVu Sans with `ab_glyph` (pure Rust,
//! no system fonts, no clock, no randomness), so the same sheet gives the same bytes on
//! every machine.

use ab_glyph::{Font, FontRef, GlyphId, InvalidFont, PxScale, ScaleFont, point};

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
const TITLE_HEIGHT: u32 = 40;
const LINE_HEIGHT: u32 = 26;
const ROW_HEIGHT: u32 = 30;
const SECTION_GAP: u32 = 12;
const RULE_THICKNESS: u32 = 2;

const TITLE_SIZE: f32 = 28.0;
const TEXT_SIZE: f32 = 17.0;
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
/// Every row must have one cell per column. Too wide content is cut with "…" so the picture
/// stays at most [`MAX_WIDTH`] pixels wide; rows past [`MAX_ROWS`] are left out (see there).
pub fn sheet_png(sheet: &Sheet) -> Result<Vec<u8>, SheetError> {
    check_rows(sheet)?;
    let regular = FontRef::try_from_slice(REGULAR_TTF)?;
    let bold = FontRef::try_from_slice(BOLD_TTF)?;
    let faces = Faces {
        title: Face::new(&bold, TITLE_SIZE),
        header: Face::new(&bold, TEXT_SIZE),
        cell: Face::new(&regular, TEXT_SIZE),
        note: Face::new(&regular, NOTE_SIZE),
    };

    let ellipsis_row = vec![ELLIPSIS.to_string(); sheet.columns.len()];
    let rows = visible_rows(&sheet.rows, &ellipsis_row);
    let footer = &sheet.footer[..sheet.footer.len().min(MAX_FOOTER_LINES)];

    let desired = desired_column_widths(sheet, &rows, &faces);
    let table_width = desired.iter().fold(0u32, |sum, w| sum.saturating_add(*w));
    let limit = MAX_WIDTH as f32;
    let notes = sheet.subtitle.iter().chain(footer);
    let text_width = notes
        .map(|line| faces.note.width_up_to(line, limit))
        .fold(faces.title.width_up_to(&sheet.title, limit), f32::max);
    let inner = table_width
        .max(text_width.ceil() as u32)
        .clamp(MIN_WIDTH - 2 * MARGIN, MAX_WIDTH - 2 * MARGIN);
    let widths = fit_columns(&desired, inner);
    let table_width: u32 = widths.iter().sum();

    let footer_height = match footer.len() {
        0 => 0,
        n => SECTION_GAP + n as u32 * LINE_HEIGHT,
    };
    let body_top = body_top(sheet.subtitle.is_some());
    let height = body_top + rows.len() as u32 * ROW_HEIGHT + footer_height + MARGIN;
    let mut canvas = Canvas::new(inner + 2 * MARGIN, height);

    let whole_line = |top, height| TextBox {
        left: MARGIN,
        width: inner,
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

    let headers: Vec<&str> = sheet.columns.iter().map(|c| c.header.as_str()).collect();
    draw_row(&mut canvas, &faces.header, sheet, &widths, &headers, top);
    top += ROW_HEIGHT;
    canvas.fill_rect(MARGIN, top, table_width, RULE_THICKNESS, RULE);
    top += RULE_THICKNESS;
    for (index, row) in rows.iter().enumerate() {
        // Every second row tinted, so the eye can follow a long row across.
        if index % 2 == 1 {
            canvas.fill_rect(MARGIN, top, table_width, ROW_HEIGHT, STRIPE);
        }
        let cells: Vec<&str> = row.iter().map(String::as_str).collect();
        draw_row(&mut canvas, &faces.cell, sheet, &widths, &cells, top);
        top += ROW_HEIGHT;
    }

    if !footer.is_empty() {
        top += SECTION_GAP;
    }
    for line in footer {
        whole_line(top, LINE_HEIGHT).draw(&mut canvas, &faces.note, line, Align::Left, MUTED_INK);
        top += LINE_HEIGHT;
    }
    canvas.encode()
}

/// Top of the first data row: everything above it has a fixed height.
fn body_top(has_subtitle: bool) -> u32 {
    let subtitle = if has_subtitle { LINE_HEIGHT } else { 0 };
    MARGIN + TITLE_HEIGHT + subtitle + SECTION_GAP + ROW_HEIGHT + RULE_THICKNESS
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

/// Each column's width with padding for its widest cell (header included), as measured.
fn desired_column_widths(sheet: &Sheet, rows: &[&Vec<String>], faces: &Faces) -> Vec<u32> {
    // Measuring stops past the widest picture, so a megabyte cell costs no more than a
    // short one.
    let limit = MAX_WIDTH as f32;
    let columns = sheet.columns.iter().enumerate();
    columns
        .map(|(index, column)| {
            let cells = rows
                .iter()
                .map(|row| faces.cell.width_up_to(&row[index], limit));
            let header = faces.header.width_up_to(&column.header, limit);
            cells.fold(header, f32::max).ceil() as u32 + 2 * CELL_PAD
        })
        .collect()
}

/// Column widths that add up to at most `budget`: unchanged if they already do, else the
/// widest columns are all cut to one common width and the narrow ones keep theirs (cutting
/// a long name hurts less than cutting every number).
fn fit_columns(desired: &[u32], budget: u32) -> Vec<u32> {
    let total: u64 = desired.iter().map(|w| u64::from(*w)).sum();
    if total <= u64::from(budget) {
        return desired.to_vec();
    }
    let mut ascending = desired.to_vec();
    ascending.sort_unstable();
    let mut left = budget;
    let mut cap = 0;
    for (index, width) in ascending.iter().enumerate() {
        let share = left / (ascending.len() - index) as u32;
        if *width > share {
            cap = share;
            break;
        }
        left -= width;
    }
    desired.iter().map(|w| (*w).min(cap)).collect()
}

fn draw_row(
    canvas: &mut Canvas,
    face: &Face,
    sheet: &Sheet,
    widths: &[u32],
    cells: &[&str],
    top: u32,
) {
    let mut left = MARGIN;
    for ((column, width), text) in sheet.columns.iter().zip(widths).zip(cells) {
        let cell = TextBox {
            left,
            width: *width,
            top,
            height: ROW_HEIGHT,
            pad: CELL_PAD,
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

/// One font at one pixel size.
struct Face<'f> {
    font: &'f FontRef<'static>,
    scale: PxScale,
}

/// A glyph placed on a line, x from the line's start.
struct Placed {
    byte_end: usize,
    id: GlyphId,
    start: f32,
    end: f32,
}

impl<'f> Face<'f> {
    fn new(font: &'f FontRef<'static>, size: f32) -> Self {
        let scale = PxScale::from(size);
        Face { font, scale }
    }

    /// `text`'s glyphs, kerned, left to right. Control characters (a stray newline in a
    /// name) are skipped: the font would only draw them as boxes.
    fn layout<'t>(&'t self, text: &'t str) -> impl Iterator<Item = Placed> + 't {
        let scaled = self.font.as_scaled(self.scale);
        let mut pen = 0.0f32;
        let mut previous: Option<GlyphId> = None;
        let chars = text.char_indices().filter(|(_, c)| !c.is_control());
        chars.map(move |(byte, c)| {
            let id = scaled.glyph_id(c);
            if let Some(previous) = previous {
                pen += scaled.kern(previous, id);
            }
            let start = pen;
            pen += scaled.h_advance(id);
            previous = Some(id);
            let byte_end = byte + c.len_utf8();
            Placed {
                byte_end,
                id,
                start,
                end: pen,
            }
        })
    }

    /// `text`'s width in pixels, but counting stops once it passes `limit`.
    fn width_up_to(&self, text: &str, limit: f32) -> f32 {
        let mut width = 0.0;
        for glyph in self.layout(text) {
            width = glyph.end;
            if width > limit {
                break;
            }
        }
        width
    }

    /// `text` if it fits in `room` pixels, else its longest start that fits with "…" after
    /// it; empty if not even "…" fits.
    fn fit(&self, text: &str, room: f32) -> String {
        let ellipsis = self.width_up_to(ELLIPSIS, f32::INFINITY);
        let mut cut = 0;
        for glyph in self.layout(text) {
            if glyph.end > room {
                if ellipsis > room {
                    return String::new();
                }
                return format!("{}{ELLIPSIS}", text[..cut].trim_end());
            }
            if glyph.end + ellipsis <= room {
                cut = glyph.byte_end;
            }
        }
        text.to_string()
    }

    /// Draws `text` with its pen starting at `x` on the `baseline`.
    fn draw(&self, canvas: &mut Canvas, text: &str, x: f32, baseline: f32, ink: Rgb) {
        for placed in self.layout(text) {
            let position = point(x + placed.start, baseline);
            let glyph = placed.id.with_scale_and_position(self.scale, position);
            // A character the font lacks (an emoji in a name) maps to glyph 0, DejaVu's
            // "notdef" box, and is drawn as that box: the reader sees something stood there.
            let Some(outline) = self.font.outline_glyph(glyph) else {
                continue; // a space has no outline
            };
            let bounds = outline.px_bounds();
            let (left, top) = (bounds.min.x as i64, bounds.min.y as i64);
            outline.draw(|gx, gy, coverage| {
                canvas.blend(left + i64::from(gx), top + i64::from(gy), ink, coverage);
            });
        }
    }

    /// Baseline that centres the font's ascent-to-descent span in a box of `height`.
    fn baseline(&self, top: u32, height: u32) -> f32 {
        let scaled = self.font.as_scaled(self.scale);
        let span = scaled.ascent() + scaled.descent(); // descent is negative
        (top as f32 + (height as f32 + span) / 2.0).round()
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

/// RGB pixels, row by row.
struct Canvas {
    width: u32,
    height: u32,
    pixels: Vec<u8>,
}

impl Canvas {
    fn new(width: u32, height: u32) -> Self {
        let pixels = PAPER.repeat(width as usize * height as usize);
        Canvas {
            width,
            height,
            pixels,
        }
    }

    fn fill_rect(&mut self, left: u32, top: u32, width: u32, height: u32, color: Rgb) {
        let right = left.saturating_add(width).min(self.width);
        let bottom = top.saturating_add(height).min(self.height);
        for y in top..bottom {
            for x in left..right {
                let i = (y as usize * self.width as usize + x as usize) * 3;
                self.pixels[i..i + 3].copy_from_slice(&color);
            }
        }
    }

    /// Mixes `ink` into the pixel by the glyph's coverage there (anti-aliasing); pixels
    /// off the canvas are ignored, so an overhanging glyph edge cannot panic.
    fn blend(&mut self, x: i64, y: i64, ink: Rgb, coverage: f32) {
        let inside =
            (0..i64::from(self.width)).contains(&x) && (0..i64::from(self.height)).contains(&y);
        if !inside {
            return;
        }
        let coverage = coverage.clamp(0.0, 1.0);
        let i = (y as usize * self.width as usize + x as usize) * 3;
        for (channel, ink) in self.pixels[i..i + 3].iter_mut().zip(ink) {
            let mixed = f32::from(*channel) * (1.0 - coverage) + f32::from(ink) * coverage;
            *channel = mixed.round() as u8;
        }
    }

    fn encode(self) -> Result<Vec<u8>, SheetError> {
        let mut out = Vec::new();
        let mut encoder = png::Encoder::new(&mut out, self.width, self.height);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header()?;
        writer.write_image_data(&self.pixels)?;
        writer.finish()?;
        Ok(out)
    }
}
