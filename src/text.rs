//! The ground floor: how messages and text name the user's input and the
//! numbers they report. Every layer may use it; it uses nothing of the
//! crate.
//!
//! ```
//! use schofield::text::{counted, grouped, quoted};
//! assert_eq!(grouped(20160), "20 160");
//! assert_eq!(counted(1, "class", "classes"), "1 class");
//! assert_eq!(quoted("A\u{7}"), "\"A<U+0007>\"");
//! ```

use std::fmt::Write as _;

/// A number with a space between groups of three digits, as Schofield
/// printed them: `20 160`.
pub fn grouped(n: usize) -> String {
    grouped_digits(&n.to_string())
}

/// Decimal digits of any length (a group's order may pass 2^64) grouped
/// as [`grouped`] groups them: `43 252 003 274 489 856 000`.
pub fn grouped_digits(digits: &str) -> String {
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

/// A count and its noun, grouped and in the right number: `1 vertex`,
/// `12 733 200 positions`.
///
/// ```
/// use schofield::text::counted;
/// assert_eq!(counted(1, "vertex", "vertices"), "1 vertex");
/// assert_eq!(counted(20160, "position", "positions"), "20 160 positions");
/// ```
pub fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{} {}", grouped(n), if n == 1 { one } else { many })
}

/// The most characters of a user's input that a message repeats.
pub const QUOTE_LIMIT: usize = 40;

/// A user's input as an error message repeats it: in double quotes, with
/// control characters named by their code point (`<U+007F>`), so a message
/// stays on one readable line, and cut after [`QUOTE_LIMIT`] characters
/// with `…` and the full length.
///
/// ```
/// use schofield::text::quoted;
/// assert_eq!(quoted("12x"), "\"12x\"");
/// assert_eq!(quoted("a\u{7f}"), "\"a<U+007F>\"");
/// assert_eq!(quoted(&"a".repeat(100)), format!("\"{}…\" (100 characters)", "a".repeat(40)));
/// ```
pub fn quoted(s: &str) -> String {
    quote(s, QUOTE_LIMIT)
}

/// A file's path as a message names it: [`quoted`], but never cut, since
/// the reader must be able to find the file.
///
/// ```
/// use schofield::text::quoted_path;
/// let long = format!("/tmp/{}/t.lut", "d".repeat(60));
/// assert_eq!(quoted_path(&long), format!("\"{long}\""));
/// assert_eq!(quoted_path("a\nb"), "\"a<U+000A>b\"");
/// ```
pub fn quoted_path(path: &str) -> String {
    quote(path, usize::MAX)
}

/// True for a character a message names by its code point rather than
/// print: a control character, or one that changes the direction of the
/// text around it (bidirectional marks, embeddings, overrides and
/// isolates), which would make a message read otherwise than it is.
///
/// ```
/// use schofield::text::is_hidden;
/// assert!(is_hidden('\u{7}') && is_hidden('\u{202e}') && is_hidden('\u{2066}'));
/// assert!(!is_hidden('é') && !is_hidden('_'));
/// ```
pub fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `s` in double quotes with its control characters named, cut after
/// `limit` characters.
fn quote(s: &str, limit: usize) -> String {
    let mut out = String::from("\"");
    let count = s.chars().count();
    for c in s.chars().take(limit) {
        if is_hidden(c) {
            let _ = write!(out, "<U+{:04X}>", u32::from(c));
        } else {
            out.push(c);
        }
    }
    out.push('"');
    if count > limit {
        out.insert(out.len() - 1, '…');
        let _ = write!(out, " ({count} characters)");
    }
    out
}

/// The most characters of one word (a run without spaces) that
/// [`one_line`] keeps.
pub const WORD_LIMIT: usize = 300;

/// The most characters of a quoted value inside a message that
/// [`one_line`] keeps whole (a value clap or a parser echoes).
pub const ECHO_LIMIT: usize = 60;

/// The most characters of a whole message that [`one_line`] prints.
pub const MESSAGE_LIMIT: usize = 300;

