//! Renderers for A* and the constructive 15-puzzle solver.

use super::{Format, OutputError, csv, structured};
use crate::search::AstarResult;
use crate::search::three_cycles::FifteenSolution;
use crate::text::{counted, grouped};
use itertools::Itertools;
use serde::Serialize;
use std::fmt::Write as _;

/// One A* run, with the start and goal it was given.
#[derive(Debug, Clone, Serialize)]
pub struct AstarReport {
    /// The board, e.g. `3x3`.
    pub board: String,
    /// The start.
    pub start: String,
    /// The goal.
    pub goal: String,
    /// The run.
    #[serde(flatten)]
    pub result: AstarResult,
}

/// One run: text, JSON/YAML, or a CSV line.
/// Text wraps at `width` columns.
pub fn render_astar(r: &AstarReport, format: Format, width: usize) -> Result<String, OutputError> {
    match format {
        Format::Json | Format::Jsonl | Format::Yaml => structured(r, format),
        Format::Csv => render_compare(std::slice::from_ref(r), format),
        Format::Text => {
            let x = &r.result;
            let mut s = String::new();
            let _ = writeln!(s, "board      {}", r.board);
            let _ = writeln!(s, "start      {}", r.start);
            let _ = writeln!(s, "goal       {}", r.goal);
            super::solution_lines(
                &mut s,
                &x.heuristic,
                x.initial_estimate,
                &x.path.tiles,
                &x.path.moves,
                width,
            );
            let _ = writeln!(
                s,
                "expanded   {}",
                counted(x.expanded as usize, "vertex", "vertices")
            );
            let _ = writeln!(s, "max queue  {}", grouped(x.max_queue));
            Ok(s)
        }
    }
}

/// An A* run as a CSV row: the JSON's fields, flattened (the tiles and the
/// blank's letters each in one column).
#[derive(Serialize)]
struct CompareRow<'a> {
    board: &'a str,
    start: &'a str,
    goal: &'a str,
    heuristic: &'a str,
    initial_estimate: u32,
    moves: u32,
    blank_moves: String,
    tile_moves: String,
    expanded: u64,
    max_queue: usize,
    stored: usize,
}

/// Several heuristics on one position, side by side.
pub fn render_compare(runs: &[AstarReport], format: Format) -> Result<String, OutputError> {
    let rows = runs.iter().map(|r| CompareRow {
        board: &r.board,
        start: &r.start,
        goal: &r.goal,
        heuristic: &r.result.heuristic,
        initial_estimate: r.result.initial_estimate,
        moves: r.result.path.length,
        blank_moves: crate::board::letters(&r.result.path.moves),
        tile_moves: r.result.path.tiles.iter().map(u8::to_string).join(" "),
        expanded: r.result.expanded,
        max_queue: r.result.max_queue,
        stored: r.result.stored,
    });
    match format {
        Format::Json | Format::Jsonl | Format::Yaml => structured(runs, format),
        Format::Csv => csv(rows),
        Format::Text => {
            let mut s = String::new();
            if let Some(r) = runs.first() {
                let _ = writeln!(s, "board {}, start {}, goal {}\n", r.board, r.start, r.goal);
            }
            let _ = writeln!(
                s,
                "{:<16} {:>6} {:>12} {:>10} {:>10}",
                "heuristic", "length", "expanded", "max queue", "h(start)"
            );
            for r in rows {
                let _ = writeln!(
                    s,
                    "{:<16} {:>6} {:>12} {:>10} {:>10}",
                    r.heuristic,
                    r.moves,
                    grouped(r.expanded as usize),
                    grouped(r.max_queue),
                    r.initial_estimate
                );
            }
            Ok(s)
        }
    }
}

fn board_text(cells: &[u8]) -> String {
    cells
        .chunks(4)
        .map(|row| {
            row.iter()
                .map(|&t| {
                    if t == 0 {
                        " _".to_string()
                    } else {
                        format!("{t:>2}")
                    }
                })
                .join(" ")
        })
        .join("\n")
}

/// A constructive solution; `verbose` adds each 3-cycle and the board after
/// it.
pub fn render_fifteen(
    s: &FifteenSolution,
    verbose: bool,
    format: Format,
    width: usize,
) -> Result<String, OutputError> {
    let list = |v: &[u8]| v.iter().map(|t| t.to_string()).join(" ");
    match format {
        Format::Json | Format::Jsonl | Format::Yaml => {
            if verbose {
                structured(s, format)
            } else {
                #[derive(Serialize)]
                struct Brief<'a> {
                    start: String,
                    tile_moves: &'a [u8],
                    moves: usize,
                    moves_before_cancelling: usize,
                    three_cycles: usize,
                }
                structured(
                    &Brief {
                        start: crate::board::square_grid(&s.start),
                        tile_moves: &s.tiles,
                        moves: s.moves,
                        moves_before_cancelling: s.moves_before_cancelling,
                        three_cycles: s.cycles.len(),
                    },
                    format,
                )
            }
        }
        Format::Csv => {
            #[derive(Serialize)]
            struct Row {
                start: String,
                moves: usize,
                moves_before_cancelling: usize,
                three_cycles: usize,
                tile_moves: String,
            }
            csv([Row {
                start: crate::board::square_grid(&s.start),
                moves: s.moves,
                moves_before_cancelling: s.moves_before_cancelling,
                three_cycles: s.cycles.len(),
                tile_moves: list(&s.tiles),
            }])
        }
        Format::Text => {
            let mut t = String::new();
            let _ = writeln!(t, "start\n{}\n", board_text(&s.start));
            let _ = writeln!(
                t,
                "moves      {} ({} before cancelling tiles moved straight back), by {}",
                grouped(s.moves),
                grouped(s.moves_before_cancelling),
                counted(s.cycles.len(), "3-cycle", "3-cycles")
            );
            if verbose {
                for (k, c) in s.cycles.iter().enumerate() {
                    let _ = writeln!(
                        t,
                        "\n3-cycle {}: {} → {} → {} → {} ({} moves)\n{}",
                        k + 1,
                        c.tiles[0],
                        c.tiles[1],
                        c.tiles[2],
                        c.tiles[0],
                        c.moves,
                        board_text(&c.board)
                    );
                }
                t.push('\n');
            }
            let tiles: Vec<String> = s.tiles.iter().map(u8::to_string).collect();
            let _ = writeln!(t, "tiles      {}", super::wrapped(&tiles, 11, width));
            Ok(t)
        }
    }
}
