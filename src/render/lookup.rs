//! Renderers for the lookup table.

use super::{Format, OutputError, csv, structured};
use crate::board::lookup::{Summary, TableSolution};
use crate::text::grouped;
use std::fmt::Write as _;

/// The table's summary: text, JSON/YAML (`states`, `max`, `mean`,
/// `distribution` …), or CSV (the distribution rows).
pub fn render_summary(s: &Summary, format: Format) -> Result<String, OutputError> {
    match format {
        Format::Json | Format::Jsonl | Format::Yaml => structured(s, format),
        Format::Csv => csv(&s.distribution),
        Format::Text => {
            let mut t = String::new();
            let _ = writeln!(t, "Lookup table: {} board, goal {}\n", s.board, s.goal);
            let _ = writeln!(t, "states      {}", grouped(s.states as usize));
            let _ = writeln!(t, "max         {} moves", s.max);
            let _ = writeln!(
                t,
                "mean        {:.4} moves   (= {} / {})",
                s.mean,
                grouped(s.total_moves as usize),
                grouped(s.states as usize)
            );
            if let Some((k, n)) = s.within {
                let _ = writeln!(t, "within {k:<4} {} states", grouped(n as usize));
            }
            let _ = writeln!(t, "\n{:>5} {:>10}", "moves", "states");
            for d in &s.distribution {
                let _ = writeln!(t, "{:>5} {:>10}", d.moves, grouped(d.states as usize));
            }
            let _ = writeln!(t, "{:>5} {:>10}", "total", grouped(s.states as usize));
            Ok(t)
        }
    }
}

/// An optimal solution from the table.
/// Text wraps at `width` columns.
pub fn render_table_solution(
    s: &TableSolution,
    format: Format,
    width: usize,
) -> Result<String, OutputError> {
    let tiles: Vec<String> = s.path.tiles.iter().map(|t| t.to_string()).collect();
    let blank = crate::board::letters(&s.path.moves);
    match format {
        Format::Json | Format::Jsonl | Format::Yaml => structured(s, format),
        Format::Csv => {
            #[derive(serde::Serialize)]
            struct Row<'a> {
                start: &'a str,
                goal: &'a str,
                moves: u32,
                tile_moves: String,
                blank_moves: &'a str,
            }
            csv([Row {
                start: &s.start,
                goal: &s.goal,
                moves: s.path.length,
                tile_moves: tiles.join(" "),
                blank_moves: &blank,
            }])
        }
        Format::Text => Ok(format!(
            "start    {}\ngoal     {}\nlength   {} (optimal)\ntiles    {}\nblank    {}\n",
            s.start,
            s.goal,
            super::counted(s.path.length as usize, "move", "moves"),
            super::wrapped_with_note(&tiles, 9, "(tiles moved, in order)", width),
            super::wrapped_with_note(
                &[if blank.is_empty() {
                    "-".to_string()
                } else {
                    blank.clone()
                }],
                9,
                "(the blank's moves: U up, L left, R right, D down)",
                width
            )
        )),
    }
}
