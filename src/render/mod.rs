//! The one place where results become text, JSON, YAML or CSV. The
//! mathematics never prints; the command line calls these renderers.
//!
//! ```
//! use schofield::puzzle::library;
//! use schofield::render::{Format, render_counts};
//! use schofield::method::analysis::{Analysis, Options};
//! let a = Analysis::new(library::get("eight").unwrap(), &Options::default(), &|_| {}).unwrap();
//! let text = render_counts(&a.move_counts(), Format::Text).unwrap();
//! assert!(text.contains("total     20 160    2 572              1 439"));
//! let json = render_counts(&a.move_counts(), Format::Json).unwrap();
//! assert!(json.starts_with('['));
//! ```

use crate::text::{counted, grouped};
use serde::Serialize;
use std::fmt::Write as _;

/// An output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Aligned text for people.
    Text,
    /// JSON (pretty-printed).
    Json,
    /// JSON lines: one compact JSON value a line (a list gives one line
    /// per element), for batches and streams.
    Jsonl,
    /// YAML.
    Yaml,
    /// CSV with a header line.
    Csv,
}

/// A failure to serialise (which would be a bug, not bad input).
#[derive(Debug, thiserror::Error)]
#[error("cannot write the output: {0}")]
pub struct OutputError(String);

/// Serialises `value` as pretty JSON, JSON lines or YAML (with a final
/// newline).
///
/// ```
/// use schofield::render::{Format, structured};
/// assert_eq!(structured(&[1, 2], Format::Jsonl).unwrap(), "1\n2\n");
/// assert_eq!(structured(&"one", Format::Jsonl).unwrap(), "\"one\"\n");
/// ```
pub fn structured<T: Serialize + ?Sized>(value: &T, format: Format) -> Result<String, OutputError> {
    let fail = |e: serde_json::Error| OutputError(e.to_string());
    match format {
        Format::Json => serde_json::to_string_pretty(value)
            .map(|s| s + "\n")
            .map_err(fail),
        Format::Jsonl => {
            let mut out = String::new();
            let items = match serde_json::to_value(value).map_err(fail)? {
                serde_json::Value::Array(items) => items,
                one => vec![one],
            };
            for item in items {
                out += &serde_json::to_string(&item).map_err(fail)?;
                out.push('\n');
            }
            Ok(out)
        }
        Format::Yaml => serde_yaml::to_string(value).map_err(|e| OutputError(e.to_string())),
        Format::Text | Format::Csv => Err(OutputError(format!(
            "{format:?} is not a structured format"
        ))),
    }
}

/// A list of `items` in a structured format, each serialised on its own so
/// that no tree of the whole list is built: the same text [`structured`]
/// gives the list (which, to split any value into JSON lines, builds one;
/// a class dictionary's took twice the memory of its text).
///
/// ```
/// use schofield::render::{Format, structured, structured_items};
/// let list = vec![vec![1, 2], vec![], vec![3]];
/// for format in [Format::Json, Format::Jsonl, Format::Yaml] {
///     assert_eq!(structured_items(&list, format).unwrap(), structured(&list, format).unwrap());
/// }
/// assert_eq!(structured_items(&list, Format::Jsonl).unwrap(), "[1,2]\n[]\n[3]\n");
/// ```
pub fn structured_items<T: Serialize>(
    items: impl IntoIterator<Item = T>,
    format: Format,
) -> Result<String, OutputError> {
    if format != Format::Jsonl {
        return structured(&Once(std::cell::Cell::new(Some(items.into_iter()))), format);
    }
    let mut out = String::new();
    for item in items {
        out += &serde_json::to_string(&item).map_err(|e| OutputError(e.to_string()))?;
        out.push('\n');
    }
    Ok(out)
}

/// A list serialised from an iterator as it runs, once.
struct Once<I>(std::cell::Cell<Option<I>>);

impl<I: Iterator<Item = T>, T: Serialize> Serialize for Once<I> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0.take() {
            Some(items) => s.collect_seq(items),
            None => Err(serde::ser::Error::custom("a list serialised twice")),
        }
    }
}

/// Serialises flat records as CSV with a header line.
pub fn csv<T: Serialize>(records: impl IntoIterator<Item = T>) -> Result<String, OutputError> {
    let mut w = ::csv::Writer::from_writer(Vec::new());
    for r in records {
        w.serialize(r).map_err(|e| OutputError(e.to_string()))?;
    }
    let bytes = w.into_inner().map_err(|e| OutputError(e.to_string()))?;
    String::from_utf8(bytes).map_err(|e| OutputError(e.to_string()))
}

mod census;
pub mod explore;
mod five;
pub mod generated;
mod graph;
mod layout;
mod lookup;
mod method;
mod optimal;
mod search;
mod steps;
pub mod svg;
mod table;
pub mod words;

pub use census::{case_text, render_cases};
pub use five::{
    render_bound, render_five_classes, render_five_counts, render_five_report, render_trees,
};
pub use graph::{GraphFormat, render_graph, render_trees_dot};
pub use layout::*;
pub use lookup::{render_summary, render_table_solution};
pub use method::*;
pub use optimal::{
    BatchTotals, OptimalReport, render_batch, render_batch_end, render_batch_rows, render_optimal,
};
pub use search::{AstarReport, render_astar, render_compare, render_fifteen};
pub use steps::*;
pub use table::{
    entry_line, render_class, render_classes, render_entries, render_half_page,
    render_half_page_text, render_pages,
};
