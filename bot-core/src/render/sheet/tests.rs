use super::*;

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
    let top = body_top(sheet.subtitle.is_some()) + row * ROW_HEIGHT;
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
        title: "Clubabend 5. Dezember 2026".to_string(),
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
    assert_eq!(height, body_top(false) + footer + MARGIN);

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
    let most = body_top(true) + MAX_ROWS as u32 * ROW_HEIGHT;
    assert_eq!(
        height,
        most + SECTION_GAP + MAX_FOOTER_LINES as u32 * LINE_HEIGHT + MARGIN
    );
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