/// A message as it is printed: on one line, its control characters named
/// by their code point (`<U+000A>`); any word (a run of characters
/// without a space) longer than [`WORD_LIMIT`], and any quoted value
/// longer than [`ECHO_LIMIT`], cut after its first [`QUOTE_LIMIT`]
/// characters with `…` and its length; and a whole longer than
/// [`MESSAGE_LIMIT`] cut in the middle, so that its start (what is
/// wrong) and its end (what to do) stay. The last guard before a message
/// is printed, for input that reached it unquoted (a path, a parser's own
/// words, a list of names).
///
/// ```
/// use schofield::text::one_line;
/// assert_eq!(one_line("cannot write a\x07b/c: no folder"), "cannot write a<U+0007>b/c: no folder");
/// assert_eq!(one_line("two\nlines"), "two<U+000A>lines");
/// let long = format!("invalid value '{}' for --moves", "9".repeat(100_000));
/// assert_eq!(
///     one_line(&long),
///     format!("invalid value '{}…' (100002 characters) for --moves", "9".repeat(39))
/// );
/// // A value with spaces, as clap echoes it, is cut the same way.
/// let spaced = format!("invalid value '{}' for '--generators'", "1 ".repeat(500));
/// assert_eq!(
///     one_line(&spaced),
///     format!("invalid value '{}1…' (1002 characters) for '--generators'", "1 ".repeat(19))
/// );
/// // Nothing is longer than MESSAGE_LIMIT characters.
/// let many = format!("the moves are {}; use one of them", "U R F ".repeat(100));
/// let cut = one_line(&many);
/// assert!(cut.chars().count() <= 300 && cut.ends_with("; use one of them"), "{cut}");
/// ```
pub fn one_line(message: &str) -> String {
    let message = echoes_cut(message);
    let mut out = String::with_capacity(message.len().min(4 * WORD_LIMIT));
    for (k, word) in message.split(' ').enumerate() {
        if k > 0 {
            out.push(' ');
        }
        let count = word.chars().count();
        let kept = if count > WORD_LIMIT {
            QUOTE_LIMIT
        } else {
            count
        };
        for c in word.chars().take(kept) {
            if is_hidden(c) {
                let _ = write!(out, "<U+{:04X}>", u32::from(c));
            } else {
                out.push(c);
            }
        }
        if count > WORD_LIMIT {
            out.push('…');
            // A quoted word keeps its closing quote.
            if let Some(q) = word.chars().last().filter(|q| matches!(q, '\'' | '"')) {
                out.push(q);
            }
            let _ = write!(out, " ({count} characters)");
        }
    }
    let chars: Vec<char> = out.chars().collect();
    let total = chars.len();
    if total > MESSAGE_LIMIT {
        // The end keeps a hint whole (what to run instead).
        const TAIL: usize = 120;
        let note_len = format!(" … ({total} characters cut) … ").chars().count();
        let head_len = MESSAGE_LIMIT - TAIL - note_len;
        let head: String = chars[..head_len].iter().collect();
        let tail: String = chars[total - TAIL..].iter().collect();
        let cut = total - head_len - TAIL;
        return format!("{head} … ({cut} characters cut) … {tail}");
    }
    out
}

/// Cuts every quoted value longer than [`ECHO_LIMIT`]: a quote at the
/// start of a word, to the same quote at the end of one, becomes its first
/// [`QUOTE_LIMIT`] characters, `…`, the quote and its length in
/// characters (quotes included).
fn echoes_cut(message: &str) -> String {
    let chars: Vec<char> = message.chars().collect();
    let mut out = String::with_capacity(message.len().min(4 * WORD_LIMIT));
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let opens = matches!(c, '\'' | '"') && (i == 0 || chars[i - 1] == ' ');
        if opens {
            // The closing quote: the same character at a word's end.
            let close = (i + 1..chars.len()).find(|&j| {
                chars[j] == c
                    && chars
                        .get(j + 1)
                        .is_none_or(|n| matches!(n, ' ' | ',' | ';' | ':' | ')' | '.'))
            });
            if let Some(j) = close
                && j - i - 1 > ECHO_LIMIT
            {
                out.push(c);
                out.extend(&chars[i + 1..i + 1 + QUOTE_LIMIT - 1]);
                out.push('…');
                out.push(c);
                let _ = write!(out, " ({} characters)", j - i + 1);
                i = j + 1;
                continue;
            }
        }
        out.push(c);
        i += 1;
    }
    out
}

