//! Renderers for the printed tabulation and the class dictionary.

use super::{Format, OutputError, csv, structured};
use crate::twist::table::{ClassRecord, Entry, HalfPage, render_half_page};
use serde::Serialize;
use std::fmt::Write as _;

/// A tabulation record flattened for CSV: twist sets as letter strings.
#[derive(Serialize)]
struct EntryRow<'a> {
    code: &'a str,
    grid: &'a str,
    sequence_number: u32,
    moves: u8,
    starting_twists: String,
    ending_twists: String,
    specimen: String,
    minimal_paths: Option<u64>,
    class_id: usize,
}

/// Table entries as data (JSON, YAML: objects with twist sets as letter
/// lists; CSV: one line each, twist sets as letter strings such as `WZ`).
pub fn render_entries(entries: &[Entry], format: Format) -> Result<String, OutputError> {
    match format {
        Format::Json | Format::Yaml => structured(entries, format),
        Format::Csv => csv(entries.iter().map(|e| EntryRow {
            code: &e.code,
            grid: &e.grid,
            sequence_number: e.sequence_number.get(),
            moves: e.moves,
            starting_twists: e.starting_twists.letters(),
            ending_twists: e.ending_twists.letters(),
            specimen: e.specimen.to_string(),
            minimal_paths: e.minimal_paths,
            class_id: e.class_id.index(),
        })),
        Format::Text => {
            let mut s = String::new();
            for e in entries {
                let _ = writeln!(s, "{}{}", &e.code[..3], e.line());
            }
            Ok(s)
        }
    }
}

/// One half-page as text, with the page it belongs to.
pub fn render_half_page_text(h: &HalfPage<'_>) -> String {
    format!(
        "half-page {} of 336, page {} of 168\n\n{}",
        h.index + 1,
        h.page(),
        render_half_page(h)
    )
}

#[derive(Serialize)]
struct ClassRow<'a> {
    class_id: usize,
    representative: &'a str,
    sequence_number: u32,
    size: u8,
    moves: u8,
    starting_twists: String,
    ending_twists: String,
    members: Option<String>,
}

/// The class dictionary.
pub fn render_classes(records: &[ClassRecord], format: Format) -> Result<String, OutputError> {
    match format {
        Format::Json | Format::Yaml => structured(records, format),
        Format::Csv => csv(records.iter().map(|r| ClassRow {
            class_id: r.class_id.index(),
            representative: &r.representative,
            sequence_number: r.sequence_number.get(),
            size: r.size,
            moves: r.moves,
            starting_twists: r.starting_twists.letters(),
            ending_twists: r.ending_twists.letters(),
            members: r.members.as_ref().map(|m| m.join(" ")),
        })),
        Format::Text => {
            let mut s = String::new();
            let _ = writeln!(
                s,
                "{:>5}  {:<14} {:>5} {:>4} {:>5}  {:<8}  ending",
                "class", "representative", "S", "size", "moves", "starting"
            );
            for r in records {
                let _ = writeln!(
                    s,
                    "{:>5}  {:<14} {:>5} {:>4} {:>5}  {}  {}",
                    r.class_id,
                    r.representative,
                    r.sequence_number,
                    r.size,
                    r.moves,
                    r.starting_twists.field(),
                    r.ending_twists.field()
                );
                if let Some(m) = &r.members {
                    let _ = writeln!(s, "       members: {}", m.join(" "));
                }
            }
            Ok(s)
        }
    }
}
