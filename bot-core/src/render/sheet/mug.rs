//! 🍺 as a small beer mug drawn with rectangles and discs. The embedded fonts have no emoji,
//! and the club's texts start with this one ("🍺 Clubabend …"), so the sheet draws it
//! itself rather than leave a gap.

use super::Rgb;
use super::canvas::Surface;

/// The character drawn as a mug.
pub(super) const BEER: char = '🍺';

const BEER_INK: Rgb = [242, 172, 28];
const BEER_SHINE: Rgb = [252, 214, 112];
const GLASS_EDGE: Rgb = [156, 98, 24];
const FOAM: Rgb = [255, 255, 255];

/// The mug's advance at font size `size` (pixels per em): about a wide letter's.
pub(super) fn advance(size: f32) -> f32 {
    (size * 0.92).round()
}

/// Draws the mug with its pen at `x` on `baseline`, as tall as the font's capitals and a
/// little more, like an emoji beside text.
pub(super) fn draw(surface: &mut impl Surface, x: f32, baseline: f32, size: f32) {
    // Whole pixels throughout: at text sizes, blurred edges would make a smudge.
    let unit = |f: f32| (size * f).round() as i64;
    let (x, baseline) = (x.round() as i64, baseline.round() as i64);
    let edge = unit(0.06).max(1);
    let left = x + unit(0.08);
    let right = left + unit(0.54);
    let top = baseline - unit(0.62);
    let bottom = baseline + unit(0.06);

    // Handle: three bars on the glass's right, drawn first so the glass covers their ends.
    let (handle_top, handle_bottom) = (top + unit(0.12), bottom - unit(0.16));
    let handle_right = right + unit(0.22);
    let bar = unit(0.09).max(2);
    surface.fill(
        right - edge,
        handle_top,
        handle_right,
        handle_top + bar,
        GLASS_EDGE,
    );
    surface.fill(
        handle_right - bar,
        handle_top,
        handle_right,
        handle_bottom,
        GLASS_EDGE,
    );
    surface.fill(
        right - edge,
        handle_bottom - bar,
        handle_right,
        handle_bottom,
        GLASS_EDGE,
    );

    // Glass: an edge, the beer, and a lighter streak of shine.
    surface.fill(left, top, right, bottom, GLASS_EDGE);
    surface.fill(left + edge, top, right - edge, bottom - edge, BEER_INK);
    let shine = left + edge + unit(0.08);
    surface.fill(
        shine,
        top + unit(0.12),
        shine + unit(0.07).max(1),
        bottom - unit(0.12),
        BEER_SHINE,
    );

    draw_foam(surface, left, right, top, edge, size);
}

/// The head of foam: a band over the glass's rim with three round puffs on top, each
/// outlined so the white stands out on the white paper.
fn draw_foam(surface: &mut impl Surface, left: i64, right: i64, top: i64, edge: i64, size: f32) {
    let overhang = (size * 0.04).round() as i64;
    let (band_left, band_right) = (left - overhang, right + overhang);
    let band_bottom = top + (size * 0.14).round() as i64;
    let radius = size * 0.13;
    let width = (band_right - band_left) as f32;
    let puffs = [0.22, 0.52, 0.8].map(|at| (band_left as f32 + width * at, top as f32));
    for (cx, cy) in puffs {
        disc(surface, cx, cy, radius + edge as f32, GLASS_EDGE);
    }
    surface.fill(
        band_left - edge,
        top - edge,
        band_right + edge,
        band_bottom + edge,
        GLASS_EDGE,
    );
    for (cx, cy) in puffs {
        disc(surface, cx, cy, radius, FOAM);
    }
    surface.fill(band_left, top, band_right, band_bottom, FOAM);
}

/// A filled disc around (`cx`, `cy`), its rim anti-aliased by the pixel centre's distance.
fn disc(surface: &mut impl Surface, cx: f32, cy: f32, radius: f32, ink: Rgb) {
    let (low_x, high_x) = ((cx - radius).floor() as i64, (cx + radius).ceil() as i64);
    let (low_y, high_y) = ((cy - radius).floor() as i64, (cy + radius).ceil() as i64);
    for y in low_y..=high_y {
        for x in low_x..=high_x {
            let (dx, dy) = (x as f32 + 0.5 - cx, y as f32 + 0.5 - cy);
            let coverage = radius + 0.5 - (dx * dx + dy * dy).sqrt();
            if coverage > 0.0 {
                surface.blend(x, y, ink, coverage.min(1.0));
            }
        }
    }
}
