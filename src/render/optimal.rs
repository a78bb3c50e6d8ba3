//! Renderers for optimal solving.

use super::{Format, OutputError, csv, structured};
use crate::search::ida::IdaSolution;
use crate::text::{counted, grouped};
use serde::Serialize;
use std::fmt::Write as _;

/// One solved instance.
#[derive(Debug, Clone, Serialize)]
pub struct OptimalReport {
    /// Its number in a batch (from 1), or 1.
    pub instance: usize,
    /// The start, as a grid string.
    pub start: String,
    /// The goal.
    pub goal: String,
    /// The heuristic: a partition name or `manhattan`.
    pub heuristic: String,
    /// The solution and the work.
    #[serde(flatten)]
    pub solution: IdaSolution,
}

/// One instance in full.
/// Text wraps at `width` columns.
pub fn render_optimal(
    r: &OptimalReport,
    format: Format,
    width: usize,
) -> Result<String, OutputError> {
    match format {
        Format::Json | Format::Jsonl | Format::Yaml => structured(r, format),
        Format::Csv => render_batch(std::slice::from_ref(r), 0.0, format),
        Format::Text => {
            let s = &r.solution;
            let mut t = String::new();
            let _ = writeln!(t, "start      {}", r.start);
            let _ = writeln!(t, "goal       {}", r.goal);
            super::solution_lines(
                &mut t,
                &r.heuristic,
                s.initial_estimate,
                &s.path.tiles,
                &s.path.moves,
                width,
            );
            let _ = writeln!(
                t,
                "generated  {}",
                counted(s.generated as usize, "position", "positions")
            );
            let _ = writeln!(t, "time       {:.4} s of search", s.seconds);
            Ok(t)
        }
    }
}

/// An instance as a CSV row: the JSON's fields, flattened (the tiles and
/// the blank's letters each in one column).
#[derive(Serialize)]
struct Row<'a> {
    instance: usize,
    start: &'a str,
    goal: &'a str,
    heuristic: &'a str,
    moves: u32,
    blank_moves: String,
    tile_moves: String,
    initial_estimate: u32,
    generated: u64,
    seconds: f64,
}

/// What a batch adds up to: its instances, their moves, the positions
/// they generated and their seconds of search.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct BatchTotals {
    /// The instances solved.
    pub instances: usize,
    /// Their optimal lengths, summed.
    pub moves: u64,
    /// The positions generated, summed.
    pub generated: u64,
    /// The seconds of search, summed.
    pub seconds: f64,
}

impl BatchTotals {
    /// The totals with `r` added.
    pub fn add(&mut self, r: &OptimalReport) {
        self.instances += 1;
        self.moves += u64::from(r.solution.path.length);
        self.generated += r.solution.generated;
        self.seconds += r.solution.seconds;
    }

    /// The totals of `runs`.
    pub fn of(runs: &[OptimalReport]) -> BatchTotals {
        let mut t = BatchTotals::default();
        runs.iter().for_each(|r| t.add(r));
        t
    }

    /// The mean length.
    fn mean(&self) -> f64 {
        self.moves as f64 / self.instances.max(1) as f64
    }
}

/// A batch: a line per instance, then totals (JSON and YAML: one
/// document with the instances and the totals), as [`render_batch_rows`]
/// and [`render_batch_end`] write it in parts.
pub fn render_batch(
    runs: &[OptimalReport],
    wall: f64,
    format: Format,
) -> Result<String, OutputError> {
    let totals = BatchTotals::of(runs);
    Ok(render_batch_rows(runs, format, true)? + &render_batch_end(&totals, wall, format)?)
}

