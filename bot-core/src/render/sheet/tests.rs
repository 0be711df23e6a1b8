use super::mug::advance;
use super::setting::SETTINGS;
use super::*;
use ab_glyph::{Font, GlyphId};

/// Decodes a sheet: (width, height, RGB pixels).
fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("a sane size")];
    let info = reader.next_frame(&mut buf).expect("a PNG frame");
    assert_eq!(info.color_type, png::ColorType::Rgb);
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

fn render(sheet: &Sheet) -> (u32, u32, Vec<u8>) {
    decode(&sheet_png(sheet).expect("a sheet"))
}

fn strings(cells: &[&str]) -> Vec<String> {
    cells.iter().map(|c| c.to_string()).collect()
}

fn sheet_with(headers: &[(&str, Align)], rows: &[&[&str]]) -> Sheet {
    Sheet {
        title: "Clubabend".to_string(),
        subtitle: None,
        columns: headers
            .iter()
            .map(|(header, align)| Column {
                header: header.to_string(),
                align: *align,
            })
            .collect(),
        rows: rows.iter().map(|row| strings(row)).collect(),
        footer: Vec::new(),
    }
}

/// The pixels of data row `row` (0-based) that differ from the paper and the stripe.
fn inked_pixels_in_row(sheet: &Sheet, row: u32) -> usize {
    let (width, _, pixels) = render(sheet);
    let top = body_top(sheet.subtitle.is_some(), ROW_HEIGHT) + row * ROW_HEIGHT;
    (top..top + ROW_HEIGHT)
        .flat_map(|y| (0..width).map(move |x| (y * width + x) as usize * 3))
        .filter(|i| {
            let pixel = [pixels[*i], pixels[i + 1], pixels[i + 2]];
            pixel != PAPER && pixel != STRIPE
        })
        .count()
}

fn club_evening() -> Sheet {
    let column = |header: &str, align| Column {
        header: header.to_string(),
        align,
    };
    let rows: [[&str; 6]; 6] = [
        ["Anna", "12", "2", "1", "1", "1,50 €"],
        ["Jörg", "12", "4", "2", "0", "6,00 €"],
        ["Ben 🍺", "11", "3", "1", "0", "4,50 €"],
        ["Grüße-Käthe", "12", "5", "3", "0", "9,00 €"],
        ["Maß „Max“ Weiß", "10", "1", "0", "1", "−1,50 €"],
        ["Süße · Sophie", "12", "6", "2", "0", "12,00 €"],
    ];
    Sheet {
        title: "🍺 Clubabend 5. Dezember 2026".to_string(),
        subtitle: Some("Gasthaus Zur Linde · 6 Spieler · 69 Spiele".to_string()),
        columns: vec![
            column("Spieler", Align::Left),
            column("Spiele", Align::Right),
            column("Verloren", Align::Right),
            column("Hälften", Align::Right),
            column("Schock aus", Align::Right),
            column("Strafen €", Align::Right),
        ],
        rows: rows.iter().map(|row| strings(row)).collect(),
        footer: strings(&["Bester Wurf: Schock aus (Anna)", "Kasse: 31,50 € offen"]),
    }
}

#[test]
fn more_rows_make_a_taller_picture_of_the_same_width() {
    let short = sheet_with(&[("Spieler", Align::Left)], &[&["Anna"]]);
    let long = sheet_with(
        &[("Spieler", Align::Left)],
        &[&["Anna"], &["Jörg"], &["Ben"]],
    );
    let (short_width, short_height, _) = render(&short);
    let (long_width, long_height, _) = render(&long);
    assert_eq!(short_width, long_width);
    assert_eq!(long_height, short_height + 2 * ROW_HEIGHT);
}

#[test]
fn a_long_cell_widens_the_picture_but_never_past_the_cap() {
    let columns = [("Spieler", Align::Left), ("Strafen", Align::Right)];
    let narrow = sheet_with(&columns, &[&["Anna", "1,50 €"]]);
    let name = "Anna Maria Magdalena von und zu Hohenzollern-Sigmaringen";
    let wide = sheet_with(&columns, &[&[name, "1,50 €"]]);
    let huge_name = "Ä".repeat(100_000);
    let huge = sheet_with(&columns, &[&[&huge_name, "1,50 €"]]);
    let (narrow_width, _, _) = render(&narrow);
    let (wide_width, _, _) = render(&wide);
    let (huge_width, _, _) = render(&huge);
    assert!(wide_width > narrow_width, "{wide_width} vs {narrow_width}");
    assert!(wide_width < MAX_WIDTH);
    assert_eq!(huge_width, MAX_WIDTH);
}

