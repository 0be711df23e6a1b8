//! How tight a table is set: its columns measured, the loosest setting it fits in chosen,
//! and, if even the tightest is too wide, its widest columns cut to fit.

use super::{CELL_PAD, Faces, MARGIN, MAX_WIDTH, MIN_TEXT_SIZE, Sheet, TEXT_SIZE, TIGHT_PAD};

/// How tight a table is set.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Setting {
    /// The header's and the cells' font size.
    pub(super) size: f32,
    /// Room between a cell's text and its column's edges.
    pub(super) pad: u32,
    /// Whether a header wider than its column's cells stands upright (read from below),
    /// so a column of small numbers is as narrow as its numbers.
    pub(super) upright: bool,
}

/// The ways a table is set, loosest first; the first it fits in is taken, else the last.
/// Level headers and roomy cells read best; then upright headers (a narrow column of
/// counts under a long word); only then smaller text.
pub(super) const SETTINGS: [Setting; 5] = [
    Setting {
        size: TEXT_SIZE,
        pad: CELL_PAD,
        upright: false,
    },
    Setting {
        size: TEXT_SIZE,
        pad: TIGHT_PAD,
        upright: true,
    },
    Setting {
        size: 16.0,
        pad: TIGHT_PAD,
        upright: true,
    },
    Setting {
        size: 15.0,
        pad: TIGHT_PAD,
        upright: true,
    },
    Setting {
        size: MIN_TEXT_SIZE,
        pad: TIGHT_PAD,
        upright: true,
    },
];

/// A column's header and widest cell, and the header's line span, in pixels.
#[derive(Clone, Copy, Debug)]
pub(super) struct Measure {
    pub(super) header: f32,
    pub(super) cells: f32,
    pub(super) line: f32,
}

impl Measure {
    pub(super) fn upright(&self, setting: Setting) -> bool {
        setting.upright && self.header > self.cells
    }

    /// The column's width in `setting`, from measures taken at `measured_at` (text widths
    /// grow with the font size; one pixel more for the rounding when scaled).
    pub(super) fn width(&self, setting: Setting, measured_at: f32) -> u32 {
        let text = if self.upright(setting) {
            self.cells.max(self.line) // an upright header's line lies across its column
        } else {
            self.cells.max(self.header)
        };
        let scaled = if setting.size == measured_at {
            text.ceil()
        } else {
            (text * setting.size / measured_at).ceil() + 1.0
        };
        scaled as u32 + 2 * setting.pad
    }
}

/// Each column's header and widest cell as `faces` set them.
pub(super) fn measure(sheet: &Sheet, rows: &[&Vec<String>], faces: &Faces) -> Vec<Measure> {
    // Measuring stops past the widest picture, so a megabyte cell costs no more than a
    // short one.
    let limit = MAX_WIDTH as f32;
    let columns = sheet.columns.iter().enumerate();
    columns
        .map(|(index, column)| {
            let cells = rows
                .iter()
                .map(|row| faces.cell.width_up_to(&row[index], limit));
            Measure {
                header: faces.header.width_up_to(&column.header, limit),
                cells: cells.fold(0.0, f32::max),
                line: faces.header.line_span(),
            }
        })
        .collect()
}

/// The loosest setting the table fits in, from its measures at [`TEXT_SIZE`].
pub(super) fn choose_setting(measures: &[Measure]) -> Setting {
    let budget = u64::from(MAX_WIDTH - 2 * MARGIN);
    let fits = |setting: &&Setting| {
        let widths = measures.iter().map(|m| m.width(**setting, TEXT_SIZE));
        widths.map(u64::from).sum::<u64>() <= budget
    };
    let last = SETTINGS[SETTINGS.len() - 1];
    SETTINGS.iter().find(fits).copied().unwrap_or(last)
}

/// Column widths that add up to at most `budget`: unchanged if they already do, else the
/// widest columns are all cut to one common width and the narrow ones keep theirs (cutting
/// a long name hurts less than cutting every number).
pub(super) fn fit_columns(desired: &[u32], budget: u32) -> Vec<u32> {
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
