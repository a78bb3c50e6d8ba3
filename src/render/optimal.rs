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

/// A batch: a line per instance, then totals.
pub fn render_batch(
    runs: &[OptimalReport],
    wall: f64,
    format: Format,
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
    let lengths: u64 = runs.iter().map(|r| u64::from(r.solution.path.length)).sum();
    let nodes: u64 = runs.iter().map(|r| r.solution.generated).sum();
    let search: f64 = runs.iter().map(|r| r.solution.seconds).sum();
    match format {
        Format::Csv => csv(rows),
        // One record a line: the instances, without the totals.
        Format::Jsonl => structured(runs, format),
        Format::Json | Format::Yaml => {
            #[derive(Serialize)]
            struct Batch<'a> {
                instances: &'a [OptimalReport],
                total_moves: u64,
                mean: f64,
                generated: u64,
                seconds: f64,
                wall_seconds: f64,
            }
            structured(
                &Batch {
                    instances: runs,
                    total_moves: lengths,
                    mean: lengths as f64 / runs.len().max(1) as f64,
                    generated: nodes,
                    seconds: search,
                    wall_seconds: wall,
                },
                format,
            )
        }
        Format::Text => {
            let mut t = String::new();
            let _ = writeln!(
                t,
                "{:>8} {:>6} {:>14} {:>9}",
                "instance", "length", "generated", "seconds"
            );
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
            let _ = writeln!(
                t,
                "\n{}: total length {} (mean {:.2}), {} generated, {:.3} s of search, {:.3} s wall on {}",
                counted(runs.len(), "instance", "instances"),
                grouped(lengths as usize),
                lengths as f64 / runs.len().max(1) as f64,
                counted(nodes as usize, "position", "positions"),
                search,
                wall,
                counted(rayon::current_num_threads(), "thread", "threads"),
            );
            Ok(t)
        }
    }
}