#[test]
fn a_cut_cell_ends_in_an_ellipsis_and_fits() {
    let regular = FontRef::try_from_slice(REGULAR_TTF).expect("the font");
    let face = Face::new(&regular, TEXT_SIZE);
    let cut = face.fit(&"Schock aus ".repeat(50), 200.0);
    assert!(cut.ends_with(ELLIPSIS), "{cut}");
    assert!(face.width_up_to(&cut, f32::INFINITY) <= 200.0);
    assert_eq!(face.fit("Anna", 200.0), "Anna");
    assert_eq!(face.fit("Anna", 1.0), "");
}

#[test]
fn the_widest_columns_give_way_first() {
    assert_eq!(fit_columns(&[100, 200], 400), vec![100, 200]);
    assert_eq!(fit_columns(&[100, 900, 700], 1000), vec![100, 450, 450]);
    assert!(fit_columns(&[5000; 40], 1152).iter().sum::<u32>() <= 1152);
}

#[test]
fn the_same_sheet_gives_the_same_bytes() {
    let first = sheet_png(&club_evening()).expect("a sheet");
    let second = sheet_png(&club_evening()).expect("a sheet");
    assert_eq!(first, second);
}

#[test]
fn umlauts_and_the_euro_sign_are_drawn_in_their_cell() {
    let columns = [("Spieler", Align::Left)];
    let written = sheet_with(&columns, &[&["ÄÖÜß €"]]);
    let blank = sheet_with(&columns, &[&[""]]);
    assert!(inked_pixels_in_row(&written, 0) > 50);
    assert_eq!(inked_pixels_in_row(&blank, 0), 0);
}

#[test]
fn the_font_has_every_character_the_club_uses() {
    for font in [REGULAR_TTF, BOLD_TTF] {
        let font = FontRef::try_from_slice(font).expect("the font");
        for c in "ÄÖÜäöüß„“‚‘€−·…0123456789,".chars() {
            assert_ne!(font.glyph_id(c), GlyphId(0), "{c} is missing");
        }
    }
}

#[test]
fn an_emoji_or_a_control_character_does_not_panic() {
    let columns = [("Spieler", Align::Left), ("Strafen", Align::Right)];
    let sheet = sheet_with(
        &columns,
        &[&["Ben 🍺", "🍺🍺"], &["Zeile\nneu\t", "\u{200d}"]],
    );
    let (_, _, _) = render(&sheet);
    assert!(inked_pixels_in_row(&sheet, 0) > 0);
}

#[test]
fn a_row_with_the_wrong_number_of_cells_is_refused() {
    let columns = [("Spieler", Align::Left), ("Strafen", Align::Right)];
    let sheet = sheet_with(&columns, &[&["Anna", "1,50 €"], &["Jörg"]]);
    let error = sheet_png(&sheet).expect_err("a short row");
    assert!(matches!(
        error,
        SheetError::RowLength {
            row: 1,
            expected: 2,
            found: 1
        }
    ));
}

#[test]
fn an_empty_sheet_still_draws_title_header_and_footer() {
    let mut sheet = sheet_with(&[("Spieler", Align::Left)], &[]);
    sheet.footer = strings(&["Kasse: 0,00 € offen"]);
    let (width, height, _) = render(&sheet);
    assert!(width >= MIN_WIDTH);
    let footer = SECTION_GAP + LINE_HEIGHT;
    assert_eq!(height, body_top(false, ROW_HEIGHT) + footer + MARGIN);

    let nothing = Sheet {
        title: String::new(),
        subtitle: None,
        columns: Vec::new(),
        rows: vec![Vec::new()],
        footer: Vec::new(),
    };
    let (width, _, _) = render(&nothing);
    assert_eq!(width, MIN_WIDTH);
}

