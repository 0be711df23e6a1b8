//! The pixels a sheet is drawn on, and the two ways of drawing onto them: straight, and
//! turned a quarter for an upright column header.

use super::{PAPER, Rgb, SheetError};

/// Something glyphs and symbols are drawn onto, pixel by pixel.
pub(super) trait Surface {
    /// Mixes `ink` into the pixel at (`x`, `y`) by `coverage` (0 to 1, anti-aliasing).
    fn blend(&mut self, x: i64, y: i64, ink: Rgb, coverage: f32);

    /// Fills the pixels from (`left`, `top`) up to but not including (`right`, `bottom`).
    fn fill(&mut self, left: i64, top: i64, right: i64, bottom: i64, ink: Rgb) {
        for y in top..bottom {
            for x in left..right {
                self.blend(x, y, ink, 1.0);
            }
        }
    }
}

/// RGB pixels, row by row.
pub(super) struct Canvas {
    pub(super) width: u32,
    pub(super) height: u32,
    pixels: Vec<u8>,
}

impl Canvas {
    pub(super) fn new(width: u32, height: u32) -> Self {
        let pixels = PAPER.repeat(width as usize * height as usize);
        Canvas {
            width,
            height,
            pixels,
        }
    }

    pub(super) fn fill_rect(&mut self, left: u32, top: u32, width: u32, height: u32, color: Rgb) {
        let right = left.saturating_add(width).min(self.width);
        let bottom = top.saturating_add(height).min(self.height);
        for y in top..bottom {
            for x in left..right {
                let i = (y as usize * self.width as usize + x as usize) * 3;
                self.pixels[i..i + 3].copy_from_slice(&color);
            }
        }
    }

    pub(super) fn encode(self) -> Result<Vec<u8>, SheetError> {
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

impl Surface for Canvas {
    /// Pixels off the canvas are ignored, so an overhanging glyph edge cannot panic.
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
}

/// The canvas turned a quarter to the left: a line drawn along x runs up the canvas from
/// `bottom`, and its y is the canvas's x. Whole pixels map to whole pixels, so an upright
/// header is as sharp as a level one.
pub(super) struct Upright<'c> {
    pub(super) canvas: &'c mut Canvas,
    pub(super) bottom: i64,
}

impl Surface for Upright<'_> {
    fn blend(&mut self, x: i64, y: i64, ink: Rgb, coverage: f32) {
        self.canvas.blend(y, self.bottom - x, ink, coverage);
    }
}