/// A parser's message (serde's) as ours are written: Rust's escapes in
/// its quoted input (`\u{1b}`, `\0`, `\n`) become the code points our
/// messages name (`<U+001B>`), so that no message carries a Rust escape.
///
/// ```
/// use schofield::text::without_escapes;
/// assert_eq!(
///     without_escapes(r#"invalid type: string "\u{1b}[2J\0x\t""#),
///     r#"invalid type: string "<U+001B>[2J<U+0000>x<U+0009>""#
/// );
/// ```
pub fn without_escapes(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(at) = rest.find('\\') {
        out.push_str(&rest[..at]);
        let tail = &rest[at + 1..];
        let named = |c: u32| format!("<U+{c:04X}>");
        let (text, used) = match tail.chars().next() {
            Some('0') => (named(0), 1),
            Some('t') => (named(9), 1),
            Some('n') => (named(10), 1),
            Some('r') => (named(13), 1),
            Some('\\') => ("\\".to_string(), 1),
            Some('"') => ("\"".to_string(), 1),
            Some('\'') => ("'".to_string(), 1),
            Some('u') if tail[1..].starts_with('{') => match tail.find('}') {
                Some(end) => match u32::from_str_radix(&tail[2..end], 16) {
                    Ok(c) => (named(c), end + 1),
                    Err(_) => ("\\".to_string(), 0),
                },
                None => ("\\".to_string(), 0),
            },
            _ => ("\\".to_string(), 0),
        };
        out.push_str(&text);
        rest = &tail[used..];
    }
    out.push_str(rest);
    out
}

/// One character of a user's input as a message names it: `'x'`, or its
/// code point (`U+007F`) when it is a control character.
///
/// ```
/// use schofield::text::quoted_char;
/// assert_eq!(quoted_char('x'), "'x'");
/// assert_eq!(quoted_char('\u{7f}'), "U+007F");
/// ```
pub fn quoted_char(c: char) -> String {
    if is_hidden(c) {
        format!("U+{:04X}", u32::from(c))
    } else {
        format!("'{c}'")
    }
}

/// The output in ASCII, for terminals and files that are not UTF-8: a twist
/// struck through (a letter and U+0338) becomes the letter in lower case,
/// as in the marked ASCII form of a path; `·` `−` `⁻¹` `…` `×` `→` `↦` `–`
/// become `*` `-` `^-1` `...` `x` `->` `|->` `-`, and so on for every sign
/// the tool writes (`≤`, `σ`, `π` …); anything else outside ASCII becomes
/// `?`.
///
/// ```
/// use schofield::text::to_ascii;
/// assert_eq!(to_ascii("W X\u{338} Y\u{338}"), "W x y");
/// assert_eq!(to_ascii("4·7 − 2·4 … A⁻¹"), "4*7 - 2*4 ... A^-1");
/// assert_eq!(to_ascii("i ↦ 4 − i"), "i |-> 4 - i");
/// ```
pub fn to_ascii(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if chars.peek() == Some(&'\u{338}') {
            chars.next();
            out.extend(c.to_lowercase());
            continue;
        }
        match c {
            c if c.is_ascii() => out.push(c),
            '·' => out.push('*'),
            '−' | '–' | '—' => out.push('-'),
            '⁻' => out.push_str("^-"),
            '¹' => out.push('1'),
            '…' => out.push_str("..."),
            '×' => out.push('x'),
            '→' => out.push_str("->"),
            '↦' => out.push_str("|->"),
            '↔' => out.push_str("<->"),
            '≤' => out.push_str("<="),
            '≥' => out.push_str(">="),
            '±' => out.push_str("+-"),
            '∘' => out.push('o'),
            '²' => out.push_str("^2"),
            '₀' => out.push('0'),
            '₁' => out.push('1'),
            'φ' => out.push_str("phi"),
            'σ' => out.push_str("sigma"),
            'π' => out.push_str("pi"),
            'λ' => out.push_str("lambda"),
            'Σ' => out.push_str("Sum"),
            '\u{338}' => {}
            _ => out.push('?'),
        }
    }
    out
}