#[test]
fn huge_input_is_cut_to_a_bounded_picture() {
    let columns: Vec<Column> = (0..500)
        .map(|i| Column {
            header: format!("Spalte {i}"),
            align: Align::Right,
        })
        .collect();
    let row: Vec<String> = (0..500).map(|i| format!("{i},00 €")).collect();
    let sheet = Sheet {
        title: "Ä".repeat(10_000),
        subtitle: Some("ß".repeat(10_000)),
        columns,
        rows: vec![row; 1_000],
        footer: vec!["Kasse".to_string(); 1_000],
    };
    let (width, height, _) = render(&sheet);
    assert_eq!(width, MAX_WIDTH);
    // Set as tight as it goes: its headers stand upright at the smallest size.
    let bold = FontRef::try_from_slice(BOLD_TTF).expect("the font");
    let header = Face::new(&bold, MIN_TEXT_SIZE);
    let longest = (0..500)
        .map(|i| header.width_up_to(&format!("Spalte {i}"), f32::INFINITY))
        .fold(0.0, f32::max);
    let header_height = longest.ceil() as u32 + 2 * TIGHT_PAD;
    let most = body_top(true, header_height) + MAX_ROWS as u32 * ROW_HEIGHT;
    assert_eq!(
        height,
        most + SECTION_GAP + MAX_FOOTER_LINES as u32 * LINE_HEIGHT + MARGIN
    );
}

/// Whether `pixel` is the mug's beer: golden, not ink, paper or foam.
fn amber(pixel: &[u8]) -> bool {
    let [r, g, b] = [pixel[0], pixel[1], pixel[2]];
    r > 200 && (130..200).contains(&g) && b < 90
}

/// Whether `pixel` is dark like the ink (the font's missing-glyph box would be).
fn inky(pixel: &[u8]) -> bool {
    pixel.iter().all(|channel| *channel < 110)
}

/// The title line's pixels from the left margin, `width` wide, row by row.
fn title_pixels(sheet: &Sheet, width: u32) -> Vec<[u8; 3]> {
    let (picture_width, _, pixels) = render(sheet);
    let mut out = Vec::new();
    for y in MARGIN..MARGIN + TITLE_HEIGHT {
        for x in MARGIN..MARGIN + width {
            let i = (y * picture_width + x) as usize * 3;
            out.push([pixels[i], pixels[i + 1], pixels[i + 2]]);
        }
    }
    out
}

#[test]
fn the_beer_in_a_title_is_drawn_as_a_mug_not_a_box() {
    let mut sheet = sheet_with(&[("Spieler", Align::Left)], &[&["Anna"]]);
    sheet.title = "🍺 Clubabend 05.12.2026, 19:30–23:10 Uhr".to_string();
    let mug = advance(TITLE_SIZE) as u32;
    let start = title_pixels(&sheet, mug);
    assert!(
        start.iter().filter(|p| amber(*p)).count() > 40,
        "the mug's beer"
    );
    assert!(start.contains(&[255, 255, 255]), "its foam");
    assert!(!start.iter().any(|p| inky(p)), "no box, no letter");

    // The text goes on after the mug: the letters are there, right of it.
    let whole = title_pixels(&sheet, 200);
    assert!(whole.iter().filter(|p| inky(*p)).count() > 100);

    sheet.title = "🍺".to_string();
    let alone = title_pixels(&sheet, MIN_WIDTH - 2 * MARGIN);
    assert!(alone.iter().any(|p| amber(p)));
    assert!(!alone.iter().any(|p| inky(p)), "no .notdef box anywhere");
}

#[test]
fn characters_the_font_lacks_are_left_out_not_boxed() {
    let regular = FontRef::try_from_slice(REGULAR_TTF).expect("the font");
    let missing = "漢字🍕🎲\u{e000}";
    for c in missing.chars() {
        assert_eq!(
            regular.glyph_id(c),
            GlyphId(0),
            "{c} is in the font after all"
        );
    }
    let face = Face::new(&regular, TEXT_SIZE);
    assert_eq!(face.width_up_to(missing, f32::INFINITY), 0.0);
    assert_eq!(face.fit(missing, 100.0), missing, "nothing to cut");
    let columns = [("Spieler", Align::Left)];
    let sheet = sheet_with(&columns, &[&[missing]]);
    assert_eq!(inked_pixels_in_row(&sheet, 0), 0);
    let mut title = sheet_with(&columns, &[]);
    title.title = missing.to_string();
    let pixels = title_pixels(&title, MIN_WIDTH - 2 * MARGIN);
    assert!(pixels.iter().all(|p| *p == PAPER), "nothing drawn at all");
}

