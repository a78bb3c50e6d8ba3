//! Renderers for the printed tabulation (Schofield's 168 pages, laid out
//! as [`crate::method::table`] describes) and the class dictionary.

use super::words::{Worded, Words};
use super::{Format, OutputError, csv, structured};
use crate::method::WrittenPath;
use crate::method::table::{
    COLUMNS, ClassRecord, Entry, HALVES_PER_PAGE, HalfPage, LINES, Tabulation,
};
use crate::text::grouped;
use serde::Serialize;
use std::fmt::Write as _;

/// A tabulation record flattened for CSV: twist sets as letter strings.
#[derive(Serialize)]
struct EntryRow<'a> {
    code: &'a str,
    grid: &'a str,
    sequence_number: u64,
    moves: u8,
    starting_twists: &'a str,
    ending_twists: &'a str,
    specimen: &'a str,
    minimal_path_count: Option<u64>,
    class_id: usize,
}

/// Table entries as data (JSON, YAML: objects with twist sets as letter
/// lists; CSV: one line each, twist sets as letter strings such as `WZ`).
pub fn render_entries(entries: &[Entry], format: Format) -> Result<String, OutputError> {
    match format {
        Format::Json | Format::Jsonl | Format::Yaml => structured(entries, format),
        Format::Csv => csv(entries.iter().map(|e| EntryRow {
            code: &e.code,
            grid: &e.grid,
            sequence_number: e.sequence_number,
            moves: e.moves,
            starting_twists: &e.starting_twists.letters,
            ending_twists: &e.ending_twists.letters,
            specimen: &e.specimen.plain,
            minimal_path_count: e.minimal_paths,
            class_id: e.class_id,
        })),
        Format::Text => {
            let mut s = String::new();
            for e in entries {
                let _ = writeln!(s, "{}{}", &e.code[..3], entry_line(e));
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
    sequence_number: u64,
    size: u64,
    moves: u8,
    starting_twists: &'a str,
    ending_twists: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    members: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    specimen: Option<&'a str>,
}

/// The class dictionary, its keys and heads in the puzzle's `words`.
pub fn render_classes(
    records: &[ClassRecord],
    words: Words,
    format: Format,
) -> Result<String, OutputError> {
    match format {
        Format::Json | Format::Jsonl | Format::Yaml => {
            super::structured_items(records.iter().map(|r| Worded(words, r)), format)
        }
        Format::Csv => csv(records.iter().map(|r| ClassRow {
            class_id: r.class_id,
            representative: &r.representative,
            sequence_number: r.sequence_number,
            size: r.size,
            moves: r.moves,
            starting_twists: &r.starting_twists.letters,
            ending_twists: &r.ending_twists.letters,
            members: r.members.as_deref().map(joined_positions),
            specimen: r.specimen.as_ref().map(|p| p.plain.as_str()),
        }))
        .map(|text| words.header(text)),
        Format::Text => {
            // Columns as wide as their widest entry (the eight-puzzle's
            // code numbers, a cube's patterns).
            let width = |f: &dyn Fn(&ClassRecord) -> usize, least: usize| {
                records.iter().map(f).max().unwrap_or(0).max(least)
            };
            let class_w = width(&|r| grouped(r.class_id).chars().count(), 5);
            let rep_w = width(&|r| r.representative.chars().count(), 14);
            let seq_w = width(&|r| grouped(r.sequence_number as usize).chars().count(), 6);
            let size_w = width(&|r| r.size.to_string().len(), 4);
            let column = |m: &crate::method::NamedMoves| words.moves_column(m);
            let start_w = width(&|r| column(&r.starting_twists).chars().count(), 8);
            let end_w = width(&|r| column(&r.ending_twists).chars().count(), 6);
            let mut s = String::new();
            let specimens = records.iter().any(|r| r.specimen.is_some());
            let mut head = format!(
                "{:>class_w$}  {:<rep_w$} {:>seq_w$} {:>size_w$} {:>5}  {:<start_w$}  ending",
                "class",
                "representative",
                words.number_head(),
                "size",
                "moves",
                "starting"
            );
            if specimens {
                head = format!("{head:<width$}  specimen", width = head.len() - 6 + end_w);
            }
            let _ = writeln!(s, "{head}");
            for r in records {
                let mut line = format!(
                    "{:>class_w$}  {:<rep_w$} {:>seq_w$} {:>size_w$} {:>5}  {:<start_w$}  {:<end_w$}",
                    grouped(r.class_id),
                    r.representative,
                    grouped(r.sequence_number as usize),
                    r.size,
                    r.moves,
                    column(&r.starting_twists),
                    column(&r.ending_twists)
                );
                match &r.specimen {
                    Some(p) if p.plain.is_empty() => line.push_str("  -"),
                    Some(p) => {
                        line.push_str("  ");
                        // Run together as the tables print it when the
                        // names are letters (`WXYZADY`), else spaced.
                        if p.plain.contains(' ') {
                            line.push_str(&p.marked);
                        } else {
                            line.push_str(&marked_compact(p));
                        }
                    }
                    None => line.truncate(line.trim_end().len()),
                }
                let _ = writeln!(s, "{line}");
                if let Some(m) = &r.members {
                    let _ = writeln!(s, "       members: {}", joined_positions(m));
                }
            }
            Ok(s)
        }
    }
}

/// Whether positions are named by patterns, which hold spaces (`0 1 2 /
/// 0 0 0`), rather than by code numbers.
fn patterns(names: &[String]) -> bool {
    names.iter().any(|m| m.contains(' '))
}

/// Positions in one field: code numbers separated by spaces (`012365
/// 012635`), patterns by `; `.
fn joined_positions(names: &[String]) -> String {
    if patterns(names) {
        names.join("; ")
    } else {
        names.join(" ")
    }
}

/// The printed entry: `536 ) ....W..Z 20 WX̸Y̸Z̸AD̸Y`.
pub fn entry_line(e: &Entry) -> String {
    format!(
        "{} ) {} {:>2} {}",
        &e.code[3..],
        e.starting_twists.field,
        e.moves,
        marked_compact(&e.specimen)
    )
}

/// One class seen whole ([`crate::method::table::class_record`]): in text,
/// its figures one to a line, then its members and every minimal path of
/// its representative; in CSV one row; in JSON and YAML the record. Keys
/// and labels are in the puzzle's `words`.
pub fn render_class(r: &ClassRecord, words: Words, format: Format) -> Result<String, OutputError> {
    if format != Format::Text {
        return render_classes(std::slice::from_ref(r), words, format);
    }
    let mut s = String::new();
    let mut field = |name: &str, value: String| {
        let _ = writeln!(s, "{name:<17}{value}");
    };
    field("class", grouped(r.class_id));
    field(
        "representative",
        format!(
            "{}   ({}{})",
            r.representative,
            words.number_before(),
            grouped(r.sequence_number as usize)
        ),
    );
    field(
        "size",
        format!(
            "{} {}",
            r.size,
            if r.size == 1 { "member" } else { "members" }
        ),
    );
    field(
        "minimum",
        format!(
            "{} {}",
            r.moves,
            if r.moves == 1 { "move" } else { "moves" }
        ),
    );
    let names = |n: &crate::method::NamedMoves| {
        if n.names.is_empty() {
            "none".to_string()
        } else if !words.fields() || n.field.contains(' ') {
            n.names.join(" ")
        } else {
            format!("{}   (field {})", n.names.join(" "), n.field)
        }
    };
    let (starting, ending) = words.starting_ending();
    field(starting, names(&r.starting_twists));
    field(ending, names(&r.ending_twists));
    if let Some(members) = &r.members {
        // Eight code numbers a line; a pattern (spaced) on a line of its own.
        let per_line = if patterns(members) { 1 } else { 8 };
        for (k, chunk) in members.chunks(per_line).enumerate() {
            field(if k == 0 { "members" } else { "" }, chunk.join(" "));
        }
    }
    if let Some(paths) = &r.minimal_paths {
        field("minimal paths", paths.len().to_string());
        let wide = paths
            .iter()
            .map(|p| p.plain.chars().count())
            .max()
            .unwrap_or(0);
        for p in paths.iter().filter(|p| !p.plain.is_empty()) {
            field("", format!("{:<wide$}   {}", p.plain, p.marked));
        }
    }
    Ok(s)
}

/// The specimen marked as in the tables: letters run together, a twist that
/// completes an elision struck through; `-` for the target's empty path.
fn marked_compact(p: &WrittenPath) -> String {
    if p.plain.is_empty() {
        return "-".to_string();
    }
    p.marked.replace(' ', "")
}

/// The display width of an entry's text (the stroke takes no column).
fn width(s: &str) -> usize {
    s.chars().filter(|&c| c != '\u{338}').count()
}

/// A column wide enough for the longest entry: `DEF ) ` (6), the field (8),
/// the length (2 + 2 spaces) and a specimen of up to 14 twists.
const ENTRY_WIDTH: usize = 6 + 8 + 4 + 14;

/// One half-page as text: its head on a line, then 20 lines of 3 entries
/// read down the columns.
pub fn render_half_page(h: &HalfPage<'_>) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{}", h.head);
    for line in 0..LINES {
        let mut row = String::new();
        for col in 0..COLUMNS {
            if let Some(e) = h.entries.get(col * LINES + line) {
                let text = entry_line(e);
                if col + 1 < COLUMNS {
                    row += &text;
                    row += &" ".repeat(ENTRY_WIDTH + 2 - width(&text));
                } else {
                    row += &text;
                }
            }
        }
        let _ = writeln!(s, "{}", row.trim_end());
    }
    s
}

/// The complete tabulation as text: 168 pages, each opened by a header line
/// and separated by a form feed (which printers obey and pagers show).
pub fn render_pages(t: &Tabulation) -> String {
    let halves: Vec<HalfPage<'_>> = t.half_pages().collect();
    let pages = halves.len().div_ceil(HALVES_PER_PAGE);
    let mut s = String::new();
    for (i, pair) in halves.chunks(HALVES_PER_PAGE).enumerate() {
        if i > 0 {
            s.push('\u{c}');
        }
        let _ = writeln!(
            s,
            "EIGHT-PUZZLE: MINIMUM-MOVE SOLUTIONS, FIG. 1 THE TARGET{:>42}",
            format!("page {} of {pages}", i + 1)
        );
        let _ = writeln!(s);
        for (k, h) in pair.iter().enumerate() {
            if k > 0 {
                let _ = writeln!(s);
            }
            s += &render_half_page(h);
        }
    }
    s
}
