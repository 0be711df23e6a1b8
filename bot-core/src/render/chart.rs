//! The die-fairness chart as a PNG: six bars, the expected count as a dashed line, die faces
//! as pips under the bars. Drawn pixel by pixel with a built-in digit font, so it needs no
//! system fonts and gives the same bytes on every machine.

/// Image size in pixels.
const W: u32 = 640;
const H: u32 = 360;
/// The plot spans these columns; the right margin holds the expected count's label.
const PLOT_LEFT: i64 = 20;
const PLOT_RIGHT: i64 = 560;
/// The highest row a value can reach and the axis row (bars stand on it).
const PLOT_TOP: i64 = 30;
const BASELINE: i64 = 280;
/// Room above the tallest value (bar or line), so its label still fits.
const HEADROOM: f64 = 1.1;
const SLOT: i64 = (PLOT_RIGHT - PLOT_LEFT) / 6;
const BAR_WIDTH: i64 = 56;
const DIE_SIZE: i64 = 40;
const DIE_TOP: i64 = BASELINE + 14;
const DASH_ON: i64 = 8;
const DASH_OFF: i64 = 5;

type Rgb = [u8; 3];
const WHITE: Rgb = [255, 255, 255];
const AMBER: Rgb = [232, 163, 23];
const DARK_RED: Rgb = [139, 0, 0];
const AXIS: Rgb = [60, 60, 60];
const INK: Rgb = [30, 30, 30];

/// Digits 0–9 in 3×5 pixels, one row a byte, the leftmost pixel the highest of three bits.
const DIGITS: [[u8; 5]; 10] = [
    [0b111, 0b101, 0b101, 0b101, 0b111],
    [0b010, 0b110, 0b010, 0b010, 0b111],
    [0b111, 0b001, 0b111, 0b100, 0b111],
    [0b111, 0b001, 0b111, 0b001, 0b111],
    [0b101, 0b101, 0b111, 0b001, 0b001],
    [0b111, 0b100, 0b111, 0b001, 0b111],
    [0b111, 0b100, 0b111, 0b101, 0b111],
    [0b111, 0b001, 0b010, 0b010, 0b010],
    [0b111, 0b101, 0b111, 0b101, 0b111],
    [0b111, 0b101, 0b111, 0b001, 0b111],
];
/// "≈" in 5×5 pixels: marks the line's label as the expected (not a counted) value.
const APPROX: [u8; 5] = [0b01101, 0b10010, 0b00000, 0b01101, 0b10010];

/// The six faces' counts as a bar chart with the expected count as a dashed line, as PNG.
///
/// A non-finite or negative `expected` counts as 0. Returns an empty Vec only if the PNG
/// encoder fails, which writing into memory does not.
pub fn fairness_chart(counts: &[u64; 6], expected: f64) -> Vec<u8> {
    let expected = if expected.is_finite() && expected > 0.0 {
        expected
    } else {
        0.0
    };
    let max = counts.iter().copied().max().unwrap_or(0) as f64;
    let top = (max.max(expected) * HEADROOM).max(1.0);
    let mut canvas = Canvas::new();
    let tops: Vec<i64> = counts
        .iter()
        .map(|c| BASELINE - bar_height(*c, top))
        .collect();
    for (i, bar_top) in tops.iter().enumerate() {
        let (left, right) = (
            slot_centre(i) - BAR_WIDTH / 2,
            slot_centre(i) + BAR_WIDTH / 2,
        );
        canvas.fill_rect(left, *bar_top, right, BASELINE, AMBER);
        canvas.die(slot_centre(i) - DIE_SIZE / 2, DIE_TOP, i + 1);
    }
    canvas.fill_rect(PLOT_LEFT - 10, BASELINE, PLOT_RIGHT + 4, BASELINE + 2, AXIS);
    let line_y = value_row(expected, top);
    canvas.dashed_line(line_y, DARK_RED);
    canvas.expected_label(expected, line_y);
    // Counts go on last, on white, so the line (usually near the bar tops) never hides them.
    let scale = label_scale(counts);
    for (i, (count, bar_top)) in counts.iter().zip(&tops).enumerate() {
        let label = digits(*count);
        let width = text_width(label.len(), scale);
        let (x, y) = (slot_centre(i) - width / 2, bar_top - 4 - 5 * scale);
        canvas.fill_rect(x - 3, y - 2, x + width + 3, y + 5 * scale + 2, WHITE);
        canvas.text(&label, x, y, scale, INK);
    }
    encode(&canvas.px)
}