#[test]
fn the_mug_takes_room_in_the_line_like_a_letter() {
    let regular = FontRef::try_from_slice(REGULAR_TTF).expect("the font");
    let face = Face::new(&regular, TEXT_SIZE);
    let width = |text: &str| face.width_up_to(text, f32::INFINITY);
    assert_eq!(width("🍺"), advance(TEXT_SIZE));
    assert!(width("🍺") > width("a") && width("🍺") < 2.0 * width("M"));
    assert_eq!(width("🍺 Anna"), width("🍺") + width(" Anna"));
    assert_eq!(width("🍺🍺"), 2.0 * width("🍺"));
    // "Ben 🍺🍺🍺" cut to fit keeps whole mugs and ends in "…".
    let room = width("Ben 🍺") + width(ELLIPSIS);
    assert_eq!(face.fit("Ben 🍺🍺🍺", room), "Ben 🍺…");
    let columns = [("Spieler", Align::Left)];
    let name = format!("Anna {}", "🍺".repeat(30));
    let column = width(&name).ceil() as u32 + 2 * CELL_PAD;
    assert!(column > MIN_WIDTH);
    let sheet = sheet_with(&columns, &[&[&name]]);
    assert_eq!(
        render(&sheet).0,
        column + 2 * MARGIN,
        "the column holds every mug"
    );
}

/// A table of counts under long words, as a club evening with every penalty has.
fn wide_sheet(columns: usize) -> Sheet {
    let headers: Vec<(String, Align)> = (0..columns)
        .map(|i| (format!("Bierrunden {i}"), Align::Right))
        .collect();
    let headers: Vec<(&str, Align)> = headers.iter().map(|(h, a)| (h.as_str(), *a)).collect();
    let mut all = vec![("Spieler", Align::Left)];
    all.extend(headers);
    let row: Vec<String> = std::iter::once("Hans-Joachim Weber".to_string())
        .chain((0..columns).map(|i| i.to_string()))
        .collect();
    let row: Vec<&str> = row.iter().map(String::as_str).collect();
    sheet_with(&all, &[&row, &row])
}

#[test]
fn a_wide_table_stands_its_narrow_headers_upright_before_it_cuts() {
    let regular = FontRef::try_from_slice(REGULAR_TTF).expect("the font");
    let bold = FontRef::try_from_slice(BOLD_TTF).expect("the font");
    let faces = Faces::new(&bold, &regular, TEXT_SIZE);
    let setting = |sheet: &Sheet| {
        let rows: Vec<&Vec<String>> = sheet.rows.iter().collect();
        choose_setting(&measure(sheet, &rows, &faces))
    };
    assert_eq!(
        setting(&wide_sheet(3)),
        SETTINGS[0],
        "level headers while they fit"
    );
    let wide = wide_sheet(14);
    assert_eq!(setting(&wide), SETTINGS[1]);
    let rows: Vec<&Vec<String>> = wide.rows.iter().collect();
    let layout = Layout::new(&wide, &rows, &[], &faces, SETTINGS[1]);
    assert_eq!(layout.upright.iter().filter(|u| **u).count(), 14);
    assert!(!layout.upright[0], "names are wider than their header");
    let desired: Vec<u32> = measure(&wide, &rows, &faces)
        .iter()
        .map(|m| m.width(SETTINGS[1], TEXT_SIZE))
        .collect();
    assert_eq!(layout.widths, desired, "nothing cut");
    assert!(layout.header_height > ROW_HEIGHT + 40);

    // The upright headers are drawn: ink in the header row over the numbers' columns.
    let (width, _, pixels) = render(&wide);
    let (top, bottom) = (body_top(false, 0), body_top(false, layout.header_height));
    let name_column = MARGIN + layout.widths[0];
    let inked = (top..bottom)
        .flat_map(|y| (name_column..width - MARGIN).map(move |x| (y * width + x) as usize * 3))
        .filter(|i| inky(&pixels[*i..*i + 3]))
        .count();
    assert!(inked > 14 * 100, "{inked}");
    assert_eq!(setting(&wide_sheet(40)), SETTINGS[SETTINGS.len() - 1]);
}

/// Writes the club-evening sample to the path in `SHEET_PNG_OUT`, to look at by eye.
#[test]
fn writes_a_sample_when_asked() {
    let Some(path) = std::env::var_os("SHEET_PNG_OUT") else {
        return;
    };
    let bytes = sheet_png(&club_evening()).expect("a sheet");
    std::fs::write(path, bytes).expect("the sample written");
}
