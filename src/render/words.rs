//! A report's keys in its puzzle's own words. Schofield's eight-puzzle
//! (and every puzzle whose vocabulary calls its moves *twists*) keeps his:
//! `starting_twists`, `sequence_number`. Any other puzzle says `moves` and
//! `position_number`: `starting_moves`, `specimen_moves`; a graph's edge
//! names its `move`, and a path its `length` (the moves written, where
//! Schofield counts twists). The dotted field
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
/// assert_eq!(cube.key("twist").as_deref(), Some("move"));
/// assert_eq!(cube.key("twists").as_deref(), Some("length"));
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

    /// The words of an analysed puzzle: laid on a tray where its positions
    /// are drawn as grids.
    pub fn of_analysis(a: &crate::method::analysis::Analysis) -> Words {
        Words::of(a.puzzle().vocabulary(), a.grid(0).is_some())
    }

    /// The head of a column of position numbers: Schofield's `S`, or
    /// `number`.
    pub fn number_head(self) -> &'static str {
        if self.schofield { "S" } else { "number" }
    }

    /// A set of moves in one column: its dotted field where there is a
    /// tray (`....W..Z`), else its names (`U' D'`), `-` for none.
    pub fn moves_column(self, moves: &crate::method::NamedMoves) -> String {
        if self.tray {
            moves.field.clone()
        } else if moves.names.is_empty() {
            "-".to_string()
        } else {
            moves.names.join(" ")
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

    /// The labels of the moves that start and end a minimal solution:
    /// `starting twists`, or `starting moves`.
    pub fn starting_ending(self) -> (&'static str, &'static str) {
        if self.schofield {
            ("starting twists", "ending twists")
        } else {
            ("starting moves", "ending moves")
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
        Some(match (key, key.strip_suffix("_twists")) {
            ("twist", _) => "move".to_string(),
            ("twists", _) => "length".to_string(),
            (_, Some(head)) => format!("{head}_moves"),
            _ => key.replace("sequence_number", "position_number"),
        })
    }

    /// A key these words keep, in them ([`Words::key`]).
    pub fn name(self, key: &'static str) -> std::borrow::Cow<'static, str> {
        match self.key(key) {
            Some(k) if k != key => std::borrow::Cow::Owned(k),
            _ => std::borrow::Cow::Borrowed(key),
        }
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

/// A record serialised with its keys in `words` ([`Words::apply`]), one at
/// a time: a list of them is written item by item
/// ([`super::structured_items`]) without a tree of the whole list.
pub struct Worded<'a, T: serde::Serialize>(pub Words, pub &'a T);

impl<T: serde::Serialize> serde::Serialize for Worded<'_, T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let value = serde_json::to_value(self.1).map_err(serde::ser::Error::custom)?;
        self.0.apply(value).serialize(s)
    }
}
