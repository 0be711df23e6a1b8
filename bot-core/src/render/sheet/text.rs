//! Text on a sheet: one font at one size, laid out, measured, cut to fit and drawn.

use super::canvas::Surface;
use super::{ELLIPSIS, Rgb, mug};
use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};

/// One font at one pixel size.
pub(super) struct Face<'f> {
    font: &'f FontRef<'static>,
    pub(super) scale: PxScale,
}

/// What stands at a place on a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mark {
    Glyph(GlyphId),
    /// 🍺, which the font lacks, drawn as a mug (see [`mug`]).
    Beer,
}

/// A mark placed on a line, x from the line's start.
pub(super) struct Placed {
    pub(super) byte_end: usize,
    pub(super) mark: Mark,
    pub(super) start: f32,
    pub(super) end: f32,
}

impl<'f> Face<'f> {
    pub(super) fn new(font: &'f FontRef<'static>, size: f32) -> Self {
        let scale = PxScale::from(size);
        Face { font, scale }
    }

    /// What `c` is drawn as; `None` for characters left out: control characters (a stray
    /// newline in a name) and whatever the font lacks, which it would draw as its
    /// missing-glyph box (glyph 0, ".notdef") — a box reads as a fault, a gap does not.
    fn mark(&self, c: char) -> Option<Mark> {
        if c == mug::BEER {
            return Some(Mark::Beer);
        }
        if c.is_control() {
            return None;
        }
        let id = self.font.glyph_id(c);
        (id != GlyphId(0)).then_some(Mark::Glyph(id))
    }

    /// `text`'s marks, kerned, left to right.
    pub(super) fn layout<'t>(&'t self, text: &'t str) -> impl Iterator<Item = Placed> + 't {
        let scaled = self.font.as_scaled(self.scale);
        let mut pen = 0.0f32;
        let mut previous: Option<GlyphId> = None;
        let marks = text
            .char_indices()
            .filter_map(|(byte, c)| Some((byte + c.len_utf8(), self.mark(c)?)));
        marks.map(move |(byte_end, mark)| {
            let advance = match mark {
                Mark::Glyph(id) => {
                    if let Some(previous) = previous {
                        pen += scaled.kern(previous, id);
                    }
                    previous = Some(id);
                    scaled.h_advance(id)
                }
                Mark::Beer => {
                    previous = None; // nothing kerns against a drawn symbol
                    mug::advance(self.scale.y)
                }
            };
            let start = pen;
            pen += advance;
            Placed {
                byte_end,
                mark,
                start,
                end: pen,
            }
        })
    }

    /// `text`'s width in pixels, but counting stops once it passes `limit`.
    pub(super) fn width_up_to(&self, text: &str, limit: f32) -> f32 {
        let mut width = 0.0;
        for placed in self.layout(text) {
            width = placed.end;
            if width > limit {
                break;
            }
        }
        width
    }

    /// `text` if it fits in `room` pixels, else its longest start that fits with "…" after
    /// it; empty if not even "…" fits.
    pub(super) fn fit(&self, text: &str, room: f32) -> String {
        let ellipsis = self.width_up_to(ELLIPSIS, f32::INFINITY);
        let mut cut = 0;
        for placed in self.layout(text) {
            if placed.end > room {
                if ellipsis > room {
                    return String::new();
                }
                return format!("{}{ELLIPSIS}", text[..cut].trim_end());
            }
            if placed.end + ellipsis <= room {
                cut = placed.byte_end;
            }
        }
        text.to_string()
    }

    /// Draws `text` with its pen starting at `x` on the `baseline`.
    pub(super) fn draw(
        &self,
        surface: &mut impl Surface,
        text: &str,
        x: f32,
        baseline: f32,
        ink: Rgb,
    ) {
        for placed in self.layout(text) {
            let id = match placed.mark {
                Mark::Glyph(id) => id,
                Mark::Beer => {
                    mug::draw(surface, x + placed.start, baseline, self.scale.y);
                    continue;
                }
            };
            let glyph = id.with_scale_and_position(self.scale, point(x + placed.start, baseline));
            let Some(outline) = self.font.outline_glyph(glyph) else {
                continue; // a space has no outline
            };
            let bounds = outline.px_bounds();
            let (left, top) = (bounds.min.x as i64, bounds.min.y as i64);
            outline.draw(|gx, gy, coverage| {
                surface.blend(left + i64::from(gx), top + i64::from(gy), ink, coverage);
            });
        }
    }

    /// The font's ascent-to-descent span: the least room a line needs across.
    pub(super) fn line_span(&self) -> f32 {
        let scaled = self.font.as_scaled(self.scale);
        scaled.ascent() - scaled.descent() // descent is negative
    }

    /// Baseline that centres the font's ascent-to-descent span in a box of `height`.
    pub(super) fn baseline(&self, top: u32, height: u32) -> f32 {
        let scaled = self.font.as_scaled(self.scale);
        let span = scaled.ascent() + scaled.descent(); // descent is negative
        (top as f32 + (height as f32 + span) / 2.0).round()
    }
}