/// Part of a batch written as its instances are solved (text, CSV, JSON
/// lines): the header first when `first` (text, CSV), then a line per
/// instance. JSON and YAML, one document each, are not written in parts.
pub fn render_batch_rows(
    runs: &[OptimalReport],
    format: Format,
    first: bool,
) -> Result<String, OutputError> {
    let rows = runs.iter().map(|r| Row {
        instance: r.instance,
        start: &r.start,
        goal: &r.goal,
        heuristic: &r.heuristic,
        moves: r.solution.path.length,
        blank_moves: crate::board::letters(&r.solution.path.moves),
        tile_moves: r
            .solution
            .path
            .tiles
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(" "),
        initial_estimate: r.solution.initial_estimate,
        generated: r.solution.generated,
        seconds: r.solution.seconds,
    });
    match format {
        Format::Csv => {
            let all = csv(rows)?;
            Ok(if first {
                all
            } else {
                all.split_once('\n')
                    .map_or(String::new(), |(_, rest)| rest.to_string())
            })
        }
        // One record a line: the instances, without the totals.
        Format::Jsonl => runs
            .iter()
            .map(|r| structured(r, format))
            .collect::<Result<String, _>>(),
        // The document's list of instances, opened by the first part and
        // closed by the end: each instance as the whole document indents it.
        Format::Json => {
            let mut t = String::from(if first {
                "{\n  \"instances\": [\n"
            } else {
                ",\n"
            });
            for (k, r) in runs.iter().enumerate() {
                if k > 0 {
                    t.push_str(",\n");
                }
                let one =
                    serde_json::to_string_pretty(r).map_err(|e| OutputError(e.to_string()))?;
                let indented: Vec<String> = one.lines().map(|l| format!("    {l}")).collect();
                t.push_str(&indented.join("\n"));
            }
            Ok(t)
        }
        Format::Yaml => {
            let mut t = String::from(if first { "instances:\n" } else { "" });
            for r in runs {
                t.push_str(&structured(std::slice::from_ref(r), format)?);
            }
            Ok(t)
        }
        Format::Text => {
            let mut t = String::new();
            if first {
                let _ = writeln!(
                    t,
                    "{:>8} {:>6} {:>14} {:>9}",
                    "instance", "length", "generated", "seconds"
                );
            }
            for r in rows {
                let _ = writeln!(
                    t,
                    "{:>8} {:>6} {:>14} {:>9.4}",
                    r.instance,
                    r.moves,
                    grouped(r.generated as usize),
                    r.seconds
                );
            }
            Ok(t)
        }
    }
}

/// The end of a batch written in parts: the totals line (text), the
/// totals that close the document (JSON, YAML), nothing in CSV or JSON
/// lines.
pub fn render_batch_end(
    totals: &BatchTotals,
    wall: f64,
    format: Format,
) -> Result<String, OutputError> {
    #[derive(Serialize)]
    struct Totals {
        total_moves: u64,
        mean: f64,
        generated: u64,
        seconds: f64,
        wall_seconds: f64,
    }
    let t = Totals {
        total_moves: totals.moves,
        mean: totals.mean(),
        generated: totals.generated,
        seconds: totals.seconds,
        wall_seconds: wall,
    };
    match format {
        Format::Csv | Format::Jsonl => return Ok(String::new()),
        Format::Yaml => return structured(&t, format),
        Format::Json => {
            let inner = serde_json::to_string_pretty(&t).map_err(|e| OutputError(e.to_string()))?;
            // The totals' fields after the list, in the same object.
            let fields = inner
                .trim_start_matches('{')
                .trim_end_matches('}')
                .trim_matches('\n');
            return Ok(format!("\n  ],\n{fields}\n}}\n"));
        }
        Format::Text => {}
    }
    Ok(format!(
        "\n{}: total length {} (mean {:.2}), {} generated, {:.3} s of search, {:.3} s wall on {}\n",
        counted(totals.instances, "instance", "instances"),
        grouped(totals.moves as usize),
        totals.mean(),
        counted(totals.generated as usize, "position", "positions"),
        totals.seconds,
        wall,
        counted(rayon::current_num_threads(), "thread", "threads"),
    ))
}
