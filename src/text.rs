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
    let mut out = String::from("\"");
    let count = s.chars().count();
    for c in s.chars().take(QUOTE_LIMIT) {
        if c.is_control() {
            let _ = write!(out, "<U+{:04X}>", u32::from(c));
        } else {
            out.push(c);
        }
    }
    out.push('"');
    if count > QUOTE_LIMIT {
        out.insert(out.len() - 1, '…');
        let _ = write!(out, " ({count} characters)");
    }
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
    if c.is_control() {
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