/// The centre column of face `i`'s (0-based) bar.
fn slot_centre(i: usize) -> i64 {
    PLOT_LEFT + SLOT * i as i64 + SLOT / 2
}

/// Pixels a value rises above the baseline when `top` reaches the plot's top row.
fn rise(value: f64, top: f64) -> i64 {
    let px = (value / top * (BASELINE - PLOT_TOP) as f64).round();
    (px as i64).clamp(0, BASELINE - PLOT_TOP)
}

/// A bar's height: zero for zero, at least one pixel for any other count so it shows.
fn bar_height(count: u64, top: f64) -> i64 {
    if count == 0 {
        0
    } else {
        rise(count as f64, top).max(1)
    }
}

/// The row of the dashed line's upper pixel for `value`.
fn value_row(value: f64, top: f64) -> i64 {
    BASELINE - rise(value, top)
}

/// The decimal digits of `n`, most significant first.
fn digits(n: u64) -> Vec<u8> {
    n.to_string().bytes().map(|b| b - b'0').collect()
}

/// Width of `len` digits at `scale` (one blank column between glyphs).
fn text_width(len: usize, scale: i64) -> i64 {
    len as i64 * 4 * scale - scale
}

/// The largest glyph scale (3, 2 or 1) at which every count fits over its bar's slot.
fn label_scale(counts: &[u64; 6]) -> i64 {
    let len = counts.iter().map(|c| digits(*c).len()).max().unwrap_or(1);
    [3, 2]
        .into_iter()
        .find(|s| text_width(len, *s) <= SLOT - 6)
        .unwrap_or(1)
}

/// An RGB image of the chart's size; every drawing call clips to it.
struct Canvas {
    px: Vec<u8>,
}

impl Canvas {
    fn new() -> Canvas {
        Canvas {
            px: WHITE.repeat((W * H) as usize),
        }
    }

    fn set(&mut self, x: i64, y: i64, c: Rgb) {
        if (0..i64::from(W)).contains(&x) && (0..i64::from(H)).contains(&y) {
            let i = (y as usize * W as usize + x as usize) * 3;
            self.px[i..i + 3].copy_from_slice(&c);
        }
    }

    /// Fills columns `x0..x1` and rows `y0..y1` (ends exclusive).
    fn fill_rect(&mut self, x0: i64, y0: i64, x1: i64, y1: i64, c: Rgb) {
        for y in y0.max(0)..y1.min(i64::from(H)) {
            for x in x0.max(0)..x1.min(i64::from(W)) {
                self.set(x, y, c);
            }
        }
    }

    /// One glyph of `width` columns (rows as bit masks) with its top left at (x, y).
    fn glyph(&mut self, rows: &[u8; 5], width: i64, x: i64, y: i64, scale: i64, c: Rgb) {
        for (r, bits) in rows.iter().enumerate() {
            for col in 0..width {
                if (bits >> (width - 1 - col)) & 1 == 1 {
                    let (gx, gy) = (x + col * scale, y + r as i64 * scale);
                    self.fill_rect(gx, gy, gx + scale, gy + scale, c);
                }
            }
        }
    }

    /// Digits left to right from (x, y), their top row at y.
    fn text(&mut self, digits: &[u8], x: i64, y: i64, scale: i64, c: Rgb) {
        for (k, d) in digits.iter().enumerate() {
            let rows = &DIGITS[usize::from(*d).min(9)];
            self.glyph(rows, 3, x + k as i64 * 4 * scale, y, scale, c);
        }
    }

    /// A two-pixel dashed line across the plot, drawn over the bars so it shows through them.
    fn dashed_line(&mut self, y: i64, c: Rgb) {
        let mut x = PLOT_LEFT;
        while x < PLOT_RIGHT {
            self.fill_rect(x, y, (x + DASH_ON).min(PLOT_RIGHT), y + 2, c);
            x += DASH_ON + DASH_OFF;
        }
    }