/// Why a grid could not be read: its rows and their lengths. What a cell
/// may hold is for the reader of the cells to say (a board's tile numbers,
/// a puzzle's piece digits).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GridError {
    /// The wrong number of rows.
    #[error("the grid has {}; expected {expected} rows separated by '/' or new lines", counted(*.found, "row", "rows"))]
    RowCount {
        /// Rows found.
        found: usize,
        /// Rows expected.
        expected: usize,
    },
    /// A row of the wrong length.
    #[error("row {row} of the grid has {}; expected {expected}", counted(*.found, "cell", "cells"))]
    RowLength {
        /// The row, from 1.
        row: usize,
        /// Cells found.
        found: usize,
        /// Cells expected.
        expected: usize,
    },
}

/// The rows of a grid as written: separated by `/` or new lines, each
/// trimmed. A text with neither is one row.
pub fn grid_rows(text: &str) -> Vec<&str> {
    text.trim().split(['/', '\n']).map(str::trim).collect()
}

/// The cells of one row (or of a reading-order list): separated by spaces,
/// commas or tabs when it has any, otherwise one character each (`123`).
///
/// ```
/// use schofield::text::split_cells;
/// assert_eq!(split_cells("1_3"), ["1", "_", "3"]);
/// assert_eq!(split_cells("10, 11 _"), ["10", "11", "_"]);
/// ```
pub fn split_cells(row: &str) -> Vec<String> {
    if row.contains([' ', ',', '\t']) {
        row.split([' ', ',', '\t'])
            .filter(|t| !t.is_empty())
            .map(String::from)
            .collect()
    } else {
        row.chars().map(String::from).collect()
    }
}

/// The cells of a grid in reading order, its rows ([`grid_rows`]) of the
/// lengths `shape` gives and their cells as [`split_cells`] reads them:
/// the one grid reader of boards and puzzles.
///
/// ```
/// use schofield::text::{grid_cells, GridError};
/// assert_eq!(grid_cells("12/3_", &[2, 2]).unwrap(), ["1", "2", "3", "_"]);
/// assert_eq!(
///     grid_cells("12/3", &[2, 2]).unwrap_err().to_string(),
///     "row 2 of the grid has 1 cell; expected 2"
/// );
/// assert_eq!(
///     grid_cells("12", &[2, 2]),
///     Err(GridError::RowCount { found: 1, expected: 2 })
/// );
/// ```
pub fn grid_cells(text: &str, shape: &[usize]) -> Result<Vec<String>, GridError> {
    let rows = grid_rows(text);
    if rows.len() != shape.len() {
        return Err(GridError::RowCount {
            found: rows.len(),
            expected: shape.len(),
        });
    }
    let mut all = Vec::new();
    for (r, (row, &expected)) in rows.iter().zip(shape).enumerate() {
        let cells = split_cells(row);
        if cells.len() != expected {
            return Err(GridError::RowLength {
                row: r + 1,
                found: cells.len(),
                expected,
            });
        }
        all.extend(cells);
    }
    Ok(all)
}

/// A list separated by commas, split at the commas outside brackets: the
/// algs `[R, U],F` are `[R, U]` and `F`, a commutator's own comma staying
/// with it. Each item is trimmed; empty ones are kept, for the reader to
/// refuse by name.
///
/// ```
/// use schofield::text::split_list;
/// assert_eq!(split_list("[R, U],F, U2"), ["[R, U]", "F", "U2"]);
/// assert_eq!(split_list("[R: [U, F]],D"), ["[R: [U, F]]", "D"]);
/// ```
pub fn split_list(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    for (i, c) in s.char_indices() {
        match c {
            '[' | '(' => depth += 1,
            ']' | ')' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                out.push(s[start..i].trim().to_string());
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(s[start..].trim().to_string());
    out
}
