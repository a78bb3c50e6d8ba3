//! Laying text out: lists wrapped at the width a renderer is given, a
//! label's note, grids of cells and boards side by side.

use super::*;

/// The width long lists in text are wrapped at when the output is not a
/// terminal (files and pipes). A renderer that wraps is given the width
/// (the command line passes the terminal's); there is no width held
/// anywhere else.
pub const TEXT_WIDTH: usize = 80;

/// Words (tiles, letters) after a label `indent` columns wide, wrapped so
/// that no line passes `width` columns (at least 20 are left for the
/// words); continuation lines are indented under the first word. `-` for
/// no words.
///
/// ```
/// use schofield::render::wrapped;
/// let words: Vec<String> = (1..=40).map(|t| t.to_string()).collect();
/// let text = wrapped(&words, 11, 80);
/// assert!(text.lines().all(|l| l.chars().count() <= 80 - 11));
/// assert!(text.lines().skip(1).all(|l| l.starts_with(&" ".repeat(11))));
/// assert_eq!(wrapped(&[], 4, 80), "-");
/// ```
pub fn wrapped(words: &[String], indent: usize, width: usize) -> String {
    if words.is_empty() {
        return "-".to_string();
    }
    let room = width.saturating_sub(indent).max(20);
    let mut lines: Vec<String> = vec![String::new()];
    for w in words {
        let line = lines.last_mut().expect("one line at least");
        if !line.is_empty() && line.chars().count() + 1 + w.chars().count() > room {
            lines.push(w.clone());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(w);
        }
    }
    lines.join(&format!("\n{}", " ".repeat(indent)))
}

/// [`wrapped`] with a note after the last word (`   (tiles moved, in
/// order)`), or on a line of its own under the words when it would pass the
/// width.
///
/// ```
/// use schofield::render::wrapped_with_note;
/// let words: Vec<String> = ["1", "2"].map(String::from).to_vec();
/// assert_eq!(wrapped_with_note(&words, 6, "(tiles)", 80), "1 2   (tiles)");
/// ```
pub fn wrapped_with_note(words: &[String], indent: usize, note: &str, width: usize) -> String {
    let text = wrapped(words, indent, width);
    let last = text.rsplit('\n').next().unwrap_or("");
    let last_width = if text.contains('\n') {
        last.chars().count()
    } else {
        indent + last.chars().count()
    };
    if last_width + 3 + note.chars().count() <= width {
        format!("{text}   {note}")
    } else {
        format!("{text}\n{}{note}", " ".repeat(indent))
    }
}

/// The first letter in upper case: `eight-puzzle` → `Eight-puzzle`.
///
/// ```
/// assert_eq!(schofield::render::capitalised("five-puzzle"), "Five-puzzle");
/// ```
pub fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// A grid string's cells, row by row: `025/1_3/746` (one character a cell)
/// or `1 2 3 4/…` (cells separated by spaces); `_` is the blank.
///
/// ```
/// assert_eq!(schofield::render::grid_cells("12/3_"), [["1", "2"], ["3", "_"]]);
/// ```
pub fn grid_cells(grid: &str) -> Vec<Vec<String>> {
    grid.split('/')
        .map(|row| {
            if row.contains(' ') {
                row.split_whitespace().map(String::from).collect()
            } else {
                row.chars().map(String::from).collect()
            }
        })
        .collect()
}

/// The columns a label takes: a combining stroke (U+0338) takes none.
fn columns(s: &str) -> usize {
    s.chars().filter(|&c| c != '\u{338}').count()
}

/// Grid strings drawn as boards side by side, as many to a band as fit in
/// `width` columns, bands separated by a blank line. Above each board after
/// the first, its label (the twist or tile that made it); above the first,
/// `start`.
pub fn boards_side_by_side(grids: &[String], labels: &[String], width: usize) -> String {
    let boards: Vec<Vec<Vec<String>>> = grids.iter().map(|g| grid_cells(g)).collect();
    let cell = boards
        .iter()
        .flatten()
        .flatten()
        .map(|c| c.chars().count())
        .max()
        .unwrap_or(1);
    let draw = |row: &[String]| {
        row.iter()
            .map(|c| format!("{c:>cell$}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let names: Vec<&str> = std::iter::once("start")
        .chain(labels.iter().map(String::as_str))
        .collect();
    let board_width = boards
        .first()
        .and_then(|b| b.first())
        .map_or(1, |r| draw(r).chars().count())
        .max(names.iter().map(|n| columns(n)).max().unwrap_or(0));
    let pad = |s: &str| format!("{s}{}", " ".repeat(board_width.saturating_sub(columns(s))));
    let gap = 3;
    let per_band = ((width + gap) / (board_width + gap)).max(1);
    let mut out = String::new();
    for (k, band) in boards.chunks(per_band).enumerate() {
        if k > 0 {
            out.push('\n');
        }
        let first = k * per_band;
        let heads: Vec<String> = (first..first + band.len())
            .map(|i| pad(names.get(i).copied().unwrap_or("")))
            .collect();
        let _ = writeln!(out, "{}", heads.join(&" ".repeat(gap)).trim_end());
        let rows = band.iter().map(Vec::len).max().unwrap_or(0);
        for r in 0..rows {
            let line: Vec<String> = band
                .iter()
                .map(|b| pad(&b.get(r).map_or(String::new(), |row| draw(row))))
                .collect();
            let _ = writeln!(out, "{}", line.join(&" ".repeat(gap)).trim_end());
        }
    }
    out
}