    /// "≈" and the rounded expected count right of the line's end, centred on it.
    fn expected_label(&mut self, expected: f64, line_y: i64) {
        let label = digits(expected.round() as u64);
        let room = i64::from(W) - PLOT_RIGHT - 8;
        let width = |s: i64| 7 * s + text_width(label.len(), s);
        let scale = [3, 2, 1]
            .into_iter()
            .find(|s| width(*s) <= room)
            .unwrap_or(1);
        let (x, y) = (PLOT_RIGHT + 6, line_y + 1 - 5 * scale / 2);
        self.glyph(&APPROX, 5, x, y, scale, DARK_RED);
        self.text(&label, x + 7 * scale, y, scale, DARK_RED);
    }

    /// A die showing `face` pips in a rounded square outline with its top left at (x, y).
    fn die(&mut self, x: i64, y: i64, face: usize) {
        self.rounded_rect(x, y, DIE_SIZE, 6, INK);
        self.rounded_rect(x + 2, y + 2, DIE_SIZE - 4, 4, WHITE);
        let step = DIE_SIZE / 4;
        for &(col, row) in pips(face) {
            let (cx, cy) = (x + step * (col + 1), y + step * (row + 1));
            self.disc(cx, cy, 3, INK);
        }
    }

    /// Fills a `size`-pixel square with corners rounded to `radius`.
    fn rounded_rect(&mut self, x: i64, y: i64, size: i64, radius: i64, c: Rgb) {
        for dy in 0..size {
            for dx in 0..size {
                let cx = dx.clamp(radius, size - 1 - radius);
                let cy = dy.clamp(radius, size - 1 - radius);
                if (dx - cx).pow(2) + (dy - cy).pow(2) <= radius * radius {
                    self.set(x + dx, y + dy, c);
                }
            }
        }
    }

    /// Fills a disc of `radius` around (cx, cy).
    fn disc(&mut self, cx: i64, cy: i64, radius: i64, c: Rgb) {
        for dy in -radius..=radius {
            for dx in -radius..=radius {
                if dx * dx + dy * dy <= radius * radius + 1 {
                    self.set(cx + dx, cy + dy, c);
                }
            }
        }
    }
}

