//! The text of a PDF read back in Rust, for the tests of what the program
//! prints: no system tool needed. lopdf (already under printpdf) parses the
//! file, decompresses the pages and maps the embedded font's glyphs back to
//! Unicode through the font's ToUnicode map; this module only puts the
//! pieces where a reader sees them.
//!
//! The result is laid out like `pdftotext -layout`'s in what the tests rely
//! on: pages in the document's order, each followed by a form feed; on a
//! page, lines from the top down by their baselines, whatever order the
//! content stream drew them in; on a line, the pieces of text (each a table
//! cell, a wrapped line of a paragraph, a running head or a page number)
//! from left to right, separated by a tab, so a phrase is found only where
//! it was printed in one piece.
//!
//! It refuses what it cannot place or read rather than guess: a rotated or
//! scaled text matrix, a `cm` that moves the page, text before a font is
//! set, a glyph its font's ToUnicode map does not cover (lopdf reads it as
//! U+FFFD). The reports draw one string per text object, so `TJ`'s spacing
//! numbers, which they never write, are not read as spaces.

use lopdf::content::Operation;
use lopdf::{Document, Encoding, Object};
use std::collections::BTreeMap;

/// One piece of text: what a single positioning put on the page.
struct Piece {
    x: f32,
    y: f32,
    text: String,
}

/// Baselines closer than this (points) are one line.
const SAME_LINE: f32 = 0.5;

/// The text of `pdf`, page by page, each page ending in a form feed.
pub fn pdf_text(pdf: &[u8]) -> String {
    let doc = Document::load_mem(pdf).expect("a PDF lopdf can parse");
    let pages = doc.get_pages();
    assert!(!pages.is_empty(), "a PDF with no pages");
    let mut out = String::new();
    for (number, page) in pages {
        let fonts = doc
            .get_page_fonts(page)
            .unwrap_or_else(|e| panic!("page {number}'s fonts: {e}"));
        let encodings: BTreeMap<Vec<u8>, Encoding> = fonts
            .into_iter()
            .map(|(name, font)| {
                let encoding = font
                    .get_font_encoding(&doc)
                    .unwrap_or_else(|e| panic!("page {number}'s font encoding: {e}"));
                (name, encoding)
            })
            .collect();
        let content = doc
            .get_and_decode_page_content(page)
            .unwrap_or_else(|e| panic!("page {number}'s content: {e}"));
        let pieces = pieces(&content.operations, &encodings, number);
        out.push_str(&lines(pieces));
        out.push('\u{c}');
    }
    out
}

fn number(op: &Operation, i: usize) -> f32 {
    op.operands
        .get(i)
        .and_then(|o| o.as_float().ok())
        .unwrap_or_else(|| panic!("{} without number operand {i}", op.operator))
}

/// Every piece of text on a page, where it starts.
fn pieces(ops: &[Operation], encodings: &BTreeMap<Vec<u8>, Encoding>, page: u32) -> Vec<Piece> {
    let mut pieces: Vec<Piece> = Vec::new();
    // The start of the current line (Tlm's translation) and the leading.
    let (mut line_x, mut line_y, mut leading) = (0.0f32, 0.0f32, 0.0f32);
    let mut font: Option<&Encoding> = None;
    // Whether the next shown text starts a new piece (after a move).
    let mut moved = true;
    for op in ops {
        match op.operator.as_str() {
            "BT" => {
                (line_x, line_y) = (0.0, 0.0);
                moved = true;
            }
            "Tf" => {
                let name = op.operands[0].as_name().expect("Tf's font name");
                font = Some(
                    encodings
                        .get(name)
                        .unwrap_or_else(|| panic!("page {page} uses an unknown font")),
                );
            }
            "Td" | "TD" => {
                line_x += number(op, 0);
                line_y += number(op, 1);
                if op.operator == "TD" {
                    leading = -number(op, 1);
                }
                moved = true;
            }
            "TL" => leading = number(op, 0),
            "T*" => {
                line_y -= leading;
                moved = true;
            }
            "Tm" => {
                let m: Vec<f32> = (0..6).map(|i| number(op, i)).collect();
                assert!(
                    m[..4] == [1.0, 0.0, 0.0, 1.0],
                    "page {page}: a scaled or rotated text matrix {m:?}"
                );
                (line_x, line_y) = (m[4], m[5]);
                moved = true;
            }
            "cm" => {
                let m: Vec<f32> = (0..6).map(|i| number(op, i)).collect();
                assert!(
                    m == [1.0, 0.0, 0.0, 1.0, 0.0, 0.0],
                    "page {page}: a transformed page {m:?}"
                );
            }
            "Tj" | "TJ" | "'" | "\"" => {
                if op.operator == "'" || op.operator == "\"" {
                    line_y -= leading;
                    moved = true;
                }
                let encoding = font.unwrap_or_else(|| panic!("page {page}: text before a font"));
                let mut text = String::new();
                shown(&op.operands, encoding, &mut text);
                assert!(
                    !text.contains('\u{fffd}'),
                    "page {page}: a glyph with no Unicode mapping in {text:?}"
                );
                match pieces.last_mut() {
                    Some(last) if !moved => last.text.push_str(&text),
                    _ => pieces.push(Piece {
                        x: line_x,
                        y: line_y,
                        text,
                    }),
                }
                moved = false;
            }
            _ => {}
        }
    }
    pieces
}

