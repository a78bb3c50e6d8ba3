//! A report's keys in its puzzle's own words. Schofield's eight-puzzle
//! (and every puzzle whose vocabulary calls its moves *twists*) keeps his:
//! `starting_twists`, `sequence_number`. Any other puzzle says `moves` and
//! `position_number`: `starting_moves`, `specimen_moves`. The dotted field
//! of the starting moves (`....W..Z`, each move in its square of the
//! tray) is left out where there is no tray to lay it on.

use crate::puzzle::Vocabulary;
use serde_json::Value;

/// Which words a report's keys take.
///
/// ```
/// use schofield::puzzle::library;
/// use schofield::render::words::Words;
/// let cube = Words::of(library::get("2x2x2").unwrap().vocabulary(), false);
/// assert_eq!(cube.key("starting_twists").as_deref(), Some("starting_moves"));
/// assert_eq!(cube.key("sequence_number").as_deref(), Some("position_number"));
/// assert_eq!(cube.key("starting_field"), None);
/// let eight = Words::of(library::get("eight").unwrap().vocabulary(), true);
/// assert_eq!(eight.key("starting_twists").as_deref(), Some("starting_twists"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Words {
    /// Schofield's words: twists, sequence numbers.
    schofield: bool,
    /// A tray to lay the dotted field on.
    tray: bool,
}

impl Words {
    /// The words of a puzzle with vocabulary `v`, laid on a tray or not.
    pub fn of(v: &Vocabulary, tray: bool) -> Words {
        Words {
            schofield: v.moves == "twists",
            tray,
        }
    }

    /// What Schofield calls a position's number, in these words.
    pub fn number(self) -> &'static str {
        if self.schofield {
            "sequence number"
        } else {
            "position number"
        }
    }

    /// Schofield's `S = ` before a representative's number, or `position
    /// number `.
    pub fn number_before(self) -> &'static str {
        if self.schofield {
            "S = "
        } else {
            "position number "
        }
    }

    /// Whether the dotted field of moves is shown (there is a tray).
    pub fn fields(self) -> bool {
        self.tray
    }

    /// `key` in these words; `None` for a key these words leave out.
    pub fn key(self, key: &str) -> Option<String> {
        if !self.tray && matches!(key, "starting_field" | "ending_field") {
            return None;
        }
        if self.schofield {
            return Some(key.to_string());
        }
        Some(match key.strip_suffix("_twists") {
            Some(head) => format!("{head}_moves"),
            None => key.replace("sequence_number", "position_number"),
        })
    }

    /// A serialised report with its keys in these words, at every depth.
    pub fn apply(self, value: Value) -> Value {
        match value {
            Value::Object(map) => Value::Object(
                map.into_iter()
                    .filter_map(|(k, v)| Some((self.key(&k)?, self.apply(v))))
                    .collect(),
            ),
            Value::Array(items) => Value::Array(items.into_iter().map(|v| self.apply(v)).collect()),
            other => other,
        }
    }

    /// A CSV text with its header in these words (its first line; no
    /// header names a field these words leave out).
    pub fn header(self, csv: String) -> String {
        let Some((head, rest)) = csv.split_once('\n') else {
            return csv;
        };
        let head: Vec<String> = head
            .split(',')
            .map(|k| self.key(k).unwrap_or_else(|| k.to_string()))
            .collect();
        format!("{}\n{rest}", head.join(","))
    }
}