/// The pips of a face as (column, row) on a 3×3 grid, in the usual die layout.
fn pips(face: usize) -> &'static [(i64, i64)] {
    match face {
        1 => &[(1, 1)],
        2 => &[(0, 0), (2, 2)],
        3 => &[(0, 0), (1, 1), (2, 2)],
        4 => &[(0, 0), (2, 0), (0, 2), (2, 2)],
        5 => &[(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        _ => &[(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
    }
}

/// 8-bit RGB PNG of the canvas pixels; empty if the encoder fails (it cannot for a Vec sink
/// and pixels of exactly W×H×3 bytes, but a chart is not worth a panic).
fn encode(px: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, W, H);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let written = encoder.write_header().and_then(|mut writer| {
        writer.write_image_data(px)?;
        writer.finish()
    });
    match written {
        Ok(()) => out,
        Err(_) => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Decodes a chart: (width, height, RGB pixels).
    fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
        let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        let mut reader = decoder.read_info().expect("a PNG header");
        let mut buf = vec![0; reader.output_buffer_size().expect("a sane size")];
        let info = reader.next_frame(&mut buf).expect("a PNG frame");
        assert_eq!(info.color_type, png::ColorType::Rgb);
        buf.truncate(info.buffer_size());
        (info.width, info.height, buf)
    }

    fn pixel(px: &[u8], x: i64, y: i64) -> Rgb {
        let i = (y as usize * W as usize + x as usize) * 3;
        [px[i], px[i + 1], px[i + 2]]
    }

    /// Height of the bar in column x: from its highest amber pixel down to the baseline.
    fn amber_height(px: &[u8], x: i64) -> i64 {
        (0..BASELINE)
            .find(|y| pixel(px, x, *y) == AMBER)
            .map_or(0, |y| BASELINE - y)
    }

    #[test]
    fn is_a_png_of_the_chart_size() {
        let (w, h, px) = decode(&fairness_chart(&[10, 20, 30, 40, 50, 60], 35.0));
        assert_eq!((w, h), (W, H));
        assert_eq!(px.len(), (W * H * 3) as usize);
        assert_eq!(pixel(&px, 0, 0), WHITE);
    }

    #[test]
    fn larger_counts_stand_taller() {
        let counts = [5, 120, 60, 0, 119, 3000];
        let (_, _, px) = decode(&fairness_chart(&counts, 2000.0));
        let heights: Vec<i64> = (0..6).map(|i| amber_height(&px, slot_centre(i))).collect();
        assert!(heights[1] > heights[2] && heights[2] > heights[0] && heights[0] > 0);
        assert!(heights[5] > heights[1] && heights[1] >= heights[4]);
        assert_eq!(heights[3], 0, "a zero count has no bar");
        assert_eq!(heights[5], rise(3000.0, 3000.0 * HEADROOM));
    }

    #[test]
    fn dashed_line_lies_at_the_expected_row() {
        let (_, _, px) = decode(&fairness_chart(&[100; 6], 50.0));
        let reds = |y: i64| {
            (PLOT_LEFT..PLOT_RIGHT)
                .filter(|x| pixel(&px, *x, y) == DARK_RED)
                .count() as i64
        };
        let half = (PLOT_RIGHT - PLOT_LEFT) / 2;
        let row = (PLOT_TOP..BASELINE)
            .find(|y| reds(*y) > half)
            .expect("a line");
        // 50 of a 110 top (100 plus headroom) over a 250-pixel plot: 113.6 pixels up.
        let plot = (BASELINE - PLOT_TOP) as f64;
        let want = BASELINE as f64 - (50.0 / (100.0 * HEADROOM) * plot).round();
        assert_eq!(row, want as i64);
        let on = reds(row);
        assert_eq!(reds(row + 1), on, "two pixels thick");
        assert!(on < PLOT_RIGHT - PLOT_LEFT, "the line is dashed");
        assert_eq!(amber_height(&px, slot_centre(0)), rise(100.0, 110.0));
    }

    #[test]
    fn odd_inputs_still_give_a_png() {
        let cases: [([u64; 6], f64); 6] = [
            ([0; 6], 0.0),
            ([0; 6], f64::NAN),
            ([1, 2, 3, 4, 5, 6], f64::INFINITY),
            ([7; 6], f64::NEG_INFINITY),
            ([u64::MAX / 2; 6], u64::MAX as f64),
            ([u64::MAX, 0, 1, u64::MAX / 2, 123_456, 9], -5.0),
        ];
        for (counts, expected) in cases {
            let (w, h, _) = decode(&fairness_chart(&counts, expected));
            assert_eq!((w, h), (W, H));
        }
    }

    #[test]
    fn all_zero_counts_draw_no_bars() {
        let (_, _, px) = decode(&fairness_chart(&[0; 6], f64::NAN));
        assert!((0..6).all(|i| amber_height(&px, slot_centre(i)) == 0));
    }

    #[test]
    fn same_input_same_bytes() {
        let counts = [1650, 1702, 1688, 1590, 1731, 1639];
        assert_eq!(
            fairness_chart(&counts, 1666.67),
            fairness_chart(&counts, 1666.67)
        );
    }

    #[test]
    fn labels_fit_their_slots() {
        assert_eq!(label_scale(&[123_456; 6]), 3);
        assert_eq!(label_scale(&[u64::MAX; 6]), 1);
        assert!(text_width(digits(u64::MAX).len(), 1) <= SLOT);
        assert_eq!(digits(0), vec![0]);
    }

    /// Writes the sample chart to the path in `CHART_SAMPLE_PNG`, for a person to look at.
    #[test]
    fn writes_sample_when_asked() {
        let Ok(path) = std::env::var("CHART_SAMPLE_PNG") else {
            return;
        };
        let png = fairness_chart(&[1650, 1702, 1688, 1590, 1731, 1639], 1666.67);
        std::fs::write(path, png).expect("sample written");
    }
}