/// The strings of a show-text operator, decoded.
fn shown(operands: &[Object], encoding: &Encoding, text: &mut String) {
    for operand in operands {
        match operand {
            Object::String(bytes, _) => encoding
                .write_to_string(bytes, text)
                .expect("text the font's encoding decodes"),
            Object::Array(items) => shown(items, encoding, text),
            _ => {}
        }
    }
}

/// Pieces as lines: top down, each left to right.
fn lines(mut pieces: Vec<Piece>) -> String {
    pieces.sort_by(|a, b| b.y.total_cmp(&a.y).then(a.x.total_cmp(&b.x)));
    let mut out = String::new();
    let mut line: Vec<Piece> = Vec::new();
    let flush = |line: &mut Vec<Piece>, out: &mut String| {
        if line.is_empty() {
            return;
        }
        line.sort_by(|a, b| a.x.total_cmp(&b.x));
        let texts: Vec<&str> = line.iter().map(|p| p.text.as_str()).collect();
        out.push_str(&texts.join("\t"));
        out.push('\n');
        line.clear();
    };
    for piece in pieces {
        if line
            .first()
            .is_some_and(|l| (l.y - piece.y).abs() > SAME_LINE)
        {
            flush(&mut line, &mut out);
        }
        line.push(piece);
    }
    flush(&mut line, &mut out);
    out
}

/// DejaVu Sans, the face the reports embed.
const FONT: &[u8] = include_bytes!("../reports/fonts/DejaVuSans.ttf");

/// A PDF made with printpdf as the reports are: on each page, each
/// (x, baseline, text) drawn in the order given, in the embedded font.
fn pdf(pages: &[&[(f32, f32, &str)]]) -> Vec<u8> {
    use printpdf::{
        Mm, Op, ParsedFont, PdfDocument, PdfFontHandle, PdfPage, PdfSaveOptions, Point, Pt,
        TextItem,
    };
    let mut doc = PdfDocument::new("pdf_text");
    let font = ParsedFont::from_bytes(FONT, 0, &mut Vec::new()).unwrap();
    let font = doc.add_font(&font);
    let pages = pages
        .iter()
        .map(|texts| {
            let ops = texts
                .iter()
                .flat_map(|&(x, y, text)| {
                    [
                        Op::StartTextSection,
                        Op::SetFont {
                            font: PdfFontHandle::External(font.clone()),
                            size: Pt(10.0),
                        },
                        Op::SetTextCursor {
                            pos: Point { x: Pt(x), y: Pt(y) },
                        },
                        Op::ShowText {
                            items: vec![TextItem::Text(text.to_owned())],
                        },
                        Op::EndTextSection,
                    ]
                })
                .collect();
            PdfPage::new(Mm(215.9), Mm(279.4), ops)
        })
        .collect();
    doc.with_pages(pages)
        .save(&PdfSaveOptions::default(), &mut Vec::new())
}

#[test]
fn pages_lines_and_pieces_come_in_reading_order_whatever_the_drawing_order() {
    let first: &[(f32, f32, &str)] = &[
        (400.0, 30.0, "Page 1 of 2"),
        (300.0, 700.0, "right cell"),
        (50.0, 700.0, "left cell"),
        (50.0, 30.0, "footer"),
        (50.0, 750.0, "Title"),
        (50.0, 688.0, "next line"),
    ];
    let second: &[(f32, f32, &str)] = &[(50.0, 750.0, "Page two"), (400.0, 30.0, "Page 2 of 2")];
    assert_eq!(
        pdf_text(&pdf(&[first, second])),
        "Title\nleft cell\tright cell\nnext line\nfooter\tPage 1 of 2\n\u{c}\
         Page two\nPage 2 of 2\n\u{c}"
    );
}

#[test]
fn the_reports_non_ascii_reads_back_as_printed() {
    let printed = "20 × 25 = 500; 1,000 (closer − opener); 33.33% (win ÷ drop); \
                   10,100 → 10,000 units; reason: —; Zoë’s café";
    assert_eq!(
        pdf_text(&pdf(&[&[(50.0, 700.0, printed)]])),
        format!("{printed}\n\u{c}")
    );
}

#[test]
#[should_panic(expected = "a PDF lopdf can parse")]
fn what_is_not_a_pdf_is_refused() {
    pdf_text(b"%PDF-1.7 not really");
}

#[test]
#[should_panic(expected = "a glyph with no Unicode mapping")]
fn a_glyph_the_fonts_map_does_not_cover_is_refused() {
    let mut doc = Document::load_mem(&pdf(&[&[(50.0, 700.0, "20 × 25")]])).unwrap();
    // The × line of the ToUnicode map moved to a code no text uses.
    let mut edited = 0;
    for object in doc.objects.values_mut() {
        let Object::Stream(stream) = object else {
            continue;
        };
        let Ok(plain) = stream.get_plain_content() else {
            continue;
        };
        let map = String::from_utf8_lossy(&plain);
        if !map.contains("beginbfchar") || !map.contains("<00D7>") {
            continue;
        }
        let map: Vec<String> = map
            .lines()
            .map(|line| match line.trim().ends_with("<00D7>") {
                true => "<FFFF> <00D7>".to_owned(),
                false => line.to_owned(),
            })
            .collect();
        stream.set_plain_content(map.join("\n").into_bytes());
        edited += 1;
    }
    assert_eq!(edited, 1, "one ToUnicode map maps ×");
    let mut edited_pdf = Vec::new();
    doc.save_to(&mut edited_pdf).unwrap();
    pdf_text(&edited_pdf);
}
